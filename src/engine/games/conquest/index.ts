// World conquest (RULES-CONQUEST.md) as a ruleset of the platform: the weekday calendar, dice,
// scenes, mail and pages drive it through the same interface as the weekday wargame.
import { periodActions } from '../../kernel/dispatch.ts'
import { ownBoard, roundLimit, tagByTribe } from '../../kernel/parts.ts'
import { periodView } from '../../kernel/period-view.ts'
import type { PlatformView, Ruleset } from '../../kernel/ruleset.ts'
import { heldAtRoundEnd, ranking, standings } from './objectives.ts'
import { legalOptions, offeredOrders, previewTick, type ConquestOptions } from './options.ts'
import { applyBatch, applyOrder, applySystem, replay, stateHash } from './rules.ts'
import { createConquest, MAX_TRIBES, ROUND_LIMIT } from './setup.ts'
import type { ConquestEvent, ConquestOrder, ConquestState, ConquestSystem, ConquestTransfer } from './types.ts'
import { board, reads } from './views.ts'
import { EDGES, TERRITORIES } from './world.ts'
import { turnSummary } from './summary.ts'
import { conquestBot } from './bot.ts'
import { storage } from './storage.ts'

export type { ConquestEvent, ConquestOrder, ConquestState } from './types.ts'
export type { ConquestOptions, TerritoryOptions } from './options.ts'
export { BY_ID, TERRITORY_IDS } from './world.ts'
export { GOODS } from './work.ts'
export { battleOdds, type BattleOdds, type BattleSides } from './odds.ts'

export interface WorldMap {
  id: 'world'
  territories: typeof TERRITORIES
  edges: typeof EDGES
}

export type ConquestRuleset = Ruleset<{
  state: ConquestState
  order: ConquestOrder
  system: ConquestSystem
  event: ConquestEvent
  options: ConquestOptions
  map: WorldMap
  economy: ReturnType<typeof previewTick>
  trade: ConquestTransfer[]
  board: ReturnType<typeof board>
}>

const STATUS: Record<string, PlatformView['status']> = { setup: 'running', running: 'running', finished: 'finished' }

export const conquest: ConquestRuleset = {
  id: 'conquest',
  version: 1,
  // G9.2, G9.3: whole territories change hands, and nothing else on its own.
  tradeOf: (proposal) => {
    // Goods beside a transfer or in one: a stored trade keeps only territories and ships (which executeTrade refuses).
    if (proposal.resources !== undefined || proposal.ships !== undefined || proposal.transfers.some((t) => 'resources' in t)) {
      return {
        ok: false,
        error: {
          code: 'trade/only_territories',
          message: 'only whole territories are traded: troops, goods, planes and ships go with the ground they stand on',
          rule: 'G9.3',
        },
      }
    }
    return { ok: true, trade: (proposal.transfers as ConquestTransfer[]).map((t) => ({ from: t.from, to: t.to, tiles: t.tiles ?? [], ships: t.ships ?? [] })) }
  },
  // G1.1: the board ships with the server; no other map is played.
  ...ownBoard(
    { id: 'world', name: 'Mundo (42 territorios)', map: { id: 'world', territories: TERRITORIES, edges: EDGES } },
    'world conquest is played on its own fixed map of 42 territories (G1.1)',
    MAX_TRIBES,
  ),
  secretOf: (state) => state.objectiveSeed,
  // What the platform's pages and mails read of a state: the period's end, the hurt, the tick's mail, the board.
  ...reads,
  // G8.8's figures for the results page (#30); the chart counts territories.
  standings: { of: standings, heldKey: 'c_standTerritories', held: heldAtRoundEnd },
  turnSummary,
  bot: conquestBot,
  checkLimit: roundLimit('world conquest', ROUND_LIMIT, 'G1.7'),
  // G11.2: every die is a d6 of the round's seed: battles, strikes and treasure.
  dice: {
    sides: 6,
    events: ['battle', 'bombarded', 'gathered'],
    drawsOf: (event) =>
      event.type === 'battle'
        ? event.dice.map((d) => ({ ...d, purpose: `battle ${event.from} → ${event.to}` }))
        : event.type === 'bombarded'
          ? event.dice.map((d) => ({ ...d, purpose: `${event.kind} ${event.from} → ${event.target}` }))
          : event.type === 'gathered'
            ? (event.treasure ?? []).map((d) => ({ ...d, purpose: `treasure at ${event.at}` }))
            : [],
  },
  tagEvent: tagByTribe,
  createGame: (input) => createConquest({ tribes: input.tribes, seed: input.seed, secretSeed: input.secretSeed, roundLimit: input.limit }),
  applyOrder,
  applyBatch,
  applySystem,
  legalOptions,
  offered: offeredOrders,
  previewEconomy: previewTick,
  ranking,
  replay,
  stateHash,
  storage,
  // G1.13: during setup the reinforcement list is taken at any time, in no window.
  view: (state) =>
    periodView(state, (s) => STATUS[s.status]!, {
      // "Round 2 of 12" (G1.7): the setup's round 0 is before the first counted one.
      view: { progress: state.startedAt === null ? null : { n: state.round, of: state.roundLimit } },
    }),
  actions: periodActions<ConquestTransfer[]>(),
}
