// Your webhook (services/webhooks.ts): where the changes of your campaigns are posted, signed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { bearer } from '../route-kit.ts'

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/webhook',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Your webhook address (null: none)',
        security: bearer,
        response: { 200: Type.Object({ url: Type.Union([Type.String(), Type.Null()]) }), 401: ErrorRef },
      },
    },
    async (request) => fastify.webhooks.get(request.user.sub),
  )

  fastify.put(
    '/webhook',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Set your webhook: every change of a campaign you are in is posted there, signed',
        description:
          'Each call is a POST of JSON `{ id, type: "campaign.changed", campaignId, version }` with `Webhook-Id` and `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>" with your secret>`. Answer 2xx; otherwise it is tried again after 1 min, 5 min, 30 min, 2 h and 12 h. The address must be public (no private, loopback or link-local address). The secret is shown once, in this answer; setting the address again makes a new one.',
        security: bearer,
        body: Type.Object(
          { url: Type.String({ minLength: 8, maxLength: 500, examples: ['https://bot.example/weekday-wars'] }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ url: Type.String(), secret: Type.String() }), 400: ErrorRef, 401: ErrorRef },
      },
    },
    async (request) => fastify.webhooks.set(request.user.sub, request.body.url),
  )

  fastify.delete(
    '/webhook',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Remove your webhook, and what was still to be delivered to it',
        security: bearer,
        response: { 204: Type.Null({ description: 'Removed' }), 401: ErrorRef, 404: ErrorRef },
      },
    },
    async (request, reply) => {
      await fastify.webhooks.remove(request.user.sub)
      return reply.code(204).send(null)
    },
  )
}

export default routes
