// G1 setup, G2 the window and the tick, G3 reinforcements, G4 resources, G5 moves, G9 trades.
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { shuffle } from '../../../src/engine/games/conquest/setup.ts'
import { TERRITORY_IDS } from '../../../src/engine/games/conquest/world.ts'
import { hmacRng, scriptedRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { at, close, open, play, refuse, system, world } from './dsl.ts'

const HOUR = 3_600_000
const started = (n: number, at = 0) => {
  const tribes = WEEKDAYS.slice(0, n).map((weekday, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday }))
  const created = conquest.createGame({ map: conquest.fixedMap!.map, tribes, seed: 'deal-seed-1', secretSeed: 'objective-seed', limit: null })
  if (!created.ok) throw new Error(created.error.code)
  return system(created.state, { type: 'startCampaign', at })
}

t.test('G1.10 the deal: 42 territories dealt latest weekday first, 2 to 6 tribes', async (t) => {
  const expected: Record<number, number[]> = { 2: [21, 21], 3: [14, 14, 14], 4: [10, 10, 11, 11], 5: [8, 8, 8, 9, 9], 6: [7, 7, 7, 7, 7, 7] }
  for (const n of [2, 3, 4, 5, 6]) {
    const s = started(n)
    const counts = s.tribes.map((x) => Object.values(s.territories).filter((y) => y.owner === x.id).length)
    t.same(counts, expected[n], `${n} tribes: the extra territories go to the latest weekdays`)
    t.ok(
      Object.values(s.territories).every((x) => x.troops === 1 && x.stock.basic === 2),
      'G1.11 one troop and 2 Básicos each',
    )
    t.equal(new Set(s.tribes.map((x) => x.objective)).size, n, 'G8.1 no two tribes the same objective')
  }
  const created = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [{ id: 'a', name: 'A', weekday: 'monday' }],
    seed: 'deal-seed-1',
    secretSeed: 'objective-seed',
    limit: null,
  })
  t.match(created, { ok: false, error: { code: 'setup/tribe_count', rule: 'G1.7' } })
  const limit = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'friday' },
    ],
    seed: 'deal-seed-1',
    secretSeed: 'objective-seed',
    limit: 60,
  })
  t.match(limit, { ok: false, error: { code: 'setup/round_limit' } })
  const same = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'monday' },
    ],
    seed: 'deal-seed-1',
    secretSeed: 'objective-seed',
    limit: null,
  })
  t.match(same, { ok: false, error: { code: 'setup/weekdays' } })
  const seedless = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'friday' },
    ],
    seed: 'x',
    secretSeed: 'objective-seed',
    limit: null,
  })
  t.match(seedless, { ok: false, error: { code: 'setup/bad_seed' } })
})

t.test('G11.4 G11.5 N2 the deal re-derives from the revealed deal seed by Fisher–Yates', async (t) => {
  const s = started(3)
  const order = shuffle(TERRITORY_IDS, 'deal-seed-1', hmacRng)
  const byLatest = ['t2', 't1', 't0']
  order.forEach((id, i) => t.equal(at(s, id).owner, byLatest[i % 3], `${id}, entry ${i}`))
  t.same(
    s.tribes[0]!.acquired,
    order.filter((_, i) => i % 3 === 2),
    'G3.4 the default list is the deal order',
  )
  const objectives = shuffle(['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7', 'O8', 'O9', 'O10'], 'objective-seed', hmacRng)
  t.same(
    s.tribes.map((x) => x.objective),
    objectives.slice(0, 3),
    'the earliest weekday gets entry 0',
  )
  t.match(conquest.applySystem(s, { type: 'startCampaign', at: 5 }, hmacRng), { ok: false, error: { code: 'setup/already_started', rule: 'G1.9' } })
})

