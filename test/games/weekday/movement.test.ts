import t from 'tap'
import { at, board, mv, picture, play, redraw, refused } from './dsl.ts'

t.test('R7.3 a land army has 2 MP; each step costs 1', async (t) => {
  const s = board('a3 . . .')
  const { state } = play(s, [['a', mv(at(0, 0), at(2, 0), 3)]])
  t.equal(picture(state), redraw('a a a3 .'))
  t.equal(state.armies[at(2, 0)]!.mp, 0)
  t.match(refused(s, ['a', mv(at(0, 0), at(3, 0), 3)]), { code: 'move/not_enough_mp', rule: 'R7.3' })
  const one = play(s, [['a', mv(at(0, 0), at(1, 0), 3)]]).state
  t.equal(one.armies[at(1, 0)]!.mp, 1, 'one step leaves 1 MP')
})

t.test('R7.4 moves step only onto land and never revisit a tile or return to the start', async (t) => {
  const s = board(`
    a3 .  ~  .
      .  .  .  .
  `)
  t.match(refused(s, ['a', mv(at(0, 0), at(2, 0), 1, [at(1, 0), at(2, 0)])]), { code: 'move/not_land', rule: 'R7.4' })
  t.match(refused(s, ['a', mv(at(0, 0), at(0, 0), 1, [at(1, 0), at(0, 0)])]), { code: 'move/revisit', rule: 'R7.4' })
  t.match(refused(s, ['a', mv(at(0, 0), at(3, 0), 1, [at(3, 0)])]), { code: 'move/not_adjacent', rule: 'R1.1' })
})

t.test("R7.4 a move never passes through an army, a city or another tribe's tile", async (t) => {
  const through = (middle: string) => board(`a3 ${middle} .`)
  for (const [middle, what] of [
    ['a2', 'own army'],
    ['#', 'empty neutral city'],
    ['A', 'own empty city'],
    ['b', "another tribe's empty tile"],
    ['.1', 'neutral troops'],
  ]) {
    const err = refused(through(middle!), ['a', mv(at(0, 0), at(2, 0), 3, [at(1, 0), at(2, 0)])])
    t.match(err, { code: 'move/path_blocked', rule: 'R7.4' }, what!)
  }
  t.match(refused(through('b'), ['a', mv(at(0, 0), at(2, 0), 3)]), { code: 'move/no_path' }, 'no way round on a one-row board')
})

t.test('R7.4 a destination alone finds the shortest legal path around obstacles', async (t) => {
  const s = board(`
    a3 b1 .
      .  .  .
  `)
  const { state, events } = play(s, [['a', mv(at(0, 0), at(1, 1), 3)]])
  const moved = events.find((e) => e.type === 'moved')
  t.match(moved, { path: [at(0, 1), at(1, 1)] }, 'went round the enemy army, not through it')
  t.equal(
    picture(state),
    redraw(`
    a  b1 .
      a  a3 .
  `),
  )
})

t.test('R7.5 every empty neutral tile entered is claimed, passed through or last; own tiles are just crossed', async (t) => {
  const s = board('a3 . a .')
  const { state, events } = play(s, [['a', mv(at(0, 0), at(2, 0), 3)]])
  t.match(
    events.find((e) => e.type === 'moved'),
    { claimed: [at(1, 0)] },
  )
  const s2 = play(board('a3 . # .'), [['a', mv(at(0, 0), at(2, 0), 3)]]).state
  t.equal(picture(s2), redraw('a a A3 .'), 'an empty neutral city is claimed too')
  t.equal(picture(state), redraw('a a a3 .'))
})

t.test('R7.6 entering any city ends the movement of the entering troops', async (t) => {
  const s = board('a3 A . .')
  const { state } = play(s, [['a', mv(at(0, 0), at(1, 0), 3)]])
  t.equal(state.armies[at(1, 0)]!.mp, 0)
  t.match(refused(state, ['a', mv(at(1, 0), at(2, 0), 3)]), { code: 'move/no_mp', rule: 'R7.3' })
})

t.test('R7.7 a split: the troops left behind keep their MP and move on their own', async (t) => {
  const s = board('. a5 . .')
  const { state } = play(s, [
    ['a', mv(at(1, 0), at(3, 0), 2)],
    ['a', mv(at(1, 0), at(0, 0), 3)],
  ])
  t.equal(picture(state), redraw('a3 a a a2'))
  t.equal(state.armies[at(0, 0)]!.mp, 1)
})

t.test('R7.8 a merge: the whole merged army has 0 MP; more than 9 is refused', async (t) => {
  const s = board('a4 . a3 a7')
  const { state } = play(s, [['a', mv(at(0, 0), at(2, 0), 4)]])
  t.match(state.armies[at(2, 0)], { troops: 7, mp: 0 })
  t.match(refused(s, ['a', mv(at(3, 0), at(2, 0), 7)]), { code: 'move/too_many_troops', rule: 'R7.1' })
  const transfer = play(s, [['a', mv(at(3, 0), at(2, 0), 2)]]).state
  t.match(transfer.armies, { [at(3, 0)]: { troops: 5, mp: 2 }, [at(2, 0)]: { troops: 5, mp: 0 } }, 'a transfer is a split then a merge')
})

t.test("R7.9 entering another tribe's empty tile is an attack on 0 defenders and ends the move", async (t) => {
  const s = board('a3 b . .')
  const { state, events } = play(s, [['a', mv(at(0, 0), at(1, 0), 3)]], [2])
  t.match(
    events.find((e) => e.type === 'combat'),
    { defenders: 0, attackers: 3, attack: 5, defence: 2, result: 'attacker', attackerSurvivors: 3 },
  )
  t.match(state.armies[at(1, 0)], { tribe: 'a', troops: 3, mp: 0 })
})

t.test("R7.1 one army per tile and at most 9 troops; R7.2 the tile of an army is its tribe's", async (t) => {
  const s = board('A8 . .')
  t.match(refused(s, ['a', { type: 'recruit', city: at(0, 0), troops: 2 }]), { code: 'recruit/too_many_troops', rule: 'R5.3' })
  const { state } = play(s, [['a', mv(at(0, 0), at(2, 0), 8)]])
  state.map.tiles.forEach((tile, i) => {
    const army = state.armies[`${tile.q},${tile.r}`]
    if (army?.tribe) t.equal(state.owners[i], army.tribe)
  })
})
