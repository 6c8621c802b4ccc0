// Absences (#13 part 7): a player's dates away, and the stand-in the GM names for them.
import type pg from 'pg'
import { randomUUID } from 'node:crypto'
import { utc, UUID, type Sql } from './sql.ts'

export interface AbsenceRow {
  id: string
  tribeId: string
  tribeName: string
  startsOn: string
  endsOn: string
  note: string | null
  standInId: string | null
  standInName: string | null
  createdAt: Date
}

const COLUMNS = `a.id, a.tribe_id AS "tribeId", t.name AS "tribeName", to_char(a.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(a.ends_on, 'YYYY-MM-DD') AS "endsOn",
  a.note, a.stand_in_id AS "standInId", u.display_name AS "standInName", a.created_at AT TIME ZONE 'UTC' AS "createdAt"`

export async function insertAbsence(
  sql: Sql,
  a: { campaignId: string; tribeId: string; declaredById: string; startsOn: string; endsOn: string; note: string | null; at: Date },
): Promise<string> {
  const id = randomUUID()
  await sql.query(
    `INSERT INTO absences (id, campaign_id, tribe_id, declared_by_id, starts_on, ends_on, note, created_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::date, $6::date, $7, ${utc(8)})`,
    [id, a.campaignId, a.tribeId, a.declaredById, a.startsOn, a.endsOn, a.note, a.at.toISOString()],
  )
  return id
}

/** Absences of a campaign (or of one tribe) that end on or after `from`, soonest first. */
export async function absencesOf(pool: pg.Pool, campaignId: string, from: string, tribeId: string | null = null): Promise<AbsenceRow[]> {
  const { rows } = await pool.query<AbsenceRow>(
    `SELECT ${COLUMNS} FROM absences a JOIN tribes t ON t.id = a.tribe_id LEFT JOIN users u ON u.id = a.stand_in_id
      WHERE a.campaign_id = $1::uuid AND a.ends_on >= $2::date AND ($3::uuid IS NULL OR a.tribe_id = $3::uuid) ORDER BY a.starts_on, a.id`,
    [campaignId, from, tribeId],
  )
  return rows
}

export async function lockAbsence(sql: Sql, campaignId: string, id: string): Promise<AbsenceRow | undefined> {
  if (!UUID.test(id)) return undefined
  const [row] = await sql.query<AbsenceRow>(
    `SELECT ${COLUMNS} FROM absences a JOIN tribes t ON t.id = a.tribe_id LEFT JOIN users u ON u.id = a.stand_in_id
      WHERE a.campaign_id = $1::uuid AND a.id = $2::uuid FOR UPDATE OF a`,
    [campaignId, id],
  )
  return row
}

export async function setStandIn(sql: Sql, id: string, userId: string | null) {
  await sql.query(`UPDATE absences SET stand_in_id = $2::uuid WHERE id = $1::uuid`, [id, userId])
}

/** The tribe's absences that end on or after `from` and overlap `startsOn`–`endsOn`, the first of them. */
export async function overlappingAbsence(
  sql: Sql,
  a: { campaignId: string; tribeId: string; startsOn: string; endsOn: string },
): Promise<{ startsOn: string; endsOn: string } | undefined> {
  const [row] = await sql.query<{ startsOn: string; endsOn: string }>(
    `SELECT to_char(starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(ends_on, 'YYYY-MM-DD') AS "endsOn" FROM absences
      WHERE campaign_id = $1::uuid AND tribe_id = $2::uuid AND starts_on <= $4::date AND ends_on >= $3::date ORDER BY starts_on LIMIT 1`,
    [a.campaignId, a.tribeId, a.startsOn, a.endsOn],
  )
  return row
}

/** How many absences the tribe declared since `since`. */
export async function absencesDeclaredSince(sql: Sql, campaignId: string, tribeId: string, since: Date): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM absences WHERE campaign_id = $1::uuid AND tribe_id = $2::uuid AND created_at >= ${utc(3)}`,
    [campaignId, tribeId, since.toISOString()],
  )
  return row!.n
}

/** Another absence of the campaign whose stand-in is this user on one of the same days, if any. */
export async function standInElsewhere(
  sql: Sql,
  a: { campaignId: string; userId: string; absenceId: string; startsOn: string; endsOn: string },
): Promise<{ tribeName: string; startsOn: string; endsOn: string } | undefined> {
  const [row] = await sql.query<{ tribeName: string; startsOn: string; endsOn: string }>(
    `SELECT t.name AS "tribeName", to_char(a.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(a.ends_on, 'YYYY-MM-DD') AS "endsOn"
       FROM absences a JOIN tribes t ON t.id = a.tribe_id
      WHERE a.campaign_id = $1::uuid AND a.stand_in_id = $2::uuid AND a.id <> $3::uuid AND a.starts_on <= $5::date AND a.ends_on >= $4::date
      ORDER BY a.starts_on LIMIT 1`,
    [a.campaignId, a.userId, a.absenceId, a.startsOn, a.endsOn],
  )
  return row
}

/** The players of a campaign with their tribes, for choosing a co-player as stand-in (#49). */
export async function playersWithTribes(
  pool: pg.Pool,
  campaignId: string,
): Promise<{ userId: string; displayName: string; tribeId: string; tribeName: string }[]> {
  const { rows } = await pool.query<{ userId: string; displayName: string; tribeId: string; tribeName: string }>(
    `SELECT u.id AS "userId", u.display_name AS "displayName", t.id AS "tribeId", t.name AS "tribeName"
       FROM tribes t JOIN users u ON u.id = t.user_id WHERE t.campaign_id = $1::uuid ORDER BY t.created_at, t.id`,
    [campaignId],
  )
  return rows
}
