import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type Static } from 'typebox'
import { conditionalRead, NotModified } from '../../../lib/conditional.ts'
import { hourlyPerCaller } from '../../../lib/creation-limits.ts'
import { AppError, ErrorRef } from '../../../lib/errors.ts'
import {
  CampaignSchema,
  CreateCampaignBody,
  DiceSchema,
  DocumentedOrdersBody,
  EventSchema,
  IdParams,
  OptionsSchema,
  OrdersBody,
  OrdersResult,
  PoolsSchema,
  StateSchema,
  VerifySchema,
} from './schemas.ts'
import { PickBody, ReplacePlayerBody } from '../../../schemas/actions.ts'
import { checkOrderShapes, FACES } from '../../../faces/index.ts'
import type { OrdersAnswer } from '../../../services/orders.ts'
import invitationRoutes from './invitations.ts'
import recruitingRoutes from './recruiting.ts'
import gmChoiceRoutes from './gm-choices.ts'
import absenceRoutes from './absences.ts'
import resultsRoutes from './results.ts'
import sceneRoutes from './scenes.ts'
import streamRoutes from './stream.ts'
import { bearer, campaignAccess, campaignRead, optionalBearer, ruledErrors as errors } from '../route-kit.ts'

const ORDER_EXAMPLES = Object.assign({}, ...FACES.map((f) => f.examples?.orders ?? {}))

/**
 * An answer of orders or a pick as text: a replay, read back from the JSON kept as it was
 * written, keys in their order, is then byte for byte the first answer, and the games' union of
 * answers needs no serializer. Fastify sends a string as it is; its types know only the schema's object.
 */
