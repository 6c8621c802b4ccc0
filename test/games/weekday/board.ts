// A plain-text picture of a map or a state: the engine tests' board language (it lives with the
// tests because no production code draws or reads it).
// One line per row r; tokens left to right are columns, q = column - floor(r / 2).
//   ~        sea                  ~a3     sea with tribe a's ship, crew 3
//   .        neutral land         .2      neutral land with 2 neutral troops
//   #        neutral city         #5      neutral city with a neutral garrison of 5
//   a        land of tribe a      a3      land of tribe a with 3 of a's troops
//   A        city of tribe a      A4!     city of a, garrison 4, marked besieged
//   _        no tile
import { tileKey } from '../../../src/engine/games/weekday/hex.ts'
import { compileMap } from '../../../src/engine/games/weekday/map.ts'
import type { Army, GameState, MapTileDef, Ship } from '../../../src/engine/games/weekday/types.ts'

export interface ParsedBoard {
  tiles: MapTileDef[]
  owners: (string | null)[]
  armies: Record<string, Army>
  ships: Record<string, Ship>
  besieged: string[]
  tribes: string[]
}

const TOKEN = /^(?:(_)|(~)(?:([a-z])(\d))?|([.#a-zA-Z])(\d)?(!)?)$/

export function parseBoard(text: string): ParsedBoard {
  const rows = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  const board: ParsedBoard = { tiles: [], owners: [], armies: {}, ships: {}, besieged: [], tribes: [] }
  const tribes = new Set<string>()
  let shipNo = 1
  rows.forEach((row, r) => {
    row.split(/\s+/).forEach((token, col) => {
      const m = TOKEN.exec(token)
      if (!m) throw new Error(`board row ${r}, column ${col}: cannot read "${token}"`)
      if (m[1]) return
      const q = col - Math.floor(r / 2)
      const key = tileKey(q, r)
      if (m[2]) {
        board.tiles.push({ q, r, terrain: 'sea' })
        board.owners.push(null)
        if (m[3]) {
          tribes.add(m[3])
          const id = `s${shipNo++}`
          board.ships[id] = { id, tribe: m[3], tile: key, crew: Number(m[4]), mp: 3 }
        }
        return
      }
      const c = m[5]!
      const city = c === '#' || (c >= 'A' && c <= 'Z')
      const owner = c === '.' || c === '#' ? null : c.toLowerCase()
      if (owner) tribes.add(owner)
      board.tiles.push(city ? { q, r, terrain: 'land', city: true } : { q, r, terrain: 'land' })
      board.owners.push(owner)
      if (m[6] && Number(m[6]) > 0) board.armies[key] = { tribe: owner, troops: Number(m[6]), mp: 2 }
      if (m[7]) board.besieged.push(key)
    })
  })
  board.tribes = [...tribes].sort()
  return board
}

/**
 * Tribes are drawn by their id when every id is one lower-case letter (test boards),
 * else as a, b, c… in the order of `tribes` (or of their ids when not given).
 */
export function renderBoard(state: Pick<GameState, 'map' | 'owners' | 'armies' | 'ships' | 'besieged'> & { tribes?: { id: string }[] }): string {
  const map = compileMap(state.map)
  const ids = state.tribes?.map((t) => t.id) ?? [...new Set(state.owners.filter((o): o is string => o !== null))].sort()
  const lettered = ids.every((id) => /^[a-z]$/.test(id))
  const letterOf = new Map(ids.map((id, i) => [id, lettered ? id : String.fromCharCode(97 + i)]))
  const letter = (id: string) => letterOf.get(id) ?? id[0]!
  const ships = new Map<string, Ship>()
  for (const s of Object.values(state.ships)) ships.set(s.tile, s)
  const besieged = new Set(state.besieged)
  const cells = new Map<string, string>()
  let minR = Infinity,
    maxR = -Infinity,
    minC = Infinity,
    maxC = -Infinity
  state.map.tiles.forEach((t, i) => {
    const col = t.q + Math.floor(t.r / 2)
    minR = Math.min(minR, t.r)
    maxR = Math.max(maxR, t.r)
    minC = Math.min(minC, col)
    maxC = Math.max(maxC, col)
    const key = map.keys[i]!
    let cell: string
    if (t.terrain === 'sea') {
      const s = ships.get(key)
      cell = s ? `~${letter(s.tribe)}${s.crew}` : '~'
    } else {
      const owner = state.owners[i]
      const base = owner ? letter(owner) : '.'
      cell = t.city ? (owner ? base.toUpperCase() : '#') : base
      const a = state.armies[key]
      if (a) cell += String(a.troops)
      if (besieged.has(key)) cell += '!'
    }
    cells.set(`${col},${t.r}`, cell)
  })
  const lines: string[] = []
  for (let r = minR; r <= maxR; r++) {
    const row: string[] = []
    for (let c = minC; c <= maxC; c++) row.push((cells.get(`${c},${r}`) ?? '_').padEnd(4))
    lines.push((r & 1 ? '  ' : '') + row.join('').trimEnd())
  }
  return lines.join('\n')
}
