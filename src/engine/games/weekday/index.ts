// The weekday wargame of docs/RULES.md as a ruleset: what the platform asks of it.
import { createGame, mapHash, replay, stateHash } from './game.ts'
import { compileMap, validateMap } from './map.ts'
import { legalOptions, offeredOrders, type TribeOptions } from './options.ts'
import { previewPools } from './preview.ts'
import type { Ruleset, TurnState } from '../../kernel/ruleset.ts'
import { applyBatch, applyOrder, applySystem, ranking } from './rules.ts'
import { WEEKDAYS, type GameEvent, type GameState, type MapDef, type Order, type Pool, type SystemAction, type TradeTransfer } from './types.ts'
import { board, digest, draftView, HOSTILE, tickMail, weekEnd } from './views.ts'

export type WeeklyTurn = Ruleset<{
  state: GameState; order: Order; system: SystemAction; event: GameEvent; options: TribeOptions; map: MapDef; economy: Pool[]
  trade: TradeTransfer[]; board: ReturnType<typeof board>
}>

const TURN: Record<GameState['tribes'][number]['phase'], TurnState> = { closed: 'closed', recruitment: 'open', actions: 'started', ended: 'ended' }

/** The weekday wargame of docs/RULES.md. */
export const weeklyTurn: WeeklyTurn = {
  id: 'weekly-turn', version: 1,
  validateMap, mapHash, applyOrder, offered: offeredOrders,
  // R8.4: one d4 a battle; the draft's order is drawn from week 0's seed too (R3.1).
  dice: {
    sides: 4,
    events: ['combat'],
    drawsOf: (event) => (event.type === 'combat' ? [{ counter: event.counter, face: event.roll, purpose: `battle at ${event.tile}` }] : []),
  },
  heldEconomy: (state) => state.pools ?? [],
  checkLimit: (limit) => (limit === null || (Number.isInteger(limit) && limit >= 1) ? null : { code: 'setup/bad_week_limit', message: 'the week limit is a whole number of weeks, at least 1', rule: 'R2.5' }),
  mapEvents: ['order', 'moved', 'combat', 'embarked', 'disembarked', 'shipMoved', 'shipBuilt', 'windowOpened'],
  // A draft pick is an order in no window (R3.2).
  tagEvent: (event) => ({
    tribe: 'tribe' in event && typeof event.tribe === 'string' ? event.tribe : null,
    played: event.type === 'order' && event.order.type !== 'draftPick',
  }),
  // R1.4: two cities per tribe; R2.1: seven weekdays.
  maxTribes: (map) => Math.min(WEEKDAYS.length, Math.floor(compileMap(map).cityCount / 2)),
  createGame: ({ map, tribes, seed, weekLimit }) => createGame({ map, tribes, seed, weekLimit }),
  // The draft's seed is public: the weekday game keeps no secret one.
  secretOf: () => '',
  weekEnd, hostileEvents: HOSTILE, digest, tickMail, board, applyBatch, applySystem, legalOptions, previewEconomy: previewPools, ranking, replay, stateHash,
  view: (state) => ({
    status: state.status, week: state.week, seed: state.rng.seed, draft: draftView(state),
    ranking: state.status === 'finished' ? state.ranking ?? [] : null, endedByLimit: state.status === 'finished' && state.weekLimit !== null && state.week > state.weekLimit,
    tribes: state.tribes.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday, eliminated: t.eliminated, turn: TURN[t.phase] })),
  }),
  actions: {
    startDraft: () => ({ type: 'startDraft' }),
    setSeed: (seed) => ({ type: 'setSeed', seed }),
    openWindow: (tribe) => ({ type: 'openWindow', tribe }),
    // The calendar's close checks sieges (R9.2); a resume's does not.
    closeWindow: (tribe, checks) => (checks ? { type: 'closeWindow', tribe } : { type: 'closeWindow', tribe, siege: false }),
    weeklyTick: () => ({ type: 'weeklyPayout' }),
    executeTrade: (transfers) => ({ type: 'executeTrade', transfers }),
  },
}

