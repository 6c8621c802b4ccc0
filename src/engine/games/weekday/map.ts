// Maps (R1): compiled once into index arrays for the hot paths, validated with
// every problem reported at once (R1.4).
import { DIRECTIONS, tileKey, type TileKey } from './hex.ts'
import type { MapDef, PlaceName } from './types.ts'

export interface CompiledMap {
  def: MapDef
  size: number
  keys: TileKey[]
  index: Map<TileKey, number>
  land: Uint8Array
  city: Uint8Array
  /** A city with at least one adjacent sea tile (R1.2). */
  port: Uint8Array
  neighbors: Int32Array[]
  cityCount: number
}

const compiled = new WeakMap<MapDef, CompiledMap>()

export function compileMap(def: MapDef): CompiledMap {
  const cached = compiled.get(def)
  if (cached) return cached
  const size = def.tiles.length
  const keys = def.tiles.map((t) => tileKey(t.q, t.r))
  const index = new Map<TileKey, number>()
  keys.forEach((k, i) => index.set(k, i))
  const land = new Uint8Array(size)
  const city = new Uint8Array(size)
  const port = new Uint8Array(size)
  const neighbors: Int32Array[] = []
  let cityCount = 0
  def.tiles.forEach((t, i) => {
    land[i] = t.terrain === 'land' ? 1 : 0
    city[i] = t.terrain === 'land' && t.city ? 1 : 0
    cityCount += city[i]!
    const ns: number[] = []
    for (const [dq, dr] of DIRECTIONS) {
      const j = index.get(tileKey(t.q + dq, t.r + dr))
      if (j !== undefined) ns.push(j)
    }
    neighbors.push(Int32Array.from(ns))
  })
  // Stryker disable next-line EqualityOperator: city[size] is undefined, so one step too far marks no port
  for (let i = 0; i < size; i++) {
    if (city[i] && neighbors[i]!.some((j) => !land[j])) port[i] = 1
  }
  const map = { def, size, keys, index, land, city, port, neighbors, cityCount }
  compiled.set(def, map)
  return map
}

export interface MapProblem {
  code: string
  message: string
}

/** Every problem of a map definition (R1.4); an empty list means it is playable. */
/** The largest map a campaign may be played on: its pages stay light on a phone (R1.4, docs/maps.md). */
export const MAX_TILES = 2000

