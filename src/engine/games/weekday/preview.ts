import { compileMap } from './map.ts'
import { computePools } from './pools.ts'
import type { GameState, Pool } from './types.ts'

/** What the next payout would pay if the map stayed as it is now (R6.2). */
export function previewPools(state: GameState): Pool[] {
  return computePools(compileMap(state.map), state.owners, state.week)
}
