// The rules of the weekly-turn variant (docs/RULES.md). Pure: the state, the
// order and the random function come in; a new state and its events go out,
// or a typed error. Arguments are never mutated and bad input never throws.
import { parseTileKey, type TileKey } from './hex.ts'
import { compileMap, type CompiledMap } from './map.ts'
import { computePools } from './pools.ts'
import { d4From, type Rng } from './rng.ts'
import type {
  Army, CombatEvent, EngineError, GameEvent, GameState, Order, Result, Ship, SystemAction, TradeTransfer, TribeId, TribeState,
} from './types.ts'

export const MAX_TROOPS = 9
export const ARMY_MP = 2
export const SHIP_MP = 3
export const TROOP_COST = 10
export const SHIP_COST = 50
export const STARTING_GARRISON = 5
export const SIEGE_LOSS = 2

class Reject {
  constructor(readonly error: EngineError) {}
}

function reject(code: string, message: string, rule?: string): never {
  throw new Reject(rule ? { code, message, rule } : { code, message })
}

/** Copy-on-write working copy: each part of the state is copied at its first change. */
class Work {
  readonly s: GameState
  readonly events: GameEvent[] = []
  private copied = new Set<string>()
  /** Set when a city changed hands: only then can a tribe be eliminated. */
  cityChanged = false

  constructor(base: GameState, readonly map: CompiledMap, readonly rng: Rng) {
    this.s = { ...base }
  }

  private own<K extends 'owners' | 'armies' | 'ships' | 'tribes' | 'pools' | 'besieged'>(part: K): GameState[K] {
    if (!this.copied.has(part)) {
      this.copied.add(part)
      const v = this.s[part]
      ;(this.s as unknown as Record<string, unknown>)[part] = Array.isArray(v) ? v.slice() : { ...v }
    }
    return this.s[part]
  }

  setOwner(i: number, tribe: TribeId | null) {
    if (this.s.owners[i] === tribe) return
    this.own('owners')[i] = tribe
    if (this.map.city[i]) this.cityChanged = true
  }

  army(key: TileKey): Army | undefined {
    return this.s.armies[key]
  }

  setArmy(key: TileKey, army: Army | null) {
    const armies = this.own('armies')
    if (army && army.troops > 0) armies[key] = army
    else delete armies[key]
  }

  setShip(ship: Ship | null, id?: string) {
    const ships = this.own('ships')
    if (ship) ships[ship.id] = ship
    else delete ships[id!]
  }

  setTribe(id: TribeId, patch: Partial<TribeState>) {
    const tribes = this.own('tribes')
    const i = tribes.findIndex((t) => t.id === id)
    tribes[i] = { ...tribes[i]!, ...patch }
  }

  setPools(pools: GameState['pools']) {
    this.copied.add('pools')
    this.s.pools = pools
  }

  spend(poolId: string, amount: number) {
    const pools = this.own('pools')
    const i = pools.findIndex((p) => p.id === poolId)
    pools[i] = { ...pools[i]!, balance: pools[i]!.balance - amount }
  }

  setBesieged(list: TileKey[]) {
    this.copied.add('besieged')
    this.s.besieged = list
  }

  /** One d4 from the seed and the roll counter (R8.4). */
  d4(): { roll: number; counter: number } {
    const counter = this.s.rng.counter
    const roll = d4From(this.rng(this.s.rng.seed, counter))
    this.s.rng = { seed: this.s.rng.seed, counter: counter + 1 }
    return { roll, counter }
  }

  emit(event: GameEvent) {
    this.events.push(event)
  }
}

// ---- input checks: orders arrive as untrusted JSON ----

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

function tileIndex(w: Work, key: unknown, what: string): number {
  if (!parseTileKey(key)) reject('order/bad_tile', `${what} must be a tile written "q,r" (got ${JSON.stringify(key)})`, 'R1.1')
  const i = w.map.index.get(key as string)
  if (i === undefined) reject('order/off_map', `${what} ${key as string} is not on the map`, 'R1.2')
  return i
}

function count(x: unknown, what: string, max = MAX_TROOPS): number {
  if (!Number.isInteger(x) || (x as number) < 1 || (x as number) > max) {
    reject('order/bad_count', `${what} must be a whole number from 1 to ${max} (got ${JSON.stringify(x)})`)
  }
  return x as number
}

function shipOf(w: Work, tribe: TribeId, id: unknown, what = 'ship'): Ship {
  if (typeof id !== 'string') reject('order/bad_ship', `${what} must be a ship id like "s1"`)
  const ship = w.s.ships[id]
  if (!ship) reject('ship/not_found', `there is no ship ${id}`)
  if (ship.tribe !== tribe) reject('ship/not_yours', `ship ${id} belongs to another tribe`)
  return ship
}

function tribeState(w: Work, tribe: unknown): TribeState {
  const t = typeof tribe === 'string' ? w.s.tribes.find((x) => x.id === tribe) : undefined
  if (!t) reject('order/unknown_tribe', `there is no tribe ${JSON.stringify(tribe)} in this campaign`)
  return t
}

