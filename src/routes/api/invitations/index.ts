import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { AcceptInvitationBody } from '../../../schemas/actions.ts'
import { TribeSummary, Weekday } from '../campaigns/schemas.ts'
import { bearer } from '../route-kit.ts'

const Token = Type.Object({ token: Type.String({ minLength: 10, maxLength: 64 }) })
const Problem = Type.Object({ statusCode: Type.Integer(), code: Type.String(), message: Type.String(), rule: Type.Optional(Type.String()) })
const InvitationSchema = Type.Object(
  {
    token: Type.String(),
    campaign: Type.Object({
      id: Type.String(),
      name: Type.String(),
      timeZone: Type.String(),
      status: Type.String(),
      mapId: Type.String(),
      mapName: Type.String(),
    }),
    gmName: Type.Union([Type.String(), Type.Null()]),
    expiresAt: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    problem: Type.Union([Problem, Type.Null()], {
      description: 'Why it can no longer be used (used, revoked, expired, campaign started or over); null while it can',
    }),
    tribe: Type.Union([Type.Object({ id: Type.String(), name: Type.String(), weekday: Weekday }), Type.Null()], {
      description: 'For a replacement invitation, the tribe to take over',
    }),
    weekdays: Type.Array(Type.Object({ weekday: Weekday, takenBy: Type.Union([Type.String(), Type.Null()]) })),
    full: Type.Boolean({ description: 'As many tribes as the game takes on this map (R2.1)' }),
  },
  { title: 'Invitation' },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'What an invitation offers: the campaign, its GM, the free weekdays (anyone holding the link)',
        params: Token,
        response: { 200: InvitationSchema, 400: ErrorRef, 404: ErrorRef },
      },
    },
    async (request) => fastify.campaigns.invitation(request.params.token),
  )

  fastify.post(
    '/:token/accept',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'Join a campaign with a new tribe on a free weekday (R2.1), or take over the tribe of a replacement invitation',
        security: bearer,
        params: Token,
        body: AcceptInvitationBody,
        response: {
          201: Type.Object({ campaignId: Type.String(), tribe: TribeSummary }),
          400: ErrorRef,
          401: ErrorRef,
          404: ErrorRef,
          409: ErrorRef,
          410: ErrorRef,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await fastify.campaigns.accept(request.params.token, request.user.sub, request.body)),
  )
}

export default routes
