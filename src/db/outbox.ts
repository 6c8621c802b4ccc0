// The mail outbox: mails are queued in the transaction of the event that causes
// them and drained by the sender (src/services/mail.ts).
import type pg from 'pg'
import { instant, utc, type Sql } from './sql.ts'

export type MailKind =
  | 'window_open'
  | 'reminder'
  | 'payout'
  | 'digest'
  | 'invitation'
  | 'scene'
  | 'draft_pick'
  | 'campaign_paused'
  | 'campaign_resumed'
  | 'player_replaced'
  | 'game_over'
  | 'stand_in'
  | 'tribe_removed'
  | 'gm_news'
  | 'delivery_dropped'
  | 'campaign_started'

/**
 * An account's own mail (#51): no campaign sends it, no setting turns it off, and it carries no
 * unsubscribe link (a person asked for it, or it tells of a change to their account).
 */
export type AccountMailKind = 'password_reset' | 'sign_in' | 'email_change' | 'email_changed' | 'email_confirm'
export const ACCOUNT_MAIL_KINDS: readonly AccountMailKind[] = ['password_reset', 'sign_in', 'email_change', 'email_changed', 'email_confirm']
export const isAccountMail = (kind: string): kind is AccountMailKind => (ACCOUNT_MAIL_KINDS as readonly string[]).includes(kind)

/** A mail for the outbox; `data` is what its template needs. */
export interface PendingMail {
  userId: string | null
  toAddress?: string
  kind: MailKind | AccountMailKind
  period: string
  data: Record<string, unknown>
  /** Not sent before this instant (a digest's hour); now when absent. */
  notBefore?: Date
  /**
   * A digest's entry: mails of one recipient, kind and period gather into one row, their
   * `data.items` (one each, with a `key`) appended, until it goes out (#49).
   */
  gather?: boolean
}

/** The outbox's uniqueness key for a recipient. */
export function recipientOf(mail: Pick<PendingMail, 'userId' | 'toAddress'>): string {
  return mail.userId ? `user:${mail.userId}` : (mail.toAddress ?? '').toLowerCase()
}

export const MAIL_KINDS: readonly MailKind[] = [
  'window_open',
  'reminder',
  'payout',
  'digest',
  'invitation',
  'scene',
  'draft_pick',
  'campaign_paused',
  'campaign_resumed',
  'player_replaced',
  'game_over',
  'stand_in',
  'tribe_removed',
  'gm_news',
  'delivery_dropped',
  'campaign_started',
]

export type NotificationSetting = 'windowOpen' | 'reminder' | 'payout' | 'digest' | 'diplomacy' | 'invitations' | 'campaign'

/** Which user setting turns each kind of mail off (an address with no account opts out of invitations in mail_opt_outs). */
export const SETTING_OF: Record<MailKind, NotificationSetting> = {
  // "Your pick" in the draft is the draft's "your window is open".
  window_open: 'windowOpen',
  draft_pick: 'windowOpen',
  reminder: 'reminder',
  payout: 'payout',
  digest: 'digest',
  scene: 'diplomacy',
  invitation: 'invitations',
  campaign_paused: 'campaign',
  campaign_resumed: 'campaign',
  player_replaced: 'campaign',
  game_over: 'campaign',
  stand_in: 'campaign',
  tribe_removed: 'campaign',
  // What waits for a GM (#30): a player joined or asks to, an absence declared, a window missed.
  gm_news: 'campaign',
  // A device or webhook that kept failing was dropped (#45): said once, to its owner.
  delivery_dropped: 'campaign',
  campaign_started: 'campaign',
}

export const SETTING_COLUMN: Record<NotificationSetting, string> = {
  windowOpen: 'mail_window_open',
  reminder: 'mail_reminder',
  payout: 'mail_payout',
  digest: 'mail_digest',
  diplomacy: 'mail_diplomacy',
  invitations: 'mail_invitations',
  campaign: 'mail_campaign',
}

/** The same switches for Web Push (#30): `pushWindowOpen` turns off the pushes that `windowOpen` turns off the mails of. */
export type PushSetting = `push${Capitalize<NotificationSetting>}`
export const pushSettingOf = (setting: NotificationSetting): PushSetting => `push${setting[0]!.toUpperCase()}${setting.slice(1)}` as PushSetting
export const PUSH_COLUMN = Object.fromEntries(
  Object.entries(SETTING_COLUMN).map(([setting, column]) => [pushSettingOf(setting as NotificationSetting), column.replace(/^mail_/, 'push_')]),
) as Record<PushSetting, string>

