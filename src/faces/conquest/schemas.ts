// The shapes of world conquest's orders and trades (docs/rule-books.md N1); the engine checks the rules.
import { boardHead, boardTribes, boardYou, windowState } from '../board-schema.ts'
import { Type } from 'typebox'
import { type RuleBook, orderShape as order, ordersOf } from '../order-shape.ts'
import { refusedAsset, transferSchema } from '../trade-shape.ts'

const Territory = Type.String({ pattern: '^[a-z]{3}$', description: 'a territory id of the world map, e.g. "efi"', examples: ['efi'] })
const Count = (max = 999) => Type.Integer({ minimum: 0, maximum: max })
const GOODS = ['basic', 'oil', 'net', 'lithium', 'nuclear', 'tribes', 'tech', 'niobium', 'virus', 'labour', 'tank', 'artillery', 'missile', 'bio']
const Cargo = Type.Object(Object.fromEntries(GOODS.map((g) => [g, Type.Optional(Count())])), { additionalProperties: false })
/** Every good and weapon a territory holds, by name (G4.1, G4.7). */
const GoodsCount = Type.Object(Object.fromEntries(GOODS.map((g) => [g, Type.Integer()])) as Record<string, ReturnType<typeof Type.Integer>>)
const KIND = ['troop', 'wall', 'fort', 'ship', 'plane', 'tank', 'artillery', 'missile', 'bio'].map((k) => Type.Literal(k))

const strike = (type: string, rule: string) => order(type, { from: Territory, target: Territory }, rule)

const conquestOrders = [
  order('setReinforcements', { list: Type.Array(Territory, { minItems: 1, maxItems: 42 }) }, "G3.2: where next tick's troops go, round-robin"),
  order('move', { from: Territory, to: Territory, troops: Count(), cargo: Type.Optional(Cargo) }, 'G5.1'),
  order('attack', { from: Territory, to: Territory, troops: Count() }, 'G6.1'),
  order('guard', { at: Territory, troops: Count() }, 'G6.8'),
  order('gather', { at: Territory, troops: Count(3) }, 'G4.4'),
  order('build', { at: Territory, kind: Type.Union(KIND), count: Type.Optional(Count()) }, 'G4.7'),
  order('fly', { from: Territory, to: Territory, troops: Type.Optional(Count(3)), resources: Type.Optional(Cargo) }, 'G7.3'),
  order('sail', { from: Territory, to: Territory, troops: Type.Optional(Count(6)), cargo: Type.Optional(Cargo) }, 'G7.5'),
  strike('airStrike', 'G7.4'),
  strike('navalBombard', 'G7.6'),
  strike('fireArtillery', 'G7.7'),
  strike('launchMissile', 'G7.8'),
  strike('releaseBio', 'G7.9'),
  order('endTurn', {}, 'G2.8'),
]

/** The game and its rule book as the API document names them. */
const BOOK: RuleBook = { title: 'World conquest', name: 'world conquest', book: 'docs/RULES-CONQUEST.md' }

/** One order of world conquest. */
export const ConquestOrder = ordersOf('ConquestOrder', BOOK, conquestOrders)

/** What one tribe gives another in a trade of world conquest (G9): whole territories. */
export const ConquestTransfer = transferSchema('ConquestTransfer', BOOK, 'G9', 'whole territories, with everything in them', {
  tiles: Type.Optional(
    Type.Array(Territory, { maxItems: 42, description: 'Territories the giver owns, each whole: its troops, stock, wall, weapons, planes and ships (G9.2)' }),
  ),
  ships: refusedAsset('G9.3', 'ships go only with the territory they stand in'),
  resources: refusedAsset('G9.3', 'goods go only with the territory that stores them'),
})

