// Leaving the service (#51): what an account holds, read for its export, and the account
// closed: the person's address, name, devices and settings go, their tribes stay in the logs.
import { instant, type Sql } from './sql.ts'

/** The unfinished campaigns the account is a GM of, each with the member who takes the role over (another GM first, then the earliest player), if any. */
export async function gmHandovers(sql: Sql, userId: string): Promise<{ campaignId: string; name: string; heir: string | null; heirIsGm: boolean }[]> {
  return sql.query(
    `SELECT c.id AS "campaignId", c.name,
            heir.user_id AS heir, COALESCE(heir.role = 'gm', false) AS "heirIsGm"
     FROM memberships m JOIN campaigns c ON c.id = m.campaign_id
     LEFT JOIN LATERAL (
       SELECT o.user_id, o.role FROM memberships o
       WHERE o.campaign_id = c.id AND o.user_id <> $1::uuid
       ORDER BY (o.role = 'gm') DESC, o.created_at, o.user_id LIMIT 1) heir ON true
     WHERE m.user_id = $1::uuid AND m.role = 'gm' AND c.status <> 'finished'`,
    [userId],
  )
}

/** The account's tribes in unfinished campaigns: each one's GMs hear it is left without a player. */
export async function playedTribes(sql: Sql, userId: string): Promise<{ campaignId: string; tribeId: string; name: string }[]> {
  return sql.query(
    `SELECT t.campaign_id AS "campaignId", t.id AS "tribeId", t.name FROM tribes t JOIN campaigns c ON c.id = t.campaign_id
     WHERE t.user_id = $1::uuid AND c.status <> 'finished' ORDER BY t.created_at`,
    [userId],
  )
}

/** Everything the service holds about a person, as JSON rows (the export). */
export async function accountData(sql: Sql, userId: string) {
  const one = async <T>(text: string) => sql.query<T>(text, [userId])
  const [campaigns, orders, messages, absences, joinRequests, devices, webhooks] = await Promise.all([
    one(`SELECT c.id, c.name, c.ruleset, c.status::text AS status, array_agg(DISTINCT m.role::text) AS roles,
                (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'weekday', t.weekday)) FROM tribes t WHERE t.campaign_id = c.id AND t.user_id = $1::uuid) AS tribes
         FROM memberships m JOIN campaigns c ON c.id = m.campaign_id WHERE m.user_id = $1::uuid GROUP BY c.id ORDER BY c.created_at`),
    one(`SELECT e.campaign_id AS "campaignId", e.seq, e.week, e.type, e.payload, ${instant('e.created_at', 'at')}
         FROM campaign_events e JOIN tribes t ON t.campaign_id = e.campaign_id AND t.id::text = e.tribe
         WHERE t.user_id = $1::uuid AND e.played ORDER BY e.created_at, e.seq`),
    one(`SELECT campaign_id AS "campaignId", scene_id AS "sceneId", body, ${instant('created_at', 'at')}
         FROM scene_messages WHERE author_id = $1::uuid ORDER BY created_at, position`),
    one(`SELECT campaign_id AS "campaignId", tribe_id AS "tribeId", starts_on::text AS "startsOn", ends_on::text AS "endsOn", note
         FROM absences WHERE declared_by_id = $1::uuid ORDER BY starts_on`),
    one(`SELECT campaign_id AS "campaignId", tribe_name AS "tribeName", weekday, outcome, ${instant('created_at', 'at')}
         FROM join_requests WHERE user_id = $1::uuid ORDER BY created_at`),
    one(`SELECT label, ${instant('created_at', 'createdAt')} FROM push_subscriptions WHERE user_id = $1::uuid ORDER BY created_at`),
    one(`SELECT url, ${instant('created_at', 'createdAt')} FROM webhooks WHERE user_id = $1::uuid`),
  ])
  return { campaigns, orders, messages, absences, joinRequests, devices, webhook: webhooks[0] ?? null }
}

/**
 * Closes the account in the caller's transaction: GM roles pass on, the tribes of unfinished
 * campaigns are left without a player (the GM may invite a replacement; the rules handle a
 * missing player meanwhile), and the person's address, name, password, devices, hooks, links
 * and unsent mails go. The row stays, under a neutral name, so the logs keep their authors.
 */
export async function closeAccount(sql: Sql, userId: string, handovers: { campaignId: string; heir: string | null; heirIsGm: boolean }[], now: Date) {
  for (const h of handovers) {
    if (h.heir && !h.heirIsGm)
      await sql.query(
        `INSERT INTO memberships (campaign_id, user_id, role, created_at) VALUES ($1::uuid, $2::uuid, 'gm', $3::timestamptz AT TIME ZONE 'UTC') ON CONFLICT DO NOTHING`,
        [h.campaignId, h.heir, now.toISOString()],
      )
  }
  const unfinished = `SELECT id FROM campaigns WHERE status <> 'finished'`
  await sql.query(`UPDATE tribes SET user_id = NULL WHERE user_id = $1::uuid AND campaign_id IN (${unfinished})`, [userId])
  await sql.query(`DELETE FROM memberships WHERE user_id = $1::uuid AND campaign_id IN (${unfinished})`, [userId])
  await sql.query(`UPDATE absences SET stand_in_id = NULL WHERE stand_in_id = $1::uuid`, [userId])
  for (const table of ['push_subscriptions', 'webhooks', 'webhook_deliveries', 'account_tokens', 'idempotency_records', 'scene_reads'])
    await sql.query(`DELETE FROM ${table} WHERE user_id = $1::uuid`, [userId])
  await sql.query(`DELETE FROM join_requests WHERE user_id = $1::uuid AND decided_at IS NULL`, [userId])
  await sql.query(
    `UPDATE outbox_mails SET dropped_at = $2::timestamptz AT TIME ZONE 'UTC', last_error = 'the account was closed'
     WHERE user_id = $1::uuid AND sent_at IS NULL AND dropped_at IS NULL`,
    [userId, now.toISOString()],
  )
  const off = ['mail_window_open', 'mail_reminder', 'mail_payout', 'mail_digest', 'mail_diplomacy', 'mail_invitations', 'mail_campaign']
  await sql.query(
    `UPDATE users SET email = 'closed-' || id || '@closed.invalid', display_name = '#' || left(id::text, 6), password_hash = '!',
            token_version = token_version + 1, ${[...off, ...off.map((c) => c.replace(/^mail_/, 'push_'))].map((c) => `${c} = false`).join(', ')},
            updated_at = now() AT TIME ZONE 'UTC'
     WHERE id = $1::uuid`,
    [userId],
  )
}
