// The guards that random play rarely meets, each on a board built to meet it:
// survivors never outnumber the attackers, the 9-troop limit on ships and
// landings, at most 7 tribes, the ranking's last tie-breaks, no assault on an
// own port, no trade with an eliminated tribe, sea never owned, every change logged.
import t from 'tap'
import { hmacRng, scriptedRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { applySystem, checkSetup, compileMap, createGame, ranking, replay } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { at, board, mv, play, refused } from './dsl.ts'
import { simulate } from './random-play.ts'

t.test("R8.3 the attackers' survivors are never more than the attackers", async (t) => {
  // 1 attacker against an empty tile of b: attack 4 + 1 = 5 against defence 2, a margin of 3.
  const { state, events } = play(board('a1 b .'), [['a', mv(at(0, 0), at(1, 0), 1)]], [4])
  t.match(
    events.find((e) => e.type === 'combat'),
    { attack: 5, defence: 2, result: 'attacker', attackerSurvivors: 1 },
  )
  t.match(state.armies[at(1, 0)], { tribe: 'a', troops: 1 }, 'one troop went in, one holds the tile')
})

t.test('R7.1 at most 9 troops aboard a ship or on a tile: embarking, landing on an own army, moving crew across', async (t) => {
  t.match(refused(board('a3 ~a8'), ['a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 2 }]), { code: 'embark/too_many_troops', rule: 'R7.1' })
  t.match(play(board('a3 ~a7'), [['a', { type: 'embark', from: at(0, 0), ship: 's1', troops: 2 }]]).state.ships.s1, { crew: 9 }, 'up to 9 is fine')
  t.match(refused(board('a6 ~a5'), ['a', { type: 'disembark', ship: 's1', to: at(0, 0), troops: 4 }]), { code: 'disembark/too_many_troops', rule: 'R7.1' })
  t.match(
    play(board('a6 ~a5'), [['a', { type: 'disembark', ship: 's1', to: at(0, 0), troops: 3 }]]).state.armies[at(0, 0)],
    { troops: 9 },
    'a landing may fill the tile to 9',
  )
  t.match(refused(board('A ~a5 ~a6'), ['a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 4 }]), { code: 'crew/too_many_troops', rule: 'R7.1' })
  t.match(play(board('A ~a5 ~a6'), [['a', { type: 'crewTransfer', from: 's1', to: 's2', troops: 3 }]]).state.ships.s2, { crew: 9 })
})

t.test('R2.1 a campaign has 2 to 7 tribes', async (t) => {
  const map = bundledMap('coast-7')!
  const tribes = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday: WEEKDAYS[i % 7]! }))
  t.equal(checkSetup({ map, tribes: tribes(7), seed: 'seed-seed' }), null, 'seven tribes')
  t.match(checkSetup({ map, tribes: tribes(8), seed: 'seed-seed' }), { code: 'setup/tribe_count', rule: 'R2.1' }, 'eight are refused')
  t.match(checkSetup({ map, tribes: tribes(1), seed: 'seed-seed' }), { code: 'setup/tribe_count', rule: 'R2.1' }, 'one is refused')
  t.equal(createGame({ map, tribes: tribes(8), seed: 'seed-seed' }).ok, false)
})

t.test('R2.5 the ranking: cities, then tiles, then troops (armies and crews), then the tribe id; eliminated last', async (t) => {
  t.same(ranking(board('A1 ~ B3')), ['b', 'a'], 'equal cities and tiles: more troops first')
  t.same(ranking(board('A3 ~a2 ~ B4')), ['a', 'b'], 'crews aboard count as troops')
  t.same(ranking(board('B2 ~ A2')), ['a', 'b'], 'all equal: by id')
  const s = board('A1 ~ B1 C9')
  t.same(ranking({ ...s, tribes: s.tribes.map((x) => (x.id === 'c' ? { ...x, eliminated: true } : x)) }), ['a', 'b', 'c'], 'an eliminated tribe ranks last')
})

t.test("R10.6 a port assault is on another tribe's port, never on one's own", async (t) => {
  const s = board(`
    A2 ~a3 .
  `)
  t.match(refused(s, ['a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 2, occupy: true }]), { code: 'assault/own_port', rule: 'R10.6' })
  const theirs = board('B2 ~a4 A')
  const { events } = play(theirs, [['a', { type: 'portAssault', ship: 's1', port: at(0, 0), troops: 4, occupy: true }]], [4])
  t.match(
    events.find((e) => e.type === 'combat'),
    { kind: 'portAssault', a: 2 },
    "another tribe's port is assaulted with the ship bonus",
  )
})

t.test('R2.4 nothing is traded to or from an eliminated tribe', async (t) => {
  const s = board('A a B b C c')
  const out = { ...s, tribes: s.tribes.map((x) => (x.id === 'c' ? { ...x, eliminated: true } : x)) }
  const to = applySystem(out, { type: 'executeTrade', transfers: [{ from: 'a', to: 'c', tiles: [at(1, 0)] }] }, hmacRng)
  t.match(to, { ok: false, error: { code: 'trade/eliminated', rule: 'R2.4' } })
  const from = applySystem(out, { type: 'executeTrade', transfers: [{ from: 'c', to: 'a', tiles: [at(5, 0)] }] }, hmacRng)
  t.match(from, { ok: false, error: { code: 'trade/eliminated', rule: 'R2.4' } })
})

t.test('R1.3 through whole random campaigns, land is owned or neutral and sea is never owned', async (t) => {
  for (const seed of [1, 2, 3]) {
    const sim = simulate(bundledMap('coast-4')!, seed, 6, 25)
    const map = compileMap(sim.state.map)
    const owners = new Set(sim.state.tribes.map((x) => x.id))
    const seaOwned = sim.state.owners.filter((o, i) => !map.land[i] && o !== null).length
    t.equal(seaOwned, 0, `seed ${seed}: no sea tile has an owner`)
    t.ok(
      sim.state.owners.every((o) => o === null || owners.has(o)),
      `seed ${seed}: every owner is a tribe of the campaign`,
    )
    t.ok(
      sim.state.owners.some((o, i) => map.land[i] && o !== null),
      `seed ${seed}: land was taken`,
    )
  }
})

t.test('R12.1 every change is logged with what it changed: siege losses, trades, eliminations, and the log replays', async (t) => {
  // c's only city is besieged by a and b; then a trade; then a takes b's last city.
  const s = board(`
    a3 C2 b3 B1 a5
  `)
  const { events } = play(
    s,
    [
      { system: { type: 'closeWindow', tribe: 'c' } },
      { system: { type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: [at(0, 0)] }] } },
      ['a', mv(at(4, 0), at(3, 0), 5)],
    ],
    [4],
  )
  t.match(
    events.find((e) => e.type === 'siegeLoss'),
    { city: at(1, 0), owner: 'c', lost: 2, garrison: 0 },
    'the siege loss, with the city, owner and troops lost',
  )
  t.match(
    events.find((e) => e.type === 'tradeExecuted'),
    { transfers: [{ from: 'a', to: 'b', tiles: [at(0, 0)] }] },
    'the trade, with what moved',
  )
  t.match(
    events.find((e) => e.type === 'eliminated'),
    { tribe: 'b' },
    'the elimination, with what was removed',
  )
  const replayed = replay(s, events, scriptedRng([4]))
  t.ok(replayed.ok, 'the log alone gives the same state again')
})
