// The weekday wargame of docs/RULES.md as a ruleset: what the platform asks of it. Below it, the
// game's own pieces that its face (src/faces/weekday/) and its tests use.
export * from './types.ts'
export { DIRECTIONS, parseTileKey, tileKey, type TileKey } from './hex.ts'
export { compileMap, MAX_TILES, validateMap, type CompiledMap, type MapProblem } from './map.ts'
export { computePools, CITY_PAYOUT, TILE_PAYOUT } from './pools.ts'
export { applyBatch, applyOrder, applySystem, ranking, ARMY_MP, MAX_TROOPS, SHIP_COST, SHIP_MP, SIEGE_LOSS, STARTING_GARRISON, TROOP_COST } from './rules.ts'
export { canonicalJson, checkSetup, createGame, mapHash, replay, stateHash, type NewGame, type NewTribe, type ReplayResult } from './game.ts'
export { previewPools } from './preview.ts'
export { boardTiles } from './views.ts'
export { legalOptions, type ArmyOptions, type AttackInfo, type MoveOption, type ShipOptions, type TribeOptions } from './options.ts'
export { onTheClock } from './rules/draft.ts'
export { groupedOutcomes, rollOutcomes, winningRolls, type FightResult, type RollGroup, type RollOutcome } from './odds.ts'
export { BUNDLED_MAPS, bundledMap } from './maps/index.ts'
import { createGame, mapHash, replay, RULES_VERSION, stateHash } from './game.ts'
import { lastWeek, limitProgress } from './rules/ranking.ts'
import { compileMap, validateMap } from './map.ts'
import { legalOptions, offeredOrders, type TribeOptions } from './options.ts'
import { previewPools } from './preview.ts'
import type { Ruleset, TurnState } from '../../kernel/ruleset.ts'
import { applyBatch, applyOrder, applySystem, heldAtWeekEnd, ranking, standings } from './rules.ts'
import { WEEKDAYS, type GameEvent, type GameState, type MapDef, type Order, type Pool, type SystemAction, type TradeTransfer } from './types.ts'
import { board, draftView, reads } from './views.ts'
import { diceDetails } from './dice.ts'
import { turnSummary } from './summary.ts'
import { BUNDLED_MAPS } from './maps/index.ts'
import { weekdayBot } from './bot.ts'

export type WeeklyTurn = Ruleset<{
  state: GameState
  order: Order
  system: SystemAction
  event: GameEvent
  options: TribeOptions
  map: MapDef
  economy: Pool[]
  trade: TradeTransfer[]
  board: ReturnType<typeof board>
}>

const TURN: Record<GameState['tribes'][number]['phase'], TurnState> = { closed: 'closed', recruitment: 'open', actions: 'started', ended: 'ended' }

/** The weekday wargame of docs/RULES.md. */
export const weeklyTurn: WeeklyTurn = {
  id: 'weekly-turn',
  version: RULES_VERSION,
  validateMap,
  mapHash,
  applyOrder,
  offered: offeredOrders,
  // R8.4: one d4 a battle; the draft's order is drawn from week 0's seed too (R3.1).
  dice: {
    sides: 4,
    events: ['combat', 'draftStarted'],
    drawsOf: (event) => (event.type === 'combat' ? [{ counter: event.counter, face: event.roll, purpose: `battle at ${event.tile}` }] : []),
    details: diceDetails,
  },
  // R1.4: a campaign plays a bundled map or one a player uploaded; the map is the state's.
  maps: {
    bundled: BUNDLED_MAPS,
    summary: (map) => {
      const compiled = compileMap(map)
      return {
        id: map.id,
        name: map.name,
        description: map.description ?? '',
        tribes: map.tribes,
        tiles: compiled.size,
        cities: compiled.cityCount,
        ports: [...compiled.port].filter(Boolean).length,
      }
    },
    renamed: (map, id) => ({ ...map, id }),
    of: (state) => state.map,
    with: (state, map) => ({ ...state, map: map as MapDef }),
  },
  draftPick: (city, when) => ({ type: 'draftPick', city, ...(when ? { at: when.at, weekTick: when.weekTick } : {}) }),
  draftChoiceOf: (order) => (order.type === 'draftPick' ? order.city : null),
  // R11.1: land, cities and ships change hands; resources never do.
  tradeOf: (proposal) => {
    if (proposal.resources !== undefined || proposal.transfers.some((t) => 'resources' in t)) {
      return {
        ok: false,
        error: { code: 'trade/resources_not_tradeable', message: 'Resources can never be traded: propose land tiles, cities and ships', rule: 'R11.1' },
      }
    }
    return { ok: true, trade: (proposal.transfers as TradeTransfer[]).map((t) => ({ from: t.from, to: t.to, tiles: t.tiles ?? [], ships: t.ships ?? [] })) }
  },
  heldEconomy: (state) => state.pools ?? [],
  checkLimit: (limit) =>
    limit === null || (Number.isInteger(limit) && limit >= 1)
      ? null
      : { code: 'setup/bad_week_limit', message: 'the week limit is a whole number of weeks, at least 1', rule: 'R2.5', params: { min: 1 } },
  mapEvents: ['order', 'moved', 'combat', 'embarked', 'disembarked', 'shipMoved', 'shipBuilt', 'windowOpened'],
  // A draft pick is an order in no window (R3.2).
  tagEvent: (event) => ({
    tribe: 'tribe' in event && typeof event.tribe === 'string' ? event.tribe : null,
    played: event.type === 'order' && event.order.type !== 'draftPick',
  }),
  // R1.4: two cities per tribe; R2.1: seven weekdays.
  maxTribes: (map) => Math.min(WEEKDAYS.length, Math.floor(compileMap(map).cityCount / 2)),
  createGame: ({ map, tribes, seed, limit, version }) => createGame({ map, tribes, seed, weekLimit: limit, ...(version === undefined ? {} : { version }) }),
  // The draft's seed is public: the weekday game keeps no secret one.
  secretOf: () => '',
  // What the platform's pages and mails read of a state: the period's end, the hurt, the tick's mail, the board.
  ...reads,
  // R2.5's figures for the results page (#30); the chart counts land tiles.
  standings: { of: standings, heldKey: 'standTiles', held: heldAtWeekEnd },
  places: (state) => state.map.names ?? [],
  turnSummary,
  bot: weekdayBot,
  applyBatch,
  applySystem,
  legalOptions,
  previewEconomy: previewPools,
  ranking,
  replay,
  stateHash,
  view: (state) => ({
    status: state.status,
    period: state.week,
    seed: state.rng.seed,
    draft: draftView(state),
    ranking: state.status === 'finished' ? (state.ranking ?? []) : null,
    endedByLimit: state.status === 'finished' && state.weekLimit !== null && state.week > lastWeek(state)!,
    progress: limitProgress(state),
    tribes: state.tribes.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday, eliminated: t.eliminated, turn: TURN[t.phase], phase: t.phase })),
  }),
  actions: {
    start: () => ({ type: 'startDraft' }),
    setSeed: (seed) => ({ type: 'setSeed', seed }),
    openWindow: (tribe) => ({ type: 'openWindow', tribe }),
    // The calendar's close checks sieges (R9.2); a resume's does not.
    closeWindow: (tribe, checks) => (checks ? { type: 'closeWindow', tribe } : { type: 'closeWindow', tribe, siege: false }),
    tick: () => ({ type: 'weeklyPayout' }),
    executeTrade: (transfers) => ({ type: 'executeTrade', transfers }),
  },
}
