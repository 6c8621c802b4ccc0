// The orders a tribe is offered now (the bots, the pages and the contract test read them): each
// family written out from the state and kept only when the rules accept it. A plan (M8.5), the
// steps (M6.2), the map cards (M9.9), exchanges (M5.7), the bank (M4.4), hires (M5.4) and builds
// (M3.3, M3.4).
import t from 'tap'
import { elMapa, type ElMapaOrder, type ElMapaState } from '../../../src/engine/games/elmapa/index.ts'
import { mapa, open, order, troops, tribeOf } from './dsl.ts'

// Tribe a: its home village J at 1,1, its mines at 2,2 and 2,3; face-down cells at 0,0 and 2,0; b in
// the corner at 0,4.
const GRID = `
  ?   .   .   .   Jb
  .   Ja  .   .   .
  ?   .   Ma  Pa  .
  .   .   .   .   .`

const window = (opts: { armies?: string; stock?: string; hand?: string[] } = {}) => {
  const s = mapa(GRID, { stock: 'a 40 10 10', ...opts })
  tribeOf(s, 'a').hand = opts.hand ?? []
  return open(s, 'a')
}
const offered = (s: ElMapaState, tribe = 'a') => elMapa.offered(s, elMapa.legalOptions(s, tribe))
/** The offered orders of one type. */
const family = <T extends ElMapaOrder['type']>(s: ElMapaState, type: T, tribe = 'a') =>
  offered(s, tribe).filter((o): o is Extract<ElMapaOrder, { type: T }> => o.type === type)
const SLOT_ORDER = ['1a', '1b', '1c', '1d', '2a', '2b', '2c', '3a', '3b', '4a']
/** A castle's buildings in the order of its slots; `-` a free slot. */
const slots = (text: string) => Object.fromEntries(text.split(' ').flatMap((b, i) => (b === '-' ? [] : [[SLOT_ORDER[i]!, b]])))
const builds = (s: ElMapaState) => family(s, 'build').map((o) => `${o.building}@${o.village}/${o.slot}`)

const LEVAS = { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'advance' }], flee: 0 }
const MIXED = {
  platoons: [
    { kind: 'soldado', take: 'all', column: 2, tactic: 'advance' },
    { kind: 'leva', take: 2, column: 1, tactic: 'hold' },
    { kind: 'arquero', take: 'all', column: 3, tactic: 'shoot' },
  ],
  flee: 50,
}

t.test('M2.3 M8.5: until tick 0 a tribe is offered its two battle plans and nothing else', async (t) => {
  const s = mapa(GRID, { armies: 'a 1,1 leva=1', stock: 'a 40 10 10' })
  s.status = 'setup'
  s.round = 0
  t.same(offered(s), [
    { type: 'setBattlePlan', plan: LEVAS },
    { type: 'setBattlePlan', plan: MIXED },
  ])
  s.startedAt = null
  t.same(offered(s), [], 'before the campaign starts: nothing (M2.1)')
})

t.test('M2.6 M2.9 M8.5: an open window offers the end of the turn first, then the two plans', async (t) => {
  const s = window()
  t.same(offered(s).slice(0, 3), [{ type: 'endTurn' }, { type: 'setBattlePlan', plan: LEVAS }, { type: 'setBattlePlan', plan: MIXED }])
  t.same(offered(mapa(GRID, { stock: 'a 40 10 10' })), [], 'a closed window: nothing')
  const ended = order(s, 'a', { type: 'endTurn' }).s
  t.same(offered(ended), [], 'an ended turn: nothing')
  t.same(offered(s, 'z'), [], 'no such tribe: nothing')
  tribeOf(s, 'a').eliminated = true
  t.same(offered(s), [], 'an eliminated tribe: nothing (M11.5)')
})

t.test('M6.2 M1.9: each army is offered a step each way the map goes on', async (t) => {
  const s = window({ armies: 'a 1,1 leva=1; a 3,4 leva=1' })
  t.same(
    family(s, 'step').map((o) => `${o.army}${o.dir}`),
    ['1N', '1E', '1S', '1W', '2N', '2W'],
    'army 2 in the corner: not east nor south',
  )
  s.armies[0]!.tired = true
  t.same(
    family(s, 'step').map((o) => `${o.army}${o.dir}`),
    ['2N', '2W'],
    'a tired army steps nowhere (M6.6)',
  )
})

