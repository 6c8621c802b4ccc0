// The weekday game's account of a week's dice (R8.4, R3.1): each battle's d4 with what it
// decided, and week 0's draft order draw, re-derived from the log and, once revealed, the seed.
import { hmacRng } from '../../kernel/rng.ts'
import type { GameEvent } from './types.ts'

/**
 * The draft order's draw (R3.1): a Fisher–Yates shuffle of the tribes in the
 * order they joined, position i (from the last down) swapped with
 * value mod (i + 1), each value a roll of the campaign's dice.
 */
function draftDraw(seq: number, order: string[], counter: number, seed: string | null) {
  const n = order.length
  const draws = Array.from({ length: Math.max(0, n - 1) }, (_, k) => {
    const position = n - 1 - k
    const value = seed ? hmacRng(seed, counter + k) : null
    return { counter: counter + k, position, modulo: position + 1, value, swapWith: value === null ? null : value % (position + 1) }
  })
  return { seq, order, firstCounter: counter, draws }
}

export function diceDetails(logged: readonly { seq: number; type: string; payload: GameEvent }[], seed: string | null) {
  const rolls = logged.flatMap(({ seq, payload: e }) =>
    e.type === 'combat'
      ? [
          {
            seq,
            counter: e.counter,
            roll: e.roll,
            tile: e.tile,
            attackers: e.attackers,
            defenders: e.defenders,
            a: e.a,
            d: e.d,
            attack: e.attack,
            defence: e.defence,
          },
        ]
      : [],
  )
  const started = logged.find((r) => r.payload.type === 'draftStarted')
  const draft = started?.payload.type === 'draftStarted' ? started.payload : null
  return { rolls, draftDraw: draft && started ? draftDraw(started.seq, draft.order, draft.counter, seed) : null }
}
