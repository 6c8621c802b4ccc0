// Eliminations and endings in detail (R2.4, R2.5), and what a battle leaves (R8.3):
// the cases mutation testing showed no test looked at closely enough.
import t from 'tap'
import { ranking } from '../../../src/engine/games/weekday/index.ts'
import { at, board, mv, play } from './dsl.ts'

t.test('R2.4 an eliminated tribe loses its armies, its ships with their crews, its land and its pools; others keep theirs', async (t) => {
  const s = board('A3 a5 B1 b2 ~b3 C2 ~c1')
  const { state, events } = play(s, [['a', mv(at(1, 0), at(2, 0), 5)]], [4])
  t.same(
    events.find((e) => e.type === 'eliminated'),
    { type: 'eliminated', tribe: 'b', troopsRemoved: 5, shipsRemoved: ['s1'] },
    'the 2 on land and the crew of 3, and the ship by name',
  )
  t.same(Object.keys(state.ships), ['s2'], "c's ship sails on")
  t.equal(state.owners[3], null, "b's land turns neutral")
  t.notOk(state.armies[at(3, 0)], "b's army is gone")
  t.match(
    state.tribes.find((x) => x.id === 'b'),
    { eliminated: true, phase: 'closed' },
  )
  t.notOk(
    state.pools.some((p) => p.tribe === 'b'),
    "b's pools are gone",
  )
  t.ok(state.pools.some((p) => p.tribe === 'a') && state.pools.some((p) => p.tribe === 'c'), 'the others keep theirs')
  t.equal(state.status, 'running', 'two tribes remain')
})

t.test('R2.4 a tribe that still holds a city is not eliminated, however small', async (t) => {
  const s = board('A3 a5 B1 b2 ~ B1 ~ C2')
  const { state, events } = play(s, [['a', mv(at(1, 0), at(2, 0), 5)]], [4])
  t.notOk(events.some((e) => e.type === 'eliminated'))
  t.equal(state.tribes.find((x) => x.id === 'b')!.eliminated, false)
})

t.test('R2.5 the end closes every window and ranks every tribe', async (t) => {
  const { state } = play(board('A3 a5 B1 b'), [['a', mv(at(1, 0), at(2, 0), 5)]], [4])
  t.equal(state.status, 'finished')
  t.same(
    state.tribes.map((x) => x.phase),
    ['closed', 'closed'],
    'no tribe may order any more',
  )
  t.same(state.ranking, ['a', 'b'])
})

t.test('R2.5 cities come first: two cities beat one city with more tiles and troops', async (t) => {
  t.same(ranking(board('A1 A1 ~ B5 b b b')), ['a', 'b'])
  t.same(ranking(board('A1 .4 ~ B3')), ['b', 'a'], 'neutral troops count for nobody')
  const s = board('A2 ~ B2')
  t.same(ranking({ ...s, tribes: [...s.tribes].reverse() }), ['a', 'b'], 'all equal: by id, whatever the order of the tribes')
  const out = board('A1 A1 A1 ~ B1 ~ C1')
  t.same(
    ranking({ ...out, tribes: out.tribes.map((x) => (x.id === 'a' ? { ...x, eliminated: true } : x)) }),
    ['b', 'c', 'a'],
    'an eliminated tribe ranks last, whatever it holds',
  )
})

t.test("R8.3 a tie destroys both sides and the tile stays its owner's; a lost attack leaves the defenders' survivors", async (t) => {
  // 2 attackers (×1) and a roll of 2 against 2 defenders (×1) + 2: 4 against 4.
  const tie = play(board('A3 a2 b2 B3'), [['a', mv(at(1, 0), at(2, 0), 2)]], [2]).state
  t.notOk(tie.armies[at(2, 0)], 'no army is left on the tile')
  t.notOk(tie.armies[at(1, 0)], 'the attackers all went')
  t.equal(tie.owners[2], 'b')
  // 1 attacker and a roll of 1 against 3 defenders + 2: 2 against 5, so 3 defenders survive (at most the 3 there were).
  const lost = play(board('A3 a1 b3 B3'), [['a', mv(at(1, 0), at(2, 0), 1)]], [1])
  t.match(
    lost.events.find((e) => e.type === 'combat'),
    { result: 'defender', attackerSurvivors: 0, defenderSurvivors: 3 },
  )
  t.same(lost.state.armies[at(2, 0)], { tribe: 'b', troops: 3, mp: lost.state.armies[at(2, 0)]!.mp })
})

t.test('R7.5 troops arriving on their own tile take nothing: no tile changes hands', async (t) => {
  const { events } = play(board('A3 a2 a1 .'), [['a', mv(at(1, 0), at(2, 0), 2)]])
  t.notOk(
    events.some((e) => e.type === 'tileTaken'),
    "merging on one's own tile is no conquest",
  )
  const fresh = play(board('A3 a2 .'), [['a', mv(at(1, 0), at(2, 0), 2)]])
  t.match(
    fresh.events.find((e) => e.type === 'moved'),
    { claimed: [at(2, 0)] },
    'an unowned tile is claimed by the move',
  )
})

t.test("R7.1 R8.1 the 9-troop limit is for one's own tile: an attack on a larger enemy army is fought", async (t) => {
  const { events } = play(board('A3 a6 b5 B3'), [['a', mv(at(1, 0), at(2, 0), 6)]], [4])
  t.match(
    events.find((e) => e.type === 'combat'),
    { attackers: 6, defenders: 5 },
    '6 against 5 is no merge of 11',
  )
})
