// The working copy an order or a system action changes: the state, copied where the step writes
// it, the events it logs, and the dice of M12 (each seed with its own counter kept in the state,
// so that a refused order, which discards the copy, draws nothing).
import { ownEntry } from '../../kernel/dispatch.ts'
import { reject } from '../../kernel/errors.ts'
import type { TribeId } from '../../kernel/ids.ts'
import type { Rng } from '../../kernel/rng.ts'
import { noTroops, type Troops } from './catalogue.ts'
import type { Army, Die, ElMapaEvent, ElMapaState, MapCell, Tribe } from './types.ts'

export { reject }

export const tileSeed = (secret: string) => `${secret}/tile`
export const cardSeed = (secret: string) => `${secret}/card`
export const treasureSeed = (secret: string) => `${secret}/treasure`

/**
 * The parts of a state every step may write into: the few small records and lists, copied (a
 * tribe's plan and a cell's guards are replaced, never written into). The tribes, armies and
 * cells are shared, each copied at its first write.
 */
function writableParts(s: ElMapaState): ElMapaState {
  const levels = (x: ElMapaState['decks']) => ({ '1': [...x['1']], '2': [...x['2']], '3': [...x['3']] })
  return {
    ...s,
    rng: { ...s.rng },
    counters: { ...s.counters },
    tribes: [...s.tribes],
    armies: [...s.armies],
    dispersed: [...s.dispersed],
    decks: levels(s.decks),
    piles: levels(s.piles),
    treasureDeck: [...s.treasureDeck],
    treasurePile: [...s.treasurePile],
  }
}

export class Work {
  readonly s: ElMapaState
  events: ElMapaEvent[] = []
  /** The tribes, armies and cells this step has copied to write into; the others are the given state's, read only. */
  private readonly owned = new Set<object>()
  /** Whether `s.cells` is this step's own record yet (copied at the first cell written). */
  private cellsOwned = false
  constructor(
    state: ElMapaState,
    readonly rng: Rng,
  ) {
    // Copy-on-write without proxies (#47): the 256 cells are nine tenths of the 55 KB, and a step
    // writes a handful of cells and one or two tribes and armies, so each is copied at its first
    // write and the rest is shared with the given state, which is never written. immer's drafts
    // did that through proxies that made every read cost (a tribe's villages scan all the cells).
    this.s = writableParts(state)
  }
  /** Cell `key` (an existing one) to write into: this step's own copy of it and of its castle. */
  cellToWrite(key: string): MapCell {
    const c = this.s.cells[key]!
    if (this.owned.has(c)) return c
    if (!this.cellsOwned) {
      this.s.cells = { ...this.s.cells }
      this.cellsOwned = true
    }
    const castle = c.castle && { ...c.castle, slots: { ...c.castle.slots }, reserve: { ...c.castle.reserve }, progress: { ...c.castle.progress } }
    return this.own((this.s.cells[key] = { ...c, castle }))
  }
  private own<X extends object>(x: X): X {
    this.owned.add(x)
    return x
  }
  private tribeAt(i: number): Tribe {
    const t = this.s.tribes[i]!
    if (this.owned.has(t)) return t
    return this.own((this.s.tribes[i] = { ...t, stock: { ...t.stock }, hand: [...t.hand] }))
  }
  private armyAt(i: number): Army {
    const a = this.s.armies[i]!
    if (this.owned.has(a)) return a
    return this.own((this.s.armies[i] = { ...a, troops: { ...a.troops }, cast: [...a.cast] }))
  }
  /** Tribe `id` to write into. */
  tribe(id: unknown): Tribe {
    const i = this.s.tribes.findIndex((x) => x.id === id)
    if (i < 0) reject('order/unknown_tribe', `no tribe ${JSON.stringify(id)} in this campaign`)
    return this.tribeAt(i)
  }
  /** Every tribe to write into, in the state's order. */
  tribesToWrite(): Tribe[] {
    return this.s.tribes.map((_, i) => this.tribeAt(i))
  }
  /** Army `id` of tribe `t` to write into. */
  army(t: Tribe, id: unknown): Army {
    const i = this.s.armies.findIndex((x) => x.id === id && x.tribe === t.id)
    if (i < 0) reject('army/unknown', `${t.name} has no army ${JSON.stringify(id)}`, 'M5.6')
    return this.armyAt(i)
  }
  /** Army `a` (one in the state, read as it was) to write into. */
  armyToWrite(a: Army): Army {
    return this.armyAt(this.s.armies.findIndex((x) => x.id === a.id))
  }
  /** Every army of `tribe` to write into. */
  armiesToWrite(tribe: TribeId): Army[] {
    const out: Army[] = []
    for (let i = 0; i < this.s.armies.length; i++) if (this.s.armies[i]!.tribe === tribe) out.push(this.armyAt(i))
    return out
  }
  emit(e: ElMapaEvent) {
    this.events.push(e)
  }
  cell(key: unknown): MapCell {
    const c = ownEntry(this.s.cells, key)
    if (!c) reject('map/unknown_cell', `no cell ${JSON.stringify(key)} on this map (cells are "row,column")`, 'M1.3')
    return c
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
    const out: MapCell[] = []
    for (const k of this.s.order) {
      const c = this.s.cells[k]!
      if (c.owner === id && c.castle !== null) out.push(c)
    }
    return out
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
