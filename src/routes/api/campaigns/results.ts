// A finished campaign's results and its rematch (#30): /api/campaigns/{id}/results and
// /api/campaigns/{id}/rematch, registered by ./index.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { hourlyPerCaller } from '../../../lib/creation-limits.ts'
import { ErrorRef } from '../../../lib/errors.ts'
import { IdParams, Weekday } from './schemas.ts'
import { bearer, optionalBearer } from '../route-kit.ts'

/** What a rematch takes: the new campaign's name, the finished one's when absent. Forms send the same. */
export const RematchBody = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', description: "the new campaign's name; the finished one's when absent" })) },
  { additionalProperties: false },
)

const ResultsSchema = Type.Object(
  {
    campaignId: Type.String(),
    ruleset: Type.String(),
    period: Type.Integer({ description: "the last period played (the weekday game's week, world conquest's round)" }),
    endedByLimit: Type.Boolean(),
    tribes: Type.Array(
      Type.Object({
        rank: Type.Integer({ minimum: 1 }),
        id: Type.String(),
        name: Type.String(),
        colour: Type.String(),
        weekday: Weekday,
        eliminated: Type.Boolean(),
        figures: Type.Array(Type.Object({ key: Type.String({ description: "a catalogue key of the game's face: the figure's label" }), value: Type.Number() })),
      }),
      { description: "in the ranking's order" },
    ),
    chart: Type.Union([
      Type.Object({
        key: Type.String({ description: 'what the chart counts: a catalogue key of the game' }),
        periods: Type.Array(Type.Integer()),
        held: Type.Record(Type.String(), Type.Array(Type.Number()), { description: 'by tribe id, what it held at the end of each period of `periods`' }),
      }),
      Type.Null(),
    ]),
    audit: Type.Object(
      { ok: Type.Boolean(), events: Type.Integer(), reason: Type.Union([Type.String(), Type.Null()]) },
      { description: 'the whole log replayed to the stored state, every seed matching its commitment (R12.2)' },
    ),
  },
  { title: 'Results' },
)

const RematchSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    status: Type.Literal('setup'),
    rematchOf: Type.String({ format: 'uuid' }),
    invited: Type.Array(Type.Object({ tribeName: Type.String(), weekday: Weekday }), {
      description: 'each tribe kept for its player, who was mailed an invitation to it',
    }),
  },
  { title: 'Rematch' },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { campaigns } = fastify

  fastify.get(
    '/:id/results',
    {
      schema: {
        tags: ['campaigns'],
        summary: "A finished campaign's results: each tribe's figures in the ranking's order, what each held at every period's end, and the dice audit",
        security: optionalBearer,
        params: IdParams,
        response: { 200: ResultsSchema, 401: ErrorRef, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request) => campaigns.results(await campaigns.access(request.params.id, await fastify.optionalUser(request))),
  )

  fastify.post(
    '/:id/rematch',
    {
      onRequest: fastify.authenticate,
      // It creates a campaign: as many an hour as creating one.
      config: { rateLimit: hourlyPerCaller(fastify.config.campaignRateLimit) },
      schema: {
        tags: ['campaigns'],
        summary:
          "Rematch with the same group (GM of a finished campaign): a new campaign in setup with the same game, map, time zone and limit; each player's tribe is kept on its weekday and its player invited by mail",
        security: bearer,
        params: IdParams,
        body: RematchBody,
        response: { 201: RematchSchema, 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 404: ErrorRef, 409: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => {
      const userId = request.user.sub
      const a = await campaigns.access(request.params.id, userId)
      return reply.code(201).send(await campaigns.rematch(a, userId, request.body))
    },
  )
}

export default routes
