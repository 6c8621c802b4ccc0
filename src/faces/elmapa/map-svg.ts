// El Mapa drawn on the server (#28): the map as a grid of square tiles, a face-down one as a card
// back showing its zone only (M12.9); a castle as its pyramid of slots; a battle's 5 × 5 board.
// Everything drawn comes from what the engine's `board` lets the reader see.
import type { Strings } from '../page-kit.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill as sentence } from '../../lib/fill.ts'

const S = 48
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

/** Text on a coloured swatch stays readable: dark text on light colours, white on dark. */
export function ink(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const l = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)
  return l > 150 ? '#111' : '#fff'
}

export interface MapCellView {
  cell: string
  code: string
  position: number | null
  revealed: boolean
  tile?: string
  closed?: 'N' | 'E' | 'S' | 'W' | null
  guards?: { kind: string; n: number }[]
  treasures?: number
  owner?: string | null
  castle?: { slots: Record<string, string> } | null
}
export interface MapArmy {
  id: number
  tribe: string
  cell: string
  troops: Record<string, number>
  convoy: boolean
}
export interface MapOptions {
  label: string
  s: Strings
  colours: Map<string, string>
  names: Map<string, string>
  /** Cells drawn as buttons on the turn page: the reader's armies there, by cell (a second tap opens the next). */
  tappable?: Map<string, number[]>
  highlight?: Set<string>
  /** A trade's map (#49): the cells these tribes own carry their owner, a tap away from its line of the proposal. */
  owners?: ReadonlySet<string>
  /** A recap's battles (#30): from the cell the attack came from to the cell fought for. */
  arrows?: MapArrow[]
}

export interface MapArrow {
  from: string
  to: string
  /** The attacker took the cell (green) or not (red). */
  won: boolean
  title: string
}

/**
 * The map's drawing rules of elmapa.css, for the map drawn off the page (the recap's PNG in a
 * mail), where the stylesheet is not loaded; resvg reads plain class selectors.
 */
export const MAP_CSS =
  'text{font-family:"DejaVu Sans",Arial,sans-serif;text-anchor:middle}.back{fill:#5b2c6f;stroke:#3b1d48;stroke-width:1}' +
  '.back-in{fill:none;stroke:#d7bde2;stroke-width:1.5;stroke-dasharray:3 2}.zone{font-size:14px;font-weight:700;fill:#fff}' +
  '.tile{stroke:#7f8c8d;stroke-width:1;fill:#e9f5db}.village{fill:#fdebd0}.wood{fill:#b7d7a8}.stone{fill:#d5d8dc}.gold{fill:#f9e79f}' +
  '.spell{fill:#d6eaf8}.lake{fill:#aed6f1}.forest{fill:#82b366}.owned{fill:none;stroke-width:4}' +
  '.initial{font-size:11px;font-weight:700;text-anchor:start}.closed{stroke:#111;stroke-width:6}.castle{font-size:13px;fill:#111}' +
  '.guards{font-size:10px;font-weight:700;fill:#922b21;text-anchor:start}.treasure{font-size:12px;fill:#7d6608}.tile.treasure{fill:#fcf3cf}' +
  '.army{stroke:#fff;stroke-width:2}.troops{font-size:12px;font-weight:700}'

/**
 * A round's end map (its `map.week_ended` owners, in the cells' reading order) over the board of
 * now: who owned each cell then; a cell still face down then stays a card back (M12.9).
 */
export function endMapCells(cells: readonly MapCellView[], owners: readonly (number | null)[], order: readonly string[]): MapCellView[] {
  return cells.map((c, i): MapCellView =>
    owners[i] === null || owners[i] === undefined
      ? { cell: c.cell, code: c.code, position: c.position, revealed: false }
      : { ...c, revealed: true, tile: c.revealed ? c.tile : '', owner: order[owners[i]!] ?? null, castle: null, guards: [], treasures: 0 },
  )
}

const troopsOf = (t: Record<string, number>) => Object.values(t).reduce((n, x) => n + x, 0)

/** What a revealed tile is, for its colour: a village, a mine, a spell mine, water, forest or open land. */
export function tileClass(tile: string): string {
  if (/pueblo/.test(tile)) return 'village'
  if (/madera/.test(tile)) return 'wood'
  if (/piedra/.test(tile)) return 'stone'
  if (/oro/.test(tile)) return 'gold'
  if (/hechizo/.test(tile)) return 'spell'
  if (/lago/.test(tile)) return 'lake'
  if (/bosque/.test(tile)) return 'forest'
  if (/tesoro/.test(tile)) return 'treasure'
  return 'land'
}

