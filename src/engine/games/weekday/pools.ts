// Pools (R6.2): a tribe's owned land split into connected groups; each group
// with a city pays 10 per city and 2 per other tile.
import type { CompiledMap } from './map.ts'
import type { Pool, TribeId } from './types.ts'

export const CITY_PAYOUT = 10
export const TILE_PAYOUT = 2

/** Pools of the current map, balance = payout; ordered by tribe, then first tile. */
export function computePools(map: CompiledMap, owners: readonly (TribeId | null)[], week: number): Pool[] {
  const seen = new Uint8Array(map.size)
  const stack = new Int32Array(map.size)
  const pools: Pool[] = []
  const counter = new Map<TribeId, number>()
  // Stryker disable next-line EqualityOperator: owners[size] is undefined, so one step too far starts no pool
  for (let start = 0; start < map.size; start++) {
    const tribe = owners[start]
    if (seen[start] || !tribe || !map.land[start]) continue
    seen[start] = 1
    let top = 0
    stack[top++] = start
    let tiles = 0
    const cities: number[] = []
    while (top > 0) {
      const i = stack[--top]!
      tiles++
      if (map.city[i]) cities.push(i)
      const ns = map.neighbors[i]!
      // Stryker disable next-line EqualityOperator: ns[length] is undefined and map.land[undefined] too, so nothing is pushed
      for (let k = 0; k < ns.length; k++) {
        const j = ns[k]!
        if (!seen[j] && map.land[j] && owners[j] === tribe) {
          seen[j] = 1
          stack[top++] = j
        }
      }
    }
    if (cities.length === 0) continue // a group without a city yields nothing
    const n = (counter.get(tribe) ?? 0) + 1
    counter.set(tribe, n)
    const payout = CITY_PAYOUT * cities.length + TILE_PAYOUT * (tiles - cities.length)
    pools.push({
      id: `w${week}-${tribe}-${n}`,
      tribe,
      cities: cities.sort((x, y) => x - y).map((i) => map.keys[i]!),
      tiles,
      payout,
      balance: payout,
    })
  }
  return pools.sort((x, y) => (x.tribe < y.tribe ? -1 : x.tribe > y.tribe ? 1 : 0))
}
