// Recruitment and shipbuilding (R5): before the first action of a turn, paid
// from the pool of the city or port (R6.4).
import type { TileKey } from '../hex.ts'
import type { TribeId, TribeState } from '../types.ts'
import { ARMY_MP, MAX_TROOPS, SHIP_COST, TROOP_COST } from './constants.ts'
import { shipPassable } from './paths.ts'
import { count, reject, tileIndex, type Work } from './work.ts'

export function poolFor(w: Work, tribe: TribeId, city: TileKey) {
  return w.s.pools.find((p) => p.tribe === tribe && p.cities.includes(city))
}

export function recruit(w: Work, t: TribeState, o: Record<string, unknown>) {
  const i = tileIndex(w, o.city, 'city')
  const troops = count(o.troops, 'troops')
  const key = w.map.keys[i]!
  if (t.phase !== 'recruitment') reject('recruit/after_actions', 'recruiting is only allowed before the first action of the turn', 'R5.5')
  if (!w.map.city[i]) reject('recruit/not_a_city', `${key} is not a city`, 'R5.1', { tile: key })
  if (w.s.owners[i] !== t.id) reject('recruit/not_your_city', `${key} is not ${t.name}'s city`, 'R5.1', { tile: key })
  if (w.s.besieged.includes(key)) reject('recruit/besieged', `${key} is besieged and cannot recruit`, 'R5.1', { tile: key })
  const army = w.army(key)
  const present = army?.troops ?? 0
  if (present + troops > MAX_TROOPS)
    reject('recruit/too_many_troops', `${key} holds ${present} troops; ${troops} more would exceed ${MAX_TROOPS}`, 'R5.3', {
      tile: key,
      present,
      troops,
      max: MAX_TROOPS,
    })
  const pool = poolFor(w, t.id, key)
  if (!pool) reject('recruit/no_pool', `${key} was not ${t.name}'s at the last payout, so it has no pool until the next one`, 'R6.4', { tile: key })
  const cost = troops * TROOP_COST
  if (pool.balance < cost)
    reject('recruit/insufficient_resources', `${troops} troops cost ${cost}; the pool of ${key} holds ${pool.balance}`, 'R5.2', {
      tile: key,
      troops,
      cost,
      balance: pool.balance,
    })
  w.spend(pool.id, cost)
  w.setArmy(key, { tribe: t.id, troops: present + troops, mp: army?.mp ?? ARMY_MP })
  w.emit({ type: 'recruited', tribe: t.id, city: key, troops, pool: pool.id, cost })
}

export function buildShip(w: Work, t: TribeState, o: Record<string, unknown>) {
  const p = tileIndex(w, o.port, 'port')
  const s = tileIndex(w, o.sea, 'sea')
  const port = w.map.keys[p]!
  const sea = w.map.keys[s]!
  if (t.phase !== 'recruitment') reject('ship/after_actions', 'ships are built only before the first action of the turn', 'R5.5')
  if (!w.map.port[p]) reject('ship/not_a_port', `${port} is not a port (a city next to the sea)`, 'R5.6')
  if (w.s.owners[p] !== t.id) reject('ship/not_your_port', `${port} is not ${t.name}'s port`, 'R10.1')
  if (w.map.land[s] || !w.map.neighbors[p]!.includes(s)) reject('ship/bad_sea', `${sea} is not a sea tile next to ${port}`, 'R5.6')
  if (!shipPassable(w, s)) reject('ship/sea_occupied', `${sea} already holds a ship`, 'R7.1', { tile: sea })
  const pool = poolFor(w, t.id, port)
  if (!pool) reject('ship/no_pool', `${port} has no pool until the next payout`, 'R6.4')
  if (pool.balance < SHIP_COST)
    reject('ship/insufficient_resources', `a ship costs ${SHIP_COST}; the pool of ${port} holds ${pool.balance}`, 'R5.6', {
      tile: port,
      cost: SHIP_COST,
      balance: pool.balance,
    })
  w.spend(pool.id, SHIP_COST)
  const id = `s${w.s.nextShipId}`
  w.s.nextShipId += 1
  w.setShip({ id, tribe: t.id, tile: sea, crew: 0, mp: 0 })
  w.emit({ type: 'shipBuilt', tribe: t.id, ship: id, port, sea, pool: pool.id, cost: SHIP_COST })
}
