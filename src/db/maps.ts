// Uploaded maps (R1.4), through Prisma: a cold path.
/** A map as stored: the game that plays it reads the rest. */
type MapDef = { id: string; name: string }
import type { Prisma } from '../generated/prisma/client.ts'
import type { Database } from './index.ts'
import type { Sql } from './sql.ts'

export async function mapsUploadedBy(db: Database, userId: string): Promise<MapDef[]> {
  const rows = await db.prisma.uploadedMap.findMany({ where: { createdById: userId }, orderBy: { createdAt: 'asc' } })
  // A jsonb column is Prisma's JsonValue: the definitions were checked by validateMap when uploaded.
  return rows.map((r) => r.definition as unknown as MapDef)
}

export async function insertMap(db: Database, map: MapDef, createdById: string) {
  // A MapDef is plain JSON, but its interfaces lack the index signature Prisma's InputJsonValue asks for.
  await db.prisma.uploadedMap.create({ data: { id: map.id, name: map.name, definition: map as unknown as Prisma.InputJsonValue, createdById } })
}

export async function countMapsOf(db: Database, userId: string): Promise<number> {
  return db.prisma.uploadedMap.count({ where: { createdById: userId } })
}

/** An uploaded map's definition, read through a transaction's own client. */
export async function uploadedMapIn(sql: Sql, id: string): Promise<MapDef | undefined> {
  const [row] = await sql.query<{ definition: MapDef }>(`SELECT definition FROM uploaded_maps WHERE id = $1`, [id], 'uploaded-map')
  return row?.definition
}