/** Queues mails of a campaign, or (a null campaign) of an account: those go to a period of their own, never gathered. */
export async function queueMails(sql: Sql, campaignId: string | null, mails: PendingMail[], now: Date) {
  for (const gather of [false, true]) {
    const these = mails.filter((m) => (m.gather ?? false) === gather)
    if (these.length === 0) continue
    // A digest's period is its sending hour, always ahead of now: the row its entries gather
    // into is never one a sender has claimed already.
    // An entry whose key the row holds already is not added again: a step retried queues the same.
    const onConflict = gather
      ? `DO UPDATE SET data = jsonb_set(outbox_mails.data, '{items}', (outbox_mails.data->'items') || (EXCLUDED.data->'items'))
         WHERE outbox_mails.sent_at IS NULL AND outbox_mails.dropped_at IS NULL
           AND NOT outbox_mails.data->'items' @> jsonb_build_array(jsonb_build_object('key', EXCLUDED.data->'items'->0->'key'))`
      : 'DO NOTHING'
    await sql.query(
      `INSERT INTO outbox_mails (id, campaign_id, user_id, recipient, to_address, kind, period, data, created_at, next_attempt_at)
       SELECT gen_random_uuid(), $1::uuid, m."userId"::uuid, m.recipient, m."toAddress", m.kind, m.period, m.data, ${utc(3)},
              COALESCE(m."notBefore"::timestamptz AT TIME ZONE 'UTC', ${utc(3)})
       FROM jsonb_to_recordset($2::jsonb) AS m("userId" text, recipient text, "toAddress" text, kind text, period text, data jsonb, "notBefore" text)
       ON CONFLICT (campaign_id, recipient, kind, period) ${onConflict}`,
      [campaignId, JSON.stringify(these.map((m) => ({ ...m, recipient: recipientOf(m), notBefore: m.notBefore?.toISOString() ?? null }))), now.toISOString()],
    )
  }
}

export interface ClaimedMail {
  id: string
  /** Null for an account's own mail, which no campaign sends (and then so are its name, game and zone). */
  campaignId: string | null
  userId: string | null
  toAddress: string | null
  kind: MailKind | AccountMailKind
  period: string
  data: Record<string, unknown>
  attempts: number
  campaignName: string | null
  /** The game the campaign plays: a mail of its own replaces the platform's where it has one. */
  ruleset: string | null
  timeZone: string | null
  email: string | null
  displayName: string | null
  locale: 'en' | 'es' | null
  userTimeZone: string | null
  /** False when the recipient turned this kind of mail off. */
  wanted: boolean
  /** True when the recipient has an account, wants this kind pushed, and its push has not gone out yet. */
  pushWanted: boolean
  /** A practice campaign's (#27): its payout mail comes without the recap's picture (#45). */
  practice: boolean
}

/** How many of the oldest due mails a claim looks through to take one per recipient. */
const FAIR_WINDOW = 2000

/**
 * Claims up to `limit` due mails until `lockedUntil`, with what rendering them needs: at most
 * one per recipient, and none of a recipient that has one out already (here or on another
 * instance), oldest first. A recipient with hundreds of mails queued takes one turn in each
 * claim like everyone else, and a slow one holds nobody else's mail (#45).
 */