function requireOpenWindow(w: Work, t: TribeState) {
  if (w.s.status !== 'running') reject('campaign/not_running', `orders are taken only while the campaign runs (it is ${w.s.status})`)
  if (t.eliminated) reject('turn/eliminated', `${t.name} has been eliminated`, 'R2.4')
  if (t.phase === 'closed') reject('turn/window_closed', `${t.name} can give orders only on ${t.weekday}, 00:00–20:00`, 'R4.3')
  if (t.phase === 'ended') reject('turn/ended', `${t.name} already ended this turn`, 'R4.6')
}

function beginActions(w: Work, t: TribeState) {
  if (t.phase === 'recruitment') w.setTribe(t.id, { phase: 'actions' })
}

// ---- combat (R8) ----

interface Fight {
  kind: CombatEvent['kind']
  tile: TileKey
  attacker: TribeId
  attackers: number
  a: 1 | 2
  defender: TribeId | null
  defenders: number
  d: 1 | 2
}

function fight(w: Work, f: Fight): CombatEvent {
  const { roll, counter } = w.d4()
  const attack = roll + f.attackers * f.a
  const defence = f.defenders * f.d + 2
  const r = attack - defence
  const event: CombatEvent = {
    type: 'combat', kind: f.kind, tile: f.tile, attacker: f.attacker, defender: f.defender,
    attackers: f.attackers, defenders: f.defenders, a: f.a, d: f.d, roll, counter, attack, defence,
    result: r > 0 ? 'attacker' : r < 0 ? 'defender' : 'tie',
    attackerSurvivors: r > 0 ? Math.min(r, f.attackers) : 0,
    defenderSurvivors: r < 0 ? Math.min(-r, f.defenders) : 0,
  }
  w.emit(event)
  return event
}

/** Applies a fight for a land tile (R8.3) where the winners take the tile. */
function fightForTile(w: Work, i: number, attacker: TribeId, attackers: number, kind: CombatEvent['kind'], a: 1 | 2, occupy = true): CombatEvent {
  const key = w.map.keys[i]!
  const army = w.army(key)
  const owner = w.s.owners[i] ?? null
  const defender = army ? army.tribe : owner
  const f = fight(w, {
    kind, tile: key, attacker, attackers, a,
    defender, defenders: army?.troops ?? 0, d: w.map.city[i] ? 2 : 1,
  })
  if (f.result === 'attacker') {
    if (occupy) {
      w.setArmy(key, { tribe: attacker, troops: f.attackerSurvivors, mp: 0 })
      takeTile(w, i, attacker)
    } else {
      w.setArmy(key, null)
    }
  } else if (f.result === 'defender') {
    w.setArmy(key, { ...army!, troops: f.defenderSurvivors })
  } else {
    w.setArmy(key, null)
  }
  return f
}

function takeTile(w: Work, i: number, tribe: TribeId) {
  const from = w.s.owners[i] ?? null
  if (from === tribe) return
  w.setOwner(i, tribe)
  w.emit({ type: 'tileTaken', tile: w.map.keys[i]!, from, to: tribe, city: w.map.city[i] === 1 })
}

// ---- paths ----

/** May a land move pass through tile i (not only end there)? (R7.4) */
function passable(w: Work, tribe: TribeId, i: number): boolean {
  if (!w.map.land[i] || w.map.city[i]) return false
  if (w.s.armies[w.map.keys[i]!]) return false
  const owner = w.s.owners[i]
  return owner === null || owner === tribe
}

function shipPassable(w: Work, i: number): boolean {
  if (w.map.land[i]) return false
  const key = w.map.keys[i]!
  for (const id in w.s.ships) if (w.s.ships[id]!.tile === key) return false
  return true
}

function checkPath(w: Work, start: number, raw: unknown, land: boolean, tribe: TribeId): number[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 16) reject('order/bad_path', 'path must be a list of 1 or more tiles')
  const rule = land ? 'R7.4' : 'R10.3'
  const prefix = land ? 'move' : 'ship'
  const visited = new Set([start])
  let prev = start
  const path = raw.map((key, n) => {
    const i = tileIndex(w, key, `path[${n}]`)
    if (!w.map.neighbors[prev]!.includes(i)) reject(`${prefix}/not_adjacent`, `${w.map.keys[i]} is not next to ${w.map.keys[prev]}`, 'R1.1')
    if (land && !w.map.land[i]) reject('move/not_land', `${w.map.keys[i]} is sea: armies move over land (embark to cross the sea)`, 'R7.4')
    if (!land && w.map.land[i]) reject('ship/not_sea', `${w.map.keys[i]} is land: ships move through sea tiles`, 'R10.3')
    if (visited.has(i)) reject(`${prefix}/revisit`, `the path enters ${w.map.keys[i]} twice`, rule)
    visited.add(i)
    prev = i
    return i
  })
  const last = path.length - 1
  path.forEach((i, n) => {
    if (land && n < last && !passable(w, tribe, i)) {
      reject('move/path_blocked', `the move cannot pass through ${w.map.keys[i]}: armies, cities and other tribes' tiles end a move`, 'R7.4')
    }
    if (!land && !shipPassable(w, i)) reject('ship/path_blocked', `${w.map.keys[i]} holds another ship`, 'R10.3')
  })
  return path
}