/** World conquest's board (docs/RULES-CONQUEST.md, docs/rule-books.md N1): every territory is public (G11.7); `you.objective` only for its tribe (G8.1). */
export const ConquestBoard = Type.Object(
  {
    ...boardHead('the round (0 during setup)', '"round n of L" (G1.7); null before the start'),
    round: Type.Integer(),
    roundLimit: Type.Integer(),
    setup: Type.Boolean(),
    tickZeroNotBefore: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'during setup: tick 0 is the first Sunday 20:00 at or after this instant (G1.14)',
    }),
    tribesAtStart: Type.Integer(),
    territories: Type.Array(
      Type.Object({
        id: Type.String(),
        owner: Type.String({ description: 'the tribe holding it' }),
        troops: Type.Integer(),
        ready: Type.Integer({ description: 'troops that have not acted this window' }),
        guards: Type.Integer({ description: 'troops on guard (G6.8)' }),
        gathered: Type.Boolean({ description: 'resources gathered here this window (G4.4)' }),
        wall: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { description: '0 none, 1 a Muralla, 2 a Fortaleza (G4.11)' }),
        stock: GoodsCount,
        artilleryReady: Type.Integer(),
        planes: Type.Integer(),
        planesReady: Type.Integer(),
        ships: Type.Integer(),
        shipsReady: Type.Integer(),
        incoming: Type.Object(GoodsCount.properties, { description: 'weapons under construction, ready next tick (G4.7)' }),
      }),
    ),
    tribes: boardTribes(),
    standing: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        weekday: Type.String(),
        eliminated: Type.Boolean(),
        eliminatedBy: Type.Union([Type.String(), Type.Null()], { description: "the tribe that took its last territory, 'trade', or null" }),
        window: windowState,
        territories: Type.Integer(),
        troops: Type.Integer(),
        reinforcementList: Type.Array(Type.String(), { description: 'empty: the default list (G3.4)' }),
        objective: Type.Union([Type.String(), Type.Null()], { description: 'secret until the end (G8.1, G8.10)' }),
      }),
    ),
    result: Type.Union([Type.Null(), Type.Object({ reason: Type.String(), winners: Type.Array(Type.String()), ranking: Type.Array(Type.String()) })]),
    objectiveCommitment: Type.String(),
    objectiveSeed: Type.Union([Type.String(), Type.Null()]),
    you: boardYou({
      objective: Type.Union([Type.String(), Type.Null()]),
      o9Target: Type.Union([Type.String(), Type.Null()]),
      o9Fallback: Type.Boolean(),
      bigCount: Type.Integer(),
    }),
  },
  { title: 'World conquest board' },
)

/** World conquest's next tick, per tribe (G3.1, G3.5): troops and Básicos. */
export const ConquestEconomy = Type.Array(
  Type.Object({ tribe: Type.String(), territories: Type.Integer(), troops: Type.Integer(), basic: Type.Integer(), lastRound: Type.Boolean() }),
  { title: 'Tick preview', description: 'The next tick per tribe (world conquest, G3)' },
)

/** A list of territories: each is the `to` (or `target`) of one order of `type` from the territory listed. */
const targets = (type: string, count = '') =>
  Type.Array(Type.String(), {
    description: `each an order {type: "${type}", from: id, ${type === 'move' || type === 'attack' ? 'to' : 'target'}: this${count}}`,
  })

/**
 * How to form each order the engine accepts now: a territory's lists name the other end of an
 * order from it, and its counts bound the troops the order may take. What `offeredOrders` builds
 * from them (in the engine) is what a bot of the platform chooses among.
 */
export const ConquestOptions = Type.Object(
  {
    tribe: Type.String(),
    canOrder: Type.Boolean({ description: 'during setup: whether {type: "setReinforcements", list: [your territories…]} is accepted now (G3.2)' }),
    setup: Type.Boolean({ description: 'the setup before tick 0: only setReinforcements is ordered (G3.4)' }),
    canEndTurn: Type.Boolean({ description: 'whether {type: "endTurn"} is accepted now (G2.8); false during setup' }),
    territories: Type.Array(
      Type.Object({
        id: Type.String({ description: 'one of your territories with ready units' }),
        ready: Type.Integer({ description: 'troops that have not acted this window' }),
        canLeave: Type.Integer({ description: 'the most troops a move or an attack from here may take (1 to canLeave; one stays, G5.1)' }),
        moves: targets('move', ', troops: 1…canLeave} (G5.1)'),
        attacks: targets('attack', ', troops: 1…canLeave} (G6.1)'),
        gather: Type.Integer({ description: 'the most troops of {type: "gather", at: id, troops} (G4.4); 0: none' }),
        guard: Type.Integer({ description: 'the most troops of {type: "guard", at: id, troops} (G6.8)' }),
        builds: Type.Array(Type.Object({ kind: Type.Union(KIND), max: Type.Integer() }), {
          description: 'each {type: "build", at: id, kind, count: 1…max} (G4.7)',
        }),
        fly: Type.Array(Type.String(), { description: 'each {type: "fly", from: id, to: this} (G7.3)' }),
        sail: Type.Array(Type.String(), { description: 'each {type: "sail", from: id, to: this} (G7.5)' }),
        airStrike: targets('airStrike', '} (G7.4)'),
        navalBombard: targets('navalBombard', '} (G7.6)'),
        fireArtillery: targets('fireArtillery', '} (G7.7)'),
        launchMissile: targets('launchMissile', '} (G7.8)'),
        releaseBio: targets('releaseBio', '} (G7.9)'),
      }),
      { description: 'for each territory with ready units, every order the engine accepts now (G2.4), empty during setup' },
    ),
  },
  { title: 'World conquest options' },
)
