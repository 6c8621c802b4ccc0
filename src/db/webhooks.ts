// Webhooks (#31): each user's one address and secret, and the deliveries to make. The scan
// compares each watched campaign's version with the last one queued and queues one delivery per
// member with a webhook; nothing is added to an order's own statements.
import { instant, utc, type Sql } from './sql.ts'

export interface WebhookRow {
  url: string
  secret: string
}

export async function webhookOf(sql: Sql, userId: string): Promise<WebhookRow | null> {
  const [row] = await sql.query<WebhookRow>(`SELECT url, secret FROM webhooks WHERE user_id = $1::uuid`, [userId])
  return row ?? null
}

export async function setWebhook(sql: Sql, userId: string, url: string, secret: string): Promise<void> {
  await sql.query(
    `INSERT INTO webhooks (user_id, url, secret, created_at) VALUES ($1::uuid, $2, $3, now() AT TIME ZONE 'UTC')
     ON CONFLICT (user_id) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret`,
    [userId, url, secret],
  )
}

/** Removes the webhook and what was still to be delivered to it. */
export async function deleteWebhook(sql: Sql, userId: string): Promise<boolean> {
  await sql.query(`DELETE FROM webhook_deliveries WHERE user_id = $1::uuid AND delivered_at IS NULL`, [userId])
  return (await sql.query(`DELETE FROM webhooks WHERE user_id = $1::uuid RETURNING user_id`, [userId])).length > 0
}

/**
 * Queues a `campaign.changed` delivery for every member with a webhook of every campaign whose
 * version moved past its mark, and moves the mark. The mark's upsert only takes a higher
 * version, so two instances scanning at once never queue the same change twice. It starts from
 * the webhooks (few), not from every campaign.
 */
export async function queueChanges(sql: Sql, now: Date): Promise<number> {
  const queued = await sql.query(
    `WITH changed AS (
       SELECT DISTINCT s.campaign_id, s.version
         FROM webhooks w
         JOIN memberships m ON m.user_id = w.user_id
         JOIN game_snapshots s ON s.campaign_id = m.campaign_id
         LEFT JOIN webhook_marks k ON k.campaign_id = s.campaign_id
        WHERE k.version IS NULL OR s.version > k.version),
     marked AS (
       INSERT INTO webhook_marks AS k (campaign_id, version) SELECT campaign_id, version FROM changed
       ON CONFLICT (campaign_id) DO UPDATE SET version = EXCLUDED.version WHERE k.version < EXCLUDED.version
       RETURNING k.campaign_id, k.version)
     INSERT INTO webhook_deliveries (id, campaign_id, user_id, payload, next_attempt_at, created_at)
     SELECT gen_random_uuid(), marked.campaign_id, w.user_id,
            jsonb_build_object('type', 'campaign.changed', 'campaignId', marked.campaign_id, 'version', marked.version), ${utc(1)}, ${utc(1)}
       FROM marked
       JOIN (SELECT DISTINCT campaign_id, user_id FROM memberships) m ON m.campaign_id = marked.campaign_id
       JOIN webhooks w ON w.user_id = m.user_id
     RETURNING id`,
    [now.toISOString()],
  )
  return queued.length
}

export interface DueDelivery {
  id: string
  campaignId: string
  userId: string
  attempts: number
  payload: Record<string, unknown>
  url: string
  secret: string
  createdAt: Date
}

/**
 * Deliveries due now, leased to this sender for a minute (others skip them meanwhile): no
 * connection is held while the calls are made, and a sender that dies leaves them due again.
 * One per user, none of a user in `busy`, and none of a user whose receiver rests after a
 * failure (a delivery of theirs waits for its backoff): a receiver that is down costs one call
 * per backoff step, not one per delivery, and a slow one holds only its own (#45).
 */
export async function claimDeliveries(sql: Sql, now: Date, leaseUntil: Date, limit: number, busy: string[] = []): Promise<DueDelivery[]> {
  return sql.query<DueDelivery>(
    `WITH resting AS (
       SELECT DISTINCT user_id FROM webhook_deliveries
        WHERE next_attempt_at > ${utc(1)} AND attempts > 0 AND delivered_at IS NULL AND given_up_at IS NULL),
     fair AS (
       SELECT DISTINCT ON (user_id) id, next_attempt_at FROM webhook_deliveries
        WHERE delivered_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= ${utc(1)}
          AND NOT (user_id::text = ANY($4::text[])) AND user_id NOT IN (SELECT user_id FROM resting)
        -- The one that failed goes first: it probes the receiver through its backoff, the rest wait for it.
        ORDER BY user_id, attempts DESC, next_attempt_at),
     claimed AS (
       UPDATE webhook_deliveries d SET next_attempt_at = ${utc(2)}
        WHERE d.id IN (SELECT id FROM webhook_deliveries
                        WHERE id IN (SELECT id FROM fair ORDER BY next_attempt_at LIMIT $3)
                          AND delivered_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= ${utc(1)}
                        FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.campaign_id, d.user_id, d.attempts, d.payload, d.created_at)
     SELECT c.id, c.campaign_id AS "campaignId", c.user_id AS "userId", c.attempts, c.payload, w.url, w.secret, ${instant('c.created_at', 'createdAt')}
       FROM claimed c JOIN webhooks w ON w.user_id = c.user_id`,
    [now.toISOString(), leaseUntil.toISOString(), limit, busy],
  )
}

/** When the user's receiver last answered 2xx, if ever. */
export async function lastDeliveredAt(sql: Sql, userId: string): Promise<Date | null> {
  const [row] = await sql.query<{ at: Date | null }>(`SELECT max(delivered_at) AT TIME ZONE 'UTC' AS at FROM webhook_deliveries WHERE user_id = $1::uuid`, [
    userId,
  ])
  return row?.at ?? null
}

export async function markDelivered(sql: Sql, id: string, now: Date): Promise<void> {
  await sql.query(`UPDATE webhook_deliveries SET delivered_at = ${utc(2)}, attempts = attempts + 1, last_error = NULL WHERE id = $1::uuid`, [
    id,
    now.toISOString(),
  ])
}

/** A failed attempt: tried again at `retryAt`, or given up when that is null. */
export async function markFailed(sql: Sql, id: string, error: string, now: Date, retryAt: Date | null): Promise<void> {
  await sql.query(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = $2,
            next_attempt_at = COALESCE(${utc(4)}, next_attempt_at), given_up_at = CASE WHEN $4::text IS NULL THEN ${utc(3)} END
      WHERE id = $1::uuid`,
    [id, error.slice(0, 500), now.toISOString(), retryAt?.toISOString() ?? null],
  )
}