t.test('G1.13 G1.14 setup: only the list, at any time; tick 0 waits 48 hours, then places the allotment and pays income', async (t) => {
  let s = started(3, 0)
  t.equal(conquest.view(s).tribes[0]!.turn, 'free', 'orders are taken outside any window')
  t.match(refuse(s, 't0', { type: 'guard', at: s.tribes[0]!.acquired[0]!, troops: 1 }), { code: 'conquest/setup', rule: 'G1.13' })
  const mine = s.tribes[0]!.acquired
  s = play(s, 't0', { type: 'setReinforcements', list: [mine[0]!, mine[1]!] }).state
  s = open(s, 't0')
  t.equal(s.tribes[0]!.window, 'closed', 'no window opens in setup')
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 't0', to: 't1', tiles: [mine[2]!] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/during_setup', rule: 'G1.13' },
  })
  const early = conquest.applySystem(s, { type: 'tick', at: 47 * HOUR }, hmacRng)
  if (!early.ok) throw new Error(early.error.code)
  t.match(early.events.at(-1), { type: 'tickWaits' })
  t.equal(early.state.round, 0)
  s = system(s, { type: 'tick', at: 48 * HOUR })
  t.equal(s.round, 1)
  t.equal(s.status, 'running')
  t.same([at(s, mine[0]!).troops, at(s, mine[1]!).troops], [1 + 11, 1 + 10], 'G1.12 35 − 14 = 21 troops round-robin on the list')
  t.equal(
    Object.values(s.territories)
      .filter((x) => x.owner === 't1')
      .reduce((n, x) => n + x.troops, 0),
    35,
    'the default list for a tribe that set none',
  )
  t.ok(
    Object.values(s.territories).every((x) => x.stock.basic === 3),
    'G3.5 one Básico each',
  )
  t.match(
    refuse(s, 't0', { type: 'setReinforcements', list: [mine[0]!] }),
    { code: 'turn/window_closed', rule: 'G2.2' },
    'N3.22 after tick 0 only in the window',
  )
})

t.test('G3.1 G3.3 G3.4 N3.20 ⌊T/2⌋ troops round-robin over the list entries still owned', async (t) => {
  let s = world(`
    monday  A  sud 1, egi 1, con 1, arn 1, asu 1, mad 1, mor 1
    tuesday B  *
  `)
  s.tribes[0]!.reinforcementList = ['sud', 'pyu', 'egi']
  s = system(s, { type: 'tick', at: 0 })
  t.same([at(s, 'sud').troops, at(s, 'egi').troops], [3, 2], '7 territories give 3; pyu is not owned and drops out')
  s.tribes[0]!.reinforcementList = ['pyu']
  const promised = conquest.previewEconomy(s).find((p) => p.tribe === 'A')!
  const none = conquest.applySystem(s, { type: 'tick', at: 0 }, hmacRng)
  if (!none.ok) throw new Error('tick')
  t.match(
    none.events.find((e) => e.type === 'reinforced' && e.tribe === 'A'),
    { troops: 0 },
    'every entry lost: no troops',
  )
  t.equal(promised.troops, 0, 'and the economy preview promises none, as the tick gives (#25)')
  t.equal(promised.territories, 7)
})

t.test('G2.3 G2.7 N3.14 incoming goods wait a window; an Artillería carried in fires at the next opening', async (t) => {
  let s = open(
    world(`
    monday  A  egi 3 artillery=1 basic=5, sud 2, *
    tuesday B  asu 4
  `),
    'A',
  )
  s.territories.egi!.artilleryReady = 1
  s = play(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { artillery: 1, basic: 3 } }).state
  t.match(at(s, 'sud'), { troops: 3, ready: 2 })
  t.equal(at(s, 'sud').incoming.artillery, 1)
  t.match(refuse(s, 'A', { type: 'move', from: 'sud', to: 'egi', troops: 1, cargo: { basic: 1 } }), { code: 'conquest/not_in_stock', rule: 'G2.7' })
  t.match(refuse(s, 'A', { type: 'fireArtillery', from: 'sud', target: 'asu' }), { code: 'conquest/no_ready_artillery' })
  s = close(s, 'A')
  t.match(at(s, 'sud'), { ready: 0, artilleryReady: 0 }, 'G2.9 nothing stays ready')
  s = open(s, 'A')
  t.match(at(s, 'sud'), { ready: 3, artilleryReady: 1 })
  t.equal(at(s, 'sud').stock.basic, 3)
  const fired = play(s, 'A', { type: 'fireArtillery', from: 'sud', target: 'asu' }, [6, 6, 6])
  t.equal(at(fired.state, 'asu').troops, 1)
  t.match(refuse(s, 'A', { type: 'move', from: 'sud', to: 'asu', troops: 1 }), { code: 'conquest/enemy_territory', rule: 'G5.3' })
  t.match(refuse(s, 'A', { type: 'move', from: 'sud', to: 'pyu', troops: 1 }), { code: 'conquest/not_adjacent', rule: 'G5.2' })
})

