import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { loginKey, placeCeiling } from '../../../lib/login-limits.ts'
import { LoginBody, RegisterBody } from '../../../schemas/actions.ts'
import { TokenSchema } from '../../../schemas/accounts.ts'
import type { Claims } from '../../../services/accounts.ts'
import linkRoutes from './links.ts'
import { bearer } from '../route-kit.ts'

export { TokenSchema }

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // Autoload takes only index.ts from a folder: the links' routes are registered here.
  await fastify.register(linkRoutes)
  const rateLimit = { max: fastify.config.loginRateLimit, timeWindow: '1 minute' }
  // By account: the body names it, so the limit runs once the body is parsed.
  const loginLimit = { ...rateLimit, hook: 'preHandler' as const, keyGenerator: loginKey }
  const ceiling = placeCeiling(fastify, fastify.config.loginRateLimit)

  fastify.post(
    '/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account and log in',
        body: RegisterBody,
        response: { 201: TokenSchema, 400: ErrorRef, 409: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => {
      const user = await fastify.accounts.register(request.body)
      // #51: the address gets its confirmation link, and no other mail until it is followed.
      if (fastify.config.confirmAddresses) await fastify.accountLinks.mailConfirmation(user.id)
      const token = await fastify.issueToken(user.id)
      return reply.code(201).send({ token, user })
    },
  )

  fastify.post(
    '/login',
    {
      onRequest: ceiling,
      config: { rateLimit: loginLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Log in with email and password',
        body: LoginBody,
        response: { 200: TokenSchema, 400: ErrorRef, 401: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => {
      const user = await fastify.accounts.login(request.body.email, request.body.password)
      const token = await fastify.issueToken(user.id)
      return { token, user }
    },
  )

  // Ending logins, this one (by its token's id) or every one of the account: the same route but for the call.
  for (const [path, summary, end] of [
    ['/logout', 'End this login: its token stops working at once', (claims: Claims) => fastify.accounts.logout(claims)],
    ['/logout-everywhere', 'End every login of your account, on every device', (claims: Claims) => fastify.accounts.logoutEverywhere(claims.sub)],
  ] as const) {
    fastify.post(
      path,
      {
        onRequest: fastify.authenticate,
        schema: { tags: ['accounts'], summary, security: bearer, response: { 204: Type.Null(), 401: ErrorRef } },
      },
      async (request, reply) => {
        await end(request.user)
        return reply.code(204).send(null)
      },
    )
  }
}

export default routes
