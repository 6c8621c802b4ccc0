// World conquest's events (docs/RULES-CONQUEST.md G11.1), as an order's answer and the log carry them.
import { Type, type Static } from 'typebox'
import type { ConquestEvent as EngineEvent, ConquestOrder, ConquestSystem } from '../../engine/games/conquest/types.ts'
import { byId, Die, event, givenOrder, oneOf, roundEvents, systemAction, type Agree } from '../event-kit.ts'

const Territory = Type.String({ description: 'a territory id of the world map' })
const Count = Type.Integer()
const Dice = Type.Array(Die)
const GOODS = ['basic', 'oil', 'net', 'lithium', 'nuclear', 'tribes', 'tech', 'niobium', 'virus', 'labour', 'tank', 'artillery', 'missile', 'bio'] as const
const goods = () =>
  Object.fromEntries(GOODS.map((good) => [good, Type.Optional(Type.Integer())])) as { [Good in (typeof GOODS)[number]]: Type.TOptional<Type.TInteger> }
/** Some goods and weapons, by name (G4.1, G4.7); a missing one is none. */
const SomeGoods = Type.Object(goods(), { additionalProperties: false })
const Destroyed = Type.Object(
  { ...goods(), wall: Type.Optional(Count), planes: Type.Optional(Count), ships: Type.Optional(Count) },
  { additionalProperties: false, description: 'what the defender lost beside troops: goods, wall, planes, ships (G6.4)' },
)
const Round = Type.Object({ attack: Type.Array(Count), defence: Type.Array(Count), attackerLost: Count, defenderLost: Count }, { additionalProperties: false })

export const ConquestEvent = Type.Union(
  [
    event('order', { tribe: Type.String(), order: givenOrder<ConquestOrder>('ConquestOrder') }, 'An order as it was given (G11.1)'),
    event('system', { action: systemAction<ConquestSystem>() }, 'A platform action, as it was applied (G11.1)'),
    event(
      'dealt',
      { seed: Type.String(), order: Type.Array(Type.String()), owners: byId(Type.String(), 'territory → owner') },
      'The territories dealt from the setup seed (G1.10, G11.4)',
    ),
    event('objectivesDrawn', { commitment: Type.String() }, 'The objectives drawn, as a commitment to the objective seed (G8.1, G11.4)'),
    ...roundEvents({ closed: 'G2.9', tick0: 'G1.14', hours: 48, seed: 'G11.3' }),
    event('windowOpened', { tribe: Type.String() }, "A tribe's window opened (G2.3)"),
    event(
      'battle',
      {
        attacker: Type.String(),
        defender: Type.String(),
        from: Territory,
        to: Territory,
        troops: Count,
        rounds: Type.Array(Round),
        dice: Dice,
        conquered: Type.Boolean(),
        survivors: Count,
        destroyed: Type.Optional(Destroyed),
      },
      'An attack and its rounds of dice (G6.1–G6.5)',
    ),
    event(
      'bombarded',
      {
        tribe: Type.String(),
        defender: Type.String(),
        kind: oneOf(['airStrike', 'navalBombard', 'fireArtillery', 'launchMissile', 'releaseBio']),
        from: Territory,
        target: Territory,
        dice: Dice,
        hits: Count,
        removed: Count,
        planeLost: Type.Optional(Type.Boolean()),
        wallLowered: Type.Optional(Type.Boolean()),
      },
      'A bombardment from a distance (G7.1, G7.4–G7.9)',
    ),
    event(
      'gathered',
      { tribe: Type.String(), at: Territory, gained: SomeGoods, treasure: Type.Optional(Dice), incoming: Type.Optional(SomeGoods) },
      'Resources gathered, with the treasure draw (G4.4, G4.5)',
    ),
    event(
      'built',
      { tribe: Type.String(), at: Territory, kind: oneOf(['troop', 'wall', 'fort', 'ship', 'plane', 'tank', 'artillery', 'missile', 'bio']), count: Count },
      'Something built (G4.7)',
    ),
    event(
      'moved',
      { tribe: Type.String(), kind: oneOf(['move', 'fly', 'sail']), from: Territory, to: Territory, troops: Count, cargo: SomeGoods },
      'Troops and goods moved by land, air or sea (G5.1, G7.3, G7.5)',
    ),
    event('guarded', { tribe: Type.String(), at: Territory, troops: Count }, 'Troops set to guard (G6.8)'),
    event('reinforcementsSet', { tribe: Type.String(), list: Type.Array(Territory) }, 'The reinforcement list set (G3.2)'),
    event('turnEnded', { tribe: Type.String() }, 'A tribe ended its turn early (G2.8)'),
    event(
      'reinforced',
      { round: Count, tribe: Type.String(), troops: Count, placed: byId(Count, 'territory → troops') },
      "A tribe's troops of the tick, placed by its list (G3.1, G3.3)",
    ),
    event('income', { round: Count }, 'Income paid at the tick (G3.5)'),
    event('roundStarted', { round: Count }, 'A round began at the tick (G2.10)'),
    event(
      'tradeExecuted',
      { transfers: Type.Array(Type.Object({ from: Type.String(), to: Type.String(), territories: Type.Array(Territory) }, { additionalProperties: false })) },
      'A trade carried out: whole territories (G9.2)',
    ),
    event(
      'eliminated',
      { tribe: Type.String(), by: Type.String({ description: "the tribe whose attack took its last territory, or 'trade'" }), round: Count },
      'A tribe that owns no territory (G10.1, G10.2)',
    ),
    event(
      'campaignEnded',
      {
        reason: oneOf(['objective', 'roundLimit', 'lastTribe']),
        winners: Type.Array(Type.String()),
        ranking: Type.Array(Type.String()),
        objectives: byId(Type.Union([oneOf(['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7', 'O8', 'O9', 'O10']), Type.Null()]), 'tribe → objective'),
        objectiveSeed: Type.String(),
        round: Count,
        roundSeed: Type.String(),
      },
      'The end, every objective and the objective seed revealed (G8.6–G8.10)',
    ),
  ],
  { title: 'World conquest event', description: 'One event of world conquest (docs/RULES-CONQUEST.md G11.1), told apart by `type`' },
)

/** The schema says exactly the engine's events: a type error here when either changes alone. */
export const conquestEventsAgree: Agree<Static<typeof ConquestEvent>, EngineEvent> = true
