// Web Push subscriptions (#30): one row a device, by the push service's endpoint.
import type pg from 'pg'
import { instant, utc } from './sql.ts'

export interface PushSubscriptionRow {
  id: string
  endpoint: string
  p256dh: string
  auth: string
  label: string
  createdAt: Date
  lastPushedAt: Date | null
}

const COLUMNS = `id, endpoint, p256dh, auth, label, ${instant('created_at', 'createdAt')}, ${instant('last_pushed_at', 'lastPushedAt')}`

/**
 * Keeps a device's subscription for this user; a device that subscribed for another account
 * moves to this one. The account keeps its `keep` newest devices: the oldest beyond go (#45).
 */
export async function saveSubscription(
  pool: pg.Pool,
  userId: string,
  sub: { endpoint: string; p256dh: string; auth: string; label: string },
  now: Date,
  keep: number,
) {
  const { rows } = await pool.query<PushSubscriptionRow>(
    `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, label, created_at)
     VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4, $5, ${utc(6)})
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, label = EXCLUDED.label
     RETURNING ${COLUMNS}`,
    [userId, sub.endpoint, sub.p256dh, sub.auth, sub.label, now.toISOString()],
  )
  await pool.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1::uuid AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE user_id = $1::uuid ORDER BY id = $2::uuid DESC, created_at DESC LIMIT $3)`,
    [userId, rows[0]!.id, keep],
  )
  return rows[0]!
}

export async function subscriptionsOf(pool: pg.Pool, userId: string): Promise<PushSubscriptionRow[]> {
  const { rows } = await pool.query<PushSubscriptionRow>(`SELECT ${COLUMNS} FROM push_subscriptions WHERE user_id = $1::uuid ORDER BY created_at`, [userId])
  return rows
}

/** A device turned off by its player (only their own), or gone from its push service; answers whether one was removed. */
export async function removeSubscription(pool: pg.Pool, endpoint: string, userId?: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `DELETE FROM push_subscriptions WHERE endpoint = $1${userId ? ' AND user_id = $2::uuid' : ''}`,
    userId ? [endpoint, userId] : [endpoint],
  )
  return (rowCount ?? 0) > 0
}

export async function markPushedTo(pool: pg.Pool, id: string, at: Date) {
  await pool.query(`UPDATE push_subscriptions SET last_pushed_at = ${utc(2)} WHERE id = $1::uuid`, [id, at.toISOString()])
}
