// What every ruleset does the same way with its own applyOrder and applySystem: a batch of
// orders, all or nothing with dice only in the last (R8.4, G2.6), and the replay of a log (R12.2).
import { sameJson } from './hashing.ts'
import type { Rng } from './rng.ts'
import type { EngineError, TribeId } from './ids.ts'

type Step<S, E> = { ok: true; state: S; events: E[] } | { ok: false; error: EngineError }
type Input<O, A> = { type: 'order'; tribe: TribeId; order: O } | { type: 'system'; action: A } | { type: string }

export function batchWith<S, O, E>(apply: (s: S, tribe: TribeId, o: O, rng: Rng) => Step<S, E>, noDice: Rng) {
  return (state: S, tribe: TribeId, orders: readonly O[], rng: Rng): Step<S, E> | { ok: false; error: EngineError; index: number } => {
    let s = state
    const events: E[] = []
    for (let i = 0; i < orders.length; i++) {
      const result = apply(s, tribe, orders[i]!, i === orders.length - 1 ? rng : noDice)
      if (!result.ok) return { ok: false, error: result.error, index: i }
      s = result.state
      events.push(...result.events)
    }
    return { ok: true, state: s, events }
  }
}

/** Re-applies the inputs of a log (the `order` and `system` events); every other event must come out exactly as recorded. */
export function replayWith<S, O, A, E extends { type: string }>(
  order: (s: S, tribe: TribeId, o: O, rng: Rng) => Step<S, E>,
  system: (s: S, a: A, rng: Rng) => Step<S, E>,
) {
  return (initial: S, events: readonly E[], rng: Rng): { ok: true; state: S } | { ok: false; at: number; message: string } => {
    let state = initial
    let i = 0
    while (i < events.length) {
      const input = events[i]! as Input<O, A>
      const result =
        input.type === 'order' && 'order' in input
          ? order(state, input.tribe, input.order, rng)
          : input.type === 'system' && 'action' in input
            ? system(state, input.action, rng)
            : null
      if (!result) return { ok: false, at: i, message: `event ${i} (${input.type}) is not an order or system input` }
      if (!result.ok) return { ok: false, at: i, message: `event ${i} was refused on replay: ${result.error.code}` }
      for (let k = 0; k < result.events.length; k++) {
        if (!sameJson(events[i + k], result.events[k])) {
          return { ok: false, at: i + k, message: `events from ${i + k} (${events[i + k]?.type ?? 'missing'}) differ on replay` }
        }
      }
      state = result.state
      i += result.events.length
    }
    return { ok: true, state }
  }
}
