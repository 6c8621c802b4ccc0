// Trades ratified in diplomacy scenes (R11): lands, cities and ships change
// hands all at once or not at all; resources are never traded.
import type { TileKey } from '../hex.ts'
import type { TradeTransfer } from '../types.ts'
import { isObject, reject, tileIndex, tribeState, type Work } from './work.ts'

export function executeTrade(w: Work, action: Record<string, unknown>) {
  if ('resources' in action) reject('trade/resources_not_tradeable', 'resources can never be traded', 'R11.1')
  const transfers = action.transfers
  if (!Array.isArray(transfers) || transfers.length === 0) reject('trade/empty', 'a trade lists at least one transfer', 'R11.3')
  const tiles = new Set<number>()
  const ships = new Set<string>()
  const clean: TradeTransfer[] = []
  for (const raw of transfers as unknown[]) {
    if (!isObject(raw)) reject('trade/bad_transfer', 'each transfer is { from, to, tiles?, ships? }', 'R11.3')
    if ('resources' in raw) reject('trade/resources_not_tradeable', 'resources can never be traded', 'R11.1')
    const from = tribeState(w, raw.from)
    const to = tribeState(w, raw.to)
    if (from.id === to.id) reject('trade/same_tribe', `${from.name} cannot give to itself`, 'R11.3')
    for (const t of [from, to]) if (t.eliminated) reject('trade/eliminated', `${t.name} has been eliminated`, 'R2.4')
    const tileList = raw.tiles ?? []
    const shipList = raw.ships ?? []
    if (!Array.isArray(tileList) || !Array.isArray(shipList)) reject('trade/bad_transfer', 'tiles and ships are lists', 'R11.2')
    for (const key of tileList) {
      const i = tileIndex(w, key, 'traded tile')
      if (!w.map.land[i]) reject('trade/not_land', `${key as string} is sea: only land tiles, cities and ships are traded`, 'R11.2')
      if (w.s.owners[i] !== from.id) reject('trade/asset_not_owned', `tile ${key as string} no longer belongs to ${from.name}`, 'R11.3')
      if (tiles.has(i)) reject('trade/duplicate_asset', `tile ${key as string} is listed twice`, 'R11.3')
      tiles.add(i)
    }
    for (const id of shipList) {
      const ship = typeof id === 'string' ? w.s.ships[id] : undefined
      if (!ship) reject('trade/asset_not_owned', `ship ${JSON.stringify(id)} no longer exists`, 'R11.3')
      if (ship.tribe !== from.id) reject('trade/asset_not_owned', `ship ${id as string} no longer belongs to ${from.name}`, 'R11.3')
      if (ships.has(ship.id)) reject('trade/duplicate_asset', `ship ${ship.id} is listed twice`, 'R11.3')
      ships.add(ship.id)
    }
    clean.push({ from: from.id, to: to.id, tiles: tileList as TileKey[], ships: shipList as string[] })
  }
  for (const tr of clean) {
    for (const key of tr.tiles!) {
      const i = w.map.index.get(key)!
      w.setOwner(i, tr.to)
      const army = w.army(key)
      // Stryker disable next-line ConditionalExpression: equivalent, an "army" of no troops is no army (setArmy)
      if (army) w.setArmy(key, { ...army, tribe: tr.to }) // troops go with their tile (R11.2)
    }
    for (const id of tr.ships!) w.setShip({ ...w.s.ships[id]!, tribe: tr.to })
  }
  w.emit({ type: 'tradeExecuted', transfers: clean })
}