/** Shortest legal path to `target` within `mp` steps, breadth first. */
function findPath(w: Work, start: number, target: number, mp: number, land: boolean, tribe: TribeId): number[] | null {
  if (start === target) return null
  const prev = new Map<number, number>([[start, -1]])
  let frontier = [start]
  for (let step = 0; step < mp && frontier.length; step++) {
    const next: number[] = []
    for (const i of frontier) {
      if (i !== start && (land ? !passable(w, tribe, i) : !shipPassable(w, i))) continue
      for (const j of w.map.neighbors[i]!) {
        if (prev.has(j) || (land ? !w.map.land[j] : w.map.land[j] === 1)) continue
        prev.set(j, i)
        if (j === target) {
          if (!land && !shipPassable(w, j)) return null
          const path = [j]
          for (let k = i; k !== start; k = prev.get(k)!) path.unshift(k)
          return path
        }
        next.push(j)
      }
    }
    frontier = next
  }
  return null
}

function resolvePath(w: Work, start: number, order: { path?: unknown; to?: unknown }, mp: number, land: boolean, tribe: TribeId): number[] {
  const rule = land ? 'R7.3' : 'R10.3'
  let path: number[]
  if (order.path !== undefined) {
    path = checkPath(w, start, order.path, land, tribe)
  } else if (order.to !== undefined) {
    const target = tileIndex(w, order.to, 'to')
    if (target === start) reject(land ? 'move/no_step' : 'ship/no_step', 'the destination is the starting tile', land ? 'R7.4' : 'R10.3')
    const found = findPath(w, start, target, mp, land, tribe)
    if (!found) {
      const anyMp = findPath(w, start, target, 16, land, tribe)
      if (anyMp) reject(land ? 'move/not_enough_mp' : 'ship/not_enough_mp', `reaching ${order.to as string} takes ${anyMp.length} MP; ${mp} left`, rule)
      reject(land ? 'move/no_path' : 'ship/no_path', `no legal path leads to ${order.to as string}`, land ? 'R7.4' : 'R10.3')
    }
    path = found
  } else {
    reject('order/bad_path', 'give either path (a list of tiles) or to (a destination tile)')
  }
  if (path.length > mp) reject(land ? 'move/not_enough_mp' : 'ship/not_enough_mp', `the path takes ${path.length} MP; ${mp} left`, rule)
  return path
}

// ---- player orders ----

function poolFor(w: Work, tribe: TribeId, city: TileKey) {
  return w.s.pools.find((p) => p.tribe === tribe && p.cities.includes(city))
}

function recruit(w: Work, t: TribeState, o: Record<string, unknown>) {
  const i = tileIndex(w, o.city, 'city')
  const troops = count(o.troops, 'troops')
  const key = w.map.keys[i]!
  if (t.phase !== 'recruitment') reject('recruit/after_actions', 'recruiting is only allowed before the first action of the turn', 'R5.5')
  if (!w.map.city[i]) reject('recruit/not_a_city', `${key} is not a city`, 'R5.1')
  if (w.s.owners[i] !== t.id) reject('recruit/not_your_city', `${key} is not ${t.name}'s city`, 'R5.1')
  if (w.s.besieged.includes(key)) reject('recruit/besieged', `${key} is besieged and cannot recruit`, 'R5.1')
  const army = w.army(key)
  if ((army?.troops ?? 0) + troops > MAX_TROOPS) {
    reject('recruit/too_many_troops', `${key} holds ${army?.troops ?? 0} troops; ${troops} more would exceed ${MAX_TROOPS}`, 'R5.3')
  }
  const pool = poolFor(w, t.id, key)
  if (!pool) reject('recruit/no_pool', `${key} was not ${t.name}'s at the last payout, so it has no pool until the next one`, 'R6.4')
  const cost = troops * TROOP_COST
  if (pool.balance < cost) reject('recruit/insufficient_resources', `${troops} troops cost ${cost}; the pool of ${key} holds ${pool.balance}`, 'R5.2')
  w.spend(pool.id, cost)
  w.setArmy(key, { tribe: t.id, troops: (army?.troops ?? 0) + troops, mp: army?.mp ?? ARMY_MP })
  w.emit({ type: 'recruited', tribe: t.id, city: key, troops, pool: pool.id, cost })
}

function buildShip(w: Work, t: TribeState, o: Record<string, unknown>) {
  const p = tileIndex(w, o.port, 'port')
  const s = tileIndex(w, o.sea, 'sea')
  const port = w.map.keys[p]!
  const sea = w.map.keys[s]!
  if (t.phase !== 'recruitment') reject('ship/after_actions', 'ships are built only before the first action of the turn', 'R5.5')
  if (!w.map.port[p]) reject('ship/not_a_port', `${port} is not a port (a city next to the sea)`, 'R5.6')
  if (w.s.owners[p] !== t.id) reject('ship/not_your_port', `${port} is not ${t.name}'s port`, 'R10.1')
  if (w.map.land[s] || !w.map.neighbors[p]!.includes(s)) reject('ship/bad_sea', `${sea} is not a sea tile next to ${port}`, 'R5.6')
  if (!shipPassable(w, s)) reject('ship/sea_occupied', `${sea} already holds a ship`, 'R7.1')
  const pool = poolFor(w, t.id, port)
  if (!pool) reject('ship/no_pool', `${port} has no pool until the next payout`, 'R6.4')
  if (pool.balance < SHIP_COST) reject('ship/insufficient_resources', `a ship costs ${SHIP_COST}; the pool of ${port} holds ${pool.balance}`, 'R5.6')
  w.spend(pool.id, SHIP_COST)
  const id = `s${w.s.nextShipId}`
  w.s.nextShipId += 1
  w.setShip({ id, tribe: t.id, tile: sea, crew: 0, mp: 0 })
  w.emit({ type: 'shipBuilt', tribe: t.id, ship: id, port, sea, pool: pool.id, cost: SHIP_COST })
}