t.test('G4.4 G4.5 N3.15 N3.16 gathering: yields per continent, once a window, 1 to 3 troops; Oceanía draws treasure', async (t) => {
  let s = open(
    world(`
    monday  A  cbp 5, ing 5, sum 5, nyk 5, *
  `),
    'A',
  )
  s = play(s, 'A', { type: 'gather', at: 'cbp', troops: 3 }).state
  t.match(at(s, 'cbp').stock, { basic: 1, lithium: 1, niobium: 1 })
  t.match(refuse(s, 'A', { type: 'gather', at: 'cbp', troops: 1 }), { code: 'conquest/gathered_already', rule: 'G4.4' })
  t.match(refuse(s, 'A', { type: 'gather', at: 'nyk', troops: 4 }), { code: 'conquest/bad_count', rule: 'G4.4' })
  s = play(s, 'A', { type: 'gather', at: 'ing', troops: 3 }).state
  t.match(at(s, 'ing').stock, { basic: 1, nuclear: 2 }, 'Europa: a second Energía Nuclear instead of a rare')
  const treasure = play(s, 'A', { type: 'gather', at: 'sum', troops: 3 }, [6, 6, 3, 5, 2])
  t.match(at(treasure.state, 'sum').incoming, { artillery: 1 }, 'N3.19 a 6-6 and a 3: an Artillería, incoming')
  t.match(at(treasure.state, 'sum').stock, { basic: 1, niobium: 1 }, 'then 5-2: a Niobio')
  const table: [number[], Record<string, number>][] = [
    [[1, 4], { basic: 3 }],
    [[3, 2], { net: 1 }],
    [[4, 6], { oil: 1 }],
    [[5, 6], { basic: 4 }],
    [[6, 5], { basic: 4 }],
    [[6, 1], { tech: 1 }],
  ]
  for (const [dice, gain] of table) {
    const r = play(s, 'A', { type: 'gather', at: 'sum', troops: 2 }, dice)
    t.match(at(r.state, 'sum').stock, gain, `treasure ${dice.join('-')}`)
  }
  const one = play(s, 'A', { type: 'gather', at: 'nyk', troops: 1 })
  t.equal(one.state.rng.counter, 0, 'gathering outside Oceanía draws nothing')
})

t.test('G4.7 G4.8 N3.17 N3.18 building pays from the stock with one ready troop per item', async (t) => {
  let s = open(
    world(`
    monday  A  ale 3 basic=30 oil=2 niobium=1 labour=1, mos 3 basic=10, *
  `),
    'A',
  )
  t.match(refuse(s, 'A', { type: 'build', at: 'ale', kind: 'plane', count: 4 }), { code: 'conquest/cannot_afford', rule: 'G4.7' })
  t.match(refuse({ ...s, territories: { ...s.territories, ale: { ...at(s, 'ale'), ready: 1 } } }, 'A', { type: 'build', at: 'ale', kind: 'plane', count: 2 }), {
    code: 'conquest/not_ready',
  })
  t.match(refuse(s, 'A', { type: 'build', at: 'ale', kind: 'fort', count: 1 }), { code: 'conquest/needs_wall', rule: 'G4.8' })
  t.match(refuse(s, 'A', { type: 'build', at: 'mos', kind: 'ship', count: 1 }), { code: 'conquest/inland', rule: 'G1.4' })
  t.match(refuse(s, 'A', { type: 'build', at: 'ale', kind: 'castle', count: 1 } as never), { code: 'conquest/unknown_kind' })
  s = play(s, 'A', { type: 'build', at: 'ale', kind: 'plane', count: 2 }).state
  t.match(at(s, 'ale'), { planes: 2, planesReady: 0, ready: 1 })
  t.equal(at(s, 'ale').stock.basic, 14)
  s = play(s, 'A', { type: 'build', at: 'ale', kind: 'wall', count: 1 }).state
  t.equal(at(s, 'ale').wall, 1, 'G4.9 a wall works at once')
  s = open(close(s, 'A'), 'A')
  t.match(refuse(s, 'A', { type: 'build', at: 'ale', kind: 'wall', count: 1 }), { code: 'conquest/has_wall', rule: 'G4.11' })
  s = play(s, 'A', { type: 'build', at: 'ale', kind: 'fort', count: 1 }).state
  s = play(s, 'A', { type: 'build', at: 'ale', kind: 'tank', count: 1 }).state
  t.match(at(s, 'ale'), { wall: 2 })
  t.equal(at(s, 'ale').incoming.tank, 1, 'a new weapon is incoming')
  s = play(s, 'A', { type: 'build', at: 'mos', kind: 'troop', count: 2 }).state
  t.match(at(s, 'mos'), { troops: 5, ready: 1 }, 'new troops are not ready')
})

