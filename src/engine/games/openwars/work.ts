// The working copy every Open Wars rule acts on, its dice, and the board's shared reckonings:
// stacks, entry costs (W5.3), who may enter where (W5.5, W5.6), stacking limits (W5.10),
// control (W2.9), army value (W1.7) and the tribe-wide pools (W1.8, W4.3).
import { copyOf } from '../../kernel/copy-on-write.ts'
import { reject } from '../../kernel/errors.ts'
import { WEEKDAYS, type TribeId } from '../../kernel/ids.ts'
import type { Rng } from '../../kernel/rng.ts'
import { WorkingCopy } from '../../kernel/working-copy.ts'
import { card, kind, KINDS, type Card, type Kind, type LocationType } from './data.ts'
import type { Grid } from './map.ts'
import type { Cell, Die, OpenEvent, OpenState, OpenTribe, Stack } from './types.ts'

export { reject }

export class Work extends WorkingCopy<OpenState, OpenEvent, OpenTribe> {
  /** The locations this step has copied to write into; the others are the given state's, read only. */
  private readonly owned = new Set<string>()
  private allOwned = false
  /** Whether `s.cells` is this step's own record yet (copied at the first location owned). */
  private cellsOwned = false

  constructor(base: OpenState, rng: Rng) {
    // Copy-on-write by location (#47): the locations are five sixths of the state and an order
    // writes one to three of them, so each is copied at its first write (own) and the others are
    // shared with the given state, as is the record of them until then; the rest is small and
    // copied. Plain objects, no proxies: the rules scan every location's stacks, and a draft's
    // proxies made each read cost.
    // The tribes are copied one level deep (a rule writes a tribe's fields, and replaces its lists
    // and records rather than writing into them); the lists a step appends to are copied.
    const { cells, tribes, rng: dice, contested, declared, battleMarks } = base
    super(
      {
        ...base,
        cells,
        tribes: tribes.map((t) => ({ ...t })),
        rng: { ...dice },
        contested: [...contested],
        declared: [...declared],
        battleMarks: [...battleMarks],
      },
      rng,
    )
  }

  /** Location `id` to write into: this step's own copy of it. */
  own(id: string): Cell {
    if (!this.allOwned && !this.owned.has(id)) {
      // Stryker disable next-line ConditionalExpression: copying the record again is slower, not different
      if (!this.cellsOwned) {
        this.s.cells = { ...this.s.cells }
        // Stryker disable next-line BooleanLiteral: copying the record again is slower, not different
        this.cellsOwned = true
      }
      this.owned.add(id)
      this.s.cells[id] = copyOf(this.s.cells[id]!)
    }
    return this.s.cells[id]!
  }

  /** Every location to write into, for the steps that reach the whole board (a window's resets, combat, an elimination). */
  ownAll() {
    // Stryker disable next-line ConditionalExpression: own() skips what is owned already, so going through again is slower, not different
    if (this.allOwned) return
    for (const id of Object.keys(this.s.cells)) this.own(id)
    this.allOwned = true
  }

  /** Location `id`, checked, as this step's own copy (the rules write into what they name). */
  cell(id: unknown, field: string, rule = 'W2.1'): Cell & { id: string } {
    if (typeof id !== 'string' || !Object.hasOwn(this.s.cells, id))
      reject('location/unknown', `${field}: no location ${JSON.stringify(id)} on this map`, rule, { field })
    return Object.defineProperty(this.own(id), 'id', { value: id, enumerable: false, configurable: true }) as Cell & { id: string }
  }
}

export const grid = (s: OpenState): Grid => ({ rows: s.rows, cols: s.cols, wrap: s.wrap })

/** W11.2: tribes in weekday order once weekdays are assigned (join order before). */
export function tribeRank(s: OpenState, id: TribeId): number {
  const i = s.tribes.findIndex((t) => t.id === id)
  return s.round === 0 ? i : WEEKDAYS.indexOf(s.tribes[i]!.weekday)
}

/** W11.2: stacks by tribe, then kind id. */
export function sortStacks(s: OpenState, stacks: Stack[]) {
  stacks.sort((a, b) => tribeRank(s, a.tribe) - tribeRank(s, b.tribe) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0))
}

export const cardOf = (c: Cell): Card => card(c.card)
export const has = (c: Cell, spell: string) => c.lasting.some((l) => l.spell === spell)
export const keyword = (c: Cell, k: string) => cardOf(c).keyword === k || (k === 'niebla' && has(c, 'velo'))

/** Appendix C (Llamada de la selva): the type every rule reads. */
export const typeOf = (c: Cell): LocationType => (has(c, 'llamada_selva') ? 'bosque' : cardOf(c).type)

