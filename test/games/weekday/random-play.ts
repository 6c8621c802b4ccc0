// Seeded random play: candidate orders of every kind (legal or not) for the
// tribe whose window is open, and a weekly driver around them. Used by the
// record and property tests and by the engine bench.
import { hmacRng, WEEKDAYS, type Rng } from '../../../src/engine/index.ts'
import {
  applyOrder,
  applySystem,
  compileMap,
  createGame,
  type GameEvent,
  type GameState,
  type MapDef,
  type Order,
  type SystemAction,
} from '../../../src/engine/games/weekday/index.ts'

/** mulberry32: a tiny deterministic PRNG for choosing, never for game dice. */
export function chooser(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(list: readonly T[]): T | undefined {
      return list.length ? list[Math.floor(next() * list.length)] : undefined
    },
  }
}
export type Chooser = ReturnType<typeof chooser>

export function randomOrder(state: GameState, tribe: string, c: Chooser): Order {
  const map = compileMap(state.map)
  const armies = Object.entries(state.armies).filter(([, a]) => a.tribe === tribe)
  const ships = Object.values(state.ships).filter((s) => s.tribe === tribe)
  const cities = state.owners.map((o, i) => (o === tribe && map.city[i] ? map.keys[i]! : null)).filter((k): k is string => k !== null)
  const near = (key: string, steps: number) => {
    let i = map.index.get(key)!
    for (let s = 0; s < steps; s++) i = c.pick([...map.neighbors[i]!]) ?? i
    return map.keys[i]!
  }
  const roll = c.int(20)
  const [from, army] = c.pick(armies) ?? ['0,0', { troops: 1 }]
  const ship = c.pick(ships)
  if (roll < 2) return { type: 'recruit', city: c.pick(cities) ?? '0,0', troops: 1 + c.int(3) }
  if (roll < 3) return { type: 'buildShip', port: c.pick(cities) ?? '0,0', sea: near(c.pick(cities) ?? '0,0', 1) }
  if (roll < 12) return { type: 'move', from, troops: 1 + c.int(army.troops), to: near(from, 1 + c.int(2)) }
  if (roll < 13) return { type: 'embark', from, ship: ship?.id ?? 's1', troops: 1 + c.int(army.troops) }
  if (roll < 15 && ship) return { type: 'shipMove', ship: ship.id, to: near(ship.tile, 1 + c.int(3)) }
  if (roll < 16 && ship) return { type: 'disembark', ship: ship.id, to: near(ship.tile, 1), troops: 1 + c.int(Math.max(1, ship.crew)) }
  if (roll < 17 && ship)
    return { type: 'portAssault', ship: ship.id, port: near(ship.tile, 1), troops: 1 + c.int(Math.max(1, ship.crew)), occupy: c.next() < 0.5 }
  if (roll < 18 && ship) return { type: 'board', ship: ship.id, target: c.pick(Object.keys(state.ships)) ?? 's1' }
  if (roll < 19 && ship) return { type: 'crewTransfer', from: ship.id, to: c.pick(ships)!.id, troops: 1 }
  return c.int(4) === 0 ? { type: 'endTurn' } : { type: 'move', from, troops: army.troops, to: near(from, 1) }
}

export interface Simulation {
  initial: GameState
  state: GameState
  events: GameEvent[]
  accepted: { tribe: string; order: Order }[]
  refusedCount: number
}

export function newCampaign(map: MapDef, seed: string): GameState {
  const tribes = Array.from({ length: map.tribes }, (_, i) => ({ id: `t${i + 1}`, name: `Tribe ${i + 1}`, weekday: WEEKDAYS[i]! }))
  const created = createGame({ map, tribes, seed })
  if (!created.ok) throw new Error(created.error.message)
  return created.state
}

/** Draft, then `weeks` weeks of random play, `tries` candidate orders per window. */
export function simulate(map: MapDef, seed: number, weeks: number, tries = 30, rng: Rng = hmacRng): Simulation {
  const c = chooser(seed)
  const initial = newCampaign(map, `campaign-${seed}`)
  let state = initial
  const events: GameEvent[] = []
  const accepted: Simulation['accepted'] = []
  let refusedCount = 0
  const sys = (action: SystemAction) => {
    const r = applySystem(state, action, rng)
    if (r.ok) {
      state = r.state
      events.push(...r.events)
    }
  }
  sys({ type: 'startDraft' })
  const cities = state.map.tiles.filter((x) => x.city).map((x) => `${x.q},${x.r}`)
  while (state.status === 'draft') {
    const d = state.draft!
    const n = d.order.length
    const k = d.picks.length
    const tribe = k < n ? d.order[k]! : d.order[2 * n - 1 - k]!
    const free = cities.filter((city) => state.owners[compileMap(state.map).index.get(city)!] === null)
    const r = applyOrder(state, tribe, { type: 'draftPick', city: c.pick(free)! }, rng)
    if (!r.ok) throw new Error(r.error.message)
    state = r.state
    events.push(...r.events)
  }
  for (let week = 0; week < weeks && state.status === 'running'; week++) {
    sys({ type: 'setSeed', seed: `week-${week}-of-${seed}` })
    for (const t of state.tribes) {
      if (t.eliminated || state.status !== 'running') continue
      sys({ type: 'openWindow', tribe: t.id })
      for (let i = 0; i < tries && state.status === 'running'; i++) {
        const order = randomOrder(state, t.id, c)
        const r = applyOrder(state, t.id, order, rng)
        if (r.ok) {
          state = r.state
          events.push(...r.events)
          accepted.push({ tribe: t.id, order })
        } else refusedCount++
      }
      if (state.status === 'running') sys({ type: 'closeWindow', tribe: t.id })
    }
    if (state.status === 'running') sys({ type: 'weeklyPayout' })
  }
  return { initial, state, events, accepted, refusedCount }
}
