// The outbox sender. Mails are queued as rows in the transaction of the event
// that causes them (src/services/campaign-store.ts); this drains them: claim a
// batch, render each in the recipient's language and time zone, send, mark sent.
// A failure is retried with backoff. A crash after the send and before the mark
// resends the same Message-ID, which mail systems treat as the same message.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import Handlebars from 'handlebars'
import { DateTime } from 'luxon'
import { utc } from '../../db/sql.ts'
import { readSigned, signValue } from '../../lib/signed.ts'
import type { MailKind } from '../../services/campaign-store.ts'

const VIEWS = path.resolve(import.meta.dirname, '../../../views/emails')
const LOCALES = ['en', 'es'] as const
type Locale = (typeof LOCALES)[number]

export const MAIL_KINDS: readonly MailKind[] = ['window_open', 'reminder', 'payout', 'digest', 'invitation', 'scene']

/** Which user setting turns each kind of mail off (invitations cannot be: the invitee has no settings yet). */
export const SETTING_OF: Record<MailKind, NotificationSetting | null> = {
  window_open: 'windowOpen', reminder: 'reminder', payout: 'payout', digest: 'digest', scene: 'diplomacy', invitation: null,
}
export type NotificationSetting = 'windowOpen' | 'reminder' | 'payout' | 'digest' | 'diplomacy'
export const SETTING_COLUMN: Record<NotificationSetting, string> = {
  windowOpen: 'mail_window_open', reminder: 'mail_reminder', payout: 'mail_payout', digest: 'mail_digest', diplomacy: 'mail_diplomacy',
}

const MAX_ATTEMPTS = 8
const CLAIM_MS = 2 * 60_000

interface Claimed {
  id: string
  campaignId: string
  userId: string | null
  toAddress: string | null
  kind: MailKind
  period: string
  data: Record<string, unknown>
  attempts: number
  campaignName: string
  timeZone: string
  email: string | null
  displayName: string | null
  locale: Locale | null
  userTimeZone: string | null
  wanted: boolean
}

export interface RenderedMail { subject: string; text: string; html: string }

export interface DrainResult { sent: number; failed: number; dropped: number }

function templates() {
  const hb = Handlebars.create()
  const cache = new Map<string, Handlebars.TemplateDelegate>()
  const strings = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(path.join(VIEWS, l, 'strings.json'), 'utf8'))])) as Record<Locale, {
    subject: Record<MailKind, string>; footer: string; settingsLabel: string; unsubscribeLabel: string; yourTime: string
  }>
  const compile = (key: string, source: () => string, html: boolean) => {
    let t = cache.get(key)
    if (!t) cache.set(key, (t = hb.compile(source(), { noEscape: !html, strict: false })))
    return t
  }
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b)
  hb.registerHelper('join', (list: unknown) => (Array.isArray(list) ? list.join(', ') : ''))
  // An instant in the campaign's zone, and in the reader's when that differs.
  hb.registerHelper('when', function (this: unknown, iso: unknown, options: Handlebars.HelperOptions) {
    if (typeof iso !== 'string') return ''
    const root = options.data.root as { timeZone: string; userTimeZone: string; locale: Locale }
    const fmt = (zone: string) => DateTime.fromISO(iso, { zone }).setLocale(root.locale === 'es' ? 'es-ES' : 'en-GB')
    const campaign = `${fmt(root.timeZone).toFormat('cccc d LLLL, HH:mm')} (${root.timeZone})`
    if (root.userTimeZone === root.timeZone) return campaign
    const mine = fmt(root.userTimeZone)
    return `${campaign}; ${mine.toFormat('cccc HH:mm')} ${strings[root.locale].yourTime} (${root.userTimeZone})`
  })
  return {
    render(kind: MailKind, locale: Locale, context: Record<string, unknown>): RenderedMail {
      const s = strings[locale]
      const subject = compile(`${locale}/subject/${kind}`, () => s.subject[kind], false)(context)
      const text = compile(`${locale}/${kind}.text`, () => readFileSync(path.join(VIEWS, locale, `${kind}.text.hbs`), 'utf8'), false)(context)
      const body = compile(`${locale}/${kind}.html`, () => readFileSync(path.join(VIEWS, locale, `${kind}.html.hbs`), 'utf8'), true)(context)
      const footer = compile(`${locale}/footer`, () => s.footer, true)(context)
      const layout = compile('layout', () => readFileSync(path.join(VIEWS, 'layout.html.hbs'), 'utf8'), true)
      const html = layout({ ...context, subject, body, footer, settingsLabel: s.settingsLabel, unsubscribeLabel: s.unsubscribeLabel })
      return { subject, text: `${text.trim()}\n\n-- \n${s.settingsLabel}: ${context.settingsUrl}\n${s.unsubscribeLabel}: ${context.unsubscribeUrl}\n`, html }
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Sends what is due in the outbox; returns what happened. */
      drain(options?: { limit?: number }): Promise<DrainResult>
      render(kind: MailKind, locale: Locale, context: Record<string, unknown>): RenderedMail
      unsubscribeToken(userId: string, kind: MailKind): string
      /** The user and kind of an unsubscribe token, or null when it is not one of ours. */
      readUnsubscribeToken(token: string): { userId: string; kind: MailKind } | null
    }
  }
}

