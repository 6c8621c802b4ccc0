// The dispatcher of El Mapa: pure. The state, the order and the random function come in; a new
// state and its events go out, or a typed error (M2.6, M12.8, M12.10).
import type { TurnRules } from '../../kernel/dispatch.ts'
import { periodRules } from '../../kernel/period-rules.ts'
import type { EngineError, TribeId } from '../../kernel/ids.ts'
import type { Rng } from '../../kernel/rng.ts'
import { batchWith } from '../../kernel/steps.ts'
import { closeWindow, executeTrade, openWindow, tick } from './calendar.ts'
import { cast, step, teleport } from './movement.ts'
import { bankTrade, build, endTurn, exchange, hire, setBattlePlan } from './orders.ts'
import { startCampaign } from './setup.ts'
import type { ElMapaEvent, ElMapaOrder, ElMapaState, ElMapaSystem, Tribe } from './types.ts'
import { reject, Work } from './work.ts'

type Step = { ok: true; state: ElMapaState; events: ElMapaEvent[] } | { ok: false; error: EngineError }

const ORDERS: Record<ElMapaOrder['type'], (w: Work, t: Tribe, o: Record<string, unknown>) => void> = {
  setBattlePlan,
  hire,
  build,
  bankTrade,
  step,
  exchange,
  cast,
  teleport,
  endTurn,
}

/** M2.3, M2.6: in the tribe's window; during setup only the battle plan. */
const TURN: TurnRules = {
  over: 'M11.1',
  notStarted: 'M2.1',
  eliminated: 'M11.5',
  setup: { orders: ['setBattlePlan'], code: 'turn/setup', message: 'until tick 0 a tribe may only set its battle plan', rule: 'M2.3' },
  closed: 'M2.6',
  ended: { says: ' has ended this turn', rule: 'M2.9' },
}

/** M12.10: replaying the log's inputs gives every other event exactly as recorded. */
export const { applyOrder, applySystem, replay, stateHash } = periodRules<ElMapaState, ElMapaOrder, ElMapaSystem, ElMapaEvent, Tribe, Work>({
  ruleset: 'elmapa',
  stateName: 'an El Mapa state',
  open: (state, rng) => new Work(state, rng),
  orders: ORDERS,
  turn: TURN,
  seedRule: 'M12.7',
  system: { startCampaign, openWindow, closeWindow, tick, executeTrade },
})

const noDice: Rng = () => reject('orders/dice_not_last', 'an order that reveals or draws must be the last of its batch', 'M12.8')
const batch = batchWith(applyOrder, noDice)
/** An order that reveals or draws (M12.8): a step, a Teletransporte, a Visión. */
const reveals = (o: ElMapaOrder) => o?.type === 'step' || o?.type === 'teleport' || (o?.type === 'cast' && String(o.card).startsWith('vision-'))

/** M12.8: in sequence, all or nothing, at most one revealing order, as the last. */
export function applyBatch(
  state: ElMapaState,
  tribe: TribeId,
  orders: readonly ElMapaOrder[],
  rng: Rng,
): Step | { ok: false; error: EngineError; index: number } {
  const early = orders.findIndex((o, i) => i < orders.length - 1 && reveals(o))
  if (early >= 0)
    return {
      ok: false,
      index: early,
      error: { code: 'orders/reveal_not_last', message: 'an order that reveals or draws must be the last of its batch', rule: 'M12.8' },
    }
  return batch(state, tribe, orders, rng)
}
