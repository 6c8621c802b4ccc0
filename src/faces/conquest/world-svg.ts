// The world map of world conquest as an SVG (#17): a schematic of the 42 territories where
// they lie on a globe, their links (dashed by sea), each coloured by its owner with its troops.
// Drawn on the server: no script is needed to read it, and it is the same on every screen.
import { BY_ID, EDGES, TERRITORIES, type ContinentId, type TerritoryDef } from '../../engine/games/conquest/world.ts'

const W = 1000
const H = 560
/** Where each territory sits, roughly as on a world map (x 0–1000, y 0–560). */
const AT: Record<string, [number, number]> = {
  ala: [50, 70],
  mac: [150, 60],
  gro: [300, 35],
  van: [95, 140],
  ott: [195, 135],
  lab: [290, 115],
  cal: [105, 215],
  nyk: [215, 210],
  mex: [150, 285],
  vce: [225, 345],
  cbp: [205, 430],
  bra: [295, 395],
  apu: [250, 505],
  isl: [395, 65],
  ing: [405, 140],
  sue: [485, 70],
  ale: [480, 145],
  efi: [440, 215],
  pyu: [540, 195],
  mos: [580, 115],
  arn: [455, 300],
  egi: [555, 280],
  sud: [585, 365],
  con: [510, 395],
  asu: [560, 475],
  mad: [655, 455],
  mor: [645, 250],
  ara: [665, 165],
  oms: [690, 90],
  dud: [775, 65],
  sib: [885, 55],
  tch: [800, 130],
  vla: [905, 140],
  mon: [820, 200],
  jap: [955, 225],
  chi: [770, 260],
  ind: [700, 330],
  vie: [790, 345],
  sum: [790, 425],
  bor: [890, 410],
  ngu: [955, 470],
  aus: [880, 505],
}
const CONTINENT_FILL: Record<ContinentId, string> = { NA: '#f4ecd6', SA: '#e3efd8', EU: '#dfe7f3', AF: '#f3e0d2', AS: '#efe4f1', OC: '#d9efee' }

export interface WorldTerritory {
  id: string
  owner: string
  troops: number
  wall?: number
  planes?: number
  ships?: number
}
export interface WorldOptions {
  label: string
  names: Record<string, string>
  highlight?: Set<string>
  legend?: string
  /** A period's moves and attacks (#30), each with the sentence a screen reader gives for it. */
  arrows?: WorldArrow[]
  /** The map to tap on (#27): each end of the Alaska–Siberia link also drawn past the other edge. */
  wrapped?: boolean
  /** A trade's map (#49): the territories these tribes own carry their owner, a tap away from its line of the proposal. */
  owners?: ReadonlySet<string>
}

/**
 * Alaska and Siberia are neighbours round the back of the globe, 835 wide apart here: more than
 * a phone shows at once. On a map to tap, a stand-in for each sits past the other's edge (the same
 * box, dashed, a tap on it a tap on the territory), so both ends of every link are a phone's width
 * apart at most. WRAP is the room added on each side for them.
 */
const STAND_INS: readonly { id: string; by: string; at: [number, number] }[] = [
  { id: 'sib', by: 'ala', at: [-40, 55] },
  { id: 'ala', by: 'sib', at: [1040, 70] },
]
const WRAP = 80

/** A move or an attack from one territory to another; an attack's end says whether it conquered. */
export interface WorldArrow {
  kind: 'move' | 'attack'
  from: string
  to: string
  conquered?: boolean
  title: string
}

const ARROW_COLOUR = { move: '#1a5276', attack: '#b03a2e' } as const

function drawArrows(arrows: readonly WorldArrow[]): string {
  if (!arrows.length) return ''
  const markers = Object.entries(ARROW_COLOUR)
    .map(
      ([kind, colour]) =>
        `<marker id="wa-${kind}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`,
    )
    .join('')
  const lines = arrows
    .map((a) => {
      const p = AT[a.from]
      const q = AT[a.to]
      // Alaska–Siberia goes round the back of the globe: no straight line across the world tells it.
      if (!p || !q || [a.from, a.to].sort().join() === 'ala,sib') return ''
      // The line runs from box edge to box edge, so both territories' names and troops stay readable;
      // a white casing keeps it seen over a box of its own colour.
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1
      const [ux, uy] = [(q[0] - p[0]) / len, (q[1] - p[1]) / len]
      const edge = Math.min(ux ? 34 / Math.abs(ux) : Infinity, uy ? 24 / Math.abs(uy) : Infinity)
      const [x1, y1, x2, y2] = [p[0] + ux * edge, p[1] + uy * edge, q[0] - ux * edge, q[1] - uy * edge].map((n) => n.toFixed(1))
      const sign =
        a.kind === 'attack'
          ? `<text x="${(q[0] - ux * edge + uy * 12).toFixed(1)}" y="${(q[1] - uy * edge - ux * 12 + 6).toFixed(1)}" class="arrow-result">${a.conquered ? '✓' : '✗'}</text>`
          : ''
      return (
        `<g class="arrow arrow-${a.kind}"><title>${esc(a.title)}</title><line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#fff" stroke-width="8" stroke-linecap="round"/>` +
        `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${ARROW_COLOUR[a.kind]}" stroke-width="4"` +
        `${a.kind === 'attack' ? ' stroke-dasharray="10 5"' : ''} stroke-linecap="round" marker-end="url(#wa-${a.kind})"/>${sign}</g>`
      )
    })
    .join('')
  return `<defs>${markers}</defs><g class="arrows">${lines}</g>`
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

/** Text on a coloured swatch stays readable: dark text on light colours, white on dark. */
function ink(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const l = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)
  return l > 150 ? '#111' : '#fff'
}

