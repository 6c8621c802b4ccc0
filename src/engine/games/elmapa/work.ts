// The working copy an order or a system action changes: a deep copy of the state, the events it
// logs, and the dice of M12 (each seed with its own counter kept in the state, so that a
// refused order, which discards the copy, draws nothing).
import { draftOf, finished, plain } from '../../kernel/copy-on-write.ts'
import { reject } from '../../kernel/errors.ts'
import type { TribeId } from '../../kernel/ids.ts'
import type { Rng } from '../../kernel/rng.ts'
import { noTroops, type Troops } from './catalogue.ts'
import type { Army, Die, ElMapaEvent, ElMapaState, MapCell, Tribe } from './types.ts'

export { reject }

export const tileSeed = (secret: string) => `${secret}/tile`
export const cardSeed = (secret: string) => `${secret}/card`
export const treasureSeed = (secret: string) => `${secret}/treasure`

export class Work {
  readonly s: ElMapaState
  events: ElMapaEvent[] = []
  constructor(
    state: ElMapaState,
    readonly rng: Rng,
  ) {
    // Copy-on-write: a step copies the records it writes, not the whole state (#47).
    this.s = draftOf(state)
  }
  /** The new state and the events, as plain data once the draft is done. */
  finish() {
    const events = plain(this.events)
    return { state: finished(this.s), events }
  }
  emit(e: ElMapaEvent) {
    this.events.push(e)
  }
  tribe(id: unknown): Tribe {
    const t = this.s.tribes.find((x) => x.id === id)
    if (!t) reject('order/unknown_tribe', `no tribe ${JSON.stringify(id)} in this campaign`)
    return t
  }
  cell(key: unknown): MapCell {
    const c = typeof key === 'string' ? this.s.cells[key] : undefined
    if (!c) reject('map/unknown_cell', `no cell ${JSON.stringify(key)} on this map (cells are "row,column")`, 'M1.3')
    return c
  }
  army(t: Tribe, id: unknown): Army {
    const a = this.s.armies.find((x) => x.id === id && x.tribe === t.id)
    if (!a) reject('army/unknown', `${t.name} has no army ${JSON.stringify(id)}`, 'M5.6')
    return a
  }
  /** M12.7: the next value of the round's weekly seed. */
  weekly(n: number, purpose: string, dice: Die[]): number {
    const counter = this.s.rng.counter++
    const face = this.rng(this.s.rng.seed, counter) % n
    dice.push({ counter, face, purpose })
    return face
  }
  /** M12.3 with a secret seed's counter. */
  shuffle<X>(items: readonly X[], which: 'tile' | 'card' | 'treasure'): X[] {
    const out = items.slice()
    for (let i = out.length - 1; i >= 1; i--) {
      const j = this.u(which) % (i + 1)
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }
  u(which: 'tile' | 'card' | 'treasure'): number {
    const seed = which === 'tile' ? tileSeed(this.s.secretSeed) : which === 'card' ? cardSeed(this.s.secretSeed) : treasureSeed(this.s.secretSeed)
    return this.rng(seed, this.s.counters[which]++)
  }
  villagesOf(id: TribeId): MapCell[] {
    return this.s.order.map((k) => this.s.cells[k]!).filter((c) => c.owner === id && c.castle !== null)
  }
}

/** Adds or takes troops; a count never goes below 0 (callers check first). */
export function addTroops(to: Troops, from: Partial<Troops>, sign = 1) {
  for (const k of Object.keys(to) as (keyof Troops)[]) to[k] += sign * (from[k] ?? 0)
}

/** A troop count from an order: whole numbers ≥ 0 of known kinds only. */
export function troopsOf(x: unknown, rule: string): Troops {
  const out = noTroops()
  if (typeof x !== 'object' || x === null) reject('order/bad_troops', 'troops are counts per kind: { leva, soldado, arquero, caballero }', rule)
  for (const [k, v] of Object.entries(x)) {
    if (!Object.hasOwn(out, k) || !Number.isInteger(v) || (v as number) < 0) reject('order/bad_troops', `bad troop count ${k}: ${JSON.stringify(v)}`, rule)
    out[k as keyof Troops] = v as number
  }
  return out
}