/** A tile's name in the reader's language (the book keeps the Spanish names, M-glossary). */
export const tileName = (tile: string, s: Strings) => s[`m_tile_${tile}`] ?? tile

const SIDE: Record<string, [number, number, number, number]> = { N: [0, 0, 1, 0], S: [0, 1, 1, 1], W: [0, 0, 0, 1], E: [1, 0, 1, 1] }

export function mapSvg(rows: number, cols: number, cells: readonly MapCellView[], armies: readonly MapArmy[], o: MapOptions): string {
  const { s } = o
  const here = new Map<string, MapArmy[]>()
  for (const a of armies) here.set(a.cell, [...(here.get(a.cell) ?? []), a])
  const body = cells
    .map((c) => {
      const [r, col] = c.cell.split(',').map(Number) as [number, number]
      const x = col * S
      const y = r * S
      const on = here.get(c.cell) ?? []
      const owner = c.owner ? (o.names.get(c.owner) ?? c.owner) : ''
      const colour = c.owner ? (o.colours.get(c.owner) ?? '#777') : null
      const parts: string[] = []
      const words: string[] = [`${c.cell}`]
      if (!c.revealed) {
        parts.push(
          `<rect class="back" x="1" y="1" width="${S - 2}" height="${S - 2}" rx="5"/><rect class="back-in" x="6" y="6" width="${S - 12}" height="${S - 12}" rx="3"/>`,
        )
        parts.push(`<text class="zone" x="${S / 2}" y="${S / 2 + 5}">${esc(c.code)}</text>`)
        words.push(s[`m_faceDown`]!, `${s.m_zone} ${c.code}`)
      } else {
        const tile = c.tile ?? ''
        parts.push(`<rect class="tile ${tileClass(tile)}" x="1" y="1" width="${S - 2}" height="${S - 2}" rx="3"/>`)
        words.push(tileName(tile, s))
        if (colour) {
          parts.push(`<rect class="owned" x="3" y="3" width="${S - 6}" height="${S - 6}" rx="3" stroke="${colour}"/>`)
          parts.push(`<text class="initial" x="7" y="15" fill="#111">${esc(owner.slice(0, 1).toUpperCase())}</text>`)
          words.push(owner)
        }
        if (c.closed) {
          const [a, b, cc, d] = SIDE[c.closed]!
          parts.push(`<line class="closed" x1="${a * S}" y1="${b * S}" x2="${cc * S}" y2="${d * S}"/>`)
          words.push(`${s.m_closedSide} ${s[`m_dir_${c.closed}`]}`)
        }
        if (c.castle) {
          parts.push(`<text class="castle" x="${S - 8}" y="15">♜</text>`)
          words.push(`${s.m_castle} (${Object.keys(c.castle.slots).length})`)
        }
        const guards = (c.guards ?? []).reduce((n, g) => n + g.n, 0)
        if (guards) {
          parts.push(`<text class="guards" x="7" y="${S - 6}">⚔${guards}</text>`)
          words.push(`${s.m_guards}: ${(c.guards ?? []).map((g) => `${g.n} ${s[`m_kind_${g.kind}`]}`).join(', ')}`)
        }
        if (c.treasures) {
          parts.push(`<text class="treasure" x="${S / 2}" y="${S / 2 + 4}">◆${c.treasures > 1 ? c.treasures : ''}</text>`)
          words.push(`${s.m_treasures}: ${c.treasures}`)
        }
      }
      if (on.length) {
        const n = on.reduce((k, a) => k + troopsOf(a.troops), 0)
        const army = on[0]!
        const fill = o.colours.get(army.tribe) ?? '#333'
        parts.push(
          `<circle class="army${army.convoy ? ' convoy' : ''}" cx="${S - 13}" cy="${S - 13}" r="11" fill="${fill}"/><text class="troops" x="${S - 13}" y="${S - 9}" fill="${ink(fill)}">${n}</text>`,
        )
        for (const a of on)
          words.push(`${s.m_army} ${a.id} (${o.names.get(a.tribe) ?? a.tribe}): ${sentence(s.m_troopsCount!, { n: troopsOf(a.troops) }, languageOf(s))}`)
      }
      const army = o.tappable?.get(c.cell)?.join(' ')
      const mark = o.highlight?.has(c.cell) ? ' mark' : ''
      const traded = c.owner && o.owners?.has(c.owner) ? ` data-owner="${c.owner}"` : ''
      return (
        `<g class="cell${mark}" data-cell="${c.cell}"${army !== undefined ? ` data-army="${army}"` : ''}${traded} transform="translate(${x} ${y})"><title>${esc(words.join(' · '))}</title>` +
        parts.join('') +
        '</g>'
      )
    })
    .join('')
  const centre = (key: string) => key.split(',').map((n) => Number(n) * S + S / 2) as [number, number]
  const arrows = (o.arrows ?? [])
    .map((a) => {
      const [[y1, x1], [y2, x2]] = [centre(a.from), centre(a.to)]
      const colour = a.won ? '#1e8449' : '#a93226'
      return `<g class="arrow"><title>${esc(a.title)}</title><line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="3" marker-end="url(#m-head)"/></g>`
    })
    .join('')
  const defs = arrows
    ? '<defs><marker id="m-head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0,0L10,5L0,10z" fill="#333"/></marker></defs>'
    : ''
  return `<svg class="map" viewBox="0 0 ${cols * S} ${rows * S}" role="img" aria-label="${esc(o.label)}" data-board="map" xmlns="http://www.w3.org/2000/svg">${defs}${body}${arrows}</svg>`
}

