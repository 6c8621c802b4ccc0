// Sieges (R9): checked at every window close; a city whose every land
// neighbour holds another tribe's army loses troops and cannot recruit.
import { SIEGE_LOSS } from './constants.ts'
import type { Work } from './work.ts'

/** Whether city i is besieged on the board as it stands (R9.1). */
function isBesieged(w: Work, i: number): boolean {
  const owner = w.s.owners[i]!
  if (owner === null) return false
  let land = 0
  let hostile = 0
  for (const j of w.map.neighbors[i]!) {
    if (!w.map.land[j]) continue
    land++
    const a = w.s.armies[w.map.keys[j]!]
    if (a && a.tribe !== null && a.tribe !== owner) hostile++
  }
  return land > 0 && hostile === land
}

/**
 * The besieged cities are found on the board as it stands, and only then do
 * they lose troops (R9.2): a garrison lost to one siege still besieges its
 * neighbour in the same check, whatever the order of the tiles in the map.
 */
export function siegeCheck(w: Work) {
  const marks = new Set(w.s.besieged)
  const cities = w.s.owners.flatMap((_, i) => (w.map.city[i] ? [i] : []))
  const besieged = new Set(cities.filter((i) => isBesieged(w, i)))
  for (const i of cities) {
    const key = w.map.keys[i]!
    const owner = w.s.owners[i]!
    if (besieged.has(i)) {
      const army = w.army(key)
      const garrison = Math.max(0, (army?.troops ?? 0) - SIEGE_LOSS)
      // Stryker disable next-line ConditionalExpression: equivalent, an empty city's "army" of 0 troops is no army (setArmy)
      if (army) w.setArmy(key, { ...army, troops: garrison })
      marks.add(key)
      w.emit({ type: 'siegeLoss', city: key, owner: owner!, lost: (army?.troops ?? 0) - garrison, garrison })
    } else if (marks.delete(key)) {
      w.emit({ type: 'siegeLifted', city: key, owner })
    }
  }
  w.setBesieged([...marks].sort())
}
