// The dispatcher of world conquest: pure, like the weekday game's. The state, the order and the
// random function come in; a new state and its events go out, or a typed error.
import { canonicalHash } from '../../kernel/parts.ts'
import { batchWith, replayWith } from '../../kernel/steps.ts'
import type { Rng } from '../../kernel/rng.ts'
import type { EngineError, TribeId } from '../../kernel/ids.ts'
import { closeWindow, executeTrade, openWindow, tick } from './calendar.ts'
import { airStrike, attack, fireArtillery, launchMissile, navalBombard, releaseBio } from './fire.ts'
import { build, endTurn, fly, gather, guard, move, sail, setReinforcements } from './orders.ts'
import { startCampaign } from './setup.ts'
import type { ConquestEvent, ConquestOrder, ConquestState, ConquestStep, ConquestSystem, ConquestTribe } from './types.ts'
import { handlerOf, isObject, periodSystem, requireTurn, systemStep, transition, type TurnRules } from '../../kernel/dispatch.ts'
import { reject, Work } from './work.ts'

const ORDERS: Record<ConquestOrder['type'], (w: Work, t: ConquestTribe, o: Record<string, unknown>) => void> = {
  setReinforcements,
  move,
  attack,
  guard,
  gather,
  build,
  fly,
  airStrike,
  sail,
  navalBombard,
  fireArtillery,
  launchMissile,
  releaseBio,
  endTurn,
}

function run(state: ConquestState, rng: Rng, body: (w: Work) => void): ConquestStep {
  const bad = !isObject(state) || state.ruleset !== 'conquest' || !Array.isArray(state.tribes) ? 'not a world-conquest state' : null
  return transition(bad, () => new Work(state, rng), body)
}

/** G2.2, G1.13: in the tribe's open window; during setup only the reinforcement list. */
const TURN: TurnRules = {
  over: 'G8.6',
  notStarted: 'G1.9',
  eliminated: 'G10.1',
  setup: {
    orders: ['setReinforcements'],
    code: 'conquest/setup',
    message: 'during setup the only order is the reinforcement list; play starts in round 1',
    rule: 'G1.13',
  },
  closed: 'G2.2',
  ended: { says: ' already ended this turn', rule: 'G2.8' },
}

export function applyOrder(state: ConquestState, tribe: TribeId, order: ConquestOrder, rng: Rng): ConquestStep {
  return run(state, rng, (w) => {
    const t = w.tribe(tribe)
    const { handler, fields } = handlerOf(ORDERS, order)
    w.emit({ type: 'order', tribe: t.id, order })
    requireTurn(w, t, order.type, TURN)
    handler(w, t, fields)
  })
}

const noDice: Rng = () =>
  reject(
    'orders/dice_not_last',
    'an order that rolls dice (an attack, a bombardment by air, sea or Artillería, a search for treasure) must be the last order of its batch',
    'G2.6',
  )

/** G2.6: all or nothing; only the last order may roll dice. */
export const applyBatch: (
  state: ConquestState,
  tribe: TribeId,
  orders: readonly ConquestOrder[],
  rng: Rng,
) => ConquestStep | { ok: false; error: EngineError; index: number } = batchWith(applyOrder, noDice)

/** What the platform's actions do (the clock, the GM, diplomacy). */
const SYSTEM = systemStep<ConquestSystem, Work>(periodSystem<Work>('G11.3', { startCampaign, openWindow, closeWindow, tick, executeTrade }))

export function applySystem(state: ConquestState, action: ConquestSystem, rng: Rng): ConquestStep {
  return run(state, rng, (w) => SYSTEM(w, action))
}

export const stateHash: (state: ConquestState) => string = canonicalHash

/** G11.1: the log's inputs re-applied give every other event exactly as recorded. */
export const replay: (
  initial: ConquestState,
  events: readonly ConquestEvent[],
  rng: Rng,
) => { ok: true; state: ConquestState } | { ok: false; at: number; message: string } = replayWith(applyOrder, applySystem)
