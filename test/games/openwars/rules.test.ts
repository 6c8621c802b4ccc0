// The rules that the worked examples and the topic tests touch only in passing, each checked here.
import t from 'tap'
import { kind, KINDS, CARDS, UNIT_TYPES } from '../../../src/engine/games/openwars/data.ts'
import { strike } from '../../../src/engine/games/openwars/battle.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { neighbours } from '../../../src/engine/games/openwars/map.ts'
import { armyValue, isPort, Work } from '../../../src/engine/games/openwars/work.ts'
import { hmacRng, sha256, toHex, utf8, type Rng } from '../../../src/engine/index.ts'
import { ofType, open, play, refused, stack, sys, tribe, world, always } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci0:B
  bo1     mo1    ci1    ll1
`
const grid = { rows: 3, cols: 4, wrap: false }

t.test('W1.3 W1.4 W2.3 W2.4 every kind and card has the book fields', async (t) => {
  for (const k of KINDS.values()) t.ok(UNIT_TYPES.includes(k.type) && k.cost > 0 && k.mov > 0 && k.ini > 0, k.id)
  for (const c of CARDS.values()) t.ok(c.entry >= 1 && c.gold >= 0 && c.mana >= 0, c.id)
  t.equal([...CARDS.values()].filter((c) => c.keyword !== null).length, 30, 'W2.4 30 special cards with one keyword each')
})

t.test('W1.5 W1.7 W11.9 a fallen única may be recruited again; army value leaves the fallen out', async (t) => {
  const ph = () => ({ active: 'B', piles: new Map(), raises: [], pending: new Set<string>() })
  const s = world(MAP, { tribes: 'A=amazonas@monday B=orcos@thursday', stacks: 'r2c1 A 1 reina\nr2c2 A 3 guerreras moved=2', gold: 40 })
  t.equal(armyValue(s, 'A'), 14 + 27)
  const w = new Work(s, hmacRng)
  strike(w, ph(), 'r2c2', 'A', 2, false, null)
  t.same([stack(w.s, 'r2c2', 'A', 'guerreras')!.count, stack(w.s, 'r2c2', 'A', 'guerreras')!.moved], [1, 1], 'W11.9 moved becomes min(moved, count)')
  strike(w, ph(), 'r2c1', 'A', 1, false, null)
  t.equal(armyValue(w.s, 'A'), 9, 'the fallen do not count')
  const o = open(w.s, 'A')
  t.ok(play(o, 'A', [{ type: 'recruit', city: 'r2c1', kind: 'reina', count: 1 }]), 'the reina may be recruited again')
})

t.test('W1.8 W3.14 gold and mana carry over; a silent window still collects and defends', async (t) => {
  let s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 goblins', gold: 3, mana: 1 })
  for (let i = 0; i < 2; i++) s = sys(sys(s, { type: 'openWindow', tribe: 'A' }).state, { type: 'closeWindow', tribe: 'A' }).state
  t.same([tribe(s, 'A').gold, tribe(s, 'A').mana], [3 + 12, 1 + 4])
})

t.test('W1.11 W10.2 the die is (u mod 6) + 1 of HMAC-SHA-256, the counter rising by one', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', seed: 'ejemplo-batalla-572' })
  const w = new Work(s, hmacRng)
  t.same(
    [w.d6(), w.d6()],
    [
      { counter: 0, face: (hmacRng('ejemplo-batalla-572', 0) % 6) + 1 },
      { counter: 1, face: 6 },
    ],
  )
})

t.test('W2.6 a port is a ciudad next to water', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday' })
  const near = (id: string) => neighbours(grid, id)
  t.same([isPort(s, 'r2c1', near), isPort(s, 'r3c3', near), isPort(s, 'r2c2', near)], [true, false, false])
})

t.test('W2.10 the engine asserts the invariant after every step', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 1 goblins' })
  s.cells.r2c2!.controller = 'B'
  t.match(openWars.applySystem(s, { type: 'setSeed', seed: 'a-new-seed' }, hmacRng), { ok: false, error: { code: 'engine/internal_error', message: /W2\.10/ } })
  // Two tribes in one location outside any window, whichever of them holds it.
  const shared = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 1 goblins\nr2c2 B 1 exploradores' })
  shared.cells.r2c2!.controller = 'A'
  t.match(openWars.applySystem(shared, { type: 'setSeed', seed: 'a-new-seed' }, hmacRng), {
    ok: false,
    error: { code: 'engine/internal_error', message: /W2\.10 broken at r2c2/ },
  })
})

t.test('W3.3 W3.7 W10.3 W9.7 the calendar set, seeds committed and revealed', async (t) => {
  const created = openWars.createGame({
    map: openWars.fixedMap!.map,
    tribes: [
      { id: 'A', name: 'A', weekday: 'wednesday' },
      { id: 'B', name: 'B', weekday: 'monday' },
      { id: 'C', name: 'C', weekday: 'friday' },
    ],
    seed: 'three-map-seed',
    secretSeed: 'three-setup-seed',
    limit: 6,
  })
  if (!created.ok) throw new Error('created')
  const started = sys(created.state, { type: 'startCampaign', at: 0 })
  t.equal(ofType(started.events, 'mapBuilt')[0]!.setupCommitment, toHex(sha256(utf8('three-setup-seed'))), 'the setup seed is committed at the start')
  let s = play(started.state, 'A', [{ type: 'setArmy', army: { guerreras: 1 } }]).state
  s = play(s, 'C', [{ type: 'setArmy', army: { diablillos: 1 } }]).state
  const mustered = sys(s, { type: 'tick', at: 80 * 3_600_000 })
  const m = ofType(mustered.events, 'mustered')[0]!
  t.equal(m.setupSeed, 'three-setup-seed', 'revealed at tick 0')
  t.same(m.weekdays, { C: 'monday', A: 'wednesday', B: 'friday' }, 'the lowest army value takes the earliest of the calendar days')
  s = mustered.state
  s.round = 6
  const end = sys(s, { type: 'tick', at: 0 })
  t.match(
    ofType(end.events, 'campaignEnded')[0],
    { round: 6, roundSeed: 'three-setup-seed', setupSeed: 'three-setup-seed' },
    'W9.7 every seed revealed at the end',
  )
})

t.test('W11.1 an attacker follows its own default order: it may retreat from its own attack', async (t) => {
  const s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 goblins\nr2c3 B 1 guardianes' }), 'A')
  const r = play(
    s,
    'A',
    [
      { type: 'setDefault', order: { modo: 'retirarse', umbral: 'siempre' } },
      { type: 'move', from: 'r2c1', kind: 'goblins', count: 1, path: ['r2c2', 'r2c3'] },
      { type: 'endTurn' },
    ],
    always(6),
  )
  const b = ofType(r.events, 'battle')[0]!
  t.match(b.turns, [
    { kind: 'guardianes', act: 'attack' },
    { kind: 'goblins', act: 'retreat', to: 'r2c2' },
  ])
})

t.test('W7.9 W11.19 a damage spell cast inside a battle meets Escudo; volleys do not', async (t) => {
  const s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 1 chaman\nr2c2 A 3 goblins\nr2c3 B 1 mago', mana: 10 }), 'A')
  s.cells.r2c3!.stacks[0]!.order = { modo: 'luchar', hechizo: 'rayo' }
  const r = play(
    s,
    'A',
    [
      { type: 'move', from: 'r2c2', kind: 'goblins', count: 3, path: ['r2c3'] },
      { type: 'cast', from: 'r2c2', kind: 'chaman', spell: 'escudo', target: 'r2c3' },
      { type: 'endTurn' },
    ],
    always(1),
  )
  t.match(ofType(r.events, 'battle')[0]!.turns[0], { spell: 'rayo', hits: 3, fell: [{ kind: 'goblins' }] }, '2 of 3 hits stopped')
})

t.test('W11.8 per-window marks clear at the close; moved marks at the opening', async (t) => {
  let s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 chaman\nr2c1 A 1 goblins', mana: 5 }), 'A')
  s = play(s, 'A', [
    { type: 'cast', from: 'r2c1', kind: 'chaman', spell: 'celeridad', target: 'r2c1', targetKind: 'goblins' },
    { type: 'move', from: 'r2c1', kind: 'goblins', count: 1, path: ['r2c2'] },
  ]).state
  t.same(stack(s, 'r2c2', 'A', 'goblins')!.bonus, [], 'units that move form a stack of their own')
  s = sys(s, { type: 'closeWindow', tribe: 'A' }).state
  t.same([stack(s, 'r2c1', 'A', 'chaman')!.bonus, stack(s, 'r2c2', 'A', 'goblins')!.moved], [[], 1])
  s = open(s, 'A')
  t.equal(stack(s, 'r2c2', 'A', 'goblins')!.moved, 0)
})

t.test('W11.23 Muchedumbre counts rearguard units', async (t) => {
  const s = open(world(MAP, { tribes: 'A=elfos@monday B=orcos@thursday', stacks: 'r2c1 A 2 guardianes\nr2c3 B 3 goblins' }), 'A')
  s.cells.r2c3!.stacks[0]!.order = { modo: 'retirarse', umbral: 'siempre', retaguardia: 2 }
  const r = play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'guardianes', count: 2, path: ['r2c2', 'r2c3'] }, { type: 'endTurn' }], always(6))
  const b = ofType(r.events, 'battle')[0]!
  t.match(
    b.turns.filter((x) => x.round === 1),
    [{ kind: 'guardianes' }, { kind: 'goblins', act: 'retreat' }],
  )
  t.equal(kind('goblins').ini, 3)
})

t.test('W11.28 the first failing check names the rule: phase, kind, count, location', async (t) => {
  const s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 goblins', gold: 50 }), 'A')
  const moved = play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'goblins', count: 1, path: ['r2c2'] }]).state
  t.match(refused(moved, 'A', { type: 'recruit', city: 'r9c9', kind: 'nada', count: 0 }), { code: 'phase/not_recruitment' })
  t.match(refused(s, 'A', { type: 'recruit', city: 'r9c9', kind: 'nada', count: 0 }), { code: 'order/unknown_kind' })
  t.match(refused(s, 'A', { type: 'recruit', city: 'r9c9', kind: 'goblins', count: 0 }), { code: 'order/bad_count' })
  t.match(refused(s, 'A', { type: 'recruit', city: 'r9c9', kind: 'goblins', count: 1 }), { code: 'location/unknown' })
})

t.test('W11.26 W9.1 a tribe found empty after its own order is out at once, with no combat phase', async (t) => {
  const s = open(
    world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday C=enanos@friday', stacks: 'r2c1 A 1 goblins\nr2c4 B 1 exploradores\nr3c3 C 1 mineros' }),
    'A',
  )
  s.cells.r2c1!.stacks = []
  s.cells.r2c1!.controller = null
  const r = play(s, 'A', [{ type: 'setDefault', order: { modo: 'luchar' } }])
  t.match(ofType(r.events, 'eliminated'), [{ tribe: 'A', by: 'A' }])
  t.same([tribe(r.state, 'A').window, ofType(r.events, 'phaseEnded')], ['closed', []])
})
