// Web Push (#30): the devices a player turned notifications on for, and what reaches them.
// A notification is an outbox row (src/db/outbox.ts); the sender pushes it to the
// recipient's devices once, beside its mail, so a push is batched, dropped when obsolete
// and written in the reader's language exactly as the mail is. The payload is encrypted
// for the device (RFC 8291) and signed with the server's VAPID key (RFC 8292) by the
// `web-push` library, loaded on the first push so that a start does not pay for it.
// A notification goes to a player's devices at once, each within a short deadline (#45); a
// device that fails rests, longer each time, and one that keeps failing for a day is dropped
// (its owner is told by mail). An account keeps its ten newest devices.
import { createHash } from 'node:crypto'
import type { Agent } from 'node:https'
import { markPushedTo, removeSubscription, saveSubscription, subscriptionsOf, type PushSubscriptionRow } from '../db/push.ts'
import { AppError } from '../lib/errors.ts'
import { checkPublicAddress, pinnedHttpsAgent } from '../lib/public-address.ts'
import type { ServiceDeps } from './deps.ts'

/** What a device shows: the service worker (views/assets/sw.js) reads these fields. */
export interface PushMessage {
  title: string
  body: string
  /** The page a tap opens. */
  url: string
  /** One notification per campaign and kind on the device: a newer one replaces it. */
  tag: string
  kind: string
}

/** A mail as a device shows it: its subject, its first lines before any link, and the link a tap opens. */
export function pushOfMail(mail: { subject: string; text: string }, fallbackUrl: string, tag: string, kind: string, siteUrl: string): PushMessage {
  const lines = mail.text.split('\n').map((line) => line.trim())
  const firstLink = lines.findIndex((line) => line.startsWith(siteUrl))
  const words = (firstLink < 0 ? lines : lines.slice(0, firstLink)).filter((line) => line && line !== '--').join(' ')
  const body = words.length > 180 ? `${words.slice(0, 179).trimEnd()}…` : words
  return { title: mail.subject, body, url: firstLink < 0 ? fallbackUrl : lines[firstLink]!, tag, kind }
}

export interface PushOutcome {
  delivered: number
  /** Subscriptions the push service said are gone (404, 410): removed. */
  gone: number
  failed: number
  /** Devices left out: they failed lately and rest until their backoff ends. */
  resting: number
  /** Devices that kept failing, removed now: their owner is to be told. */
  dropped: { id: string; label: string; since: string; error: string }[]
}

interface Logger {
  warn(obj: object, message: string): void
}

/** A device's subscription as the browser's PushManager gives it (PushSubscription.toJSON()). */
export interface DeviceSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  label?: string
}

const PUSH_TTL_S = 24 * 3600
/** A push service answers in well under a second; one that does not answer in this is failing. */
export const PUSH_TIMEOUT_MS = 5_000
/** How long a device rests after its 1st, 2nd… failure in a row before it is tried again. */
const REST_MS = [60_000, 10 * 60_000, 3_600_000, 6 * 3_600_000, 24 * 3_600_000]
/** A device is dropped after failing this many times in a row, with no push taken for this long. */
const DROP_AFTER_FAILURES = 3
const DROP_AFTER_MS = 24 * 3_600_000
/** Devices an account keeps: subscribing one more forgets the oldest. */
export const DEVICES_PER_ACCOUNT = 10

