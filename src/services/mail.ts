// The outbox sender. Mails are queued as rows in the transaction of the event
// that causes them; this drains them: claim a few, render each in the
// recipient's language and time zone, send, mark sent. A failure is retried
// with backoff. A crash after the send and before the mark resends the same
// Message-ID, which mail systems treat as the same message. Mails leave a few at
// a time, one per recipient at once, each within a deadline (#45): a recipient
// whose devices never answer waits alone.
import {
  claimMails,
  isAccountMail,
  markDropped,
  markFailed,
  markPushed,
  markSent,
  MAIL_KINDS,
  queueMails,
  type ClaimedMail,
  type MailKind,
} from '../db/outbox.ts'
import type { Database } from '../db/index.ts'
import { sqlOf } from '../db/sql.ts'
import { withoutLinks } from '../lib/names.ts'
import { pump } from '../lib/pump.ts'
import { readSigned, signValue } from '../lib/signed.ts'
import type { Clock } from './clock.ts'
import { mailTemplates, type Locale } from './mail-templates.ts'
import { pushOfMail, type PushService } from './push.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** Stable per outbox row, so a resend after a crash is recognisably the same mail. */
  messageId: string
  headers: Record<string, string>
  /** Images the HTML part shows by `cid:` (the payout mail's map, #30). */
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string; contentDisposition: 'inline' }[]
}

/** A period's recap for its payout mail (#30): its lines in the reader's language, its page, and its map as a PNG. */
export interface MailRecap {
  period: number
  lines: string[]
  url: string
  image: { png: Buffer; width: number; height: number } | null
}

/** How wide a mail shows the recap's map, in CSS pixels (the layout's 36rem). */
const MAIL_IMAGE_WIDTH = 576

export interface Mailer {
  /** `smtp` or `files`. */
  readonly via: 'smtp' | 'files'
  send(mail: OutgoingMail): Promise<void>
}

export interface DrainResult {
  sent: number
  failed: number
  dropped: number
}

interface Logger {
  warn(obj: object, message: string): void
}

const MAX_ATTEMPTS = 8
/** Mails in flight at once; the SMTP transport's own pool bounds its connections. */
const PARALLEL = 8
/** A mail's whole attempt (its push, its recap, its send) ends by then: it is failed and retried. */
export const MAIL_DEADLINE_MS = 30_000
/** A claim outlives its attempt's deadline (#45): no other sender takes a mail still being sent. */
const CLAIM_MS = 2 * 60_000
/** This many failed sends in a row (the mail server is down, not a recipient) end the round. */
const FAILURES_IN_A_ROW = 3

export interface MailDeps {
  db: Database
  clock: Clock
  mailer: Mailer
  publicUrl: string
  secret: string
  log: Logger
  /** The recipient's devices get the same notification by Web Push (#30), once. */
  push?: Pick<PushService, 'deliver'>
  /** The ended period's recap for a payout mail (#30), read as its recipient reads the campaign; its picture only when asked. */
  recap?: (campaignId: string, userId: string, period: number, locale: 'en' | 'es', options: { image: boolean }) => Promise<MailRecap | null>
  /** Accounts with an unconfirmed address get their own mails only (#51, CONFIRM_ADDRESSES). */
  confirmAddresses?: boolean
}

