// The orders of a window that change no map cell (M2.7): plans, hiring, building, the bank, the
// exchange of troops between armies, and the end of a turn.
import { BUILDINGS, noTroops, SLOTS, troopCount, TROOPS, type Stock } from './catalogue.ts'
import { checkCard, checkCombatCards, discard } from './cards.ts'
import { formation } from './battle.ts'
import { KINDS, type Kind } from './tiles.ts'
import { ownEntry } from '../../kernel/dispatch.ts'
import type { Army, BattlePlan, MapCell, Tribe } from './types.ts'
import { addTroops, reject, troopsOf, type Work } from './work.ts'

const TACTICS = ['advance', 'hold', 'shoot']

/** M8.5: a plan's shape; reactions only in a standing plan. */
export function checkPlan(x: unknown, standing: boolean): BattlePlan {
  const plan = x as BattlePlan
  if (typeof x !== 'object' || x === null || !Array.isArray(plan.platoons) || plan.platoons.length < 1 || plan.platoons.length > 5)
    reject('plan/bad_plan', 'a battle plan has 1 to 5 platoon entries and a flee threshold', 'M8.5')
  for (const e of plan.platoons) {
    if (
      !KINDS.includes(e?.kind) ||
      !(e.take === 'all' || (Number.isInteger(e.take) && (e.take as number) >= 1)) ||
      !Number.isInteger(e.column) ||
      e.column < 0 ||
      e.column > 4 ||
      !TACTICS.includes(e.tactic) ||
      (e.tactic === 'shoot' && e.kind !== 'arquero')
    )
      reject('plan/bad_entry', `bad plan entry ${JSON.stringify(e)}: { kind, take (≥ 1 or "all"), column 0–4, tactic (shoot: arqueros only) }`, 'M8.5')
  }
  if (new Set(plan.platoons.map((e) => e.column)).size !== plan.platoons.length)
    reject('plan/columns', 'the entries of a plan stand in distinct columns', 'M8.5')
  if (!Number.isInteger(plan.flee) || plan.flee < 0 || plan.flee > 100) reject('plan/flee', 'flee is a whole number from 0 to 100', 'M8.5')
  if (!standing && plan.reactions !== undefined) reject('plan/reactions', 'reactions belong to the standing plan only', 'M8.5')
  return { platoons: plan.platoons.map((e) => ({ kind: e.kind, take: e.take, column: e.column, tactic: e.tactic })), flee: plan.flee }
}

/** M8.5, M9.8: the standing plan, its reactions reserved (checked as if every kind could form, M13.26). */
export function setBattlePlan(w: Work, t: Tribe, o: Record<string, unknown>) {
  const plan = checkPlan(o.plan, true)
  const reactions = (o.plan as BattlePlan).reactions
  // A reaction is checked against the plan with one of every kind: whether it fires is the battle's business.
  const every = { leva: 99, soldado: 99, arquero: 99, caballero: 99 }
  // The old plan's reactions are released by the change (M9.8), so they may be named again.
  t.plan = null
  if (reactions !== undefined) plan.reactions = checkCombatCards(t, reactions, plan, formation(every, plan, 'D'), new Set(), 'M9.8', true)
  t.plan = plan
}

export function ownVillage(w: Work, t: Tribe, key: unknown): MapCell {
  const c = w.cell(key)
  if (c.owner !== t.id || !c.castle) reject('village/not_owned', `${t.name} owns no village at ${c.key}`, 'M3.1')
  // Hiring, building and investing write into its castle.
  return w.cellToWrite(c.key)
}

/** M5.5: combat slots, one per village; convoy slots, one per Almacén. */
export function slotsOf(w: Work, t: Tribe) {
  const villages = w.villagesOf(t.id)
  const almacenes = villages.filter((c) => Object.values(c.castle!.slots).includes('almacen')).length
  const armies = w.s.armies.filter((a) => a.tribe === t.id)
  return { combat: villages.length - armies.filter((a) => !a.convoy).length, convoy: almacenes - armies.filter((a) => a.convoy).length }
}

export function newArmy(w: Work, t: Tribe, cell: string, convoy: boolean): Army {
  const a: Army = { id: w.s.nextArmy++, tribe: t.id, cell, troops: noTroops(), convoy, tired: false, steps: 0, bonus: 0, cast: [] }
  w.s.armies.push(a)
  return a
}

const pay = (t: Tribe, cost: Stock, rule: string, what: string) => {
  if (t.stock.oro < cost.oro || t.stock.madera < cost.madera || t.stock.piedra < cost.piedra)
    reject(
      'stock/short',
      `${what} costs ${cost.oro} oro, ${cost.madera} madera, ${cost.piedra} piedra; ${t.name} has ${t.stock.oro} / ${t.stock.madera} / ${t.stock.piedra}`,
      rule,
    )
  t.stock.oro -= cost.oro
  t.stock.madera -= cost.madera
  t.stock.piedra -= cost.piedra
}

