// Maps: the bundled ones and those players upload (R1.4, docs/maps.md), for the game whose
// campaigns choose their map (a ruleset with `maps`); a game with a board of its own has none.
import { randomBytes } from 'node:crypto'
import { rulesetIds, rulesetOf, WEEKDAYS, type AnyRuleset } from '../engine/index.ts'
import type { Database } from '../db/index.ts'
import { countMapsOf, insertMap, mapsUploadedBy, uploadedMapIn } from '../db/maps.ts'
import { sqlOf, type Sql } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'

type MapDef = { id: string; name: string }

/** The game that plays chosen and uploaded maps, and its bundled ones. */
function mapGame(): AnyRuleset & { maps: NonNullable<AnyRuleset['maps']> } {
  const found = rulesetIds()
    .map(rulesetOf)
    .find((r) => r.maps)
  if (!found?.maps) throw new Error('no game on this server plays chosen maps')
  return found as AnyRuleset & { maps: NonNullable<AnyRuleset['maps']> }
}

/** The maps that ship with the server, by id and name. */
export const bundledMaps = (): readonly MapDef[] => mapGame().maps.bundled

// An uploaded map never changes under its id, so one read per process is enough.
const uploaded = new Map<string, MapDef>()

/** A bundled map, or an uploaded one. */
export async function mapById(db: Database, id: string): Promise<MapDef | undefined> {
  return mapIn(sqlOf(db.pool), id)
}

/** A bundled map, or an uploaded one read through `sql` (a transaction's own client, inside one). */
export async function mapIn(sql: Sql, id: string): Promise<MapDef | undefined> {
  const known = mapGame().maps.bundled.find((m) => m.id === id) ?? uploaded.get(id)
  if (known) return known
  const map = await uploadedMapIn(sql, id)
  if (map) uploaded.set(id, map)
  return map
}

/** The most tribes a campaign can start with: its game's word on its map. */
export async function capacityOf(sql: Sql, campaign: { ruleset: string; mapId: string }): Promise<number> {
  const rules = rulesetOf(campaign.ruleset)
  const map = rules.fixedMap?.map ?? (await mapIn(sql, campaign.mapId))
  return map ? rules.maxTribes(map) : WEEKDAYS.length
}

export const summaryOf = (m: MapDef) => mapGame().maps.summary(m)

let bundledSummaries: ReturnType<typeof summaryOf>[] | undefined

/** Uploads an account may keep (docs/maps.md). */
export const MAX_MAPS_PER_USER = 20

export function mapsService(db: Database) {
  return {
    get: (id: string) => mapById(db, id),

    /** The bundled maps, and the caller's uploads. */
    async list(userId: string | null) {
      const mine = userId ? await mapsUploadedBy(db, userId) : []
      bundledSummaries ??= mapGame().maps.bundled.map(summaryOf)
      return [...bundledSummaries, ...mine.map(summaryOf)]
    },

    /** Every problem of a bad map is named, and nothing is stored unless it is valid (R1.4). */
    async upload(userId: string, body: unknown) {
      if ((await countMapsOf(db, userId)) >= MAX_MAPS_PER_USER) {
        throw new AppError(409, 'map/too_many', `An account keeps at most ${MAX_MAPS_PER_USER} uploaded maps`, 'R1.4')
      }
      const game = mapGame()
      const problems = game.validateMap(body)
      if (problems.length > 0) {
        const listed = problems
          .slice(0, 20)
          .map((p) => `${p.code}: ${p.message}`)
          .join('; ')
        throw new AppError(422, 'map/invalid', `The map has ${problems.length} problem(s): ${listed}${problems.length > 20 ? '; …' : ''}`, 'R1.4')
      }
      const given = body as MapDef
      // A suffix keeps uploads apart from bundled maps and from each other.
      const map = game.maps.renamed(given, `${given.id.slice(0, 50)}-${randomBytes(4).toString('hex')}`)
      await insertMap(db, map, userId)
      return summaryOf(map)
    },
  }
}

export type MapsService = ReturnType<typeof mapsService>
