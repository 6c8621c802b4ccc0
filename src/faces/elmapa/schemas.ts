// The shapes of El Mapa's orders, trades and views for the API (docs/RULES-ELMAPA.md); the engine checks the rules.
import { boardHead, boardTribes, boardYou, windowState } from '../board-schema.ts'
import { Type, type Static } from 'typebox'
import { NOT_TRADEABLE } from '../../engine/games/elmapa/index.ts'
import { type RuleBook, orderShape as order, ordersOf } from '../order-shape.ts'
import { refusedAsset, transferSchema } from '../trade-shape.ts'

const Cell = Type.String({ pattern: '^\\d{1,2},\\d{1,2}$', description: 'a cell "r,c" of the map, e.g. "4,1"', examples: ['4,1'] })
const Card = Type.String({ pattern: '^[a-z]+-[1-6]$', description: 'a card of your hand, e.g. "escudo-4"', examples: ['pies-1'] })
const Kind = Type.Union(['leva', 'soldado', 'arquero', 'caballero'].map((k) => Type.Literal(k)))
const Count = (max = 999) => Type.Integer({ minimum: 0, maximum: max })
const Troops = Type.Object(
  { leva: Type.Optional(Count()), soldado: Type.Optional(Count()), arquero: Type.Optional(Count()), caballero: Type.Optional(Count()) },
  { additionalProperties: false },
)
const Boosters = Type.Array(Card, { maxItems: 18 })
const CombatCard = Type.Object(
  { card: Card, entry: Type.Integer({ minimum: 0, maximum: 4 }), boosters: Type.Optional(Boosters) },
  { additionalProperties: false },
)
const Entry = Type.Object(
  {
    kind: Kind,
    take: Type.Union([Type.Integer({ minimum: 1, maximum: 999 }), Type.Literal('all')]),
    column: Type.Integer({ minimum: 0, maximum: 4 }),
    tactic: Type.Union([Type.Literal('advance'), Type.Literal('hold'), Type.Literal('shoot')]),
  },
  { additionalProperties: false },
)
const planOf = (reactions: boolean) =>
  Type.Object(
    {
      platoons: Type.Array(Entry, { minItems: 1, maxItems: 5 }),
      flee: Type.Integer({ minimum: 0, maximum: 100, description: 'flee below this percentage of the side’s starting troops (M8.16)' }),
      ...(reactions ? { reactions: Type.Optional(Type.Array(CombatCard, { maxItems: 12 })) } : {}),
    },
    { additionalProperties: false },
  )
const Direction = Type.Union(['N', 'E', 'S', 'W'].map((d) => Type.Literal(d)))

const elMapaOrders = [
  order('setBattlePlan', { plan: planOf(true) }, 'M8.5: the standing plan, with its reactions (M9.8)'),
  order('hire', { village: Cell, troops: Troops, army: Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('new'), Type.Literal('newConvoy')]) }, 'M5.4'),
  order(
    'build',
    {
      village: Cell,
      building: Type.String({ pattern: '^[a-z]+$', examples: ['cuartel'] }),
      slot: Type.String({ pattern: '^[1-4][a-d]$', examples: ['1a'] }),
      cards: Type.Optional(Type.Array(Type.Object({ card: Card, boosters: Type.Optional(Boosters) }, { additionalProperties: false }), { maxItems: 3 })),
      invest: Type.Optional(
        Type.Union([
          Count(),
          Type.Array(Type.Object({ village: Cell, kind: Kind, n: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }), { maxItems: 24 }),
        ]),
      ),
    },
    'M3.4',
  ),
  order('bankTrade', { exchange: Type.Union(['sell-madera', 'sell-piedra', 'buy-madera', 'buy-piedra'].map((x) => Type.Literal(x))), n: Count(99) }, 'M4.4'),
  order(
    'step',
    { army: Type.Integer({ minimum: 1 }), dir: Direction, plan: Type.Optional(planOf(false)), cards: Type.Optional(Type.Array(CombatCard, { maxItems: 5 })) },
    'M6.3',
  ),
  order(
    'exchange',
    { armies: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 2, maxItems: 2 }), give: Type.Array(Troops, { minItems: 2, maxItems: 2 }) },
    'M5.7',
  ),
  order(
    'cast',
    {
      card: Card,
      boosters: Type.Optional(Boosters),
      army: Type.Optional(Type.Integer({ minimum: 1 })),
      cells: Type.Optional(Type.Array(Cell, { maxItems: 12 })),
    },
    'M9.7',
  ),
  order(
    'teleport',
    {
      card: Card,
      boosters: Type.Optional(Boosters),
      army: Type.Integer({ minimum: 1 }),
      to: Cell,
      plan: Type.Optional(planOf(false)),
      cards: Type.Optional(Type.Array(CombatCard, { maxItems: 5 })),
    },
    'M9.9',
  ),
  order('endTurn', {}, 'M2.4'),
]

