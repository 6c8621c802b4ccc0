// The turn page's choices (the legal options and the orders they offer) and the tick preview,
// worked out by hand from the rule book on one board, then checked against the rules.
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { hmacRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { open, play, system, world } from './dsl.ts'

// A holds Egipto (4 troops, a plane, a ship, 14 Básicos, a Misil, an Arma biológica, a ready
// Artillería), África del Sur and India (1 troop each). B holds the rest: 3 troops in Sudán,
// Polonia-Yugoslavia and Aral, 1 everywhere else.
const board = () => {
  const s = open(
    world(`
    monday  A  egi 4 planes=1 ships=1 basic=14 missile=1 bio=1 artillery=1, asu 1, ind 1
    tuesday B  sud 3, pyu 3, ara 3, *
  `),
    'A',
  )
  return s
}

t.test('G2.4 G6.1 G7 the options of each territory with something ready, from the rules', async (t) => {
  const s = board()
  const o = conquest.legalOptions(s, 'A')
  t.match(o, { tribe: 'A', canOrder: true, setup: false, canEndTurn: true })
  t.same(
    o.territories.map((x) => x.id),
    ['egi', 'asu', 'ind'],
    'every territory with a ready unit, in map order',
  )
  t.same(o.territories[0], {
    id: 'egi',
    ready: 4,
    canLeave: 3,
    moves: [], // no neighbour of A's
    attacks: ['pyu', 'arn', 'sud', 'mor'], // every neighbour, whatever its troops (G6.1)
    gather: 3,
    guard: 4,
    // 14 Básicos: 3 troops (4 each), a wall (6), 2 ships (6 each), a plane (8); nothing else affordable.
    builds: [
      { kind: 'troop', max: 3 },
      { kind: 'wall', max: 1 },
      { kind: 'ship', max: 2 },
      { kind: 'plane', max: 1 },
    ],
    fly: ['asu', 'ind'],
    sail: ['asu', 'ind'], // 2 links, 2 sea links
    airStrike: ['sud', 'ara'], // 2 troops or more, out of Europa, 3 links
    navalBombard: ['pyu', 'sud'], // coastal, 2 sea links
    fireArtillery: ['pyu', 'sud', 'ara'], // 2 links, Europa and inland included
    launchMissile: ['sud', 'ara'],
    releaseBio: ['pyu', 'sud'], // neighbours with 2 troops or more
  })
  t.same(
    o.territories[1],
    {
      id: 'asu',
      ready: 1,
      canLeave: 0,
      moves: [],
      attacks: [],
      gather: 1,
      guard: 1,
      builds: [],
      fly: [],
      sail: [],
      airStrike: [],
      navalBombard: [],
      fireArtillery: [],
      launchMissile: [],
      releaseBio: [],
    },
    'a lone troop may only gather or guard (G1.6)',
  )
  const offered = conquest.offered(s, o)
  // Egipto: 4 attacks with 3 or 1 troops, gather 3 or 1, guard 4 or 1, 4 builds of 1, 2 flights,
  // 2 sailings, 2 + 2 + 3 + 2 + 2 strikes; África del Sur and India: gather 1, guard 1; the end.
  t.equal(offered.length, 8 + 2 + 2 + 4 + 2 + 2 + 2 + 2 + 3 + 2 + 2 + 2 + 2 + 1)
  t.same(
    offered.filter((x) => x.type === 'attack' && x.to === 'pyu'),
    [
      { type: 'attack', from: 'egi', to: 'pyu', troops: 3 },
      { type: 'attack', from: 'egi', to: 'pyu', troops: 1 },
    ],
  )
  t.same(
    offered.filter((x) => x.type === 'guard'),
    [
      { type: 'guard', at: 'egi', troops: 4 },
      { type: 'guard', at: 'egi', troops: 1 },
      { type: 'guard', at: 'asu', troops: 1 },
      { type: 'guard', at: 'ind', troops: 1 },
    ],
  )
  t.same(offered.at(-1), { type: 'endTurn' })
  for (const order of offered) t.ok(conquest.applyOrder(s, 'A', order, hmacRng).ok, `${JSON.stringify(order)} is accepted`)
  t.same(conquest.offered(s, conquest.legalOptions(s, 'B')), [], 'outside its window a tribe is offered nothing')
})

t.test('G2.8 G1.13 no option after the turn ended; in setup only the reinforcement list', async (t) => {
  const ended = play(board(), 'A', { type: 'endTurn' }).state
  t.same(conquest.legalOptions(ended, 'A'), { tribe: 'A', canOrder: false, setup: false, canEndTurn: false, territories: [] })
  const tribes = WEEKDAYS.slice(0, 3).map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday }))
  const created = conquest.createGame({ map: conquest.fixedMap!.map, tribes, seed: 'deal-seed-1', secretSeed: 'objective-seed', limit: null })
  if (!created.ok) throw new Error(created.error.code)
  const setup = system(created.state, { type: 'startCampaign', at: 0 })
  const o = conquest.legalOptions(setup, 't1')
  t.same(o, { tribe: 't1', canOrder: true, setup: true, canEndTurn: false, territories: [] })
  const mine = Object.keys(setup.territories).filter((id) => setup.territories[id]!.owner === 't1')
  const offered = conquest.offered(setup, o)
  t.equal(offered.length, 1)
  t.equal(offered[0]!.type, 'setReinforcements')
  const list = (offered[0] as { list: string[] }).list
  t.equal(list.length, 3, 'three of its territories')
  t.ok(list.every((id) => mine.includes(id)))
  t.ok(conquest.applyOrder(setup, 't1', offered[0]!, hmacRng).ok)
})

