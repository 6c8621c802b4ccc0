// W2: the grid of location cards, its adjacency and distance, the ring band built from the map
// seed (W2.12–W2.14, Appendix D) and the checks of a GM's scenario map (W2.15).
import type { Rng } from '../../kernel/rng.ts'
import { CARDS, card, LOCATION_TYPES, type LocationType } from './data.ts'

export interface Grid {
  rows: number
  cols: number
  wrap: boolean
}

export const cellId = (r: number, c: number) => `r${r}c${c}`
/** Ids parsed once each (distances parse the same few at every step); only canonical ids under row and column 100, so ids an order makes up cannot grow it. */
const PARSED = new Map<string, [number, number]>()

export function parseCell(id: string): [number, number] | null {
  const known = PARSED.get(id)
  // Stryker disable next-line ConditionalExpression: the cache only saves the parse; a miss parses the same pair again.
  if (known) return known
  const m = /^r(\d+)c(\d+)$/.exec(id)
  if (!m) return null
  const parsed: [number, number] = [Number(m[1]), Number(m[2])]
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: what is cached bounds the cache's size, never an answer.
  if (parsed[0] < 100 && parsed[1] < 100 && cellId(parsed[0], parsed[1]) === id) PARSED.set(id, parsed)
  return parsed
}

/** W2.1: every cell id in canonical (row-major) order. */
export function cellIds(g: Grid): string[] {
  const out: string[] = []
  for (let r = 1; r <= g.rows; r++) for (let c = 1; c <= g.cols; c++) out.push(cellId(r, c))
  return out
}

/** W2.2: the cells sharing a side with `id` (wrapping columns in a ring band), canonical order. */
export function neighbours(g: Grid, id: string): string[] {
  const [r, c] = parseCell(id)!
  const out = new Set<string>()
  const add = (rr: number, cc: number) => {
    if (g.wrap) cc = ((cc - 1 + g.cols) % g.cols) + 1
    // Stryker disable next-line ConditionalExpression: a cell wraps onto itself only on a band of one column, and a grid has 3 or more (W2.15).
    if (rr >= 1 && rr <= g.rows && cc >= 1 && cc <= g.cols && !(rr === r && cc === c)) out.add(cellId(rr, cc))
  }
  add(r - 1, c)
  add(r, c - 1)
  add(r, c + 1)
  add(r + 1, c)
  return [...out].sort(canonical)
}

export const adjacent = (g: Grid, a: string, b: string) => distance(g, a, b) === 1

/** W2.2: `|Δrow| + min(|Δcol|, C − |Δcol|)` with wrap. */
export function distance(g: Grid, a: string, b: string): number {
  const [r1, c1] = parseCell(a)!
  const [r2, c2] = parseCell(b)!
  const dc = Math.abs(c1 - c2)
  return Math.abs(r1 - r2) + (g.wrap ? Math.min(dc, g.cols - dc) : dc)
}

/** Canonical order of cell ids: row-major. */
export function canonical(a: string, b: string): number {
  const [r1, c1] = parseCell(a)!
  const [r2, c2] = parseCell(b)!
  return r1 - r2 || c1 - c2
}

