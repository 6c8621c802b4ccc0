// What a person does with their account by mail (#51): a forgotten password reset, a sign-in by
// a one-time link, a password or address changed. Each link is single use, expires, and is
// stored only as a hash; asking for one answers the same whether or not the address has an
// account; the mail is queued in the outbox (src/db/outbox.ts), so a request never waits on SMTP.
import { createHash, randomBytes } from 'node:crypto'
import {
  confirmEmail,
  insertAccountToken,
  lockUser,
  setEmail,
  setPassword,
  spendAccountToken,
  tokensSince,
  tokenStands,
  type LinkPurpose,
} from '../db/account-tokens.ts'
import { EmailTaken, userByEmail, userById, type UserRow } from '../db/accounts.ts'
import type { Database } from '../db/index.ts'
import { queueMails, type AccountMailKind } from '../db/outbox.ts'
import { sqlOf, transaction, type Sql } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { hashPassword, verifyPassword } from '../lib/password.ts'
import { normalizeEmail, requireStrong, toPublic, type PublicUser } from './accounts.ts'
import type { Clock } from './clock.ts'

const MINUTE = 60_000
/** How long each link works: a reset about an hour, a sign-in a quarter, a new address a day (it may sit in another mailbox), a new account's a week. */
const LIFETIME_MS: Record<LinkPurpose, number> = {
  password_reset: 60 * MINUTE,
  sign_in: 15 * MINUTE,
  email_change: 24 * 60 * MINUTE,
  email_confirm: 7 * 24 * 60 * MINUTE,
}
/** Links of one purpose mailed to one account in an hour at most: more are not sent, and the answer does not say so. */
export const LINKS_PER_HOUR = 3
/** Where each link lands: a page that asks before it acts, so a mail scanner's visit spends nothing. */
const PAGE: Record<LinkPurpose, string> = {
  password_reset: '/reset-password',
  sign_in: '/sign-in',
  email_change: '/confirm-email',
  email_confirm: '/confirm-address',
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export function invalidLink(): AppError {
  return new AppError(400, 'auth/link_invalid', 'This link does not work any more: it was used, it expired, or a newer one was sent. Ask for a new one')
}

export interface AccountLinksDeps {
  db: Database
  clock: Clock
  publicUrl: string
  /** Sends what was just queued (the deliveries' kick): a person waits for the link. */
  queued: () => void
  log: { warn(obj: object, message: string): void }
}

export function accountLinksService(deps: AccountLinksDeps) {
  const { db, clock, publicUrl, queued, log } = deps
  /** Requests for a link still at work after their answer went (see `requestLink`). */
  const pending = new Set<Promise<void>>()

  /** A new link for the account, and its mail in the outbox, in one transaction. */
  async function mailLink(sql: Sql, user: UserRow, purpose: LinkPurpose, mail: { kind: AccountMailKind; to?: string; newEmail?: string }) {
    const now = clock.now()
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now.getTime() + LIFETIME_MS[purpose])
    await insertAccountToken(sql, { userId: user.id, purpose, tokenHash: hashOf(token), newEmail: mail.newEmail ?? null, expiresAt, now })
    const data = {
      url: `${publicUrl}${PAGE[purpose]}?token=${token}`,
      expiresAt: expiresAt.toISOString(),
      email: user.email,
      displayName: user.displayName,
      locale: user.locale,
    }
    // A mail to the account's own address goes by its user; one to a new address, to that address.
    const recipient = mail.to ? { userId: null, toAddress: mail.to } : { userId: user.id }
    await queueMails(sql, null, [{ ...recipient, kind: mail.kind, period: `${purpose}:${hashOf(token).slice(0, 16)}`, data }], now)
  }

  /**
   * Mails a link of this purpose to the address's account, if there is one and it has not had
   * too many this hour. The work goes on after the answer: an address with an account costs a
   * few writes and a mail more than one without, and an answer that waited for them would tell
   * which addresses have accounts by its time. A failure is logged; the person asks again.
   */
  function requestLink(emailInput: string, purpose: 'password_reset' | 'sign_in'): void {
    const work = mailLinkTo(normalizeEmail(emailInput), purpose).then(queued, (error: Error) =>
      log.warn({ err: error.message.slice(0, 300), purpose }, 'account link not queued'),
    )
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }

  async function mailLinkTo(email: string, purpose: 'password_reset' | 'sign_in'): Promise<void> {
    await transaction(db.pool, async (sql) => {
      const user = await userByEmail(sql, email)
      if (!user) return
      // Serializes the account's requests, so the hourly limit holds under a burst.
      await lockUser(sql, user.id)
      const sent = await tokensSince(sql, user.id, purpose, new Date(clock.now().getTime() - 60 * MINUTE))
      if (sent.count >= LINKS_PER_HOUR) return
      await mailLink(sql, user, purpose, { kind: purpose })
    })
  }

  /** Spends a link of this purpose: its account, or the refusal that it no longer works. */
  async function spend(sql: Sql, token: string, purpose: LinkPurpose): Promise<{ user: UserRow; newEmail: string | null }> {
    const spent = token ? await spendAccountToken(sql, hashOf(token), purpose, clock.now()) : null
    const user = spent && (await userById(sql, spent.userId))
    if (!spent || !user) throw invalidLink()
    // A link mailed to the account's own address, followed: the address is the person's (#51).
    if (purpose === 'email_change') return { user, newEmail: spent.newEmail }
    await confirmEmail(sql, user.id, clock.now())
    return { user: { ...user, emailConfirmed: true }, newEmail: null }
  }

  async function requirePassword(user: UserRow, password: string) {
    if (!(await verifyPassword(password, user.passwordHash))) throw new AppError(400, 'auth/wrong_password', 'Your current password is not that one')
  }

  return {
    /** Waits for the link requests still at work (a test reads their mails; a shutdown lets them end). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending])
    },

    /** A forgotten password: a reset link by mail, on its way after the call returns. */
    requestPasswordReset: (email: string) => requestLink(email, 'password_reset'),

    /** A sign-in link by mail, for a phone that never typed a password, on its way after the call returns. */
    requestSignIn: (email: string) => requestLink(email, 'sign_in'),

    /** Whether a link of this purpose would still work (its page says so before asking for anything). */
    async linkStands(token: string, purpose: LinkPurpose): Promise<boolean> {
      return !!token && tokenStands(sqlOf(db.pool), hashOf(token), purpose, clock.now())
    },

    /** A new password from a reset link: every other login ends; the caller logs this one in. */
    async resetPassword(token: string, password: string): Promise<PublicUser> {
      // A weak password rolls the transaction back: the link stays unspent for a better one.
      return transaction(db.pool, async (sql) => {
        const { user } = await spend(sql, token, 'password_reset')
        await requireStrong(password, user.email, user.displayName)
        await setPassword(sql, user.id, await hashPassword(password))
        return toPublic(user)
      })
    },

    /** The account a sign-in link opens; other logins stay. */
    async signIn(token: string): Promise<PublicUser> {
      return transaction(db.pool, async (sql) => toPublic((await spend(sql, token, 'sign_in')).user))
    },

    /** A new password, the current one given: every login ends, the caller logs this one in again. */
    async changePassword(userId: string, current: string, next: string): Promise<PublicUser> {
      const user = await userById(db, userId)
      if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists')
      await requirePassword(user, current)
      await requireStrong(next, user.email, user.displayName)
      await transaction(db.pool, async (sql) => setPassword(sql, user.id, await hashPassword(next)))
      return toPublic(user)
    },

    /**
     * Mails a new account its confirmation link (#51); until it is followed, the account gets no
     * other mail. `asked`: a person pressed "send it again", who hears of the hourly limit.
     */
    async mailConfirmation(userId: string, asked = false): Promise<void> {
      await transaction(db.pool, async (sql) => {
        const user = await userById(sql, userId)
        if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists')
        await lockUser(sql, user.id)
        const sent = await tokensSince(sql, user.id, 'email_confirm', new Date(clock.now().getTime() - 60 * MINUTE))
        if (sent.count >= LINKS_PER_HOUR) {
          if (!asked) return
          const error = AppError.limited('auth/too_many_links', `At most ${LINKS_PER_HOUR} confirmation mails an hour; use the last one sent`, 3600)
          error.params = { limit: LINKS_PER_HOUR }
          throw error
        }
        await mailLink(sql, user, 'email_confirm', { kind: 'email_confirm' })
      })
      queued()
    },

    /** The account's address confirmed by the link mailed to it: from now on it gets its mail. */
    async confirmAddress(token: string): Promise<PublicUser> {
      return transaction(db.pool, async (sql) => toPublic((await spend(sql, token, 'email_confirm')).user))
    },

    /** A new address, asked with the password: it counts once the link mailed to it is followed. */
    async requestEmailChange(userId: string, password: string, newEmailInput: string): Promise<void> {
      const newEmail = normalizeEmail(newEmailInput)
      const user = await userById(db, userId)
      if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists')
      await requirePassword(user, password)
      if (newEmail === user.email) throw new AppError(400, 'auth/same_email', 'That is already your address')
      if (await userByEmail(db, newEmail)) throw new AppError(409, 'auth/email_taken', `An account with email ${newEmail} already exists`)
      await transaction(db.pool, async (sql) => {
        await lockUser(sql, user.id)
        const sent = await tokensSince(sql, user.id, 'email_change', new Date(clock.now().getTime() - 60 * MINUTE))
        if (sent.count >= LINKS_PER_HOUR) {
          const error = AppError.limited('auth/too_many_links', `At most ${LINKS_PER_HOUR} confirmation mails an hour; use the last one sent`, 3600)
          error.params = { limit: LINKS_PER_HOUR }
          throw error
        }
        await mailLink(sql, user, 'email_change', { kind: 'email_change', to: newEmail, newEmail })
      })
      queued()
    },

    /** The new address confirmed: it replaces the old one, which is told; every login ends. */
    async confirmEmailChange(token: string): Promise<PublicUser> {
      return transaction(db.pool, async (sql) => {
        const { user, newEmail } = await spend(sql, token, 'email_change')
        try {
          await setEmail(sql, user.id, newEmail!)
        } catch (error) {
          if (error instanceof EmailTaken) throw new AppError(409, 'auth/email_taken', `An account with email ${newEmail} already exists`)
          throw error
        }
        const data = { newEmail, displayName: user.displayName, locale: user.locale }
        await queueMails(
          sql,
          null,
          [{ userId: null, toAddress: user.email, kind: 'email_changed', period: `email_changed:${clock.now().toISOString()}`, data }],
          clock.now(),
        )
        return toPublic({ ...user, email: newEmail!, emailConfirmed: true })
      })
    },
  }
}

export type AccountLinksService = ReturnType<typeof accountLinksService>
