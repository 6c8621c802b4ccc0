// W6.5–W6.15: one battle in a contested location: effective values, the initiative order with
// every tie-break, rounds of turns (retreat, prepared spell or attack), hits to the cheapest
// units, withdrawal at the cap, and the control that follows.
import type { TribeId } from '../../kernel/ids.ts'
import { kind, SPELLS, type Kind } from './data.ts'
import { canonical, neighbours } from './map.ts'
import { rollOff } from './setup.ts'
import type { BattleTurn, Cell, Die, Stack } from './types.ts'
import {
  addUnits,
  barred,
  entryCost,
  gainMana,
  grid,
  keyword,
  removeUnits,
  stackOf,
  takeControl,
  tribeRank,
  tribesIn,
  typeOf,
  valueOf,
  type Work,
} from './work.ts'
import { spellCost } from './magic.ts'

/** What the whole combat phase shares: its active tribe, the fallen piles and the raisings due. */
export interface CombatPhase {
  active: TribeId
  piles: Map<string, { tribe: TribeId; kind: string }[]>
  raises: { at: string; tribe: TribeId; liche: boolean }[]
  pending: Set<string>
}

interface Fighter {
  x: Stack
  k: Kind
  ini: number
  rank: number
  rear: boolean
  turns: number
}

export interface Battle {
  at: string
  cell: Cell
  controller: TribeId | null
  fighters: Fighter[]
  effects: { spell: string; tribe: TribeId }[]
  charges: Map<TribeId, number>
  mob: Set<TribeId>
  furia: Set<TribeId>
}

/** W6.7: voladora 3, mágica 2, única 1, else 0; a kind takes its highest. */
export const rankOf = (k: Kind) => (k.type === 'voladora' ? 3 : k.type === 'magica' ? 2 : k.unique ? 1 : 0)

/** W6.12 step 2: the stack of `tribe` in `c` the next hit goes to. */
function victim(w: Work, c: Cell, tribe: TribeId, ojo: boolean, b: Battle | null): Stack | undefined {
  const list = w.tribe(tribe).casualtyList
  const place = (id: string) => (list.includes(id) ? list.indexOf(id) : list.length)
  const ini = (x: Stack) => b?.fighters.find((f) => f.x === x)?.ini ?? kind(x.kind).ini
  return c.stacks
    .filter((x) => x.tribe === tribe && x.count > 0)
    .sort((a, z) => {
      const ka = kind(a.kind)
      const kz = kind(z.kind)
      return (
        (ojo ? kz.cost - ka.cost : ka.cost - kz.cost) || place(a.kind) - place(z.kind) || ini(a) - ini(z) || z.count - a.count || (a.kind < z.kind ? -1 : 1)
      )
    })[0]
}

/** W6.12, W6.13: hits one at a time; Escudo only in a battle (W11.19); the fallen go to the pile. */
export function strike(w: Work, ph: CombatPhase, at: string, tribe: TribeId, hits: number, ojo: boolean, b: Battle | null, only?: Stack) {
  const c = w.own(at)
  const fell: { tribe: TribeId; kind: string }[] = []
  for (let i = 0; i < hits; i++) {
    const charges = b?.charges.get(tribe) ?? 0
    if (charges > 0) {
      b!.charges.set(tribe, charges - 1)
      continue
    }
    const x = only ?? victim(w, c, tribe, ojo, b)
    if (!x || x.count === 0) break
    const k = kind(x.kind)
    x.damage++
    if (x.damage < k.hp + (b?.effects.some((e) => e.spell === 'runa_piedra' && e.tribe === tribe) ? 1 : 0)) continue
    x.damage = 0
    removeUnits(c, x, 1)
    fell.push({ tribe, kind: x.kind })
    const pile = ph.piles.get(at) ?? ph.piles.set(at, []).get(at)!
    pile.push({ tribe, kind: x.kind })
    if (k.ofrenda) gainMana(w.tribe(tribe), 1)
  }
  return fell
}

