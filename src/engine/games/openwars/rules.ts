// The dispatcher of Open Wars: pure, like the other games'. The state, the order and the
// random function come in; a new state and its events go out, or a typed error.
import { isObject, type TurnRules } from '../../kernel/dispatch.ts'
import { periodRules } from '../../kernel/period-rules.ts'
import type { EngineError, TribeId } from '../../kernel/ids.ts'
import type { Rng } from '../../kernel/rng.ts'
import { batchWith } from '../../kernel/steps.ts'
import { closeWindow, endWindow, executeTrade, openWindow, tick } from './calendar.ts'
import { eliminate } from './ending.ts'
import { cast } from './magic.ts'
import { aim, move, recruit, setCasualtyOrder, setDefault, setStanding } from './orders.ts'
import { setArmy, setFaction, startCampaign } from './setup.ts'
import type { OpenEvent, OpenOrder, OpenState, OpenStep, OpenSystem, OpenTribe } from './types.ts'
import { reject, tribesIn, Work } from './work.ts'

const SETUP_ORDERS = ['setFaction', 'setArmy']

const ORDERS: Record<OpenOrder['type'], (w: Work, t: OpenTribe, o: Record<string, unknown>) => void> = {
  setFaction,
  setArmy,
  recruit,
  move,
  aim,
  cast,
  setStanding,
  setDefault,
  setCasualtyOrder,
  endTurn: (w, t) => endWindow(w, t.id),
}

/** W2.10: outside an open window no location holds two tribes, and every held one is its holder's. */
function invariant(w: Work) {
  if (w.s.tribes.some((t) => t.window === 'open' || t.window === 'started')) return
  for (const [id, c] of Object.entries(w.s.cells)) {
    const here = tribesIn(c)
    if (here.length > 1 || (here.length === 1 && c.controller !== here[0])) throw new Error(`W2.10 broken at ${id}`)
  }
}

/** W3.2, W3.4, W3.11: setup takes only the army and faction; play only in the open window. */
const TURN: TurnRules = {
  over: 'W9.3',
  notStarted: 'W3.4',
  eliminated: 'W9.2',
  setup: { orders: SETUP_ORDERS, code: 'setup/only_army', message: 'during setup the only orders are the faction and the starting army', rule: 'W3.4' },
  setupOver: { code: 'setup/over', message: 'the starting army was mustered at tick 0', rule: 'W3.6' },
  closed: 'W3.2',
  ended: { says: "'s window has closed for this round", rule: 'W3.9' },
}

/** W10.1: replaying the log's inputs gives every other event exactly as recorded. */
export const { applyOrder, applySystem, replay, stateHash } = periodRules<OpenState, OpenOrder, OpenSystem, OpenEvent, OpenTribe, Work>({
  ruleset: 'openwars',
  stateName: 'an Open Wars state',
  open: (state, rng) => new Work(state, rng),
  orders: ORDERS,
  turn: TURN,
  seedRule: 'W10.3',
  system: { startCampaign, openWindow, closeWindow, tick, executeTrade },
  // W9.1, W11.26: a tribe emptied by its own order is out, its window closed at once.
  afterOrder: (w, tribe) => eliminate(w, tribe.id),
  invariant,
})

// Stryker disable next-line all: unreachable today, so its mutants live: only endTurn's combat phase draws (W6), and applyBatch refuses an early endTurn first; it keeps a future order that draws honest.
const noDice: Rng = () => reject('orders/dice_not_last', 'endTurn, which rolls the combat phase, is the last order of its batch', 'W3.12')

const batch = batchWith(applyOrder, noDice)

/** W3.12: all or nothing; `endTurn` only last. */
export function applyBatch(
  state: OpenState,
  tribe: TribeId,
  orders: readonly OpenOrder[],
  rng: Rng,
): OpenStep | { ok: false; error: EngineError; index: number } {
  const early = orders.findIndex((o, i) => isObject(o) && o.type === 'endTurn' && i < orders.length - 1)
  if (early >= 0)
    return { ok: false, error: { code: 'orders/end_not_last', message: 'endTurn may only be the last order of a batch', rule: 'W3.12' }, index: early }
  return batch(state, tribe, orders, rng)
}
