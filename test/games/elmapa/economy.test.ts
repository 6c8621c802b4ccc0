// M3, M4, M5: castles and buildings, the bank, hiring, slots, exchanges; M2 and M11: windows,
// the tick, the end and the ranking.
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { canonicalJson } from '../../../src/engine/index.ts'
import { buildingVp, scores } from '../../../src/engine/games/elmapa/score.ts'
import { armyOf, mapa, open, order, refused, stockOf, system, troops, tribeOf } from './dsl.ts'

const GRID = `
  ?   Ma  Pa  ?   ?
  ?   Ja  l2-oro@a  l1-hechizo@a  Jb`

const rich = (armies = '') => {
  const s = mapa(GRID, { armies, stock: 'a 40 10 10; b 3 0 0' })
  s.cells['1,1']!.castle!.reserve = troops('leva=2 soldado=1 arquero=1 caballero=1')
  return open(s, 'a')
}

t.test('M5.4 hire: prices, reserve, the army hired into; M13.18 an empty hire', async (t) => {
  const s = rich()
  const r = order(s, 'a', { type: 'hire', village: '1,1', troops: { leva: 2, soldado: 1, arquero: 1, caballero: 1 }, army: 'new' })
  t.same([stockOf(r.s, 'a'), armyOf(r.s, 1)!.troops, armyOf(r.s, 1)!.convoy], ['33/9/10', troops('leva=2 soldado=1 arquero=1 caballero=1'), false])
  t.same(refused(s, 'a', { type: 'hire', village: '1,1', troops: {}, army: 'new' }), { code: 'hire/empty', rule: 'M13.18' })
  t.same(refused(s, 'a', { type: 'hire', village: '1,1', troops: { leva: 3 }, army: 'new' }), { code: 'hire/reserve', rule: 'M5.4' })
  t.same(refused(s, 'a', { type: 'hire', village: '1,1', troops: { dragon: 1 }, army: 'new' }), { code: 'order/bad_troops', rule: 'M5.4' })
  t.same(refused(s, 'a', { type: 'hire', village: '1,1', troops: 5, army: 'new' }), { code: 'order/bad_troops', rule: 'M5.4' })
  t.same(refused(s, 'a', { type: 'hire', village: '1,4', troops: { leva: 1 }, army: 'new' }), { code: 'village/not_owned', rule: 'M3.1' })
  t.same(refused(s, 'a', { type: 'hire', village: '9,9', troops: { leva: 1 }, army: 'new' }), { code: 'map/unknown_cell', rule: 'M1.3' })
  t.same(refused(s, 'a', { type: 'hire', village: '1,1', troops: { leva: 1 }, army: 'newConvoy' }), { code: 'hire/no_slot', rule: 'M5.5' }, 'no Almacén')
  const poor = structuredClone(s)
  tribeOf(poor, 'a').stock = { oro: 10, madera: 0, piedra: 0 }
  t.same(
    refused(poor, 'a', { type: 'hire', village: '1,1', troops: { caballero: 1 }, army: 'new' }),
    { code: 'stock/short', rule: 'M5.4' },
    'a caballero costs 1 madera',
  )
})

t.test('M5.5 slots: one combat army per village, one convoy per Almacén (M3.5 at once)', async (t) => {
  let s = rich('a 1,1 leva=1')
  t.same(refused(s, 'a', { type: 'hire', village: '1,1', troops: { leva: 1 }, army: 'new' }), { code: 'hire/no_slot', rule: 'M5.5' })
  s = order(s, 'a', { type: 'hire', village: '1,1', troops: { leva: 1 }, army: 1 }).s
  s = order(s, 'a', { type: 'build', village: '1,1', building: 'almacen', slot: '1a' }).s
  s = order(s, 'a', { type: 'hire', village: '1,1', troops: { leva: 1 }, army: 'newConvoy' }).s
  t.same(
    s.armies.map((a) => [a.id, a.convoy, a.troops.leva]),
    [
      [1, false, 2],
      [2, true, 1],
    ],
  )
})