/** W6.17: the enemy tribe with the highest value now (ties: earlier canonical). */
export function targetTribe(w: Work, c: Cell, own: TribeId): TribeId | undefined {
  return tribesIn(c)
    .filter((t) => t !== own)
    .sort((a, z) => valueOf(c, z) - valueOf(c, a) || tribeRank(w.s, a) - tribeRank(w.s, z))[0]
}

/** W6.9, W6.14, W11.11: a valid destination for `leaving` units of a stack, preferring `destino`. */
export function destination(w: Work, ph: CombatPhase, at: string, x: Stack, leaving: number, destino: string | undefined): string | null {
  const k = kind(x.kind)
  const valid = (id: string) => {
    const c = w.s.cells[id]!
    if (tribesIn(c).some((t) => t !== x.tribe) || ph.pending.has(id) || barred(c, k, x.tribe) || entryCost(w.s, c, k) > k.mov) return false
    const there = stackOf(c, x.tribe, k.id)?.count ?? 0
    const magic = c.stacks.filter((y) => y.tribe === x.tribe && y.kind !== k.id && kind(y.kind).type === 'magica').reduce((n, y) => n + y.count, 0)
    return there + leaving <= (k.unique || k.type === 'magica' ? 1 : 4) && (k.type !== 'magica' || magic === 0)
  }
  const near = neighbours(grid(w.s), at)
  if (destino && near.includes(destino) && valid(destino)) return destino
  const ok = near.filter(valid)
  const cost = (id: string) => entryCost(w.s, w.s.cells[id]!, k)
  ok.sort((a, z) => Number(w.s.cells[z]!.controller === x.tribe) - Number(w.s.cells[a]!.controller === x.tribe) || cost(a) - cost(z) || canonical(a, z))
  return ok[0] ?? null
}

/** Units leave for `dest`, arriving moved and unhurt (W11.9, W11.10), taking control there (W2.9). */
export function leave(w: Work, at: string, x: Stack, count: number, dest: string) {
  removeUnits(w.own(at), x, count)
  const c = w.own(dest)
  addUnits(w.s, c, x.tribe, x.kind, count, count)
  takeControl(w, c, x.tribe, true)
}

/** W6.6: effective attack, limited to 1–6. */
function attackOf(w: Work, b: Battle, f: Fighter, round: number): number {
  const { k, x } = f
  const type = typeOf(b.cell)
  const mine = (spell: string) => b.effects.some((e) => e.spell === spell && e.tribe === x.tribe)
  const theirs = (spell: string) => b.effects.filter((e) => e.spell === spell && e.tribe !== x.tribe).length
  let a = k.att
  if (round === 1 && k.faction === 'barbaros' && b.furia.has(x.tribe) && k.range === 0) a++
  if (k.faction === 'orcos' && k.range === 0 && (b.mob.has(x.tribe) || mine('grito_guerra'))) a++
  if (k.baluarte && type === 'ciudad') a++
  if (keyword(b.cell, 'murallas') && b.controller === x.tribe) a++
  if (keyword(b.cell, 'calor') && k.type !== 'desierto' && k.type !== 'voladora') a--
  if (keyword(b.cell, 'sirenas') && k.type !== 'agua') a--
  if (keyword(b.cell, 'sol') && k.faction === 'no_muertos') a--
  if (mine('bendicion')) a++
  a -= theirs('maldicion')
  a -= b.cell.lasting.filter((l) => l.spell === 'corrupcion' && l.tribe !== x.tribe).length
  return Math.min(6, Math.max(1, a))
}

/** W6.6: effective initiative at the battle's start. */
function initiativeOf(b: Battle, x: Stack, k: Kind, leaders: Set<TribeId>): number {
  let i = k.ini
  if (k.faction === 'amazonas' && typeOf(b.cell) === 'bosque') i++
  if (leaders.has(x.tribe) && !k.leader) i++
  if (keyword(b.cell, 'vigia') && b.controller === x.tribe) i++
  if (keyword(b.cell, 'emboscada') && k.type === 'bosque') i++
  if (keyword(b.cell, 'sombras') && k.type !== 'bosque' && k.type !== 'voladora') i--
  if (b.cell.lasting.some((l) => l.spell === 'prisa' && l.tribe === x.tribe)) i++
  i -= b.effects.filter((e) => e.spell === 'terror' && e.tribe !== x.tribe).length
  return i
}