/** W10.4: Fisher–Yates from the last entry down, `j = u(seed, c) mod (i + 1)`. */
export function shuffle<T>(items: readonly T[], seed: string, rng: Rng, counter: { c: number }): T[] {
  const out = items.slice()
  for (let i = out.length - 1; i >= 1; i--) {
    const j = rng(seed, counter.c++) % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** Appendix D.2: the 14 slots in deal order: row, sector column (0 = A … 2 = C), type. */
const SLOTS: [number, number, LocationType][] = [
  [1, 0, 'agua'],
  [1, 1, 'agua'],
  [1, 2, 'agua'],
  [2, 1, 'bosque'],
  [2, 2, 'agua'],
  [3, 0, 'llanura'],
  [3, 1, 'bosque'],
  [3, 2, 'agua'],
  [4, 0, 'llanura'],
  [4, 1, 'llanura'],
  [4, 2, 'ciudad'],
  [5, 0, 'montana'],
  [5, 1, 'desierto'],
  [5, 2, 'montana'],
]

/** W2.12–W2.14: the ring band for `tribes` sectors; sector `i`'s entry of `order` is its tribe. */
export function ringBand<T>(tribes: readonly T[], seed: string, rng: Rng): { grid: Grid; cards: string[][]; sectors: T[]; slots: string[] } {
  const counter = { c: 0 }
  const sectors = shuffle(tribes, seed, rng, counter)
  const lists = new Map<LocationType, string[]>()
  for (const type of LOCATION_TYPES) {
    const ids = [...CARDS.values()].filter((x) => x.type === type && x.id !== 'ci0').map((x) => x.id)
    lists.set(type, shuffle(ids, seed, rng, counter))
  }
  const slots = SLOTS.map(([, , type]) => lists.get(type)!.shift()!)
  const n = tribes.length
  const grid: Grid = { rows: 5, cols: 4 * n, wrap: true }
  const cards: string[][] = []
  for (let r = 1; r <= 5; r++) {
    const row: string[] = []
    for (let c = 1; c <= grid.cols; c++) {
      // Columns A B C B: the fourth shows the second, mirrored.
      const col = [0, 1, 2, 1][(c - 1) % 4]!
      const slot = SLOTS.findIndex(([sr, sc]) => sr === r && sc === col)
      row.push(r === 2 && col === 0 ? 'ci0' : slots[slot]!)
    }
    cards.push(row)
  }
  return { grid, cards, sectors, slots }
}

/** W2.15: every problem of a scenario map for `tribes` tribes (an empty list: valid). */
export function scenarioProblems(input: unknown, tribes?: number): { code: string; message: string }[] {
  const out: { code: string; message: string }[] = []
  const m = input as { rows?: unknown; cols?: unknown; wrap?: unknown; cells?: unknown }
  if (typeof input !== 'object' || input === null) return [{ code: 'map/not_object', message: 'a scenario map is a JSON object (W2.15)' }]
  const int = (x: unknown, lo: number, hi: number) => typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi
  if (!int(m.rows, 3, 12) || !int(m.cols, 3, 40) || typeof m.wrap !== 'boolean')
    return [{ code: 'map/size', message: 'rows 3 to 12, columns 3 to 40 and wrap true or false (W2.15)' }]
  const g: Grid = { rows: m.rows as number, cols: m.cols as number, wrap: m.wrap as boolean }
  const cells = m.cells as unknown[]
  if (
    !Array.isArray(cells) ||
    cells.length !== g.rows ||
    cells.some((row) => !Array.isArray(row) || row.length !== g.cols || row.some((x) => !CARDS.has(x as string)))
  )
    return [{ code: 'map/cells', message: 'cells: one card id of Appendix B per cell, row by row (W2.15)' }]
  const at = (id: string) => {
    const [r, c] = parseCell(id)!
    return card((cells[r - 1] as string[])[c - 1]!)
  }
  const capitals = cellIds(g).filter((id) => at(id).id === 'ci0')
  if (tribes !== undefined && capitals.length !== tribes)
    out.push({ code: 'map/capitals', message: `${capitals.length} capitals (ci0) for ${tribes} tribes: one per tribe (W2.15)` })
  if (capitals.length < 2) out.push({ code: 'map/capitals', message: 'at least two capitals (ci0) (W2.15)' })
  for (const cap of capitals)
    if (!neighbours(g, cap).some((n) => at(n).type === 'agua')) out.push({ code: 'map/capital_not_port', message: `the capital ${cap} is not a port (W2.15)` })
  for (const a of capitals)
    for (const b of capitals)
      if (a < b && distance(g, a, b) < 4) out.push({ code: 'map/capitals_close', message: `the capitals ${a} and ${b} are closer than 4 (W2.15)` })
  const land = cellIds(g).filter((id) => at(id).type !== 'agua')
  const seen = new Set(land.slice(0, 1))
  for (const id of seen) for (const n of neighbours(g, id)) if (at(n).type !== 'agua') seen.add(n)
  if (seen.size !== land.length) out.push({ code: 'map/land_split', message: 'the cells that are not agua are not all connected (W2.15)' })
  return out
}
