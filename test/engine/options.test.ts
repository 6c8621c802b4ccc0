// The legal options of a tribe (what the map offers): every option is an order
// applyOrder accepts, nothing simple that it accepts is missing, and attacks
// say who defends, never how the die will fall.
import t from 'tap'
import { applyOrder, applySystem, hmacRng, legalOptions, type GameState, type Order, type TribeOptions } from '../../src/engine/index.ts'
import { bundledMap } from '../../src/maps/index.ts'
import { at, board } from './dsl.ts'
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

t.test('R7.3 R7.4 R7.5 an army\'s options: each reachable tile with its path, MP, the tiles it claims, merges and attacks with their defenders', async (t) => {
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
  t.notOk(city.moves.some((m) => m.to === at(3, 0)), 'three steps away: out of reach')
  t.notOk(city.moves.some((m) => m.path.slice(0, -1).includes(at(0, 1))), 'no path passes through an army (R7.4)')
})

t.test('R7.1 a merge offers only as many troops as keep the tile within 9', async (t) => {
  const s = board('A7 a6 .')
  const merge = legalOptions(s, 'a').armies.find((x) => x.tile === at(0, 0))!.moves.find((m) => m.to === at(1, 0))!
  t.match(merge, { effect: 'merge', maxTroops: 3 })
})

t.test('R4.3 R5.5 a closed window offers nothing; recruitment offers each city\'s most troops, and moving ends it', async (t) => {
  const closed = legalOptions(board('A5 .', { phase: 'closed' }), 'a')
  t.same(ordersOf(closed), [], 'nothing at all')
  const open = legalOptions(board('A5 .'), 'a')
  t.equal(open.recruit.length, 1)
  t.ok(open.recruit[0]!.maxTroops >= 1 && open.recruit[0]!.maxTroops <= 4, 'the pool pays for some troops, never past 9 on the tile')
  t.ok(open.endTurn)
  const acting = legalOptions(board('A5 .', { phase: 'actions' }), 'a')
  t.same(acting.recruit, [], 'after the first action there is no recruitment')
})

t.test('R10.2 R10.3 R10.4 R10.5 a ship\'s options: sailing, landing, assault and boarding with their defenders, crew transfers', async (t) => {
  const s = board(`
    a3  A   .   B2  .
      ~a2 ~   ~b1 ~   ~
    ~a0 ~   ~   ~   B
  `)
  const o = legalOptions(s, 'a')
  const army = o.armies.find((x) => x.tile === at(0, 0))!
  t.ok(army.embark.some((e) => e.ship === 's1'), 'the army beside s1 may embark')
  const s1 = o.ships.find((x) => x.id === 's1')!
  t.ok(s1.sail.length > 0 && s1.sail.every((x) => x.mp <= 3), 'sails at most 3 tiles')
  t.notOk(s1.sail.some((x) => x.to === at(2, 1)), 'never onto another ship')
  t.ok(s1.disembark.some((x) => x.to === at(1, 0) && x.effect === 'move'), 'lands on its own empty city')
  t.same(s1.crewTransfer.map((x) => x.to), ['s3'], 'crew may pass to the own ship beside it')
  t.same(o.ships.find((x) => x.id === 's3')!.sail, [], 'an adrift ship does not sail')
  t.notOk(o.ships.some((x) => x.id === 's2'), 'another tribe\'s ship is not ours to order')
  for (const order of ordersOf(o)) t.ok(applyOrder(s, 'a', order, hmacRng).ok, `${JSON.stringify(order)} is legal`)
})

t.test('R3.4 the draft: the tribe on the clock may pick any free city; the others none', async (t) => {
  const map = bundledMap('coast-2')!
  const tribes = [{ id: 't1', name: 'One', weekday: 'monday' as const }, { id: 't2', name: 'Two', weekday: 'tuesday' as const }]
  const { createGame } = await import('../../src/engine/index.ts')
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
        if (applyOrder(state, tribe.id, { type: 'recruit', city, troops: 1 }, hmacRng).ok && !o.recruit.some((r) => r.city === city)) t.fail(`seed ${seed}: recruiting in ${city} is legal but not offered`)
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