export async function claimMails(
  pool: pg.Pool,
  now: Date,
  limit: number,
  lockedUntil: Date,
  options: { confirmAddresses?: boolean } = {},
): Promise<ClaimedMail[]> {
  // An account whose address is not confirmed gets its own mails only (#51): no one has the service mail someone else.
  const unconfirmed = options.confirmAddresses ? `WHEN u.id IS NOT NULL AND u.email_confirmed_at IS NULL THEN false` : ''
  const setting = `CASE WHEN o.kind IN (${ACCOUNT_MAIL_KINDS.map((k) => `'${k}'`).join(', ')}) THEN true
    ${unconfirmed}
    WHEN u.id IS NULL THEN NOT EXISTS (SELECT 1 FROM mail_opt_outs x WHERE x.address = lower(o.to_address))
    ELSE CASE o.kind ${Object.entries(SETTING_OF)
      .map(([k, s]) => `WHEN '${k}' THEN u.${SETTING_COLUMN[s]}`)
      .join(' ')} ELSE true END END`
  const pushSetting = `CASE WHEN u.id IS NULL OR o.pushed_at IS NOT NULL THEN false ELSE CASE o.kind ${Object.entries(SETTING_OF)
    .map(([k, s]) => `WHEN '${k}' THEN u.${PUSH_COLUMN[pushSettingOf(s)]}`)
    .join(' ')} ELSE false END END`
  const open = `sent_at IS NULL AND dropped_at IS NULL`
  const { rows } = await pool.query<ClaimedMail>(
    `WITH busy AS (
       SELECT DISTINCT recipient FROM outbox_mails WHERE ${open} AND locked_until > ${utc(1)}),
     oldest AS (
       SELECT id, recipient, next_attempt_at FROM outbox_mails
       WHERE ${open} AND next_attempt_at <= ${utc(1)} AND (locked_until IS NULL OR locked_until <= ${utc(1)})
       ORDER BY next_attempt_at LIMIT ${FAIR_WINDOW}),
     fair AS (
       SELECT DISTINCT ON (recipient) id, next_attempt_at FROM oldest
       WHERE recipient NOT IN (SELECT recipient FROM busy) ORDER BY recipient, next_attempt_at),
     due AS (
       -- Checked again as each row is locked: another sender may have taken it meanwhile.
       SELECT id FROM outbox_mails
       WHERE id IN (SELECT id FROM fair ORDER BY next_attempt_at LIMIT $2) AND ${open} AND (locked_until IS NULL OR locked_until <= ${utc(1)})
       FOR UPDATE SKIP LOCKED),
     taken AS (
       UPDATE outbox_mails o SET locked_until = ${utc(3)}, attempts = o.attempts + 1
       FROM due WHERE o.id = due.id
       RETURNING o.*)
     SELECT o.id, o.campaign_id AS "campaignId", o.user_id AS "userId", o.to_address AS "toAddress", o.kind, o.period, o.data, o.attempts,
            c.name AS "campaignName", c.time_zone AS "timeZone", c.ruleset, COALESCE(c.practice, false) AS practice, u.email, u.display_name AS "displayName", u.locale::text AS locale,
            u.time_zone AS "userTimeZone", ${setting} AS wanted, ${pushSetting} AS "pushWanted"
     FROM taken o LEFT JOIN campaigns c ON c.id = o.campaign_id LEFT JOIN users u ON u.id = o.user_id`,
    [now.toISOString(), limit, lockedUntil.toISOString()],
  )
  return rows
}

export async function markSent(pool: pg.Pool, id: string, at: Date) {
  await pool.query(`UPDATE outbox_mails SET sent_at = ${utc(2)}, locked_until = NULL, last_error = NULL WHERE id = $1::uuid`, [id, at.toISOString()])
}

/** The row's push went out (to every device, or to none that still exists): a retry of its mail pushes no more. */
export async function markPushed(pool: pg.Pool, id: string, at: Date) {
  await pool.query(`UPDATE outbox_mails SET pushed_at = ${utc(2)} WHERE id = $1::uuid`, [id, at.toISOString()])
}

export async function markDropped(pool: pg.Pool, id: string, at: Date, reason: string) {
  await pool.query(`UPDATE outbox_mails SET dropped_at = ${utc(2)}, locked_until = NULL, last_error = $3 WHERE id = $1::uuid`, [id, at.toISOString(), reason])
}

/** A failed attempt: retried at `retryAt`, or dropped now when `giveUpAt` is set. */
export async function markFailed(pool: pg.Pool, id: string, error: string, retryAt: Date, giveUpAt: Date | null) {
  await pool.query(
    `UPDATE outbox_mails SET locked_until = NULL, last_error = $2, next_attempt_at = ${utc(3)}, dropped_at = ${giveUpAt ? utc(4) : 'NULL'} WHERE id = $1::uuid`,
    giveUpAt ? [id, error, retryAt.toISOString(), giveUpAt.toISOString()] : [id, error, retryAt.toISOString()],
  )
}

/**
 * Takes the invitation-mail limits' locks of this game master, then of this address, until
 * the transaction ends: two invitations counted at once from two campaigns would both see
 * room for one more (#25). Always in this order, so two takers never wait on each other.
 */
