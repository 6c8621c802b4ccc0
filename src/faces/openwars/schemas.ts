// The shapes of Open Wars' orders, trades and answers for the API (docs/RULES-OPENWARS.md); the engine checks the rules, these the shape.
import { boardHead, boardTribes, boardYou, windowState } from '../board-schema.ts'
import { Type, type Static } from 'typebox'
import { type RuleBook, orderShape as order, ordersOf } from '../order-shape.ts'
import { refusedAsset, transferSchema } from '../trade-shape.ts'

const Cell = Type.String({ pattern: '^r[0-9]{1,2}c[0-9]{1,2}$', description: 'a location id, row and column, e.g. "r2c1"', examples: ['r2c1'] })
const Kind = Type.String({ pattern: '^[a-z_]{2,24}$', description: 'a unit kind id of Appendix A, e.g. "guerreras"', examples: ['guerreras'] })
const Spell = Type.String({ pattern: '^[a-z_]{2,24}$', description: 'a spell id of Appendix C, e.g. "rayo"' })
const FACTION = ['amazonas', 'barbaros', 'demonios', 'elfos', 'enanos', 'no_muertos', 'orcos'].map((f) => Type.Literal(f))
const Count = (max: number) => Type.Integer({ minimum: 0, maximum: max })

const Standing = Type.Object(
  {
    modo: Type.Union([Type.Literal('luchar'), Type.Literal('retirarse')]),
    umbral: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Literal('siempre')])),
    destino: Type.Optional(Type.String({ maxLength: 8, description: '"auto" or an adjacent location' })),
    retaguardia: Type.Optional(Count(4)),
    hechizo: Type.Optional(Type.Union([Spell, Type.Null()])),
  },
  { additionalProperties: false, description: 'W6.4: how a stack fights when its owner is not active' },
)

const openWarsOrders = [
  order('setFaction', { faction: Type.Union(FACTION) }, 'W1.1: during setup, the faction the tribe plays'),
  order('setArmy', { army: Type.Record(Kind, Count(4)) }, 'W3.5: during setup, the sealed starting army (worth at most 60)'),
  order('recruit', { city: Cell, kind: Kind, count: Type.Integer({ minimum: 1, maximum: 4 }) }, 'W4.5'),
  order('move', { from: Cell, kind: Kind, count: Type.Integer({ minimum: 1, maximum: 4 }), path: Type.Array(Cell, { minItems: 1, maxItems: 8 }) }, 'W5.1'),
  order('aim', { from: Cell, kind: Kind, target: Cell }, 'W6.3: a volley'),
  order(
    'cast',
    { from: Cell, kind: Kind, spell: Spell, target: Cell, targetKind: Type.Optional(Kind), count: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })) },
    'W7',
  ),
  order('setStanding', { at: Cell, kind: Kind, order: Type.Union([Standing, Type.Null()]) }, 'W6.4: a standing combat order for one stack'),
  order('setDefault', { order: Standing }, 'W6.4: the standing order of stacks with none'),
  order('setCasualtyOrder', { kinds: Type.Array(Kind, { maxItems: 7 }) }, 'W6.12'),
  order('endTurn', {}, 'W3.9: the combat phase now, and the window closes'),
]

/** The game and its rule book as the API document names them. */
const BOOK: RuleBook = { title: 'Open Wars', name: 'Open Wars', book: 'docs/RULES-OPENWARS.md' }

/** One order of Open Wars. */
export const OpenWarsOrder = ordersOf('OpenWarsOrder', BOOK, openWarsOrders)

/** What one tribe gives another in a trade of Open Wars (W8): gold, mana and empty locations. */
export const OpenWarsTransfer = transferSchema('OpenWarsTransfer', BOOK, 'W8', 'gold, mana and control of locations, never units', {
  gold: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: "Gold from the giver's treasury (W8.2)" })),
  mana: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: "Mana from the giver's pool (W8.2); the Bárbaros receive it as gold (W8.5)" })),
  locations: Type.Optional(Type.Array(Cell, { maxItems: 100, description: 'Locations the giver controls that hold no unit (W8.2, W8.4)' })),
  units: refusedAsset('W8.3', "units belong to their faction's army"),
})

