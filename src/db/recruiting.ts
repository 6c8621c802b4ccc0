// Campaigns looking for players (#13 part 4): the listing, and join requests the GM decides.
import type pg from 'pg'
import { randomUUID } from 'node:crypto'
import { instant, utc, UUID, type Sql } from './sql.ts'

export async function setRecruiting(sql: Sql, campaignId: string, mode: 'open' | 'ask' | null) {
  await sql.query(`UPDATE campaigns SET recruiting = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, [campaignId, mode])
}

export interface OpenCampaignRow {
  id: string
  name: string
  ruleset: string
  mapId: string
  timeZone: string
  recruiting: 'open' | 'ask'
  weekLimit: number | null
  gmName: string
  tribes: { name: string; weekday: string }[]
  requested: boolean
}

/** Campaigns in setup that look for players and that the user is not in, newest first. */
export async function openCampaignRows(pool: pg.Pool, userId: string | null, requestsSince: Date, limit = 100): Promise<OpenCampaignRow[]> {
  const { rows } = await pool.query<OpenCampaignRow>(
    `SELECT c.id, c.name, c.ruleset, c.map_id AS "mapId", c.time_zone AS "timeZone", c.recruiting, c.week_limit AS "weekLimit", u.display_name AS "gmName",
            COALESCE((SELECT json_agg(json_build_object('name', t.name, 'weekday', t.weekday) ORDER BY t.created_at) FROM tribes t WHERE t.campaign_id = c.id), '[]') AS tribes,
            EXISTS (SELECT 1 FROM join_requests r WHERE r.campaign_id = c.id AND r.user_id = $1::uuid AND r.decided_at IS NULL AND r.created_at > ${utc(3)}) AS requested
       FROM campaigns c JOIN users u ON u.id = c.created_by_id
      WHERE c.recruiting IS NOT NULL AND c.status = 'setup'
        AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = $1::uuid)
      ORDER BY c.created_at DESC LIMIT $2`,
    [userId, limit, requestsSince.toISOString()],
  )
  return rows
}

/** A new request, or the user's earlier one renewed (a declined user may ask again). */
export async function upsertJoinRequest(sql: Sql, r: { campaignId: string; userId: string; tribeName: string; weekday: string; at: Date }): Promise<string> {
  const [row] = await sql.query<{ id: string }>(
    `INSERT INTO join_requests (id, campaign_id, user_id, tribe_name, weekday, created_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, ${utc(6)})
     ON CONFLICT (campaign_id, user_id) DO UPDATE SET tribe_name = EXCLUDED.tribe_name, weekday = EXCLUDED.weekday, created_at = EXCLUDED.created_at, decided_at = NULL, outcome = NULL
     RETURNING id`,
    [randomUUID(), r.campaignId, r.userId, r.tribeName, r.weekday, r.at.toISOString()],
  )
  return row!.id
}

export interface JoinRequestRow {
  id: string
  campaignId: string
  userId: string
  displayName: string
  tribeName: string
  weekday: string
  createdAt: Date
  decidedAt: Date | null
}

const REQUEST = `r.id, r.campaign_id AS "campaignId", r.user_id AS "userId", u.display_name AS "displayName", r.tribe_name AS "tribeName", r.weekday,
  ${instant('r.created_at', 'createdAt')}, ${instant('r.decided_at', 'decidedAt')}`

/** Requests not yet decided, made after `since` (older ones have expired). */
export async function pendingJoinRequests(pool: pg.Pool, campaignId: string, since: Date): Promise<JoinRequestRow[]> {
  const { rows } = await pool.query<JoinRequestRow>(
    `SELECT ${REQUEST} FROM join_requests r JOIN users u ON u.id = r.user_id
      WHERE r.campaign_id = $1::uuid AND r.decided_at IS NULL AND r.created_at > ${utc(2)} ORDER BY r.created_at`,
    [campaignId, since.toISOString()],
  )
  return rows
}

export async function lockJoinRequest(sql: Sql, campaignId: string, id: string): Promise<JoinRequestRow | undefined> {
  if (!UUID.test(id)) return undefined
  const [row] = await sql.query<JoinRequestRow>(
    `SELECT ${REQUEST} FROM join_requests r JOIN users u ON u.id = r.user_id WHERE r.campaign_id = $1::uuid AND r.id = $2::uuid FOR UPDATE OF r`,
    [campaignId, id],
  )
  return row
}

export async function decideJoinRequest(sql: Sql, id: string, outcome: 'accepted' | 'declined', at: Date) {
  await sql.query(`UPDATE join_requests SET decided_at = ${utc(3)}, outcome = $2 WHERE id = $1::uuid`, [id, outcome, at.toISOString()])
}
