// Accounts by mail (#51): a forgotten password, a sign-in link, a new address confirmed. Asking
// for a link answers 202 with the same body for any address, known or not; spending one answers
// a new login token (a reset ends every other login).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { placeCeiling } from '../../../lib/login-limits.ts'
import { LinkBody, LinkRequestBody, ResetPasswordBody } from '../../../schemas/actions.ts'
import { TokenSchema } from '../../../schemas/accounts.ts'

export const LinkSent = Type.Object({ message: Type.String() })
/** One answer for any address: it tells nobody which addresses have an account. */
export const LINK_SENT = 'If an account has this address, a mail with a link is on its way; the link works once and expires.'

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // Per address (and place): a burst at one address stops there; per place: one place cannot walk through many.
  const byAddress = {
    max: fastify.config.loginRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: { ip: string; body?: unknown }) =>
      `link ${String((request.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  }
  const ceiling = placeCeiling(fastify, fastify.config.loginRateLimit)
  const asked = { 202: LinkSent, 400: ErrorRef, 429: ErrorRef }

  for (const [path, summary, ask] of [
    ['/password-reset', 'Forgotten password: mail a reset link (the same answer for any address)', fastify.accountLinks.requestPasswordReset],
    ['/sign-in-link', 'Mail a one-time sign-in link instead of a password (the same answer for any address)', fastify.accountLinks.requestSignIn],
  ] as const) {
    fastify.post(
      path,
      { onRequest: ceiling, config: { rateLimit: byAddress }, schema: { tags: ['accounts'], summary, body: LinkRequestBody, response: asked } },
      async (request, reply) => {
        ask(request.body.email)
        return reply.code(202).send({ message: LINK_SENT })
      },
    )
  }

  fastify.post(
    '/password-reset/confirm',
    {
      onRequest: ceiling,
      schema: {
        tags: ['accounts'],
        summary: "Choose a new password with a reset link's token: every other login ends",
        body: ResetPasswordBody,
        response: { 200: TokenSchema, 400: ErrorRef, 429: ErrorRef },
      },
    },
    async (request) => {
      const user = await fastify.accountLinks.resetPassword(request.body.token, request.body.password)
      return { token: await fastify.issueToken(user.id), user }
    },
  )

  // A link's token spent: the answer logs its account in.
  for (const [path, summary, spend] of [
    ['/sign-in-link/confirm', "Log in with a sign-in link's token", fastify.accountLinks.signIn],
    ['/confirm-address', "Confirm a new account's address with the token mailed to it: from then on it gets its mail", fastify.accountLinks.confirmAddress],
  ] as const) {
    fastify.post(
      path,
      { onRequest: ceiling, schema: { tags: ['accounts'], summary, body: LinkBody, response: { 200: TokenSchema, 400: ErrorRef, 429: ErrorRef } } },
      async (request) => {
        const user = await spend(request.body.token)
        return { token: await fastify.issueToken(user.id), user }
      },
    )
  }

  fastify.post(
    '/email-change/confirm',
    {
      onRequest: ceiling,
      schema: {
        tags: ['accounts'],
        summary: 'Confirm a new address with the token mailed to it: it replaces the old one, which is told, and every login ends',
        body: LinkBody,
        response: { 200: TokenSchema, 400: ErrorRef, 409: ErrorRef, 429: ErrorRef },
      },
    },
    async (request) => {
      const user = await fastify.accountLinks.confirmEmailChange(request.body.token)
      return { token: await fastify.issueToken(user.id), user }
    },
  )
}

export default routes