/** W6.4: a stack's instructions for battles fought while its owner is not active. */
const StandingOrderShape = Type.Object({
  modo: Type.Union([Type.Literal('luchar'), Type.Literal('retirarse')]),
  umbral: Type.Optional(Type.Union([Type.Integer(), Type.Literal('siempre')])),
  destino: Type.Optional(Type.String()),
  retaguardia: Type.Optional(Type.Integer()),
  hechizo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

/** Open Wars' board: every location, stack and pool is public (W10.8); `you` holds the reader's standing orders, casualty list and sealed army. */
export const OpenWarsBoard = Type.Object(
  {
    ...boardHead('the round (0 until tick 0)', '"round n of L" (W9.4)'),
    round: Type.Integer(),
    roundLimit: Type.Integer(),
    tickZeroNotBefore: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'tick 0 (the muster) is the first Sunday 20:00 at or after this instant (W3.6)',
    }),
    rows: Type.Integer(),
    cols: Type.Integer(),
    wrap: Type.Boolean(),
    cells: Type.Array(
      Type.Object({
        id: Type.String(),
        card: Type.String(),
        controller: Type.Union([Type.String(), Type.Null()]),
        lasting: Type.Array(Type.Object({ spell: Type.String(), tribe: Type.String() }), {
          description: "lasting spells here, until their caster's next window (W7.8)",
        }),
        stacks: Type.Array(
          Type.Object({
            tribe: Type.String(),
            kind: Type.String(),
            count: Type.Integer(),
            moved: Type.Integer({ description: 'units that moved, fired or cast this window (W5.2)' }),
            damage: Type.Integer({ description: 'hits on the next unit to fall (W6.12)' }),
            bonus: Type.Array(Type.String(), { description: 'Celeridad, Vientos and a cast this window (W5.12, W11.7)' }),
          }),
          { description: "each tribe's units of one kind here (W5.9); standing orders are their owner's alone (you.orders)" },
        ),
      }),
    ),
    tribes: boardTribes(
      Type.Object(
        {
          faction: Type.Union([Type.String(), Type.Null()]),
          capital: Type.Union([Type.String(), Type.Null()], { description: "the tribe's capital (W2.13)" }),
          gold: Type.Integer(),
          mana: Type.Integer(),
          armyValue: Type.Number(),
          score: Type.Number(),
          eliminatedBy: Type.Union([Type.String(), Type.Null()], { description: "the tribe that took its last location, 'trade', 'upkeep', or null" }),
          window: windowState,
        },
        { description: "The game's own figures of the tribe, apart from the platform's calendar fields" },
      ),
    ),
    contested: Type.Array(Type.String(), { description: 'the locations contested this window, in order (W6.1)' }),
    declared: Type.Array(
      Type.Union([
        Type.Object({ what: Type.Literal('volley'), from: Type.String(), kind: Type.String(), target: Type.String(), units: Type.Integer() }),
        Type.Object({
          what: Type.Literal('spell'),
          from: Type.String(),
          kind: Type.String(),
          spell: Type.String(),
          target: Type.String(),
          liche: Type.Boolean(),
        }),
      ]),
      { description: "the active tribe's volleys and declared spells, in order (W6.1 step 1)" },
    ),
    battleMarks: Type.Array(Type.String(), { description: 'battle effects declared this window: spell:location:tribe (W11.16)' }),
    setupCommitment: Type.String({ description: "SHA-256 of the setup's secret seed, revealed with it (W10.3)" }),
    result: Type.Union([Type.Null(), Type.Object({ reason: Type.String(), ranking: Type.Array(Type.String()), ranks: Type.Array(Type.Integer()) })]),
    you: boardYou({
      army: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()], { description: 'your sealed starting army; null until submitted (W3.5)' }),
      defaultOrder: StandingOrderShape,
      casualtyList: Type.Array(Type.String(), { description: 'the kinds that fall first (W6.12)' }),
      orders: Type.Array(Type.Object({ at: Type.String(), kind: Type.String(), order: StandingOrderShape }), {
        description: "your stacks' standing orders (W6.4)",
      }),
    }),
  },
  { title: 'Open Wars board' },
)

/** W4.1: each tribe's next collection. */
export const OpenWarsEconomy = Type.Record(Type.String(), Type.Object({ gold: Type.Integer(), mana: Type.Integer() }), {
  title: 'Collection preview',
  description: 'What each tribe collects when its next window opens (Open Wars, W4.1)',
})

export const OpenWarsOptions = Type.Object(
  {
    tribe: Type.String(),
    setup: Type.Boolean(),
    orders: Type.Array(Type.Unsafe<Static<typeof OpenWarsOrder>>({ $ref: 'OpenWarsOrder#' }), {
      description: 'every order the engine accepts now, each as the orders route takes it',
    }),
  },
  { title: 'Open Wars options' },
)
