import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { AcceptInvitationBody } from '../../../schemas/actions.ts'
import { TribeSummary } from '../campaigns/schemas.ts'

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/:token/accept', {
    onRequest: fastify.authenticate,
    schema: {
      tags: ['campaigns'], summary: 'Join a campaign with a new tribe on a free weekday (R2.1)', security: [{ bearerAuth: [] }],
      params: Type.Object({ token: Type.String({ minLength: 10, maxLength: 64 }) }),
      body: AcceptInvitationBody,
      response: { 201: Type.Object({ campaignId: Type.String(), tribe: TribeSummary }), 400: ErrorRef, 401: ErrorRef, 404: ErrorRef, 409: ErrorRef, 410: ErrorRef },
    },
  }, async (request, reply) => reply.code(201).send(await fastify.campaigns.accept(request.params.token, request.user.sub, request.body)))
}

export default routes
