// The weekday wargame's events (docs/RULES.md R12.1), as an order's answer and the log carry them.
import { Type, type Static } from 'typebox'
import type { GameEvent, Order, SystemAction } from '../../engine/games/weekday/types.ts'
import { event, givenOrder, oneOf, systemAction, type Agree } from '../event-kit.ts'
import { Pool } from './schemas.ts'

const Tile = Type.String({ description: 'a tile key "q,r"' })
const Tiles = Type.Array(Tile)
const Count = Type.Integer()
const Transfer = Type.Object(
  { from: Type.String(), to: Type.String(), tiles: Type.Optional(Tiles), ships: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: false },
)
/** A draft pick as the log keeps it: the place, and the pick's instant and its week's tick (epoch ms) the platform adds (R3.2, R2.6). */
const DraftPick = event('draftPick', { city: Tile, at: Type.Optional(Count), weekTick: Type.Optional(Count) }, 'A pick of the draft (POST /draft/picks)')
const Multiplier = Type.Union([Type.Literal(1), Type.Literal(2)])

export const WeekdayEvent = Type.Union(
  [
    event('order', { tribe: Type.String(), order: givenOrder<Order>('WeekdayOrder', { also: [DraftPick] }) }, 'An order as it was given (R12.1)'),
    event('system', { action: systemAction<SystemAction>() }, 'A platform action, as it was applied (R12.1)'),
    event('draftStarted', { order: Type.Array(Type.String()), counter: Count }, 'The draft order, drawn (R3.1)'),
    event('draftPicked', { tribe: Type.String(), city: Tile }, 'A capital chosen (R3.2)'),
    event('campaignStarted', {}, 'The last pick made: the campaign runs (R3.5)'),
    event('windowOpened', { tribe: Type.String() }, "A tribe's weekday window opened (R4.3)"),
    event('windowClosed', { tribe: Type.String() }, "A tribe's weekday window closed (R4.3)"),
    event('recruited', { tribe: Type.String(), city: Tile, troops: Count, pool: Type.String(), cost: Count }, 'Troops recruited in a city (R5.1)'),
    event('shipBuilt', { tribe: Type.String(), ship: Type.String(), port: Tile, sea: Tile, pool: Type.String(), cost: Count }, 'A ship built in a port (R5.6)'),
    event(
      'moved',
      { tribe: Type.String(), from: Tile, path: Tiles, troops: Count, claimed: Tiles, merged: Type.Boolean() },
      'An army moved, claiming the empty land it entered (R7.3, R7.5)',
    ),
    event('embarked', { tribe: Type.String(), from: Tile, ship: Type.String(), troops: Count }, 'Troops boarded a ship (R10.2)'),
    event('disembarked', { tribe: Type.String(), ship: Type.String(), to: Tile, troops: Count }, 'Troops landed from a ship (R10.4)'),
    event('shipMoved', { tribe: Type.String(), ship: Type.String(), path: Tiles }, 'A ship sailed (R10.3)'),
    event('crewTransferred', { tribe: Type.String(), from: Type.String(), to: Type.String(), troops: Count }, 'Troops moved from one ship to another (R10.8)'),
    event(
      'combat',
      {
        kind: oneOf(['land', 'disembark', 'portAssault', 'boarding']),
        tile: Tile,
        attacker: Type.String(),
        defender: Type.Union([Type.String(), Type.Null()]),
        attackers: Count,
        defenders: Count,
        a: Multiplier,
        d: Multiplier,
        roll: Count,
        counter: Count,
        attack: Count,
        defence: Count,
        result: oneOf(['attacker', 'defender', 'tie']),
        attackerSurvivors: Count,
        defenderSurvivors: Count,
      },
      'A combat and its die, with the multipliers of R8.2 (`a`, `d`) and the dice counter (R8.4)',
    ),
    event(
      'tileTaken',
      { tile: Tile, from: Type.Union([Type.String(), Type.Null()]), to: Type.String(), city: Type.Boolean() },
      'A tile changed hands (R7.5, R8.3)',
    ),
    event('shipTaken', { ship: Type.String(), from: Type.String(), to: Type.String() }, 'A ship boarded and taken (R10.7)'),
    event('turnEnded', { tribe: Type.String() }, 'A tribe ended its turn early (R4.6)'),
    event('siegeLoss', { city: Tile, owner: Type.String(), lost: Count, garrison: Count }, 'A besieged city lost troops at its window’s close (R9.2)'),
    event('siegeLifted', { city: Tile, owner: Type.Union([Type.String(), Type.Null()]) }, 'A city no longer besieged at a check (R9.3)'),
    event('payout', { week: Count, pools: Type.Array(Pool) }, 'The Sunday payout into each pool (R6.2)'),
    event('seedSet', { counter: Count }, "The week's dice seed set, its counter from 0 (R8.4)"),
    event('tradeExecuted', { transfers: Type.Array(Transfer) }, 'A trade carried out (R11)'),
    event('eliminated', { tribe: Type.String(), troopsRemoved: Count, shipsRemoved: Type.Array(Type.String()) }, 'A tribe lost its last city (R2.4)'),
    event(
      'campaignFinished',
      { ranking: Type.Array(Type.String()), reason: oneOf(['last_tribe', 'week_limit']) },
      'The campaign ended, with its ranking (R2.5, R2.6)',
    ),
  ],
  { title: 'Weekday wargame event', description: 'One event of the weekday wargame (docs/RULES.md R12.1), told apart by `type`' },
)

/** The schema says exactly the engine's events: a type error here when either changes alone. */
export const weekdayEventsAgree: Agree<Static<typeof WeekdayEvent>, GameEvent> = true