t.test('G7.3 G7.5 N3.12 N3.13 planes fly 3 links with 3 troops and 6 resources; ships sail 3 coasts with 6 troops', async (t) => {
  const s = open(
    world(`
    monday  A  egi 9 planes=1 ships=1 basic=8 tank=1, asu 1, ind 1, mos 1, efi 1, *
    tuesday B  sud 3, arn 3, mor 3
  `),
    'A',
  )
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'asu', troops: 4 }), { code: 'conquest/bad_count', rule: 'G7.3' })
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'asu', resources: { basic: 7 } }), { code: 'conquest/plane_load', rule: 'G7.3' })
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'asu', resources: { tank: 1 } }), { code: 'conquest/bad_cargo', rule: 'G7.3' })
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'sud' }), { code: 'conquest/not_yours', rule: 'G7.3' })
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'egi' }), { code: 'conquest/same_territory' })
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'mex' }), { code: 'conquest/out_of_range', rule: 'G7.3' })
  const flown = play(s, 'A', { type: 'fly', from: 'egi', to: 'asu', troops: 3, resources: { basic: 6 } }).state
  t.match(at(flown, 'asu'), { troops: 4, planes: 1, planesReady: 0 })
  t.equal(at(flown, 'asu').incoming.basic, 6)
  t.match(refuse(s, 'A', { type: 'sail', from: 'egi', to: 'mos' }), { code: 'conquest/inland', rule: 'G1.4' })
  t.match(refuse(s, 'A', { type: 'sail', from: 'egi', to: 'egi' }), { code: 'conquest/same_territory' })
  t.match(refuse(s, 'A', { type: 'sail', from: 'egi', to: 'ind', troops: 7 }), { code: 'conquest/bad_count' })
  const sailed = play(s, 'A', { type: 'sail', from: 'egi', to: 'efi', troops: 6, cargo: { tank: 1, basic: 8 } }).state
  t.match(at(sailed, 'efi'), { troops: 7, ships: 1 }, 'past enemy coasts, to an own one')
  t.match(at(sailed, 'efi').incoming, { tank: 1, basic: 8 })
  t.match(refuse(sailed, 'A', { type: 'sail', from: 'egi', to: 'asu' }), { code: 'conquest/no_ready_ship' })
  t.match(refuse(flown, 'A', { type: 'fly', from: 'egi', to: 'asu' }), { code: 'conquest/no_ready_plane' })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'pyu', troops: 1, cargo: { gold: 1 } as never }), { code: 'conquest/bad_cargo' })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'pyu', troops: 1, cargo: [] as never }), { code: 'conquest/bad_cargo' })
})

t.test('G2.6 a batch holds one dice order, last; a refused batch draws nothing', async (t) => {
  const s = open(
    world(`
    monday  A  bra 5, *
    tuesday B  arn 2
  `),
    'A',
  )
  const bad = conquest.applyBatch(
    s,
    'A',
    [
      { type: 'attack', from: 'bra', to: 'arn', troops: 2 },
      { type: 'setReinforcements', list: ['arn'] },
    ],
    scriptedRng([6, 6, 1, 1]),
  )
  t.match(bad, { ok: false, index: 0, error: { code: 'orders/dice_not_last', rule: 'G2.6' } })
  const good = conquest.applyBatch(
    s,
    'A',
    [
      { type: 'guard', at: 'bra', troops: 1 },
      { type: 'attack', from: 'bra', to: 'arn', troops: 2 },
    ],
    scriptedRng([6, 6, 1, 1]),
  )
  t.ok(good.ok)
  if (good.ok) t.equal(at(good.state, 'arn').owner, 'A')
  t.equal(s.rng.counter, 0)
})

