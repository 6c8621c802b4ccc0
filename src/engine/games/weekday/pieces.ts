// The armies and ships of a state in a fixed order. Their records keep keys in the order the
// pieces were made, and a canonical or jsonb copy of the state orders them otherwise (#47): lists
// read from them follow the map's tile order and the ships' numbers instead.
import type { CompiledMap } from './map.ts'
import type { TileKey } from './hex.ts'
import type { Army, GameState, Ship } from './types.ts'

/** Ship ids `s1`, `s2`, … `s10` in number order (shorter first, then by text). */
export const byShipId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

/** The armies by their tile's place in the map. */
export function armiesInOrder(state: GameState, map: CompiledMap): [TileKey, Army][] {
  return Object.entries(state.armies).sort(([a], [b]) => map.index.get(a)! - map.index.get(b)!)
}

/** The ships by number. */
export function shipsInOrder(state: GameState): Ship[] {
  return Object.values(state.ships).sort((a, b) => byShipId(a.id, b.id))
}
