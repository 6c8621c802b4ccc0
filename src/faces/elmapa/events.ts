// El Mapa's events (docs/RULES-ELMAPA.md M12), as an order's answer and the log carry them.
import { Type, type Static } from 'typebox'
import type { ElMapaEvent as EngineEvent, ElMapaOrder, ElMapaSystem } from '../../engine/games/elmapa/types.ts'
import { byId, eliminatedEvent, event, givenOrder, oneOf, roundEvents, systemAction, type Agree } from '../event-kit.ts'

const Cell = Type.String({ description: 'a cell id of the map' })
const Count = Type.Integer()
const Side = Type.Union([Type.Literal('A'), Type.Literal('D')])
const Kind = oneOf(['leva', 'soldado', 'arquero', 'caballero'])
const Troops = Type.Object({ leva: Count, soldado: Count, arquero: Count, caballero: Count }, { additionalProperties: false })
const Stock = Type.Object({ oro: Count, madera: Count, piedra: Count }, { additionalProperties: false })
const SomeStock = Type.Partial(Stock)
const Die = Type.Object({ counter: Count, face: Count, purpose: Type.String() }, { additionalProperties: false })
// Two integers, as an array of two: OpenAPI 3.1 has no draft-07 tuple (`items: [...]`).
const Square = Type.Unsafe<[number, number]>(Type.Array(Count, { minItems: 2, maxItems: 2, description: 'a square of the battle board (x, y) (M8.2)' }))
const Revealed = Type.Object(
  { cell: Cell, tile: Type.String(), closed: Type.Union([oneOf(['N', 'E', 'S', 'W']), Type.Null()]) },
  { additionalProperties: false },
)

/** One activation of a battle (M8.18): a platoon's path and attack, or a counter-attack. */
const Action = Type.Object(
  {
    platoon: Type.String(),
    path: Type.Array(Square),
    target: Type.Optional(Type.String()),
    ranged: Type.Optional(Type.Boolean()),
    kills: Type.Optional(Count),
    counter: Type.Optional(Count),
  },
  { additionalProperties: false },
)
const Platoon = Type.Object(
  { id: Type.String(), kind: Kind, n: Count, x: Count, y: Count, tactic: oneOf(['advance', 'hold', 'shoot']), hp: Count, move: Count },
  { additionalProperties: false },
)
/** A battle as the log keeps it (M8.18): obstacles, formations, every activation, the dice and cards. */
const BattleLog = Type.Object(
  {
    attacker: Type.String(),
    defender: Type.Union([Type.String(), Type.Null()], { description: 'null: the guards of a tile (M7.2)' }),
    from: Cell,
    cell: Cell,
    obstacles: Type.Array(Square),
    platoons: Type.Array(Platoon),
    rounds: Type.Array(Type.Array(Action)),
    pursuit: Type.Union([Type.Array(Action), Type.Null()]),
    fled: Type.Union([Side, Type.Null()]),
    result: oneOf(['attacker', 'defender', 'standoff']),
    killed: Type.Object({ A: Troops, D: Troops }, { additionalProperties: false }),
    vp: Count,
    dice: Type.Array(Die),
    cards: Type.Array(Type.String()),
  },
  { additionalProperties: false },
)
const Score = Type.Object(
  { id: Type.String(), vp: Count, explore: Count, battle: Count, buildings: Count, villages: Count, goods: Count, place: Count },
  { additionalProperties: false },
)
const Transfer = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    resources: Type.Optional(SomeStock),
    cards: Type.Optional(Type.Array(Type.String())),
    cells: Type.Optional(Type.Array(Cell)),
  },
  { additionalProperties: false },
)

export const ElMapaEvent = Type.Union(
  [
    event('order', { tribe: Type.String(), order: givenOrder<ElMapaOrder>('ElMapaOrder', { sealed: true }) }, 'An order as it was given (M12)'),
    event('system', { action: systemAction<ElMapaSystem>() }, 'A platform action, as it was applied (M12)'),
    event(
      'started',
      {
        positions: byId(Count, 'tribe → position (M12.4)'),
        commitments: Type.Object({ tile: Type.String(), card: Type.String(), treasure: Type.String() }, { additionalProperties: false }),
        revealed: Type.Array(Revealed),
      },
      'Tick 0: positions, the seeds committed, the home cells revealed (M2.4, M12.2, M12.4)',
    ),
    event('revealed', { tribe: Type.String(), cells: Type.Array(Revealed) }, 'Cells turned face up (M6.4)'),
    event('treasure', { tribe: Type.String(), cell: Cell, card: Type.String(), gained: SomeStock }, 'A treasure card drawn on entering (M7.4)'),
    event('claimed', { tribe: Type.String(), cell: Cell, from: Type.Union([Type.String(), Type.Null()]) }, 'A mine or village claimed (M7.5–M7.7)'),
    event('battle', { record: BattleLog }, 'A battle (M8.18)'),
    event('dispersed', { tribe: Type.String(), group: Count, troops: Troops, returns: Count }, 'A beaten army dispersed (M8.17)'),
    event(
      'returned',
      { tribe: Type.String(), group: Count, cell: Cell, into: Type.Union([Count, Type.Literal('reserve')]) },
      'Dispersed troops back at the tick (M2.11)',
    ),
    event('drew', { tribe: Type.String(), level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]), n: Count }, 'Cards drawn at the tick (M9.3)'),
    event('windowOpened', { tribe: Type.String() }, "A tribe's window opened (M2.8)"),
    event('ticked', { round: Count, produced: byId(Stock, 'tribe → production (M4.2)') }, 'The tick (M2.11)'),
    ...roundEvents({ closed: 'M2.10', tick0: 'M2.4', hours: 48, seed: 'M12.2' }),
    event('tradeExecuted', { transfers: Type.Array(Transfer) }, 'A trade carried out (M10.2)'),
    eliminatedEvent("the tribe that took its last village, or 'trade'", 'M11.5'),
    event(
      'ended',
      {
        reason: oneOf(['wonder', 'explored', 'roundLimit', 'lastTribe']),
        ranking: Type.Array(Type.String()),
        scores: Type.Array(Score),
        secretSeed: Type.String(),
        hands: byId(Type.Array(Type.String()), 'tribe → hand, revealed (M11.6)'),
      },
      'The end: final VP, the ranking, every hand and seed revealed (M11.1–M11.6)',
    ),
  ],
  { title: 'El Mapa event', description: 'One event of El Mapa (docs/RULES-ELMAPA.md M12), told apart by `type`' },
)

/** The schema says exactly the engine's events: a type error here when either changes alone. */
export const elMapaEventsAgree: Agree<Static<typeof ElMapaEvent>, EngineEvent> = true
