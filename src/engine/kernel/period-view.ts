// `view` and `turnSummary` of a game played in rounds of weekday windows (conquest, El Mapa, Open
// Wars): the same reading of the same state fields, written once (#48: each game had copied it).
import type { Window } from './dispatch.ts'
import type { PlatformView, TurnSummary } from './ruleset.ts'

/** The fields of a round game's state that its platform view reads. */
export interface PeriodState {
  startedAt: number | null
  status: string
  round: number
  rng: { seed: string }
  tribes: readonly { id: string; name: string; weekday: PlatformView['tribes'][number]['weekday']; eliminated: boolean; window: Window }[]
  result?: { ranking: string[]; reason: string } | null
}

/**
 * The platform's view of a round game. Before tick 0 a tribe still in play orders at any time, in
 * no window (G1.13, M2.3, W3.4: its setup turn); `status` maps the game's own status once started;
 * `extra` adds a game's own fields to a tribe or to the whole.
 */
export function periodView<S extends PeriodState>(
  state: S,
  status: (state: S) => PlatformView['status'],
  extra: { tribe?: (tribe: S['tribes'][number]) => Partial<PlatformView['tribes'][number]>; view?: Partial<PlatformView> } = {},
): PlatformView {
  const setupTurn = state.status === 'setup' && state.startedAt !== null
  return {
    status: state.startedAt === null ? 'setup' : status(state),
    period: state.round,
    seed: state.rng.seed,
    tribes: state.tribes.map((tribe) => ({
      id: tribe.id,
      name: tribe.name,
      weekday: tribe.weekday,
      eliminated: tribe.eliminated,
      turn: setupTurn && !tribe.eliminated ? 'free' : tribe.window,
      ...extra.tribe?.(tribe),
    })),
    ranking: state.result?.ranking ?? null,
    endedByLimit: state.result?.reason === 'roundLimit',
    ...extra.view,
  }
}

/**
 * `turnSummary` of a round game (#30): nothing outside the tribe's open window; inside it, what it
 * can spend, how many of its armies `moverOf` finds among the orders its `options` offer, and the
 * order that ends the turn.
 */
export function periodTurnSummary<S extends PeriodState, O extends { type: string }>(game: {
  options: (state: S, tribeId: string) => { orders: readonly O[] }
  spendable: (tribe: S['tribes'][number]) => TurnSummary<O>['spendable']
  moverOf: (order: O) => string | number | null
}) {
  return (state: S, tribeId: string): TurnSummary<O> => {
    const tribe = state.tribes.find((candidate) => candidate.id === tribeId)
    if (!tribe || tribe.eliminated || (tribe.window !== 'open' && tribe.window !== 'started')) return { spendable: [], movable: 0, end: null }
    const orders = game.options(state, tribeId).orders
    const movers = new Set<string | number>()
    for (const order of orders) {
      const mover = game.moverOf(order)
      if (mover !== null) movers.add(mover)
    }
    return { spendable: game.spendable(tribe), movable: movers.size, end: orders.find((order) => order.type === 'endTurn') ?? null }
  }
}
