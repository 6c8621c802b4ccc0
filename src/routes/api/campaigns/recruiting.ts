// Campaigns looking for players: /api/campaigns/open, …/recruiting, …/join, …/join-requests, registered by ./index.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { JoinBody, RecruitingBody } from '../../../schemas/actions.ts'
import { IdParams, Weekday } from './schemas.ts'
import { bearer, campaignAccess, campaignLoginRead, campaignErrors as errors, optionalBearer } from '../route-kit.ts'

const OpenCampaign = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    mapId: Type.String(),
    mapName: Type.String(),
    timeZone: Type.String(),
    weekLimit: Type.Union([Type.Integer(), Type.Null()]),
    joining: Type.Union([Type.Literal('open'), Type.Literal('ask')], { description: 'open: joining is immediate; ask: the GM decides' }),
    gmName: Type.String(),
    requested: Type.Boolean({ description: 'You have asked to join and wait for the GM' }),
    players: Type.Array(Type.Object({ tribeName: Type.String(), weekday: Weekday })),
    freeWeekdays: Type.Array(Weekday),
  },
  { title: 'OpenCampaign' },
)
const JoinRequest = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  displayName: Type.String(),
  tribeName: Type.String(),
  weekday: Weekday,
  createdAt: Type.String(),
})

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { campaigns } = fastify
  const accessFor = campaignAccess(fastify)

  fastify.get(
    '/open',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Campaigns looking for players (in setup, not full, not yours)',
        security: optionalBearer,
        response: { 200: Type.Object({ campaigns: Type.Array(OpenCampaign) }), 401: ErrorRef },
      },
    },
    async (request) => ({ campaigns: await campaigns.openCampaigns(await fastify.optionalUser(request)) }),
  )

  fastify.put(
    '/:id/recruiting',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'List the campaign for players (GM): mode open, ask, or null to stop',
        security: bearer,
        params: IdParams,
        body: RecruitingBody,
        response: { 200: Type.Object({ recruiting: Type.Union([Type.Literal('open'), Type.Literal('ask'), Type.Null()]) }), ...errors },
      },
    },
    async (request) => campaigns.setRecruiting(await accessFor(request, request.params.id), request.body.mode),
  )

  fastify.post(
    '/:id/join',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'Join a listed campaign with a new tribe: at once (open), or as a request the GM decides (ask) (R2.1)',
        security: bearer,
        params: IdParams,
        body: JoinBody,
        response: {
          201: Type.Object({
            joined: Type.Union([Type.Object({ campaignId: Type.String(), tribeId: Type.String() }), Type.Null()]),
            requested: Type.Boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await campaigns.join(request.params.id, request.user.sub, request.body)),
  )

  fastify.get(
    '/:id/join-requests',
    campaignLoginRead(fastify, 'campaigns', 'Pending requests to join (GM)', Type.Object({ requests: Type.Array(JoinRequest) })),
    async (request) => ({ requests: await campaigns.joinRequests(await accessFor(request, request.params.id)) }),
  )

  for (const decision of ['accept', 'decline'] as const) {
    fastify.post(
      `/:id/join-requests/:requestId/${decision}`,
      {
        onRequest: fastify.authenticate,
        schema: {
          tags: ['campaigns'],
          summary: decision === 'accept' ? 'Accept a request: the tribe joins now (GM)' : 'Decline a request (GM)',
          security: bearer,
          params: Type.Object({ id: Type.String({ format: 'uuid' }), requestId: Type.String({ maxLength: 64 }) }),
          response: { 200: Type.Object({ id: Type.String(), outcome: Type.Union([Type.Literal('accepted'), Type.Literal('declined')]) }), ...errors },
        },
      },
      async (request) => campaigns.decideJoinRequest(await accessFor(request, request.params.id), request.params.requestId, decision === 'accept'),
    )
  }
}

export default routes
