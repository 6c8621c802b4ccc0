// The dispatcher of a game played in rounds of weekday windows (conquest, El Mapa, Open Wars):
// each game hands over its order handlers, its turn's rule ids and its answers to the platform's
// actions; the checks, their order and the log's shape are the kernel's (#48: each game had
// copied the same forty lines).
import {
  handlerOf,
  isObject,
  periodSystem,
  requireTurn,
  systemStep,
  transition,
  type PeriodActions,
  type Transition,
  type TurnRules,
  type Window,
} from './dispatch.ts'
import type { TribeId } from './ids.ts'
import { canonicalHash } from './parts.ts'
import type { Rng } from './rng.ts'
import { replayWith } from './steps.ts'

/** A tribe as the turn checks read it. */
interface TurnTribe {
  id: TribeId
  name: string
  weekday: string
  eliminated: boolean
  window: Window
}

/** A game's working copy of its state, as the dispatcher drives it. */
interface Working<S, O, A, E, T extends TurnTribe> {
  s: S & { status: string; startedAt: number | null; rng: { seed: string; counter: number } }
  events: E[]
  tribe(id: TribeId): T
  emit(event: { type: 'order'; tribe: TribeId; order: O } | { type: 'system'; action: A } | { type: 'seedSet'; counter: 0 }): void
}

export interface PeriodGame<S, O, W, T> {
  /** The `ruleset` field of the game's state, and what a state that is not one is called in the refusal. */
  ruleset: string
  stateName: string
  /** The working copy of a state, with the step's random function. */
  open: (state: S, rng: Rng) => W
  /** Each order type's handler: it checks the order's fields one by one and plays it. */
  orders: Record<string, (w: W, tribe: T, fields: Record<string, unknown>) => void>
  turn: TurnRules
  /** The rule under which a period's seed is set (R8.4, G11.3, M12.7, W10.3). */
  seedRule: string
  system: PeriodActions<W>
  /** Run after every order, as its last rule (Open Wars: a tribe emptied by its own order is out, W9.1). */
  afterOrder?: (w: W, tribe: T) => void
  /** Checked after every step; a throw is the engine failing, never a refusal (Open Wars' W2.10). */
  invariant?: (w: W) => void
}

/**
 * `applyOrder`, `applySystem`, `replay` and `stateHash` of a round game. An order is checked in
 * this order: the state is the game's, the tribe exists, the order's type is known; then it is
 * logged and the turn checked (a refused step leaves no trace, the log is the accepted steps).
 */
export function periodRules<
  S extends { ruleset: string },
  O extends { type: string },
  A,
  E extends { type: string },
  T extends TurnTribe,
  W extends Working<S, O, A, E, T>,
>(game: PeriodGame<S, O, W, T>) {
  const system = systemStep<A, W>(periodSystem<W>(game.seedRule, game.system))
  const run = (state: S, rng: Rng, body: (w: W) => void): Transition<S, E> => {
    const bad = !isObject(state) || state.ruleset !== game.ruleset || !Array.isArray((state as { tribes?: unknown }).tribes) ? `not ${game.stateName}` : null
    return transition<S, E, W>(
      bad,
      () => game.open(state, rng),
      (w) => {
        body(w)
        game.invariant?.(w)
      },
    )
  }
  const applyOrder = (state: S, tribeId: TribeId, order: O, rng: Rng): Transition<S, E> =>
    run(state, rng, (w) => {
      const tribe = w.tribe(tribeId)
      const { handler, fields } = handlerOf(game.orders, order)
      w.emit({ type: 'order', tribe: tribe.id, order })
      requireTurn(w, tribe, order.type, game.turn)
      handler(w, tribe, fields)
      game.afterOrder?.(w, tribe)
    })
  const applySystem = (state: S, action: A, rng: Rng): Transition<S, E> => run(state, rng, (w) => system(w, action))
  return {
    applyOrder,
    applySystem,
    replay: replayWith<S, O, A, E>(applyOrder, applySystem),
    stateHash: canonicalHash as (state: S) => string,
  }
}