t.test('M2.6 M5.6: a tribe is offered steps for its own armies only, in its own window', async (t) => {
  const s = open(mapa(GRID, { armies: 'a 1,3 leva=1; b 0,3 leva=1' }), 'b')
  t.same(
    family(s, 'step', 'b').map((o) => `${o.army}${o.dir}`),
    ['2E', '2S', '2W'],
    'b’s army 2 on the top row; not a’s army 1',
  )
  t.same(offered(s, 'a'), [], 'a’s window is closed')
})

t.test('M9.9 M9.7: Pies ligeros is offered once per untired army, from the first such card held', async (t) => {
  const s = window({ armies: 'a 1,1 leva=1; a 3,4 leva=1', hand: ['vision-1', 'pies-2', 'pies-1'] })
  t.same(
    family(s, 'cast').filter((o) => o.army !== undefined),
    [
      { type: 'cast', card: 'pies-2', army: 1 },
      { type: 'cast', card: 'pies-2', army: 2 },
    ],
  )
  s.armies[1]!.tired = true
  t.same(
    family(s, 'cast').map((o) => o.army),
    [1, undefined],
    'none on a tired army; the other cast is the Visión',
  )
})

t.test('M9.9: a Teletransporte is offered to revealed cells 3 east, 2 south and 1 north of the army', async (t) => {
  const s = window({ armies: 'a 1,1 leva=1', hand: ['pies-1', 'teletransporte-1', 'teletransporte-2'] })
  t.same(family(s, 'teleport'), [
    { type: 'teleport', card: 'teletransporte-1', army: 1, to: '1,4' },
    { type: 'teleport', card: 'teletransporte-1', army: 1, to: '3,1' },
    { type: 'teleport', card: 'teletransporte-1', army: 1, to: '0,1' },
  ])
  s.cells['1,4']!.revealed = false
  t.same(
    family(s, 'teleport').map((o) => o.to),
    ['3,1', '0,1'],
    'never to a face-down cell',
  )
  const corner = window({ armies: 'a 3,4 leva=1', hand: ['teletransporte-1'] })
  t.same(
    family(corner, 'teleport').map((o) => o.to),
    ['2,4'],
    'only the cells on the map',
  )
})

t.test('M5.7 M13.18: two own armies on one cell are offered an exchange of one troop, once a pair', async (t) => {
  const s = window({ armies: 'a 1,2 soldado=1 arquero=1; a 1,2 arquero=2; a 1,2 leva=1; a 1,3 leva=1' })
  t.same(family(s, 'exchange'), [
    { type: 'exchange', armies: [1, 2], give: [{ soldado: 1 }, {}] },
    { type: 'exchange', armies: [1, 3], give: [{ soldado: 1 }, {}] },
    { type: 'exchange', armies: [2, 3], give: [{ arquero: 1 }, {}] },
  ])
  t.same(family(window({ armies: 'a 1,2 leva=1; a 1,3 leva=1' }), 'exchange'), [], 'armies apart: none')
})

t.test('M9.9 M13.14: Visión is offered once, on the first face-down cell', async (t) => {
  const s = window({ hand: ['pies-1', 'vision-2', 'vision-1'] })
  t.same(family(s, 'cast'), [{ type: 'cast', card: 'vision-2', cells: ['0,0'] }])
  s.cells['0,0']!.revealed = true
  t.same(family(s, 'cast'), [{ type: 'cast', card: 'vision-2', cells: ['2,0'] }], 'reading order: 2,0 next')
  s.cells['2,0']!.revealed = true
  t.same(family(s, 'cast'), [], 'nothing left to see')
})

t.test('M9.9 M9.7: Suerte and Producción are offered to arm, the first two such cards held', async (t) => {
  const cards = (s: ElMapaState) => family(s, 'cast').map((o) => o.card)
  t.same(cards(window({ hand: ['pies-1', 'produccion-1', 'suerte-1'] })), ['suerte-1', 'produccion-1'], 'Suerte first')
  t.same(cards(window({ hand: ['suerte-1', 'suerte-2', 'produccion-1'] })), ['suerte-1', 'suerte-2'])
  const armed = window({ hand: ['suerte-1', 'produccion-1'] })
  tribeOf(armed, 'a').suerte = 1
  t.same(cards(armed), ['produccion-1'], 'not a second Suerte while one is armed')
})

