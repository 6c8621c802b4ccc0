// Open Wars' events (docs/RULES-OPENWARS.md W10.1), as an order's answer and the log carry them.
import { Type, type Static } from 'typebox'
import type { OpenEvent, OpenOrder, OpenSystem } from '../../engine/games/openwars/types.ts'
import { byId, Die, eliminatedEvent, event, givenOrder, oneOf, roundEvents, systemAction, type Agree } from '../event-kit.ts'

const Cell = Type.String({ description: 'a location id "r<row>c<col>"' })
const Count = Type.Integer()
const Dice = Type.Array(Die)
const Fell = Type.Array(Type.Object({ tribe: Type.String(), kind: Type.String() }, { additionalProperties: false }), {
  description: 'the units that fell, one entry each (W6.13)',
})
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

/** One turn of a battle (W6.8): an attack, a retreat or a prepared spell. */
const Turn = Type.Object(
  {
    round: Count,
    tribe: Type.String(),
    kind: Type.String(),
    act: oneOf(['attack', 'retreat', 'spell']),
    attack: Type.Optional(Count),
    dice: Type.Optional(Dice),
    hits: Type.Optional(Count),
    to: Type.Optional(Cell),
    spell: Type.Optional(Type.String()),
    fell: Type.Optional(Fell),
  },
  { additionalProperties: false },
)
const Transfer = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    gold: Type.Optional(Count),
    mana: Type.Optional(Count),
    locations: Type.Optional(Type.Array(Cell)),
  },
  { additionalProperties: false },
)

export const OpenWarsEvent = Type.Union(
  [
    event(
      'order',
      { tribe: Type.String(), order: givenOrder<OpenOrder>('OpenWarsOrder', { sealed: true }) },
      'An order as it was given; a move is told by its order (W10.1)',
    ),
    event('system', { action: systemAction<OpenSystem>() }, 'A platform action, as it was applied (W10.1)'),
    event(
      'mapBuilt',
      { seed: Type.String(), sectors: Type.Array(Type.String()), cards: Type.Array(Type.String()), setupCommitment: Type.String() },
      'The map built and its cards dealt (W2.12–W2.14, W10.3)',
    ),
    event(
      'mustered',
      {
        armies: byId(byId(Count), 'tribe → kind → units'),
        values: byId(Count, 'tribe → army value (W1.7)'),
        rolls: Type.Array(Type.Object({ tribe: Type.String(), die: Die }, { additionalProperties: false })),
        weekdays: byId(oneOf([...WEEKDAYS]), 'tribe → weekday (W3.7)'),
        setupSeed: Type.String(),
      },
      'Tick 0: the starting armies, and the weekdays dealt by army value (W3.5–W3.7)',
    ),
    ...roundEvents({ closed: 'W3.2', tick0: 'W3.6', hours: 72, seed: 'W10.3' }),
    event(
      'windowOpened',
      {
        tribe: Type.String(),
        gold: Count,
        mana: Count,
        banished: Type.Array(Type.Object({ at: Cell, kind: Type.String() }, { additionalProperties: false })),
      },
      "A tribe's window opened, with its collection and upkeep (W3.10, W4.1–W4.4)",
    ),
    event('volley', { tribe: Type.String(), from: Cell, target: Cell, kind: Type.String(), dice: Dice, hits: Count, fell: Fell }, 'A volley at range (W6.3)'),
    event(
      'spellResolved',
      { tribe: Type.String(), spell: Type.String(), target: Cell, dice: Dice, hits: Count, fell: Fell, void: Type.Boolean() },
      'A declared spell resolved (W7.6, W7.9)',
    ),
    event(
      'battle',
      {
        at: Cell,
        attacker: Type.String(),
        defender: Type.String(),
        order: Type.Array(Type.String(), { description: 'the stacks in initiative order (W6.7)' }),
        initiative: Type.Array(Count, { description: "each stack's effective initiative, in order (W6.7)" }),
        rolls: Dice,
        turns: Type.Array(Turn),
        winner: Type.Union([Type.String(), Type.Null()]),
        withdrew: Type.Array(Type.String()),
      },
      'A battle, turn by turn (W6.5–W6.14)',
    ),
    event(
      'phaseEnded',
      {
        tribe: Type.String(),
        risen: Type.Array(
          Type.Object({ at: Cell, tribe: Type.String(), kind: Type.String(), die: Die, rose: Type.Boolean() }, { additionalProperties: false }),
        ),
        raised: Type.Array(Type.Object({ at: Cell, tribe: Type.String(), count: Count }, { additionalProperties: false })),
      },
      'The combat phase ended, with the fallen who rose again (W6.16)',
    ),
    event('roundStarted', { round: Count }, 'A round began at the tick (W3.13)'),
    event('tradeExecuted', { transfers: Type.Array(Transfer) }, 'A trade carried out: gold, mana, locations (W8.2, W8.5)'),
    eliminatedEvent("the tribe that defeated its army, 'trade' or 'upkeep'", 'W9.1'),
    event(
      'campaignEnded',
      {
        reason: oneOf(['lastTribe', 'roundLimit']),
        ranking: Type.Array(Type.String()),
        ranks: Type.Array(Count),
        round: Count,
        roundSeed: Type.String(),
        setupSeed: Type.String(),
      },
      'The end, with the ranking and the seeds revealed (W9.3–W9.7)',
    ),
  ],
  { title: 'Open Wars event', description: 'One event of Open Wars (docs/RULES-OPENWARS.md W10.1), told apart by `type`' },
)

/** The schema says exactly the engine's events: a type error here when either changes alone. */
export const openWarsEventsAgree: Agree<Static<typeof OpenWarsEvent>, OpenEvent> = true
