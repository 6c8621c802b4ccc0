// The dispatcher of world conquest: pure, like the weekday game's. The state, the order and the
// random function come in; a new state and its events go out, or a typed error.
import { periodRules } from '../../kernel/period-rules.ts'
import { batchWith } from '../../kernel/steps.ts'
import type { Rng } from '../../kernel/rng.ts'
import type { EngineError, TribeId } from '../../kernel/ids.ts'
import { closeWindow, executeTrade, openWindow, tick } from './calendar.ts'
import { airStrike, attack, fireArtillery, launchMissile, navalBombard, releaseBio } from './fire.ts'
import { build, endTurn, fly, gather, guard, move, sail, setReinforcements } from './orders.ts'
import { startCampaign } from './setup.ts'
import type { ConquestEvent, ConquestOrder, ConquestState, ConquestStep, ConquestSystem, ConquestTribe } from './types.ts'
import type { TurnRules } from '../../kernel/dispatch.ts'
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

/** G11.1: replaying the log's inputs gives every other event exactly as recorded. */
export const { applyOrder, applySystem, replay, stateHash } = periodRules<ConquestState, ConquestOrder, ConquestSystem, ConquestEvent, ConquestTribe, Work>({
  ruleset: 'conquest',
  stateName: 'a world-conquest state',
  open: (state, rng) => new Work(state, rng),
  orders: ORDERS,
  turn: TURN,
  seedRule: 'G11.3',
  system: { startCampaign, openWindow, closeWindow, tick, executeTrade },
})

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