/** The game and its rule book as the API document names them. */
const BOOK: RuleBook = { title: 'El Mapa', name: 'El Mapa', book: 'docs/RULES-ELMAPA.md' }

/** One order of El Mapa. */
export const ElMapaOrder = ordersOf('ElMapaOrder', BOOK, elMapaOrders)

const Stock = Type.Object({ oro: Type.Integer(), madera: Type.Integer(), piedra: Type.Integer() })

const Amount = Type.Integer({ minimum: 0, maximum: 100_000 })

/** What one tribe gives another in a trade of El Mapa (M10): resources, cards, mines and villages. */
export const ElMapaTransfer = transferSchema('ElMapaTransfer', BOOK, 'M10', 'resources, cards, mines and villages', {
  resources: Type.Optional(
    Type.Object(
      { oro: Type.Optional(Amount), madera: Type.Optional(Amount), piedra: Type.Optional(Amount) },
      { additionalProperties: false, description: "Oro, madera and piedra from the giver's stock (M10.2), between tribes that each own a Mercado (M10.4)" },
    ),
  ),
  cards: Type.Optional(Type.Array(Card, { maxItems: 30, description: "Cards of the giver's hand, neither armed nor reserved (M10.2, M10.5)" })),
  cells: Type.Optional(
    Type.Array(Cell, {
      maxItems: 100,
      description: 'Mines, spell mines and villages (with their whole castle) the giver owns, with no army of its own on them (M10.2, M10.5)',
    }),
  ),
  ...Object.fromEntries(NOT_TRADEABLE.map((k) => [k, refusedAsset('M10.3', `${k} are not tradeable`)])),
})

