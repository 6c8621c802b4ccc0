// The campaign map as inline SVG: terrain, owners (colour plus a pattern and the
// tribe's initial, so colour is never the only cue), cities, ports, siege marks,
// armies with troop counts and ships with crews. Rendered in TypeScript rather
// than in a template loop: a 7-tribe map has hundreds of hexes.
import { fill, type Locale } from '../../lib/fill.ts'
import type { ArrowKind, MapArrow } from './map-arrows.ts'

export interface MapTribe {
  id: string
  name: string
  colour: string
}
export interface MapTile {
  tile: string
  q: number
  r: number
  terrain: string
  city: boolean
  port: boolean
  owner: string | null
}
export interface MapData {
  tiles: MapTile[]
  armies: { tile: string; tribe: string | null; troops: number }[]
  ships: { id: string; tribe: string; tile: string; crew: number }[]
  besieged: string[]
}

/** The words of a tile's description (its title, which the tile panel shows), in the reader's language. */
export interface MapWords {
  sea: string
  land: string
  city: string
  port: string
  owner: string
  troops: string
  neutral: string
  ship: string
  besieged: string
  /** Whose plural rules the counts follow. */
  language: Locale
}
export const ENGLISH_MAP_WORDS: MapWords = {
  sea: 'sea',
  land: 'land',
  city: 'city',
  port: 'port',
  owner: 'owner {tribe}',
  troops: '{n, plural, one {# troop} other {# troops}} of {tribe}',
  neutral: '{n, plural, one {# neutral troop} other {# neutral troops}}',
  ship: 'ship {id} of {tribe} with {crew}',
  besieged: 'besieged',
  language: 'en',
}

/** An arrow to draw, with the sentence a screen reader (and a hover) gives for it. */
export type TitledArrow = MapArrow & { title: string }

const SIZE = 18
// Colour and line pattern both tell an arrow's kind, and an attack's end carries its result as a sign.
const ARROW_STYLE: Record<ArrowKind, { colour: string; dash: string }> = {
  move: { colour: '#1a5276', dash: '' },
  attack: { colour: '#b03a2e', dash: '5 2.5' },
  embark: { colour: '#6c3483', dash: '6 2 1.5 2' },
  disembark: { colour: '#6c3483', dash: '6 2 1.5 2' },
  sail: { colour: '#0e6655', dash: '1.5 2.5' },
}
const RESULT_SIGN = { attacker: '✓', defender: '✗', tie: '=' } as const
const W = Math.sqrt(3) * SIZE
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function corners(x: number, y: number): string {
  const pts: string[] = []
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30)
    pts.push(`${(x + SIZE * Math.cos(a)).toFixed(1)},${(y + SIZE * Math.sin(a)).toFixed(1)}`)
  }
  return pts.join(' ')
}

