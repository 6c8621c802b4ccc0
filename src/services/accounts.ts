// Accounts: registration and login.
import { IANAZone } from 'luxon'
import { randomUUID } from 'node:crypto'
import {
  EmailTaken,
  insertUser,
  raiseTokenVersion,
  revokeToken,
  sessionState,
  userByEmail,
  userById,
  userWithSession,
  type Locale,
  type UserRow,
} from '../db/accounts.ts'
import type { Database } from '../db/index.ts'
import { AppError } from '../lib/errors.ts'
import { cleanName } from '../lib/names.ts'
import { passwordStrength } from '../lib/password-strength.ts'
import { hashPassword, verifyPassword } from '../lib/password.ts'

export interface PublicUser {
  id: string
  email: string
  displayName: string
  locale: Locale
  timeZone: string
  /** Whether the address is confirmed (#51): until it is, with CONFIRM_ADDRESSES, no mail but its link. */
  emailConfirmed: boolean
  createdAt: string
}

export interface Registration {
  email: string
  password: string
  displayName: string
  locale?: Locale | undefined
  timeZone?: string | undefined
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function toPublic(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    locale: user.locale,
    timeZone: user.timeZone,
    emailConfirmed: user.emailConfirmed,
    createdAt: user.createdAt.toISOString(),
  }
}

/** What a login token says: who, the token version it was issued under, and its own id. */
export interface Claims {
  sub: string
  tv?: number
  jti?: string
  exp?: number
}

/** Whether a verified token still stands, given its user's token version (null: no such user) and whether its id was revoked. */
export function sessionStands(claims: Claims, state: { tokenVersion: number | null; revoked: boolean } | undefined): boolean {
  return !!state && state.tokenVersion !== null && !state.revoked && (claims.tv ?? 0) === state.tokenVersion
}

export function sessionEnded() {
  return new AppError(401, 'auth/session_ended', 'This login has ended (you logged out); log in again')
}

/** Refuses a password that is easy to guess, for this address and name (registration and every change). */
export async function requireStrong(password: string, email: string, displayName: string): Promise<void> {
  const strength = await passwordStrength(password, [email, displayName, ...email.split(/[@.]/)])
  if (strength.score < 2) {
    throw new AppError(
      400,
      'auth/weak_password',
      `This password is too easy to guess${strength.warning ? ` (${strength.warning.replace(/\.$/, '')})` : ''}: try a few unusual words together, like a short sentence`,
    )
  }
}

/** A hash of a password nobody has, checked when the email is unknown, so both answers take as long. */
let dummyHash: Promise<string> | null = null

export function accountsService(db: Database) {
  return {
    /** The claims of a new login token for this user. */
    async claims(userId: string): Promise<Claims> {
      const user = await userById(db, userId)
      if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists')
      return { sub: user.id, tv: user.tokenVersion, jti: randomUUID() }
    },

    /** Whether a verified token still stands: not logged out, not older than "log out everywhere". */
    async checkSession(claims: Claims): Promise<void> {
      if (!sessionStands(claims, await sessionState(db.pool, claims.sub, claims.jti ?? ''))) throw sessionEnded()
    },

    /** Ends this login (its token stops working now). */
    async logout(claims: Claims): Promise<void> {
      if (!claims.jti) return this.logoutEverywhere(claims.sub)
      await revokeToken(db.pool, claims.jti, claims.sub, new Date((claims.exp ?? Date.now() / 1000 + 86_400 * 30) * 1000))
    },

    /** Ends every login of this user, on every device. */
    async logoutEverywhere(userId: string): Promise<void> {
      await raiseTokenVersion(db.pool, userId)
    },

    async register(input: Registration): Promise<PublicUser> {
      const timeZone = input.timeZone ?? 'Europe/Madrid'
      if (!IANAZone.isValidZone(timeZone)) {
        throw new AppError(400, 'auth/invalid_time_zone', `"${timeZone}" is not an IANA time zone (like Europe/Madrid)`)
      }
      const email = normalizeEmail(input.email)
      const displayName = cleanName(input.displayName, 'displayName')
      await requireStrong(input.password, email, displayName)
      const passwordHash = await hashPassword(input.password)
      try {
        return toPublic(await insertUser(db, { email, displayName, passwordHash, locale: input.locale ?? 'en', timeZone }))
      } catch (error) {
        if (error instanceof EmailTaken) throw new AppError(409, 'auth/email_taken', `An account with email ${email} already exists`)
        throw error
      }
    },

    async login(emailInput: string, password: string): Promise<PublicUser> {
      const user = await userByEmail(db, normalizeEmail(emailInput))
      // One message and one scrypt for both cases, so neither the answer nor its time tells which emails exist.
      const hash = user?.passwordHash ?? (await (dummyHash ??= hashPassword("not anybody's password")))
      const matches = await verifyPassword(password, hash)
      if (!user || !matches) {
        throw new AppError(401, 'auth/invalid_credentials', 'Wrong email or password')
      }
      return toPublic(user)
    },

    /** The user of a verified token whose login still stands, in one read; null when it ended. */
    async loggedIn(claims: Claims): Promise<PublicUser | null> {
      const user = await userWithSession(db, claims.sub, claims.jti ?? '')
      return user && sessionStands(claims, user) ? toPublic(user) : null
    },

    async get(id: string): Promise<PublicUser | null> {
      const user = await userById(db, id)
      return user && toPublic(user)
    },
  }
}

export type AccountsService = ReturnType<typeof accountsService>
