// Your password and address (#51): a new password (the current one asked) ends every login and
// answers a new token; a new address counts once the link mailed to it is followed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError, ErrorRef } from '../../../lib/errors.ts'
import { ChangeEmailBody, ChangePasswordBody, CloseAccountBody } from '../../../schemas/actions.ts'
import { TokenSchema } from '../../../schemas/accounts.ts'
import { bearer } from '../route-kit.ts'

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.put(
    '/password',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change your password (the current one asked): every login ends, this answer carries a new token',
        security: bearer,
        body: ChangePasswordBody,
        response: { 200: TokenSchema, 400: ErrorRef, 401: ErrorRef },
      },
    },
    async (request) => {
      const user = await fastify.accountLinks.changePassword(request.user.sub, request.body.currentPassword, request.body.newPassword)
      return { token: await fastify.issueToken(user.id), user }
    },
  )

  fastify.post(
    '/email',
    {
      onRequest: fastify.authenticate,
      config: { rateLimit: { max: fastify.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Ask for a new address (your password asked): a link is mailed to it, and it counts once followed',
        security: bearer,
        body: ChangeEmailBody,
        response: { 202: Type.Object({ message: Type.String() }), 400: ErrorRef, 401: ErrorRef, 409: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => {
      await fastify.accountLinks.requestEmailChange(request.user.sub, request.body.password, request.body.email)
      return reply.code(202).send({ message: 'A mail with a link is on its way to the new address; your address changes when it is followed.' })
    },
  )

  fastify.post(
    '/confirm-address',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Mail the confirmation link of your address again (at most 3 an hour)',
        security: bearer,
        response: { 202: Type.Object({ message: Type.String() }), 401: ErrorRef, 409: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => {
      const user = await fastify.accounts.get(request.user.sub)
      if (user?.emailConfirmed) throw new AppError(409, 'auth/already_confirmed', 'Your address is confirmed already')
      await fastify.accountLinks.mailConfirmation(request.user.sub, true)
      return reply.code(202).send({ message: 'A mail with a confirmation link is on its way to your address.' })
    },
  )

  fastify.get(
    '/export',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Everything the service holds about you, as one JSON file: account, settings, campaigns, orders, messages, absences, devices',
        security: bearer,
        response: { 200: Type.Object({ exportedAt: Type.String({ format: 'date-time' }) }, { additionalProperties: true }), 401: ErrorRef },
      },
    },
    async (request, reply) => {
      const data = await fastify.accountClosing.export(request.user.sub)
      return reply.header('content-disposition', `attachment; filename="weekday-wars-${data.exportedAt.slice(0, 10)}.json"`).send(data)
    },
  )

  fastify.post(
    '/close',
    {
      onRequest: fastify.authenticate,
      config: { rateLimit: { max: fastify.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary:
          'Close your account (your password asked): your address, name, devices and settings go; your tribes stay in the logs without a player, and each campaign you ran passes to another GM or its earliest player',
        security: bearer,
        body: CloseAccountBody,
        response: {
          200: Type.Object({
            handedOver: Type.Array(Type.Object({ campaignId: Type.String(), name: Type.String(), to: Type.Union([Type.String(), Type.Null()]) })),
          }),
          400: ErrorRef,
          401: ErrorRef,
          429: ErrorRef,
        },
      },
    },
    async (request) => fastify.accountClosing.close(request.user.sub, request.body.password),
  )
}

export default routes
