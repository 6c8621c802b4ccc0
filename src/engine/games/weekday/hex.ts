// Axial hex coordinates (R1.1). Tiles are named by the string "q,r" in orders,
// events and state, which keeps everything plain JSON.

export type TileKey = string

export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
]

export function tileKey(q: number, r: number): TileKey {
  return `${q},${r}`
}

export function parseTileKey(key: unknown): { q: number; r: number } | null {
  if (typeof key !== 'string') return null
  const m = /^(-?\d{1,4}),(-?\d{1,4})$/.exec(key)
  return m ? { q: Number(m[1]), r: Number(m[2]) } : null
}