t.test('G3.1 G1.12 G3.5 the tick preview: troops, Básicos, and whether the next tick ends the campaign', async (t) => {
  const s = world(
    `
    monday  A  egi 1, sud 1, con 1, asu 1, mad 1
    tuesday B  *
  `,
    { round: 3, roundLimit: 4 },
  )
  t.same(conquest.previewEconomy(s), [
    { tribe: 'A', territories: 5, troops: 2, basic: 5, lastRound: false },
    { tribe: 'B', territories: 37, troops: 18, basic: 37, lastRound: false },
  ])
  t.same(
    conquest.previewEconomy({ ...s, round: 4 }).map((p) => p.lastRound),
    [true, true],
    'round L: the next tick ends it',
  )
  const setup = { ...s, status: 'setup' as const, round: 0, tribesAtStart: 2 }
  t.same(
    conquest.previewEconomy(setup).map((p) => [p.tribe, p.troops, p.lastRound]),
    [
      ['A', 35, false],
      ['B', 3, false],
    ],
    'tick 0: 40 − T each (G1.12)',
  )
  const gone = { ...s, tribes: s.tribes.map((x) => (x.id === 'A' ? { ...x, eliminated: true } : x)) }
  t.same(
    conquest.previewEconomy(gone).map((p) => p.tribe),
    ['B'],
    'an eliminated tribe gets nothing',
  )
})

t.test('G2.4 G4.4 a territory is listed while anything in it is ready; spent counts offer nothing', async (t) => {
  let s = open(
    world(`
    monday  A  egi 4 planes=1, sud 3, con 1 planes=1, mad 1 planes=1
    tuesday B  asu 3, *
  `),
    'A',
  )
  s = play(s, 'A', { type: 'guard', at: 'con', troops: 1 }).state
  s = play(s, 'A', { type: 'airStrike', from: 'con', target: 'asu' }, [1, 1, 1]).state
  s = play(s, 'A', { type: 'guard', at: 'mad', troops: 1 }).state
  s = play(s, 'A', { type: 'gather', at: 'sud', troops: 1 }).state
  const o = conquest.legalOptions(s, 'A')
  t.same(
    o.territories.map((x) => x.id),
    ['egi', 'sud', 'mad'],
    "Congo's troop guards and its plane struck: nothing ready there",
  )
  t.same(
    o.territories[2],
    {
      id: 'mad',
      ready: 0,
      canLeave: 0,
      moves: [],
      attacks: [],
      gather: 0,
      guard: 0,
      builds: [],
      fly: ['egi', 'sud', 'con'],
      sail: [],
      airStrike: ['asu'],
      navalBombard: [],
      fireArtillery: [],
      launchMissile: [],
      releaseBio: [],
    },
    'Madagascar: only its plane is ready',
  )
  const sud = o.territories[1]!
  t.match(sud, { ready: 2, canLeave: 2, gather: 0, guard: 2 }, 'Sudán searched already this window')
  t.same(sud.moves.slice().sort(), ['con', 'egi', 'mad'])
  const offered = conquest.offered(s, o)
  t.same(
    offered.filter((x) => x.type === 'move' && x.to === 'egi'),
    [
      { type: 'move', from: 'sud', to: 'egi', troops: 2 },
      { type: 'move', from: 'sud', to: 'egi', troops: 1 },
    ],
  )
  t.same(
    offered.filter((x) => x.type === 'gather'),
    [
      { type: 'gather', at: 'egi', troops: 3 },
      { type: 'gather', at: 'egi', troops: 1 },
    ],
    'no search offered where one was made',
  )
  t.notOk(
    offered.some((x) => 'troops' in x && x.troops === 0),
    'never an order of 0 troops',
  )
  for (const order of offered) t.ok(conquest.applyOrder(s, 'A', order, hmacRng).ok, `${JSON.stringify(order)} is accepted`)
})

t.test('G1.9 G3.4 before the start nothing is offered or promised; a lost list is promised nothing', async (t) => {
  const made = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: WEEKDAYS.slice(0, 2).map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday })),
    seed: 'deal-seed-1',
    secretSeed: 'objective-seed',
    limit: null,
  })
  if (!made.ok) throw new Error(made.error.code)
  t.same(conquest.legalOptions(made.state, 't0'), { tribe: 't0', canOrder: false, setup: true, canEndTurn: false, territories: [] })
  t.same(conquest.offered(made.state, conquest.legalOptions(made.state, 't0')), [])
  t.same(
    conquest.previewEconomy(made.state).map((p) => [p.territories, p.troops, p.basic]),
    [
      [0, 0, 0],
      [0, 0, 0],
    ],
  )
  const s = world(`
    monday  A  egi 1, sud 1, con 1, asu 1
    tuesday B  *
  `)
  s.tribes[0]!.reinforcementList = ['mad']
  t.match(conquest.previewEconomy(s)[0], { tribe: 'A', territories: 4, troops: 0, basic: 4 }, 'G3.4 every listed territory lost: no troops')
  s.tribes[0]!.reinforcementList = ['mad', 'con']
  t.match(conquest.previewEconomy(s)[0], { troops: 2 })
})

t.test('G7.5 a territory whose only ready unit is a ship is listed, with its sailings', async (t) => {
  let s = open(
    world(`
    monday  A  egi 1 ships=1, sud 1
    tuesday B  asu 3, *
  `),
    'A',
  )
  s = play(s, 'A', { type: 'guard', at: 'egi', troops: 1 }).state
  s = play(s, 'A', { type: 'guard', at: 'sud', troops: 1 }).state
  const o = conquest.legalOptions(s, 'A')
  t.same(
    o.territories.map((x) => x.id),
    ['egi'],
  )
  t.match(o.territories[0], { ready: 0, sail: ['sud'], navalBombard: ['asu'], gather: 0, guard: 0 })
})
