// What the GM's roster reads and the invitation changes it makes: the players behind the
// tribes, the invitations not yet used, revoking and extending one.
import type pg from 'pg'
import { instant, utc, type Sql } from './sql.ts'

/** `email` only where the GM invited that address: a stranger who joined an open campaign keeps theirs (#25). */
export interface RosterPlayerRow {
  tribeId: string
  userId: string
  displayName: string
  email: string | null
}

export async function rosterPlayers(pool: pg.Pool, campaignId: string): Promise<RosterPlayerRow[]> {
  const { rows } = await pool.query<RosterPlayerRow>(
    `SELECT t.id AS "tribeId", u.id AS "userId", u.display_name AS "displayName",
            CASE WHEN EXISTS (SELECT 1 FROM invitations i WHERE i.campaign_id = t.campaign_id AND lower(i.email) = lower(u.email)) THEN u.email END AS email
       FROM tribes t JOIN users u ON u.id = t.user_id WHERE t.campaign_id = $1::uuid`,
    [campaignId],
  )
  return rows
}

export interface OpenInvitationRow {
  token: string
  email: string | null
  tribeId: string | null
  createdAt: Date
  expiresAt: Date
  revokedAt: Date | null
}

/** Invitations nobody has used yet, newest first (revoked and expired ones included, marked). */
export async function openInvitations(pool: pg.Pool, campaignId: string, limit = 50): Promise<OpenInvitationRow[]> {
  const { rows } = await pool.query<OpenInvitationRow>(
    `SELECT token, email, tribe_id AS "tribeId", ${instant('created_at', 'createdAt')}, ${instant('expires_at', 'expiresAt')}, ${instant('revoked_at', 'revokedAt')}
       FROM invitations WHERE campaign_id = $1::uuid AND accepted_at IS NULL ORDER BY created_at DESC LIMIT $2`,
    [campaignId, limit],
  )
  return rows
}

export async function revokeInvitation(sql: Sql, token: string, at: Date) {
  await sql.query(`UPDATE invitations SET revoked_at = ${utc(2)} WHERE token = $1 AND revoked_at IS NULL`, [token, at.toISOString()])
}

export async function extendInvitation(sql: Sql, token: string, expiresAt: Date) {
  await sql.query(`UPDATE invitations SET expires_at = ${utc(2)} WHERE token = $1`, [token, expiresAt.toISOString()])
}

export interface MemberRow {
  userId: string
  role: 'gm' | 'player'
  tribeId: string | null
  tribeName: string | null
  weekday: string | null
}

/** Everyone who takes part: the GMs and the players with their tribes (the campaign's news mails). */
export async function membersOf(sql: Sql, campaignId: string): Promise<MemberRow[]> {
  return sql.query<MemberRow>(
    `SELECT m.user_id AS "userId", m.role::text AS role, t.id AS "tribeId", t.name AS "tribeName", t.weekday
       FROM memberships m LEFT JOIN tribes t ON t.campaign_id = m.campaign_id AND t.user_id = m.user_id AND m.role = 'player'
      WHERE m.campaign_id = $1::uuid ORDER BY m.role, m.user_id`,
    [campaignId],
  )
}

/** Removes a tribe before the start, with its player's place, absences and replacement invitations. */
export async function deleteTribe(sql: Sql, campaignId: string, tribeId: string) {
  await sql.query(
    `DELETE FROM memberships m USING tribes t WHERE t.id = $2::uuid AND t.campaign_id = $1::uuid AND m.campaign_id = t.campaign_id AND m.user_id = t.user_id AND m.role = 'player'`,
    [campaignId, tribeId],
  )
  await sql.query(`DELETE FROM absences WHERE campaign_id = $1::uuid AND tribe_id = $2::uuid`, [campaignId, tribeId])
  await sql.query(`DELETE FROM invitations WHERE campaign_id = $1::uuid AND tribe_id = $2::uuid AND accepted_at IS NULL`, [campaignId, tribeId])
  await sql.query(`DELETE FROM tribes WHERE campaign_id = $1::uuid AND id = $2::uuid`, [campaignId, tribeId])
}

/** The campaign's game masters: what waits for a GM reaches each of them (#30). */
export async function gmsOf(sql: Sql, campaignId: string): Promise<string[]> {
  const rows = await sql.query<{ userId: string }>(`SELECT user_id AS "userId" FROM memberships WHERE campaign_id = $1::uuid AND role = 'gm'`, [campaignId])
  return rows.map((r) => r.userId)
}
