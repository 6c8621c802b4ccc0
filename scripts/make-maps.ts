// `npm run maps` regenerates the bundled maps in src/engine/games/weekday/maps/ (committed JSON).
// Each map is N copies of one region laid side by side along a coast, so every
// tribe's home is the same shape (docs/maps.md). A region, in offset columns:
//   row 0      sea (north coast)
//   rows 1–5   land: a north port, an inland city, a south port
//   row 6      sea
//   row 7      an island with a port city
//   row 8      sea
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { validateMap, type MapDef, type MapTileDef } from '../src/engine/games/weekday/index.ts'

const WIDTH = 6
const ROWS = 9
const CITIES: [number, number][] = [
  [2, 1],
  [4, 3],
  [1, 5],
  [2, 7],
]
const ISLAND: [number, number][] = [
  [2, 7],
  [3, 7],
  [3, 8],
]
const NAMES = ['', '', 'Dos Orillas', 'Tres Calas', 'Cuatro Vientos', 'Cinco Puertos', 'Seis Faros', 'Siete Mares']

function makeMap(tribes: number): MapDef {
  const tiles: MapTileDef[] = []
  for (let region = 0; region < tribes; region++) {
    for (let row = 0; row < ROWS; row++) {
      for (let c = 0; c < WIDTH; c++) {
        const col = region * WIDTH + c
        const land = (row >= 1 && row <= 5) || ISLAND.some(([x, y]) => x === c && y === row)
        const city = CITIES.some(([x, y]) => x === c && y === row)
        const tile: MapTileDef = { q: col - Math.floor(row / 2), r: row, terrain: land ? 'land' : 'sea' }
        if (city) tile.city = true
        tiles.push(tile)
      }
    }
  }
  return {
    id: `coast-${tribes}`,
    name: `${NAMES[tribes]} (${tribes} tribes)`,
    description: `${tribes} identical coastal regions side by side, each with two ports, an inland city and an island port.`,
    tribes,
    tiles,
  }
}

const dir = path.resolve(import.meta.dirname, '../src/engine/games/weekday/maps')
for (let n = 2; n <= 7; n++) {
  const map = makeMap(n)
  const problems = validateMap(map)
  if (problems.length) throw new Error(`${map.id}: ${problems.map((p) => p.message).join('; ')}`)
  await writeFile(path.join(dir, `${map.id}.json`), JSON.stringify(map) + '\n')
  console.log(`${map.id}: ${map.tiles.length} tiles, ${map.tiles.filter((t) => t.city).length} cities`)
}
