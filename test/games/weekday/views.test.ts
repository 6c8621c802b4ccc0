// What the platform's pages and mails read of a weekday state through the ruleset (#17): the
// board a reader sees (all public, R1.3, R7.1; `mine` with its movement points, R7.3, R10.3),
// the week's end map for the history page, a day's losses for the digest (R8.3, R9.3, R10.7,
// R2.4, R11.2) and the payout mail (R6.1, R5.2, R5.6).
import t from 'tap'
import { hmacRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { createGame, weeklyTurn, type GameEvent } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { at, board, mv, play } from './dsl.ts'

const rules = weeklyTurn

//   (0,0) A3: a's city, a port      (1,0) a2        (2,0) neutral land     (3,0) #5: neutral inland city
//   (0,1) a's ship s1, crew 2       (1,1) sea       (2,1) B4: b's port      (3,1) b1
const drawn = () =>
  board(`
  A3  a2  .   #5
    ~a2 ~   B4  b1
`)

t.test('R1.2 R1.3 the board: every tile with its terrain, city, port and owner, for anyone', async (t) => {
  const s = drawn()
  const b = rules.board(s, null)
  t.same(b.map, {
    id: 'test-board',
    name: 'test board',
    names: [],
    tiles: [
      { tile: at(0, 0), q: 0, r: 0, terrain: 'land', city: true, port: true, owner: 'a' },
      { tile: at(1, 0), q: 1, r: 0, terrain: 'land', city: false, port: false, owner: 'a' },
      { tile: at(2, 0), q: 2, r: 0, terrain: 'land', city: false, port: false, owner: null },
      { tile: at(3, 0), q: 3, r: 0, terrain: 'land', city: true, port: false, owner: null },
      { tile: at(0, 1), q: 0, r: 1, terrain: 'sea', city: false, port: false, owner: null },
      { tile: at(1, 1), q: 1, r: 1, terrain: 'sea', city: false, port: false, owner: null },
      { tile: at(2, 1), q: 2, r: 1, terrain: 'land', city: true, port: true, owner: 'b' },
      { tile: at(3, 1), q: 3, r: 1, terrain: 'land', city: false, port: false, owner: 'b' },
    ],
  })
  t.same(b.armies, [
    { tile: at(0, 0), tribe: 'a', troops: 3 },
    { tile: at(1, 0), tribe: 'a', troops: 2 },
    { tile: at(3, 0), tribe: null, troops: 5 },
    { tile: at(2, 1), tribe: 'b', troops: 4 },
    { tile: at(3, 1), tribe: 'b', troops: 1 },
  ])
  t.same(b.ships, [{ id: 's1', tribe: 'a', tile: at(0, 1), crew: 2 }], 'ships without their points')
  t.same(b.besieged, [])
  t.equal(b.draft, null)
  t.equal(b.ranking, null)
  t.equal(b.mine, null, 'a spectator has nothing of its own')
  t.equal(rules.board(s, 'zed').mine, null, 'nor has a reader of no tribe in the game')
})

t.test("R7.3 R10.3 the reader's own armies and ships, with the movement points left to them", async (t) => {
  const s = drawn()
  const moved = play(s, [['a', mv(at(1, 0), at(2, 0), 1)]]).state
  t.same(rules.board(moved, 'a').mine, {
    armies: [
      { tile: at(0, 0), troops: 3, mp: 2 },
      { tile: at(1, 0), troops: 1, mp: 2 },
      { tile: at(2, 0), troops: 1, mp: 1 },
    ],
    ships: [{ id: 's1', tile: at(0, 1), crew: 2, mp: 3 }],
  })
  t.same(rules.board(moved, 'b').mine, {
    armies: [
      { tile: at(2, 1), troops: 4, mp: 2 },
      { tile: at(3, 1), troops: 1, mp: 2 },
    ],
    ships: [],
  })
  t.notOk(
    rules.board(moved, 'a').armies.some((x) => 'mp' in x),
    "the public armies show no points: those are their owner's",
  )
})

t.test('R9.1 R3.2 R2.5 the board shows the sieges, the draft as it stands and the final ranking', async (t) => {
  const besieged = board(`
  .  b1 b1 .
    b1 A1! b1 .
  .  b1 b1 .
`)
  t.same(rules.board(besieged, 'a').besieged, [at(1, 1)])
  const made = createGame({
    map: bundledMap('coast-3')!,
    tribes: WEEKDAYS.slice(0, 3).map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday })),
    seed: 'seed-of-views',
  })
  if (!made.ok) throw new Error(made.error.code)
  const started = rules.applySystem(made.state, { type: 'startDraft' }, hmacRng)
  if (!started.ok) throw new Error(started.error.code)
  const order = started.state.draft!.order
  const city = bundledMap('coast-3')!.tiles.find((x) => x.city)!
  const key = `${city.q},${city.r}`
  const picked = rules.applyOrder(started.state, order[0]!, { type: 'draftPick', city: key }, hmacRng)
  if (!picked.ok) throw new Error(picked.error.code)
  t.same(rules.board(picked.state, null).draft, { order, picks: [{ tribe: order[0], city: key }] })
  const won = play(board('A3 a5 B1 b'), [['a', mv(at(1, 0), at(2, 0), 5)]], [4]).state
  t.same(rules.board(won, null).ranking, ['a', 'b'])
})

