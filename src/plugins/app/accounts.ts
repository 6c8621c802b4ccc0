// Accounts, and the `authenticate` hook later routes use.
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { verifiedTokens } from '../../lib/verified-tokens.ts'
import { accountsService, type AccountsService } from '../../services/accounts.ts'

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /**
     * An onRequest hook: the token's signature and expiry only; the route checks that the login
     * stands (the orders' one read). A callback, so that a remembered token costs no promise (#52).
     */
    verifyToken: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void
    /** The caller's user id, or null when no token was sent (a bad token is still 401). */
    optionalUser: (request: FastifyRequest) => Promise<string | null>
    /** A new login token for this user (API bearer and page cookie alike). */
    issueToken: (userId: string) => Promise<string>
  }
}

/** Tokens remembered as verified: more than the players giving orders at once on one instance. */
const VERIFIED_TOKENS = 5000

export default fp(
  async (fastify) => {
    const accounts = accountsService(fastify.db)
    fastify.decorate('accounts', accounts)
    // Verified once per request: later calls (a route's own optionalUser) reuse it.
    const checked = new WeakSet<FastifyRequest>()
    const verified = verifiedTokens<FastifyRequest['user']>(VERIFIED_TOKENS)
    /** Whether the request's bearer token was verified before; if so, its claims are the request's user. */
    const remembered = (request: FastifyRequest): string | undefined | true => {
      const header = request.headers.authorization
      // The header as @fastify/jwt reads it in its usual spelling; any other goes to it alone.
      const token = header !== undefined && header.startsWith('Bearer ') && header.indexOf(' ', 7) === -1 ? header.slice(7) : undefined
      const known = token && verified.get(token)
      if (!known) return token
      request.user = known
      return true
    }
    /** Verifies a token not remembered (`token`, or whatever the request carries that @fastify/jwt reads). */
    const verifyNew = async (request: FastifyRequest, token: string | undefined) => {
      try {
        await request.jwtVerify()
        if (token) request.user = verified.keep(token, request.user)
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED'
        throw new AppError(
          401,
          expired ? 'auth/token_expired' : 'auth/unauthenticated',
          expired ? 'Your login has expired; log in again' : 'Log in first: send Authorization: Bearer <token>',
        )
      }
    }
    const authenticate = async (request: FastifyRequest) => {
      if (checked.has(request)) return
      const token = remembered(request)
      if (token !== true) await verifyNew(request, token)
      await accounts.checkSession(request.user)
      checked.add(request)
    }
    fastify.decorate('authenticate', authenticate)
    fastify.decorate('verifyToken', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const token = remembered(request)
      if (token === true) return done()
      verifyNew(request, token).then(() => done(), done)
    })
    fastify.decorate('issueToken', async (userId: string) => fastify.jwt.sign(await accounts.claims(userId)))
    fastify.decorate('optionalUser', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null
      await authenticate(request)
      return request.user.sub
    })
  },
  { name: 'accounts', dependencies: ['prisma', 'jwt'] },
)
