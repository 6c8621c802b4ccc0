// The players' guide's pictures (#27): a small campaign played by the engine itself (a draft,
// a first window, a rival's window, the Sunday tick, an attack) and drawn by the campaign map's
// own renderer, so the guide shows what the game does today and cannot go out of date.
import {
  applyOrder,
  applySystem,
  createGame,
  onTheClock,
  rollOutcomes,
  tileKey,
  weeklyTurn,
  winningRolls,
  type CombatEvent,
  type GameEvent,
  type GameState,
  type MapDef,
  type Order,
  type SystemAction,
} from '../../engine/games/weekday/index.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Strings } from '../page-kit.ts'
import type { Picture } from '../face.ts'
import { arrowsOf } from './map-arrows.ts'
import { mapOf, mapWords, titled } from './map.ts'
import { renderMapSvg, type MapTribe } from './map-svg.ts'

// Seven columns by five rows, the first one sea; a column is an offset one (q = column − ⌊r/2⌋).
const CITIES = new Set(['1,1', '2,3', '6,1', '6,3', '4,2'])
const at = (column: number, row: number) => tileKey(column - Math.floor(row / 2), row)

const MAP: MapDef = {
  id: 'guide',
  name: 'guide',
  tribes: 2,
  tiles: Array.from({ length: 5 }, (_, r) =>
    Array.from({ length: 7 }, (_, c) =>
      c === 0
        ? { q: c - Math.floor(r / 2), r, terrain: 'sea' as const }
        : { q: c - Math.floor(r / 2), r, terrain: 'land' as const, ...(CITIES.has(`${c},${r}`) ? { city: true } : {}) },
    ),
  ).flat(),
}

const TRIBES: MapTribe[] = [
  { id: 'astures', name: 'Astures', colour: '#c0392b' },
  { id: 'bracari', name: 'Bracari', colour: '#2471a3' },
]
const [US, THEM] = ['astures', 'bracari']
// The d4 always shows 3: a guide's example is the same on every visit.
const dice = () => 2

interface Step {
  state: GameState
  events: GameEvent[]
}

function step(from: Step, who: string | null, action: Order | SystemAction): Step {
  const result = who ? applyOrder(from.state, who, action as Order, dice) : applySystem(from.state, action as SystemAction, dice)
  if (!result.ok) throw new Error(`the guide's example was refused: ${result.error.code} ${result.error.message}`)
  return { state: result.state, events: [...from.events, ...result.events] }
}

/** The example campaign at each moment a picture shows. */
function play() {
  const made = createGame({
    map: MAP,
    tribes: [
      { id: US, name: 'Astures', weekday: 'monday' },
      { id: THEM, name: 'Bracari', weekday: 'wednesday' },
    ],
    seed: 'guide',
  })
  if (!made.ok) throw new Error(made.error.code)
  let s: Step = step({ state: made.state, events: [] }, null, { type: 'startDraft' })
  const picks: Record<string, string[]> = { [US]: [at(1, 1), at(2, 3)], [THEM]: [at(6, 1), at(6, 3)] }
  while (s.state.status === 'draft') {
    const tribe = onTheClock(s.state.draft!)!
    s = step(s, tribe, { type: 'draftPick', city: picks[tribe]!.shift()! })
  }
  const opened = step({ state: s.state, events: [] }, null, { type: 'openWindow', tribe: US })
  let mine = step(opened, US, { type: 'recruit', city: at(1, 1), troops: 1 })
  mine = step(mine, US, { type: 'move', from: at(1, 1), troops: 4, path: [at(2, 1), at(3, 1)] })
  mine = step(mine, US, { type: 'endTurn' })
  let week = step(mine, null, { type: 'closeWindow', tribe: US })
  week = step(week, null, { type: 'openWindow', tribe: THEM })
  week = step(week, THEM, { type: 'move', from: at(6, 1), troops: 3, path: [at(5, 1), at(4, 1)] })
  week = step(week, null, { type: 'closeWindow', tribe: THEM })
  const paid = step({ state: week.state, events: [] }, null, { type: 'weeklyPayout' })
  let fight = step({ state: paid.state, events: [] }, null, { type: 'openWindow', tribe: US })
  fight = step(fight, US, { type: 'move', from: at(3, 1), troops: 4, path: [at(4, 1)] })
  return { opened, mine, week, paid, fight }
}

let played: ReturnType<typeof play> | undefined

/** The pools of a state as marks on their cities: "10" on a city whose pool holds 10. */
function poolMarks(state: GameState, tribe: string): Map<string, string> {
  const marks = new Map<string, string>()
  for (const pool of state.pools.filter((p) => p.tribe === tribe)) for (const city of pool.cities) marks.set(city, String(pool.balance))
  return marks
}

/** The guide's pictures in the reader's language, by the name its text gives each. */
export function weekdayPictures(s: Strings): Record<string, Picture> {
  const game = (played ??= play())
  const language = languageOf(s)
  const draw = (state: GameState, label: string, options: { events?: GameEvent[]; tribe?: string; highlight?: Map<string, string> } = {}) =>
    renderMapSvg(mapOf(weeklyTurn.board(state, null)), TRIBES, {
      label,
      words: mapWords(s),
      ...(options.highlight ? { highlight: options.highlight } : {}),
      ...(options.events ? { arrows: titled(arrowsOf(options.events, new Map(), { tribe: options.tribe! }), s) } : {}),
    })
  const say = (key: string, values: Record<string, string | number> = {}) => fill(s[key]!, values, language)
  const pool = game.opened.state.pools.find((p) => p.tribe === US)!
  const combat = game.fight.events.find((e): e is CombatEvent => e.type === 'combat')!
  const outcomes = rollOutcomes(combat.attackers, { defenders: combat.defenders, a: combat.a, d: combat.d })
  const paid = game.paid.state.pools.filter((p) => p.tribe === US)
  return {
    opening: {
      svg: draw(game.opened.state, say('guide_mapOpening'), { highlight: poolMarks(game.opened.state, US) }),
      caption: say('guide_capOpening', { balance: pool.balance, cities: game.opened.state.pools.filter((p) => p.tribe === US).length }),
    },
    firstMove: {
      svg: draw(game.mine.state, say('guide_mapFirstMove'), { events: game.mine.events, tribe: US }),
      caption: say('guide_capFirstMove', { city: at(1, 1), troops: 4, to: at(3, 1) }),
    },
    tick: {
      svg: draw(game.paid.state, say('guide_mapTick'), { highlight: poolMarks(game.paid.state, US) }),
      caption: say('guide_capTick', { total: paid.reduce((n, p) => n + p.balance, 0), pools: paid.length }),
    },
    attack: {
      svg: draw(game.fight.state, say('guide_mapAttack'), { events: game.fight.events, tribe: US }),
      caption: say('guide_capAttack', {
        attackers: combat.attackers,
        defenders: combat.defenders,
        wins: winningRolls(outcomes),
        roll: combat.roll,
        left: combat.attackerSurvivors,
      }),
    },
  }
}
