// The "your day" card's figures (#30) as world conquest counts them: the goods in the tribe's
// stocks (what arrived joins at the opening, G2.3), its territories with ready units, and the
// order that ends the turn (G2.8).
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { open, play, world } from './dsl.ts'

const table = () =>
  world(`
    monday  A  ale 6 basic=5 oil=1 in.basic=4, pyu 2
    tuesday B  *
  `)

t.test('G2.2 a closed window: nothing to spend or move, and no order ends it', async (t) => {
  t.same(conquest.turnSummary(table(), 'A'), { spendable: [], movable: 0, end: null })
})

t.test('G2.3 at the opening: the stock with what arrived, each territory with ready units, and the end of the turn', async (t) => {
  const s = open(table(), 'A')
  t.same(conquest.turnSummary(s, 'A'), {
    spendable: [
      { key: 'c_good_basic', amount: 9 },
      { key: 'c_good_oil', amount: 1 },
    ],
    movable: 2,
    end: { type: 'endTurn' },
  })
  t.same(conquest.turnSummary(s, 'B'), { spendable: [], movable: 0, end: null }, "B's window is still closed")
})

t.test('G5 a territory whose units are no longer ready is not counted; G2.8 once ended, nothing is', async (t) => {
  const s = open(table(), 'A')
  const guarded = play(s, 'A', { type: 'guard', at: 'pyu', troops: 2 }).state
  t.equal(guarded.territories.pyu!.ready, 0, 'the guards are not ready to move')
  t.equal(conquest.turnSummary(guarded, 'A').movable, 1, 'only ale still has ready units')
  const ended = play(guarded, 'A', { type: 'endTurn' }).state
  t.same(conquest.turnSummary(ended, 'A'), { spendable: [], movable: 0, end: null })
})