/** W6.7: initiative, class rank, printed cost, then roll-offs in canonical order. */
function initiativeOrder(w: Work, b: Battle, rolls: Die[]): Fighter[] {
  const key = (f: Fighter) => [-f.ini, -f.rank, -f.k.cost]
  const sorted = b.fighters.slice().sort((a, z) => {
    const ka = key(a)
    const kz = key(z)
    return ka[0]! - kz[0]! || ka[1]! - kz[1]! || ka[2]! - kz[2]!
  })
  const out: Fighter[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i + 1
    while (j < sorted.length && key(sorted[j]!).join() === key(sorted[i]!).join()) j++
    const log: { entry: Fighter; die: Die }[] = []
    out.push(...rollOff(sorted.slice(i, j), () => w.d6(), log))
    rolls.push(...log.map((l) => l.die))
    i = j
  }
  return out
}

/** W6.5–W6.15: the battle in `at`; returns its log entry. */
export function fight(w: Work, ph: CombatPhase, at: string) {
  const c = w.own(at)
  const b: Battle = { at, cell: c, controller: c.controller, fighters: [], effects: [], charges: new Map(), mob: new Set(), furia: new Set() }
  for (const mark of w.s.battleMarks) {
    const [spell, where, tribe] = mark.split(':')
    if (where === at) {
      b.effects.push({ spell: spell!, tribe: tribe! })
      if (spell === 'escudo') b.charges.set(tribe!, (b.charges.get(tribe!) ?? 0) + 2)
    }
  }
  const present = c.stacks.filter((x) => x.count > 0)
  const leaders = new Set(present.filter((x) => kind(x.kind).leader === 'reina' || kind(x.kind).leader === 'rey').map((x) => x.tribe))
  for (const x of present) {
    const k = kind(x.kind)
    b.fighters.push({ x, k, ini: initiativeOf(b, x, k, leaders), rank: rankOf(k), rear: false, turns: 0 })
  }
  const rolls: Die[] = []
  const order = initiativeOrder(w, b, rolls)
  const turns: BattleTurn[] = []
  const withdrew: string[] = []
  const others = (tribe: TribeId) => tribesIn(c).filter((t) => t !== tribe)
  const over = () => tribesIn(c).length <= 1
  for (let round = 1; round <= 10 && !over(); round++) {
    // W1.10, W11.13: Muchedumbre (and the Señor's easing) at each round's start; Furia in round 1.
    b.mob.clear()
    for (const t of tribesIn(c)) {
      const own = c.stacks.filter((x) => x.tribe === t).reduce((n, x) => n + x.count, 0)
      const enemy = others(t).reduce((n, o) => n + c.stacks.filter((x) => x.tribe === o).reduce((m, x) => m + x.count, 0), 0)
      const senor = c.stacks.some((x) => x.tribe === t && x.count > 0 && kind(x.kind).leader === 'senor')
      if (own > enemy || (senor && own >= enemy)) b.mob.add(t)
      const caudillo = c.stacks.some((x) => x.tribe === t && x.count > 0 && kind(x.kind).leader === 'caudillo')
      if (round === 1 && (t === ph.active || caudillo)) b.furia.add(t)
    }
    let acted = false
    for (const f of order) {
      if (over()) break
      if (f.rear || f.x.count === 0) continue
      acted = true
      f.turns++
      turns.push(turn(w, ph, b, f, round))
    }
    if (!acted) break
  }
  // The loop ended with two tribes left: a round without a turn, or round 10.
  if (!over()) {
    // W6.14, W11.11: the active tribe's stacks still there withdraw whole, or fall.
    for (const x of c.stacks.filter((y) => y.tribe === ph.active && y.count > 0)) {
      const o = x.order ?? w.tribe(x.tribe).defaultOrder
      const dest = keyword(c, 'abismo') ? null : destination(w, ph, at, x, x.count, o.modo === 'retirarse' ? o.destino : undefined)
      if (dest) leave(w, at, x, x.count, dest)
      else strike(w, ph, at, x.tribe, x.count * kind(x.kind).hp, false, null, x)
      withdrew.push(`${x.kind}>${dest ?? 'fallen'}`)
    }
  }
  const left = tribesIn(c)
  if (left.length === 1) takeControl(w, c, left[0]!, true)
  const defender = b.fighters.map((f) => f.x.tribe).find((t) => t !== ph.active) ?? ph.active
  w.emit({
    type: 'battle',
    at,
    attacker: ph.active,
    defender,
    order: order.map((f) => `${f.x.tribe}:${f.k.id}`),
    initiative: order.map((f) => f.ini),
    rolls,
    turns,
    winner: left[0] ?? null,
    withdrew,
  })
}

