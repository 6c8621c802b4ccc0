// Ships (R10): embark, sail, disembark, port assault, boarding, crew transfer.
import { ownEntry } from '../../../kernel/dispatch.ts'
import type { Ship, TribeState } from '../types.ts'
import { MAX_TROOPS } from './constants.ts'
import { arrive, checkMerge, fight, fightForTile } from './combat.ts'
import { resolvePath } from './paths.ts'
import { count, reject, shipOf, tileIndex, type Work } from './work.ts'

export function embark(w: Work, t: TribeState, o: Record<string, unknown>) {
  const i = tileIndex(w, o.from, 'from')
  const from = w.map.keys[i]!
  const ship = shipOf(w, t.id, o.ship)
  const troops = count(o.troops, 'troops')
  const army = w.army(from)
  if (!army || army.tribe !== t.id) reject('embark/no_army', `${t.name} has no army on ${from}`, 'R10.2')
  if (troops > army.troops)
    reject('embark/not_enough_troops', `the army on ${from} has ${army.troops} troops, not ${troops}`, 'R10.2', { tile: from, has: army.troops, troops })
  if (army.mp < 1) reject('embark/no_mp', `embarking costs 1 MP; the army on ${from} has none left`, 'R10.2')
  if (!w.map.neighbors[i]!.includes(w.map.index.get(ship.tile)!))
    reject('embark/not_adjacent', `ship ${ship.id} at ${ship.tile} is not next to ${from}`, 'R10.2')
  checkShipRoom(ship, troops, 'embark/too_many_troops')
  w.setArmy(from, { ...army, troops: army.troops - troops }) // none left: no army (setArmy)
  w.setShip({ ...ship, crew: ship.crew + troops, mp: 0 }) // R10.9
  w.emit({ type: 'embarked', tribe: t.id, from, ship: ship.id, troops })
}

export function shipMove(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  if (ship.crew === 0) reject('ship/adrift', `ship ${ship.id} has no crew and cannot move`, 'R10.3')
  if (ship.mp < 1) reject('ship/no_mp', `ship ${ship.id} has no movement points left this turn`, 'R10.3')
  const path = resolvePath(w, w.map.index.get(ship.tile)!, o, ship.mp, false, t.id)
  const to = w.map.keys[path[path.length - 1]!]!
  w.setShip({ ...ship, tile: to, mp: ship.mp - path.length })
  w.emit({ type: 'shipMoved', tribe: t.id, ship: ship.id, path: path.map((i) => w.map.keys[i]!) })
}

export function landingTile(w: Work, ship: Ship, key: unknown, what: string, rule: string): number {
  const i = tileIndex(w, key, what)
  if (!w.map.land[i] || !w.map.neighbors[w.map.index.get(ship.tile)!]!.includes(i)) {
    reject('ship/not_adjacent', `${w.map.keys[i]} is not a land tile next to ship ${ship.id} at ${ship.tile}`, rule)
  }
  return i
}

export function disembark(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  const troops = count(o.troops, 'troops')
  if (troops > ship.crew)
    reject('disembark/not_enough_troops', `ship ${ship.id} carries ${ship.crew} troops, not ${troops}`, 'R10.4', { ship: ship.id, has: ship.crew, troops })
  if (ship.mp < 1) reject('disembark/no_mp', `disembarking needs 1 MP of ship ${ship.id}; it has none left`, 'R10.4')
  const i = landingTile(w, ship, o.to, 'to', 'R10.4')
  checkMerge(w, t, i, troops, 'disembark/too_many_troops')
  w.setShip({ ...ship, crew: ship.crew - troops, mp: ship.mp - 1 })
  w.emit({ type: 'disembarked', tribe: t.id, ship: ship.id, to: w.map.keys[i]!, troops })
  arrive(w, t, i, troops, 'disembark', 0) // an attack from a ship loses the ship bonus (R10.4)
}

export function portAssault(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  const troops = count(o.troops, 'troops')
  if (typeof o.occupy !== 'boolean') reject('order/bad_occupy', 'occupy must be true (land and take the city) or false (stay aboard)', 'R10.6')
  if (troops > ship.crew)
    reject('assault/not_enough_troops', `ship ${ship.id} carries ${ship.crew} troops, not ${troops}`, 'R10.6', { ship: ship.id, has: ship.crew, troops })
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

export function board(w: Work, t: TribeState, o: Record<string, unknown>) {
  const ship = shipOf(w, t.id, o.ship)
  const target = ownEntry(w.s.ships, o.target)
  if (!target) reject('ship/not_found', `there is no ship ${JSON.stringify(o.target)}`)
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

export function crewTransfer(w: Work, t: TribeState, o: Record<string, unknown>) {
  const from = shipOf(w, t.id, o.from, 'from')
  const to = shipOf(w, t.id, o.to, 'to')
  const troops = count(o.troops, 'troops')
  if (from.id === to.id) reject('crew/same_ship', 'from and to are the same ship', 'R10.8')
  if (troops > from.crew)
    reject('crew/not_enough_troops', `ship ${from.id} carries ${from.crew} troops, not ${troops}`, 'R10.8', { ship: from.id, has: from.crew, troops })
  if (from.mp < 1) reject('crew/no_mp', `moving across needs 1 MP of ship ${from.id}; it has none left`, 'R10.8')
  if (!w.map.neighbors[w.map.index.get(from.tile)!]!.includes(w.map.index.get(to.tile)!)) {
    reject('crew/not_adjacent', `ship ${to.id} is not next to ship ${from.id}`, 'R10.8')
  }
  checkShipRoom(to, troops, 'crew/too_many_troops')
  w.setShip({ ...from, crew: from.crew - troops, mp: from.mp - 1 })
  w.setShip({ ...to, crew: to.crew + troops, mp: 0 }) // R10.9
  w.emit({ type: 'crewTransferred', tribe: t.id, from: from.id, to: to.id, troops })
}

/** Refuses troops that would put more than 9 aboard a ship (R7.1). */
function checkShipRoom(ship: { id: string; crew: number }, troops: number, code: string) {
  if (ship.crew + troops > MAX_TROOPS)
    reject(code, `ship ${ship.id} carries ${ship.crew}; ${troops} more would exceed ${MAX_TROOPS}`, 'R7.1', {
      ship: ship.id,
      present: ship.crew,
      troops,
      max: MAX_TROOPS,
    })
}
