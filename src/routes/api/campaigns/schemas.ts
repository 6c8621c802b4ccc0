import { Type } from 'typebox'
import type { ConquestOrder, Order } from '../../../engine/index.ts'
import { conquestOrders } from './conquest-schemas.ts'
import { CreateCampaignBody, Tile } from '../../../schemas/actions.ts'

export { CreateCampaignBody, Tile }

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) })
const Troops = Type.Integer({ minimum: 1, maximum: 9 })
const ShipId = Type.String({ pattern: '^s\\d{1,9}$', examples: ['s1'] })
const Path = Type.Array(Tile, { minItems: 1, maxItems: 16 })
export const Weekday = Type.Union([Type.Literal('monday'), Type.Literal('tuesday'), Type.Literal('wednesday'), Type.Literal('thursday'), Type.Literal('friday'), Type.Literal('saturday'), Type.Literal('sunday')])

const order = <T extends Record<string, ReturnType<typeof Type.String> | typeof Troops | typeof Path | ReturnType<typeof Type.Boolean> | ReturnType<typeof Type.Optional>>>(type: string, props: T, description: string) =>
  Type.Object({ type: Type.Literal(type), ...props }, { additionalProperties: false, description })

/** One order of either game (docs/RULES.md, docs/RULES-CONQUEST.md); the engine checks the rules, this checks the shape. */
export const OrderSchema = Type.Unsafe<Order>({
  type: 'object',
  anyOf: [{ oneOf: conquestOrders, discriminator: { propertyName: 'type' } }, { oneOf: [
    order('recruit', { city: Tile, troops: Troops }, 'R5: troops in an own city, 10 each from its pool'),
    order('buildShip', { port: Tile, sea: Tile }, 'R5.6: a ship for 50 on a sea tile next to an own port'),
    order('move', { from: Tile, troops: Troops, path: Type.Optional(Path), to: Type.Optional(Tile) }, 'R7: move (or split) an army; give path or to'),
    order('embark', { from: Tile, ship: ShipId, troops: Troops }, 'R10.2'),
    order('disembark', { ship: ShipId, to: Tile, troops: Troops }, 'R10.4'),
    order('shipMove', { ship: ShipId, path: Type.Optional(Path), to: Type.Optional(Tile) }, 'R10.3'),
    order('portAssault', { ship: ShipId, port: Tile, troops: Troops, occupy: Type.Boolean() }, 'R10.6'),
    order('board', { ship: ShipId, target: ShipId }, 'R10.7'),
    order('crewTransfer', { from: ShipId, to: ShipId, troops: Troops }, 'R10.8'),
    order('endTurn', {}, 'R4.6'),
  ],
  discriminator: { propertyName: 'type' } }],
})
export type AnyOrder = Order | ConquestOrder

export const OrdersBody = Type.Object(
  {
    tribeId: Type.Optional(Type.String({ format: 'uuid', description: 'your tribe (optional; players have one)' })),
    order: Type.Optional(OrderSchema),
    orders: Type.Optional(Type.Array(OrderSchema, { minItems: 1, maxItems: 50, description: 'applied all or nothing, in order' })),
  },
  { additionalProperties: false },
)

export const TribeSummary = Type.Object({ id: Type.String(), name: Type.String(), colour: Type.String(), weekday: Weekday, hasPlayer: Type.Boolean() })

export const CampaignSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  ruleset: Type.String({ description: 'the game: weekly-turn or conquest' }),
  mapId: Type.String(),
  mapName: Type.String(),
  timeZone: Type.String(),
  status: Type.Union([Type.Literal('setup'), Type.Literal('draft'), Type.Literal('running'), Type.Literal('paused'), Type.Literal('finished')]),
  weekLimit: Type.Union([Type.Integer(), Type.Null()]),
  public: Type.Boolean(),
  recruiting: Type.Union([Type.Literal('open'), Type.Literal('ask'), Type.Null()], { description: 'Listed on /campaigns/open: open joins at once, ask waits for the GM' }),
  createdAt: Type.String({ format: 'date-time' }),
  role: Type.Union([Type.Literal('gm'), Type.Literal('player'), Type.Literal('spectator')]),
  tribeId: Type.Union([Type.String(), Type.Null()]),
  tribes: Type.Array(TribeSummary),
}, { title: 'Campaign' })

export const EventSchema = Type.Object({
  seq: Type.Integer(),
  week: Type.Integer(),
  type: Type.String(),
  at: Type.String({ format: 'date-time' }),
  payload: Type.Unknown(),
})

export const OrdersResult = Type.Object({ version: Type.Integer(), events: Type.Array(Type.Unknown()) })

