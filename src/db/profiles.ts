// What a player's profile reads: their campaigns with their tribe and its place in the
// final ranking, and the windows their tribes played and missed (#13 part 9).
import type pg from 'pg'

export interface ProfileCampaignRow {
  id: string
  name: string
  status: string
  role: 'gm' | 'player'
  public: boolean
  tribeId: string | null
  tribeName: string | null
  ranking: string[] | null
  played: number
  missed: number
}

/**
 * The user's campaigns that the viewer may see (public ones, shared ones, or all of them for
 * the user), newest first; for each tribe, the weeks it gave an order in its window and the
 * windows it missed (window.missed).
 */
export async function profileCampaigns(pool: pg.Pool, userId: string, viewerId: string | null): Promise<ProfileCampaignRow[]> {
  const { rows } = await pool.query<ProfileCampaignRow>(
    `SELECT c.id, c.name, c.status::text AS status, m.role::text AS role, c.public, t.id AS "tribeId", t.name AS "tribeName",
            s.ranking,
            (SELECT count(DISTINCT e.week)::int FROM campaign_events e WHERE e.campaign_id = c.id AND e.tribe = t.id::text AND e.played) AS played,
            (SELECT count(*)::int FROM campaign_events e WHERE e.campaign_id = c.id AND e.tribe = t.id::text AND e.type = 'window.missed') AS missed
       FROM memberships m JOIN campaigns c ON c.id = m.campaign_id
       LEFT JOIN tribes t ON t.campaign_id = m.campaign_id AND t.user_id = m.user_id AND m.role = 'player'
       LEFT JOIN game_snapshots s ON s.campaign_id = c.id
      WHERE m.user_id = $1::uuid
        AND ($1::uuid = $2::uuid OR c.public OR EXISTS (SELECT 1 FROM memberships v WHERE v.campaign_id = c.id AND v.user_id = $2::uuid))
      ORDER BY c.created_at DESC LIMIT 200`,
    [userId, viewerId],
  )
  return rows
}

export async function updateProfile(pool: pg.Pool, userId: string, changes: { displayName?: string; locale?: 'en' | 'es'; timeZone?: string }) {
  const sets: string[] = []
  const values: unknown[] = [userId]
  if (changes.displayName !== undefined) sets.push(`display_name = $${values.push(changes.displayName)}`)
  if (changes.locale !== undefined) sets.push(`locale = $${values.push(changes.locale)}::"Locale"`)
  if (changes.timeZone !== undefined) sets.push(`time_zone = $${values.push(changes.timeZone)}`)
  if (sets.length === 0) return
  await pool.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, values)
}
