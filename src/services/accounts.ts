// Accounts: registration and login.
import { IANAZone } from 'luxon'
import { EmailTaken, insertUser, userByEmail, userById, type Locale, type UserRow } from '../db/accounts.ts'
import type { Database } from '../db/index.ts'
import { AppError } from '../lib/errors.ts'
import { cleanName } from '../lib/names.ts'
import { hashPassword, verifyPassword } from '../lib/password.ts'

export interface PublicUser {
  id: string
  email: string
  displayName: string
  locale: Locale
  timeZone: string
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

function toPublic(user: UserRow): PublicUser {
  return { id: user.id, email: user.email, displayName: user.displayName, locale: user.locale, timeZone: user.timeZone, createdAt: user.createdAt.toISOString() }
}

export function accountsService(db: Database) {
  return {
    async register(input: Registration): Promise<PublicUser> {
      const timeZone = input.timeZone ?? 'Europe/Madrid'
      if (!IANAZone.isValidZone(timeZone)) {
        throw new AppError(400, 'auth/invalid_time_zone', `"${timeZone}" is not an IANA time zone (like Europe/Madrid)`)
      }
      const email = normalizeEmail(input.email)
      const displayName = cleanName(input.displayName, 'displayName')
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
      // One message for both cases, so the answer does not reveal which emails exist.
      if (!user || !(await verifyPassword(password, user.passwordHash))) {
        throw new AppError(401, 'auth/invalid_credentials', 'Wrong email or password')
      }
      return toPublic(user)
    },

    async get(id: string): Promise<PublicUser | null> {
      const user = await userById(db, id)
      return user && toPublic(user)
    },
  }
}

export type AccountsService = ReturnType<typeof accountsService>