t.test('M3.2 M3.3 M3.4 M3.8 M4.1 M13.25 a build’s checks, in their order', async (t) => {
  const s = rich()
  const build = (building: string, slot: string, x = s) => refused(x, 'a', { type: 'build', village: '1,1', building, slot })
  const some = structuredClone(s)
  some.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  t.same(build('mercado', '1b', some), { code: 'build/holds', rule: 'M3.4' })
  t.same(build('estatua', '1a', some), { code: 'build/slot', rule: 'M3.3' }, 'a taken slot')
  t.same(build('teatro', '1b', some), { code: 'build/slot', rule: 'M3.3' }, 'never lower than its level')
  t.same(build('teatro', '2a', some), { code: 'build/slot', rule: 'M3.3' }, 'a slot needs both slots below')
  t.same(build('piramides', '1b', some), { code: 'build/slot', rule: 'M3.3' }, 'M3.7 a wonder only in 4a')
  const ready = structuredClone(s)
  ready.cells['1,1']!.castle!.slots = {
    '1a': 'mercado',
    '1b': 'estatua',
    '1c': 'cuartel',
    '1d': 'almacen',
    '2a': 'teatro',
    '2b': 'banco',
    '2c': 'laboratorio',
    '3a': 'coliseo',
    '3b': 'universidad',
  }
  ready.cells['1,4']!.castle!.slots = { '4a': 'piramides' }
  t.same(build('piramides', '4a', ready), { code: 'build/wonder', rule: 'M3.7' }, 'one of each wonder in the game')
  t.same(
    build('armeria', '2a', {
      ...some,
      cells: { ...some.cells, '1,1': { ...some.cells['1,1']!, castle: { ...some.cells['1,1']!.castle!, slots: { '1a': 'mercado', '1b': 'estatua' } } } },
    }),
    {
      code: 'build/struck_out',
      rule: 'M3.8',
    },
  )
  t.same(build('dragon', '1a'), { code: 'build/unknown', rule: 'M3.4' })
  t.same(build('estatua', '5z'), { code: 'build/unknown_slot', rule: 'M3.2' })
  const poor = structuredClone(s)
  tribeOf(poor, 'a').stock = { oro: 2, madera: 0, piedra: 0 }
  t.same(build('cuartel', '1a', poor), { code: 'stock/short', rule: 'M3.4' })
  const built = order(s, 'a', { type: 'build', village: '1,1', building: 'estatua', slot: '1d' }).s
  t.same(build('mercado', '1a', built), { code: 'build/built', rule: 'M3.4' }, 'one building per castle per window, checked first')
})

t.test('M3.6 App. C: a building scores its own level plus its extra VP', async (t) => {
  const s = rich()
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado', '1b': 'estatua', '1c': 'ayuntamiento', '1d': 'cuartel', '2a': 'teatro' }
  t.equal(buildingVp(s, 'a'), 14, '1 + (1 + 3) + 1 + 1 + (2 + 5)')
  t.same(refused(s, 'a', { type: 'build', village: '1,1', building: 'coliseo', slot: '3a' }).code, 'build/slot', 'a Coliseo needs 2b')
  s.cells['1,1']!.castle!.slots['2b'] = 'banco'
  t.ok(order(s, 'a', { type: 'build', village: '1,1', building: 'coliseo', slot: '3a' }).s, 'a Coliseo may go in 3a once 2b is built')
  s.cells['1,1']!.castle!.slots = { '2b': 'mercado' }
  t.equal(buildingVp(s, 'a'), 1, 'a Mercado in 2b is worth 1')
})

