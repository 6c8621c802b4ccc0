// The shapes of the weekday game's orders and trades (docs/RULES.md); the engine checks the rules.
import { boardHead, boardTribes, boardYou } from '../board-schema.ts'
import { Type } from 'typebox'
import { Tile } from '../../schemas/actions.ts'
import { type RuleBook, orderShape as order, ordersOf } from '../order-shape.ts'
import { refusedAsset, transferSchema } from '../trade-shape.ts'

const Troops = Type.Integer({ minimum: 1, maximum: 9 })
const ShipId = Type.String({ pattern: '^s\\d{1,9}$', examples: ['s1'] })
const Path = Type.Array(Tile, { minItems: 1, maxItems: 16 })

/** The game and its rule book as the API document names them. */
const BOOK: RuleBook = { title: 'Weekday wargame', name: 'the weekday wargame', book: 'docs/RULES.md' }

/** One order of the weekday game. */
export const WeekdayOrder = ordersOf('WeekdayOrder', BOOK, [
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
])

/** What one tribe gives another in a trade of the weekday game (R11.1–R11.3). */
export const WeekdayTransfer = transferSchema('WeekdayTransfer', BOOK, 'R11', 'land, cities and ships, never resources', {
  tiles: Type.Optional(Type.Array(Tile, { maxItems: 500, description: 'Land tiles and cities the giver holds, each with the army on it (R11.2)' })),
  ships: Type.Optional(Type.Array(ShipId, { maxItems: 100, description: 'Ships the giver holds, each with its crew (R11.2)' })),
  resources: refusedAsset('R11.1', 'resources are never traded'),
})

export const Pool = Type.Object({
  id: Type.String(),
  tribe: Type.String(),
  cities: Type.Array(Type.String()),
  tiles: Type.Integer(),
  payout: Type.Integer(),
  balance: Type.Integer(),
})

/** The board as a reader sees it, with each tribe's calendar and the reader's window and MP. */
export const WeekdayBoard = Type.Object(
  {
    ...boardHead("the week (0 in the draft's)", 'with a week limit, "week n of L" (R2.6): n is 0 in the draft\'s week, which the limit does not count'),
    map: Type.Object({
      id: Type.String(),
      name: Type.String(),
      names: Type.Array(Type.Object({ tiles: Type.Array(Type.String()), en: Type.String(), es: Type.String() }), {
        description: "The map's named places (R1.5, docs/maps.md): a city's tile, or an area's; empty when the map names none",
      }),
      tiles: Type.Array(
        Type.Object({
          tile: Type.String(),
          q: Type.Integer(),
          r: Type.Integer(),
          terrain: Type.String(),
          city: Type.Boolean(),
          port: Type.Boolean(),
          owner: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
    armies: Type.Array(Type.Object({ tile: Type.String(), tribe: Type.Union([Type.String(), Type.Null()]), troops: Type.Integer() })),
    ships: Type.Array(Type.Object({ id: Type.String(), tribe: Type.String(), tile: Type.String(), crew: Type.Integer() })),
    besieged: Type.Array(Type.String()),
    draft: Type.Union([
      Type.Null(),
      Type.Object({ order: Type.Array(Type.String()), picks: Type.Array(Type.Object({ tribe: Type.String(), city: Type.String() })) }),
    ]),
    ranking: Type.Union([Type.Null(), Type.Array(Type.String())]),
    tribes: boardTribes(),
    you: boardYou({
      armies: Type.Array(Type.Object({ tile: Type.String(), troops: Type.Integer(), mp: Type.Integer() })),
      ships: Type.Array(Type.Object({ id: Type.String(), tile: Type.String(), crew: Type.Integer(), mp: Type.Integer() })),
    }),
  },
  { title: 'Weekday wargame board' },
)

/** The next Sunday payout per pool (R6). */
export const WeekdayEconomy = Type.Array(Pool, { title: 'Payout preview', description: 'The next Sunday payout per pool (the weekday game, R6)' })

const Key = Type.String({ description: 'a tile, q,r' })
const Attack = Type.Object(
  {
    defender: Type.Union([Type.String(), Type.Null()]),
    defenders: Type.Integer(),
    a: Type.Integer({ description: 'attack multiplier (R8.2)' }),
    d: Type.Integer({ description: 'defence multiplier (R8.2)' }),
  },
  { description: 'Who defends and the multipliers; never the die' },
)
const Effect = Type.Union([Type.Literal('move'), Type.Literal('merge'), Type.Literal('attack')])
export const WeekdayOptions = Type.Object(
  {
    tribe: Type.String(),
    phase: Type.String(),
    draftPick: Type.Array(Key, { description: 'Free cities this tribe may pick now (R3.4)' }),
    recruit: Type.Array(Type.Object({ city: Key, maxTroops: Type.Integer() })),
    buildShip: Type.Array(Type.Object({ port: Key, sea: Key })),
    armies: Type.Array(
      Type.Object({
        tile: Key,
        troops: Type.Integer(),
        mp: Type.Integer(),
        moves: Type.Array(
          Type.Object({
            to: Key,
            path: Type.Array(Key),
            mp: Type.Integer(),
            maxTroops: Type.Integer(),
            effect: Effect,
            claims: Type.Array(Key, { description: 'Keys the move claims (R7.5)' }),
            city: Type.Boolean(),
            attack: Type.Optional(Attack),
          }),
        ),
        embark: Type.Array(Type.Object({ ship: Type.String(), maxTroops: Type.Integer() })),
      }),
    ),
    ships: Type.Array(
      Type.Object({
        id: Type.String(),
        tile: Key,
        crew: Type.Integer(),
        mp: Type.Integer(),
        sail: Type.Array(Type.Object({ to: Key, path: Type.Array(Key), mp: Type.Integer() })),
        disembark: Type.Array(Type.Object({ to: Key, maxTroops: Type.Integer(), effect: Effect, attack: Type.Optional(Attack) })),
        portAssault: Type.Array(Type.Object({ port: Key, maxTroops: Type.Integer(), attack: Attack })),
        board: Type.Array(Type.Object({ target: Type.String(), attack: Attack })),
        crewTransfer: Type.Array(Type.Object({ to: Type.String(), maxTroops: Type.Integer() })),
      }),
    ),
    endTurn: Type.Boolean(),
  },
  { title: 'Weekday wargame options' },
)

/** Each battle's d4 with what it decided (R8.4), and week 0's draft order draw (R3.1). */
export const WeekdayDiceDetails = {
  rolls: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      counter: Type.Integer(),
      roll: Type.Integer(),
      tile: Type.String(),
      attackers: Type.Integer(),
      defenders: Type.Integer(),
      a: Type.Integer(),
      d: Type.Integer(),
      attack: Type.Integer(),
      defence: Type.Integer(),
    }),
  ),
  draftDraw: Type.Union([
    Type.Null(),
    Type.Object(
      {
        seq: Type.Integer(),
        order: Type.Array(Type.String()),
        firstCounter: Type.Integer(),
        draws: Type.Array(
          Type.Object({
            counter: Type.Integer(),
            position: Type.Integer(),
            modulo: Type.Integer(),
            value: Type.Union([Type.Integer(), Type.Null()]),
            swapWith: Type.Union([Type.Integer(), Type.Null()]),
          }),
        ),
      },
      { description: "Week 0: the draft order's draw (R3.1), a Fisher–Yates shuffle of the tribes in joining order, one roll per position" },
    ),
  ]),
}
