// The "your day" card's figures (#30) as the weekday game counts them: the resources its pools
// can still spend (R5.5), its armies and crewed ships with MP left (R4.5, R7.3, R10.3), and
// the order that ends the turn (R4.6).
import t from 'tap'
import { weeklyTurn } from '../../../src/engine/games/weekday/index.ts'
import { at, board, mv, play } from './dsl.ts'

const twoSides = () =>
  board(`
    A3 .  .  B2
      ~a1 ~  ~
  `)

t.test('R4.4 at the opening: the pools can be spent, every army and ship can move, the turn can end', async (t) => {
  const s = twoSides()
  t.same(weeklyTurn.turnSummary(s, 'a'), { spendable: [{ key: 'spendResources', amount: 10 }], movable: 2, end: { type: 'endTurn' } })
  t.equal(weeklyTurn.turnSummary(s, 'b').movable, 1, "b's own army only: a's ship is not b's")
})

t.test('R5.5 the first action ends spending; R7.3 an army with MP left still moves, one with none does not', async (t) => {
  const moved = play(twoSides(), [['a', mv(at(0, 0), at(1, 0), 3)]]).state
  t.same(weeklyTurn.turnSummary(moved, 'a'), { spendable: [], movable: 2, end: { type: 'endTurn' } }, '1 MP left at 1,0, and the ship')
  const far = play(moved, [['a', mv(at(1, 0), at(2, 0), 3)]]).state
  t.equal(weeklyTurn.turnSummary(far, 'a').movable, 1, 'the army spent its 2 MP: only the ship is left')
})

t.test('R5.2 a pool below the price of a troop buys nothing, so it is not counted', async (t) => {
  const s = twoSides()
  s.pools[0]!.balance = 9
  t.same(weeklyTurn.turnSummary(s, 'a').spendable, [])
})

t.test('R4.6 once ended, and R4.3 outside the window: nothing to spend or move, and no order ends it', async (t) => {
  const ended = play(twoSides(), [['a', { type: 'endTurn' }]]).state
  t.same(weeklyTurn.turnSummary(ended, 'a'), { spendable: [], movable: 0, end: null })
  t.same(weeklyTurn.turnSummary(board('A3 . B2', { phase: 'closed' }), 'a'), { spendable: [], movable: 0, end: null })
  t.same(weeklyTurn.turnSummary(twoSides(), 'nobody'), { spendable: [], movable: 0, end: null }, 'an unknown tribe has no turn')
})