t.test('M3.7 M13.20 wonders and their investment; M11.1 M11.2 M13.22 the game ends at the tick', async (t) => {
  const s = rich()
  s.cells['1,1']!.castle!.slots = {
    '1a': 'mercado',
    '1b': 'estatua',
    '1c': 'cuartel',
    '1d': 'almacen',
    '2a': 'teatro',
    '2b': 'banco',
    '2c': 'laboratorio',
    '3a': 'coliseo',
    '3b': 'universidad',
  }
  const p = order(s, 'a', { type: 'build', village: '1,1', building: 'piramides', slot: '4a', invest: 2 }).s
  t.same([stockOf(p, 'a'), p.cells['1,1']!.castle!.invest, p.wonderBuilt], ['34/10/4', 2, true], '6 oro, 4 + 2 piedra')
  t.equal(buildingVp(p, 'a') - buildingVp(s, 'a'), 4 + 10 + 2 * 2)
  const ares = order(s, 'a', {
    type: 'build',
    village: '1,1',
    building: 'ares',
    slot: '4a',
    invest: [
      { village: '1,1', kind: 'leva', n: 2 },
      { village: '1,1', kind: 'soldado', n: 1 },
    ],
  }).s
  t.same([ares.cells['1,1']!.castle!.invest, ares.cells['1,1']!.castle!.reserve], [3, troops('arquero=1 caballero=1')], 'Ares takes troops from reserves')
  const bare = order(s, 'a', { type: 'build', village: '1,1', building: 'ares', slot: '4a' }).s
  t.same(
    [bare.cells['1,1']!.castle!.slots['4a'], bare.cells['1,1']!.castle!.invest],
    ['ares', 0],
    'Ares with no investment (x = 0) is built, its reserves untouched',
  )
  t.same(bare.cells['1,1']!.castle!.reserve, s.cells['1,1']!.castle!.reserve)
  t.equal(
    refused(s, 'a', { type: 'build', village: '1,1', building: 'ares', slot: '4a', invest: [{ village: '1,1', kind: 'leva', n: 3 }] }).code,
    'build/invest',
  )
  t.equal(refused(s, 'a', { type: 'build', village: '1,1', building: 'ares', slot: '4a', invest: 3 }).code, 'build/invest')
  t.equal(
    refused(s, 'a', { type: 'build', village: '1,1', building: 'ares', slot: '4a', invest: [{ village: '1,1', kind: 'leva', n: 0 }] }).code,
    'build/invest',
  )
  t.equal(refused(s, 'a', { type: 'build', village: '1,1', building: 'midas', slot: '4a', invest: -1 }).code, 'build/invest')
  t.equal(refused(s, 'a', { type: 'build', village: '1,1', building: 'midas', slot: '4a', invest: 40 }).code, 'stock/short', 'the investment is paid at once')
  // The map is also explored at that tick: the result names the wonder (M13.22), and the ending tick produces nothing (M11.2).
  for (const c of Object.values(p.cells)) c.revealed = true
  const end = system(p, { type: 'tick', at: 1e12 }).s
  t.same([end.status, end.result!.reason, stockOf(end, 'a')], ['finished', 'wonder', '34/10/4'])
  t.same(end.result!.ranking, ['a', 'b'])
})

t.test('M4.4 M4.5 the bank: four exchanges, one count per exchange, villages plus Mercados', async (t) => {
  let s = rich()
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  s = order(s, 'a', { type: 'bankTrade', exchange: 'buy-piedra', n: 1 }).s
  t.equal(stockOf(s, 'a'), '37/10/11')
  t.same(
    refused(s, 'a', { type: 'bankTrade', exchange: 'sell-madera', n: 2 }),
    { code: 'bank/limit', rule: 'M4.5' },
    'the limit is 2: the order is refused whole',
  )
  s = order(s, 'a', { type: 'bankTrade', exchange: 'buy-madera', n: 1 }).s
  t.equal(stockOf(s, 'a'), '35/11/11')
  const fresh = rich()
  fresh.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  t.equal(stockOf(order(fresh, 'a', { type: 'bankTrade', exchange: 'sell-madera', n: 2 }).s, 'a'), '42/8/10')
  t.same(refused(fresh, 'a', { type: 'bankTrade', exchange: 'steal', n: 1 }).code, 'bank/unknown')
  t.same(refused(fresh, 'a', { type: 'bankTrade', exchange: 'sell-piedra', n: 0 }).code, 'bank/count')
  tribeOf(fresh, 'a').stock.piedra = 0
  t.same(refused(fresh, 'a', { type: 'bankTrade', exchange: 'sell-piedra', n: 1 }), { code: 'stock/short', rule: 'M4.4' })
})