export const tribesIn = (c: Cell): TribeId[] => [...new Set(c.stacks.filter((x) => x.count > 0).map((x) => x.tribe))]
export const unitsOf = (c: Cell, tribe: TribeId) => c.stacks.filter((x) => x.tribe === tribe).reduce((n, x) => n + x.count, 0)
export const valueOf = (c: Cell, tribe: TribeId) => c.stacks.filter((x) => x.tribe === tribe).reduce((n, x) => n + x.count * kind(x.kind).cost, 0)
export const stackOf = (c: Cell, tribe: TribeId, k: string) => c.stacks.find((x) => x.tribe === tribe && x.kind === k)

/** W5.3, W2.7, W11.21: printed cost with Senda and Cenagal, less the terrain bonus, at least 1. */
export function entryCost(s: OpenState, c: Cell, k: Kind): number {
  const type = typeOf(c)
  const special = k.type === 'magica' || k.type === 'voladora'
  const bonus = !special && (k.type === type || (k.faction === 'amazonas' && type === 'bosque')) ? 1 : 0
  return Math.max(1, cardOf(c).entry - (has(c, 'senda') ? 1 : 0) + (has(c, 'cenagal') ? 1 : 0) - bonus)
}

/** W2.5, W5.5, W5.6: the reason `k` of `tribe` may not enter `c`, or null. */
export function barred(c: Cell, k: Kind, tribe: TribeId): string | null {
  const water = typeOf(c) === 'agua'
  if (water && k.type !== 'agua' && k.type !== 'voladora' && !k.anfibio) return 'only agua, voladora and Anfibio units enter water (W5.5)'
  if (!water && k.type === 'agua' && !k.anfibio) return 'an agua unit without Anfibio enters only water (W5.5)'
  if (k.type === 'voladora' && keyword(c, 'ceniza')) return 'voladora units cannot enter a ceniza location (W5.6)'
  if (c.lasting.some((l) => l.spell === 'barrera' && l.tribe !== tribe)) return "another tribe's Barrera holds it (W5.6)"
  return null
}

/** W5.10: the tribe's stacks in `c` keep their limits (4 normal, 1 única or mágica; 1 mágica unit). */
export function withinLimits(c: Cell, tribe: TribeId): boolean {
  let magic = 0
  for (const x of c.stacks) {
    if (x.tribe !== tribe) continue
    const k = kind(x.kind)
    if (x.count > (k.unique || k.type === 'magica' ? 1 : 4)) return false
    if (k.type === 'magica') magic += x.count
  }
  return magic <= 1
}

/** Adds units to a tribe's stack of a kind (a new stack starts without a standing order, W5.8). */
export function addUnits(s: OpenState, c: Cell, tribe: TribeId, k: string, count: number, moved: number): Stack {
  let x = stackOf(c, tribe, k)
  if (!x) {
    x = { tribe, kind: k, count: 0, moved: 0, damage: 0, order: null, bonus: [] }
    c.stacks.push(x)
    sortStacks(s, c.stacks)
  }
  x.count += count
  x.moved += moved
  return x
}

/** W11.9: units leave (unmoved first); an emptied stack is gone with its order. */
export function removeUnits(c: Cell, x: Stack, count: number) {
  x.count -= count
  x.moved = Math.min(x.moved, x.count)
  if (x.count <= 0) c.stacks.splice(c.stacks.indexOf(x), 1)
}

/** W4.3: the Bárbaros take every mana as gold. */
export function gainMana(t: OpenTribe, n: number) {
  if (t.faction === 'barbaros') t.gold += n
  else t.mana += n
}

/** W2.9, W11.12: a tribe standing alone takes control; `riqueza` pays when it comes from another tribe. */
export function takeControl(w: Work, c: Cell, tribe: TribeId, pays: boolean) {
  if (c.controller === tribe) return
  if (pays && c.controller !== null && keyword(c, 'riqueza')) w.tribe(tribe).gold += 4
  c.controller = tribe
}

/** W1.7: the printed costs of a tribe's units on the map. */
export function armyValue(s: OpenState, tribe: TribeId): number {
  let v = 0
  for (const c of Object.values(s.cells)) v += valueOf(c, tribe)
  return v
}

/** W2.6: a ciudad next to water. */
export function isPort(s: OpenState, id: string, near: (id: string) => string[]): boolean {
  return typeOf(s.cells[id]!) === 'ciudad' && near(id).some((n) => typeOf(s.cells[n]!) === 'agua')
}

export function kindArg(value: unknown, t: OpenTribe, field = 'kind'): Kind {
  const k = typeof value === 'string' ? KINDS.get(value) : undefined
  if (!k || k.faction !== t.faction)
    reject('order/unknown_kind', `${field}: ${JSON.stringify(value)} is not a kind of the ${t.faction} roster`, 'W4.5', { field })
  return k
}

/** A whole number from `min` to `max`; with no `max` known yet (Infinity), `min` or more. */
export function countArg(value: unknown, min: number, max: number, field = 'count', rule = 'W5.1'): number {
  const range = max === Infinity ? `of ${min} or more` : `from ${min} to ${max}`
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    reject('order/bad_count', `${field} must be a whole number ${range}; got ${JSON.stringify(value)}`, rule, { field })
  return value
}