/** M5.4, M5.5, M13.18. */
export function hire(w: Work, t: Tribe, o: Record<string, unknown>) {
  const village = ownVillage(w, t, o.village)
  const troops = troopsOf(o.troops, 'M5.4')
  if (troopCount(troops) === 0) reject('hire/empty', 'a hire names at least one troop', 'M13.18')
  const castle = village.castle!
  for (const k of KINDS)
    if (troops[k] > castle.reserve[k]) reject('hire/reserve', `the castle at ${village.key} has ${castle.reserve[k]} ${k} in its reserve`, 'M5.4')
  let army: Army
  if (o.army === 'new' || o.army === 'newConvoy') {
    const convoy = o.army === 'newConvoy'
    if (slotsOf(w, t)[convoy ? 'convoy' : 'combat'] < 1) reject('hire/no_slot', `${t.name} has no free ${convoy ? 'convoy' : 'combat'} slot`, 'M5.5')
    army = newArmy(w, t, village.key, convoy)
  } else {
    army = w.army(t, o.army)
    if (army.cell !== village.key) reject('hire/not_here', `army ${army.id} is not on the village ${village.key}`, 'M5.4')
  }
  const cost = { oro: 0, madera: 0, piedra: 0 }
  for (const k of KINDS) for (const r of ['oro', 'madera'] as const) cost[r] += troops[k] * TROOPS[k].price[r]
  pay(t, cost, 'M5.4', 'this hire')
  addTroops(castle.reserve, troops, -1)
  addTroops(army.troops, troops)
}

/** M3.3–M3.8, M9.9, M13.20, M13.25 (its order of checks). */
export function build(w: Work, t: Tribe, o: Record<string, unknown>) {
  const village = ownVillage(w, t, o.village)
  const b = ownEntry(BUILDINGS, o.building)
  if (!b) reject('build/unknown', `no building ${JSON.stringify(o.building)}`, 'M3.4')
  const slot = ownEntry(SLOTS, o.slot)
  if (!slot) reject('build/unknown_slot', `no slot ${JSON.stringify(o.slot)}: 1a–1d, 2a–2c, 3a, 3b, 4a`, 'M3.2')
  const castle = village.castle!
  if (castle.built) reject('build/built', `the castle at ${village.key} has built this window`, 'M3.4')
  if (Object.values(castle.slots).includes(b.id)) reject('build/holds', `the castle at ${village.key} holds a ${b.id} already`, 'M3.4')
  if (castle.slots[o.slot as string] || slot.level < b.level || (b.wonder && o.slot !== '4a') || slot.on.some((s) => !castle.slots[s]))
    reject('build/slot', `${b.id} (level ${b.level}) cannot go in slot ${o.slot}: free, of its level or higher, on two built slots`, 'M3.3')
  if (b.wonder && Object.values(w.s.cells).some((c) => c.castle && Object.values(c.castle.slots).includes(b.id)))
    reject('build/wonder', `${b.id} stands somewhere already`, 'M3.7')
  if (b.out) reject('build/struck_out', `${b.id} is not in the game`, 'M3.8')
  const cost = { ...b.cost }
  const taken = new Set<string>()
  const cards = o.cards === undefined ? [] : o.cards
  if (!Array.isArray(cards)) reject('card/bad_cards', 'build cards are a list of { card, boosters }', 'M9.9')
  const used = cards.map((c: { card: string; boosters?: string[] }) => ({
    ...checkCard(t, c?.card, c?.boosters, ['regateador', 'maderero', 'pedrero'], taken, 'M9.9'),
    c,
  }))
  if (new Set(used.map((u) => u.kind)).size !== used.length) reject('card/one_per_target', 'one card of a kind per build', 'M9.7')
  for (const u of used) {
    const r = u.kind === 'regateador' ? 'oro' : u.kind === 'maderero' ? 'madera' : 'piedra'
    cost[r] = Math.max(0, cost[r] - 1 - u.s)
  }
  const invest = b.wonder ? investment(w, t, b.wonder, o.invest) : 0
  if (b.wonder === 'oro' || b.wonder === 'piedra') cost[b.wonder] += invest
  pay(t, cost, 'M3.4', `${b.id} with its investment`)
  for (const u of used) discard(w, t, u.c.card, u.c.boosters)
  // M3.7: the investment is x ≥ 0, so an Ares built with none names no sources.
  if (b.wonder === 'troops')
    for (const x of (o.invest ?? []) as { village: string; kind: Kind; n: number }[]) w.cellToWrite(x.village).castle!.reserve[x.kind] -= x.n
  castle.slots[o.slot as string] = b.id
  castle.built = true
  if (b.wonder) {
    castle.invest = invest
    w.s.wonderBuilt = true
  }
}