t.test('M5.7 M13.18 exchanges between armies on one cell', async (t) => {
  const s = rich('a 1,1 leva=2; a 1,1 soldado=1; a 0,1 leva=1')
  const r = order(s, 'a', { type: 'exchange', armies: [1, 2], give: [{ leva: 2 }, {}] })
  t.same(
    [armyOf(r.s, 1), armyOf(r.s, 2)!.troops, armyOf(r.s, 2)!.tired],
    [undefined, troops('leva=2 soldado=1'), true],
    'an army left with nothing ceases to exist',
  )
  t.same(refused(s, 'a', { type: 'exchange', armies: [1, 2], give: [{}, {}] }), { code: 'exchange/empty', rule: 'M13.18' })
  t.same(refused(s, 'a', { type: 'exchange', armies: [1, 3], give: [{ leva: 1 }, {}] }), { code: 'exchange/apart', rule: 'M5.7' })
  t.same(refused(s, 'a', { type: 'exchange', armies: [1, 2], give: [{ leva: 3 }, {}] }), { code: 'exchange/short', rule: 'M5.7' })
  t.same(refused(s, 'a', { type: 'exchange', armies: [1], give: [] }), { code: 'exchange/bad', rule: 'M5.7' })
})

t.test('M2.11 M2.5 M5.2 M5.3 M4.2 M9.3 M9.4 M13.1 M13.24 the tick: training, production, draws', async (t) => {
  let s = rich()
  s.cells['1,1']!.castle!.slots = {
    '1a': 'cuartel',
    '1b': 'biblioteca',
    '1c': 'ayuntamiento',
    '1d': 'almacen',
    '2a': 'arqueria',
    '2b': 'banco',
    '2c': 'tesoreria',
    '3a': 'cuadras',
  }
  s.cells['1,1']!.castle!.reserve = troops('')
  s.cells['1,3']!.tile = 'l2-hechizo-ii'
  s.decks['1'] = ['pies-1', 'pies-2', 'punteria-1']
  s.decks['2'] = []
  s.piles['2'] = ['suerte-1', 'vision-3']
  s = system(s, { type: 'tick', at: 1e12 }).s
  t.same(s.cells['1,1']!.castle!.reserve, troops('leva=1 arquero=1'), 'leva and arquero every round')
  t.equal(tribeOf(s, 'a').window, 'closed', 'M13.24 a tick closes an open window')
  t.equal(stockOf(s, 'a'), `${40 + 2 + 1 + 1 + 2 + 2}/11/11`, 'village 2 + Ayuntamiento + Banco + Tesorería 2; oro mine 2; madera and piedra mines 1')
  t.same(
    [tribeOf(s, 'a').hand[0], tribeOf(s, 'a').hand.length, s.piles['2'].length],
    ['pies-1', 2, 0],
    'Biblioteca, then the spell mine: its empty deck takes the shuffled pile',
  )
  s = system(s, { type: 'tick', at: 1e12 }).s
  t.same(s.cells['1,1']!.castle!.reserve, troops('leva=2 soldado=1 arquero=2'), 'a soldado every 2 rounds')
  s = system(s, { type: 'tick', at: 1e12 }).s
  t.same(s.cells['1,1']!.castle!.reserve, troops('leva=3 soldado=1 arquero=3 caballero=1'), 'a caballero every 3 rounds')
  t.equal(tribeOf(s, 'a').hand.length, 5, 'M9.4 M13.1 an empty deck: the pile is shuffled in; both empty, the draw is lost')
  t.same([s.decks['1'], s.piles['1']], [[], []])
})

