// Open Wars' round in brief (#30): the band as the round ended (each location's controller and
// unit count, as the history page draws it) with the round's moves as arrows, a move into a
// battle dashed red, and the three events that weighed most, told in the reader's language.
import type { OpenEvent } from '../../engine/games/openwars/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { PeriodInput, PeriodRecap } from '../face.ts'
import { weighed, weightiestOf } from '../weightiest.ts'
import { bandSvg, type BandArrow } from './band-svg.ts'
import { openwarsSentence } from './chronicle.ts'
import { placesOf } from './pages.ts'

type RoundBoard = { rows: number; cols: number; cells: { id: string; card: string }[]; tribes: { id: string }[] }

/** How much an event weighs in a round's story: the end and eliminations first, a location taken before one held, a move last. */
export const openwarsWeight = weighed<OpenEvent>({
  campaignEnded: 100,
  eliminated: 90,
  battle: (e) => (e.winner === e.attacker ? 60 : 40),
  tradeExecuted: 45,
  spellResolved: (e) => (e.fell.length > 0 ? 25 : 0),
  volley: (e) => (e.fell.length > 0 ? 15 : 0),
  order: (e) => (e.order.type === 'move' ? 3 : 0),
})

export function openwarsRecap(input: PeriodInput, s: Strings): PeriodRecap | null {
  const ended = input.events.find((e) => e.type === 'map.week_ended')?.payload as { controllers: number[]; units: number[] } | undefined
  const board = input.board as RoundBoard
  if (!ended || ended.controllers?.length !== board.cells.length) return null
  const locale = languageOf(s)
  const names = new Map(input.tribes.map((t) => [t.id, t.name]))
  const colours = new Map(input.tribes.map((t) => [t.id, t.colour]))
  const order = board.tribes.map((t) => t.id)
  const places = placesOf(board, s)
  const place = (id: string) => places.get(id) ?? id
  const tribe = (id: string) => names.get(id) ?? id
  // A battle's full sentence is every turn of it; the round in brief says who kept the location.
  const told = (type: string, payload: unknown) => {
    const e = payload as OpenEvent
    if (e.type !== 'battle') return openwarsSentence(type, payload, names, s, place)
    const key = e.winner === e.attacker ? 'o_recapBattleTaken' : e.winner ? 'o_recapBattleHeld' : 'o_recapBattleNobody'
    return fill(s[key]!, { attacker: tribe(e.attacker), defender: tribe(e.defender), at: place(e.at) }, locale)
  }
  const fought = new Set(input.events.flatMap((e) => ((e.payload as OpenEvent | null)?.type === 'battle' ? [(e.payload as { at: string }).at] : [])))
  const arrows: BandArrow[] = input.events.flatMap(({ type, payload }) => {
    const e = payload as OpenEvent
    if (type !== 'order' || e?.type !== 'order' || e.order.type !== 'move') return []
    const to = e.order.path.at(-1)!
    return [{ from: e.order.from, to, battle: fought.has(to), title: told(type, e) }]
  })
  const svg = bandSvg(
    board.cells.map((c, i) => {
      const holder = ended.controllers[i]! >= 0 ? order[ended.controllers[i]!]! : null
      // The round's end map keeps each location's unit count, not its kinds.
      return { id: c.id, card: c.card, controller: holder, stacks: holder && ended.units[i]! > 0 ? [{ tribe: holder, kind: '', count: ended.units[i]! }] : [] }
    }),
    s,
    {
      rows: board.rows,
      cols: board.cols,
      label: fill(s.o_recapMapLabel!, { campaign: input.campaignName, round: input.period }, locale),
      colours,
      names,
      arrows,
    },
  )
  const lines = weightiestOf(input.events, openwarsWeight).map(({ type, payload }) => told(type, payload))
  // The band carries its own style: nothing more for an image in a mail.
  return { svg, css: '', lines: lines.filter(Boolean) }
}