/** M3.7, M13.20: units invested in a wonder; Ares takes troops from the tribe's castles' reserves. */
function investment(w: Work, t: Tribe, kind: string, x: unknown): number {
  if (x === undefined) return 0
  if (kind !== 'troops') {
    if (!Number.isInteger(x) || (x as number) < 0) reject('build/invest', 'an investment is a whole number ≥ 0', 'M3.7')
    return x as number
  }
  if (!Array.isArray(x)) reject('build/invest', 'the Templo de Ares takes [{ village, kind, n }] from reserves', 'M13.20')
  const need = new Map<string, number>()
  let total = 0
  for (const s of x as { village: string; kind: Kind; n: number }[]) {
    const c = ownVillage(w, t, s?.village)
    if (!KINDS.includes(s.kind) || !Number.isInteger(s.n) || s.n < 1) reject('build/invest', `bad investment ${JSON.stringify(s)}`, 'M13.20')
    const key = `${c.key}/${s.kind}`
    need.set(key, (need.get(key) ?? 0) + s.n)
    if (need.get(key)! > c.castle!.reserve[s.kind]) reject('build/invest', `the reserve at ${c.key} has ${c.castle!.reserve[s.kind]} ${s.kind}`, 'M3.7')
    total += s.n
  }
  return total
}

const EXCHANGES: Record<string, { give: keyof Stock; n: number; get: keyof Stock; m: number }> = {
  'sell-madera': { give: 'madera', n: 1, get: 'oro', m: 1 },
  'sell-piedra': { give: 'piedra', n: 1, get: 'oro', m: 2 },
  'buy-madera': { give: 'oro', n: 2, get: 'madera', m: 1 },
  'buy-piedra': { give: 'oro', n: 3, get: 'piedra', m: 1 },
}

/** M4.4, M4.5. */
export function bankTrade(w: Work, t: Tribe, o: Record<string, unknown>) {
  const villages = w.villagesOf(t.id)
  const mercados = villages.filter((c) => Object.values(c.castle!.slots).includes('mercado')).length
  if (mercados === 0) reject('bank/no_mercado', `${t.name} owns no Mercado`, 'M4.4')
  const x = ownEntry(EXCHANGES, o.exchange)
  if (!x) reject('bank/unknown', `no exchange ${JSON.stringify(o.exchange)}: ${Object.keys(EXCHANGES).join(', ')}`, 'M4.4')
  const n = o.n as number
  if (!Number.isInteger(n) || n < 1) reject('bank/count', 'the count is a whole number ≥ 1', 'M4.4')
  const limit = villages.length + mercados
  if (t.bankUsed + n > limit) reject('bank/limit', `${t.name} may make ${limit} exchanges this window and has made ${t.bankUsed}`, 'M4.5')
  if (t.stock[x.give] < n * x.n) reject('stock/short', `${n} × ${o.exchange} needs ${n * x.n} ${x.give}`, 'M4.4')
  t.stock[x.give] -= n * x.n
  t.stock[x.get] += n * x.m
  t.bankUsed += n
}

/** M5.7, M13.18. */
export function exchange(w: Work, t: Tribe, o: Record<string, unknown>) {
  const ids = o.armies as unknown[]
  const gives = o.give as unknown[]
  if (!Array.isArray(ids) || ids.length !== 2 || !Array.isArray(gives) || gives.length !== 2)
    reject('exchange/bad', 'an exchange names two armies and what each gives', 'M5.7')
  const [a, b] = [w.army(t, ids[0]), w.army(t, ids[1])]
  if (a === b || a.cell !== b.cell) reject('exchange/apart', 'the two armies stand on one cell', 'M5.7')
  const [ga, gb] = [troopsOf(gives[0], 'M5.7'), troopsOf(gives[1], 'M5.7')]
  if (troopCount(ga) + troopCount(gb) === 0) reject('exchange/empty', 'an exchange moves at least one troop', 'M13.18')
  for (const k of KINDS) if (ga[k] > a.troops[k] || gb[k] > b.troops[k]) reject('exchange/short', `an army gives only troops it has (${k})`, 'M5.7')
  addTroops(a.troops, ga, -1)
  addTroops(b.troops, ga)
  addTroops(b.troops, gb, -1)
  addTroops(a.troops, gb)
  a.tired = b.tired = true
  w.s.armies = w.s.armies.filter((x) => troopCount(x.troops) > 0)
}

/** M2.9, M2.10: ending the turn closes the window. */
export function endTurn(w: Work, t: Tribe) {
  closeArmies(w, t)
  t.window = 'ended'
}

export function closeArmies(w: Work, t: Tribe) {
  for (const a of w.armiesToWrite(t.id)) Object.assign(a, { tired: true, bonus: 0 })
}