/** El Mapa's board (M12.9): a face-down cell is its zone code only; `you` holds the reader's hand and plan. */
export const ElMapaBoard = Type.Object(
  {
    ...boardHead('the round (0 until tick 0)', '"round n of L" (M1.2)'),
    round: Type.Integer(),
    limit: Type.Integer({ description: 'the round limit (M1.2)' }),
    obstacles: Type.String(),
    setup: Type.Boolean({ description: 'before tick 0: only the battle plan may be set (M2.3)' }),
    tickZeroNotBefore: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'tick 0 is the first Sunday 20:00 at or after this instant (M2.4)',
    }),
    rows: Type.Integer(),
    cols: Type.Integer(),
    cells: Type.Array(
      Type.Object(
        {
          cell: Type.String(),
          code: Type.String({ description: 'J, M, P (a home) or the zone 1, 2, 3' }),
          position: Type.Union([Type.Integer(), Type.Null()]),
          revealed: Type.Boolean(),
          tile: Type.Optional(Type.String()),
          closed: Type.Optional(
            Type.Union([Type.Literal('N'), Type.Literal('E'), Type.Literal('S'), Type.Literal('W'), Type.Null()], { description: 'its closed side' }),
          ),
          guards: Type.Optional(Type.Array(Type.Object({ kind: Kind, n: Type.Integer() }))),
          treasures: Type.Optional(Type.Integer()),
          owner: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          castle: Type.Optional(
            Type.Union([
              Type.Object({
                slots: Type.Record(Type.String(), Type.String(), { description: 'slot → building (M3.2)' }),
                built: Type.Boolean(),
                reserve: Troops,
                progress: Type.Object(Troops.properties, { description: 'training progress per kind (M5.2)' }),
                invest: Type.Integer({ description: "the wonder's investment units (M3.7)" }),
              }),
              Type.Null(),
            ]),
          ),
        },
        { description: 'a revealed cell adds its tile, closed side, guards, treasures, owner and castle (M12.9)' },
      ),
    ),
    standing: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        weekday: Type.String(),
        position: Type.Integer(),
        stock: Stock,
        vp: Type.Object({ explore: Type.Integer(), battle: Type.Integer(), buildings: Type.Integer() }),
        hand: Type.Union([Type.Object({ 1: Type.Integer(), 2: Type.Integer(), 3: Type.Integer() }), Type.Array(Type.String())], {
          description: 'the count per level; every card once the campaign is over (M11.6)',
        }),
        armed: Type.Object({ suerte: Type.Integer(), produccion: Type.Integer() }, { description: 'the armed cards (M9.8)' }),
        eliminated: Type.Boolean(),
        eliminatedBy: Type.Union([Type.String(), Type.Null()]),
        window: windowState,
      }),
    ),
    armies: Type.Array(
      Type.Object({
        id: Type.Integer(),
        tribe: Type.String(),
        cell: Type.String(),
        troops: Troops,
        convoy: Type.Boolean(),
        tired: Type.Boolean(),
        steps: Type.Integer(),
        bonus: Type.Integer(),
        cast: Type.Array(Type.String(), { description: 'map cards cast on it this window (M9.7, M13.16)' }),
      }),
    ),
    dispersed: Type.Array(
      Type.Object(
        {
          id: Type.Integer(),
          tribe: Type.String(),
          troops: Troops,
          from: Type.String(),
          returns: Type.Integer({ description: 'the round whose ending tick brings it back' }),
        },
        { description: 'armies dispersed, coming back (M5.9)' },
      ),
    ),
    decks: Type.Object({ 1: Type.Integer(), 2: Type.Integer(), 3: Type.Integer(), treasure: Type.Integer() }, { description: 'cards left in each deck' }),
    piles: Type.Object({ 1: Type.Integer(), 2: Type.Integer(), 3: Type.Integer() }, { description: 'cards in each discard pile' }),
    treasurePile: Type.Array(Type.String()),
    commitments: Type.Object({ tile: Type.String(), card: Type.String(), treasure: Type.String() }),
    secretSeed: Type.Union([Type.String(), Type.Null()], { description: 'revealed at the end (M11.6)' }),
    result: Type.Union([
      Type.Null(),
      Type.Object({
        reason: Type.String(),
        ranking: Type.Array(Type.String()),
        scores: Type.Array(
          Type.Object({
            id: Type.String(),
            vp: Type.Integer(),
            explore: Type.Integer(),
            battle: Type.Integer(),
            buildings: Type.Integer(),
            villages: Type.Integer(),
            goods: Type.Integer(),
            place: Type.Integer(),
          }),
        ),
      }),
    ]),
    tribes: boardTribes(),
    you: boardYou(
      { hand: Type.Array(Type.String()), plan: Type.Union([planOf(true), Type.Null()]), reserved: Type.Array(Type.String()) },
      { description: 'your own hand and standing plan (M12.9)' },
    ),
  },
  { title: 'El Mapa board' },
)

/** What the next tick gives each tribe in play (M4.1), by tribe id. */
export const ElMapaEconomy = Type.Record(Type.String(), Stock, { title: 'El Mapa tick preview', description: 'The next tick per tribe (El Mapa, M4)' })

export const ElMapaOptions = Type.Object(
  {
    orders: Type.Array(Type.Unsafe<Static<typeof ElMapaOrder>>({ $ref: 'ElMapaOrder#' }), {
      description: 'every order the engine accepts now, each as the orders route takes it',
    }),
  },
  { title: 'El Mapa options' },
)
