// The legal options of a tribe (what the map offers): every option is an order
// applyOrder accepts, nothing simple that it accepts is missing, and attacks
// say who defends, never how the die will fall.
import t from 'tap'
import { hmacRng } from '../../../src/engine/index.ts'
import { applyOrder, applySystem, legalOptions, type GameState, type Order, type TribeOptions } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { weeklyTurn } from '../../../src/engine/games/weekday/index.ts'
import { at, board, play } from './dsl.ts'
import { chooser, simulate } from './random-play.ts'

/** Every option as the order that takes it (moves with all the troops they may carry). */
function ordersOf(o: TribeOptions): Order[] {
  return [
    ...o.draftPick.map((city): Order => ({ type: 'draftPick', city })),
    ...o.recruit.map((r): Order => ({ type: 'recruit', city: r.city, troops: r.maxTroops })),
    ...o.buildShip.map((b): Order => ({ type: 'buildShip', port: b.port, sea: b.sea })),
    ...o.armies.flatMap((a) => [
      ...a.moves.map((m): Order => ({ type: 'move', from: a.tile, troops: m.maxTroops, path: m.path })),
      ...a.embark.map((e): Order => ({ type: 'embark', from: a.tile, ship: e.ship, troops: e.maxTroops })),
    ]),
    ...o.ships.flatMap((s) => [
      ...s.sail.map((x): Order => ({ type: 'shipMove', ship: s.id, path: x.path })),
      ...s.disembark.map((x): Order => ({ type: 'disembark', ship: s.id, to: x.to, troops: x.maxTroops })),
      ...s.portAssault.map((x): Order => ({ type: 'portAssault', ship: s.id, port: x.port, troops: x.maxTroops, occupy: true })),
      ...s.board.map((x): Order => ({ type: 'board', ship: s.id, target: x.target })),
      ...s.crewTransfer.map((x): Order => ({ type: 'crewTransfer', from: s.id, to: x.to, troops: x.maxTroops })),
    ]),
    ...(o.endTurn ? [{ type: 'endTurn' } as Order] : []),
  ]
}

t.test("R7.3 R7.4 R7.5 an army's options: each reachable tile with its path, MP, the tiles it claims, merges and attacks with their defenders", async (t) => {
  const s = board(`
    A5 .  b2 .
      a1 .  .  .
  `)
  const o = legalOptions(s, 'a')
  const city = o.armies.find((x) => x.tile === at(0, 0))!
  t.match(city, { troops: 5, mp: 2 })
  const step = city.moves.find((m) => m.to === at(1, 0))!
  t.match(step, { path: [at(1, 0)], mp: 1, maxTroops: 5, effect: 'move', claims: [at(1, 0)], city: false })
  const attack = city.moves.find((m) => m.to === at(2, 0))!
  t.match(attack, { effect: 'attack', mp: 2, attack: { defender: 'b', defenders: 2, a: 1, d: 1 } })
  t.notOk('roll' in attack.attack!, 'no die is shown')
  const merge = city.moves.find((m) => m.to === at(0, 1))!
  t.match(merge, { effect: 'merge', path: [at(0, 1)], maxTroops: 5 }, 'a1 + 5 stays within 9 (R7.1)')
  t.notOk(
    city.moves.some((m) => m.to === at(3, 0)),
    'three steps away: out of reach',
  )
  t.notOk(
    city.moves.some((m) => m.path.slice(0, -1).includes(at(0, 1))),
    'no path passes through an army (R7.4)',
  )
})

t.test('R7.4 a city ends a move: an empty neutral city is offered as a destination, never as a way through', async (t) => {
  const s = board('a3 # . .')
  const moves = legalOptions(s, 'a').armies[0]!.moves
  t.match(
    moves.find((m) => m.to === at(1, 0)),
    { city: true, effect: 'move', claims: [at(1, 0)], maxTroops: 3 },
  )
  t.notOk(
    moves.some((m) => m.to === at(2, 0)),
    'nothing beyond the city',
  )
  t.same(
    moves.map((m) => m.to),
    [at(1, 0)],
  )
})

