// What every game shares: ids and refusals, the Ruleset interface the platform reads games
// through, batches and replay, the dice, hashing. A game imports only from here.
export * from './ids.ts'
export { Reject, reject } from './errors.ts'
export {
  handlerOf,
  isObject,
  ownEntry,
  periodActions,
  requireTurn,
  type TurnRules,
  type Window,
  periodSystem,
  seedOf,
  seedSetBy,
  seedSetter,
  setsSeed,
  systemHandlerOf,
  systemStep,
  transition,
  type PeriodActions,
  type SystemTable,
  type Transition,
} from './dispatch.ts'
export { canonicalJson, hmacSha256, sha256, toHex, utf8 } from './hashing.ts'
export { canonicalHash, ownBoard, roundLimit, tagByTribe } from './parts.ts'
export { d4From, hmacRng, probeRng, scriptedRng, type Rng } from './rng.ts'
export { batchWith, replayWith } from './steps.ts'
export { BOT_ORDERS, botRandom, nextBotOrder, playBotWindow, sightOf } from './bot.ts'
export { playSeats, type BotGame, type Seat } from './bot-games.ts'
export { placeLabeller, placeLabels, type NamedPlace, type PlaceLabel, type PlaceLocale } from './places.ts'
export type {
  Bot,
  BotSight,
  ChosenMaps,
  StateStorage,
  Draw,
  Figure,
  GameTypes,
  MapStub,
  Transfer,
  Hurt,
  PlatformActions,
  PlatformSetup,
  PlatformView,
  Ruleset,
  Standings,
  Step,
  TurnState,
} from './ruleset.ts'