function move(w: Work, t: TribeState, o: Record<string, unknown>) {
  const start = tileIndex(w, o.from, 'from')
  const from = w.map.keys[start]!
  const army = w.army(from)
  if (!army || army.tribe !== t.id) reject('move/no_army', `${t.name} has no army on ${from}`, 'R7.1')
  const troops = count(o.troops, 'troops')
  if (troops > army.troops) reject('move/not_enough_troops', `the army on ${from} has ${army.troops} troops, not ${troops}`, 'R7.7')
  if (army.mp < 1) reject('move/no_mp', `the army on ${from} has no movement points left this turn`, 'R7.3')
  const path = resolvePath(w, start, o, army.mp, true, t.id)
  const end = path[path.length - 1]!
  const endKey = w.map.keys[end]!
  const target = w.army(endKey)
  const attack = (target && target.tribe !== t.id) || (!target && w.s.owners[end] !== null && w.s.owners[end] !== t.id)
  if (target && target.tribe === t.id && target.troops + troops > MAX_TROOPS) {
    reject('move/too_many_troops', `${endKey} holds ${target.troops} troops; merging ${troops} would exceed ${MAX_TROOPS}`, 'R7.1')
  }
  // The split (R7.7): those left behind keep their MP.
  w.setArmy(from, army.troops === troops ? null : { ...army, troops: army.troops - troops })
  const claimed: TileKey[] = []
  for (const i of attack ? path.slice(0, -1) : path) {
    if (w.s.owners[i] === null) {
      w.setOwner(i, t.id)
      claimed.push(w.map.keys[i]!)
    }
  }
  w.emit({ type: 'moved', tribe: t.id, from, path: path.map((i) => w.map.keys[i]!), troops, claimed, merged: !attack && !!target })
  if (attack) {
    fightForTile(w, end, t.id, troops, 'land', 1)
  } else if (target) {
    w.setArmy(endKey, { tribe: t.id, troops: target.troops + troops, mp: 0 }) // R7.8
  } else {
    w.setArmy(endKey, { tribe: t.id, troops, mp: w.map.city[end] ? 0 : army.mp - path.length }) // R7.6
  }
}

function embark(w: Work, t: TribeState, o: Record<string, unknown>) {
  const i = tileIndex(w, o.from, 'from')
  const from = w.map.keys[i]!
  const ship = shipOf(w, t.id, o.ship)
  const troops = count(o.troops, 'troops')
  const army = w.army(from)
  if (!army || army.tribe !== t.id) reject('embark/no_army', `${t.name} has no army on ${from}`, 'R10.2')
  if (troops > army.troops) reject('embark/not_enough_troops', `the army on ${from} has ${army.troops} troops, not ${troops}`, 'R10.2')
  if (army.mp < 1) reject('embark/no_mp', `embarking costs 1 MP; the army on ${from} has none left`, 'R10.2')
  if (!w.map.neighbors[i]!.includes(w.map.index.get(ship.tile)!)) reject('embark/not_adjacent', `ship ${ship.id} at ${ship.tile} is not next to ${from}`, 'R10.2')
  if (ship.crew + troops > MAX_TROOPS) reject('embark/too_many_troops', `ship ${ship.id} carries ${ship.crew}; ${troops} more would exceed ${MAX_TROOPS}`, 'R7.1')
  w.setArmy(from, army.troops === troops ? null : { ...army, troops: army.troops - troops })
  w.setShip({ ...ship, crew: ship.crew + troops, mp: 0 }) // R10.9
  w.emit({ type: 'embarked', tribe: t.id, from, ship: ship.id, troops })
}

function shipMove(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  if (ship.crew === 0) reject('ship/adrift', `ship ${ship.id} has no crew and cannot move`, 'R10.3')
  if (ship.mp < 1) reject('ship/no_mp', `ship ${ship.id} has no movement points left this turn`, 'R10.3')
  const path = resolvePath(w, w.map.index.get(ship.tile)!, o, ship.mp, false, t.id)
  const to = w.map.keys[path[path.length - 1]!]!
  w.setShip({ ...ship, tile: to, mp: ship.mp - path.length })
  w.emit({ type: 'shipMoved', tribe: t.id, ship: ship.id, path: path.map((i) => w.map.keys[i]!) })
}

