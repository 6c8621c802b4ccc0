// Invitations, the tribes and the roster (GM): /api/campaigns/{id}/invitations…, /tribes…, /bot-seats and /roster, registered by ./index.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { InviteBody, JoinBody } from '../../../schemas/actions.ts'
import { IdParams, Weekday } from './schemas.ts'
import { bearer, campaignAccess, campaignLoginRead, ruledErrors as errors } from '../route-kit.ts'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])
const TokenParams = Type.Object({ id: Type.String({ format: 'uuid' }), token: Type.String({ minLength: 10, maxLength: 64 }) })
const Sent = Type.Object({
  token: Type.String(),
  url: Type.String(),
  expiresAt: Type.String(),
  mailedTo: Nullable(Type.String()),
  tribeId: Type.Optional(Nullable(Type.String())),
})
const PastGroup = Type.Object({
  campaignId: Type.String(),
  name: Type.String(),
  ruleset: Type.String(),
  players: Type.Array(Type.String(), { description: 'Display names of the players not in this campaign yet' }),
})
const GroupBody = Type.Object(
  { fromCampaignId: Type.String({ format: 'uuid', description: 'A past campaign of the same GM' }) },
  { additionalProperties: false },
)
const RosterSchema = Type.Object(
  {
    tribes: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        colour: Type.String(),
        weekday: Weekday,
        player: Nullable(
          Type.Object({
            userId: Type.String(),
            displayName: Type.String(),
            email: Nullable(Type.String({ description: 'Only for an address the GM invited; a newcomer from the open campaigns keeps theirs' })),
          }),
        ),
        bot: Type.Boolean({ description: "The game's bot plays this tribe (#50)" }),
        missedWindows: Type.Integer({ description: 'Windows closed with no order from this tribe (window.missed events)' }),
        lastOrderAt: Nullable(Type.String({ description: 'When this tribe last gave an order' })),
      }),
    ),
    invitations: Type.Array(
      Type.Object({
        token: Type.String(),
        url: Type.String(),
        email: Nullable(Type.String()),
        tribeId: Nullable(Type.String()),
        createdAt: Type.String(),
        expiresAt: Type.String(),
        state: Type.Union([Type.Literal('pending'), Type.Literal('expired'), Type.Literal('revoked')]),
      }),
      { description: 'Invitations nobody has used yet, newest first' },
    ),
  },
  { title: 'Roster' },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { campaigns } = fastify
  const accessFor = campaignAccess(fastify)

  fastify.post(
    '/:id/invitations',
    {
      onRequest: fastify.authenticate,
      // The body is optional: no body is an invitation without a mail.
      preValidation: async (request) => {
        request.body ??= {}
      },
      schema: {
        tags: ['campaigns'],
        summary: 'Invite a player (GM); with an email, the link is mailed too; with a tribeId, to take over that tribe',
        security: bearer,
        params: IdParams,
        body: InviteBody,
        response: { 201: Sent, ...errors, 429: ErrorRef },
      },
    },
    async (request, reply) => reply.code(201).send(await campaigns.invite(await accessFor(request, request.params.id), request.user.sub, request.body)),
  )

  fastify.get(
    '/:id/invitations/groups',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: "The GM's past campaigns with players not in this one yet, newest first, to invite as a group (GM, before the start)",
        security: bearer,
        params: IdParams,
        response: { 200: Type.Object({ groups: Type.Array(PastGroup) }), ...errors },
      },
    },
    async (request) => ({ groups: await campaigns.pastGroups(await accessFor(request, request.params.id)) }),
  )

  fastify.post(
    '/:id/invitations/group',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: "Invite the players of one of the GM's past campaigns, each mailed in their language; friends are held by no daily limit (GM)",
        security: bearer,
        params: IdParams,
        body: GroupBody,
        response: { 201: Type.Object({ from: Type.Object({ id: Type.String(), name: Type.String() }), invited: Type.Array(Type.String()) }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await campaigns.inviteGroup(await accessFor(request, request.params.id), request.user.sub, request.body.fromCampaignId)),
  )

  fastify.post(
    '/:id/invitations/:token/resend',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'Mail a pending invitation again, valid for another 14 days (GM)',
        security: bearer,
        params: TokenParams,
        response: { 200: Sent, ...errors, 410: ErrorRef, 429: ErrorRef },
      },
    },
    async (request) => campaigns.resendInvitation(await accessFor(request, request.params.id), request.user.sub, request.params.token),
  )

  fastify.post(
    '/:id/invitations/:token/revoke',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'Revoke an unused invitation: its link stops working (GM)',
        security: bearer,
        params: TokenParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await campaigns.revokeInvitation(await accessFor(request, request.params.id), request.params.token)
      return reply.code(204).send(null)
    },
  )

  fastify.delete(
    '/:id/tribes/:tribeId',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: 'Remove a tribe and its player before the start (GM)',
        security: bearer,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), tribeId: Type.String({ format: 'uuid' }) }),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await campaigns.removeTribe(await accessFor(request, request.params.id), request.params.tribeId)
      return reply.code(204).send(null)
    },
  )

  fastify.put(
    '/:id/tribes/:tribeId/bot',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: "Hand a tribe to the game's bot, or back to its player (GM; a player takes back their own)",
        description:
          "From its next window the bot gives the tribe's orders (a player who left or stopped playing), or its player again (#50). A player may take their own tribe back (plays: false) from the bot that took it over after missed windows (bot-cover's afterMissed); one the GM handed over only the GM gives back (403 tribe/bot_by_gm).",
        security: bearer,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), tribeId: Type.String({ format: 'uuid' }) }),
        body: Type.Object({ plays: Type.Boolean({ description: 'true: the bot plays the tribe; false: its player does' }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ tribeId: Type.String(), bot: Type.Boolean() }), ...errors },
      },
    },
    async (request) => campaigns.setBot(await accessFor(request, request.params.id), request.params.tribeId, request.body.plays),
  )

  fastify.post(
    '/:id/bot-seats',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['campaigns'],
        summary: "Give an empty seat to the game's bot before the start (GM)",
        description:
          'A tribe nobody plays, with its own name and a free weekday, checked as a joining tribe is (R2.1: 409 tribe/weekday_taken, tribe/name_taken, campaign/full): the bot picks for it in the draft and plays its windows (#50). An invitation to the tribe gives it to a person; removing it frees the seat.',
        security: bearer,
        params: IdParams,
        body: JoinBody,
        response: {
          201: Type.Object({
            tribe: Type.Object({ id: Type.String(), name: Type.String(), weekday: Weekday, colour: Type.String() }),
            bot: Type.Literal(true),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await campaigns.addBotSeat(await accessFor(request, request.params.id), request.body)),
  )

  fastify.get(
    '/:id/roster',
    campaignLoginRead(fastify, 'campaigns', 'Who plays which tribe on which weekday, missed windows, last order, unused invitations (GM)', RosterSchema),
    async (request) => campaigns.roster(await accessFor(request, request.params.id)),
  )
}

export default routes