t.test("R12.1 the week's end map: owners, armies and ships by tribe index (-1 neutral), and the sieges", async (t) => {
  const s = { ...drawn(), week: 5, besieged: [at(2, 1)] }
  t.same(rules.periodEnd(s), {
    week: 5,
    owners: [0, 0, -1, -1, -1, -1, 1, 1],
    armies: [
      [at(0, 0), 0, 3],
      [at(1, 0), 0, 2],
      [at(3, 0), -1, 5],
      [at(2, 1), 1, 4],
      [at(3, 1), 1, 1],
    ],
    ships: [['s1', at(0, 1), 0, 2]],
    besieged: [at(2, 1)],
  })
  const second = board(`
    A3  ~b4  B2
  `)
  t.same((rules.periodEnd(second) as { ships: unknown[] }).ships, [['s1', at(1, 0), 1, 4]], "b's ship: b is the second tribe")
})

t.test('R8.3 R2.4 the digest: a battle lost and a last city taken hurt the defender only', async (t) => {
  // A = 1 + 5, D = 1 × 2 + 2: the attacker wins with 2; b's last city falls.
  const { events } = play(board('A3 a5 B1 b2 ~ C2'), [['a', mv(at(1, 0), at(2, 0), 5)]], [1])
  const hurt = rules.digest(events)
  t.same([...hurt.keys()], ['b'], 'the attacker lost troops too, but was not attacked')
  t.same(hurt.get('b'), { attacks: 1, troopsLost: 1, placesLost: [at(2, 0)], shipsLost: [], siegeLosses: 0, eliminated: true })
  // The defender wins: A = 1 + 2, D = 3 × 1 + 2; 2 of its 3 survive.
  const held = play(board('A3 a2 b3 B2'), [['a', mv(at(1, 0), at(2, 0), 2)]], [1]).events
  t.same([...rules.digest(held)], [['b', { attacks: 1, troopsLost: 1, placesLost: [], shipsLost: [], siegeLosses: 0, eliminated: false }]])
})

t.test('R7.5 R8.1 taking neutral land or a neutral city hurts no tribe', async (t) => {
  const { events } = play(board('A3 a5 #1 B2'), [['a', mv(at(1, 0), at(2, 0), 5)]], [4])
  t.ok(events.some((e) => e.type === 'combat') && events.some((e) => e.type === 'tileTaken'), 'a battle and a tile taken')
  t.equal(rules.digest(events).size, 0)
})

t.test('R9.3 R10.7 R11.2 the digest: siege losses, a ship boarded, every attack and tile counted', async (t) => {
  const siege = play(
    board(`
  .  b1 b1 .
    b1 A5 b1 .
  .  b1 b1 .
`),
    [{ system: { type: 'closeWindow', tribe: 'a' } }],
  ).events
  t.same(rules.digest(siege).get('a'), { attacks: 0, troopsLost: 2, placesLost: [], shipsLost: [], siegeLosses: 2, eliminated: false })
  const boarded = play(board('A ~a4 ~b1 B'), [['a', { type: 'board', ship: 's1', target: 's2' }]], [4]).events
  t.same(rules.digest(boarded).get('b'), { attacks: 1, troopsLost: 1, placesLost: [], shipsLost: ['s2'], siegeLosses: 0, eliminated: false })
  const day: GameEvent[] = [
    ...play(board('A3 a2 b1 b1 B2'), [['a', mv(at(1, 0), at(2, 0), 2)]], [4]).events,
    { type: 'siegeLoss', city: at(4, 0), owner: 'b', lost: 2, garrison: 0 },
    { type: 'siegeLoss', city: at(4, 0), owner: 'b', lost: 1, garrison: 0 },
    { type: 'tileTaken', tile: at(3, 0), from: 'b', to: 'a', city: false },
  ]
  t.same(
    rules.digest(day).get('b'),
    { attacks: 1, troopsLost: 1 + 2 + 1, placesLost: [at(2, 0), at(3, 0)], shipsLost: [], siegeLosses: 3, eliminated: false },
    'losses add up over the day',
  )
  t.same(rules.hostileEvents, ['combat', 'tileTaken', 'shipTaken', 'siegeLoss', 'eliminated'], 'the events that hurt')
})

t.test('R6.1 R5.2 R5.6 the payout mail: each pool, its balance, and the troops and ships it buys', async (t) => {
  // a: five cities and three tiles in one pool (5 × 10 + 3 × 2 = 56), one city alone (10).
  const s = { ...board('A3 A A A A a a a ~ A ~ B2 b'), week: 4 }
  const mail = rules.tickMail(s, 'a')
  t.same(mail, {
    week: 4,
    total: 66,
    pools: [
      { cities: [at(0, 0), at(1, 0), at(2, 0), at(3, 0), at(4, 0)], tiles: 8, payout: 56, balance: 56, troops: 5, ships: 1 },
      { cities: [at(9, 0)], tiles: 1, payout: 10, balance: 10, troops: 1, ships: 0 },
    ],
    troopCost: 10,
    shipCost: 50,
    finished: false,
  })
  t.same(rules.tickMail(s, 'b'), {
    week: 4,
    total: 12,
    pools: [{ cities: [at(11, 0)], tiles: 2, payout: 12, balance: 12, troops: 1, ships: 0 }],
    troopCost: 10,
    shipCost: 50,
    finished: false,
  })
  const spent = play(s, [['a', { type: 'recruit', city: at(0, 0), troops: 1 }]]).state
  t.match(
    rules.tickMail(spent, 'a'),
    { total: 66, pools: [{ payout: 56, balance: 46, troops: 4, ships: 0 }, { balance: 10 }] },
    'what a balance buys, not the payout; the total is what was paid',
  )
  t.equal(rules.tickMail(s, 'nobody'), null)
})

t.test('R2.4 R2.5 no payout mail for an eliminated tribe; the last one says the campaign is over', async (t) => {
  const over = play(board('A3 a5 B1 b'), [['a', mv(at(1, 0), at(2, 0), 5)]], [4]).state
  t.equal(rules.tickMail(over, 'b'), null)
  t.match(rules.tickMail(over, 'a'), { finished: true })
})
