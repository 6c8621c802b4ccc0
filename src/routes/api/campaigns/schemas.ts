import { Type, type Static, type TSchema } from 'typebox'
import { FACES } from '../../../faces/index.ts'
import { boardComponent, eventsComponent, optionsComponent, orderComponentIds } from '../../../faces/order-schemas.ts'
import { CreateCampaignBody, Tile } from '../../../schemas/actions.ts'

export { CreateCampaignBody, Tile }

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) })
export const Weekday = Type.Union([
  Type.Literal('monday'),
  Type.Literal('tuesday'),
  Type.Literal('wednesday'),
  Type.Literal('thursday'),
  Type.Literal('friday'),
  Type.Literal('saturday'),
  Type.Literal('sunday'),
])

/**
 * The envelope holds an order of the campaign's game: its shape is that game's (one schema per
 * game in the document's components), checked once the campaign is known, so a refusal names
 * only that game's fields.
 */
const GameOrder = Type.Object(
  { type: Type.String({ minLength: 1, maxLength: 40 }) },
  {
    additionalProperties: true,
    description: `One order of the campaign's game, in that game's shape: ${FACES.map((f) => `${f.id}: ${(f.orderSchema as { $id?: string }).$id}`).join('; ')} (see components.schemas).`,
  },
)

const ordersBody = <T extends TSchema>(order: T) =>
  Type.Object(
    {
      tribeId: Type.Optional(Type.String({ format: 'uuid', description: 'your tribe (optional; players have one)' })),
      order: Type.Optional(order),
      orders: Type.Optional(Type.Array(order, { minItems: 1, maxItems: 50, description: 'applied all or nothing, in order' })),
    },
    { additionalProperties: false },
  )

/** What the route checks: the envelope; the orders service checks each order against its campaign's game. */
export const OrdersBody = ordersBody(GameOrder)

/**
 * What the OpenAPI document shows: an order of one of the games, as one of every game's order
 * components (`WeekdayMove`, `ConquestMove`…). Each game's orders are also one union of their own
 * (`WeekdayOrder`…, a discriminator with its mapping, for generators); the body lists the orders
 * themselves so that the examples on it are checked with no discriminator mapping in their way,
 * which Ajv, and so openapi-examples-validator, refuses (ajv-validator/ajv#2003; #50).
 */
export const DocumentedOrdersBody = ordersBody(
  Type.Unsafe<Static<typeof GameOrder>>({
    anyOf: FACES.flatMap((f) => orderComponentIds(f).map((id) => ({ $ref: `${id}#` }))),
    description: (GameOrder as { description?: string }).description,
  }),
)

export const TribeSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  colour: Type.String(),
  weekday: Weekday,
  hasPlayer: Type.Boolean(),
  bot: Type.Optional(Type.Boolean({ description: "The game's bot plays this tribe (#50): the practice game's rival" })),
})

export const CampaignSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    ruleset: Type.Unsafe<string>({
      type: 'string',
      enum: FACES.map((f) => f.id),
      description: 'the game: its /state and /options say the same `ruleset`, and its orders are components.schemas <Game>Order',
    }),
    mapId: Type.String(),
    mapName: Type.String(),
    timeZone: Type.String(),
    status: Type.Union([Type.Literal('setup'), Type.Literal('draft'), Type.Literal('running'), Type.Literal('paused'), Type.Literal('finished')]),
    limit: Type.Union([Type.Integer(), Type.Null()], { description: 'the period limit (weeks, rounds), or none' }),
    weekLimit: Type.Union([Type.Integer(), Type.Null()], { description: 'the old name of limit' }),
    public: Type.Boolean(),
    recruiting: Type.Union([Type.Literal('open'), Type.Literal('ask'), Type.Null()], {
      description: 'Listed on /campaigns/open: open joins at once, ask waits for the GM',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    role: Type.Union([Type.Literal('gm'), Type.Literal('player'), Type.Literal('spectator')]),
    tribeId: Type.Union([Type.String(), Type.Null()]),
    tribes: Type.Array(TribeSummary),
  },
  { title: 'Campaign' },
)