export function pushService(
  deps: Pick<ServiceDeps, 'db' | 'clock'> & {
    vapid: { publicKey: string; privateKey: string; subject: string }
    allowPrivate: boolean
    log: Logger
    /** Tests trust their local push receiver's certificate through this. */
    agent?: Agent
  },
) {
  const { db, clock, vapid, allowPrivate, log, agent } = deps
  // Failures in a row by endpoint, in this instance's memory: a restart gives every device one more try.
  const failing = new Map<string, { failures: number; until: number }>()
  let library: typeof import('web-push') | undefined
  const webPush = async () => (library ??= (await import('web-push')).default)

  // A push service is on the internet: the device's endpoint is a URL a player hands us.
  const checkEndpoint = (raw: string) =>
    checkPublicAddress(raw, { namespace: 'push', what: 'push endpoint', example: 'https://push.example/send/abc', protocols: ['https:'], allowPrivate })

  async function subscribe(userId: string, device: DeviceSubscription) {
    const endpoint = (await checkEndpoint(device.endpoint)).url.toString()
    const p256dh = Buffer.from(device.keys.p256dh, 'base64url')
    if (p256dh.length !== 65 || p256dh[0] !== 4)
      throw new AppError(400, 'push/bad_key', "keys.p256dh is not the device's P-256 public key (65 bytes, uncompressed, base64url)")
    if (Buffer.from(device.keys.auth, 'base64url').length !== 16) throw new AppError(400, 'push/bad_key', 'keys.auth is not a 16-byte secret in base64url')
    const row = await saveSubscription(
      db.pool,
      userId,
      { endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, label: device.label ?? '' },
      clock.now(),
      DEVICES_PER_ACCOUNT,
    )
    failing.delete(endpoint)
    return { endpoint: row.endpoint, label: row.label, createdAt: row.createdAt.toISOString() }
  }

  async function unsubscribe(userId: string, endpoint: string) {
    if (!(await removeSubscription(db.pool, endpoint, userId)))
      throw new AppError(404, 'push/not_subscribed', 'This device is not subscribed to your notifications')
  }

  async function devices(userId: string) {
    return (await subscriptionsOf(db.pool, userId)).map((d) => ({
      endpoint: d.endpoint,
      label: d.label,
      createdAt: d.createdAt.toISOString(),
      lastPushedAt: d.lastPushedAt?.toISOString() ?? null,
    }))
  }

  /** One device's push, within its deadline. */
  async function pushTo(lib: typeof import('web-push'), device: PushSubscriptionRow, payload: string, topic: string) {
    let timer: NodeJS.Timeout | undefined
    // The library's timeout is the socket's idle time: this bounds the whole call (#45).
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PUSH_TIMEOUT_MS / 1000} s`)), PUSH_TIMEOUT_MS + 500)
    })
    try {
      const send = async () => {
        // Its name is looked up again: it may point somewhere private by now. The push goes to
        // the addresses checked, not to a second answer of the resolver (#45).
        const checked = await checkEndpoint(device.endpoint)
        await lib.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
          vapidDetails: vapid,
          TTL: PUSH_TTL_S,
          timeout: PUSH_TIMEOUT_MS,
          topic,
          agent: pinnedHttpsAgent(checked, agent?.options),
        })
      }
      await Promise.race([send(), deadline])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Pushes one message to every device of the user at once; a device that is gone is forgotten, one that keeps failing dropped. */
  async function deliver(userId: string, message: PushMessage): Promise<PushOutcome> {
    const outcome: PushOutcome = { delivered: 0, gone: 0, failed: 0, resting: 0, dropped: [] }
    const targets = await subscriptionsOf(db.pool, userId)
    if (targets.length === 0) return outcome
    const lib = await webPush()
    const payload = JSON.stringify(message)
    // A newer message of the same campaign and kind replaces one the device has not fetched yet.
    const topic = createHash('sha256').update(message.tag).digest('base64url').slice(0, 32)
    const now = clock.now().getTime()
    const due = targets.filter((d) => (failing.get(d.endpoint)?.until ?? 0) <= now)
    outcome.resting = targets.length - due.length
    await Promise.all(
      due.map(async (device) => {
        try {
          await pushTo(lib, device, payload, topic)
          failing.delete(device.endpoint)
          await markPushedTo(db.pool, device.id, clock.now())
          outcome.delivered++
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode
          if (status === 404 || status === 410) {
            failing.delete(device.endpoint)
            await removeSubscription(db.pool, device.endpoint)
            outcome.gone++
            return
          }
          const err = `${status ? `answered ${status}: ` : ''}${(error as Error).message}`.slice(0, 300)
          const state = failing.get(device.endpoint) ?? { failures: 0, until: 0 }
          state.failures++
          state.until = now + REST_MS[Math.min(state.failures, REST_MS.length) - 1]!
          failing.set(device.endpoint, state)
          const since = device.lastPushedAt ?? device.createdAt
          if (state.failures >= DROP_AFTER_FAILURES && now - since.getTime() >= DROP_AFTER_MS) {
            failing.delete(device.endpoint)
            if (await removeSubscription(db.pool, device.endpoint, userId))
              outcome.dropped.push({ id: device.id, label: device.label, since: since.toISOString(), error: err })
            log.warn({ device: device.id, failures: state.failures, err }, 'push device dropped after failing for a day')
            return
          }
          outcome.failed++
          log.warn({ device: device.id, status, failures: state.failures, err }, 'push failed; the device rests')
        }
      }),
    )
    return outcome
  }

  return { publicKey: vapid.publicKey, subscribe, unsubscribe, devices, deliver }
}

export type PushService = ReturnType<typeof pushService>