t.test('M9.3 a castle draws Biblioteca, Laboratorio, Universidad in that order, whatever order they were built in', async (t) => {
  let s = rich()
  s.cells['1,1']!.castle!.slots = { '1a': 'cuartel', '1b': 'mercado', '1c': 'almacen', '1d': 'ayuntamiento', '2b': 'banco', '2c': 'arqueria' }
  s.cells['1,3']!.tile = 'l1-paraje' // no spell mine: the castle's draws only
  s.decks['1'] = ['pies-1', 'pies-2']
  s.decks['2'] = ['suerte-1', 'suerte-2']
  s.decks['3'] = ['escudo-1', 'escudo-2']
  // One building a window: the Universidad, then the Laboratorio, the Biblioteca last.
  s = order(s, 'a', { type: 'build', village: '1,1', building: 'universidad', slot: '3b' }).s
  s = open(system(s, { type: 'closeWindow', tribe: 'a' }).s, 'a')
  s = order(s, 'a', { type: 'build', village: '1,1', building: 'laboratorio', slot: '2a' }).s
  s = open(system(s, { type: 'closeWindow', tribe: 'a' }).s, 'a')
  s = order(s, 'a', { type: 'build', village: '1,1', building: 'biblioteca', slot: '3a' }).s
  t.same(Object.values(s.cells['1,1']!.castle!.slots).slice(-3), ['universidad', 'laboratorio', 'biblioteca'], 'built in this order')
  const ticked = system(s, { type: 'tick', at: 1e12 }).s
  t.same(tribeOf(ticked, 'a').hand, ['pies-1', 'suerte-1', 'escudo-1'], "level I, II, III: the book's order")
  // The same state with its keys sorted (as its hash writes it, or a jsonb column keeps it) ticks the same.
  const sorted = JSON.parse(canonicalJson(s)) as typeof s
  t.equal(elMapa.stateHash(sorted), elMapa.stateHash(s))
  t.equal(elMapa.stateHash(system(sorted, { type: 'tick', at: 1e12 }).s), elMapa.stateHash(ticked), 'equal states tick to equal states')
})

t.test('M2.8 M2.10 M13.17 a window opens fresh and closes tired', async (t) => {
  let s = rich('a 1,1 leva=1')
  s = order(s, 'a', { type: 'build', village: '1,1', building: 'estatua', slot: '1a' }).s
  s = system(s, { type: 'closeWindow', tribe: 'a' }).s
  t.ok(armyOf(s, 1)!.tired)
  t.ok(s.cells['1,1']!.castle!.built, 'the built flag stays until the next opening')
  s = open(s, 'a')
  t.same([armyOf(s, 1)!.tired, s.cells['1,1']!.castle!.built, tribeOf(s, 'a').bankUsed], [false, false, 0])
  t.equal(elMapa.applySystem(s, { type: 'openWindow', tribe: 'zz' }, () => 0).ok, false)
})

t.test('M11.1 the map explored or the round limit ends the game at the tick; M11.4 M13.21 places', async (t) => {
  const s = rich()
  for (const c of Object.values(s.cells)) c.revealed = true
  const explored = system(s, { type: 'tick', at: 1e12 }).s
  t.same([explored.result!.reason, elMapa.view(explored).endedByLimit], ['explored', false])
  const limit = rich()
  limit.round = limit.settings.limit
  const over = system(limit, { type: 'tick', at: 1e12 }).s
  t.same([over.result!.reason, elMapa.view(over).endedByLimit, elMapa.view(over).status], ['roundLimit', true, 'finished'])
  t.same(refused(over, 'a', { type: 'endTurn' }).code, 'campaign/not_running')
  t.equal(elMapa.applySystem(over, { type: 'tick', at: 1e13 }, () => 0).ok, false, 'no tick after the end')
  const tie = mapa(`Ja Jb Jc`, {})
  tribeOf(tie, 'a').exploreVp = 3
  tribeOf(tie, 'b').exploreVp = 3
  t.same(
    scores(tie).map((x) => [x.id, x.place]),
    [
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ],
    'shared places are numbered 1, 1, 3',
  )
  t.same(elMapa.ranking(tie), ['a', 'b', 'c'])
})