t.test('R7.4 R7.5 several paths to one tile: the shortest first, then each other one that claims other tiles, never two alike', async (t) => {
  const s = board(`
    a3 .  .
      .  .  .
  `)
  const moves = legalOptions(s, 'a').armies[0]!.moves
  const keys = moves.map((m) => `${m.to} ${m.claims.join(' ')}`)
  t.same(keys, [...new Set(keys)], 'no two options reach one tile claiming the same')
  for (const to of new Set(moves.map((m) => m.to))) {
    const first = moves.find((m) => m.to === to)!
    const engine = applyOrder(s, 'a', { type: 'move', from: at(0, 0), troops: 1, to }, hmacRng)
    t.ok(engine.ok)
    if (engine.ok)
      t.equal(first.mp, (engine.events.find((e) => e.type === 'moved') as { path: string[] }).path.length, `${to}: the first option is a shortest path`)
  }
  const own = board(`
    a3 a  a
      a  a  a
  `)
  const ownMoves = legalOptions(own, 'a').armies[0]!.moves
  t.same(ownMoves.filter((m) => m.to === at(1, 1)).length, 1, 'over own tiles two paths claim the same (nothing): offered once')
  const twoWays = moves.filter((m) => m.to === at(1, 1))
  t.ok(twoWays.length >= 2, 'a tile reached through either of two tiles is offered both ways')
  t.ok(
    twoWays.every((m) => m.claims.length === m.mp),
    'each claiming the tiles of its own path',
  )
  t.equal(twoWays[0]!.mp, 2)
  t.same(moves.find((m) => m.to === at(1, 0))!.path, [at(1, 0)], 'a neighbour first by its one-step path')
})

