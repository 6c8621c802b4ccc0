import t from 'tap'
import { compileMap, computePools, previewPools } from '../../../src/engine/games/weekday/index.ts'
import { at, board, mv, play, refused } from './dsl.ts'

const payout = { system: { type: 'weeklyPayout' as const } }

t.test('R6.5 golden: a city whose only connected land is 5 adjacent tiles gets 10 + 5 × 2 = 20', async (t) => {
  const s = board(`
    ~  a  a  ~
      a  A  a  ~
    ~  a  ~  ~
  `)
  t.match(s.pools, [{ tribe: 'a', cities: [at(1, 1)], tiles: 6, payout: 20, balance: 20 }])
})

t.test('R6.5 golden: three cities linked through owned land share one pool with the sum of their payouts', async (t) => {
  const s = board('A a A a a A ~ A')
  t.match(s.pools, [
    { tribe: 'a', cities: [at(0, 0), at(2, 0), at(5, 0)], tiles: 6, payout: 3 * 10 + 3 * 2 },
    { tribe: 'a', cities: [at(7, 0)], tiles: 1, payout: 10 },
  ])
})

t.test("R6.2 sea and other tribes' tiles break a group; a group without a city yields nothing", async (t) => {
  const s = board('A a b a a ~ a A')
  const map = compileMap(s.map)
  const pools = computePools(map, s.owners, 0)
  t.same(
    pools.map((p) => [p.tribe, p.cities, p.payout]),
    [
      ['a', [at(0, 0)], 12],
      ['a', [at(7, 0)], 12],
    ],
  )
})

t.test('R6.1 the weekly tick pays out; R6.3 unspent resources are lost and new pools replace the old', async (t) => {
  const s = board('A5 a a . B3')
  t.equal(s.pools[0]!.balance, 14)
  const spent = play(s, [['a', { type: 'recruit', city: at(0, 0), troops: 1 }]]).state
  t.equal(spent.pools[0]!.balance, 4)
  const { state, events } = play(spent, [payout])
  t.match(
    state.pools,
    [
      { tribe: 'a', balance: 14 },
      { tribe: 'b', balance: 10 },
    ],
    'the 4 left over are gone, not added',
  )
  t.equal(state.week, s.week + 1)
  t.match(
    events.find((e) => e.type === 'payout'),
    { week: s.week },
  )
})

t.test('R6.4 a city taken during the week brings no pool to its new owner until the next payout', async (t) => {
  const s = board('A5 a B . a2 A1 ~ B')
  const taken = play(s, [['a', mv(at(4, 0), at(2, 0), 2, [at(3, 0), at(2, 0)])]], [4]).state
  t.equal(taken.owners[2], 'a')
  const nextTurn = play(taken, [{ system: { type: 'closeWindow', tribe: 'a' } }, { system: { type: 'openWindow', tribe: 'a' } }]).state
  t.match(refused(nextTurn, ['a', { type: 'recruit', city: at(2, 0), troops: 1 }]), { code: 'recruit/no_pool', rule: 'R6.4' })
  const paid = play(nextTurn, [payout, { system: { type: 'openWindow', tribe: 'a' } }]).state
  t.ok(play(paid, [['a', { type: 'recruit', city: at(2, 0), troops: 1 }]]), 'after the payout it recruits from its new pool')
})

t.test('R5.1 troops are recruited only in an own city', async (t) => {
  const s = board('A2 a B2 #')
  t.match(refused(s, ['a', { type: 'recruit', city: at(1, 0), troops: 1 }]), { code: 'recruit/not_a_city', rule: 'R5.1' })
  t.match(refused(s, ['a', { type: 'recruit', city: at(2, 0), troops: 1 }]), { code: 'recruit/not_your_city', rule: 'R5.1' })
  t.match(refused(s, ['a', { type: 'recruit', city: at(3, 0), troops: 1 }]), { code: 'recruit/not_your_city', rule: 'R5.1' })
})

t.test('R5.2 a troop costs 10 from the pool holding the city', async (t) => {
  const s = board('A2 a a a ~ A')
  const { state, events } = play(s, [['a', { type: 'recruit', city: at(0, 0), troops: 1 }]])
  t.match(
    events.find((e) => e.type === 'recruited'),
    { troops: 1, cost: 10, pool: s.pools[0]!.id },
  )
  t.same(
    state.pools.map((p) => p.balance),
    [6, 10],
    'only that pool pays',
  )
  t.match(refused(s, ['a', { type: 'recruit', city: at(0, 0), troops: 2 }]), { code: 'recruit/insufficient_resources', rule: 'R5.2' })
})