function landingTile(w: Work, ship: Ship, key: unknown, what: string, rule: string): number {
  const i = tileIndex(w, key, what)
  if (!w.map.land[i] || !w.map.neighbors[w.map.index.get(ship.tile)!]!.includes(i)) {
    reject('ship/not_adjacent', `${w.map.keys[i]} is not a land tile next to ship ${ship.id} at ${ship.tile}`, rule)
  }
  return i
}

function disembark(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  const troops = count(o.troops, 'troops')
  if (troops > ship.crew) reject('disembark/not_enough_troops', `ship ${ship.id} carries ${ship.crew} troops, not ${troops}`, 'R10.4')
  if (ship.mp < 1) reject('disembark/no_mp', `disembarking needs 1 MP of ship ${ship.id}; it has none left`, 'R10.4')
  const i = landingTile(w, ship, o.to, 'to', 'R10.4')
  const key = w.map.keys[i]!
  const target = w.army(key)
  const attack = (target && target.tribe !== t.id) || (!target && w.s.owners[i] !== null && w.s.owners[i] !== t.id)
  if (target && target.tribe === t.id && target.troops + troops > MAX_TROOPS) {
    reject('disembark/too_many_troops', `${key} holds ${target.troops} troops; ${troops} more would exceed ${MAX_TROOPS}`, 'R7.1')
  }
  w.setShip({ ...ship, crew: ship.crew - troops, mp: ship.mp - 1 })
  w.emit({ type: 'disembarked', tribe: t.id, ship: ship.id, to: key, troops })
  if (attack) {
    fightForTile(w, i, t.id, troops, 'disembark', 1) // the ship bonus is lost (R10.4)
  } else {
    if (w.s.owners[i] === null) takeTile(w, i, t.id)
    w.setArmy(key, { tribe: t.id, troops: (target?.troops ?? 0) + troops, mp: 0 })
  }
}

function portAssault(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  const troops = count(o.troops, 'troops')
  if (typeof o.occupy !== 'boolean') reject('order/bad_occupy', 'occupy must be true (land and take the city) or false (stay aboard)', 'R10.6')
  if (troops > ship.crew) reject('assault/not_enough_troops', `ship ${ship.id} carries ${ship.crew} troops, not ${troops}`, 'R10.6')
  if (ship.mp < 1) reject('assault/no_mp', `a port assault needs 1 MP of ship ${ship.id}; it has none left`, 'R10.6')
  const i = landingTile(w, ship, o.port, 'port', 'R10.6')
  const key = w.map.keys[i]!
  if (!w.map.port[i]) reject('assault/not_a_port', `${key} is not a port: to attack coastal troops, disembark`, 'R10.5')
  const army = w.army(key)
  if (w.s.owners[i] === t.id || army?.tribe === t.id) reject('assault/own_port', `${key} is ${t.name}'s own port`, 'R10.6')
  const f = fightForTile(w, i, t.id, troops, 'portAssault', 2, o.occupy)
  const back = f.result === 'attacker' && !o.occupy ? f.attackerSurvivors : 0
  w.setShip({ ...ship, crew: ship.crew - troops + back, mp: ship.mp - 1 })
}

function board(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  if (typeof o.target !== 'string' || !w.s.ships[o.target]) reject('ship/not_found', `there is no ship ${JSON.stringify(o.target)}`)
  const target = w.s.ships[o.target]!
  if (target.tribe === t.id) reject('board/own_ship', `ship ${target.id} is ${t.name}'s own: move crew across instead`, 'R10.8')
  if (ship.crew === 0) reject('ship/adrift', `ship ${ship.id} has no crew to board with`, 'R10.7')
  if (ship.mp < 1) reject('board/no_mp', `boarding needs 1 MP of ship ${ship.id}; it has none left`, 'R10.7')
  if (!w.map.neighbors[w.map.index.get(ship.tile)!]!.includes(w.map.index.get(target.tile)!)) {
    reject('board/not_adjacent', `ship ${target.id} at ${target.tile} is not next to ship ${ship.id} at ${ship.tile}`, 'R10.7')
  }
  // The whole crew boards (R10.7 clarified), so each ship ends with one side's troops.
  const f = fight(w, { kind: 'boarding', tile: target.tile, attacker: t.id, attackers: ship.crew, a: 2, defender: target.tribe, defenders: target.crew, d: 2 })
  if (f.result === 'attacker') {
    w.setShip({ ...ship, crew: f.attackerSurvivors, mp: ship.mp - 1 })
    w.setShip({ ...target, tribe: t.id, crew: 0, mp: 0 })
    w.emit({ type: 'shipTaken', ship: target.id, from: target.tribe, to: t.id })
  } else if (f.result === 'defender') {
    w.setShip({ ...target, crew: f.defenderSurvivors })
    w.setShip({ ...ship, tribe: target.tribe, crew: 0, mp: 0 })
    w.emit({ type: 'shipTaken', ship: ship.id, from: t.id, to: target.tribe })
  } else {
    w.setShip({ ...ship, crew: 0, mp: 0 })
    w.setShip({ ...target, crew: 0 })
  }
}

