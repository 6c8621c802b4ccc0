// The band a trade proposal of Open Wars is built on (W8.2, #49): every location, each one the
// scene's tribes control and hold no unit on (W8.4) marked with its controller, so that a tap puts
// it in the giving tribe's line. Early on every location holds units: then no band is drawn.
import type { FastifyInstance } from 'fastify'
import type { Access } from '../../services/access.ts'
import type { PageKit } from '../page-kit.ts'
import { tradeFigure } from '../trade-form.ts'
import { bandSvg, tradeable } from './band-svg.ts'
import { openwarsRead } from './pages.ts'

export function openwarsTradeMap(fastify: FastifyInstance, kit: PageKit) {
  const read = openwarsRead(fastify)
  return async (a: Access, locale: 'en' | 'es', tribes: string[]) => {
    const { board, colours, names } = await read(a)
    const s = kit.strings(locale)
    const held = board.cells.map((c) => (tradeable(c) ? c.controller : null))
    return tradeFigure(s, { label: 'o_tradeMapLabel', help: 'o_tradeMapHelp', campaign: a.campaign.name }, held, tribes, (label, owners) =>
      bandSvg(board.cells, s, { rows: board.rows, cols: board.cols, label, colours, names, owners }),
    )
  }
}
