// The map a trade proposal of El Mapa is built on (M10.2, #49): the board, each cell the scene's
// tribes own marked with its owner, so that a tap puts it in the giving tribe's line.
import type { FastifyInstance } from 'fastify'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Access } from '../../services/access.ts'
import type { PageKit } from '../page-kit.ts'
import { mapSvg } from './map-svg.ts'
import { readBoard } from './pages.ts'

export async function tradeMap(
  campaigns: FastifyInstance['campaigns'],
  kit: PageKit,
  a: Access,
  locale: 'en' | 'es',
  tribeIds: string[],
): Promise<string | null> {
  const { board, colours, names } = await readBoard(campaigns, a)
  const owners = new Set(tribeIds)
  if (!board.cells.some((c) => c.owner && owners.has(c.owner))) return null
  const s = kit.strings(locale)
  const label = fill(s.m_tradeMapLabel!, { campaign: a.campaign.name }, languageOf(s))
  return `<figure class="trade-map">${mapSvg(board.rows, board.cols, board.cells, board.armies, { label, s, colours, names, owners })}<figcaption>${s.m_tradeMapHelp}</figcaption></figure>`
}
