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
import { tileKey, validateMap, type MapDef, type MapTileDef, type PlaceName } from '../src/engine/games/weekday/index.ts'

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

type Named = [en: string, es: string]
/**
 * Each region's places (R1.5), in the order of CITIES, then its north coast's sea. Every name
 * differs from every other region's, and each language's name is a word of that language only,
 * so a page in one language never reads as the other.
 */
const REGIONS: { cities: [Named, Named, Named, Named]; sea: Named }[] = [
  {
    cities: [
      ['Highport', 'Puertoalto'],
      ['Oakmere', 'Robledo'],
      ['Saltcove', 'Salinas'],
      ['Gull Isle', 'Isla Gaviota'],
    ],
    sea: ['Highport Bay', 'Bahía de Puertoalto'],
  },
  {
    cities: [
      ['Windhaven', 'Ventosa'],
      ['Vinemont', 'Viñamonte'],
      ['Shellbay', 'Conchas'],
      ['Lantern Key', 'Cayo Farol'],
    ],
    sea: ['Windward Sea', 'Mar de Barlovento'],
  },
  {
    cities: [
      ['Goldsand', 'Arenas de Oro'],
      ['Olive Vale', 'Olivar'],
      ['Coral Bay', 'Bahía Coral'],
      ['Pelican Isle', 'Isla Pelícano'],
    ],
    sea: ['Golden Gulf', 'Golfo Dorado'],
  },
  {
    cities: [
      ['Stoneharbour', 'Puerto Piedra'],
      ['Almond Hill', 'Almendral'],
      ['Redcliff', 'Peñarroja'],
      ['Seal Rock', 'Isla Foca'],
    ],
    sea: ['Stone Bight', 'Ensenada de Piedra'],
  },
  {
    cities: [
      ['Dolphin Point', 'Punta Delfín'],
      ['Cork Oaks', 'Alcornocal'],
      ['Bluewater', 'Aguazul'],
      ['Turtle Isle', 'Isla Tortuga'],
    ],
    sea: ['Dolphin Sound', 'Canal de los Delfines'],
  },
  {
    cities: [
      ['Anchorage', 'Fondeadero'],
      ['Honeyfield', 'Campomiel'],
      ['Sunset Bay', 'Bahía Ocaso'],
      ['Heron Isle', 'Isla Garza'],
    ],
    sea: ['Anchor Bay', 'Bahía del Ancla'],
  },
  {
    cities: [
      ['Starwatch', 'Estrellamar'],
      ['Orange Grove', 'Naranjal'],
      ['Whitesands', 'Arenas Blancas'],
      ['Amber Isle', 'Isla Ámbar'],
    ],
    sea: ['Starlit Sea', 'Mar de las Estrellas'],
  },
]
/** The channel between the mainland and the islands (row 6), and the sea around the islands (rows 7–8). */
const STRAIT: Named = ['The Narrows', 'El Estrecho']
const OUTER: Named = ['Open Sea', 'Mar Abierto']

function makeMap(tribes: number): MapDef {
  const tiles: MapTileDef[] = []
  const cities: PlaceName[] = []
  const seas: PlaceName[] = []
  const strait: string[] = []
  const outer: string[] = []
  for (let region = 0; region < tribes; region++) {
    const north: string[] = []
    for (let row = 0; row < ROWS; row++) {
      for (let c = 0; c < WIDTH; c++) {
        const col = region * WIDTH + c
        const land = (row >= 1 && row <= 5) || ISLAND.some(([x, y]) => x === c && y === row)
        const city = CITIES.findIndex(([x, y]) => x === c && y === row)
        const tile: MapTileDef = { q: col - Math.floor(row / 2), r: row, terrain: land ? 'land' : 'sea' }
        const key = tileKey(tile.q, tile.r)
        if (city >= 0) {
          tile.city = true
          const [en, es] = REGIONS[region]!.cities[city]!
          cities.push({ tiles: [key], en, es })
        }
        if (!land) (row === 0 ? north : row === 6 ? strait : outer).push(key)
        tiles.push(tile)
      }
    }
    const [en, es] = REGIONS[region]!.sea
    seas.push({ tiles: north, en, es })
  }
  const names = [...cities, ...seas, { tiles: strait, en: STRAIT[0], es: STRAIT[1] }, { tiles: outer, en: OUTER[0], es: OUTER[1] }]
  return {
    id: `coast-${tribes}`,
    name: `${NAMES[tribes]} (${tribes} tribes)`,
    description: `${tribes} identical coastal regions side by side, each with two ports, an inland city and an island port.`,
    tribes,
    tiles,
    names,
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
