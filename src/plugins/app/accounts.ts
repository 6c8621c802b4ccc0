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
    /** The token's signature and expiry only; the route checks that the login stands (the orders' one read). */
    verifyToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
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
    const verifyToken = async (request: FastifyRequest) => {
      const header = request.headers.authorization
      // The header as @fastify/jwt reads it in its usual spelling; any other goes to it alone.
      const token = header !== undefined && header.startsWith('Bearer ') && header.indexOf(' ', 7) === -1 ? header.slice(7) : undefined
      const known = token && verified.get(token)
      if (known) {
        request.user = known
        return
      }
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
      await verifyToken(request)
      await accounts.checkSession(request.user)
      checked.add(request)
    }
    fastify.decorate('authenticate', authenticate)
    fastify.decorate('verifyToken', verifyToken)
    fastify.decorate('issueToken', async (userId: string) => fastify.jwt.sign(await accounts.claims(userId)))
    fastify.decorate('optionalUser', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null
      await authenticate(request)
      return request.user.sub
    })
  },
  { name: 'accounts', dependencies: ['prisma', 'jwt'] },
)
