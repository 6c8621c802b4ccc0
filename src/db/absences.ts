// Absences (#13 part 7): a player's dates away, and the stand-in the GM names for them.
import type pg from 'pg'
import { randomUUID } from 'node:crypto'
import { utc, UUID, type Sql } from './sql.ts'

export interface AbsenceRow {
  id: string; tribeId: string; tribeName: string; startsOn: string; endsOn: string; note: string | null
  standInId: string | null; standInName: string | null; createdAt: Date
}

const COLUMNS = `a.id, a.tribe_id AS "tribeId", t.name AS "tribeName", to_char(a.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(a.ends_on, 'YYYY-MM-DD') AS "endsOn",
  a.note, a.stand_in_id AS "standInId", u.display_name AS "standInName", a.created_at AT TIME ZONE 'UTC' AS "createdAt"`

export async function insertAbsence(sql: Sql, a: { campaignId: string; tribeId: string; declaredById: string; startsOn: string; endsOn: string; note: string | null; at: Date }): Promise<string> {
  const id = randomUUID()
  await sql.query(
    `INSERT INTO absences (id, campaign_id, tribe_id, declared_by_id, starts_on, ends_on, note, created_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::date, $6::date, $7, ${utc(8)})`,
    [id, a.campaignId, a.tribeId, a.declaredById, a.startsOn, a.endsOn, a.note, a.at.toISOString()])
  return id
}

/** Absences of a campaign (or of one tribe) that end on or after `from`, soonest first. */
export async function absencesOf(pool: pg.Pool, campaignId: string, from: string, tribeId: string | null = null): Promise<AbsenceRow[]> {
  const { rows } = await pool.query<AbsenceRow>(
    `SELECT ${COLUMNS} FROM absences a JOIN tribes t ON t.id = a.tribe_id LEFT JOIN users u ON u.id = a.stand_in_id
      WHERE a.campaign_id = $1::uuid AND a.ends_on >= $2::date AND ($3::uuid IS NULL OR a.tribe_id = $3::uuid) ORDER BY a.starts_on, a.id`,
    [campaignId, from, tribeId])
  return rows
}

export async function lockAbsence(sql: Sql, campaignId: string, id: string): Promise<AbsenceRow | undefined> {
  if (!UUID.test(id)) return undefined
  const [row] = await sql.query<AbsenceRow>(
    `SELECT ${COLUMNS} FROM absences a JOIN tribes t ON t.id = a.tribe_id LEFT JOIN users u ON u.id = a.stand_in_id
      WHERE a.campaign_id = $1::uuid AND a.id = $2::uuid FOR UPDATE OF a`, [campaignId, id])
  return row
}

export async function setStandIn(sql: Sql, id: string, userId: string | null) {
  await sql.query(`UPDATE absences SET stand_in_id = $2::uuid WHERE id = $1::uuid`, [id, userId])
}