function crewTransfer(w: Work, t: TribeState, o: Record<string, unknown>) {
  const from = shipOf(w, t.id, o.from, 'from')
  const to = shipOf(w, t.id, o.to, 'to')
  const troops = count(o.troops, 'troops')
  if (from.id === to.id) reject('crew/same_ship', 'from and to are the same ship', 'R10.8')
  if (troops > from.crew) reject('crew/not_enough_troops', `ship ${from.id} carries ${from.crew} troops, not ${troops}`, 'R10.8')
  if (from.mp < 1) reject('crew/no_mp', `moving across needs 1 MP of ship ${from.id}; it has none left`, 'R10.8')
  if (!w.map.neighbors[w.map.index.get(from.tile)!]!.includes(w.map.index.get(to.tile)!)) {
    reject('crew/not_adjacent', `ship ${to.id} is not next to ship ${from.id}`, 'R10.8')
  }
  if (to.crew + troops > MAX_TROOPS) reject('crew/too_many_troops', `ship ${to.id} carries ${to.crew}; ${troops} more would exceed ${MAX_TROOPS}`, 'R7.1')
  w.setShip({ ...from, crew: from.crew - troops, mp: from.mp - 1 })
  w.setShip({ ...to, crew: to.crew + troops, mp: 0 }) // R10.9
  w.emit({ type: 'crewTransferred', tribe: t.id, from: from.id, to: to.id, troops })
}

function draftPick(w: Work, t: TribeState, o: Record<string, unknown>) {
  if (w.s.status !== 'draft' || !w.s.draft) reject('draft/not_drafting', 'there is no draft going on', 'R3.2')
  const draft = w.s.draft
  const n = draft.order.length
  const k = draft.picks.length
  const onClock = k < n ? draft.order[k]! : draft.order[2 * n - 1 - k]! // snake (R3.2)
  if (t.id !== onClock) reject('draft/not_your_pick', `it is ${onClock}'s pick`, 'R3.2')
  const i = tileIndex(w, o.city, 'city')
  const key = w.map.keys[i]!
  if (!w.map.city[i]) reject('draft/not_a_city', `${key} is not a city`, 'R3.2')
  if (w.s.owners[i] !== null) reject('draft/city_taken', `${key} is already ${w.s.owners[i]}'s`, 'R3.2')
  w.setOwner(i, t.id)
  const garrison = w.army(key)
  w.setArmy(key, { tribe: t.id, troops: garrison?.troops ?? STARTING_GARRISON, mp: 0 }) // R3.3
  w.s.draft = { order: draft.order, picks: [...draft.picks, { tribe: t.id, city: key }] }
  w.emit({ type: 'draftPicked', tribe: t.id, city: key })
  if (w.s.draft.picks.length === 2 * n) {
    w.s.status = 'running'
    w.emit({ type: 'campaignStarted' })
    payout(w) // R3.5
  }
}

// ---- system transitions ----

function payout(w: Work) {
  const pools = computePools(w.map, w.s.owners, w.s.week)
  w.setPools(pools) // unspent resources are lost (R6.3)
  w.emit({ type: 'payout', week: w.s.week, pools })
  w.s.week += 1
}

function siegeCheck(w: Work) {
  const marks = new Set(w.s.besieged)
  for (let i = 0; i < w.map.size; i++) {
    if (!w.map.city[i]) continue
    const key = w.map.keys[i]!
    const owner = w.s.owners[i] ?? null
    let land = 0
    let hostile = 0
    for (const j of w.map.neighbors[i]!) {
      if (!w.map.land[j]) continue
      land++
      const a = w.s.armies[w.map.keys[j]!]
      if (a && a.tribe !== null && a.tribe !== owner) hostile++
    }
    const besieged = owner !== null && land > 0 && hostile === land // R9.1
    if (besieged) {
      const army = w.army(key)
      const garrison = Math.max(0, (army?.troops ?? 0) - SIEGE_LOSS)
      if (army) w.setArmy(key, { ...army, troops: garrison })
      marks.add(key)
      w.emit({ type: 'siegeLoss', city: key, owner, lost: (army?.troops ?? 0) - garrison, garrison })
    } else if (marks.delete(key)) {
      w.emit({ type: 'siegeLifted', city: key, owner })
    }
  }
  w.setBesieged([...marks].sort())
}

