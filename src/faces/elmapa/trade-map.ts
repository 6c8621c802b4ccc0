// The map a trade proposal of El Mapa is built on (M10.2, #49): the board, each cell the scene's
// tribes own marked with its owner, so that a tap puts it in the giving tribe's line.
import type { FastifyInstance } from 'fastify'
import type { Access } from '../../services/access.ts'
import type { PageKit } from '../page-kit.ts'
import { tradeFigure } from '../trade-form.ts'
import { mapSvg } from './map-svg.ts'
import { readBoard } from './pages.ts'

export async function tradeMap(campaigns: FastifyInstance['campaigns'], kit: PageKit, a: Access, locale: 'en' | 'es', tribes: string[]) {
  const { board, colours, names } = await readBoard(campaigns, a)
  const s = kit.strings(locale)
  const keys = { label: 'm_tradeMapLabel', help: 'm_tradeMapHelp', campaign: a.campaign.name }
  const draw = (label: string, owners: ReadonlySet<string>) => mapSvg(board.rows, board.cols, board.cells, board.armies, { label, s, colours, names, owners })
  return tradeFigure(
    s,
    keys,
    board.cells.map((c) => c.owner),
    tribes,
    draw,
  )
}