t.test('M4.4 M4.5: with a Mercado, the four exchanges of the bank, one at a time, as the stock allows', async (t) => {
  const s = window({ stock: 'a 3 1 1' })
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  t.same(family(s, 'bankTrade'), [
    { type: 'bankTrade', exchange: 'sell-madera', n: 1 },
    { type: 'bankTrade', exchange: 'sell-piedra', n: 1 },
    { type: 'bankTrade', exchange: 'buy-madera', n: 1 },
    { type: 'bankTrade', exchange: 'buy-piedra', n: 1 },
  ])
  Object.assign(tribeOf(s, 'a').stock, { oro: 2, madera: 0, piedra: 0 })
  t.same(
    family(s, 'bankTrade').map((o) => o.exchange),
    ['buy-madera'],
    '2 oro buys madera, not piedra',
  )
  t.same(family(window(), 'bankTrade'), [], 'no Mercado: no bank')
})

t.test('M5.4 M5.5 M5.6: a village with a reserve is offered hires into a new army, a new convoy and each army on it', async (t) => {
  const s = window({ armies: 'a 1,1 leva=1; a 1,2 leva=1', stock: 'a 10 0 0' })
  for (const key of ['3,2', '3,3']) s.cells[key] = { ...s.cells[key]!, tile: 'l1-pueblo', owner: 'a', castle: s.cells['1,1']!.castle }
  s.cells['1,1']!.castle = { ...s.cells['1,1']!.castle!, slots: { '1a': 'almacen' }, built: true, reserve: troops('soldado=2 arquero=1') }
  const all = { leva: 0, soldado: 2, arquero: 1, caballero: 0 }
  t.same(
    family(s, 'hire').map((o) => [o.village, o.troops, o.army]),
    [
      ['1,1', all, 'new'],
      ['1,1', { soldado: 1 }, 'new'],
      ['1,1', all, 'newConvoy'],
      ['1,1', { soldado: 1 }, 'newConvoy'],
      ['1,1', all, 1],
      ['1,1', { soldado: 1 }, 1],
    ],
    'the whole reserve or one troop of its first kind; army 2 stands elsewhere, 3,2 and 3,3 have none',
  )
  s.cells['1,1']!.castle!.slots = {}
  tribeOf(s, 'a').stock.oro = 2
  t.same(
    family(s, 'hire').map((o) => [o.troops, o.army]),
    [
      [{ soldado: 1 }, 'new'],
      [{ soldado: 1 }, 1],
    ],
    'no Almacén: no convoy; 2 oro: one soldado only',
  )
})

t.test('M3.3 M3.4: a castle is offered each affordable building in the first free slot that fits', async (t) => {
  const s = window({ stock: 'a 1 0 0' })
  t.same(builds(s), ['mercado@1,1/1a', 'estatua@1,1/1a'], 'exactly 1 oro: a Mercado or an Estatua')
  s.cells['1,1']!.castle!.slots = slots('mercado - estatua cuartel')
  Object.assign(tribeOf(s, 'a').stock, { oro: 40, madera: 10, piedra: 10 })
  t.same(
    builds(s),
    ['almacen@1,1/1b', 'ayuntamiento@1,1/1b', 'biblioteca@1,1/1b', 'arqueria@1,1/2c', 'banco@1,1/2c', 'teatro@1,1/2c', 'laboratorio@1,1/2c'],
    'level 1 in 1b, level 2 on 1c and 1d; none held twice, none struck out (M3.8)',
  )
  s.cells['1,1']!.castle!.built = true
  t.same(builds(s), [], 'one build a window')
})

t.test('M3.3 M3.7 M3.8: a full pyramid below 4a is offered the wonders and the missing buildings there', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel almacen teatro banco laboratorio coliseo universidad')
  t.same(builds(s), [
    'ayuntamiento@1,1/4a',
    'biblioteca@1,1/4a',
    'arqueria@1,1/4a',
    'cuadras@1,1/4a',
    'tesoreria@1,1/4a',
    'piramides@1,1/4a',
    'midas@1,1/4a',
    'ares@1,1/4a',
  ])
  s.cells['1,4'] = { ...s.cells['1,4']!, tile: 'l1-pueblo', owner: 'b', castle: { ...s.cells['1,1']!.castle!, slots: { '4a': 'midas' } } }
  t.notOk(
    builds(s).some((b) => b.startsWith('midas')),
    'a wonder standing elsewhere is not offered',
  )
})

t.test('M3.2 M3.3: a building of level II is offered in the first level-II slot its pair holds up, not in a free level-I slot', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado', '1b': 'almacen' }
  const banks = family(s, 'build').filter((o) => o.building === 'banco')
  t.same(
    banks.map((o) => o.slot),
    ['2a'],
    'on 1a and 1b; 1c is free but of level I',
  )
  t.same(
    family(s, 'build')
      .filter((o) => o.building === 'estatua')
      .map((o) => o.slot),
    ['1c'],
    'a level-I building in the first free level-I slot',
  )
})