const answerText = (answer: OrdersAnswer) => JSON.stringify(answer) as unknown as Static<typeof OrdersResult>

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { campaigns } = fastify
  await fastify.register(sceneRoutes, { prefix: '/:id/scenes' })
  await fastify.register(streamRoutes)
  await fastify.register(invitationRoutes)
  await fastify.register(recruitingRoutes)
  await fastify.register(gmChoiceRoutes)
  await fastify.register(absenceRoutes)
  await fastify.register(resultsRoutes)
  const accessFor = campaignAccess(fastify)

  fastify.post(
    '',
    {
      onRequest: fastify.authenticate,
      config: { rateLimit: hourlyPerCaller(fastify.config.campaignRateLimit) },
      schema: {
        tags: ['campaigns'],
        summary: 'Create a campaign; you become its game master (at most CAMPAIGN_RATE_LIMIT an hour)',
        security: bearer,
        body: CreateCampaignBody,
        response: { 201: CampaignSchema, 400: ErrorRef, 401: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => reply.code(201).send(await campaigns.create(request.user.sub, request.body)),
  )

  const PageQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })) })
  const Listed = Type.Object({ campaigns: Type.Array(CampaignSchema), nextPage: Type.Union([Type.Integer(), Type.Null()]) })

  // Your own campaigns (the token required) and public ones you are not in (anyone): the same pages of the same rows.
  for (const [path, summary, onRequest, security, list] of [
    ['', 'Your own campaigns, every one, newest first, 100 a page', fastify.authenticate, bearer, campaigns.list],
    ['/public', 'Public campaigns you are not in, newest first, 50 a page', undefined, optionalBearer, campaigns.listPublic],
  ] as const) {
    fastify.get(
      path,
      { onRequest, schema: { tags: ['campaigns'], summary, security, querystring: PageQuery, response: { 200: Listed, 400: ErrorRef, 401: ErrorRef } } },
      async (request) => list(await fastify.optionalUser(request), request.query.page ?? 1),
    )
  }

  fastify.get('/:id', campaignRead('campaigns', 'One campaign', CampaignSchema, { conflict: false }), async (request) =>
    campaigns.get(await accessFor(request, request.params.id)),
  )

  // Starting a campaign by its neutral name; /draft/start, the weekday game's word, stays for existing clients.
  for (const [path, deprecated] of [
    ['/:id/start', false],
    ['/:id/draft/start', true],
  ] as const) {
    fastify.post(
      path,
      {
        onRequest: fastify.authenticate,
        schema: {
          tags: ['campaigns'],
          security: bearer,
          params: IdParams,
          ...(deprecated ? { deprecated: true } : {}),
          summary: deprecated
            ? 'Start the campaign (old name of /start)'
            : 'Start the campaign: the game sets up its board (the weekday game draws its draft order, R3.1; world conquest deals, G1.9)',
          response: { 200: Type.Object({ version: Type.Integer(), order: Type.Array(Type.String()) }), ...errors },
        },
      },
      async (request) => campaigns.start(await accessFor(request, request.params.id)),
    )
  }

  fastify.post(
    '/:id/draft/picks',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['draft'],
        summary: "Pick a place in the draft (the weekday game's cities): the tribe on the clock, or a GM naming it (R3.2, R3.4)",
        security: bearer,
        params: IdParams,
        body: PickBody,
        response: { 200: OrdersResult, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await campaigns.pick(await accessFor(request, request.params.id), request.body)
      return reply.type('application/json; charset=utf-8').send(answerText(answer))
    },
  )

  // The answers below are in the campaign's game's own shapes, serialized by the games' union schemas.
  fastify.get(
    '/:id/state',
    campaignRead('play', 'The board, and for your tribe: window, phase, MP left', StateSchema),
    async (request) => (await campaigns.stateView(await accessFor(request, request.params.id))) as Static<typeof StateSchema>,
  )

  fastify.get(
    '/:id/options',
    campaignRead('play', 'What your tribe may order now: each option found legal by the engine itself (the map offers only these)', OptionsSchema, {
      description:
        'For each army the reachable tiles with their paths, MP, claimed tiles and effect (move, merge, attack with its defenders and multipliers); for each ship sailing, landing, port assault, boarding and crew transfers; recruitment and ship building with their limits; the draft pick. A game master or a spectator gets options: null; who may not see the campaign gets what /state gives them.',
    }),
    async (request) => (await campaigns.options(await accessFor(request, request.params.id))) as Static<typeof OptionsSchema>,
  )

  fastify.post(
    '/:id/orders',
    {
      // The token only: the orders service checks the login in its one read.
      onRequest: fastify.verifyToken,
      // The document shows each game's orders; the route checks the envelope (see DocumentedOrdersBody).
      config: { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: { ...DocumentedOrdersBody, 'x-examples': ORDER_EXAMPLES } }, url }) },
      schema: {
        tags: ['play'],
        summary: 'Give one order ({ order }) or several ({ orders }, all or nothing)',
        description: `Each order has its campaign's game's shape (components.schemas: ${FACES.map((f) => (f.orderSchema as { $id?: string }).$id).join(', ')}); a wrong one is a 400 naming that game's fields. Send an Idempotency-Key header to make retries safe: the same key and body answer the same and execute once. ${FACES.map((f) => f.examples?.situation ?? '').join(' ')}`,
        security: bearer,
        params: IdParams,
        body: OrdersBody,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) }),
        response: {
          200: {
            ...OrdersResult,
            headers: {
              'Idempotent-Replayed': {
                type: 'string',
                enum: ['true'],
                description: 'Only on a retry with an Idempotency-Key: the stored first answer, byte for byte',
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { order, orders, tribeId } = request.body
      if ((order ? 1 : 0) + (orders ? 1 : 0) !== 1) throw new AppError(400, 'orders/one_of', 'Send either order (one) or orders (a list)')
      const key = request.headers['idempotency-key']
      const { replayed, ...answer }: OrdersAnswer & { replayed?: true } = await campaigns.orders(
        request.user,
        request.params.id,
        { tribeId, orders: orders ?? [order!] },
        key,
        checkOrderShapes,
      )
      if (replayed) reply.header('idempotent-replayed', 'true')
      return reply.type('application/json; charset=utf-8').send(answerText(answer))
    },
  )

  fastify.get(
    '/:id/events',
    {
      onSend: conditionalRead,
      schema: {
        tags: ['play'],
        summary: 'The campaign log, oldest first, paged by seq',
        security: optionalBearer,
        params: IdParams,
        querystring: Type.Object({
          after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        }),
        response: {
          304: NotModified,
          200: Type.Object({ events: Type.Array(EventSchema), next: Type.Union([Type.Integer(), Type.Null()]) }),
          400: ErrorRef,
          401: ErrorRef,
          404: ErrorRef,
        },
      },
    },
    async (request) => campaigns.events(await accessFor(request, request.params.id), request.query.after ?? 0, request.query.limit ?? 100),
  )

  // The economy by its neutral name; /pools, the weekday game's word, stays for existing clients.
  for (const [path, deprecated] of [
    ['/:id/economy', false],
    ['/:id/pools', true],
  ] as const) {
    fastify.get(
      path,
      deprecated
        ? campaignRead('play', 'The economy (old name of /economy)', PoolsSchema, { deprecated: true })
        : campaignRead('play', "The economy: what is held now and what the next tick gives, in the game's own shape", PoolsSchema),
      async (request) => (await campaigns.pools(await accessFor(request, request.params.id))) as Static<typeof PoolsSchema>,
    )
  }

  for (const [path, paused] of [
    ['/:id/pause', true],
    ['/:id/resume', false],
  ] as const) {
    fastify.post(
      path,
      {
        onRequest: fastify.authenticate,
        schema: {
          tags: ['campaigns'],
          summary: paused ? 'Pause the campaign (GM)' : 'Resume the campaign (GM); skipped periods are not replayed',
          security: bearer,
          params: IdParams,
          response: { 200: Type.Object({ status: Type.String(), version: Type.Integer() }), ...errors },
        },
      },
      async (request) => campaigns.setPaused(await accessFor(request, request.params.id), paused),
    )
  }

  fastify.put(
    '/:id/tribes/:tribeId/player',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'Give a tribe to another player (GM)',
        security: bearer,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), tribeId: Type.String({ format: 'uuid' }) }),
        body: ReplacePlayerBody,
        response: { 200: Type.Object({ tribeId: Type.String(), userId: Type.String() }), ...errors },
      },
    },
    async (request) => campaigns.replacePlayer(await accessFor(request, request.params.id), request.params.tribeId, request.body.email),
  )

  fastify.get(
    '/:id/verify',
    {
      schema: {
        tags: ['play'],
        summary: 'Replay the whole log from the setup with the seeds and compare with the stored state (R12.2)',
        security: optionalBearer,
        params: IdParams,
        response: { 200: VerifySchema, 401: ErrorRef, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request) => campaigns.verify(await accessFor(request, request.params.id)),
  )

  fastify.get(
    '/:id/dice/:week',
    {
      onSend: conditionalRead,
      schema: {
        tags: ['play'],
        summary: "A week's dice: the seed commitment, the seed once the week is over, and every roll (R8.4)",
        security: optionalBearer,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), week: Type.Integer({ minimum: 0, maximum: 100_000 }) }),
        response: { 304: NotModified, 200: DiceSchema, 400: ErrorRef, 401: ErrorRef, 404: ErrorRef },
      },
    },
    async (request) => campaigns.dice(await accessFor(request, request.params.id), request.params.week),
  )
}

export default routes