export function renderMapSvg(
  map: MapData,
  tribes: MapTribe[],
  options: { highlight?: Map<string, string>; label?: string; arrows?: TitledArrow[]; words?: MapWords; places?: (tile: string) => string } = {},
): string {
  const words = options.words ?? ENGLISH_MAP_WORDS
  const index = new Map(tribes.map((t, i) => [t.id, i]))
  const name = new Map(tribes.map((t) => [t.id, t.name]))
  const armies = new Map(map.armies.map((a) => [a.tile, a]))
  const ships = new Map<string, typeof map.ships>()
  for (const s of map.ships) ships.set(s.tile, [...(ships.get(s.tile) ?? []), s])
  const besieged = new Set(map.besieged)
  const pos = (t: { q: number; r: number }) => ({ x: W * (t.q + t.r / 2), y: SIZE * 1.5 * t.r })
  const xs = map.tiles.map((t) => pos(t).x)
  const ys = map.tiles.map((t) => pos(t).y)
  const minX = Math.min(...xs) - W
  const minY = Math.min(...ys) - SIZE * 1.5
  const width = Math.max(...xs) - minX + W
  const height = Math.max(...ys) - minY + SIZE * 1.5
  const patterns = tribes
    .map((t, i) => {
      const angle = (i * 180) / Math.max(tribes.length, 1)
      return `<pattern id="p${i}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="6" height="6" fill="${esc(t.colour)}" fill-opacity="0.55"/><line x1="0" y1="0" x2="0" y2="6" stroke="${esc(t.colour)}" stroke-width="2.5"/></pattern>`
    })
    .join('')
  const cells: string[] = []
  for (const t of map.tiles) {
    const { x, y } = pos(t)
    const owner = t.owner !== null ? index.get(t.owner) : undefined
    const army = armies.get(t.tile)
    const here = ships.get(t.tile) ?? []
    const paint = t.terrain === 'sea' ? '#aed6f1' : owner !== undefined ? `url(#p${owner})` : '#f4ecd8'
    const title = [
      placeTitle(t.tile, options.places),
      t.terrain === 'sea' ? words.sea : words.land,
      t.city ? words.city : '',
      t.port ? words.port : '',
      t.owner ? fill(words.owner, { tribe: name.get(t.owner) ?? '?' }, words.language) : '',
      army
        ? army.tribe
          ? fill(words.troops, { n: army.troops, tribe: name.get(army.tribe) ?? '?' }, words.language)
          : fill(words.neutral, { n: army.troops }, words.language)
        : '',
      ...here.map((x) => fill(words.ship, { id: x.id, tribe: name.get(x.tribe) ?? '?', crew: x.crew }, words.language)),
      besieged.has(t.tile) ? words.besieged : '',
      options.highlight?.get(t.tile) ?? '',
    ]
      .filter(Boolean)
      .join(', ')
    const pool = options.highlight?.get(t.tile)
    cells.push(
      `<g class="tile" data-tile="${t.tile}"${t.owner !== null && t.terrain !== 'sea' ? ` data-owner="${esc(t.owner)}"` : ''} tabindex="-1"><title>${esc(title)}</title>` +
        `<polygon points="${corners(x, y)}" fill="${paint}" stroke="${pool ? '#111' : '#7f8c8d'}" stroke-width="${pool ? 2.5 : 0.6}"/>` +
        (owner !== undefined && t.terrain !== 'sea'
          ? `<text x="${x.toFixed(1)}" y="${(y - 7).toFixed(1)}" class="own">${esc((name.get(t.owner!) ?? '?').slice(0, 1).toUpperCase())}</text>`
          : '') +
        (t.city ? `<rect x="${(x - 5).toFixed(1)}" y="${(y - 3).toFixed(1)}" width="10" height="8" class="city"/>` : '') +
        (t.port ? `<text x="${(x + 9).toFixed(1)}" y="${(y - 5).toFixed(1)}" class="port">⚓</text>` : '') +
        (besieged.has(t.tile) ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${SIZE - 3}" class="siege"/>` : '') +
        (army ? `<text x="${x.toFixed(1)}" y="${(y + 13).toFixed(1)}" class="troops">${army.troops}</text>` : '') +
        // A ship is drawn (hull and sail), not an emoji: phones and headless browsers lack some emoji fonts.
        (here.length
          ? `<path d="${shipPath(x - 5, y + 2)}" class="ship"/><text x="${(x + 6).toFixed(1)}" y="${(y + 5).toFixed(1)}" class="crew">${here.map((s) => s.crew).join('+')}</text>`
          : '') +
        // A short mark is drawn in the tile; a longer one ("free city") only outlines it and is read from its title.
        (pool && pool.length <= 3 ? `<text x="${(x - 10).toFixed(1)}" y="${(y + 5).toFixed(1)}" class="pool">${esc(pool)}</text>` : '') +
        '</g>',
    )
  }
  const centre = new Map(map.tiles.map((t) => [t.tile, pos(t)]))
  const arrows = (options.arrows ?? []).map((a) => drawArrow(a, centre)).join('')
  const markers = Object.entries(ARROW_STYLE)
    .map(
      ([kind, { colour }]) =>
        `<marker id="ah-${kind}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto"><path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`,
    )
    .join('')
  return (
    `<svg class="map" viewBox="${minX.toFixed(0)} ${minY.toFixed(0)} ${width.toFixed(0)} ${height.toFixed(0)}" role="img" aria-label="${esc(options.label ?? 'Campaign map')}" xmlns="http://www.w3.org/2000/svg">` +
    `<defs>${patterns}${markers}</defs>${cells.join('')}<g class="arrows">${arrows}</g></svg>`
  )
}

/** A tile's name with its coordinates, which the forms take (R1.5): "Highport (2,1)", "North Sea (3,0)", "3,0". */
export function placeTitle(tile: string, places?: (tile: string) => string): string {
  const label = places ? places(tile) : tile
  return label === tile || label.endsWith(`(${tile})`) ? label : `${label} (${tile})`
}

function shipPath(x: number, y: number): string {
  const f = (n: number) => n.toFixed(1)
  return `M${f(x - 6)},${f(y)}h12l-3,4h-6z M${f(x)},${f(y - 1)}v-9l5,7z`
}

function drawArrow(a: TitledArrow, centre: Map<string, { x: number; y: number }>): string {
  const points = a.path.map((k) => centre.get(k)).filter((p): p is { x: number; y: number } => !!p)
  if (points.length < 2) return ''
  // The head stops short of the destination's centre, so the troops there stay readable.
  const [p, q] = [points[points.length - 2]!, points[points.length - 1]!]
  const len = Math.hypot(q.x - p.x, q.y - p.y) || 1
  const end = { x: q.x - ((q.x - p.x) / len) * 6, y: q.y - ((q.y - p.y) / len) * 6 }
  const line = [...points.slice(0, -1), end].map((pt) => `${pt.x.toFixed(1)},${pt.y.toFixed(1)}`).join(' ')
  const { colour, dash } = ARROW_STYLE[a.kind]
  const mid = points[Math.floor((points.length - 1) / 2)]!
  const next = points[Math.floor((points.length - 1) / 2) + 1]!
  return (
    `<g class="arrow arrow-${a.kind}"><title>${esc(a.title)}</title>` +
    `<polyline points="${line}" fill="none" stroke="${colour}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"${dash ? ` stroke-dasharray="${dash}"` : ''} marker-end="url(#ah-${a.kind})"/>` +
    (a.troops ? `<text x="${((mid.x + next.x) / 2).toFixed(1)}" y="${((mid.y + next.y) / 2 + 3).toFixed(1)}" class="arrow-troops">${a.troops}</text>` : '') +
    (a.result
      ? `<text x="${(q.x + 8).toFixed(1)}" y="${(q.y - 8).toFixed(1)}" class="arrow-result arrow-result-${a.result}">${RESULT_SIGN[a.result]}</text>`
      : '') +
    '</g>'
  )
}
