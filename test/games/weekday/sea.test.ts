import t from 'tap'
import { at, board, picture, play, redraw, refused } from './dsl.ts'

// Ships are numbered in reading order: s1 a's with 2 aboard, s2 a's adrift, s3 b's.
const harbour = (bCrew = 1) =>
  board(`
  a3  A   .   B2  .
    ~a2 ~   ~   ~   ~
  ~a0 ~   ~b${bCrew} ~   B
`)

t.test('R10.1 only a tribe that owns a port builds ships there', async (t) => {
  const s = harbour()
  t.match(refused(s, ['b', { type: 'buildShip', port: at(1, 0), sea: at(1, 1) }]), { code: 'ship/not_your_port', rule: 'R10.1' })
})

t.test("R10.2 embarking costs 1 MP and ends the embarked troops' movement", async (t) => {
  const { state, events } = play(harbour(), [['a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 1 }]])
  t.match(
    events.find((e) => e.type === 'embarked'),
    { ship: 's1', troops: 1 },
  )
  t.match(state.ships.s1, { crew: 3, mp: 0 })
  t.match(state.armies[at(0, 0)], { troops: 2, mp: 2 }, 'those who stay keep their MP')
  t.match(refused(harbour(), ['a', { type: 'embark', from: at(0, 0), ship: 's3', troops: 1 }]), { code: 'ship/not_yours' })
  const far = board(`
    a3 .  .
      ~  ~  ~a1
  `)
  t.match(refused(far, ['a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 1 }]), { code: 'embark/not_adjacent', rule: 'R10.2' })
})

t.test('R10.3 a crewed ship has 3 MP through sea tiles, never through another ship; an adrift ship cannot move', async (t) => {
  const s = harbour()
  const { state } = play(s, [['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }]])
  t.match(state.ships.s1, { tile: at(2, 1), mp: 1, crew: 2 }, 'crew and ship move together')
  t.match(refused(s, ['a', { type: 'shipMove', ship: 's1', path: [at(1, 1), at(1, 2), at(2, 2)] }]), { code: 'ship/path_blocked', rule: 'R10.3' })
  t.match(refused(s, ['a', { type: 'shipMove', ship: 's1', path: [at(1, 1), at(2, 1), at(3, 1), at(4, 1)] }]), { code: 'ship/not_enough_mp', rule: 'R10.3' })
  t.match(refused(s, ['a', { type: 'shipMove', ship: 's1', path: [at(1, 0)] }]), { code: 'ship/not_sea', rule: 'R10.3' })
  t.match(refused(s, ['a', { type: 'shipMove', ship: 's2', to: at(1, 2) }]), { code: 'ship/adrift', rule: 'R10.3' })
})

t.test('R10.4 disembarking: 1 ship MP; occupies an empty tile, merges with an own army, attacks anything else with a = 1', async (t) => {
  const s = harbour()
  const landed = play(s, [['a', { type: 'disembark', ship: 's1', to: at(1, 0), troops: 2 }]])
  t.match(landed.state.armies[at(1, 0)], { tribe: 'a', troops: 2, mp: 0 })
  t.match(landed.state.ships.s1, { crew: 0, mp: 2 }, 'the ship may be left adrift')
  const merged = play(s, [['a', { type: 'disembark', ship: 's1', to: at(0, 0), troops: 1 }]]).state
  t.match(merged.armies[at(0, 0)], { troops: 4, mp: 0 })
  const ashore = play(s, [
    ['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }],
    ['a', { type: 'disembark', ship: 's1', to: at(2, 0), troops: 1 }],
  ]).state
  t.equal(ashore.owners[2], 'a', 'an empty neutral tile is taken')
  const attack = play(
    s,
    [
      ['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }],
      ['a', { type: 'disembark', ship: 's1', to: at(3, 0), troops: 2 }],
    ],
    [4],
  )
  t.match(
    attack.events.find((e) => e.type === 'combat'),
    { kind: 'disembark', a: 1, d: 2, attack: 6, defence: 6, result: 'tie' },
  )
  const spent = play(s, [['a', { type: 'shipMove', ship: 's1', path: [at(1, 1), at(2, 1), at(3, 1)] }]]).state
  t.match(refused(spent, ['a', { type: 'disembark', ship: 's1', to: at(3, 0), troops: 1 }]), { code: 'disembark/no_mp', rule: 'R10.4' })
})

t.test('R10.5 ships cannot attack land troops except a port', async (t) => {
  const s = board(`
    a3  b2  .
      ~a2 ~   ~
    ~   ~   B
  `)
  t.match(refused(s, ['a', { type: 'portAssault', ship: 's1', port: at(1, 0), troops: 2, occupy: true }]), { code: 'assault/not_a_port', rule: 'R10.5' })
})

t.test('R10.6 port assault from a ship: a = 2, d = 2, 1 MP; the winners land or stay aboard', async (t) => {
  const s = play(harbour(), [['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }]]).state
  const taken = play(s, [['a', { type: 'portAssault', ship: 's1', port: at(3, 0), troops: 2, occupy: true }]], [3])
  t.match(
    taken.events.find((e) => e.type === 'combat'),
    { kind: 'portAssault', a: 2, d: 2, attack: 7, defence: 6, attackerSurvivors: 1 },
  )
  t.match(taken.state.armies[at(3, 0)], { tribe: 'a', troops: 1, mp: 0 })
  t.match(taken.state.ships.s1, { crew: 0, mp: 0 })
  const raided = play(s, [['a', { type: 'portAssault', ship: 's1', port: at(3, 0), troops: 2, occupy: false }]], [3]).state
  t.equal(raided.armies[at(3, 0)], undefined, 'the city is left empty')
  t.equal(raided.owners[3], 'b', 'with its owner')
  t.match(raided.ships.s1, { crew: 1 }, 'the survivor stays aboard')
  t.match(refused(s, ['a', { type: 'portAssault', ship: 's1', port: at(3, 0), troops: 2 }] as never), { code: 'order/bad_occupy', rule: 'R10.6' })
})

t.test("R10.7 boarding: the whole crew attacks, a = 2, d = 2; the winner's tribe gets both ships, the loser's adrift", async (t) => {
  const s = play(harbour(), [['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }]]).state
  const won = play(s, [['a', { type: 'board', ship: 's1', target: 's3' }]], [1])
  t.match(
    won.events.find((e) => e.type === 'combat'),
    { kind: 'boarding', attackers: 2, defenders: 1, attack: 5, defence: 4 },
  )
  t.match(won.state.ships, { s1: { tribe: 'a', crew: 1 }, s3: { tribe: 'a', crew: 0 } })

  const strong = play(harbour(3), [['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }]]).state
  const lost = play(strong, [['a', { type: 'board', ship: 's1', target: 's3' }]], [1]).state
  t.match(lost.ships, { s1: { tribe: 'b', crew: 0 }, s3: { tribe: 'b', crew: 3 } }, 'the defender wins and takes the boarding ship')
  const tie = play(strong, [['a', { type: 'board', ship: 's1', target: 's3' }]], [4]).state
  t.match(tie.ships, { s1: { tribe: 'a', crew: 0 }, s3: { tribe: 'b', crew: 0 } }, 'a tie kills both crews; both ships adrift with their owners')

  const adrift = play(
    harbour(0),
    [
      ['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }],
      ['a', { type: 'board', ship: 's1', target: 's3' }],
    ],
    [1],
  )
  t.match(
    adrift.events.find((e) => e.type === 'combat'),
    { defenders: 0, defence: 2, result: 'attacker' },
    'boarding an adrift ship is an attack on 0 defenders',
  )
})

t.test('R10.8 an adrift ship is crewed by troops moving across from an adjacent own ship (1 MP)', async (t) => {
  const { state } = play(harbour(), [['a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 1 }]])
  t.match(state.ships, { s1: { crew: 1, mp: 2 }, s2: { crew: 1, mp: 0 } })
  t.match(refused(harbour(), ['a', { type: 'crewTransfer', from: 's1', to: 's3', troops: 1 }]), { code: 'ship/not_yours' })
})

t.test('R10.9 a ship that takes on troops has no MP left this turn; it moves again after the next opening', async (t) => {
  const s = harbour()
  const crewed = play(s, [['a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 1 }]]).state
  t.match(refused(crewed, ['a', { type: 'shipMove', ship: 's2', to: at(1, 2) }]), { code: 'ship/no_mp', rule: 'R10.3' })
  const next = play(crewed, [{ system: { type: 'closeWindow', tribe: 'a' } }, { system: { type: 'openWindow', tribe: 'a' } }]).state
  t.match(next.ships.s2, { mp: 3 })
  t.equal(
    picture(play(next, [['a', { type: 'shipMove', ship: 's2', to: at(1, 2) }]]).state),
    redraw(`
    a3  A   .   B2  .
      ~a1 ~   ~   ~   ~
    ~   ~a1 ~b1 ~   B
  `),
  )
})

t.test("R10.2 R10.8 a whole army embarks with its last MP; a whole crew moves across with its ship's last MP", async (t) => {
  const shore = board('a3 ~a1 ~a2')
  shore.armies[at(0, 0)]!.mp = 1
  const embarked = play(shore, [['a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 3 }]]).state
  t.equal(embarked.armies[at(0, 0)], undefined, 'nobody left on the shore')
  t.match(embarked.ships.s1, { crew: 4, mp: 0 })
  const tired = structuredClone(shore)
  tired.ships.s2!.mp = 1
  const across = play(tired, [['a', { type: 'crewTransfer', from: 's2', to: 's1', troops: 2 }]]).state
  t.match(across.ships.s2, { crew: 0 }, 'the whole crew went across; the ship is adrift')
  t.match(across.ships.s1, { crew: 3, mp: 0 })
})

t.test("R10.3 a ship's move is logged with the path it sailed", async (t) => {
  const { state, events } = play(board('A ~a2 ~ ~'), [['a', { type: 'shipMove', ship: 's1', to: at(3, 0) }]])
  t.same(
    events.find((e) => e.type === 'shipMoved'),
    { type: 'shipMoved', tribe: 'a', ship: 's1', path: [at(2, 0), at(3, 0)] },
  )
  t.match(state.ships.s1, { tile: at(3, 0), mp: 1 })
})

t.test('R10.6 a won port assault: landing takes the city with the survivors, staying aboard keeps them on the ship', async (t) => {
  const s = board('B1 ~a6 A')
  const landed = play(s, [['a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 4, occupy: true }]], [4]).state
  t.match(landed.armies[at(0, 0)], { tribe: 'a', troops: 4 })
  t.equal(landed.owners[0], 'a')
  t.match(landed.ships.s1, { crew: 2, mp: 2 }, 'those who landed are no longer aboard')
  const stayed = play(s, [['a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 4, occupy: false }]], [4]).state
  t.equal(stayed.armies[at(0, 0)], undefined, 'the city is left empty')
  t.equal(stayed.owners[0], 'b', 'with its owner')
  t.match(stayed.ships.s1, { crew: 6, mp: 2 }, 'the survivors are back aboard')
  const lost = play(board('B4 ~a6 A'), [['a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 2, occupy: false }]], [1]).state
  t.match(lost.ships.s1, { crew: 4, mp: 2 }, 'a lost assault loses only the troops sent')
})

t.test('R10.7 boarding: the winner takes both ships, and the log says which ship changed hands', async (t) => {
  const won = play(board('A ~a4 ~b1 B'), [['a', { type: 'board', ship: 's1', target: 's2' }]], [4])
  t.match(won.state.ships.s1, { tribe: 'a', crew: 4, mp: 2 })
  t.match(won.state.ships.s2, { tribe: 'a', crew: 0, mp: 0 })
  t.same(
    won.events.filter((e) => e.type === 'shipTaken'),
    [{ type: 'shipTaken', ship: 's2', from: 'b', to: 'a' }],
  )
  const lost = play(board('A ~a1 ~b4 B'), [['a', { type: 'board', ship: 's1', target: 's2' }]], [1])
  t.match(lost.state.ships.s1, { tribe: 'b', crew: 0, mp: 0 })
  t.match(lost.state.ships.s2, { tribe: 'b', crew: 4 })
  t.same(
    lost.events.filter((e) => e.type === 'shipTaken'),
    [{ type: 'shipTaken', ship: 's1', from: 'a', to: 'b' }],
  )
})
