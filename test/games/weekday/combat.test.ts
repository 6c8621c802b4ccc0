import t from 'tap'
import { at, board, mv, picture, play, redraw } from './dsl.ts'

t.test('R8.5 golden: 5 attackers against 3 defenders in the open win with 1–4 survivors', async (t) => {
  const s = board('a5 b3')
  for (const roll of [1, 2, 3, 4]) {
    const { state, events } = play(s, [['a', mv(at(0, 0), at(1, 0), 5)]], [roll])
    t.match(
      events.find((e) => e.type === 'combat'),
      { attack: 5 + roll, defence: 5, result: 'attacker', attackerSurvivors: roll, defenderSurvivors: 0 },
      `roll ${roll}`,
    )
    t.equal(picture(state), redraw(`a a${roll}`), `roll ${roll}: the attackers hold the tile`)
  }
})

t.test('R8.5 golden: 5 attackers against 3 in a city (D = 8)', async (t) => {
  const s = board('a5 B3 ~ B')
  const outcomes: [number, string, string][] = [
    [1, 'a B2 ~ B', 'the defender keeps 2'],
    [2, 'a B1 ~ B', 'the defender keeps 1'],
    [3, 'a B ~ B', 'a roll of 3 kills everyone; the city stays with its owner, empty'],
    [4, 'a A1 ~ B', 'a roll of 4 leaves 1 attacker holding the city'],
  ]
  for (const [roll, after, why] of outcomes) {
    const { state } = play(s, [['a', mv(at(0, 0), at(1, 0), 5)]], [roll])
    t.equal(picture(state), redraw(after), why)
  }
})

t.test("R8.1 the attackers are only the troops making the step; R8.3 survivors' MP", async (t) => {
  const s = board('a7 b2 .')
  const { state, events } = play(s, [['a', mv(at(0, 0), at(1, 0), 4)]], [1])
  t.match(
    events.find((e) => e.type === 'combat'),
    { attackers: 4, defenders: 2, attack: 5, defence: 4, attackerSurvivors: 1 },
  )
  t.match(state.armies[at(1, 0)], { tribe: 'a', troops: 1, mp: 0 }, 'surviving attackers have 0 MP')
  t.match(state.armies[at(0, 0)], { tribe: 'a', troops: 3, mp: 2 }, 'those who stayed behind keep theirs')

  const lost = play(board('a1 b4 .', {}), [['a', mv(at(0, 0), at(1, 0), 1)]], [1]).state
  t.match(lost.armies[at(1, 0)], { tribe: 'b', troops: 4, mp: 2 }, 'surviving defenders keep their MP (R8.3)')
})

t.test('R8.2 attack and defence values: multipliers before the d4 and the +2', async (t) => {
  const { events } = play(board('a4 .3'), [['a', mv(at(0, 0), at(1, 0), 4)]], [2])
  t.match(
    events.find((e) => e.type === 'combat'),
    { a: 1, d: 1, attack: 2 + 4, defence: 3 + 2, defender: null },
  )
  const city = play(board('a4 #3'), [['a', mv(at(0, 0), at(1, 0), 4)]], [2]).events
  t.match(
    city.find((e) => e.type === 'combat'),
    { a: 1, d: 2, attack: 6, defence: 8, result: 'defender', defenderSurvivors: 2 },
  )
})

t.test('R8.3 a tie kills both sides and the tile stays with its owner, empty', async (t) => {
  const { state } = play(board('a3 b2 .'), [['a', mv(at(0, 0), at(1, 0), 3)]], [1])
  t.equal(picture(state), redraw('a b .'))
})

t.test('R8.4 every roll is logged with its inputs and the roll counter', async (t) => {
  const s = board('a2 b1 . c1 a2')
  const { state, events } = play(
    s,
    [
      ['a', mv(at(0, 0), at(1, 0), 2)],
      ['a', mv(at(4, 0), at(3, 0), 2)],
    ],
    [4, 4],
  )
  const combats = events.filter((e) => e.type === 'combat')
  t.same(
    combats.map((c) => c.type === 'combat' && c.counter),
    [0, 1],
  )
  t.match(combats[1], { tile: at(3, 0), attacker: 'a', defender: 'c', attackers: 2, defenders: 1, roll: 4, attack: 6, defence: 3 })
  t.equal(state.rng.counter, 2, 'the counter lives in the state')
})