export async function lockInvitationLimits(sql: Sql, by: string, address: string) {
  await sql.query(`SELECT pg_advisory_xact_lock(hashtextextended('invitations-by:' || $1, 0))`, [by], 'limit-lock-by')
  await sql.query(`SELECT pg_advisory_xact_lock(hashtextextended('invitations-to:' || $1, 0))`, [address.toLowerCase()], 'limit-lock-to')
}

/**
 * Invitation mails queued in the last day (the anti-relay limits): by this game master to
 * addresses they had not played with (`known` mails are a friend's, #49), and to this address;
 * with the first of each, from which the limit's reset follows.
 */
export async function invitationsInLastDay(
  sql: Sql,
  by: string,
  address: string,
  now: Date,
): Promise<{ byGm: number; toAddress: number; firstByGm: Date | null; firstToAddress: Date | null }> {
  const [row] = await sql.query<{ byGm: number; toAddress: number; firstByGm: Date | null; firstToAddress: Date | null }>(
    `SELECT count(*) FILTER (WHERE data->>'invitedBy' = $1 AND data->>'known' IS NULL)::int AS "byGm",
            count(*) FILTER (WHERE lower(to_address) = $2)::int AS "toAddress",
            ${instant("min(created_at) FILTER (WHERE data->>'invitedBy' = $1 AND data->>'known' IS NULL)", 'firstByGm')},
            ${instant('min(created_at) FILTER (WHERE lower(to_address) = $2)', 'firstToAddress')}
     FROM outbox_mails WHERE kind = 'invitation' AND created_at > ${utc(3)}`,
    [by, address, new Date(now.getTime() - 86_400_000).toISOString()],
  )
  return row!
}

/** An address that wants no more invitations. */
export async function optOut(sql: Sql, address: string) {
  await sql.query(`INSERT INTO mail_opt_outs (address, created_at) VALUES (lower($1), now() AT TIME ZONE 'UTC') ON CONFLICT DO NOTHING`, [address])
}

/** Drops the unsent mails of a kind in a campaign that no longer hold (a "your pick" mail once the pick is made). */
export async function dropUnsent(sql: Sql, campaignId: string, kind: MailKind, reason: string, now: Date) {
  await sql.query(
    `UPDATE outbox_mails SET dropped_at = ${utc(3)}, last_error = $4
     WHERE campaign_id = $1::uuid AND kind = $2 AND sent_at IS NULL AND dropped_at IS NULL AND (locked_until IS NULL OR locked_until < ${utc(3)})`,
    [campaignId, kind, now.toISOString(), reason],
  )
}

/**
 * Drops the unsent mails of a kind in a campaign whose period is one of `periods`, or starts
 * with one that ends in `/` (a scene's hourly message mails), for one recipient or all: the
 * event they announce is over (a proposal decided) or was seen (a scene read).
 */
export async function dropUnsentOf(sql: Sql, campaignId: string, kind: MailKind, periods: string[], reason: string, now: Date, userId?: string) {
  await sql.query(
    `UPDATE outbox_mails SET dropped_at = ${utc(3)}, last_error = $4
     WHERE campaign_id = $1::uuid AND kind = $2 AND sent_at IS NULL AND dropped_at IS NULL AND (locked_until IS NULL OR locked_until < ${utc(3)})
       AND EXISTS (SELECT 1 FROM unnest($5::text[]) p WHERE period = p OR (right(p, 1) = '/' AND starts_with(period, p)))
       ${userId ? 'AND user_id = $6::uuid' : ''}`,
    userId ? [campaignId, kind, now.toISOString(), reason, periods, userId] : [campaignId, kind, now.toISOString(), reason, periods],
  )
}

/**
 * A practice week passed (#27, #45): of the campaign's mails still unsent, only `keep` (the
 * newcomer's latest payout) is left; the rest announce weeks already gone by.
 */
export async function collapseUnsent(sql: Sql, campaignId: string, keep: { userId: string; kind: MailKind; period: string }, reason: string, now: Date) {
  await sql.query(
    `UPDATE outbox_mails SET dropped_at = ${utc(3)}, last_error = $4
     WHERE campaign_id = $1::uuid AND sent_at IS NULL AND dropped_at IS NULL AND (locked_until IS NULL OR locked_until < ${utc(3)})
       AND NOT (user_id IS NOT DISTINCT FROM $2::uuid AND kind = $5 AND period = $6)`,
    [campaignId, keep.userId, now.toISOString(), reason, keep.kind, keep.period],
    'collapse-unsent',
  )
}