t.test('M1.1 M1.2 M2.1 M2.3 M2.4 the start and the setup period', async (t) => {
  const created = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: [
      { id: 'x', name: 'X', weekday: 'friday' },
      { id: 'y', name: 'Y', weekday: 'monday' },
      { id: 'z', name: 'Z', weekday: 'tuesday' },
    ],
    seed: 'setup-seed-1',
    secretSeed: 'secret-seed-1',
    limit: null,
  })
  if (!created.ok) return t.fail(created.error.code)
  t.same([created.state.settings.limit, elMapa.view(created.state).status], [26, 'setup'])
  t.same(refused(created.state, 'x', { type: 'endTurn' }).code, 'campaign/not_running')
  t.equal(elMapa.applySystem(created.state, { type: 'tick', at: 0 }, () => 0).ok, false, 'no tick before the start')
  const s = system(created.state, { type: 'startCampaign', at: 0 }).s
  t.same(
    elMapa.view(s).tribes.map((x) => x.turn),
    ['free', 'free', 'free'],
  )
  t.same(refused(s, 'x', { type: 'endTurn' }), { code: 'turn/setup', rule: 'M2.3' })
  t.ok(order(s, 'x', { type: 'setBattlePlan', plan: { platoons: [{ kind: 'leva', take: 'all', column: 0, tactic: 'hold' }], flee: 0 } }).s)
  t.equal(elMapa.applySystem(s, { type: 'startCampaign', at: 0 }, () => 0).ok, false, 'M2.1 once')
  // The platform's calendar opens each weekday from the start: before tick 0 that opens nothing (M2.3).
  const early = elMapa.applySystem(s, { type: 'openWindow', tribe: 'x' }, () => 0)
  t.equal(early.ok && early.state.tribes.find((x) => x.id === 'x')!.window, 'closed', 'no window before tick 0')
  t.equal(elMapa.applySystem(s, { type: 'tick', at: 'soon' } as never, () => 0).ok, false)
  t.equal(elMapa.applySystem(created.state, { type: 'startCampaign', at: 'now' } as never, () => 0).ok, false)
  t.equal(elMapa.applySystem(s, { type: 'dance' } as never, () => 0).ok, false)
  t.equal(elMapa.applySystem(s, 'tick' as never, () => 0).ok, false)
  t.equal(elMapa.applySystem(s, { type: 'setSeed', seed: 'short' }, () => 0).ok, false)
  t.same(system(s, { type: 'setSeed', seed: 'week-1-seed' }).s.rng, { seed: 'week-1-seed', counter: 0 })
  t.same(s.tribes.map((x) => x.position).sort(), [1, 2, 3], 'M12.4 positions')
  for (const bad of [
    { tribes: [{ id: 'x', name: 'X', weekday: 'friday' }] },
    {
      tribes: [
        { id: 'x', name: 'X', weekday: 'friday' },
        { id: 'y', name: 'Y', weekday: 'friday' },
      ],
    },
    { limit: 99 },
    { seed: 'short' },
  ]) {
    const r = elMapa.createGame({
      map: elMapa.fixedMap!.map,
      tribes: [
        { id: 'x', name: 'X', weekday: 'friday' },
        { id: 'y', name: 'Y', weekday: 'monday' },
      ],
      seed: 'setup-seed-1',
      secretSeed: 'secret-seed-1',
      limit: null,
      ...bad,
    } as never)
    t.notOk(r.ok, JSON.stringify(bad))
  }
  t.same([elMapa.checkLimit(null), elMapa.checkLimit(8), elMapa.checkLimit(7)?.rule], [null, null, 'M1.2'])
})
