// Users: accounts (created through Prisma, a cold path; read in plain SQL, as every
// logged-in page reads its user), mail settings, calendar feed rows.
import type pg from 'pg'
import type { Database } from './index.ts'
import type { Locale } from '../generated/prisma/enums.ts'

export type { Locale }
import { PUSH_COLUMN, SETTING_COLUMN, type NotificationSetting, type PushSetting } from './outbox.ts'
import { instant, sqlOf, UUID, type Sql } from './sql.ts'

export interface UserRow {
  id: string
  email: string
  displayName: string
  passwordHash: string
  locale: Locale
  timeZone: string
  tokenVersion: number
  /** The address was shown to be the person's (#51). */
  emailConfirmed: boolean
  createdAt: Date
}

export class EmailTaken extends Error {}

export async function insertUser(
  db: Database,
  u: { email: string; displayName: string; passwordHash: string; locale: Locale; timeZone: string },
): Promise<UserRow> {
  try {
    const user = await db.prisma.user.create({ data: u })
    return { ...user, emailConfirmed: user.emailConfirmedAt !== null }
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new EmailTaken(u.email)
    throw error
  }
}

export async function insertUsers(
  db: Database,
  users: { email: string; displayName: string; passwordHash: string; locale: Locale; timeZone: string }[],
): Promise<UserRow[]> {
  // The demo's own accounts (its only caller): their addresses are the operator's, confirmed as made.
  const made = await db.prisma.$transaction(users.map((data) => db.prisma.user.create({ data: { ...data, emailConfirmedAt: new Date() } })))
  return made.map((user) => ({ ...user, emailConfirmed: true }))
}

/** An account the service itself plays (the practice referee and rival): made once, sent no mail. */
export async function systemUser(db: Database, input: { email: string; displayName: string; passwordHash: string }): Promise<{ id: string }> {
  const off = {
    mailWindowOpen: false,
    mailReminder: false,
    mailPayout: false,
    mailDigest: false,
    mailDiplomacy: false,
    mailInvitations: false,
    mailCampaign: false,
    pushWindowOpen: false,
    pushReminder: false,
    pushPayout: false,
    pushDigest: false,
    pushDiplomacy: false,
    pushInvitations: false,
    pushCampaign: false,
  }
  // INSERT … ON CONFLICT DO NOTHING, then the row, whoever wrote it: the first practices asked
  // for at once each make the service's accounts, and an upsert's insert fails for all but one (#45).
  await db.prisma.user.createMany({ data: [{ ...input, ...off }], skipDuplicates: true })
  return db.prisma.user.findUniqueOrThrow({ where: { email: input.email }, select: { id: true } })
}

const USER_COLUMNS = `id, email, display_name AS "displayName", password_hash AS "passwordHash", locale::text AS locale,
  time_zone AS "timeZone", token_version AS "tokenVersion", email_confirmed_at IS NOT NULL AS "emailConfirmed", ${instant('created_at', 'createdAt')}`

/** The pool's handle, or a transaction's own: a transaction reads through its client (#25). */
const on = (where: Database | Sql): Sql => ('pool' in where ? sqlOf(where.pool) : where)

export async function userByEmail(where: Database | Sql, email: string): Promise<UserRow | null> {
  const [row] = await on(where).query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email], 'user-by-email')
  return row ?? null
}

