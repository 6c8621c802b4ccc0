// A campaign's GM choices, each read and changed whole at its own address, registered by ./index.ts:
// how the GMs hear of their players (…/gm-mail, #49) and where the game's bot covers them
// (…/bot-cover, #50).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyTypeProviderDefault } from 'fastify'
import { Type, type Static, type TObject } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import type { Access } from '../../../services/access.ts'
import { IdParams } from './schemas.ts'
import { bearer, campaignAccess } from '../route-kit.ts'

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
const BotCover = Type.Object(
  {
    absent: Type.Boolean({ description: "The game's bot plays the window of a player away with no stand-in (their absence's dates)" }),
    afterMissed: Type.Union([Type.Integer({ minimum: 1, maximum: 10 }), Type.Null()], {
      description: "After this many windows missed in a row, the game's bot plays the tribe until its player takes it back; null: never",
    }),
  },
  { additionalProperties: false },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { campaigns } = fastify
  const accessFor = campaignAccess(fastify)

  /** GET and PUT of one choice at `/:id/<name>`: the body is the whole choice, and the answer what is stored. */
  function choice<S extends TObject>(
    name: string,
    body: S,
    summaries: { read: string; write: string },
    read: (a: Access) => Static<S> | Promise<Static<S>>,
    write: (a: Access, value: Static<S>) => Promise<Static<S>>,
  ) {
    const schema = { tags: ['campaigns'], security: bearer, params: IdParams }
    // Typed by hand: the type provider cannot resolve a generic schema's types. The body is `body`'s
    // Static<S> all the same, validated against it before the handler runs.
    const routes = fastify.withTypeProvider<FastifyTypeProviderDefault>()
    routes.get<{ Params: { id: string } }>(
      `/:id/${name}`,
      { onRequest: fastify.authenticate, schema: { ...schema, summary: summaries.read, response: { 200: body, ...errors } } },
      async (request) => read(await accessFor(request, request.params.id)),
    )
    routes.put<{ Params: { id: string }; Body: unknown }>(
      `/:id/${name}`,
      { onRequest: fastify.authenticate, schema: { ...schema, summary: summaries.write, body, response: { 200: body, ...errors } } },
      async (request) => write(await accessFor(request, request.params.id), request.body as Static<S>),
    )
  }

  choice(
    'gm-mail',
    GmMail,
    { read: 'How the game masters hear of their players (GM)', write: 'Choose how the game masters hear of their players (GM)' },
    async (a) => ({ gmMail: await campaigns.gmMail(a) }),
    (a, value) => campaigns.setGmMail(a, value.gmMail),
  )
  choice(
    'bot-cover',
    BotCover,
    { read: "Where the game's bot covers the players (GM)", write: "Choose where the game's bot covers the players (GM)" },
    (a) => campaigns.botCover(a),
    (a, value) => campaigns.setBotCover(a, value),
  )
}

export default routes
