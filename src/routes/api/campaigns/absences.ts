// Absences and stand-ins: /api/campaigns/{id}/absences…, registered by ./index.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AbsenceBody, StandInBody } from '../../../schemas/actions.ts'
import { IdParams } from './schemas.ts'
import { bearer, campaignAccess, campaignLoginRead, campaignErrors as errors } from '../route-kit.ts'

const AbsenceSchema = Type.Object(
  {
    id: Type.String(),
    tribeId: Type.String(),
    from: Type.String(),
    to: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
    tribeName: Type.Optional(Type.String()),
    standIn: Type.Union([Type.Object({ userId: Type.String(), displayName: Type.String() }), Type.Null()]),
  },
  { title: 'Absence' },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { campaigns } = fastify
  const accessFor = campaignAccess(fastify)

  fastify.post(
    '/:id/absences',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: "Declare an absence of your tribe's player: dates in the campaign's zone, both included (at most 62 days)",
        security: bearer,
        params: IdParams,
        body: AbsenceBody,
        response: { 201: AbsenceSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await campaigns.declareAbsence(await accessFor(request, request.params.id), request.body)),
  )

  fastify.get(
    '/:id/absences',
    campaignLoginRead(fastify, 'campaigns', "Absences not yet over (GM: all; a player: their tribe's)", Type.Object({ absences: Type.Array(AbsenceSchema) })),
    async (request) => ({ absences: await campaigns.absences(await accessFor(request, request.params.id)) }),
  )

  fastify.put(
    '/:id/absences/:absenceId/stand-in',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary:
          "Name the stand-in of an absence (GM or the absent tribe's player), who plays the tribe's windows within its dates: by email, or a co-player by userId; email null removes them",
        security: bearer,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), absenceId: Type.String({ maxLength: 64 }) }),
        body: StandInBody,
        response: { 200: AbsenceSchema, ...errors },
      },
    },
    async (request) => campaigns.setStandIn(await accessFor(request, request.params.id), request.params.absenceId, request.body),
  )
}

export default routes