export function worldSvg(territories: WorldTerritory[], colours: Map<string, string>, tribeNames: Map<string, string>, o: WorldOptions): string {
  const by = new Map(territories.map((t) => [t.id, t]))
  const links = EDGES.map(({ a, b, sea }) => {
    const [x1, y1] = AT[a]!
    const [x2, y2] = AT[b]!
    // Alaska–Siberia goes round the back of the globe: from each, off its edge (to its stand-in there).
    if ((a === 'ala' && b === 'sib') || (a === 'sib' && b === 'ala')) {
      return STAND_INS.map(({ by: from, at: [x, y] }) => {
        const [fx, fy] = AT[from]!
        const end = o.wrapped ? [x, y] : [x < 0 ? 0 : W, fy - 10]
        return `<line class="sea" x1="${fx}" y1="${fy}" x2="${end[0]}" y2="${end[1]}"/>`
      }).join('')
    }
    return `<line class="${sea ? 'sea' : 'land'}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`
  }).join('')
  const box = (def: TerritoryDef, [x, y]: readonly [number, number], standIn: boolean) => {
    const t = by.get(def.id)
    const colour = t ? (colours.get(t.owner) ?? '#999') : '#bbb'
    const owner = t ? (tribeNames.get(t.owner) ?? t.owner) : ''
    const extras = t ? [t.wall ? '▲'.repeat(t.wall) : '', t.planes ? `✈${t.planes}` : '', t.ships ? `⚓${t.ships}` : ''].filter(Boolean).join(' ') : ''
    const mark = o.highlight?.has(def.id) ? ' mark' : ''
    const traded = !standIn && t && o.owners?.has(t.owner) ? ` data-owner="${t.owner}"` : ''
    const title = `${o.names[def.id] ?? def.name} (${def.id}) · ${owner}${t ? ` · ${t.troops}` : ''}${extras ? ` · ${extras}` : ''}`
    // A stand-in is hidden from screen readers: they have the territory itself, once.
    return (
      `<g class="${standIn ? 'stand-in' : 'territory'}${mark}" data-territory="${def.id}"${traded}${standIn ? ' aria-hidden="true"' : ''} transform="translate(${x} ${y})"><title>${esc(title)}</title>` +
      `<rect x="-30" y="-20" width="60" height="40" rx="8" fill="${colour}" stroke="${def.coastal ? '#1b4f72' : '#555'}" stroke-width="${def.coastal ? 2 : 1}"${standIn ? ' stroke-dasharray="6 4"' : ''}/>` +
      `<text y="-4" fill="${ink(colour)}" class="tid">${def.id}</text><text y="14" fill="${ink(colour)}" class="troops">${t ? t.troops : ''}</text>` +
      (extras ? `<text y="34" class="extras">${esc(extras)}</text>` : '') +
      '</g>'
    )
  }
  const nodes =
    TERRITORIES.map((def) => box(def, AT[def.id]!, false)).join('') + (o.wrapped ? STAND_INS.map(({ id, at }) => box(BY_ID.get(id)!, at, true)).join('') : '')
  const seas = (Object.keys(CONTINENT_FILL) as ContinentId[])
    .map((c) => {
      const pts = TERRITORIES.filter((t) => t.continent === c).map((t) => AT[t.id]!)
      const xs = pts.map((p) => p[0])
      const ys = pts.map((p) => p[1])
      return `<rect x="${Math.min(...xs) - 42}" y="${Math.min(...ys) - 30}" width="${Math.max(...xs) - Math.min(...xs) + 84}" height="${Math.max(...ys) - Math.min(...ys) + 60}" rx="24" fill="${CONTINENT_FILL[c]}"/>`
    })
    .join('')
  return (
    `<svg class="world${o.wrapped ? ' wrapped' : ''}" viewBox="${o.wrapped ? `${-WRAP} 0 ${W + 2 * WRAP}` : `0 0 ${W}`} ${H}" role="img" aria-label="${esc(o.label)}" xmlns="http://www.w3.org/2000/svg">` +
    '<style>.arrow-result{font-weight:700;font-size:20px;font-family:system-ui,sans-serif;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px;fill:#111}.land{stroke:#6b5b3e;stroke-width:2}.sea{stroke:#2e86c1;stroke-width:2;stroke-dasharray:6 5}.tid{font:600 14px system-ui,sans-serif;text-anchor:middle}.troops{font:700 17px system-ui,sans-serif;text-anchor:middle}.extras{font:12px system-ui,sans-serif;text-anchor:middle;fill:#222}.mark rect{stroke:#f1c40f;stroke-width:5}</style>' +
    `<rect${o.wrapped ? ` x="${-WRAP}"` : ''} width="${W + (o.wrapped ? 2 * WRAP : 0)}" height="${H}" fill="#cfe3f0"/>${seas}${links}${nodes}${drawArrows(o.arrows ?? [])}</svg>`
  )
}