/** W6.8: one turn: a retreat, else the prepared spell, else an attack. */
function turn(w: Work, ph: CombatPhase, b: Battle, f: Fighter, round: number): BattleTurn {
  const { x, k } = f
  const c = b.cell
  const t = w.tribe(x.tribe)
  const o = x.order ?? t.defaultOrder
  const base = { round, tribe: x.tribe, kind: k.id }
  if (o.modo === 'retirarse' && !k.implacable && !keyword(c, 'abismo')) {
    const own = valueOf(c, x.tribe)
    const rest = tribesIn(c)
      .filter((z) => z !== x.tribe)
      .reduce((n, z) => n + valueOf(c, z), 0)
    if (o.umbral === 'siempre' || 100 * own < (o.umbral as number) * rest) {
      const stay = Math.min(o.retaguardia ?? 0, x.count - 1)
      const dest = destination(w, ph, b.at, x, x.count - stay, o.destino)
      if (dest) {
        leave(w, b.at, x, x.count - stay, dest)
        f.rear = true
        return { ...base, act: 'retreat', to: dest }
      }
    }
  }
  const spell = o.hechizo ? SPELLS.get(o.hechizo) : undefined
  if (f.turns === 1 && spell && b.controller === x.tribe) {
    const cost = spellCost(t, spell, c)
    const already =
      spell.id !== 'rayo' && spell.id !== 'bola_fuego' && spell.id !== 'lluvia_azufre' && b.effects.some((e) => e.spell === spell.id && e.tribe === x.tribe)
    if (t.mana >= cost && !already) {
      t.mana -= cost
      return { ...base, act: 'spell', spell: spell.id, ...castInBattle(w, ph, b, x.tribe, spell.id, k) }
    }
  }
  const attack = attackOf(w, b, f, round)
  const dice: Die[] = []
  for (let i = 0; i < x.count; i++) dice.push(w.d6())
  const hits = dice.filter((d) => d.face <= attack).length
  const target = targetTribe(w, c, x.tribe)!
  const fell = strike(w, ph, b.at, target, hits, k.ojo, b)
  return { ...base, act: 'attack', attack, dice, hits, fell }
}

/** W6.10, Appendix C: a prepared spell's effect on its battle. */
function castInBattle(w: Work, ph: CombatPhase, b: Battle, tribe: TribeId, spell: string, k: Kind): Partial<BattleTurn> {
  if (spell === 'escudo') b.charges.set(tribe, (b.charges.get(tribe) ?? 0) + 2)
  if (spell === 'levantar_muertos') ph.raises.push({ at: b.at, tribe, liche: k.leader === 'liche' })
  const target = targetTribe(w, b.cell, tribe)!
  if (spell === 'lluvia_azufre') {
    const fell = b.cell.stacks.filter((x) => x.tribe !== tribe && x.count > 0).flatMap((x) => strike(w, ph, b.at, x.tribe, 1, false, b, x))
    return { fell }
  }
  if (spell === 'rayo' || spell === 'bola_fuego') {
    const dice: Die[] = []
    for (let i = 0; i < (spell === 'rayo' ? 3 : 5); i++) dice.push(w.d6())
    const hits = dice.filter((d) => d.face <= 4).length
    return { dice, hits, fell: strike(w, ph, b.at, target, hits, false, b) }
  }
  b.effects.push({ spell, tribe })
  return {}
}
