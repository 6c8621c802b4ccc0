// Signed webhooks per user (#31 item 6): each change of a campaign the user is in is posted to
// their address as JSON, signed with HMAC-SHA-256 over `<timestamp>.<body>` (the scheme Stripe
// and Svix use, so receivers' libraries know it), retried with backoff until a 2xx answers.
// The address must be public: a user must not make the server call its own network or the
// cloud's metadata service (checked when it is set and again before every call, since a name
// may resolve elsewhere later; the call goes to the addresses checked, #45; redirects are not followed).
// Calls leave a few at a time, one per user at once, each within a short deadline (#45). A
// failure rests the user's receiver (their other deliveries wait for the failed one's backoff,
// src/db/webhooks.ts); a receiver that answered nothing for as long as the whole backoff is
// dropped, and its owner told by mail.
import { createHmac, randomBytes } from 'node:crypto'
import { queueMails } from '../db/outbox.ts'
import { sqlOf, transaction } from '../db/sql.ts'
import {
  claimDeliveries,
  deleteWebhook,
  lastDeliveredAt,
  markDelivered,
  markFailed,
  queueChanges,
  setWebhook,
  webhookOf,
  type DueDelivery,
} from '../db/webhooks.ts'
import { AppError } from '../lib/errors.ts'
import { checkPublicAddress, pinnedDispatcher } from '../lib/public-address.ts'
import { pump } from '../lib/pump.ts'
import type { ServiceDeps } from './deps.ts'

/** Waits after the 1st, 2nd… failed attempt; after the last, the delivery is given up. */
export const BACKOFF_S = [60, 300, 1_800, 7_200, 43_200]
const CALL_TIMEOUT_MS = 5_000
/** Calls in flight at once. */
const PARALLEL = 8
/** Calls a round makes at most; the next round goes on. */
const ROUND = 1_000
/** A claim outlives its call's deadline (#45). */
const LEASE_MS = 60_000
/** The whole backoff: a receiver that answered nothing for this long is dropped. */
const SILENT_MS = BACKOFF_S.reduce((sum, s) => sum + s, 0) * 1000

/** The signature header of a body sent at `timestamp` (seconds). */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

interface Logger {
  warn(obj: object, message: string): void
}

export function webhooksService(deps: Pick<ServiceDeps, 'db' | 'clock'> & { allowPrivate: boolean; log: Logger }) {
  const { db, clock, allowPrivate, log } = deps

  /** Refuses an address that is not http(s), carries a login, or resolves to a private or reserved address. */
  const checkAddress = (raw: string) =>
    checkPublicAddress(raw, {
      namespace: 'webhook',
      what: 'webhook address',
      example: 'https://bot.example/hook',
      protocols: ['https:', 'http:'],
      allowPrivate,
    })

  async function deliver(delivery: DueDelivery): Promise<void> {
    const now = clock.now()
    const body = JSON.stringify({ id: delivery.id, ...delivery.payload })
    let failure: string | null = null
    try {
      const checked = await checkAddress(delivery.url)
      const res = await fetch(checked.url, {
        dispatcher: await pinnedDispatcher(checked),
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'WeekdayWars-Webhook/1',
          'webhook-id': delivery.id,
          'webhook-signature': signatureOf(delivery.secret, Math.floor(now.getTime() / 1000), body),
        },
        body,
      })
      await res.body?.cancel()
      if (res.status < 200 || res.status >= 300) failure = `answered ${res.status}`
    } catch (error) {
      failure = error instanceof AppError ? error.message : `could not be reached: ${(error as Error).message}`
    }
    const sql = sqlOf(db.pool)
    if (failure === null) return markDelivered(sql, delivery.id, now)
    const wait = BACKOFF_S[delivery.attempts]
    await markFailed(sql, delivery.id, failure, now, wait === undefined ? null : new Date(now.getTime() + wait * 1000))
    if (wait !== undefined) return
    const last = await lastDeliveredAt(sql, delivery.userId)
    if (last && now.getTime() - last.getTime() < SILENT_MS) return
    // Silent through the whole backoff: the webhook goes, with what was still to deliver, and its owner is told.
    await transaction(db.pool, async (tx) => {
      if (!(await deleteWebhook(tx, delivery.userId))) return
      await queueMails(
        tx,
        delivery.campaignId,
        [
          {
            userId: delivery.userId,
            kind: 'delivery_dropped',
            period: `webhook:${delivery.id}`,
            data: { channel: 'webhook', what: delivery.url, since: (last ?? delivery.createdAt).toISOString(), error: failure },
          },
        ],
        now,
      )
    })
  }

  return {
    async get(userId: string) {
      const row = await webhookOf(sqlOf(db.pool), userId)
      return { url: row?.url ?? null }
    },
    /** Sets the address; the new secret is shown once, here. */
    async set(userId: string, raw: string) {
      const { url } = await checkAddress(raw)
      const secret = randomBytes(32).toString('base64url')
      await setWebhook(sqlOf(db.pool), userId, url.toString(), secret)
      return { url: url.toString(), secret }
    },
    async remove(userId: string) {
      if (!(await deleteWebhook(sqlOf(db.pool), userId))) throw new AppError(404, 'webhook/none', 'You have no webhook')
    },
    /** One round: queue the changes since the last scan, then call what is due, a few at a time. */
    async run(options: { stop?: () => boolean; nudged?: () => Promise<void> } = {}): Promise<{ queued: number; called: number }> {
      const queued = await transaction(db.pool, (sql) => queueChanges(sql, clock.now()))
      const called = await pump<DueDelivery>({
        parallel: PARALLEL,
        limit: ROUND,
        // The call's own timeout ends it; this only frees its slot should anything else hang.
        deadlineMs: CALL_TIMEOUT_MS + 5_000,
        claim: (room, busy) => {
          const now = clock.now()
          return claimDeliveries(sqlOf(db.pool), now, new Date(now.getTime() + LEASE_MS), room, busy)
        },
        keyOf: (d) => d.userId,
        run: deliver,
        // Its lease ends and it is called again.
        late: async () => {},
        ...(options.stop ? { stop: options.stop } : {}),
        ...(options.nudged ? { nudged: options.nudged } : {}),
        unrecorded: (d, err) =>
          log.warn({ delivery: d.id, err: (err as Error).message?.slice(0, 300) }, 'webhook outcome not recorded; called again when its lease ends'),
      })
      return { queued, called }
    },
  }
}

export type WebhooksService = ReturnType<typeof webhooksService>