function executeTrade(w: Work, action: Record<string, unknown>) {
  if ('resources' in action) reject('trade/resources_not_tradeable', 'resources can never be traded', 'R11.1')
  const transfers = action.transfers
  if (!Array.isArray(transfers) || transfers.length === 0) reject('trade/empty', 'a trade lists at least one transfer', 'R11.3')
  const tiles = new Set<number>()
  const ships = new Set<string>()
  const clean: TradeTransfer[] = []
  for (const raw of transfers as unknown[]) {
    if (!isObject(raw)) reject('trade/bad_transfer', 'each transfer is { from, to, tiles?, ships? }', 'R11.3')
    if ('resources' in raw) reject('trade/resources_not_tradeable', 'resources can never be traded', 'R11.1')
    const from = tribeState(w, raw.from)
    const to = tribeState(w, raw.to)
    if (from.id === to.id) reject('trade/same_tribe', `${from.name} cannot give to itself`, 'R11.3')
    for (const t of [from, to]) if (t.eliminated) reject('trade/eliminated', `${t.name} has been eliminated`, 'R2.4')
    const tileList = raw.tiles ?? []
    const shipList = raw.ships ?? []
    if (!Array.isArray(tileList) || !Array.isArray(shipList)) reject('trade/bad_transfer', 'tiles and ships are lists', 'R11.2')
    for (const key of tileList) {
      const i = tileIndex(w, key, 'traded tile')
      if (!w.map.land[i]) reject('trade/not_land', `${key as string} is sea: only land tiles, cities and ships are traded`, 'R11.2')
      if (w.s.owners[i] !== from.id) reject('trade/asset_not_owned', `tile ${key as string} no longer belongs to ${from.name}`, 'R11.3')
      if (tiles.has(i)) reject('trade/duplicate_asset', `tile ${key as string} is listed twice`, 'R11.3')
      tiles.add(i)
    }
    for (const id of shipList) {
      const ship = typeof id === 'string' ? w.s.ships[id] : undefined
      if (!ship) reject('trade/asset_not_owned', `ship ${JSON.stringify(id)} no longer exists`, 'R11.3')
      if (ship.tribe !== from.id) reject('trade/asset_not_owned', `ship ${id as string} no longer belongs to ${from.name}`, 'R11.3')
      if (ships.has(ship.id)) reject('trade/duplicate_asset', `ship ${ship.id} is listed twice`, 'R11.3')
      ships.add(ship.id)
    }
    clean.push({ from: from.id, to: to.id, tiles: tileList as TileKey[], ships: shipList as string[] })
  }
  for (const tr of clean) {
    for (const key of tr.tiles!) {
      const i = w.map.index.get(key)!
      w.setOwner(i, tr.to)
      const army = w.army(key)
      if (army) w.setArmy(key, { ...army, tribe: tr.to }) // troops go with their tile (R11.2)
    }
    for (const id of tr.ships!) w.setShip({ ...w.s.ships[id]!, tribe: tr.to })
  }
  w.emit({ type: 'tradeExecuted', transfers: clean })
}