t.test('G2.8 G2.2 ending the turn closes the window early; orders outside the window are refused', async (t) => {
  let s = open(
    world(`
    monday  A  bra 5, *
    tuesday B  arn 2
  `),
    'A',
  )
  t.match(refuse(s, 'B', { type: 'guard', at: 'arn', troops: 1 }), { code: 'turn/window_closed', rule: 'G2.2' })
  s = play(s, 'A', { type: 'endTurn' }).state
  t.match(refuse(s, 'A', { type: 'guard', at: 'bra', troops: 1 }), { code: 'turn/ended', rule: 'G2.8' })
  t.equal(at(s, 'bra').ready, 0)
  t.equal(conquest.view(s).tribes[0]!.turn, 'ended')
  s = close(s, 'A')
  t.equal(conquest.view(s).tribes[0]!.turn, 'closed')
  t.match(conquest.applySystem(s, { type: 'nap' } as never, hmacRng), { ok: false, error: { code: 'system/unknown_type' } })
  t.match(conquest.applyOrder(s, 'A', { type: 'dance' } as never, hmacRng), { ok: false, error: { code: 'order/unknown_type' } })
  t.match(conquest.applySystem(s, { type: 'setSeed', seed: 'x' }, hmacRng), { ok: false, error: { code: 'system/bad_seed' } })
  t.match(conquest.applySystem(s, { type: 'tick', at: 'soon' } as never, hmacRng), { ok: false, error: { code: 'system/bad_time' } })
  t.match(conquest.applySystem(open(s, 'A'), { type: 'openWindow', tribe: 'A' }, hmacRng), { ok: false, error: { code: 'turn/already_open' } })
  t.match(conquest.applySystem(s, { type: 'openWindow', tribe: 'Z' }, hmacRng), { ok: false, error: { code: 'tribe/unknown' } })
  t.match(conquest.applyOrder(open(s, 'A'), 'A', { type: 'setReinforcements', list: ['bra', 'bra'] }, hmacRng), {
    ok: false,
    error: { code: 'conquest/bad_list', rule: 'G3.2' },
  })
  t.match(conquest.applyOrder(open(s, 'A'), 'A', { type: 'setReinforcements', list: [] }, hmacRng), { ok: false, error: { code: 'conquest/bad_list' } })
  t.match(conquest.applySystem({ nonsense: true } as never, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'engine/bad_state' } })
})

t.test('G9.2 G9.4 G9.5 a trade hands over whole territories, units not ready; G9.3 nothing else is traded', async (t) => {
  let s = open(
    world(`
    monday  A  bra 5 basic=3, vce 2, *
    tuesday B  arn 2
  `),
    'A',
  )
  s = system(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['bra'] }] })
  t.match(at(s, 'bra'), { owner: 'B', troops: 5, ready: 0 })
  t.equal(at(s, 'bra').stock.basic, 3)
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['bra'] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/asset_not_owned', rule: 'G9.4' },
  })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['vce'], ships: ['s1'] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/only_territories', rule: 'G9.3' },
  })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'A', tiles: ['vce'] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/same_tribe' },
  })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['vce', 'vce'] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/duplicate_asset' },
  })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [] }, hmacRng), { ok: false, error: { code: 'trade/empty' } })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: [] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/bad_transfer' },
  })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [null] as never }, hmacRng), { ok: false, error: { code: 'trade/bad_transfer' } })
  const all = system(s, { type: 'executeTrade', transfers: [{ from: 'B', to: 'A', tiles: ['arn', 'bra'] }] })
  t.match(all.tribes[1], { eliminated: true, eliminatedBy: 'trade' }, 'G10.1 a trade that leaves a tribe with nothing eliminates it')
  t.match(all.result, { reason: 'lastTribe', winners: ['A'] }, 'G8.9 one tribe left wins')
  t.match(conquest.applySystem(all, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'campaign/not_running', rule: 'G8.6' } })
})