export function validateMap(input: unknown, tribes?: number): MapProblem[] {
  const problems: MapProblem[] = []
  const def = input as Partial<MapDef> | null
  if (!def || typeof def !== 'object') return [{ code: 'map/not_an_object', message: 'a map is a JSON object' }]
  if (typeof def.id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(def.id)) {
    problems.push({ code: 'map/bad_id', message: 'id must be 1–64 lower-case letters, digits or dashes' })
  }
  if (typeof def.name !== 'string' || def.name.trim() === '') problems.push({ code: 'map/bad_name', message: 'name must be a non-empty string' })
  if (!Number.isInteger(def.tribes) || def.tribes! < 2 || def.tribes! > 7) {
    problems.push({ code: 'map/bad_tribes', message: 'tribes must be a whole number from 2 to 7 (R2.1)' })
  }
  if (!Array.isArray(def.tiles) || def.tiles.length === 0) {
    problems.push({ code: 'map/no_tiles', message: 'tiles must be a non-empty array' })
    return problems
  }
  if (def.tiles.length > MAX_TILES) {
    problems.push({ code: 'map/too_large', message: `a map has at most ${MAX_TILES} tiles; this one has ${def.tiles.length} (R1.4)` })
    return problems
  }
  const seen = new Map<TileKey, number>()
  let cities = 0
  let usable = true
  def.tiles.forEach((t, i) => {
    if (!t || typeof t !== 'object' || !Number.isInteger(t.q) || !Number.isInteger(t.r) || Math.abs(t.q) > 9999 || Math.abs(t.r) > 9999) {
      problems.push({ code: 'map/bad_tile', message: `tiles[${i}] needs whole-number q and r` })
      usable = false
      return
    }
    if (t.terrain !== 'land' && t.terrain !== 'sea') {
      problems.push({ code: 'map/bad_terrain', message: `tile ${t.q},${t.r}: terrain must be "land" or "sea" (R1.2)` })
    }
    if (t.city !== undefined && typeof t.city !== 'boolean') problems.push({ code: 'map/bad_tile', message: `tile ${t.q},${t.r}: city must be true or false` })
    if (t.city && t.terrain === 'sea') problems.push({ code: 'map/city_at_sea', message: `tile ${t.q},${t.r}: a city must be on land (R1.2)` })
    if (t.city && t.terrain === 'land') cities++
    const key = tileKey(t.q, t.r)
    const first = seen.get(key)
    if (first !== undefined) problems.push({ code: 'map/duplicate_tile', message: `tile ${key} appears twice (tiles[${first}] and tiles[${i}]) (R1.4)` })
    else seen.set(key, i)
  })
  if (usable && seen.size > 0) {
    // Connected by land-or-sea adjacency (R1.4).
    const start = seen.keys().next().value as TileKey
    const reached = new Set<TileKey>([start])
    const queue = [start]
    while (queue.length) {
      const [q, r] = queue.pop()!.split(',').map(Number) as [number, number]
      for (const [dq, dr] of DIRECTIONS) {
        // Stryker disable next-line ArithmeticOperator: the six directions are their own opposites, so q - dq walks the same neighbours
        const k = tileKey(q + dq, r + dr)
        if (seen.has(k) && !reached.has(k)) {
          reached.add(k)
          queue.push(k)
        }
      }
    }
    if (reached.size < seen.size) {
      const cut = [...seen.keys()].filter((k) => !reached.has(k))
      problems.push({
        code: 'map/not_connected',
        message: `the map is not connected: ${cut.length} tile(s) such as ${cut.slice(0, 3).join(' ')} cannot be reached from ${start} (R1.4)`,
      })
    }
  }
  const needed = 2 * (tribes ?? (Number.isInteger(def.tribes) ? def.tribes! : 2))
  if (cities < needed) problems.push({ code: 'map/too_few_cities', message: `${cities} cities for ${needed / 2} tribes; at least ${needed} are needed (R1.4)` })
  if (def.names !== undefined) problems.push(...nameProblems(def.names, seen))
  return problems
}

/** The longest place name, in characters: it fits a line of a phone's panel and a mail's table. */
const MAX_PLACE_NAME = 40
const LANGUAGES = ['en', 'es'] as const
// Control characters would break a mail's text lines and a page's labels.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** The problems of a map's place names (R1.5), against the tiles the map has. */
function nameProblems(names: unknown, tiles: ReadonlyMap<TileKey, number>): MapProblem[] {
  if (!Array.isArray(names)) return [{ code: 'map/bad_names', message: 'names must be an array of places (R1.5)' }]
  const problems: MapProblem[] = []
  const owner = new Map<TileKey, number>()
  names.forEach((raw: Partial<PlaceName> | null, i) => {
    if (!raw || typeof raw !== 'object' || !Array.isArray(raw.tiles) || raw.tiles.length === 0 || raw.tiles.some((k) => typeof k !== 'string')) {
      problems.push({ code: 'map/bad_names', message: `names[${i}] needs a non-empty list of tiles such as ["2,1"] (R1.5)` })
      return
    }
    for (const lang of LANGUAGES) {
      const name = raw[lang]
      if (typeof name !== 'string' || name.trim() === '' || [...name].length > MAX_PLACE_NAME || CONTROL.test(name)) {
        problems.push({
          code: 'map/bad_place_name',
          message: `names[${i}].${lang} must be 1–${MAX_PLACE_NAME} characters without control characters; every place is named in English and Spanish (R1.5)`,
        })
      }
    }
    for (const key of raw.tiles) {
      if (!tiles.has(key)) problems.push({ code: 'map/unknown_place_tile', message: `names[${i}] names tile ${key}, which the map does not have (R1.5)` })
      const first = owner.get(key)
      if (first !== undefined)
        problems.push({
          code: 'map/tile_named_twice',
          message: `tile ${key} is in names[${first}] and names[${i}]; a tile belongs to one place at most (R1.5)`,
        })
      else owner.set(key, i)
    }
  })
  return problems
}
