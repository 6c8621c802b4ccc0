// Elimination and the end of a campaign (R2.4, R2.5): a tribe without a city
// is out; the last tribe standing, or the week limit, ends the campaign with a ranking.
import { heldByOwners } from '../../../kernel/parts.ts'
import { compileMap } from '../map.ts'
import { byShipId } from '../pieces.ts'
import type { GameState, TribeId } from '../types.ts'
import type { Work } from './work.ts'

export function settle(w: Work) {
  if (w.s.status !== 'running' || !w.cityChanged) return
  const holders = new Set<TribeId | null>()
  w.s.owners.forEach((o, i) => {
    if (w.map.city[i]) holders.add(o)
  })
  for (const t of w.s.tribes) {
    if (t.eliminated || holders.has(t.id)) continue
    w.setTribe(t.id, { eliminated: true, phase: 'closed' })
    let troopsRemoved = 0
    const shipsRemoved: string[] = []
    for (const key in w.s.armies) {
      const army = w.s.armies[key]!
      if (army.tribe !== t.id) continue
      troopsRemoved += army.troops
      w.setArmy(key, null)
    }
    for (const id in w.s.ships) {
      const ship = w.s.ships[id]!
      if (ship.tribe !== t.id) continue
      troopsRemoved += ship.crew
      shipsRemoved.push(id)
      w.setShip(null, id)
    }
    shipsRemoved.sort(byShipId)
    w.s.owners.forEach((o, i) => {
      if (o === t.id) w.setOwner(i, null)
    })
    w.setPools(w.s.pools.filter((p) => p.tribe !== t.id))
    w.emit({ type: 'eliminated', tribe: t.id, troopsRemoved, shipsRemoved })
  }
  const alive = w.s.tribes.filter((t) => !t.eliminated)
  if (alive.length <= 1) finish(w, 'last_tribe')
}

/** What R2.5 ranks by: each tribe's cities, land tiles and troops (on land and at sea). */
export function scores(state: GameState): Map<TribeId, { cities: number; tiles: number; troops: number }> {
  const map = compileMap(state.map)
  const score = new Map(state.tribes.map((t) => [t.id, { cities: 0, tiles: 0, troops: 0 }]))
  state.owners.forEach((o, i) => {
    const s = o ? score.get(o) : undefined
    if (!s) return
    s.tiles++
    if (map.city[i]) s.cities++
  })
  for (const a of Object.values(state.armies)) if (a.tribe) score.get(a.tribe)!.troops += a.troops
  for (const s of Object.values(state.ships)) score.get(s.tribe)!.troops += s.crew
  return score
}

export function ranking(state: GameState): TribeId[] {
  const score = scores(state)
  return state.tribes
    .map((t) => ({ id: t.id, out: t.eliminated ? 1 : 0, ...score.get(t.id)! }))
    .sort((a, b) => a.out - b.out || b.cities - a.cities || b.tiles - a.tiles || b.troops - a.troops || (a.id < b.id ? -1 : 1))
    .map((x) => x.id)
}

/** The last week the limit lets be played (R2.5, R2.6), or null with no limit. */
export function lastWeek(state: GameState): number | null {
  return state.weekLimit === null ? null : state.weekLimit + (state.firstCountedWeek ?? 1) - 1
}

/** "Week n of L" (R2.6): `n` is 0 in the draft's week, which the limit does not count, and L once the limit ended it. */
export function limitProgress(state: GameState): { n: number; of: number } | null {
  if (state.weekLimit === null) return null
  return { n: Math.min(state.weekLimit, Math.max(0, state.week - (state.firstCountedWeek ?? 1) + 1)), of: state.weekLimit }
}

export function finish(w: Work, reason: 'last_tribe' | 'week_limit') {
  w.s.status = 'finished'
  w.s.ranking = ranking(w.s)
  for (const t of w.s.tribes) w.setTribe(t.id, { phase: 'closed' })
  w.emit({ type: 'campaignFinished', ranking: w.s.ranking, reason })
}

/** The results page's figures (#30): R2.5's cities, land tiles and troops, in the ranking's order (the final one once over). */
export function standings(state: GameState) {
  const score = scores(state)
  const order = state.status === 'finished' && state.ranking ? state.ranking : ranking(state)
  return order.map((id) => {
    const s = score.get(id)!
    return {
      tribe: id,
      figures: [
        { key: 'standCities', value: s.cities },
        { key: 'standTiles', value: s.tiles },
        { key: 'standTroops', value: s.troops },
      ],
    }
  })
}

/** The land tiles each tribe held at a week's end, from its record (`weekEnd`: owners by the tribes' order, -1 for none). */
export const heldAtWeekEnd = heldByOwners
