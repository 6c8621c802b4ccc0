// M8.1, M8.15–M8.17, M3.10: who defends a cell, the battle fought from both plans, and what it
// leaves: survivors back to their armies and reserve, VP, the dispersal of a side that fled.
import type { TribeId } from '../../kernel/ids.ts'
import { noTroops, troopCount, type Troops } from './catalogue.ts'
import { applyCards, defaultPlan, fight, formation, guardFormation, killValue, platoonOfEntry, survivors } from './battle.ts'
import { levelOfCard } from './explore.ts'
import type { Army, BattlePlan, CombatCard, Die, MapCell, Tribe } from './types.ts'
import type { Work } from './work.ts'

export interface Defence {
  tribe: Tribe | null
  armies: Army[]
  militia: boolean
  troops: Troops
}

/** M8.1: the defenders of a cell against `attacker`, or null when there is no battle. */
export function defendersOf(w: Work, attacker: Tribe, cell: MapCell): Defence | null {
  if (cell.guards.length > 0) {
    const troops = noTroops()
    for (const g of cell.guards) troops[g.kind] += g.n
    return { tribe: null, armies: [], militia: false, troops }
  }
  const armies = w.s.armies.filter((a) => a.cell === cell.key && a.tribe !== attacker.id)
  const owner = armies[0]?.tribe ?? cell.owner
  if (owner === null || owner === attacker.id) return null
  const militia = cell.castle !== null && cell.owner === owner && troopCount(cell.castle.reserve) > 0
  if (armies.length === 0 && !militia) return null
  const troops = noTroops()
  for (const a of armies) for (const k of Object.keys(troops) as (keyof Troops)[]) troops[k] += a.troops[k]
  if (militia) for (const k of Object.keys(troops) as (keyof Troops)[]) troops[k] += cell.castle!.reserve[k]
  return { tribe: w.tribe(owner), armies, militia, troops }
}

/** The plan an attack is fought by (M8.5, M13.13): the order's, else the standing one, else the default. */
export const attackPlan = (t: Tribe, army: Army, plan: BattlePlan | undefined) => plan ?? t.plan ?? defaultPlan(army.troops)

/** M9.8: the defender's reactions that fire: those whose entry makes a platoon. */
export function firingReactions(def: Defence): CombatCard[] {
  if (!def.tribe?.plan?.reactions) return []
  const platoons = formation(def.troops, def.tribe.plan, 'D')
  return def.tribe.plan.reactions.filter((r) => platoonOfEntry(platoons, r.entry))
}

/**
 * Fights the battle of `army` entering `cell` and applies its end (M8.15); returns the result.
 * `cards` are the attack's, already checked and discarded (M13.12).
 */
export function battle(
  w: Work,
  t: Tribe,
  army: Army,
  cell: MapCell,
  def: Defence,
  plan: BattlePlan,
  cards: CombatCard[],
): 'attacker' | 'defender' | 'standoff' {
  const dice: Die[] = []
  const attackers = formation(army.troops, plan, 'A')
  applyCards(attackers, cards)
  const defPlan = def.tribe ? (def.tribe.plan ?? defaultPlan(def.troops)) : null
  const defenders = defPlan ? formation(def.troops, defPlan, 'D') : guardFormation(cell.guards)
  const reactions = firingReactions(def)
  applyCards(defenders, reactions)
  const used = [...cards, ...reactions].flatMap((c) => [c.card, ...(c.boosters ?? [])])
  if (def.tribe && reactions.length > 0) {
    // M9.8: fired reactions are discarded with their boosters; the plan keeps the rest.
    const d = def.tribe
    const fired = new Set(reactions.flatMap((c) => [c.card, ...(c.boosters ?? [])]))
    d.hand = d.hand.filter((c) => !fired.has(c))
    for (const c of reactions.flatMap((c) => [c.card, ...(c.boosters ?? [])])) w.s.piles[levelOfCard(c)].push(c)
    d.plan = { ...d.plan!, reactions: d.plan!.reactions!.filter((r) => !reactions.includes(r)) }
  }
  const out = fight({
    attackers,
    defenders,
    attackerFlee: plan.flee,
    defenderFlee: defPlan?.flee ?? 0,
    defenderStays: def.tribe === null || def.militia || (cell.castle !== null && cell.owner === def.tribe.id),
    obstacles: w.s.settings.obstacles === 'random',
    draw: (n, purpose) => w.weekly(n, purpose, dice),
  })
  const winner: TribeId | null = out.result === 'attacker' ? t.id : out.result === 'defender' ? (def.tribe?.id ?? null) : null
  const vp = out.result === 'attacker' ? killValue(out.killed.D) : out.result === 'defender' && def.tribe ? killValue(out.killed.A) : 0
  if (winner) w.tribe(winner).battleVp += vp
  const leftA = survivors(out.platoons, 'A')
  const leftD = survivors(out.platoons, 'D')
  let die = 0
  if (out.fled && troopCount(out.fled === 'A' ? leftA : leftD) > 0) die = w.weekly(3, 'dispersal', dice) + 1
  w.emit({
    type: 'battle',
    record: {
      attacker: t.id,
      defender: def.tribe?.id ?? null,
      from: army.cell,
      cell: cell.key,
      obstacles: out.obstacles,
      platoons: out.start.map((p) => ({ id: p.id, kind: p.kind, n: p.n, x: p.x, y: p.y, tactic: p.tactic, hp: p.hp, move: p.move })),
      rounds: out.rounds,
      pursuit: out.pursuit,
      fled: out.fled,
      result: out.result,
      killed: out.killed,
      vp,
      dice,
      cards: used,
    },
  })
  // The attacker's army: its survivors, or gone (M8.15), a fled side dispersing (M8.17).
  army.troops = leftA
  army.tired = true
  if (out.result === 'defender') {
    w.s.armies = w.s.armies.filter((a) => a.id !== army.id)
    if (out.fled === 'A' && die > 0) disperse(w, t, leftA, cell.key, die)
  }
  if (!def.tribe) {
    w.cellToWrite(cell.key).guards =
      out.result === 'attacker' ? [] : out.platoons.filter((p) => p.side === 'D' && p.n > 0).map((p) => ({ kind: p.kind, n: p.n }))
    return out.result
  }
  if (out.result === 'attacker') {
    w.s.armies = w.s.armies.filter((a) => !def.armies.some((d) => d.id === a.id))
    // A militia never flees (M8.14): the attacker won by killing it all.
    if (def.militia) w.cellToWrite(cell.key).castle!.reserve = noTroops()
    if (out.fled === 'D' && die > 0) disperse(w, def.tribe, leftD, cell.key, die)
    return out.result
  }
  // M3.10: survivors back to the armies in increasing id, each up to what it had, the rest to the reserve.
  for (const a of def.armies.sort((x, y) => x.id - y.id).map((d) => w.armyToWrite(d))) {
    for (const k of Object.keys(leftD) as (keyof Troops)[]) {
      const n = Math.min(a.troops[k], leftD[k])
      a.troops[k] = n
      leftD[k] -= n
    }
  }
  w.s.armies = w.s.armies.filter((a) => troopCount(a.troops) > 0)
  if (def.militia) w.cellToWrite(cell.key).castle!.reserve = leftD
  return out.result
}

function disperse(w: Work, t: Tribe, troops: Troops, from: string, d: number) {
  const id = w.s.nextGroup++
  w.s.dispersed.push({ id, tribe: t.id, troops, from, returns: w.s.round + d })
  w.emit({ type: 'dispersed', tribe: t.id, group: id, troops, returns: w.s.round + d })
}
