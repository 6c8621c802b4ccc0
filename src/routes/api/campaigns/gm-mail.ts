// How a campaign's GMs hear of their players (#49): /api/campaigns/{id}/gm-mail, registered by ./index.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { IdParams } from './schemas.ts'

const bearer = [{ bearerAuth: [] }]
const errors = { 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 404: ErrorRef }
const GmMail = Type.Object(
  {
    gmMail: Type.Union([Type.Literal('each'), Type.Literal('daily'), Type.Null()], {
      description:
        'each: a mail for every join, absence, missed window and scene request; daily: one digest a day at 08:00 in the campaign’s zone; null: each, until more than five come in a day, then the digest',
    }),
  },
  { additionalProperties: false },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { campaigns } = fastify
  const accessFor = async (request: Parameters<typeof fastify.optionalUser>[0], id: string) => campaigns.access(id, await fastify.optionalUser(request))
  const schema = { tags: ['campaigns'], security: bearer, params: IdParams }

  fastify.get(
    '/:id/gm-mail',
    {
      onRequest: fastify.authenticate,
      schema: { ...schema, summary: 'How the game masters hear of their players (GM)', response: { 200: GmMail, ...errors } },
    },
    async (request) => ({ gmMail: await campaigns.gmMail(await accessFor(request, request.params.id)) }),
  )
  fastify.put(
    '/:id/gm-mail',
    {
      onRequest: fastify.authenticate,
      schema: { ...schema, summary: 'Choose how the game masters hear of their players (GM)', body: GmMail, response: { 200: GmMail, ...errors } },
    },
    async (request) => campaigns.setGmMail(await accessFor(request, request.params.id), request.body.gmMail),
  )
}

export default routes