const Pool = Type.Object({ id: Type.String(), tribe: Type.String(), cities: Type.Array(Type.String()), tiles: Type.Integer(), payout: Type.Integer(), balance: Type.Integer() })
/** World conquest's next tick, per tribe (G3.1, G3.5): troops and Básicos. */
const TickPreview = Type.Object({ tribe: Type.String(), territories: Type.Integer(), troops: Type.Integer(), basic: Type.Integer(), lastRound: Type.Boolean() })

/** A game's economy: what is held now and what the next tick gives, each in the game's own shape. */
export const PoolsSchema = Type.Object({
  week: Type.Integer({ description: 'The period (the weekday game\'s week, world conquest\'s round)' }),
  period: Type.Integer(),
  pools: Type.Array(Pool, { description: 'The weekday game\'s pools now (R6); empty for a game that holds none' }),
  preview: Type.Union([
    Type.Array(Pool, { title: 'Payout preview', description: 'The next Sunday payout per pool (the weekday game, R6)' }),
    Type.Array(TickPreview, { title: 'Tick preview', description: 'The next tick per tribe (world conquest, G3)' }),
  ]),
}, { title: 'Economy' })

const WeeklyStateSchema = Type.Object({
  version: Type.Integer(),
  status: Type.String(),
  week: Type.Integer(),
  map: Type.Object({
    id: Type.String(),
    name: Type.String(),
    tiles: Type.Array(Type.Object({ tile: Type.String(), q: Type.Integer(), r: Type.Integer(), terrain: Type.String(), city: Type.Boolean(), port: Type.Boolean(), owner: Type.Union([Type.String(), Type.Null()]) })),
  }),
  armies: Type.Array(Type.Object({ tile: Type.String(), tribe: Type.Union([Type.String(), Type.Null()]), troops: Type.Integer() })),
  ships: Type.Array(Type.Object({ id: Type.String(), tribe: Type.String(), tile: Type.String(), crew: Type.Integer() })),
  besieged: Type.Array(Type.String()),
  draft: Type.Union([Type.Null(), Type.Object({ order: Type.Array(Type.String()), picks: Type.Array(Type.Object({ tribe: Type.String(), city: Type.String() })) })]),
  ranking: Type.Union([Type.Null(), Type.Array(Type.String())]),
  tribes: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), weekday: Type.String(), phase: Type.String(), eliminated: Type.Boolean(), windowOpen: Type.Boolean(), nextOpening: Type.String() })),
  you: Type.Union([Type.Null(), Type.Object({
    tribeId: Type.String(),
    phase: Type.String(),
    windowOpen: Type.Boolean(),
    closesAt: Type.Union([Type.String(), Type.Null()]),
    nextOpening: Type.String(),
    armies: Type.Array(Type.Object({ tile: Type.String(), troops: Type.Integer(), mp: Type.Integer() })),
    ships: Type.Array(Type.Object({ id: Type.String(), tile: Type.String(), crew: Type.Integer(), mp: Type.Integer() })),
  })]),
})

/** World conquest's board (docs/RULES-CONQUEST.md N1): every territory is public (G11.7); `you.objective` only for its tribe (G8.1). */
const ConquestStateSchema = Type.Object({
  version: Type.Integer(),
  status: Type.String(),
  week: Type.Integer({ description: 'the round (0 during setup)' }),
  round: Type.Integer(),
  roundLimit: Type.Integer(),
  setup: Type.Boolean(),
  tribesAtStart: Type.Integer(),
  territories: Type.Array(Type.Object({ id: Type.String(), owner: Type.String(), troops: Type.Integer() }, { additionalProperties: true })),
  tribes: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), weekday: Type.String(), phase: Type.String(), eliminated: Type.Boolean(), windowOpen: Type.Boolean(), nextOpening: Type.String() })),
  standing: Type.Array(Type.Object({ id: Type.String(), territories: Type.Integer(), troops: Type.Integer(), reinforcementList: Type.Array(Type.String()), objective: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: true })),
  result: Type.Union([Type.Null(), Type.Object({ reason: Type.String(), winners: Type.Array(Type.String()), ranking: Type.Array(Type.String()) })]),
  objectiveCommitment: Type.String(),
  objectiveSeed: Type.Union([Type.String(), Type.Null()]),
  you: Type.Union([Type.Null(), Type.Object({
    tribeId: Type.String(), phase: Type.String(), windowOpen: Type.Boolean(), closesAt: Type.Union([Type.String(), Type.Null()]), nextOpening: Type.String(),
    objective: Type.Union([Type.String(), Type.Null()]), o9Target: Type.Union([Type.String(), Type.Null()]), o9Fallback: Type.Boolean(), bigCount: Type.Integer(),
  })]),
})

export const StateSchema = Type.Union([WeeklyStateSchema, ConquestStateSchema])

