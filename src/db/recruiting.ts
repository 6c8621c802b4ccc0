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

/**
 * Whether the account at `address` has played with this game master: a player (now or before)
 * of a campaign they run, or someone who accepted one of their invitations (#49). Friends, not
 * strangers: the per-address daily limit on invitation mails is for strangers.
 */
export async function playedWithGm(sql: Sql, gmId: string, address: string): Promise<boolean> {
  const [row] = await sql.query<{ known: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM users u
        WHERE u.email = $2 AND u.id <> $1::uuid AND (
          EXISTS (SELECT 1 FROM invitations i WHERE i.created_by_id = $1::uuid AND i.accepted_by_id = u.id)
          OR EXISTS (SELECT 1 FROM memberships g JOIN memberships p ON p.campaign_id = g.campaign_id
                      WHERE g.user_id = $1::uuid AND g.role = 'gm' AND p.user_id = u.id AND p.role = 'player')
          OR EXISTS (SELECT 1 FROM memberships g JOIN former_players f ON f.campaign_id = g.campaign_id
                      WHERE g.user_id = $1::uuid AND g.role = 'gm' AND f.user_id = u.id))) AS known`,
    [gmId, address.toLowerCase()],
    'played-with-gm',
  )
  return row!.known
}

export interface PastGroupRow {
  campaignId: string
  name: string
  ruleset: string
  players: { userId: string; displayName: string; email: string; locale: 'en' | 'es' }[]
}

/**
 * The groups a game master has played with (#49 "invite this group"): their other campaigns,
 * newest first, each with the players of its tribes who are neither in `campaignId` nor invited
 * to it by mail already (nor the GM). A campaign with no one left to invite is left out.
 */
export async function pastGroups(sql: Sql, gmId: string, campaignId: string, now: Date, limit = 8): Promise<PastGroupRow[]> {
  return sql.query<PastGroupRow>(
    `SELECT c.id AS "campaignId", c.name, c.ruleset, p.players
       FROM memberships g
       JOIN campaigns c ON c.id = g.campaign_id
       CROSS JOIN LATERAL (
         SELECT json_agg(json_build_object('userId', u.id, 'displayName', u.display_name, 'email', u.email, 'locale', u.locale) ORDER BY t.created_at) AS players
           FROM tribes t JOIN users u ON u.id = t.user_id
          WHERE t.campaign_id = c.id AND u.id <> $1::uuid
            AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = $2::uuid AND m.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM invitations i
                             WHERE i.campaign_id = $2::uuid AND i.email = u.email AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ${utc(4)})) p
      WHERE g.user_id = $1::uuid AND g.role = 'gm' AND c.id <> $2::uuid AND c.practice = false AND p.players IS NOT NULL
      ORDER BY c.created_at DESC LIMIT $3`,
    [gmId, campaignId, limit, now.toISOString()],
    'past-groups',
  )
}