export async function userById(where: Database | Sql, id: string): Promise<UserRow | null> {
  if (!UUID.test(id)) return null
  const [row] = await on(where).query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1::uuid`, [id], 'user-by-id')
  return row ?? null
}

/** A user, with whether a login token id of theirs was revoked: a page's login in one read. */
export async function userWithSession(db: Database, id: string, jti: string): Promise<(UserRow & { revoked: boolean }) | null> {
  if (!UUID.test(id)) return null
  const { rows } = await db.pool.query<UserRow & { revoked: boolean }>({
    name: 'user-with-session',
    text: `SELECT ${USER_COLUMNS}, EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $2) AS revoked FROM users WHERE id = $1::uuid`,
    values: [id, jti],
  })
  return rows[0] ?? null
}

/**
 * Whether any account exists, and how many are not of `domain`: every start asks (the demo
 * seed), so an empty database costs one probe and a full one no list of every address.
 */
export async function accountsBesides(db: Database, domain: string): Promise<{ any: boolean; others: number }> {
  const { rows } = await db.pool.query<{ any: boolean; others: number }>(
    `SELECT EXISTS (SELECT 1 FROM users) AS any,
            CASE WHEN EXISTS (SELECT 1 FROM users) THEN (SELECT count(*)::int FROM users WHERE right(email, length($1::text) + 1) <> '@' || $1::text) ELSE 0 END AS others`,
    [domain],
  )
  return rows[0]!
}

export interface SettingsRow {
  windowOpen: boolean
  reminder: boolean
  payout: boolean
  digest: boolean
  diplomacy: boolean
  invitations: boolean
  campaign: boolean
  reminderHours: number
  pushWindowOpen: boolean
  pushReminder: boolean
  pushPayout: boolean
  pushDigest: boolean
  pushDiplomacy: boolean
  pushInvitations: boolean
  pushCampaign: boolean
}

const SETTINGS = `mail_window_open AS "windowOpen", mail_reminder AS reminder, mail_payout AS payout, mail_digest AS digest,
  mail_diplomacy AS diplomacy, mail_invitations AS invitations, mail_campaign AS campaign, reminder_hours AS "reminderHours",
  ${Object.entries(PUSH_COLUMN)
    .map(([key, column]) => `${column} AS "${key}"`)
    .join(', ')}`

export async function settingsOf(pool: pg.Pool, userId: string): Promise<SettingsRow | undefined> {
  const { rows } = await pool.query<SettingsRow>(`SELECT ${SETTINGS} FROM users WHERE id = $1::uuid`, [userId])
  return rows[0]
}

/** Changes the given settings; answers whether anything was written. */
export async function updateSettings(pool: pg.Pool, userId: string, changes: Partial<SettingsRow>): Promise<boolean> {
  const sets: string[] = []
  const values: unknown[] = [userId]
  for (const [key, column] of Object.entries(SETTING_COLUMN) as [NotificationSetting, string][]) {
    if (changes[key] !== undefined) sets.push(`${column} = $${values.push(changes[key])}`)
  }
  for (const [key, column] of Object.entries(PUSH_COLUMN) as [PushSetting, string][]) {
    if (changes[key] !== undefined) sets.push(`${column} = $${values.push(changes[key])}`)
  }
  if (changes.reminderHours !== undefined) sets.push(`reminder_hours = $${values.push(changes.reminderHours)}`)
  if (sets.length === 0) return false
  await pool.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, values)
  return true
}

/** Turns one kind of mail off; the account's email, or undefined when there is no such account. */
export async function turnOff(pool: pg.Pool, userId: string, setting: NotificationSetting): Promise<string | undefined> {
  const { rows } = await pool.query<{ email: string }>(`UPDATE users SET ${SETTING_COLUMN[setting]} = false WHERE id = $1::uuid RETURNING email`, [userId])
  return rows[0]?.email
}

export interface CalendarRow {
  tribeId: string
  tribeName: string
  weekday: string
  campaignId: string
  campaignName: string
  timeZone: string
  createdAt: Date
}

/** The tribes a user plays in campaigns that are not over. */
export async function calendarRows(pool: pg.Pool, userId: string): Promise<CalendarRow[]> {
  const { rows } = await pool.query<CalendarRow>(
    `SELECT t.id AS "tribeId", t.name AS "tribeName", t.weekday, c.id AS "campaignId", c.name AS "campaignName", c.time_zone AS "timeZone",
            ${instant('c.created_at', 'createdAt')}
     FROM tribes t JOIN campaigns c ON c.id = t.campaign_id
     WHERE t.user_id = $1::uuid AND c.status IN ('setup', 'draft', 'running', 'paused') ORDER BY c.created_at`,
    [userId],
  )
  return rows
}

/** What a login token is checked against: the user's token version, and whether this token was revoked. */
export async function sessionState(pool: pg.Pool, userId: string, jti: string): Promise<{ tokenVersion: number; revoked: boolean } | undefined> {
  const { rows } = await pool.query<{ tokenVersion: number; revoked: boolean }>({
    name: 'session-state',
    text: `SELECT token_version AS "tokenVersion", EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $2) AS revoked FROM users WHERE id = $1::uuid`,
    values: [userId, jti],
  })
  return rows[0]
}

/** Revokes one token until it would have expired; expired revocations are cleared on the way. */
export async function revokeToken(pool: pg.Pool, jti: string, userId: string, expiresAt: Date) {
  await pool.query(`DELETE FROM revoked_tokens WHERE expires_at < now() AT TIME ZONE 'UTC'`)
  await pool.query(
    `INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2::uuid, (to_timestamp($3) AT TIME ZONE 'UTC')) ON CONFLICT DO NOTHING`,
    [jti, userId, Math.floor(expiresAt.getTime() / 1000)],
  )
}

/** Every token issued so far stops working. */
export async function raiseTokenVersion(pool: pg.Pool, userId: string) {
  await pool.query(`UPDATE users SET token_version = token_version + 1, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, [userId])
}

export async function ping(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1')
}