export const DiceSchema = Type.Object({
  week: Type.Integer(),
  commitment: Type.String(),
  committedAt: Type.String(),
  seed: Type.Union([Type.String(), Type.Null()]),
  revealedAt: Type.Union([Type.String(), Type.Null()]),
  algorithm: Type.String(),
  sides: Type.Integer({ description: 'The sides of every die the game draws (4 for the weekday game, 6 for world conquest)' }),
  draws: Type.Array(Type.Object({
    seq: Type.Integer({ description: 'The log event that holds the draw' }), counter: Type.Integer(), face: Type.Integer(), purpose: Type.String(),
  }), { description: 'Every die of the period, in log order; face = HMAC-SHA-256(seed, counter) as the algorithm says' }),
  rolls: Type.Array(Type.Object({ seq: Type.Integer(), counter: Type.Integer(), roll: Type.Integer(), tile: Type.String(), attackers: Type.Integer(), defenders: Type.Integer(), a: Type.Integer(), d: Type.Integer(), attack: Type.Integer(), defence: Type.Integer() })),
  draftDraw: Type.Union([Type.Null(), Type.Object({
    seq: Type.Integer(), order: Type.Array(Type.String()), firstCounter: Type.Integer(),
    draws: Type.Array(Type.Object({
      counter: Type.Integer(), position: Type.Integer(), modulo: Type.Integer(),
      value: Type.Union([Type.Integer(), Type.Null()]), swapWith: Type.Union([Type.Integer(), Type.Null()]),
    })),
  }, { description: 'Week 0: the draft order\'s draw (R3.1), a Fisher–Yates shuffle of the tribes in joining order, one roll per position' })]),
})

export const VerifySchema = Type.Object({
  ok: Type.Boolean(),
  events: Type.Integer({ description: 'engine events replayed' }),
  stateHash: Type.Union([Type.String(), Type.Null()], { description: 'SHA-256 of the replayed state (canonical JSON)' }),
  storedHash: Type.String({ description: 'SHA-256 of the stored state' }),
  divergedAt: Type.Optional(Type.Integer({ description: 'the seq where the replay first differs from the log' })),
  reason: Type.Optional(Type.String()),
})

const Key = Type.String({ description: 'a tile, q,r' })
const Attack = Type.Object({
  defender: Type.Union([Type.String(), Type.Null()]), defenders: Type.Integer(),
  a: Type.Integer({ description: 'attack multiplier (R8.2)' }), d: Type.Integer({ description: 'defence multiplier (R8.2)' }),
}, { description: 'Who defends and the multipliers; never the die' })
const Effect = Type.Union([Type.Literal('move'), Type.Literal('merge'), Type.Literal('attack')])
const TribeOptionsSchema = Type.Object({
  tribe: Type.String(),
  phase: Type.String(),
  draftPick: Type.Array(Key, { description: 'Free cities this tribe may pick now (R3.4)' }),
  recruit: Type.Array(Type.Object({ city: Key, maxTroops: Type.Integer() })),
  buildShip: Type.Array(Type.Object({ port: Key, sea: Key })),
  armies: Type.Array(Type.Object({
    tile: Key, troops: Type.Integer(), mp: Type.Integer(),
    moves: Type.Array(Type.Object({
      to: Key, path: Type.Array(Key), mp: Type.Integer(), maxTroops: Type.Integer(), effect: Effect,
      claims: Type.Array(Key, { description: 'Keys the move claims (R7.5)' }), city: Type.Boolean(), attack: Type.Optional(Attack),
    })),
    embark: Type.Array(Type.Object({ ship: Type.String(), maxTroops: Type.Integer() })),
  })),
  ships: Type.Array(Type.Object({
    id: Type.String(), tile: Key, crew: Type.Integer(), mp: Type.Integer(),
    sail: Type.Array(Type.Object({ to: Key, path: Type.Array(Key), mp: Type.Integer() })),
    disembark: Type.Array(Type.Object({ to: Key, maxTroops: Type.Integer(), effect: Effect, attack: Type.Optional(Attack) })),
    portAssault: Type.Array(Type.Object({ port: Key, maxTroops: Type.Integer(), attack: Attack })),
    board: Type.Array(Type.Object({ target: Type.String(), attack: Attack })),
    crewTransfer: Type.Array(Type.Object({ to: Type.String(), maxTroops: Type.Integer() })),
  })),
  endTurn: Type.Boolean(),
}, { title: 'TribeOptions' })
const ConquestOptionsSchema = Type.Object({
  tribe: Type.String(), canOrder: Type.Boolean(), setup: Type.Boolean(), canEndTurn: Type.Boolean(),
  territories: Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: true }), { description: 'for each territory with ready units, every order the engine accepts now (G2.4)' }),
})

export const OptionsSchema = Type.Object({
  version: Type.Integer(),
  options: Type.Union([TribeOptionsSchema, ConquestOptionsSchema, Type.Null()], { description: 'null for a game master or a spectator' }),
})
