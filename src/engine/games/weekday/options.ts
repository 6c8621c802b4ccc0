// The legal options of a tribe right now (R3–R10): every order the pages offer
// is one this module found legal by asking applyOrder itself, so the map can
// never offer what the engine would refuse. Attacks are probed with a blank
// die: an option tells who defends and with which multipliers (R8.2), never
// how the fight will end.
import type { TileKey } from './hex.ts'
import { compileMap, type CompiledMap } from './map.ts'
import { probeRng } from '../../kernel/rng.ts'
import { applyOrder } from './rules.ts'
import { MAX_TROOPS } from './rules/constants.ts'
import { armiesInOrder, shipsInOrder } from './pieces.ts'
import type { CombatEvent, GameEvent, GameState, Order, TribeId } from './types.ts'

/** Who defends a tile an option attacks, and the multipliers of R8.2. */
export interface AttackInfo {
  defender: TribeId | null
  defenders: number
  a: 1 | 2
  d: 1 | 2
}

export interface MoveOption {
  to: TileKey
  path: TileKey[]
  /** MP the move spends (its length). */
  mp: number
  /** The most troops that may take this path (1 … the army's troops). */
  maxTroops: number
  effect: 'move' | 'merge' | 'attack'
  /** The tiles the move claims (R7.5). */
  claims: TileKey[]
  /** The destination is a city. */
  city: boolean
  attack?: AttackInfo
}

export interface ArmyOptions {
  tile: TileKey
  troops: number
  mp: number
  moves: MoveOption[]
  embark: { ship: string; maxTroops: number }[]
}

export interface ShipOptions {
  id: string
  tile: TileKey
  crew: number
  mp: number
  sail: { to: TileKey; path: TileKey[]; mp: number }[]
  disembark: { to: TileKey; maxTroops: number; effect: 'move' | 'merge' | 'attack'; attack?: AttackInfo }[]
  portAssault: { port: TileKey; maxTroops: number; attack: AttackInfo }[]
  board: { target: string; attack: AttackInfo }[]
  crewTransfer: { to: string; maxTroops: number }[]
}

export interface TribeOptions {
  tribe: TribeId
  phase: string
  /** The draft: the free cities this tribe may pick now (R3.4); empty when it is not on the clock. */
  draftPick: TileKey[]
  recruit: { city: TileKey; maxTroops: number }[]
  buildShip: { port: TileKey; sea: TileKey }[]
  armies: ArmyOptions[]
  ships: ShipOptions[]
  endTurn: boolean
}

function probe(state: GameState, tribe: TribeId, order: Order): GameEvent[] | null {
  const result = applyOrder(state, tribe, order, probeRng)
  return result.ok ? result.events : null
}

/** The most troops (from `upTo`, at most 9, down) for which `order(n)` is legal, with that probe's events. */
function most(state: GameState, tribe: TribeId, upTo: number, order: (n: number) => Order): { n: number; events: GameEvent[] } | null {
  // A count's refusals only grow with it (more troops than the army holds, than a ship carries,
  // than the gold pays for, than a merge may reach), so a refused single one means none fits: a
  // path no army may take costs one probe, not one per troop.
  const one = probe(state, tribe, order(1))
  if (!one) return null
  // Stryker disable next-line EqualityOperator: probing one troop again finds what `one` found
  for (let n = upTo; n > 1; n--) {
    const events = probe(state, tribe, order(n))
    if (events) return { n, events }
  }
  return { n: 1, events: one }
}

function attackOf(events: GameEvent[]): AttackInfo | undefined {
  const c = events.find((e): e is CombatEvent => e.type === 'combat')
  return c && { defender: c.defender, defenders: c.defenders, a: c.a, d: c.d }
}

/**
 * Every simple path of 1 … `steps` tiles from `start`, shortest first. Land or
 * sea, passable or not: the engine judges each (a handful of probes more, and
 * one rule book only, the engine's).
 */
function paths(map: CompiledMap, start: number, steps: number): number[][] {
  const out: number[][] = []
  const walk = (at: number, path: number[]) => {
    if (path.length === steps) return
    for (const j of map.neighbors[at]!) {
      if (j === start || path.includes(j)) continue
      const next = [...path, j]
      out.push(next)
      walk(j, next)
    }
  }
  walk(start, [])
  return out.sort((a, b) => a.length - b.length)
}

function armyOptions(state: GameState, map: CompiledMap, tribe: TribeId, tile: TileKey, troops: number, mp: number): ArmyOptions {
  const start = map.index.get(tile)!
  // One option per destination: the shortest legal path first, then the others that claim differently.
  const moves: MoveOption[] = []
  for (const path of paths(map, start, mp)) {
    const keys = path.map((i) => map.keys[i]!)
    const found = most(state, tribe, troops, (n) => ({ type: 'move', from: tile, troops: n, path: keys }))
    if (!found) continue
    const moved = found.events.find((e) => e.type === 'moved') as { claimed: TileKey[]; merged: boolean } | undefined
    const attack = attackOf(found.events)
    const to = keys[keys.length - 1]!
    const claims = moved?.claimed ?? []
    if (moves.some((m) => m.to === to && m.claims.join() === claims.join())) continue
    moves.push({
      to,
      path: keys,
      mp: keys.length,
      maxTroops: found.n,
      claims,
      city: map.city[map.index.get(to)!] === 1,
      effect: attack ? 'attack' : moved?.merged ? 'merge' : 'move',
      ...(attack ? { attack } : {}),
    })
  }
  const embark: ArmyOptions['embark'] = []
  for (const ship of shipsInOrder(state)) {
    const found = most(state, tribe, troops, (n) => ({ type: 'embark', from: tile, ship: ship.id, troops: n }))
    if (found) embark.push({ ship: ship.id, maxTroops: found.n })
  }
  return { tile, troops, mp, moves, embark }
}