function startDraft(w: Work) {
  if (w.s.status !== 'setup') reject('draft/already_started', 'the draft has already started', 'R3.1')
  const order = w.s.tribes.map((t) => t.id)
  const counter = w.s.rng.counter
  // Fisher–Yates with the campaign's dice (R3.1): the seed and counter are logged.
  for (let i = order.length - 1; i > 0; i--) {
    const j = w.rng(w.s.rng.seed, w.s.rng.counter) % (i + 1)
    w.s.rng = { seed: w.s.rng.seed, counter: w.s.rng.counter + 1 }
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  w.s.status = 'draft'
  w.s.draft = { order, picks: [] }
  w.emit({ type: 'draftStarted', order, counter })
}

// ---- elimination and the end (R2.4, R2.5) ----

function settle(w: Work) {
  if (w.s.status !== 'running' || !w.cityChanged) return
  const cities = new Map<TribeId, number>()
  for (let i = 0; i < w.map.size; i++) {
    const o = w.s.owners[i]
    if (o && w.map.city[i]) cities.set(o, (cities.get(o) ?? 0) + 1)
  }
  for (const t of w.s.tribes) {
    if (t.eliminated || cities.get(t.id)) continue
    w.setTribe(t.id, { eliminated: true, phase: 'closed' })
    let troopsRemoved = 0
    const shipsRemoved: string[] = []
    for (const key in w.s.armies) {
      const army = w.s.armies[key]!
      if (army.tribe !== t.id) continue
      troopsRemoved += army.troops
      w.setArmy(key, null)
    }
    for (const id in w.s.ships) {
      const ship = w.s.ships[id]!
      if (ship.tribe !== t.id) continue
      troopsRemoved += ship.crew
      shipsRemoved.push(id)
      w.setShip(null, id)
    }
    for (let i = 0; i < w.map.size; i++) if (w.s.owners[i] === t.id) w.setOwner(i, null)
    w.setPools(w.s.pools.filter((p) => p.tribe !== t.id))
    w.emit({ type: 'eliminated', tribe: t.id, troopsRemoved, shipsRemoved })
  }
  const alive = w.s.tribes.filter((t) => !t.eliminated)
  if (alive.length <= 1) finish(w, 'last_tribe')
}

export function ranking(state: GameState): TribeId[] {
  const map = compileMap(state.map)
  const score = new Map(state.tribes.map((t) => [t.id, { cities: 0, tiles: 0, troops: 0 }]))
  state.owners.forEach((o, i) => {
    const s = o ? score.get(o) : undefined
    if (!s) return
    s.tiles++
    if (map.city[i]) s.cities++
  })
  for (const a of Object.values(state.armies)) if (a.tribe) score.get(a.tribe)!.troops += a.troops
  for (const s of Object.values(state.ships)) score.get(s.tribe)!.troops += s.crew
  return state.tribes
    .map((t) => ({ id: t.id, out: t.eliminated ? 1 : 0, ...score.get(t.id)! }))
    .sort((a, b) => a.out - b.out || b.cities - a.cities || b.tiles - a.tiles || b.troops - a.troops || (a.id < b.id ? -1 : 1))
    .map((x) => x.id)
}

function finish(w: Work, reason: 'last_tribe' | 'week_limit') {
  w.s.status = 'finished'
  w.s.ranking = ranking(w.s)
  for (const t of w.s.tribes) if (t.phase !== 'closed') w.setTribe(t.id, { phase: 'closed' })
  w.emit({ type: 'campaignFinished', ranking: w.s.ranking, reason })
}

// ---- entry points ----

const PLAYER_ORDERS: Record<Order['type'], (w: Work, t: TribeState, o: Record<string, unknown>) => void> = {
  draftPick,
  recruit,
  buildShip,
  move,
  embark,
  disembark,
  shipMove,
  portAssault,
  board,
  crewTransfer,
  endTurn: (w, t) => {
    w.setTribe(t.id, { phase: 'ended' })
    w.emit({ type: 'turnEnded', tribe: t.id })
  },
}

const RECRUITMENT_ORDERS = new Set(['recruit', 'buildShip', 'endTurn', 'draftPick'])

function run(state: GameState, rng: Rng, body: (w: Work) => void): Result {
  try {
    if (!isObject(state) || !isObject(state.map) || !Array.isArray(state.owners)) {
      return { ok: false, error: { code: 'engine/bad_state', message: 'not a game state' } }
    }
    const w = new Work(state, compileMap(state.map), rng)
    body(w)
    settle(w)
    return { ok: true, state: w.s, events: w.events }
  } catch (e) {
    if (e instanceof Reject) return { ok: false, error: e.error }
    return { ok: false, error: { code: 'engine/internal_error', message: `the engine failed on this input: ${(e as Error)?.message ?? String(e)}` } }
  }
}

/** A player's order for its tribe. */
export function applyOrder(state: GameState, tribe: TribeId, order: Order, rng: Rng): Result {
  return run(state, rng, (w) => {
    const t = tribeState(w, tribe)
    if (!isObject(order) || typeof order.type !== 'string' || !Object.hasOwn(PLAYER_ORDERS, order.type)) {
      reject('order/unknown_type', `unknown order type ${JSON.stringify(isObject(order) ? order.type : order)}; one of ${Object.keys(PLAYER_ORDERS).join(', ')}`)
    }
    const handler = PLAYER_ORDERS[order.type]
    w.emit({ type: 'order', tribe: t.id, order })
    if (order.type !== 'draftPick') {
      requireOpenWindow(w, t)
      if (!RECRUITMENT_ORDERS.has(order.type)) beginActions(w, t)
    }
    handler(w, t, order as unknown as Record<string, unknown>)
  })
}

/** A transition of the clock, the GM or diplomacy. */
export function applySystem(state: GameState, action: SystemAction, rng: Rng): Result {
  return run(state, rng, (w) => {
    if (!isObject(action)) reject('system/unknown_type', 'a system action is an object with a type')
    w.emit({ type: 'system', action })
    const a = action as unknown as Record<string, unknown>
    switch (action.type) {
      case 'startDraft':
        return startDraft(w)
      case 'setSeed': {
        if (typeof a.seed !== 'string' || a.seed.length < 8) reject('system/bad_seed', 'a seed is a string of at least 8 characters', 'R8.4')
        w.s.rng = { seed: a.seed as string, counter: 0 }
        return w.emit({ type: 'seedSet', counter: 0 })
      }
      case 'openWindow': {
        const t = tribeState(w, a.tribe)
        if (w.s.status !== 'running') reject('campaign/not_running', `windows open only while the campaign runs (it is ${w.s.status})`)
        if (t.eliminated) reject('turn/eliminated', `${t.name} has been eliminated`, 'R2.4')
        w.setTribe(t.id, { phase: 'recruitment' })
        // Movement points come back at the opening (R4.5).
        for (const key in w.s.armies) {
          const army = w.s.armies[key]!
          if (army.tribe === t.id && army.mp !== ARMY_MP) w.setArmy(key, { ...army, mp: ARMY_MP })
        }
        for (const id in w.s.ships) {
          const ship = w.s.ships[id]!
          if (ship.tribe === t.id && ship.mp !== SHIP_MP) w.setShip({ ...ship, mp: SHIP_MP })
        }
        return w.emit({ type: 'windowOpened', tribe: t.id })
      }
      case 'closeWindow': {
        const t = tribeState(w, a.tribe)
        if (w.s.status !== 'running') reject('campaign/not_running', `windows close only while the campaign runs (it is ${w.s.status})`)
        if (!t.eliminated) w.setTribe(t.id, { phase: 'closed' })
        w.emit({ type: 'windowClosed', tribe: t.id })
        return siegeCheck(w) // R9.2
      }
      case 'weeklyPayout': {
        if (w.s.status !== 'running') reject('campaign/not_running', `payouts happen only while the campaign runs (it is ${w.s.status})`)
        payout(w)
        if (w.s.weekLimit !== null && w.s.week > w.s.weekLimit) finish(w, 'week_limit')
        return
      }
      case 'executeTrade':
        if (w.s.status !== 'running') reject('campaign/not_running', `trades happen only while the campaign runs (it is ${w.s.status})`)
        return executeTrade(w, a)
      default:
        reject('system/unknown_type', `unknown system action ${JSON.stringify(a.type)}`)
    }
  })
}