t.test('R10.6 R10.7 a ship beside an enemy port and an enemy ship: the assault and the boarding, with a = 2 and d = 2', async (t) => {
  const harbour = board(`
    a3  A   .   B2  .
      ~a2 ~   ~   ~   ~
    ~a0 ~   ~b1 ~   B
  `)
  const s = play(harbour, [['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }]]).state
  const s1 = legalOptions(s, 'a').ships.find((x) => x.id === 's1')!
  t.same(s1.portAssault, [{ port: at(3, 0), maxTroops: 2, attack: { defender: 'b', defenders: 2, a: 2, d: 2 } }])
  t.same(s1.board, [{ target: 's3', attack: { defender: 'b', defenders: 1, a: 2, d: 2 } }])
  t.ok(s1.sail.length > 0, 'with 1 MP left it may still sail')
  for (const x of s1.sail) {
    const engine = applyOrder(s, 'a', { type: 'shipMove', ship: 's1', to: x.to }, hmacRng)
    t.ok(engine.ok && (engine.events.find((e) => e.type === 'shipMoved') as { path: string[] }).path.length === x.mp, `${x.to}: sailed by a shortest path`)
  }
  t.same(
    s1.sail.map((x) => x.to),
    [...new Set(s1.sail.map((x) => x.to))],
    'one sailing option per sea tile',
  )
  t.same(
    legalOptions(s, 'b')
      .ships.find((x) => x.id === 's3')!
      .board.map((x) => x.target),
    ['s1'],
    'and the other side may board back',
  )
  t.match(
    s1.disembark.find((x) => x.to === at(3, 0)),
    { effect: 'attack', maxTroops: 2, attack: { defender: 'b', defenders: 2, a: 1, d: 2 } },
    'landing on the enemy port is an attack with a = 1 (R10.4)',
  )
  const fresh = legalOptions(harbour, 'a').ships.find((x) => x.id === 's1')!
  t.ok(
    fresh.sail.some((x) => x.mp === 3),
    'with its 3 MP it reaches three tiles away',
  )
  t.same(
    fresh.sail.map((x) => x.to),
    [...new Set(fresh.sail.map((x) => x.to))],
    'one option per sea tile, though many paths reach most of them',
  )
})

t.test('R5.6 a port with the pool for it offers a ship on each free sea tile beside it; an unknown tribe gets nothing', async (t) => {
  // A city and 20 tiles pay 50 (R6.2), a ship's cost (R5.6).
  const rich = board(`
    A3 a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a
      ~  ~a1 ~
  `)
  const o = legalOptions(rich, 'a')
  t.ok(o.buildShip.length > 0 && o.buildShip.every((b) => b.port === at(0, 0)), 'ships are offered at the port')
  for (const b of o.buildShip) t.ok(applyOrder(rich, 'a', { type: 'buildShip', port: b.port, sea: b.sea }, hmacRng).ok, `${b.sea} is legal`)
  t.same(legalOptions(rich, 'z'), { tribe: 'z', phase: 'closed', draftPick: [], recruit: [], buildShip: [], armies: [], ships: [], endTurn: false })
})

t.test('R7.1 a merge offers only as many troops as keep the tile within 9', async (t) => {
  const s = board('A7 a6 .')
  const merge = legalOptions(s, 'a')
    .armies.find((x) => x.tile === at(0, 0))!
    .moves.find((m) => m.to === at(1, 0))!
  t.match(merge, { effect: 'merge', maxTroops: 3 })
})

t.test("R4.3 R5.5 a closed window offers nothing; recruitment offers each city's most troops, and moving ends it", async (t) => {
  const closed = legalOptions(board('A5 .', { phase: 'closed' }), 'a')
  t.same(ordersOf(closed), [], 'nothing at all')
  const open = legalOptions(board('A5 .'), 'a')
  t.equal(open.recruit.length, 1)
  t.ok(open.recruit[0]!.maxTroops >= 1 && open.recruit[0]!.maxTroops <= 4, 'the pool pays for some troops, never past 9 on the tile')
  t.ok(open.endTurn)
  const acting = legalOptions(board('A5 .', { phase: 'actions' }), 'a')
  t.same(acting.recruit, [], 'after the first action there is no recruitment')
})

t.test("R10.2 R10.3 R10.4 R10.5 a ship's options: sailing, landing, assault and boarding with their defenders, crew transfers", async (t) => {
  const s = board(`
    a3  A   .   B2  .
      ~a2 ~   ~b1 ~   ~
    ~a0 ~   ~   ~   B
  `)
  const o = legalOptions(s, 'a')
  const army = o.armies.find((x) => x.tile === at(0, 0))!
  t.ok(
    army.embark.some((e) => e.ship === 's1'),
    'the army beside s1 may embark',
  )
  const s1 = o.ships.find((x) => x.id === 's1')!
  t.ok(s1.sail.length > 0 && s1.sail.every((x) => x.mp <= 3), 'sails at most 3 tiles')
  t.notOk(
    s1.sail.some((x) => x.to === at(2, 1)),
    'never onto another ship',
  )
  t.ok(
    s1.disembark.some((x) => x.to === at(1, 0) && x.effect === 'move'),
    'lands on its own empty city',
  )
  t.match(
    s1.disembark.find((x) => x.to === at(0, 0)),
    { effect: 'merge', maxTroops: 2 },
    'joins its own army (a3 + 2 within 9)',
  )
  t.same(
    army.moves.filter((m) => m.city).map((m) => m.to),
    [at(1, 0)],
    'the own city beside it is the only city within reach',
  )
  t.same(
    s1.crewTransfer.map((x) => x.to),
    ['s3'],
    'crew may pass to the own ship beside it',
  )
  t.same(o.ships.find((x) => x.id === 's3')!.sail, [], 'an adrift ship does not sail')
  t.notOk(
    o.ships.some((x) => x.id === 's2'),
    "another tribe's ship is not ours to order",
  )
  for (const order of ordersOf(o)) t.ok(applyOrder(s, 'a', order, hmacRng).ok, `${JSON.stringify(order)} is legal`)
})

t.test('R3.4 the draft: the tribe on the clock may pick any free city; the others none', async (t) => {
  const map = bundledMap('coast-2')!
  const tribes = [
    { id: 't1', name: 'One', weekday: 'monday' as const },
    { id: 't2', name: 'Two', weekday: 'tuesday' as const },
  ]
  const { createGame } = await import('../../../src/engine/games/weekday/index.ts')
  const created = createGame({ map, tribes, seed: 'draft-seed' })
  if (!created.ok) throw new Error(created.error.message)
  const started = applySystem(created.state, { type: 'startDraft' }, hmacRng)
  if (!started.ok) throw new Error(started.error.message)
  const state = started.state
  const onClock = state.draft!.order[0]!
  const other = state.tribes.find((x) => x.id !== onClock)!.id
  t.equal(legalOptions(state, onClock).draftPick.length, map.tiles.filter((x) => x.city).length, 'every city is free')
  t.same(legalOptions(state, other).draftPick, [])
})

t.test('property: on random mid-game boards every option is legal, and every legal one-step move and recruitment is offered', async (t) => {
  for (const seed of [3, 7, 11, 19]) {
    const sim = simulate(bundledMap('coast-3')!, seed, 3, 20)
    let state: GameState = sim.state
    const c = chooser(seed)
    for (const tribe of state.tribes) {
      if (tribe.eliminated || state.status !== 'running') continue
      const opened = applySystem(state, { type: 'openWindow', tribe: tribe.id }, hmacRng)
      if (!opened.ok) continue
      state = opened.state
      const o = legalOptions(state, tribe.id)
      const orders = ordersOf(o)
      const refusedOptions = orders.filter((order) => !applyOrder(state, tribe.id, order, hmacRng).ok)
      t.same(refusedOptions, [], `seed ${seed}, ${tribe.id}: every one of ${orders.length} options is accepted`)
      for (const [tile, army] of Object.entries(state.armies)) {
        if (army.tribe !== tribe.id) continue
        for (const to of state.map.tiles.map((x) => `${x.q},${x.r}`)) {
          const one = applyOrder(state, tribe.id, { type: 'move', from: tile, troops: 1, path: [to] }, hmacRng)
          if (one.ok && !o.armies.find((a) => a.tile === tile)!.moves.some((m) => m.to === to)) t.fail(`seed ${seed}: ${tile} → ${to} is legal but not offered`)
        }
      }
      for (const x of state.map.tiles.filter((x) => x.city)) {
        const city = `${x.q},${x.r}`
        if (applyOrder(state, tribe.id, { type: 'recruit', city, troops: 1 }, hmacRng).ok && !o.recruit.some((r) => r.city === city))
          t.fail(`seed ${seed}: recruiting in ${city} is legal but not offered`)
      }
      // Play one offered option, so the next tribe sees a board that moved.
      const pick = c.pick(orders)
      if (pick) {
        const r = applyOrder(state, tribe.id, pick, hmacRng)
        if (r.ok) state = r.state
      }
    }
  }
})

t.test('R10.3 R10.4 R10.6 R10.7 the offered orders write out every ship option, each one accepted', async (t) => {
  // a's ship s1 (crew 2) sails beside b's port 3,0 and b's ship s3: every kind of ship order is open.
  const harbour = board(`
  a3  A   .   B2  .
    ~a2 ~   ~   ~   ~
  ~a0 ~   ~b1 ~   B
`)
  const state = play(harbour, [['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }]]).state
  const offered = weeklyTurn.offered(state, legalOptions(state, 'a'))
  const ofShip = offered.filter((o) => 'ship' in o && o.ship === 's1')
  const types = [...new Set(ofShip.map((o) => o.type))].sort()
  t.same(types, ['board', 'disembark', 'portAssault', 'shipMove'], 'sail, land, assault and board')
  t.ok(
    ofShip.some((o) => o.type === 'portAssault' && o.port === at(3, 0) && o.troops === 2 && o.occupy === true),
    'a port assault with the whole crew, landing if it wins',
  )
  t.ok(
    ofShip.some((o) => o.type === 'board' && o.target === 's3'),
    "boarding b's ship",
  )
  const landings = ofShip.filter((o) => o.type === 'disembark').map((o) => (o as { troops: number }).troops)
  t.same([...new Set(landings)].sort(), [1, 2], 'landings at the largest and the smallest size')
  t.ok(
    ofShip.some((o) => o.type === 'shipMove' && (o as { path: string[] }).path.length === 1),
    'a step at sea with the MP left',
  )
  const refused = offered.filter((order) => !applyOrder(state, 'a', order, hmacRng).ok)
  t.same(refused, [], `every one of ${offered.length} offered orders is accepted`)
})