export const EventSchema = Type.Object({
  seq: Type.Integer(),
  week: Type.Integer(),
  type: Type.String(),
  at: Type.String({ format: 'date-time' }),
  payload: Type.Unknown(),
})

/** What an order (or a pick) caused, in its game's events (components.schemas: <Game>Event), told apart by `ruleset` (#50). */
export const OrdersResult = Type.Union(
  FACES.map((f) =>
    Type.Object({
      version: Type.Integer({ description: "the campaign's version after the orders" }),
      ruleset: Type.Literal(f.id, { description: 'the game' }),
      events: Type.Array(Type.Unsafe<Record<string, unknown> & { type: string }>({ $ref: `${eventsComponent(f)}#` }), {
        description: 'what the orders caused, in order, as the tribe may read it',
      }),
    }),
  ),
  { title: 'OrdersResult' },
)

/** What every game's view of the board carries for the platform: the calendar of each tribe and the reader's window. */
/** One of the games' shapes; a lone shape stands as itself (a one-branch anyOf says nothing). */
function eitherOf(shapes: TSchema[], description?: string): TSchema {
  if (shapes.length === 1) return { ...shapes[0]!, ...(description ? { description } : {}) }
  return Type.Union(shapes, description ? { description } : {})
}

/** One of the games' boards (components `<Game>Board`), told apart by `ruleset`. */
export const StateSchema = Type.Unsafe<Record<string, unknown> & { ruleset: string }>({
  anyOf: FACES.map((f) => ({ $ref: `${boardComponent(f)}#` })),
  title: 'Board',
  description: "The board as the campaign's game shows it to this reader; `ruleset` says which game's (components.schemas: <Game>State)",
})

/** A game's economy: what is held now and what the next tick gives, each in the game's own shape. */
export const PoolsSchema = Type.Object(
  {
    week: Type.Integer({ description: "The period (the game's week or round)" }),
    period: Type.Integer(),
    pools: eitherOf(
      FACES.flatMap((f) => (f.api.held ? [f.api.held] : [])),
      "What the game holds apart from the board now (the weekday game's pools); empty for a game that holds none",
    ),
    preview: eitherOf(FACES.map((f) => f.api.economy)),
  },
  { title: 'Economy' },
)

/** The options of one of the games, told apart by `ruleset`, as a board is. */
export const OptionsSchema = Type.Union(
  FACES.map((f) =>
    Type.Object({
      version: Type.Integer(),
      ruleset: Type.Literal(f.id, { description: 'the game' }),
      options: Type.Union([Type.Unsafe<Record<string, unknown>>({ $ref: `${optionsComponent(f)}#` }), Type.Null()], {
        description: 'null for a game master or a spectator',
      }),
    }),
  ),
)

export const DiceSchema = Type.Object({
  week: Type.Integer(),
  commitment: Type.String(),
  committedAt: Type.String(),
  seed: Type.Union([Type.String(), Type.Null()]),
  revealedAt: Type.Union([Type.String(), Type.Null()]),
  algorithm: Type.String(),
  sides: Type.Integer({ description: 'The sides of every die the game draws (4 for the weekday game, 6 for world conquest)' }),
  draws: Type.Array(
    Type.Object({
      seq: Type.Integer({ description: 'The log event that holds the draw' }),
      counter: Type.Integer(),
      face: Type.Integer(),
      purpose: Type.String(),
    }),
    { description: 'Every die of the period, in log order; face = HMAC-SHA-256(seed, counter) as the algorithm says' },
  ),
  // The game's own account of the period's dice, when it gives one.
  ...Object.fromEntries(FACES.flatMap((f) => Object.entries(f.api.diceDetails ?? {}).map(([k, v]) => [k, Type.Optional(v)]))),
})

export const VerifySchema = Type.Object({
  ok: Type.Boolean(),
  events: Type.Integer({ description: 'engine events replayed' }),
  stateHash: Type.Union([Type.String(), Type.Null()], { description: 'SHA-256 of the replayed state (canonical JSON)' }),
  storedHash: Type.String({ description: 'SHA-256 of the stored state' }),
  divergedAt: Type.Optional(Type.Integer({ description: 'the seq where the replay first differs from the log' })),
  reason: Type.Optional(Type.String()),
})
