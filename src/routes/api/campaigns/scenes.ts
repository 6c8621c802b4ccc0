// Diplomacy scenes (R11): /api/campaigns/{id}/scenes…, registered by ./index.ts (autoload takes only index.ts from a folder).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type TSchema } from 'typebox'
import { AskSceneBody, OpenSceneBody, SceneMessageBody } from '../../../schemas/actions.ts'
import { ErrorRef } from '../../../lib/errors.ts'
import { checkTradeShape, FACES } from '../../../faces/index.ts'
import { bearer, campaignAccess, ruledErrors as errors } from '../route-kit.ts'

const Id = Type.String({ format: 'uuid' })
const SceneSchema = Type.Object(
  {
    id: Id,
    title: Type.String(),
    status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
    tribes: Type.Array(Type.String()),
    createdAt: Type.String(),
    closedAt: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Scene' },
)
// A trade's transfers are in the campaign's game's shape (one component per game, faces/trade-shape.ts):
// the route takes any object with a giver and a receiver, and checks it against that game before the lock.
const transferIds = FACES.map((f) => (f.tradeSchema as { $id: string }).$id)
const inGameShape = `in the campaign's game's shape: ${FACES.map((f, i) => `${f.id}: ${transferIds[i]}`).join('; ')} (see components.schemas)`
const GameTransfer = Type.Object(
  { from: Type.String({ maxLength: 64 }), to: Type.String({ maxLength: 64 }) },
  { additionalProperties: true, description: `One tribe's part of the trade, ${inGameShape}` },
)
const inGame = (description: string) =>
  Type.Unsafe<{ from: string; to: string }>({ anyOf: transferIds.map((id) => ({ $ref: `${id}#` })), description: `${description}, ${inGameShape}` })
const TransferView = inGame("One tribe's part of the trade as stored")
const proposalBody = <T extends TSchema>(transfer: T) =>
  Type.Object(
    { transfers: Type.Array(transfer, { minItems: 1, maxItems: 20 }) },
    { additionalProperties: true, description: "Beside the transfers, only a field the game's transfer takes to refuse (R11.1's resources)" },
  )
const ProposalBody = proposalBody(GameTransfer)
const ProposalSchema = Type.Object(
  {
    id: Id,
    tribeId: Type.Union([Type.String(), Type.Null()]),
    transfers: Type.Array(TransferView),
    givers: Type.Array(Type.String()),
    answers: Type.Array(Type.Object({ tribeId: Type.String(), answer: Type.Union([Type.Literal('accepted'), Type.Literal('declined')]), at: Type.String() })),
    status: Type.Union([
      Type.Literal('open'),
      Type.Literal('accepted'),
      Type.Literal('ratified'),
      Type.Literal('rejected'),
      Type.Literal('failed'),
      Type.Literal('withdrawn'),
    ]),
    failureReason: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(),
    decidedAt: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Proposal' },
)
const MessageSchema = Type.Object(
  { id: Id, authorId: Type.String(), tribeId: Type.Union([Type.String(), Type.Null()]), body: Type.String(), at: Type.String() },
  { title: 'SceneMessage' },
)

const Params = Type.Object({ id: Type.String() })
const SceneParams = Type.Object({ id: Type.String(), sceneId: Type.String() })
const ProposalParams = Type.Object({ id: Type.String(), sceneId: Type.String(), proposalId: Type.String() })
const tags = ['diplomacy']

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { scenes, campaigns } = fastify
  const access = campaignAccess(fastify)

  fastify.post(
    '',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags,
        summary: 'Open a diplomacy scene for some tribes (GM)',
        security: bearer,
        params: Params,
        body: OpenSceneBody,
        response: { 201: SceneSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await scenes.open(await access(request, request.params.id), request.body)),
  )

  fastify.post(
    '/requests',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags,
        summary: "Ask the GMs to open a scene with some tribes (a tribe's player; one mail to each GM a tribe and day at most)",
        security: bearer,
        params: Params,
        body: AskSceneBody,
        response: { 202: Type.Object({ asked: Type.Literal(true) }), ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await scenes.ask(await access(request, request.params.id), request.body)),
  )

  fastify.get(
    '',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags,
        summary: "The scenes you may see (GMs: all; players: their tribe's), each with the messages by others you have not read (reading a scene reads them)",
        security: bearer,
        params: Params,
        response: {
          200: Type.Object({
            scenes: Type.Array(Type.Object({ ...SceneSchema.properties, unread: Type.Integer({ minimum: 0 }) }, { title: 'SceneWithUnread' })),
          }),
          401: ErrorRef,
          404: ErrorRef,
        },
      },
    },
    async (request) => ({ scenes: await scenes.list(await access(request, request.params.id)) }),
  )

  fastify.get(
    '/:sceneId',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags,
        summary: 'A scene: its thread and proposals',
        security: bearer,
        params: SceneParams,
        response: {
          200: Type.Object({ ...SceneSchema.properties, messages: Type.Array(MessageSchema), proposals: Type.Array(ProposalSchema) }, { title: 'SceneThread' }),
          401: ErrorRef,
          404: ErrorRef,
        },
      },
    },
    async (request) => scenes.get(await access(request, request.params.id), request.params.sceneId),
  )

  fastify.post(
    '/:sceneId/messages',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags,
        summary: 'Say something in the scene (as your tribe, or as GM); messages are never edited',
        security: bearer,
        params: SceneParams,
        body: SceneMessageBody,
        response: { 201: MessageSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await scenes.say(await access(request, request.params.id), request.params.sceneId, request.body.body)),
  )

  fastify.post(
    '/:sceneId/proposals',
    {
      onRequest: fastify.authenticate,
      // The document shows each game's transfer; the route checks the envelope (as the orders route).
      config: { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: proposalBody(inGame("One tribe's part of the trade")) }, url }) },
      schema: {
        tags,
        summary: "Propose a trade: what each tribe gives, in the campaign's game's shape; a giving proposer has accepted it",
        description: `Each transfer is ${inGameShape}; a wrong one is a 400 naming that game's fields. What a game never trades (resources in the weekday game, R11.1) is refused with its rule.`,
        security: bearer,
        params: SceneParams,
        body: ProposalBody,
        response: { 201: ProposalSchema, ...errors },
      },
    },
    async (request, reply) => {
      const a = await access(request, request.params.id)
      // Before the campaign lock, as orders are (faces/trade-shape.ts).
      checkTradeShape(a.campaign.ruleset, request.body)
      return reply.code(201).send(await scenes.propose(a, request.params.sceneId, request.body))
    },
  )

  for (const answer of ['accept', 'decline', 'withdraw'] as const) {
    fastify.post(
      `/:sceneId/proposals/:proposalId/${answer}`,
      {
        onRequest: fastify.authenticate,
        schema: {
          tags,
          summary: `${answer[0]!.toUpperCase()}${answer.slice(1)} a proposal (a giving tribe${answer === 'withdraw' ? ', or the proposer' : ''})`,
          security: bearer,
          params: ProposalParams,
          response: { 200: ProposalSchema, ...errors },
        },
      },
      async (request) => scenes.answer(await access(request, request.params.id), request.params.sceneId, request.params.proposalId, answer),
    )
  }
  for (const decision of ['ratify', 'reject'] as const) {
    fastify.post(
      `/:sceneId/proposals/:proposalId/${decision}`,
      {
        onRequest: fastify.authenticate,
        schema: {
          tags,
          security: bearer,
          params: ProposalParams,
          response: { 200: ProposalSchema, ...errors },
          summary:
            decision === 'ratify'
              ? 'Ratify an accepted proposal (GM): the trade runs now, or fails naming the asset and nothing moves (R11.3)'
              : 'Reject a proposal (GM)',
        },
      },
      async (request) => scenes.decide(await access(request, request.params.id), request.params.sceneId, request.params.proposalId, decision),
    )
  }

  fastify.post(
    '/:sceneId/close',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags,
        summary: 'Close a scene (GM); its undecided proposals are withdrawn',
        security: bearer,
        params: SceneParams,
        response: { 200: SceneSchema, ...errors },
      },
    },
    async (request) => scenes.close(await access(request, request.params.id), request.params.sceneId),
  )
}

export default routes
