// Appendix B: the five layouts, as the book draws them, and what is read off them (M1.3–M1.5):
// cells in reading order, each home's cells and every near and middle cell's position.

const GRIDS: Record<number, string> = {
  2: `
 3  3  3  3  3  3  3  3
 2  2  2  3  3  2  2  2
 1  1  2  3  3  2  1  1
P1  1  2  3  3  2  1 M2
J1  1  2  3  3  2  1 J2
M1  1  2  3  3  2  1 P2
 1  1  2  3  3  2  1  1
 2  2  2  3  3  2  2  2
 3  3  3  3  3  3  3  3`,
  3: `
 3  2  1 M3 J3 P3  1  2  3
 3  2  1  1  1  1  1  2  3
 3  2  2  2  2  2  2  2  3
 3  3  3  3  3  3  3  3  3
 3  3  3  3  3  3  3  3  3
 2  2  2  3  3  3  2  2  2
 1  1  2  3  3  3  2  1  1
M1  1  2  3  3  3  2  1 P2
J1  1  2  3  3  3  2  1 J2
P1  1  2  3  3  3  2  1 M2
 1  1  2  3  3  3  2  1  1
 2  2  2  3  3  3  2  2  2
 3  3  3  3  3  3  3  3  3`,
  4: `
J1 M1  1  1  2  3  3  2  1  1 P4 J4
P1  1  1  2  2  3  3  2  2  1  1 M4
 1  1  2  2  2  3  3  2  2  2  1  1
 1  2  2  3  3  3  3  3  3  2  2  1
 2  2  2  3  3  3  3  3  3  2  2  2
 3  3  3  3  3  3  3  3  3  3  3  3
 3  3  3  3  3  3  3  3  3  3  3  3
 2  2  2  3  3  3  3  3  3  2  2  2
 1  2  2  3  3  3  3  3  3  2  2  1
 1  1  2  2  2  3  3  2  2  2  1  1
M2  1  1  2  2  3  3  2  2  1  1 P3
J2 P2  1  1  2  3  3  2  1  1 M3 J3`,
  5: `
J1 M1  1  1  2  3  2  1 P5 J5 M5  1  2  3
P1  1  1  2  2  3  2  1  1  1  1  1  2  3
 1  1  2  2  2  3  2  2  2  2  2  2  2  3
 1  2  2  3  3  3  3  3  3  3  3  3  3  3
 2  2  2  3  3  3  3  3  3  3  3  2  2  2
 3  3  3  3  3  3  3  3  3  3  3  2  1  1
 2  2  2  3  3  3  3  3  3  3  3  2  1 P4
 1  1  2  3  3  3  3  3  3  3  3  2  1 J4
M2  1  2  3  3  3  3  3  3  3  3  2  1 M4
J2  1  2  3  3  3  3  3  3  3  3  2  1  1
P2  1  2  3  3  3  3  3  3  3  3  2  2  2
 1  1  2  3  2  2  2  2  2  2  2  3  3  3
 2  2  2  3  2  1  1  1  1  1  2  3  3  3
 3  3  3  3  2  1 M3 J3 P3  1  2  3  3  3`,
  6: `
J1 M1  1  1  2  3  2  1 P6 J6 M6  1  2  3  3  3
P1  1  1  2  2  3  2  1  1  1  1  1  2  3  3  3
 1  1  2  2  2  3  2  2  2  2  2  2  2  3  3  3
 1  2  2  3  3  3  3  3  3  3  3  3  3  2  2  2
 2  2  2  3  3  3  3  3  3  3  3  3  3  2  1  1
 3  3  3  3  3  3  3  3  3  3  3  3  3  2  1 P5
 2  2  2  3  3  3  3  3  3  3  3  3  3  2  1 J5
 1  1  2  3  3  3  3  3  3  3  3  3  3  2  1 M5
M2  1  2  3  3  3  3  3  3  3  3  3  3  2  1  1
J2  1  2  3  3  3  3  3  3  3  3  3  3  2  2  2
P2  1  2  3  3  3  3  3  3  3  3  3  3  3  3  3
 1  1  2  3  3  3  3  3  3  3  3  3  3  2  2  2
 2  2  2  3  3  3  3  3  3  3  3  3  3  2  2  1
 3  3  3  2  2  2  2  2  2  2  3  2  2  2  1  1
 3  3  3  2  1  1  1  1  1  2  3  2  2  1  1 P4
 3  3  3  2  1 M3 J3 P3  1  2  3  2  1  1 M4 J4`,
}

export interface LayoutCell {
  key: string
  r: number
  c: number
  /** `J`, `M`, `P`, `1`, `2` or `3` (M1.4). */
  code: 'J' | 'M' | 'P' | '1' | '2' | '3'
  /** The position a home, near or middle cell belongs to (M1.5); null on the frontier. */
  position: number | null
}

export interface Layout {
  tribes: number
  rows: number
  cols: number
  /** Reading order (M1.3). */
  cells: LayoutCell[]
}

export const cellKey = (r: number, c: number) => `${r},${c}`
export const manhattan = (a: { r: number; c: number }, b: { r: number; c: number }) => Math.abs(a.r - b.r) + Math.abs(a.c - b.c)

function parse(tribes: number, text: string): Layout {
  const rows = text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
  const homes: { r: number; c: number; k: number }[] = []
  rows.forEach((row, r) => row.forEach((code, c) => code.startsWith('J') && homes.push({ r, c, k: Number(code.slice(1)) })))
  const cells = rows.flatMap((row, r) =>
    row.map((code, c): LayoutCell => {
      if (code.length === 2) return { key: cellKey(r, c), r, c, code: code[0] as 'J', position: Number(code[1]) }
      if (code === '3') return { key: cellKey(r, c), r, c, code: '3', position: null }
      // M1.5: the nearest J (the B.6 test checks that no cell has a tie).
      const nearest = homes.slice().sort((a, b) => manhattan(a, { r, c }) - manhattan(b, { r, c }))[0]!
      return { key: cellKey(r, c), r, c, code: code as '1' | '2', position: nearest.k }
    }),
  )
  return { tribes, rows: rows.length, cols: rows[0]!.length, cells }
}

export const LAYOUTS: Record<number, Layout> = Object.fromEntries(Object.entries(GRIDS).map(([n, text]) => [n, parse(Number(n), text)]))
