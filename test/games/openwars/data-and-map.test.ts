// W1.2–W1.12 and Appendices A–C as data; W2 and Appendix D: the grid, the ring band, scenarios.
import t from 'tap'
import { CARDS, COLOURS, dataProblems, DEFAULT_ARMIES, FACTIONS, KINDS, kind, kindsOf, SPELLS, type Data } from '../../../src/engine/games/openwars/data.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { cellIds, distance, neighbours, ringBand, scenarioProblems } from '../../../src/engine/games/openwars/map.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { sys } from './dsl.ts'

const shipped = (): Data => ({ kinds: new Map(KINDS), cards: new Map(CARDS), spells: new Map(SPELLS), armies: structuredClone(DEFAULT_ARMIES) })

t.test('W1.2 W1.12 Appendix A the rosters, the deck and the spells validate', async (t) => {
  t.same(dataProblems(), [])
  t.equal(FACTIONS.length, 7, 'W1.2 seven factions')
  t.equal(new Set(Object.values(COLOURS)).size, 7, 'each with its own colour')
  t.equal(KINDS.size, 50)
  t.equal(CARDS.size, 43, 'Appendix B: 43 cards')
  t.equal(SPELLS.size, 22)
  t.equal(
    kindsOf('barbaros').some((k) => k.type === 'magica'),
    false,
    'W1.10 the Bárbaros have no mágica kind',
  )
  t.match(kind('maestra_arquera'), { unique: true, certero: true, ojo: true, range: 2 })
  t.match(kind('esqueletos'), { alzarse: 2, cost: 6 }, 'A.6 esqueletos and momias cost the same')
  t.equal(kind('momias').cost, 6)
  t.match(kind('gargolas'), { hp: 2, upkeep: 1 })
  const value = (f: (typeof FACTIONS)[number]) => Object.entries(DEFAULT_ARMIES[f]).reduce((v, [id, n]) => v + kind(id).cost * n, 0)
  t.same(FACTIONS.map(value), [60, 59, 56, 58, 58, 56, 58], 'A.8 the default armies and their values')
})

t.test('W1.12 broken data is named, problem by problem', async (t) => {
  const d = shipped()
  const kinds = d.kinds as Map<string, ReturnType<typeof kind>>
  kinds.set('goblins', { ...kind('goblins'), att: 7, hp: 3, anfibio: true, type: 'fuego' as never })
  kinds.set('chaman', { ...kind('chaman'), type: 'llanura' })
  kinds.set('senor_guerra', { ...kind('senor_guerra'), unique: false })
  kinds.delete('trolls')
  kinds.delete('galera')
  ;(d.cards as Map<string, unknown>).set('ll1', { ...CARDS.get('ll1')!, entry: 4, keyword: 'sol' })
  ;(d.spells as Map<string, unknown>).set('rayo', { ...SPELLS.get('rayo')!, faction: 'barbaros' })
  d.armies.orcos = { goblins: 9, salvajes: 1 }
  const problems = dataProblems(d)
  for (const p of [
    'orcos: 6 kinds',
    'orcos: one única kind',
    'orcos: mágica kinds',
    'orcos: default army kind salvajes',
    'orcos: default army worth 72',
    'goblins: type fuego',
    'goblins: a value out of range',
    'goblins: hit points',
    'goblins: Anfibio',
    '48 kinds, not 50',
    'll1: entry cost',
    '13 basic cards',
    'rayo: the Bárbaros cast nothing',
  ])
    t.ok(
      problems.some((x) => x.startsWith(p)),
      p,
    )
  ;(d.cards as Map<string, unknown>).delete('ag1')
  t.ok(dataProblems(d).includes('42 cards, not 43'))
})

t.test('W1.3 W2.3 every bound of a kind’s values and of a card’s entry cost, each on its own', async (t) => {
  const broken = (field: string, value: number) => {
    const d = shipped()
    ;(d.kinds as Map<string, unknown>).set('goblins', { ...kind('goblins'), [field]: value })
    return dataProblems(d)
  }
  for (const [field, value] of [
    ['att', 0],
    ['att', 7],
    ['range', -1],
    ['range', 3],
    ['cost', 0],
    ['mov', 0],
  ] as const)
    t.ok(broken(field, value).includes('goblins: a value out of range (W1.3)'), `${field} ${value}`)
  for (const [field, value] of [
    ['att', 1],
    ['att', 6],
    ['range', 0],
    ['range', 2],
    ['cost', 1],
    ['mov', 1],
  ] as const)
    t.notOk(
      broken(field, value).some((p) => p.includes('out of range')),
      `${field} ${value} is within it`,
    )
  for (const entry of [0, 4]) {
    const d = shipped()
    ;(d.cards as Map<string, unknown>).set('ll1', { ...CARDS.get('ll1')!, entry })
    t.ok(dataProblems(d).includes('ll1: entry cost (W2.3)'), `entry ${entry}`)
  }
  const d = shipped()
  d.armies.orcos = { goblins: 1, nobody: 1 }
  t.ok(dataProblems(d).includes('orcos: default army kind nobody'), 'an army of a kind that does not exist')
})

t.test('Appendix A a faction’s kinds, by id, and no other faction’s', async (t) => {
  for (const faction of FACTIONS) {
    const ids = kindsOf(faction).map((k) => k.id)
    t.same(ids, [...ids].sort(), `${faction}: sorted by id`)
    t.same(new Set(ids), new Set([...KINDS.values()].filter((k) => k.faction === faction).map((k) => k.id)), `${faction}: its own kinds`)
  }
  t.same(
    kindsOf('orcos').map((k) => k.id),
    ['chaman', 'galera', 'goblins', 'guerreros_orcos', 'jinetes_lobo', 'orcos_negros', 'senor_guerra', 'trolls'],
  )
})

