// The weekday game's week in brief (#30): the map as the week ended with the week's orders as
// arrows (the history's drawing), and the three events that weighed most, told in the reader's
// language. The same drawing goes into the payout mail as an image, so it carries its own style.
import type { GameEvent } from '../../engine/games/weekday/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { PeriodInput, PeriodRecap } from '../face.ts'
import { sentence } from './chronicle.ts'
import { arrowsOf, shipsOfWeekEnd } from './map-arrows.ts'
import { mapWords, titled } from './map.ts'
import { renderMapSvg, type MapTribe } from './map-svg.ts'
import type { Board } from './pages.ts'
import { placeLabel } from './places.ts'
import { weightiestOf } from '../weightiest.ts'

/** What the map's classes need outside the game's pages (weekday.css's drawing rules, with a font every renderer has). */
export const MAP_CSS =
  'text{font-family:"DejaVu Sans",Arial,sans-serif;font-size:9px;text-anchor:middle}.own{font-weight:700;fill:#17202a}.troops{font-weight:700;fill:#000}' +
  '.city{fill:#fff;stroke:#17202a}.siege{fill:none;stroke:#c0392b;stroke-width:2.5}.ship{fill:#34495e;stroke:#fff;stroke-width:.6}' +
  '.crew{font-weight:700;fill:#0b2e4f;paint-order:stroke;stroke:#fff;stroke-width:2px}.port{font-size:8px}' +
  '.arrow-troops,.arrow-result{font-weight:700;paint-order:stroke;stroke:#fff;stroke-width:2.5px;fill:#111}.arrow-result{font-size:11px}' +
  '.arrow-result-attacker{fill:#145a32}.arrow-result-defender{fill:#922b21}'

type EndMap = { owners: number[]; armies: [string, number, number][]; ships: [string, string, number, number][]; besieged: string[] }

/** The map at a week's end (its `map.week_ended` payload) with the week's orders as arrows: the arguments of renderMapSvg. */
export function weekEndMap(
  view: Pick<Board, 'map' | 'tribes'>,
  tribes: readonly MapTribe[],
  ended: unknown,
  events: readonly { payload: unknown }[],
  weekStart: unknown,
  s: Strings,
  label: string,
  place: (tile: string) => string,
): Parameters<typeof renderMapSvg> {
  const p = ended as EndMap
  const id = (i: number) => (i < 0 ? null : (view.tribes[i]?.id ?? null))
  const arrows = titled(arrowsOf(events.map((e) => e.payload) as Parameters<typeof arrowsOf>[0], shipsOfWeekEnd(weekStart)), s)
  return [
    {
      tiles: view.map.tiles.map((t, i) => ({ ...t, owner: id(p.owners[i] ?? -1) })),
      armies: p.armies.map(([tile, tribe, troops]) => ({ tile, tribe: id(tribe), troops })),
      ships: p.ships.map(([shipId, tile, tribe, crew]) => ({ id: shipId, tile, tribe: id(tribe)!, crew })),
      besieged: p.besieged,
    },
    [...tribes],
    { label, arrows, places: place },
  ]
}

/** How much an event weighs in a week's story: the end of a tribe and a city changing hands first, a march last. */
export function weight(e: GameEvent, cities: ReadonlySet<string>): number {
  switch (e.type) {
    case 'campaignFinished':
      return 100
    case 'eliminated':
      return 90
    case 'tileTaken':
      return e.from !== null ? (cities.has(e.tile) ? 70 : 40) : cities.has(e.tile) ? 30 : 3
    case 'combat':
      // A won attack is told by the tile it took; a defence that held or a bloody tie by its battle.
      return e.result === 'defender' ? 50 : e.result === 'tie' ? 35 : 0
    case 'shipTaken':
    case 'tradeExecuted':
      return 45
    case 'siegeLoss':
      return 35
    case 'siegeLifted':
      return 25
    case 'shipBuilt':
      return 6
    case 'disembarked':
      return 5
    case 'recruited':
      return 4
    case 'moved':
      return 2
    default:
      return 0
  }
}

/** The `count` weightiest events that the chronicle tells, in the order they happened. */
export function weightiest(events: readonly { type: string; payload: unknown }[], cities: ReadonlySet<string>, count = 3) {
  // A march that ended in a battle is told by its battle.
  const fought = new Set(
    events.flatMap((e) =>
      (e.payload as GameEvent | null)?.type === 'combat' ? [`${(e.payload as { attacker: string }).attacker} ${(e.payload as { tile: string }).tile}`] : [],
    ),
  )
  const marchedToBattle = (e: GameEvent) => e.type === 'moved' && fought.has(`${e.tribe} ${e.path[e.path.length - 1]}`)
  return weightiestOf(events, (e: GameEvent) => (marchedToBattle(e) ? 0 : weight(e, cities)), count)
}

export function weekdayRecap(input: PeriodInput, s: Strings): PeriodRecap | null {
  const ended = input.events.find((e) => e.type === 'map.week_ended')
  if (!ended) return null
  const view = input.board as Board
  const locale = languageOf(s)
  const place = placeLabel(view.map, locale)
  const names = new Map(input.tribes.map((t) => [t.id, t.name]))
  const label = fill(s.rc_mapLabel!, { campaign: input.campaignName, week: input.period }, locale)
  const [map, tribes, options] = weekEndMap(view, input.tribes, ended.payload, input.events, input.periodStart, s, label, place)
  const svg = renderMapSvg(map, tribes, { ...options, words: mapWords(s) })
  const cities = new Set(view.map.tiles.filter((t) => t.city).map((t) => t.tile))
  const tribe = (id: string | null) => (id === null ? s.ev_neutral! : (names.get(id) ?? id))
  const lines = weightiest(input.events, cities).map(({ type, payload }) => {
    const e = payload as GameEvent
    // A battle's full sentence is the dice's account; the week in brief says who held.
    if (e.type === 'combat' && e.result !== 'attacker') {
      return fill(s[e.result === 'tie' ? 'rc_tie' : 'rc_held']!, { tile: place(e.tile), attacker: tribe(e.attacker), defender: tribe(e.defender) }, locale)
    }
    return sentence(type, payload, names, s, place)
  })
  return { svg, css: MAP_CSS, lines: lines.filter(Boolean) }
}
