// El Mapa's round in brief (#30): the map as the round ended (who owned each tile; a tile still
// face down then stays a card back, M12.9) with the round's battles as arrows, and the three
// events that weighed most, told in the reader's language.
import type { ElMapaEvent } from '../../engine/games/elmapa/index.ts'
import { BUILDINGS } from '../../engine/games/elmapa/catalogue.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { PeriodInput, PeriodRecap } from '../face.ts'
import { weighed, weightiestOf } from '../weightiest.ts'
import { elMapaSentence } from './chronicle.ts'
import { endMapCells, MAP_CSS, mapSvg, type MapArrow, type MapCellView } from './map-svg.ts'

type RoundBoard = { rows: number; cols: number; cells: MapCellView[]; standing: { id: string }[] }

/** How much an event weighs in a round's story: the end, a wonder and eliminations first, a tile taken from a tribe before a treasure. */
export const elMapaWeight = weighed<ElMapaEvent>({
  ended: 100,
  eliminated: 90,
  order: (e) => (e.order.type === 'build' ? (BUILDINGS[e.order.building]?.wonder ? 80 : 8) : 0),
  battle: (e) => (e.record.defender ? 60 : 30),
  claimed: (e) => (e.from ? 50 : 4),
  tradeExecuted: 45,
  treasure: 15,
})

export function elMapaRecap(input: PeriodInput, s: Strings): PeriodRecap | null {
  const ended = input.events.find((e) => e.type === 'map.week_ended')?.payload as { owners: (number | null)[] } | undefined
  const board = input.board as RoundBoard
  if (!ended || ended.owners?.length !== board.cells.length) return null
  const names = new Map(input.tribes.map((t) => [t.id, t.name]))
  const colours = new Map(input.tribes.map((t) => [t.id, t.colour]))
  const told = (type: string, payload: unknown) => elMapaSentence(type, payload, names, s)
  const arrows: MapArrow[] = input.events.flatMap(({ type, payload }) => {
    const e = payload as ElMapaEvent
    return type === 'battle' && e?.type === 'battle' && e.record.from !== e.record.cell
      ? [{ from: e.record.from, to: e.record.cell, won: e.record.result === 'attacker', title: told(type, e) }]
      : []
  })
  const svg = mapSvg(
    board.rows,
    board.cols,
    endMapCells(
      board.cells,
      ended.owners,
      board.standing.map((t) => t.id),
    ),
    [],
    { label: fill(s.m_recapMapLabel!, { campaign: input.campaignName, round: input.period }, languageOf(s)), s, colours, names, arrows },
  )
  const lines = weightiestOf(input.events, elMapaWeight).map(({ type, payload }) => told(type, payload))
  return { svg, css: MAP_CSS, lines: lines.filter(Boolean) }
}