export function mailService(deps: MailDeps) {
  const { db, clock, mailer, publicUrl, secret, log, push, recap, confirmAddresses = false } = deps
  const t = mailTemplates()
  const host = new URL(publicUrl).hostname || 'weekdaywars.local'

  function unsubscribeToken(userId: string, kind: MailKind) {
    return signValue(secret, 'unsubscribe', `${userId}/${kind}`)
  }

  /** An address without an account may stop invitations to it. */
  function addressToken(address: string) {
    return signValue(secret, 'unsubscribe-address', address.toLowerCase())
  }

  /** The user and kind, or the address, of an unsubscribe token; null when it is not one of ours. */
  function readUnsubscribeToken(token: string): { userId: string; kind: MailKind } | { address: string } | null {
    const address = readSigned(secret, 'unsubscribe-address', token)
    if (address) return { address }
    const [userId, kind] = readSigned(secret, 'unsubscribe', token)?.split('/') ?? []
    return userId && MAIL_KINDS.includes(kind as MailKind) ? { userId, kind: kind as MailKind } : null
  }

  function contextOf(m: ClaimedMail) {
    const locale: Locale = m.locale ?? ((m.data.locale as Locale | undefined) === 'es' ? 'es' : 'en')
    const settingsUrl = `${publicUrl}/me/notifications`
    // An account's own mail has no unsubscribe link: a person asked for it, or it tells of their account (#51).
    const token = isAccountMail(m.kind) ? null : m.userId ? unsubscribeToken(m.userId, m.kind) : addressToken(m.toAddress ?? '')
    // A person follows the page; a mail client posts to the API (RFC 8058).
    const unsubscribeUrl = token ? `${publicUrl}/unsubscribe?token=${token}` : null
    const oneClickUrl = token ? `${publicUrl}/api/unsubscribe?token=${token}` : null
    const timeZone = m.timeZone ?? m.userTimeZone ?? 'UTC'
    return {
      ...m.data,
      locale,
      ruleset: m.ruleset,
      // Only an invitation goes to an address with no account: no link of the GM's reaches it (#30).
      campaignName: m.userId ? m.campaignName : withoutLinks(m.campaignName ?? ''),
      timeZone,
      userTimeZone: m.userTimeZone ?? timeZone,
      displayName: m.displayName,
      campaignUrl: m.campaignId ? `${publicUrl}/campaigns/${m.campaignId}` : publicUrl,
      // When it is written: a mail that counts time left counts it from here (#30).
      sentAt: clock.now().toISOString(),
      settingsUrl,
      unsubscribeUrl,
      oneClickUrl,
    }
  }

  /** The row's push, once, to the recipient's devices: a failure there never holds its mail back. */
  async function pushOne(m: ClaimedMail, context: ReturnType<typeof contextOf>) {
    try {
      const rendered = t.render(m.kind, context.locale, context)
      const outcome = await push!.deliver(m.userId!, pushOfMail(rendered, context.campaignUrl, `${m.campaignId}:${m.kind}`, m.kind as MailKind, publicUrl))
      // A device that kept failing was dropped: its owner hears of it, once a device.
      const notes = outcome.dropped.map((d) => ({
        userId: m.userId!,
        kind: 'delivery_dropped' as const,
        period: `push:${d.id}`,
        data: { channel: 'push', what: d.label, since: d.since, error: d.error },
      }))
      if (notes.length > 0) await queueMails(sqlOf(db.pool), m.campaignId, notes, clock.now())
    } catch (error) {
      log.warn({ mail: m.id, kind: m.kind, err: (error as Error).message.slice(0, 300) }, 'push not delivered')
    }
    await markPushed(db.pool, m.id, clock.now())
  }

  /** A payout mail's recap; a mail without one still goes (a failure to draw it is logged). */
  async function recapOf(m: ClaimedMail, locale: Locale): Promise<MailRecap | null> {
    const period = m.data.recapPeriod
    if (!recap || m.kind !== 'payout' || !m.userId || !m.campaignId || typeof period !== 'number') return null
    try {
      // A practice week passes at a click (#27): its mail says the lines, and its page draws the map for whoever opens it (#45).
      return await recap(m.campaignId, m.userId, period, locale, { image: !m.practice })
    } catch (error) {
      log.warn({ mail: m.id, err: (error as Error).message.slice(0, 300) }, 'recap left out of the payout mail')
      return null
    }
  }

  async function sendOne(m: ClaimedMail): Promise<'sent' | 'failed' | 'dropped'> {
    const now = clock.now()
    const to = m.email ?? m.toAddress
    if (push && m.pushWanted && m.userId) await pushOne(m, contextOf(m))
    if (!to || !m.wanted) {
      await markDropped(db.pool, m.id, now, to ? 'the recipient turned this kind of mail off' : 'no address')
      return 'dropped'
    }
    try {
      const context = contextOf(m)
      const r = await recapOf(m, context.locale)
      const cid = `recap-${m.id}@${host}`
      const image = r?.image ? { cid, width: MAIL_IMAGE_WIDTH, height: Math.round((MAIL_IMAGE_WIDTH * r.image.height) / r.image.width) } : null
      const rendered = t.render(m.kind, context.locale, r ? { ...context, recap: { period: r.period, lines: r.lines, url: r.url, image } } : context)
      const attachments = r?.image
        ? [{ filename: `recap-${r.period}.png`, content: r.image.png, contentType: 'image/png', cid, contentDisposition: 'inline' as const }]
        : undefined
      const headers: Record<string, string> = {
        'X-Weekday-Wars-Kind': m.kind,
        ...(context.oneClickUrl ? { 'List-Unsubscribe': `<${context.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      }
      await mailer.send({ to, ...rendered, messageId: `<${m.id}@${host}>`, headers, ...(attachments ? { attachments } : {}) })
      await markSent(db.pool, m.id, clock.now())
      return 'sent'
    } catch (error) {
      return failed(m, now, (error as Error).message)
    }
  }

  /** A failed attempt: retried with backoff, or dropped after the last. */
  async function failed(m: ClaimedMail, now: Date, error: string): Promise<'failed' | 'dropped'> {
    const message = error.slice(0, 500)
    const giveUp = m.attempts >= MAX_ATTEMPTS
    // 1, 2, 4 … minutes, at most 6 hours.
    const retryAt = new Date(now.getTime() + Math.min(2 ** (m.attempts - 1) * 60_000, 6 * 3_600_000))
    await markFailed(db.pool, m.id, message, retryAt, giveUp ? now : null)
    log.warn({ mail: m.id, kind: m.kind, attempts: m.attempts, err: message }, giveUp ? 'mail dropped after too many attempts' : 'mail failed; will retry')
    return giveUp ? 'dropped' : 'failed'
  }

  /**
   * Sends what is due in the outbox, a few at a time, until nothing is due (or `limit` were
   * tried, or `stop` says so); returns what happened.
   */
  async function drain(options: { limit?: number; stop?: () => boolean; nudged?: () => Promise<void> } = {}): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, dropped: 0 }
    let failuresInARow = 0
    // A mail past its deadline is counted then; its send, should it end later, is not counted again.
    const counted = new Set<string>()
    const count = (m: ClaimedMail, outcome: keyof DrainResult) => {
      if (counted.has(m.id)) return
      counted.add(m.id)
      result[outcome]++
      failuresInARow = outcome === 'failed' ? failuresInARow + 1 : 0
    }
    await pump<ClaimedMail>({
      parallel: PARALLEL,
      limit: options.limit ?? 10_000,
      deadlineMs: MAIL_DEADLINE_MS,
      claim: (room) => {
        const now = clock.now()
        return claimMails(db.pool, now, room, new Date(now.getTime() + CLAIM_MS), { confirmAddresses })
      },
      keyOf: (m) => m.id,
      run: async (m) => count(m, await sendOne(m)),
      late: async (m) => {
        if (!counted.has(m.id)) count(m, await failed(m, clock.now(), `no answer within ${MAIL_DEADLINE_MS / 1000} s`))
      },
      stop: () => failuresInARow >= FAILURES_IN_A_ROW || (options.stop?.() ?? false),
      ...(options.nudged ? { nudged: options.nudged } : {}),
      unrecorded: (m, err) => log.warn({ mail: m.id, err: (err as Error).message?.slice(0, 300) }, 'mail outcome not recorded; retried when its claim ends'),
    })
    return result
  }

  return { drain, render: t.render, unsubscribeToken, readUnsubscribeToken }
}

export type MailService = ReturnType<typeof mailService>