/** M3.2: the castle's pyramid of ten slots, each built one named, each free one with what can go in it now. */
export function castleSvg(slots: Record<string, string>, buildable: Map<string, string[]>, label: string, s: Strings): string {
  const ROWS: string[][] = [['4a'], ['3a', '3b'], ['2a', '2b', '2c'], ['1a', '1b', '1c', '1d']]
  const W = 112
  const H = 44
  const parts = ROWS.flatMap((row, i) =>
    row.map((slot, j) => {
      const x = ((4 - row.length) * W) / 2 + j * W + 4
      const y = i * (H + 6) + 4
      const built = slots[slot]
      const free = buildable.get(slot)?.length ?? 0
      const text = built ? (s[`m_building_${built}`] ?? built) : free ? `+${free}` : '·'
      const title = built
        ? `${slot}: ${text}`
        : `${slot}: ${free ? (buildable.get(slot) ?? []).map((b) => s[`m_building_${b}`] ?? b).join(', ') : s.m_slotEmpty}`
      return (
        `<g class="slot${built ? ' built' : free ? ' open' : ''}"><title>${esc(title)}</title><rect x="${x}" y="${y}" width="${W - 6}" height="${H}" rx="4"/>` +
        `<text x="${x + 6}" y="${y + 15}" class="slot-id">${slot}</text><text x="${x + (W - 6) / 2}" y="${y + 33}" class="slot-name">${esc(text)}</text></g>`
      )
    }),
  )
  return `<svg class="map" viewBox="0 0 ${4 * W + 4} ${4 * (H + 6) + 4}" role="img" aria-label="${esc(label)}" data-board="castle" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`
}

export interface BoardPlatoon {
  id: string
  kind: string
  n: number
  x: number
  y: number
}

/** One step of a battle on its 5 × 5 board (M8.3): each platoon where it stands with its troops; attackers below, defenders above. */
export function battleBoardSvg(platoons: readonly BoardPlatoon[], obstacles: readonly [number, number][], label: string, s: Strings, moved?: string): string {
  const C = 30
  const grid = Array.from({ length: 25 }, (_, i) => `<rect class="sq" x="${(i % 5) * C}" y="${Math.floor(i / 5) * C}" width="${C}" height="${C}"/>`).join('')
  const rocks = obstacles.map(([x, y]) => `<rect class="obstacle" x="${x * C + 4}" y="${(4 - y) * C + 4}" width="${C - 8}" height="${C - 8}"/>`).join('')
  const units = platoons
    .filter((p) => p.n > 0)
    .map((p) => {
      const side = p.id.startsWith('A') ? 'att' : 'def'
      const cx = p.x * C + C / 2
      const cy = (4 - p.y) * C + C / 2
      return (
        `<g class="platoon ${side}${p.id === moved ? ' moved' : ''}"><title>${esc(`${p.id}: ${p.n} ${s[`m_kind_${p.kind}`] ?? p.kind}`)}</title>` +
        `<circle cx="${cx}" cy="${cy}" r="12"/><text x="${cx}" y="${cy + 4}">${esc(s[`m_kindShort_${p.kind}`] ?? p.kind[0]!)}${p.n}</text></g>`
      )
    })
    .join('')
  return `<svg class="map" viewBox="-1 -1 ${5 * C + 2} ${5 * C + 2}" role="img" aria-label="${esc(label)}" data-board="battle" xmlns="http://www.w3.org/2000/svg">${grid}${rocks}${units}</svg>`
}
