// Sieges (R9): checked at every window close; a city whose every land
// neighbour holds another tribe's army loses troops and cannot recruit.
import { SIEGE_LOSS } from './constants.ts'
import type { Work } from './work.ts'

export function siegeCheck(w: Work) {
  const marks = new Set(w.s.besieged)
  for (let i = 0; i < w.map.size; i++) {
    if (!w.map.city[i]) continue
    const key = w.map.keys[i]!
    const owner = w.s.owners[i] ?? null
    let land = 0
    let hostile = 0
    for (const j of w.map.neighbors[i]!) {
      if (!w.map.land[j]) continue
      land++
      const a = w.s.armies[w.map.keys[j]!]
      if (a && a.tribe !== null && a.tribe !== owner) hostile++
    }
    const besieged = owner !== null && land > 0 && hostile === land // R9.1
    if (besieged) {
      const army = w.army(key)
      const garrison = Math.max(0, (army?.troops ?? 0) - SIEGE_LOSS)
      if (army) w.setArmy(key, { ...army, troops: garrison })
      marks.add(key)
      w.emit({ type: 'siegeLoss', city: key, owner, lost: (army?.troops ?? 0) - garrison, garrison })
    } else if (marks.delete(key)) {
      w.emit({ type: 'siegeLifted', city: key, owner })
    }
  }
  w.setBesieged([...marks].sort())
}
