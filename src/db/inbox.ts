// A game master's inbox (#30): what waits for them across the campaigns they run, each item
// read where it is kept (proposals, join requests, absences, the log, invitations).
import type pg from 'pg'
import { before } from './log.ts'
import { utc } from './sql.ts'

export interface InboxRow {
  campaignId: string
  campaignName: string
  kind: 'ratify' | 'join_request' | 'absence' | 'missed' | 'bot' | 'lapsed'
  /** What the item is about: a scene's title, a player's or tribe's name, an address. */
  subject: string
  /** The scene of a proposal, the dates of an absence. */
  sceneId: string | null
  from: string | null
  to: string | null
}

/** Everything waiting for this GM, in campaigns not finished (or only `campaignId`'s). */
export async function inboxOf(pool: pg.Pool, userId: string, now: Date, requestDays: number, campaignId: string | null = null): Promise<InboxRow[]> {
  const { rows } = await pool.query<InboxRow>(
    `WITH mine AS (
       SELECT c.id, c.name, c.status FROM memberships m JOIN campaigns c ON c.id = m.campaign_id
       WHERE m.user_id = $1::uuid AND m.role = 'gm' AND c.status <> 'finished' AND ($4::uuid IS NULL OR c.id = $4::uuid))
     SELECT mine.id AS "campaignId", mine.name AS "campaignName", 'ratify' AS kind, s.title AS subject, s.id::text AS "sceneId", NULL AS "from", NULL AS "to"
       FROM mine JOIN proposals p ON p.campaign_id = mine.id JOIN scenes s ON s.id = p.scene_id WHERE p.status = 'accepted'
     UNION ALL
     SELECT mine.id, mine.name, 'join_request', u.display_name || ' · ' || r.tribe_name, NULL, NULL, NULL
       FROM mine JOIN join_requests r ON r.campaign_id = mine.id JOIN users u ON u.id = r.user_id
       WHERE mine.status = 'setup' AND r.decided_at IS NULL AND r.created_at > ${utc(2)} - make_interval(days => $3)
     UNION ALL
     SELECT mine.id, mine.name, 'absence', t.name, NULL, a.starts_on::text, a.ends_on::text
       FROM mine JOIN absences a ON a.campaign_id = mine.id JOIN tribes t ON t.id = a.tribe_id
       WHERE a.stand_in_id IS NULL AND a.ends_on >= (${utc(2)})::date
     UNION ALL
     SELECT mine.id, mine.name, 'missed', t.name, NULL, NULL, NULL
       FROM mine
       CROSS JOIN LATERAL (SELECT w.week FROM campaign_events w WHERE w.campaign_id = mine.id ORDER BY w.seq DESC LIMIT 1) current
       -- The current week's rows come after the end of the week two before it (see db/log.ts).
       CROSS JOIN LATERAL (SELECT ${before('current.week', 'mine.id')} AS after) bound
       JOIN campaign_events e ON e.campaign_id = mine.id AND e.seq > bound.after AND e.week = current.week AND e.type = 'window.missed'
       JOIN tribes t ON t.campaign_id = mine.id AND t.id::text = e.tribe
     UNION ALL
     -- A tribe the bot took over after missed windows (#50), until its player or the GM takes it back.
     SELECT mine.id, mine.name, 'bot', t.name, NULL, NULL, NULL
       FROM mine JOIN tribes t ON t.campaign_id = mine.id
       WHERE mine.status = 'running' AND t.bot_reason = 'missed'
     UNION ALL
     SELECT mine.id, mine.name, 'lapsed', i.email, NULL, NULL, NULL
       FROM mine JOIN invitations i ON i.campaign_id = mine.id
       WHERE mine.status <> 'setup' AND i.tribe_id IS NULL AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.email IS NOT NULL
     ORDER BY 2, 3, 4`,
    [userId, now.toISOString(), requestDays, campaignId],
  )
  return rows
}