function shipOptions(state: GameState, map: CompiledMap, tribe: TribeId, id: string): ShipOptions {
  const ship = state.ships[id]!
  const start = map.index.get(ship.tile)!
  const sail: ShipOptions['sail'] = []
  for (const path of paths(map, start, ship.mp)) {
    const keys = path.map((i) => map.keys[i]!)
    const to = keys[keys.length - 1]!
    if (sail.some((s) => s.to === to)) continue
    if (probe(state, tribe, { type: 'shipMove', ship: id, path: keys })) sail.push({ to, path: keys, mp: keys.length })
  }
  const disembark: ShipOptions['disembark'] = []
  const portAssault: ShipOptions['portAssault'] = []
  for (const j of map.neighbors[start]!) {
    const to = map.keys[j]!
    const landed = most(state, tribe, ship.crew, (n) => ({ type: 'disembark', ship: id, to, troops: n }))
    if (landed) {
      const attack = attackOf(landed.events)
      const merged = state.armies[to]?.tribe === tribe
      disembark.push({ to, maxTroops: landed.n, effect: attack ? 'attack' : merged ? 'merge' : 'move', ...(attack ? { attack } : {}) })
    }
    const assault = most(state, tribe, ship.crew, (n) => ({ type: 'portAssault', ship: id, port: to, troops: n, occupy: true }))
    const assaultOn = assault && attackOf(assault.events)
    if (assault && assaultOn) portAssault.push({ port: to, maxTroops: assault.n, attack: assaultOn })
  }
  const board: ShipOptions['board'] = []
  const crewTransfer: ShipOptions['crewTransfer'] = []
  for (const other of shipsInOrder(state)) {
    if (other.id === id) continue
    if (other.tribe === tribe) {
      const moved = most(state, tribe, ship.crew, (n) => ({ type: 'crewTransfer', from: id, to: other.id, troops: n }))
      if (moved) crewTransfer.push({ to: other.id, maxTroops: moved.n })
    } else {
      const boarded = probe(state, tribe, { type: 'board', ship: id, target: other.id })
      const attack = boarded && attackOf(boarded)
      if (attack) board.push({ target: other.id, attack })
    }
  }
  return { id, tile: ship.tile, crew: ship.crew, mp: ship.mp, sail, disembark, portAssault, board, crewTransfer }
}

/** Everything `tribe` may order now, each option checked by applyOrder. */
export function legalOptions(state: GameState, tribe: TribeId): TribeOptions {
  const map = compileMap(state.map)
  const me = state.tribes.find((t) => t.id === tribe)
  const options: TribeOptions = { tribe, phase: me?.phase ?? 'closed', draftPick: [], recruit: [], buildShip: [], armies: [], ships: [], endTurn: false }
  if (!me) return options
  for (let i = 0; i < map.size; i++) {
    const key = map.keys[i]!
    if (map.city[i] === 1 && state.status === 'draft' && probe(state, tribe, { type: 'draftPick', city: key })) options.draftPick.push(key)
    if (map.city[i] !== 1 || state.owners[i] !== tribe) continue
    const recruited = most(state, tribe, MAX_TROOPS, (n) => ({ type: 'recruit', city: key, troops: n }))
    if (recruited) options.recruit.push({ city: key, maxTroops: recruited.n })
    if (map.port[i] === 1) {
      for (const j of map.neighbors[i]!) {
        if (map.land[j] !== 1 && probe(state, tribe, { type: 'buildShip', port: key, sea: map.keys[j]! }))
          options.buildShip.push({ port: key, sea: map.keys[j]! })
      }
    }
  }
  for (const [tile, army] of armiesInOrder(state, map)) {
    if (army.tribe === tribe) options.armies.push(armyOptions(state, map, tribe, tile, army.troops, army.mp))
  }
  for (const ship of shipsInOrder(state)) {
    if (ship.tribe === tribe) options.ships.push(shipOptions(state, map, tribe, ship.id))
  }
  options.endTurn = probe(state, tribe, { type: 'endTurn' }) !== null
  return options
}

/** The orders the options offer, written out: the largest and the smallest troop count of each. */
export function offeredOrders(_state: GameState, o: TribeOptions): Order[] {
  const sizes = (max: number) => (max > 0 ? [...new Set([max, 1])] : [])
  return [
    ...o.draftPick.map((city): Order => ({ type: 'draftPick', city })),
    ...o.recruit.flatMap((r) => sizes(r.maxTroops).map((troops): Order => ({ type: 'recruit', city: r.city, troops }))),
    ...o.buildShip.map((b): Order => ({ type: 'buildShip', port: b.port, sea: b.sea })),
    ...o.armies.flatMap((a) => [
      ...a.moves.flatMap((m) => sizes(m.maxTroops).map((troops): Order => ({ type: 'move', from: a.tile, path: m.path, troops }))),
      ...a.embark.flatMap((e) => sizes(e.maxTroops).map((troops): Order => ({ type: 'embark', from: a.tile, ship: e.ship, troops }))),
    ]),
    ...o.ships.flatMap((ship) => [
      ...ship.sail.map((x): Order => ({ type: 'shipMove', ship: ship.id, path: x.path })),
      ...ship.disembark.flatMap((x) => sizes(x.maxTroops).map((troops): Order => ({ type: 'disembark', ship: ship.id, to: x.to, troops }))),
      ...ship.portAssault.map((x): Order => ({ type: 'portAssault', ship: ship.id, port: x.port, troops: x.maxTroops, occupy: true })),
      ...ship.board.map((x): Order => ({ type: 'board', ship: ship.id, target: x.target })),
    ]),
    ...(o.endTurn ? [{ type: 'endTurn' } as const] : []),
  ]
}