t.test('R5.3 new troops join the garrison, and an order that would exceed 9 is rejected whole', async (t) => {
  const s = board('A7 a a a a a a a a a a a a a a a a a a a')
  t.equal(s.pools[0]!.balance, 48)
  t.match(refused(s, ['a', { type: 'recruit', city: at(0, 0), troops: 3 }]), { code: 'recruit/too_many_troops', rule: 'R5.3' })
  t.equal(play(s, [['a', { type: 'recruit', city: at(0, 0), troops: 2 }]]).state.armies[at(0, 0)]!.troops, 9)
})

t.test('R5.4 troops recruited this turn may act in the same turn', async (t) => {
  const s = board('A a a a a . .')
  const { state } = play(s, [
    ['a', { type: 'recruit', city: at(0, 0), troops: 1 }],
    ['a', mv(at(0, 0), at(2, 0), 1)],
  ])
  t.match(state.armies[at(2, 0)], { tribe: 'a', troops: 1 })
})

t.test('R5.5 recruiting and building ships only before the first action order; R4.4 the first action closes recruitment', async (t) => {
  const s = board(`
    A3 a  a  a  a  a  a  a  a
      ~  ~  ~
  `)
  const acted = play(s, [['a', mv(at(0, 0), at(1, 0), 1)]]).state
  t.equal(acted.tribes[0]!.phase, 'actions')
  t.match(refused(acted, ['a', { type: 'recruit', city: at(0, 0), troops: 1 }]), { code: 'recruit/after_actions', rule: 'R5.5' })
  t.match(refused(acted, ['a', { type: 'buildShip', port: at(0, 0), sea: at(0, 1) }]), { code: 'ship/after_actions', rule: 'R5.5' })
  const recruitedTwice = play(s, [
    ['a', { type: 'recruit', city: at(0, 0), troops: 1 }],
    ['a', { type: 'recruit', city: at(0, 0), troops: 1 }],
  ]).state
  t.equal(recruitedTwice.tribes[0]!.phase, 'recruitment', 'recruiting does not end recruitment')
})

t.test('R5.6 a port builds a ship for 50 on an adjacent empty sea tile, with no crew', async (t) => {
  const s = board(`
    A3 a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a
      ~  ~a1 ~
  `)
  t.equal(s.pools[0]!.balance, 50)
  const { state, events } = play(s, [['a', { type: 'buildShip', port: at(0, 0), sea: at(0, 1) }]])
  t.match(
    events.find((e) => e.type === 'shipBuilt'),
    { ship: 's2', sea: at(0, 1), cost: 50 },
  )
  t.match(state.ships.s2, { tribe: 'a', tile: at(0, 1), crew: 0 })
  t.equal(state.pools[0]!.balance, 0)
  t.match(refused(s, ['a', { type: 'buildShip', port: at(0, 0), sea: at(1, 1) }]), { code: 'ship/bad_sea' }, 'not adjacent')
  t.match(refused(s, ['a', { type: 'buildShip', port: at(1, 0), sea: at(1, 1) }]), { code: 'ship/not_a_port' })
  const poorer = play(s, [['a', { type: 'recruit', city: at(0, 0), troops: 1 }]]).state
  t.match(refused(poorer, ['a', { type: 'buildShip', port: at(0, 0), sea: at(0, 1) }]), { code: 'ship/insufficient_resources', rule: 'R5.6' })
})

t.test("R6.2 pools are listed by tribe, each tribe's numbered from 1 in map order, cities in map order", async (t) => {
  const s = board(`
    B  b  A  a  ~  A  ~  b  B
      A  A  A  ~  ~  ~  ~  ~  ~
  `)
  const pools = computePools(compileMap(s.map), s.owners, 3)
  t.same(
    pools.map((p) => [p.id, p.tribe, p.cities, p.tiles, p.payout, p.balance]),
    [
      ['w3-a-1', 'a', [at(2, 0), at(0, 1), at(1, 1), at(2, 1)], 5, 42, 42],
      ['w3-a-2', 'a', [at(5, 0)], 1, 10, 10],
      ['w3-b-1', 'b', [at(0, 0)], 2, 12, 12],
      ['w3-b-2', 'b', [at(8, 0)], 2, 12, 12],
    ],
  )
  t.same(previewPools({ ...s, week: 3 }), pools, 'the preview is the payout the board would get now')
})
