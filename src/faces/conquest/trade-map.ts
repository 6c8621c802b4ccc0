// The map a trade proposal of world conquest is built on (G9.2, #49): the world, each territory of
// the scene's tribes marked with its owner, so that a tap puts it in the giving tribe's line.
import type { FastifyInstance } from 'fastify'
import { conquest } from '../../engine/games/conquest/index.ts'
import type { Access } from '../../services/access.ts'
import { gameReads } from '../game-reads.ts'
import type { PageKit } from '../page-kit.ts'
import { tradeFigure } from '../trade-form.ts'
import { placeNames } from './pages.ts'
import { worldSvg } from './world-svg.ts'

export async function tradeMap(campaigns: FastifyInstance['campaigns'], kit: PageKit, a: Access, locale: 'en' | 'es', tribes: string[]) {
  const [{ territories }, roster] = await Promise.all([gameReads(campaigns, conquest).board(a), campaigns.get(a)])
  const colours = new Map(roster.tribes.map((t) => [t.id, t.colour]))
  const s = kit.strings(locale)
  return tradeFigure(
    s,
    { label: 'c_tradeMapLabel', help: 'c_tradeMapHelp', campaign: a.campaign.name },
    territories.map((t) => t.owner),
    tribes,
    (label, owners) => worldSvg(territories, colours, new Map(roster.tribes.map((t) => [t.id, t.name])), { label, names: placeNames(s), owners }),
    // 42 territories shrunk to a phone's width are 20 px boxes; at the turn map's scale they are a thumb's.
    { wide: true },
  )
}
