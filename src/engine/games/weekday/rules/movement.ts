// Armies moving over land (R7): split, path, claims, merge, and attack at the end.
import type { TileKey } from '../hex.ts'
import type { TribeState } from '../types.ts'
import { arrive, checkMerge, isAttack } from './combat.ts'
import { resolvePath } from './paths.ts'
import { count, reject, tileIndex, type Work } from './work.ts'

export function move(w: Work, t: TribeState, o: Record<string, unknown>) {
  const start = tileIndex(w, o.from, 'from')
  const from = w.map.keys[start]!
  const army = w.army(from)
  if (!army || army.tribe !== t.id) reject('move/no_army', `${t.name} has no army on ${from}`, 'R7.1', { tile: from })
  const troops = count(o.troops, 'troops')
  if (troops > army.troops)
    reject('move/not_enough_troops', `the army on ${from} has ${army.troops} troops, not ${troops}`, 'R7.7', { tile: from, has: army.troops, troops })
  if (army.mp < 1) reject('move/no_mp', `the army on ${from} has no movement points left this turn`, 'R7.3', { tile: from })
  const path = resolvePath(w, start, o, army.mp, true, t.id)
  const end = path[path.length - 1]!
  const endKey = w.map.keys[end]!
  const attack = isAttack(w, t.id, end)
  checkMerge(w, t, end, troops, 'move/too_many_troops')
  const merged = !attack && !!w.army(endKey)
  // The split (R7.7): those left behind keep their MP.
  w.setArmy(from, { ...army, troops: army.troops - troops }) // none left: no army (setArmy)
  const claimed: TileKey[] = []
  // Stryker disable next-line UnaryOperator: an army has 2 MP, so its path has at most 2 tiles and slice(0, 1) is slice(0, -1)
  for (const i of attack ? path.slice(0, -1) : path) {
    if (w.s.owners[i] === null) {
      w.setOwner(i, t.id)
      claimed.push(w.map.keys[i]!)
    }
  }
  w.emit({ type: 'moved', tribe: t.id, from, path: path.map((i) => w.map.keys[i]!), troops, claimed, merged })
  arrive(w, t, end, troops, 'land', w.map.city[end] ? 0 : army.mp - path.length) // R7.6, R7.8
}
