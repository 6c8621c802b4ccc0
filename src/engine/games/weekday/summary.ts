// What the "your day" card and the window's mail say of a tribe's turn (#30): what it can
// spend now, how many of its armies and ships can still move, and the order that ends the turn.
import type { TurnSummary } from '../../kernel/ruleset.ts'
import { scriptedRng } from '../../kernel/rng.ts'
import { applyOrder, TROOP_COST } from './rules.ts'
import type { GameState, Order, TribeId } from './types.ts'

/** The face's catalogue key (views/games/weekday/i18n/) of the resources in the pools. */
export const SPEND_RESOURCES = 'spendResources'

export function turnSummary(state: GameState, tribe: TribeId): TurnSummary<Order> {
  const me = state.tribes.find((t) => t.id === tribe)
  const playing = state.status === 'running' && me !== undefined && !me.eliminated && (me.phase === 'recruitment' || me.phase === 'actions')
  if (!playing) return { spendable: [], movable: 0, end: null }
  // R5.5: resources are spent before the first action order; a pool below a troop's price buys nothing (R5.2).
  const resources =
    me.phase === 'recruitment' ? state.pools.filter((p) => p.tribe === tribe && p.balance >= TROOP_COST).reduce((sum, p) => sum + p.balance, 0) : 0
  // An army or a crewed ship with movement points left (R7.3, R10.3).
  const armies = Object.values(state.armies).filter((a) => a.tribe === tribe && a.troops > 0 && a.mp > 0).length
  const ships = Object.values(state.ships).filter((s) => s.tribe === tribe && s.crew > 0 && s.mp > 0).length
  const end: Order = { type: 'endTurn' }
  return {
    spendable: resources > 0 ? [{ key: SPEND_RESOURCES, amount: resources }] : [],
    movable: armies + ships,
    // R4.6, as the rules themselves judge it now (a blank die: ending a turn draws none).
    end: applyOrder(state, tribe, end, scriptedRng([])).ok ? end : null,
  }
}
