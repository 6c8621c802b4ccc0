// The working copy every rule acts on, and the checks of untrusted order input.
// A rule rejects by throwing Reject; the dispatcher (../rules.ts) turns it into a typed error.
import { parseTileKey, type TileKey } from '../hex.ts'
import type { CompiledMap } from '../map.ts'
import { d4From, type Rng } from '../../../kernel/rng.ts'
import type { Army, EngineError, GameEvent, GameState, Ship, TribeId, TribeState } from '../types.ts'
import { MAX_TROOPS } from './constants.ts'

import { reject } from '../../../kernel/errors.ts'

export { Reject, reject } from '../../../kernel/errors.ts'

/** Copy-on-write working copy: each part of the state is copied at its first change. */
export class Work {
  readonly s: GameState
  readonly events: GameEvent[] = []
  private copied = new Set<string>()
  /** Set when a city changed hands: only then can a tribe be eliminated. */
  cityChanged = false

  constructor(
    base: GameState,
    readonly map: CompiledMap,
    readonly rng: Rng,
  ) {
    this.s = { ...base }
  }

  private own<K extends 'owners' | 'armies' | 'ships' | 'tribes' | 'pools' | 'besieged'>(part: K): GameState[K] {
    // Stryker disable next-line ConditionalExpression: copying again is slower, not different
    if (!this.copied.has(part)) {
      this.copied.add(part)
      const v = this.s[part]
      // The copy is of the same part's type, but TypeScript cannot pair a key K with its own value on write.
      ;(this.s as unknown as Record<string, unknown>)[part] = Array.isArray(v) ? v.slice() : { ...v }
    }
    return this.s[part]
  }

  setOwner(i: number, tribe: TribeId | null) {
    // Stryker disable next-line ConditionalExpression: an unchanged owner rewritten only triggers an elimination check that finds nothing new
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

// ---- input checks: orders arrive as untrusted JSON (R1.1, R1.2) ----

export { isObject } from '../../../kernel/dispatch.ts'

export function tileIndex(w: Work, key: unknown, what: string): number {
  if (!parseTileKey(key)) reject('order/bad_tile', `${what} must be a tile written "q,r" (got ${JSON.stringify(key)})`, 'R1.1')
  const i = w.map.index.get(key as string)
  if (i === undefined) reject('order/off_map', `${what} ${key as string} is not on the map`, 'R1.2')
  return i
}

export function count(x: unknown, what: string, max = MAX_TROOPS): number {
  if (!Number.isInteger(x) || (x as number) < 1 || (x as number) > max) {
    reject('order/bad_count', `${what} must be a whole number from 1 to ${max} (got ${JSON.stringify(x)})`)
  }
  return x as number
}

export function shipOf(w: Work, tribe: TribeId, id: unknown, what = 'ship'): Ship {
  if (typeof id !== 'string') reject('order/bad_ship', `${what} must be a ship id like "s1"`)
  const ship = w.s.ships[id]
  if (!ship) reject('ship/not_found', `there is no ship ${id}`)
  if (ship.tribe !== tribe) reject('ship/not_yours', `ship ${id} belongs to another tribe`)
  return ship
}

export function tribeState(w: Work, tribe: unknown): TribeState {
  const t = w.s.tribes.find((x) => x.id === tribe)
  if (!t) reject('order/unknown_tribe', `there is no tribe ${JSON.stringify(tribe)} in this campaign`)
  return t
}
