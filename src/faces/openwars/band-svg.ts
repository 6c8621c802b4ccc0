// The map of Open Wars as an SVG: the grid of location cards (W2.1), each with its terrain, its
// entry cost and yields, its controller's band and every stack as a counter in its tribe's
// colour. Drawn on the server: readable with no script, the same on every screen.
import { CARDS } from '../../engine/games/openwars/data.ts'
import { cardName, keywordName, kindName, typeName } from './names.ts'
import type { Strings } from '../page-kit.ts'

const CW = 124
const CH = 88
const FILL: Record<string, string> = {
  agua: '#cfe3f3',
  montana: '#e0d8cb',
  bosque: '#d3ead3',
  llanura: '#f4f0cc',
  desierto: '#f6e2bd',
  ciudad: '#e9def2',
}

export interface BandCell {
  id: string
  card: string
  controller: string | null
  stacks: { tribe: string; kind: string; count: number }[]
}

export interface BandArrow {
  from: string
  to: string
  battle: boolean
  title: string
}

export interface BandOptions {
  rows: number
  cols: number
  label: string
  colours: Map<string, string>
  names: Map<string, string>
  highlight?: Set<string>
  arrows?: BandArrow[]
  /** A trade's map (#49): the locations these tribes control and hold no unit on (W8.4) carry their controller, a tap away from its line. */
  owners?: ReadonlySet<string>
}

/** W8.4: a location its controller may give, holding no unit. */
export const tradeable = (c: BandCell) => c.stacks.every((x) => x.count === 0)

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

function ink(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const l = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)
  return l > 150 ? '#111' : '#fff'
}

const at = (id: string): [number, number] => {
  const m = /^r(\d+)c(\d+)$/.exec(id)!
  return [(Number(m[2]) - 1) * CW, (Number(m[1]) - 1) * CH]
}

export function bandSvg(cells: readonly BandCell[], s: Strings, o: BandOptions): string {
  const W = o.cols * CW
  const H = o.rows * CH
  const body = cells
    .map((c) => {
      const [x, y] = at(c.id)
      const card = CARDS.get(c.card)
      const colour = c.controller ? (o.colours.get(c.controller) ?? '#777') : null
      const owner = c.controller ? (o.names.get(c.controller) ?? c.controller) : s.o_uncontrolled!
      const yields = `${card?.gold ?? 0}${s.o_goldShort} ${card?.mana ?? 0}${s.o_manaShort}`
      const stacks = c.stacks.filter((x) => x.count > 0)
      const said = stacks.map((x) => `${o.names.get(x.tribe) ?? x.tribe}: ${x.count} ${kindName(x.kind, s)}`).join('; ')
      const title = [
        `${card ? cardName(card.id, s) : c.card} (${c.id})`,
        card ? typeName(card.type, s) : '',
        card ? `${s.o_entry} ${card.entry}` : '',
        yields,
        card?.keyword ? keywordName(card.keyword, s) : '',
        owner,
        said,
      ]
        .filter(Boolean)
        .join(' · ')
      // Each stack a counter in its tribe's colour: its units and its kind's short name in the reader's language.
      const counters = stacks
        .slice(0, 8)
        .map((x, i) => {
          const fill = o.colours.get(x.tribe) ?? '#777'
          const cx = 4 + (i % 4) * 29
          const cy = 50 + Math.floor(i / 4) * 18
          const words = kindName(x.kind, s)
            .split(/\s+/)
            .filter((w) => w.length > 2)
          const short = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2)
          return `<rect x="${cx}" y="${cy}" width="27" height="16" rx="3" fill="${fill}" stroke="#222" stroke-width="0.8"/><text x="${cx + 13.5}" y="${cy + 12}" class="n" fill="${ink(fill)}">${x.count}${esc(short)}</text>`
        })
        .join('')
      const band = colour
        ? `<rect x="2" y="2" width="${CW - 4}" height="9" fill="${colour}"/><text x="${CW - 6}" y="10" class="own" fill="${ink(colour)}">${esc(owner.slice(0, 1))}</text>`
        : ''
      const mark = o.highlight?.has(c.id) ? ' mark' : ''
      const traded = c.controller && o.owners?.has(c.controller) && tradeable(c) ? ` data-owner="${c.controller}"` : ''
      return (
        `<g class="loc${mark}" data-cell="${c.id}"${traded} transform="translate(${x} ${y})"><title>${esc(title)}</title>` +
        `<rect class="bg" x="1" y="1" width="${CW - 2}" height="${CH - 2}" rx="6" fill="${card ? FILL[card.type] : '#eee'}" stroke="#555" stroke-width="1"/>` +
        band +
        `<text x="6" y="25" class="cn">${esc(clip(card ? cardName(card.id, s) : c.card, 17))}</text>` +
        `<text x="6" y="40" class="cy">${c.id} · ${s.o_entryShort}${card?.entry ?? '?'} · ${esc(yields)}${card?.keyword ? ' ★' : ''}</text>` +
        counters +
        '</g>'
      )
    })
    .join('')
  const arrows = (o.arrows ?? [])
    .map((a) => {
      const [x1, y1] = at(a.from)
      const [x2, y2] = at(a.to)
      // A wrapped neighbour across the band's seam is drawn as a short stub towards the edge.
      const far = Math.abs(x1 - x2) > CW
      const [tx, ty] = far ? [x1 + (x2 > x1 ? -CW / 2 : CW / 2), y2] : [x2, y2]
      return `<g class="arrow${a.battle ? ' battle' : ''}"><title>${esc(a.title)}</title><line x1="${x1 + CW / 2}" y1="${y1 + CH / 2}" x2="${tx + CW / 2}" y2="${ty + CH / 2}" stroke="${a.battle ? '#a93226' : '#1a5276'}" stroke-width="4"${a.battle ? ' stroke-dasharray="9 5"' : ''} marker-end="url(#ow-head)"/></g>`
    })
    .join('')
  const defs = arrows
    ? '<defs><marker id="ow-head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" fill="#333"/></marker></defs>'
    : ''
  return (
    `<svg class="band" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(o.label)}" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" style="--cols:${o.cols}">` +
    `<style>.band text{font-family:system-ui,sans-serif}.band .cn{font-size:12px;font-weight:600;fill:#111}.band .cy{font-size:10.5px;fill:#222}.band .n{font-size:10.5px;font-weight:700;text-anchor:middle}.band .own{font-size:8px;font-weight:700;text-anchor:end}.band g.mark rect.bg{stroke:#111;stroke-width:3}</style>` +
    defs +
    body +
    arrows +
    '</svg>'
  )
}
