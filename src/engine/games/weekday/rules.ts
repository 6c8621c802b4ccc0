// The rules of the weekly-turn variant (docs/RULES.md), one file per rule
// section under rules/; this is the one dispatcher. Pure: the state, the order
// and the random function come in; a new state and its events go out, or a
// typed error. Arguments are never mutated and bad input never throws.
import { compileMap } from './map.ts'
import type { Rng } from '../../kernel/rng.ts'
import type { EngineError, GameEvent, GameState, Order, Result, SystemAction, TribeId, TribeState } from './types.ts'
import { draftPick, startDraft } from './rules/draft.ts'
import { payout } from './rules/economy.ts'
import { move } from './rules/movement.ts'
import { finish, lastWeek, settle } from './rules/ranking.ts'
import { buildShip, recruit } from './rules/recruit.ts'
import { board, crewTransfer, disembark, embark, portAssault, shipMove } from './rules/sea.ts'
import { executeTrade } from './rules/trades.ts'
import { beginActions, closeWindow, endTurn, openWindow, requireOpenWindow } from './rules/turn.ts'
import { isObject, reject, tribeState, Work } from './rules/work.ts'
import { batchWith } from '../../kernel/steps.ts'
import { handlerOf, seedSetter, systemStep, transition, type SystemTable } from '../../kernel/dispatch.ts'

export { ARMY_MP, MAX_TROOPS, SHIP_COST, SHIP_MP, SIEGE_LOSS, STARTING_GARRISON, TROOP_COST } from './rules/constants.ts'
export { heldAtWeekEnd, ranking, standings } from './rules/ranking.ts'

const PLAYER_ORDERS: Record<Order['type'], (w: Work, t: TribeState, o: Record<string, unknown>) => void> = {
  draftPick,
  recruit,
  buildShip,
  move,
  embark,
  disembark,
  shipMove,
  portAssault,
  board,
  crewTransfer,
  endTurn,
}

function run(state: GameState, rng: Rng, body: (w: Work) => void): Result {
  const bad = !isObject(state) || !isObject(state.map) || !Array.isArray(state.owners) ? 'not a game state' : null
  return transition(
    bad,
    () => new Work(state, compileMap(state.map), rng),
    (w) => {
      body(w)
      settle(w)
    },
  )
}

/** A player's order for its tribe. */
export function applyOrder(state: GameState, tribe: TribeId, order: Order, rng: Rng): Result {
  return run(state, rng, (w) => {
    const t = tribeState(w, tribe)
    const { handler, fields } = handlerOf(PLAYER_ORDERS, order)
    w.emit({ type: 'order', tribe: t.id, order })
    if (order.type !== 'draftPick') {
      requireOpenWindow(w, t)
      // Recruiting and building ships keep the recruitment phase (R5.5); any other order ends it.
      if (order.type !== 'recruit' && order.type !== 'buildShip') beginActions(w, t)
    }
    handler(w, t, fields)
  })
}

/** Draws no die: an order before the last of a batch that would roll is refused instead (R8.4). */
const noDice: Rng = () =>
  reject('orders/dice_not_last', 'an order that rolls dice (an attack, a port assault, a boarding) must be the last order of its batch', 'R8.4')

/**
 * A batch of orders, all or nothing (R8.4 clarified). Only the last order may
 * roll dice, and every check of every order, the rolling one's included, runs
 * before its first die: so a refused batch never depends on a die, and nobody
 * learns a roll without committing to it.
 */
export const applyBatch: (state: GameState, tribe: TribeId, orders: readonly Order[], rng: Rng) => Result | { ok: false; error: EngineError; index: number } =
  batchWith(applyOrder, noDice)

/** What the platform's actions do (the clock, the GM, diplomacy), by type. */
const SYSTEM: SystemTable<Work> = {
  startDraft: (w) => startDraft(w),
  setSeed: seedSetter('R8.4'),
  openWindow: (w, a) => openWindow(w, a),
  closeWindow: (w, a) => closeWindow(w, a),
  weeklyPayout: (w) => {
    if (w.s.status !== 'running') reject('campaign/not_running', `payouts happen only while the campaign runs (it is ${w.s.status})`)
    payout(w)
    if (w.s.weekLimit !== null && w.s.week > lastWeek(w.s)!) finish(w, 'week_limit')
  },
  executeTrade: (w, a) => {
    if (w.s.status !== 'running') reject('campaign/not_running', `trades happen only while the campaign runs (it is ${w.s.status})`)
    executeTrade(w, a)
  },
}

const systemOf = systemStep<SystemAction, Work>(SYSTEM)

/** A transition of the clock, the GM or diplomacy. */
export function applySystem(state: GameState, action: SystemAction, rng: Rng): Result {
  return run(state, rng, (w) => systemOf(w, action))
}
