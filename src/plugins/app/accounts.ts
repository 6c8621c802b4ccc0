// Accounts: registration, login and the `authenticate` hook later routes use.
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { IANAZone } from 'luxon'
import { AppError } from '../../lib/errors.ts'
import { hashPassword, verifyPassword } from '../../lib/password.ts'
import type { PrismaClient } from '../../generated/prisma/client.ts'
import type { Locale } from '../../generated/prisma/enums.ts'

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

function toPublic(user: { id: string; email: string; displayName: string; locale: Locale; timeZone: string; createdAt: Date }): PublicUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    locale: user.locale,
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
  }
}

export function accountsService(prisma: PrismaClient) {
  return {
    async register(input: Registration): Promise<PublicUser> {
      const timeZone = input.timeZone ?? 'Europe/Madrid'
      if (!IANAZone.isValidZone(timeZone)) {
        throw new AppError(400, 'auth/invalid_time_zone', `"${timeZone}" is not an IANA time zone (like Europe/Madrid)`)
      }
      const email = normalizeEmail(input.email)
      const displayName = input.displayName.trim()
      if (!displayName) throw new AppError(400, 'auth/invalid_display_name', 'displayName must not be blank')
      const passwordHash = await hashPassword(input.password)
      try {
        const user = await prisma.user.create({
          data: { email, displayName, passwordHash, locale: input.locale ?? 'en', timeZone },
        })
        return toPublic(user)
      } catch (error) {
        if ((error as { code?: string }).code === 'P2002') {
          throw new AppError(409, 'auth/email_taken', `An account with email ${email} already exists`)
        }
        throw error
      }
    },

    async login(emailInput: string, password: string): Promise<PublicUser> {
      const user = await prisma.user.findUnique({ where: { email: normalizeEmail(emailInput) } })
      // One message for both cases, so the answer does not reveal which emails exist.
      if (!user || !(await verifyPassword(password, user.passwordHash))) {
        throw new AppError(401, 'auth/invalid_credentials', 'Wrong email or password')
      }
      return toPublic(user)
    },

    async get(id: string): Promise<PublicUser | null> {
      const user = await prisma.user.findUnique({ where: { id } })
      return user && toPublic(user)
    },
  }
}

export type AccountsService = ReturnType<typeof accountsService>

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** The caller's user id, or null when no token was sent (a bad token is still 401). */
    optionalUser: (request: FastifyRequest) => Promise<string | null>
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('accounts', accountsService(fastify.prisma))
    const authenticate = async (request: FastifyRequest) => {
      try {
        await request.jwtVerify()
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED'
        throw new AppError(401, expired ? 'auth/token_expired' : 'auth/unauthenticated',
          expired ? 'Your login has expired; log in again' : 'Log in first: send Authorization: Bearer <token>')
      }
    }
    fastify.decorate('authenticate', authenticate)
    fastify.decorate('optionalUser', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null
      await authenticate(request)
      return request.user.sub
    })
  },
  { name: 'accounts', dependencies: ['prisma', 'jwt'] },
)
