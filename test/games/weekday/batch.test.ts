// R8.4 (clarified): nobody learns a roll without committing to it. Only the
// last order of a batch may roll dice, and every check runs before the first
// die, so the answer to a refused batch never depends on the seed.
import fc from 'fast-check'
import t from 'tap'
import { hmacRng } from '../../../src/engine/index.ts'
import { applyBatch, applyOrder, type GameState, type Order } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { at, board } from './dsl.ts'
import { chooser, randomOrder, simulate } from './random-play.ts'

const withSeed = (s: GameState, seed: string): GameState => ({ ...s, rng: { seed, counter: s.rng.counter } })

t.test('R8.4 an attack before the last order of a batch is refused before any die is drawn', async (t) => {
  const s = board(`
    A5 a5 b1 .
  `)
  const attack: Order = { type: 'move', from: at(1, 0), to: at(2, 0), troops: 4 }
  const after: Order = { type: 'move', from: at(2, 0), to: at(3, 0), troops: 1 }
  const refused = applyBatch(s, 'a', [attack, after], hmacRng)
  t.match(refused, { ok: false, index: 0, error: { code: 'orders/dice_not_last', rule: 'R8.4', message: /must be the last order of its batch/ } })
  const alone = applyBatch(s, 'a', [attack], hmacRng)
  t.match(alone, { ok: true }, 'the same attack alone is fought')
  t.ok(alone.ok && alone.events.some((e) => e.type === 'combat'), 'with its roll')
  const last = applyBatch(s, 'a', [{ type: 'recruit', city: at(0, 0), troops: 1 }, attack], hmacRng)
  t.match(last, { ok: true }, 'recruiting, then the attack as the last order, is one batch')
  const wrong = applyBatch(s, 'a', [attack, { type: 'recruit', city: at(0, 0), troops: 1 }], hmacRng)
  t.match(wrong, { ok: false, index: 0, error: { code: 'orders/dice_not_last' } }, 'refused at the attack, not at the later recruit (R5.5)')
})

t.test('R8.4 property: a refused batch is refused the same way whatever the seed', async (t) => {
  const sim = simulate(bundledMap('coast-4')!, 7, 4, 30)
  let refusedBatches = 0
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer({ min: 1, max: 5 }),
      fc.string({ minLength: 8, maxLength: 16 }),
      fc.string({ minLength: 8, maxLength: 16 }),
      (pick, size, seedA, seedB) => {
        const c = chooser(pick)
        const tribe = sim.state.tribes[pick % sim.state.tribes.length]!.id
        const open: GameState = { ...sim.state, tribes: sim.state.tribes.map((x) => (x.id === tribe ? { ...x, phase: 'recruitment' as const } : x)) }
        const orders = Array.from({ length: size }, () => randomOrder(open, tribe, c))
        const a = applyBatch(withSeed(open, seedA), tribe, orders, hmacRng)
        const b = applyBatch(withSeed(open, seedB), tribe, orders, hmacRng)
        if (a.ok && b.ok) return true
        refusedBatches++
        return (
          !a.ok &&
          !b.ok &&
          a.error.code === b.error.code &&
          a.error.message === b.error.message &&
          ('index' in a ? a.index : -1) === ('index' in b ? b.index : -1)
        )
      },
    ),
    { numRuns: 2000, seed: 84 },
  )
  t.ok(refusedBatches > 200, `many refused batches were tried (${refusedBatches})`)
})

t.test('R8.4 a batch logs exactly the events of its orders, one after the other', async (t) => {
  const s = board('A5 a5 . .')
  const orders: Order[] = [
    { type: 'recruit', city: at(0, 0), troops: 1 },
    { type: 'move', from: at(1, 0), to: at(2, 0), troops: 2 },
  ]
  const batch = applyBatch(s, 'a', orders, hmacRng)
  const one = applyOrder(s, 'a', orders[0]!, hmacRng)
  const two = one.ok ? applyOrder(one.state, 'a', orders[1]!, hmacRng) : one
  t.ok(batch.ok && one.ok && two.ok)
  t.same(batch.ok && batch.events, one.ok && two.ok && [...one.events, ...two.events])
  t.same(batch.ok && batch.state, two.ok && two.state)
  t.match(
    applyBatch(
      s,
      'a',
      [orders[0]!, { type: 'move', from: at(1, 0), to: at(2, 0), troops: 1 }, { type: 'move', from: at(1, 0), to: at(2, 0), troops: 9 }],
      hmacRng,
    ),
    { ok: false, index: 2, error: { code: 'move/not_enough_troops' } },
    'the index names the order refused',
  )
})
