// The campaign map as inline SVG: terrain, owners (colour plus a pattern and the
// tribe's initial, so colour is never the only cue), cities, ports, siege marks,
// armies with troop counts and ships with crews. Rendered in TypeScript rather
// than in a template loop: a 7-tribe map has hundreds of hexes.
export interface MapTribe { id: string; name: string; colour: string }
export interface MapTile { tile: string; q: number; r: number; terrain: string; city: boolean; port: boolean; owner: string | null }
export interface MapData {
  tiles: MapTile[]
  armies: { tile: string; tribe: string | null; troops: number }[]
  ships: { id: string; tribe: string; tile: string; crew: number }[]
  besieged: string[]
}

const SIZE = 18
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

export function renderMapSvg(map: MapData, tribes: MapTribe[], options: { highlight?: Map<string, string>; label?: string } = {}): string {
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
  const patterns = tribes.map((t, i) => {
    const angle = (i * 180) / Math.max(tribes.length, 1)
    return `<pattern id="p${i}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="6" height="6" fill="${esc(t.colour)}" fill-opacity="0.55"/><line x1="0" y1="0" x2="0" y2="6" stroke="${esc(t.colour)}" stroke-width="2.5"/></pattern>`
  }).join('')
  const cells: string[] = []
  for (const t of map.tiles) {
    const { x, y } = pos(t)
    const owner = t.owner !== null ? index.get(t.owner) : undefined
    const army = armies.get(t.tile)
    const here = ships.get(t.tile) ?? []
    const fill = t.terrain === 'sea' ? '#aed6f1' : owner !== undefined ? `url(#p${owner})` : '#f4ecd8'
    const title = [
      t.tile, t.terrain === 'sea' ? 'sea' : 'land', t.city ? 'city' : '', t.port ? 'port' : '',
      t.owner ? `owner ${name.get(t.owner)}` : '', army ? `${army.troops} troops${army.tribe ? ` of ${name.get(army.tribe)}` : ' (neutral)'}` : '',
      ...here.map((s) => `ship ${s.id} of ${name.get(s.tribe)} with ${s.crew}`), besieged.has(t.tile) ? 'besieged' : '',
      options.highlight?.get(t.tile) ?? '',
    ].filter(Boolean).join(', ')
    const pool = options.highlight?.get(t.tile)
    cells.push(`<g class="tile" data-tile="${t.tile}" tabindex="-1"><title>${esc(title)}</title>`
      + `<polygon points="${corners(x, y)}" fill="${fill}" stroke="${pool ? '#111' : '#7f8c8d'}" stroke-width="${pool ? 2.5 : 0.6}"/>`
      + (owner !== undefined && t.terrain !== 'sea' ? `<text x="${x.toFixed(1)}" y="${(y - 7).toFixed(1)}" class="own">${esc((name.get(t.owner!) ?? '?').slice(0, 1).toUpperCase())}</text>` : '')
      + (t.city ? `<rect x="${(x - 5).toFixed(1)}" y="${(y - 3).toFixed(1)}" width="10" height="8" class="city"/>` : '')
      + (t.port ? `<text x="${(x + 9).toFixed(1)}" y="${(y - 5).toFixed(1)}" class="port">⚓</text>` : '')
      + (besieged.has(t.tile) ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${SIZE - 3}" class="siege"/>` : '')
      + (army ? `<text x="${x.toFixed(1)}" y="${(y + 13).toFixed(1)}" class="troops">${army.troops}</text>` : '')
      + (here.length ? `<text x="${x.toFixed(1)}" y="${(y + 5).toFixed(1)}" class="ship">⛵${here.map((s) => s.crew).join('+')}</text>` : '')
      // A short mark is drawn in the tile; a longer one ("free city") only outlines it and is read from its title.
      + (pool && pool.length <= 3 ? `<text x="${(x - 10).toFixed(1)}" y="${(y + 5).toFixed(1)}" class="pool">${esc(pool)}</text>` : '')
      + '</g>')
  }
  return `<svg class="map" viewBox="${minX.toFixed(0)} ${minY.toFixed(0)} ${width.toFixed(0)} ${height.toFixed(0)}" role="img" aria-label="${esc(options.label ?? 'Campaign map')}" xmlns="http://www.w3.org/2000/svg">`
    + `<defs>${patterns}</defs>${cells.join('')}</svg>`
}