export default fp(
  async (fastify) => {
    const { pg: pool, clock, mailer, config } = fastify
    const t = templates()
    const host = new URL(config.publicUrl).hostname || 'weekdaywars.local'

    function unsubscribeToken(userId: string, kind: MailKind) {
      return signValue(config.jwtSecret, 'unsubscribe', `${userId}/${kind}`)
    }

    function readUnsubscribeToken(token: string) {
      const [userId, kind] = readSigned(config.jwtSecret, 'unsubscribe', token)?.split('/') ?? []
      return userId && MAIL_KINDS.includes(kind as MailKind) ? { userId, kind: kind as MailKind } : null
    }

    async function claim(limit: number): Promise<Claimed[]> {
      const now = clock.now()
      const setting = () => `CASE o.kind ${Object.entries(SETTING_OF).map(([k, s]) => `WHEN '${k}' THEN ${s ? `u.${SETTING_COLUMN[s]}` : 'true'}`).join(' ')} ELSE true END`
      const { rows } = await pool.query<Claimed>(
        `WITH due AS (
           SELECT id FROM outbox_mails
           WHERE sent_at IS NULL AND dropped_at IS NULL AND next_attempt_at <= ${utc(1)} AND (locked_until IS NULL OR locked_until <= ${utc(1)})
           ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED),
         taken AS (
           UPDATE outbox_mails o SET locked_until = ${utc(3)}, attempts = o.attempts + 1
           FROM due WHERE o.id = due.id
           RETURNING o.*)
         SELECT o.id, o.campaign_id AS "campaignId", o.user_id AS "userId", o.to_address AS "toAddress", o.kind, o.period, o.data, o.attempts,
                c.name AS "campaignName", c.time_zone AS "timeZone", u.email, u.display_name AS "displayName", u.locale::text AS locale,
                u.time_zone AS "userTimeZone", ${setting()} AS wanted
         FROM taken o JOIN campaigns c ON c.id = o.campaign_id LEFT JOIN users u ON u.id = o.user_id`,
        [now.toISOString(), limit, new Date(now.getTime() + CLAIM_MS).toISOString()],
      )
      return rows
    }

    function contextOf(m: Claimed) {
      const locale: Locale = m.locale ?? ((m.data.locale as Locale | undefined) === 'es' ? 'es' : 'en')
      const settingsUrl = `${config.publicUrl}/me/notifications`
      const unsubscribeUrl = m.userId ? `${config.publicUrl}/api/unsubscribe?token=${unsubscribeToken(m.userId, m.kind)}` : settingsUrl
      return {
        ...m.data, locale, campaignName: m.campaignName, timeZone: m.timeZone, userTimeZone: m.userTimeZone ?? m.timeZone,
        displayName: m.displayName, campaignUrl: `${config.publicUrl}/campaigns/${m.campaignId}`, settingsUrl, unsubscribeUrl,
      }
    }

    async function sendOne(m: Claimed): Promise<'sent' | 'failed' | 'dropped'> {
      const now = clock.now()
      const to = m.email ?? m.toAddress
      if (!to || !m.wanted) {
        await pool.query(`UPDATE outbox_mails SET dropped_at = ${utc(2)}, locked_until = NULL, last_error = $3 WHERE id = $1::uuid`,
          [m.id, now.toISOString(), to ? 'the recipient turned this kind of mail off' : 'no address'])
        return 'dropped'
      }
      try {
        const context = contextOf(m)
        const rendered = t.render(m.kind, context.locale, context)
        const headers: Record<string, string> = { 'X-Weekday-Wars-Kind': m.kind }
        if (m.userId) {
          headers['List-Unsubscribe'] = `<${context.unsubscribeUrl}>`
          headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
        }
        await mailer.send({ to, ...rendered, messageId: `<${m.id}@${host}>`, headers })
        await pool.query(`UPDATE outbox_mails SET sent_at = ${utc(2)}, locked_until = NULL, last_error = NULL WHERE id = $1::uuid`, [m.id, clock.now().toISOString()])
        return 'sent'
      } catch (error) {
        const message = (error as Error).message.slice(0, 500)
        const give_up = m.attempts >= MAX_ATTEMPTS
        // 1, 2, 4 … minutes, at most 6 hours.
        const retryAt = new Date(now.getTime() + Math.min(2 ** (m.attempts - 1) * 60_000, 6 * 3_600_000))
        await pool.query(
          `UPDATE outbox_mails SET locked_until = NULL, last_error = $2, next_attempt_at = ${utc(3)}, dropped_at = ${give_up ? utc(4) : 'NULL'} WHERE id = $1::uuid`,
          give_up ? [m.id, message, retryAt.toISOString(), now.toISOString()] : [m.id, message, retryAt.toISOString()])
        fastify.log.warn({ mail: m.id, kind: m.kind, attempts: m.attempts, err: message }, give_up ? 'mail dropped after too many attempts' : 'mail failed; will retry')
        return give_up ? 'dropped' : 'failed'
      }
    }

    async function drain(options: { limit?: number } = {}): Promise<DrainResult> {
      const result: DrainResult = { sent: 0, failed: 0, dropped: 0 }
      const limit = options.limit ?? 10_000
      while (result.sent + result.failed + result.dropped < limit) {
        const batch = await claim(Math.min(50, limit - result.sent - result.failed - result.dropped))
        if (batch.length === 0) break
        // A few at a time: an SMTP server is slower than the database.
        for (let i = 0; i < batch.length; i += 4) {
          for (const outcome of await Promise.all(batch.slice(i, i + 4).map(sendOne))) result[outcome]++
        }
        if (result.failed > 0) break
      }
      return result
    }

    fastify.decorate('mail', { drain, render: t.render, unsubscribeToken, readUnsubscribeToken })
  },
  { name: 'mail', dependencies: ['prisma', 'clock', 'mailer', 'config'] },
)
