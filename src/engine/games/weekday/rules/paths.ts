// Paths over the hex map: where an army may pass (R7.4) and where a ship may
// sail (R10.3), a given path checked step by step, or the shortest legal one found.
import type { TribeId } from '../types.ts'
import { reject, tileIndex, type Work } from './work.ts'

/** May a land move pass through tile i (not only end there)? (R7.4) */
export function passable(w: Work, tribe: TribeId, i: number): boolean {
  if (!w.map.land[i] || w.map.city[i]) return false
  if (w.s.armies[w.map.keys[i]!]) return false
  const owner = w.s.owners[i]
  return owner === null || owner === tribe
}

/** May a ship enter sea tile i? Callers have checked that it is sea. (R7.1, R10.3) */
export function shipPassable(w: Work, i: number): boolean {
  const key = w.map.keys[i]!
  for (const id in w.s.ships) if (w.s.ships[id]!.tile === key) return false
  return true
}

export function checkPath(w: Work, start: number, raw: unknown, land: boolean, tribe: TribeId): number[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 16) reject('order/bad_path', 'path must be a list of 1 to 16 tiles')
  const rule = land ? 'R7.4' : 'R10.3'
  const prefix = land ? 'move' : 'ship'
  const visited = new Set([start])
  let prev = start
  const path = raw.map((key, n) => {
    const i = tileIndex(w, key, `path[${n}]`)
    if (!w.map.neighbors[prev]!.includes(i)) reject(`${prefix}/not_adjacent`, `${w.map.keys[i]} is not next to ${w.map.keys[prev]}`, 'R1.1')
    if (land && !w.map.land[i]) reject('move/not_land', `${w.map.keys[i]} is sea: armies move over land (embark to cross the sea)`, 'R7.4')
    if (!land && w.map.land[i]) reject('ship/not_sea', `${w.map.keys[i]} is land: ships move through sea tiles`, 'R10.3')
    if (visited.has(i)) reject(`${prefix}/revisit`, `the path enters ${w.map.keys[i]} twice`, rule)
    visited.add(i)
    prev = i
    return i
  })
  const last = path.length - 1
  path.forEach((i, n) => {
    if (land && n < last && !passable(w, tribe, i)) {
      reject('move/path_blocked', `the move cannot pass through ${w.map.keys[i]}: armies, cities and other tribes' tiles end a move`, 'R7.4', {
        tile: w.map.keys[i]!,
      })
    }
    if (!land && !shipPassable(w, i)) reject('ship/path_blocked', `${w.map.keys[i]} holds another ship`, 'R10.3')
  })
  return path
}

/** Shortest legal path to `target` (not `start`) within `mp` steps, breadth first. */
export function findPath(w: Work, start: number, target: number, mp: number, land: boolean, tribe: TribeId): number[] | null {
  // Stryker disable next-line ArrayDeclaration,UnaryOperator: a shortest path never comes back to its start, so marking the start as seen only saves work
  const prev = new Map<number, number>([[start, -1]])
  let frontier = [start]
  for (let step = 0; step < mp && frontier.length; step++) {
    const next: number[] = []
    for (const i of frontier) {
      if (i !== start && (land ? !passable(w, tribe, i) : !shipPassable(w, i))) continue
      for (const j of w.map.neighbors[i]!) {
        if (prev.has(j) || (land ? !w.map.land[j] : w.map.land[j] === 1)) continue
        prev.set(j, i)
        if (j === target) {
          if (!land && !shipPassable(w, j)) return null
          const path = [j]
          for (let k = i; k !== start; k = prev.get(k)!) path.unshift(k)
          return path
        }
        next.push(j)
      }
    }
    frontier = next
  }
  return null
}

export function resolvePath(w: Work, start: number, order: { path?: unknown; to?: unknown }, mp: number, land: boolean, tribe: TribeId): number[] {
  const rule = land ? 'R7.3' : 'R10.3'
  let path: number[]
  if (order.path !== undefined) {
    path = checkPath(w, start, order.path, land, tribe)
  } else if (order.to !== undefined) {
    const target = tileIndex(w, order.to, 'to')
    if (target === start) reject(land ? 'move/no_step' : 'ship/no_step', 'the destination is the starting tile', land ? 'R7.4' : 'R10.3')
    const found = findPath(w, start, target, mp, land, tribe)
    if (!found) {
      const anyMp = findPath(w, start, target, 16, land, tribe)
      if (anyMp)
        reject(land ? 'move/not_enough_mp' : 'ship/not_enough_mp', `reaching ${order.to as string} takes ${anyMp.length} MP; ${mp} left`, rule, {
          tile: order.to as string,
          needs: anyMp.length,
          mp,
        })
      reject(land ? 'move/no_path' : 'ship/no_path', `no legal path leads to ${order.to as string}`, land ? 'R7.4' : 'R10.3', { tile: order.to as string })
    }
    path = found
  } else {
    reject('order/bad_path', 'give either path (a list of tiles) or to (a destination tile)')
  }
  if (path.length > mp)
    reject(land ? 'move/not_enough_mp' : 'ship/not_enough_mp', `the path to ${w.map.keys[path[path.length - 1]!]} takes ${path.length} MP; ${mp} left`, rule, {
      tile: w.map.keys[path[path.length - 1]!]!,
      needs: path.length,
      mp,
    })
  return path
}