t.test('W2.1 W2.2 adjacency and distance, with and without wrap', async (t) => {
  const ring = { rows: 5, cols: 8, wrap: true }
  const flat = { rows: 5, cols: 8, wrap: false }
  t.same(neighbours(ring, 'r1c1'), ['r1c2', 'r1c8', 'r2c1'])
  t.same(neighbours(flat, 'r1c1'), ['r1c2', 'r2c1'])
  t.equal(distance(ring, 'r2c1', 'r2c8'), 1)
  t.equal(distance(flat, 'r2c1', 'r2c8'), 7)
  t.equal(distance(ring, 'r2c1', 'r4c3'), 4)
  t.equal(cellIds(flat).length, 40)
})

t.test('W2.12 Appendix D.3 the ring band for 2 to 7 tribes', async (t) => {
  for (let n = 2; n <= 7; n++) {
    const tribes = Array.from({ length: n }, (_, i) => `t${i}`)
    const { grid, cards, sectors } = ringBand(tribes, `seed-${n}`, hmacRng)
    const at = (id: string) => cards[Number(id.split('c')[0]!.slice(1)) - 1]![Number(id.split('c')[1]) - 1]!
    const ids = cellIds(grid)
    t.equal(ids.length, 20 * n, `${n} tribes: ${20 * n} cells`)
    t.equal(ids.filter((id) => at(id).startsWith('ag')).length, 6 * n)
    t.same([...sectors].sort(), tribes)
    const connected = (keep: (id: string) => boolean) => {
      const cells = ids.filter(keep)
      const seen = new Set([cells[0]!])
      for (const id of seen) for (const x of neighbours(grid, id)) if (keep(x)) seen.add(x)
      return seen.size === cells.length
    }
    t.ok(connected((id) => !at(id).startsWith('ag')) && connected((id) => at(id).startsWith('ag')), 'land and sea each connected')
    for (let i = 0; i < n; i++) {
      const capital = `r2c${4 * i + 1}`
      t.equal(at(capital), 'ci0')
      for (const city of [capital, `r4c${4 * i + 3}`])
        t.equal(neighbours(grid, city).filter((x) => at(x).startsWith('ag')).length, 1, `${city} is a port with one agua neighbour`)
      t.equal(distance(grid, capital, `r4c${4 * i + 3}`), 4)
      if (n > 2) t.equal(distance(grid, capital, `r2c${((4 * (i + 1)) % (4 * n)) + 1}`), 4, 'neighbouring capitals at distance 4')
    }
    t.same(
      cards.map((row) => row.slice(0, 4)),
      cards.map((row) => row.slice(4, 8)),
      'unchanged by a shift of 4 columns',
    )
  }
})

t.test('W2.15 scenario maps: every problem named', async (t) => {
  const ok = {
    rows: 3,
    cols: 6,
    wrap: false,
    cells: [
      ['ag1', 'ag1', 'ag1', 'ag1', 'ag1', 'ag1'],
      ['ci0', 'll1', 'll1', 'll1', 'll1', 'ci0'],
      ['ll1', 'll1', 'mo1', 'bo1', 'de1', 'll1'],
    ],
  }
  t.same(scenarioProblems(ok, 2), [])
  t.same(openWars.validateMap({ ...ok, mode: 'escenario' }, 2), [])
  t.same(openWars.validateMap(openWars.fixedMap!.map, 2), [])
  t.match(scenarioProblems(null), [{ code: 'map/not_object' }])
  t.match(scenarioProblems({ ...ok, rows: 2 }), [{ code: 'map/size' }])
  t.match(scenarioProblems({ ...ok, cells: [['zz']] }), [{ code: 'map/cells' }])
  t.match(scenarioProblems(ok, 3), [{ code: 'map/capitals' }])
  const one = structuredClone(ok)
  one.cells[1]![5] = 'll1'
  t.match(scenarioProblems(one), [{ code: 'map/capitals' }])
  const inland = structuredClone(ok)
  inland.cells[0]![0] = 'll1'
  t.match(scenarioProblems(inland), [{ code: 'map/capital_not_port' }])
  const close = structuredClone(ok)
  close.cells[1]![2] = 'ci0'
  t.ok(scenarioProblems(close).some((p) => p.code === 'map/capitals_close'))
  const split = structuredClone(ok)
  split.cells[1]![3] = 'ag1'
  split.cells[2]![3] = 'ag1'
  t.ok(scenarioProblems(split).some((p) => p.code === 'map/land_split'))
  const map = { id: 'isla', name: 'Isla', mode: 'escenario' as const, ...ok }
  t.equal(openWars.maxTribes(map), 2)
  const created = openWars.createGame({
    map,
    tribes: [
      { id: 'A', name: 'A', weekday: 'monday' },
      { id: 'B', name: 'B', weekday: 'tuesday' },
    ],
    seed: 'scenario-seed',
    secretSeed: 'setup-secret',
    limit: 8,
  })
  if (!created.ok) throw new Error('created')
  const s = sys(created.state, { type: 'startCampaign', at: 0 }).state
  t.same([s.rows, s.cols, s.wrap], [3, 6, false])
  t.same(s.tribes.map((x) => x.capital).sort(), ['r2c1', 'r2c6'], 'W2.13 the i-th capital in canonical order')
  t.match(
    openWars.createGame({
      map: { ...map, cells: one.cells },
      tribes: [
        { id: 'A', name: 'A', weekday: 'monday' },
        { id: 'B', name: 'B', weekday: 'tuesday' },
      ],
      seed: 'scenario-seed',
      secretSeed: 'setup-secret',
      limit: 8,
    }),
    { ok: false, error: { rule: 'W2.15' } },
  )
})
