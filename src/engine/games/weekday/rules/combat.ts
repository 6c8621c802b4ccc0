// Combat (R8): one d4 from the provable dice, attack against defence, and the
// one resolution of an attack on a land tile used by every order that attacks
// (move, disembark, port assault).
import type { TileKey } from '../hex.ts'
import type { CombatEvent, TribeId, TribeState } from '../types.ts'
import { MAX_TROOPS } from './constants.ts'
import { reject, type Work } from './work.ts'

export interface Fight {
  kind: CombatEvent['kind']
  tile: TileKey
  attacker: TribeId
  attackers: number
  a: 1 | 2
  defender: TribeId | null
  defenders: number
  d: 1 | 2
}

export function fight(w: Work, f: Fight): CombatEvent {
  const { roll, counter } = w.d4()
  const attack = roll + f.attackers * f.a
  const defence = f.defenders * f.d + 2
  const r = attack - defence
  const event: CombatEvent = {
    type: 'combat',
    kind: f.kind,
    tile: f.tile,
    attacker: f.attacker,
    defender: f.defender,
    attackers: f.attackers,
    defenders: f.defenders,
    a: f.a,
    d: f.d,
    roll,
    counter,
    attack,
    defence,
    result: r > 0 ? 'attacker' : r < 0 ? 'defender' : 'tie',
    attackerSurvivors: Math.min(Math.max(r, 0), f.attackers),
    defenderSurvivors: Math.min(Math.max(-r, 0), f.defenders),
  }
  w.emit(event)
  return event
}

/** Applies a fight for a land tile (R8.3) where the winners take the tile. */
export function fightForTile(w: Work, i: number, attacker: TribeId, attackers: number, kind: CombatEvent['kind'], a: 1 | 2, occupy = true): CombatEvent {
  const key = w.map.keys[i]!
  const army = w.army(key)
  const owner = w.s.owners[i]!
  const defender = army ? army.tribe : owner
  const f = fight(w, {
    kind,
    tile: key,
    attacker,
    attackers,
    a,
    defender,
    defenders: army?.troops ?? 0,
    d: w.map.city[i] ? 2 : 1,
  })
  if (f.result === 'attacker') {
    if (occupy) {
      w.setArmy(key, { tribe: attacker, troops: f.attackerSurvivors, mp: 0 })
      takeTile(w, i, attacker)
    } else {
      w.setArmy(key, null)
    }
  } else {
    // The defenders' survivors hold the tile; after a tie none survive, and setArmy drops an army of 0.
    // Stryker disable next-line ConditionalExpression: equivalent, with no army there are no survivors (0 troops: no army)
    if (army) w.setArmy(key, { ...army, troops: f.defenderSurvivors })
  }
  return f
}

/** Tribe takes tile i from its owner (callers only pass a tile that is not already the tribe's). */
export function takeTile(w: Work, i: number, tribe: TribeId) {
  const from = w.s.owners[i]!
  w.setOwner(i, tribe)
  w.emit({ type: 'tileTaken', tile: w.map.keys[i]!, from, to: tribe, city: w.map.city[i] === 1 })
}

/** Whether troops of `tribe` arriving on tile i attack it (R8.1): an enemy army, or another tribe's empty tile. */
export function isAttack(w: Work, tribe: TribeId, i: number): boolean {
  const target = w.army(w.map.keys[i]!)
  if (target) return target.tribe !== tribe
  const owner = w.s.owners[i]!
  return owner !== null && owner !== tribe
}

/** Refuses a merge that would put more than 9 troops on tile i (R7.1). */
export function checkMerge(w: Work, t: TribeState, i: number, troops: number, code: string) {
  const key = w.map.keys[i]!
  const target = w.army(key)
  if (target && target.tribe === t.id && target.troops + troops > MAX_TROOPS) {
    reject(code, `${key} holds ${target.troops} troops; ${troops} more would exceed ${MAX_TROOPS}`, 'R7.1', {
      tile: key,
      present: target.troops,
      troops,
      max: MAX_TROOPS,
    })
  }
}

/**
 * Troops arrive on land tile i: an attack is fought (R8.3), otherwise they merge
 * with the tribe's army there or stand alone with `mp` movement points left.
 */
export function arrive(w: Work, t: TribeState, i: number, troops: number, kind: CombatEvent['kind'], mp: number) {
  const key: TileKey = w.map.keys[i]!
  if (isAttack(w, t.id, i)) return fightForTile(w, i, t.id, troops, kind, 1)
  const target = w.army(key)
  if (w.s.owners[i] === null) takeTile(w, i, t.id)
  w.setArmy(key, { tribe: t.id, troops: (target?.troops ?? 0) + troops, mp: target ? 0 : mp }) // R7.8
  return null
}
