// The working copy every conquest rule acts on, its dice, and the checks of untrusted input.
// A rule rejects by throwing Reject (shared with the weekday game); the dispatcher turns it into
// a typed error, so a refused order leaves the state and the dice counter as they were.
import type { Rng } from '../../kernel/rng.ts'
import { WorkingCopy } from '../../kernel/working-copy.ts'
import { reject } from '../../kernel/errors.ts'
import type { TribeId } from '../../kernel/ids.ts'
import type { ConquestEvent, ConquestState, ConquestTribe, Die, Goods, Territory } from './types.ts'
import { isTerritory, RESOURCES, WEAPONS } from './world.ts'

export { Reject, reject } from '../../kernel/errors.ts'

export const emptyGoods = (): Goods => ({
  basic: 0,
  oil: 0,
  net: 0,
  lithium: 0,
  nuclear: 0,
  tribes: 0,
  tech: 0,
  niobium: 0,
  virus: 0,
  labour: 0,
  tank: 0,
  artillery: 0,
  missile: 0,
  bio: 0,
})
export const GOODS: readonly (keyof Goods)[] = [...RESOURCES, ...WEAPONS]

export class Work extends WorkingCopy<ConquestState, ConquestEvent, ConquestTribe> {
  /** Territories copied for this step: the rest are shared with the state it was built on, never written. */
  private edited = new Set<string>()
  /** Whether the table of territories is this step's own yet: a step that writes none (most probes of the options) copies none. */
  private tableOwned = false

  constructor(base: ConquestState, rng: Rng) {
    super(
      {
        ...base,
        rng: { ...base.rng },
        tribes: base.tribes.map((t) => ({ ...t })),
        ...(base.result ? { result: { ...base.result } } : {}),
      },
      rng,
    )
  }

  /** A territory this step may change (copied at its first change, copy-on-write). */
  edit(id: string): Territory {
    const x = this.s.territories[id]!
    if (this.edited.has(id)) return x
    this.edited.add(id)
    return (this.territoriesToWrite()[id] = { ...x, stock: { ...x.stock }, incoming: { ...x.incoming } })
  }

  /** The table of territories to write into, copied at the step's first write (copy-on-write). */
  territoriesToWrite(): Record<string, Territory> {
    if (!this.tableOwned) {
      this.s.territories = { ...this.s.territories }
      this.tableOwned = true
    }
    return this.s.territories
  }

  territory(id: unknown, field: string): Territory & { id: string } {
    if (!isTerritory(id))
      reject('conquest/unknown_territory', `${field}: no territory ${JSON.stringify(id)} on the world map (see the map's ids, e.g. "efi")`, 'G1.1')
    // The id rides along for messages and events, unseen by JSON, hashes and copies.
    return Object.defineProperty(this.edit(id), 'id', { value: id, enumerable: false, configurable: true }) as Territory & { id: string }
  }

  owned(id: unknown, field: string, tribe: ConquestTribe, rule: string): Territory & { id: string } {
    const t = this.territory(id, field)
    if (t.owner !== tribe.id) reject('conquest/not_yours', `${field}: ${t.id} belongs to another tribe`, rule)
    return t
  }

  enemy(id: unknown, field: string, tribe: ConquestTribe, rule: string): Territory & { id: string } {
    const t = this.territory(id, field)
    if (t.owner === tribe.id) reject('conquest/own_target', `${field}: ${t.id} is your own territory`, rule)
    return t
  }

  ownedBy(tribe: TribeId): string[] {
    return Object.keys(this.s.territories).filter((id) => this.s.territories[id]!.owner === tribe)
  }
}

/** A whole number in [min, max], or the order is refused naming its field. */
export function count(value: unknown, field: string, min: number, max = Number.MAX_SAFE_INTEGER, rule?: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    reject(
      'conquest/bad_count',
      `${field} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}; got ${JSON.stringify(value)}`,
      rule,
    )
  }
  return value
}

/** Cargo as an object of goods counts; unknown kinds and bad counts are refused. */
export function cargoOf(value: unknown, field: string, allowed: readonly (keyof Goods)[], rule: string): Partial<Goods> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    reject('conquest/bad_cargo', `${field} is an object of goods counts, e.g. {"basic": 2}`, rule)
  const cargo: Partial<Goods> = {}
  for (const [kind, n] of Object.entries(value)) {
    if (!(allowed as string[]).includes(kind))
      reject('conquest/bad_cargo', `${field}: ${JSON.stringify(kind)} cannot be carried this way; one of ${allowed.join(', ')}`, rule)
    const c = count(n, `${field}.${kind}`, 0, Number.MAX_SAFE_INTEGER, rule)
    if (c > 0) cargo[kind as keyof Goods] = c
  }
  return cargo
}

export const totalOf = (cargo: Partial<Goods>): number => Object.values(cargo).reduce((s, n) => s + n, 0)
