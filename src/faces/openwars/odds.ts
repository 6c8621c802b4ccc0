// The odds of a battle before moving into it (#29): the engine's own rules played many times.
// The move is applied once, then the combat phase (endTurn) runs SAMPLES times, each with dice
// of its own, on a copy of the board where what the reader may not see (other tribes' standing
// orders, default orders and casualty lists, W10.8; the round's secret seed) is put aside: the
// other side is taken to fight to the end with its cheapest units falling first.
import { openWars, type OpenOrder, type OpenState } from '../../engine/games/openwars/index.ts'
import type { Rng } from '../../engine/index.ts'
import { distance } from '../../engine/games/openwars/map.ts'

/** How many combat phases each estimate plays: stated on the page. */
export const SAMPLES = 200

/** A fast, fixed sample die: FNV-1a of the sample's seed mixed with the counter (not the campaign's dice). */
const hashes = new Map<string, number>()
const sampleRng: Rng = (seed, counter) => {
  let h = hashes.get(seed)
  if (h === undefined) {
    h = 2166136261
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0
    hashes.set(seed, h)
  }
  let x = (h ^ Math.imul(counter + 1, 0x9e3779b9)) >>> 0
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0
  return (x ^ (x >>> 16)) >>> 0
}

/** The board as the reader knows it: the others' secrets replaced by the book's defaults. */
export function publicCopy(state: OpenState, reader: string): OpenState {
  const s = structuredClone(state)
  for (const t of s.tribes) if (t.id !== reader) Object.assign(t, { defaultOrder: { modo: 'luchar', hechizo: null }, casualtyList: [], army: null })
  for (const c of Object.values(s.cells)) for (const x of c.stacks) if (x.tribe !== reader) x.order = null
  return s
}

export interface MoveOdds {
  /** Shares of the samples: the reader holds the location after the phase, its defender does, or nobody/another. */
  taken: number
  held: number
  neither: number
  /** The reader's units left there on average when it holds it. */
  survivors: number
  samples: number
}

/** The estimate for one move into a location other tribes hold; null when the move or the phase is refused. */
export function moveOdds(state: OpenState, reader: string, move: Extract<OpenOrder, { type: 'move' }>): MoveOdds | null {
  const base = publicCopy(state, reader)
  const moved = openWars.applyOrder(base, reader, move, sampleRng)
  if (!moved.ok) return null
  const to = move.path[move.path.length - 1]!
  // Only this battle is played: its location and the cells a retreat may reach keep their stacks,
  // and only what was declared on it (volleys, spells) is resolved first; the rest is left out.
  const g = { rows: state.rows, cols: state.cols, wrap: state.wrap }
  const near = moved.state
  const cells = Object.fromEntries(
    Object.entries(near.cells).map(([id, c]) => [id, distance(g, id, to) <= 2 ? c : { ...c, stacks: c.stacks.filter((x) => x.tribe === reader).slice(0, 1) }]),
  )
  const battle: OpenState = { ...near, cells, contested: [to], declared: near.declared.filter((d) => d.target === to) }
  const defender = state.cells[to]?.stacks.find((x) => x.tribe !== reader)?.tribe ?? state.cells[to]?.controller ?? null
  let taken = 0
  let held = 0
  let left = 0
  for (let i = 0; i < SAMPLES; i++) {
    const start = { ...battle, rng: { seed: `odds:${i}`, counter: 0 } }
    const fought = openWars.applyOrder(start, reader, { type: 'endTurn' }, sampleRng)
    if (!fought.ok) return null
    const c = fought.state.cells[to]!
    if (c.controller === reader && c.stacks.some((x) => x.tribe === reader)) {
      taken++
      left += c.stacks.filter((x) => x.tribe === reader).reduce((n, x) => n + x.count, 0)
    } else if (c.controller === defender && defender !== null) held++
  }
  return { taken: taken / SAMPLES, held: held / SAMPLES, neither: (SAMPLES - taken - held) / SAMPLES, survivors: taken ? left / taken : 0, samples: SAMPLES }
}
