// The dispatcher of Open Wars: pure, like the other games'. The state, the order and the
// random function come in; a new state and its events go out, or a typed error.
import { handlerOf, isObject, periodSystem, requireTurn, systemStep, transition, type TurnRules } from '../../kernel/dispatch.ts'
import { canonicalHash } from '../../kernel/parts.ts'
import type { EngineError, TribeId } from '../../kernel/ids.ts'
import type { Rng } from '../../kernel/rng.ts'
import { batchWith, replayWith } from '../../kernel/steps.ts'
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

function run(state: OpenState, rng: Rng, body: (w: Work) => void): OpenStep {
  const bad = !isObject(state) || state.ruleset !== 'openwars' || !Array.isArray(state.tribes) ? 'not an Open Wars state' : null
  return transition(
    bad,
    () => new Work(state, rng),
    (w) => {
      body(w)
      invariant(w)
    },
  )
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

export function applyOrder(state: OpenState, tribe: TribeId, order: OpenOrder, rng: Rng): OpenStep {
  return run(state, rng, (w) => {
    const t = w.tribe(tribe)
    const { handler, fields } = handlerOf(ORDERS, order)
    w.emit({ type: 'order', tribe: t.id, order })
    requireTurn(w, t, order.type, TURN)
    handler(w, t, fields)
    // W9.1, W11.26: a tribe emptied by its own order is out, its window closed at once.
    eliminate(w, t.id)
  })
}

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

/** What the platform's actions do (the clock, the GM, diplomacy). */
const SYSTEM = systemStep<OpenSystem, Work>(periodSystem<Work>('W10.3', { startCampaign, openWindow, closeWindow, tick, executeTrade }))

export function applySystem(state: OpenState, action: OpenSystem, rng: Rng): OpenStep {
  return run(state, rng, (w) => SYSTEM(w, action))
}

export const stateHash: (state: OpenState) => string = canonicalHash

/** W10.1: the log's inputs re-applied give every other event exactly as recorded. */
export const replay: (
  initial: OpenState,
  events: readonly OpenEvent[],
  rng: Rng,
) => { ok: true; state: OpenState } | { ok: false; at: number; message: string } = replayWith(applyOrder, applySystem)
