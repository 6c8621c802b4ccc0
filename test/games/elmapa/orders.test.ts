// The orders of a window that change no map cell (M2.7), at the edges of their checks: hiring and
// slots (M5.4–M5.6), building with cards and investments (M3.4, M3.7, M9.9), the bank (M4.4) and
// exchanges between armies (M5.7).
import t from 'tap'
import { armyOf, mapa, open, order, refused, stockOf, troops, tribeOf } from './dsl.ts'

// Tribe a: its home village J at 1,1 and a second village at 1,2; b next door.
const GRID = `
  ?   Ma  Pa           ?   ?
  ?   Ja  l1-pueblo@a  .   Jb`

const window = (opts: { armies?: string; stock?: string } = {}) => {
  const s = mapa(GRID, { stock: 'a 40 10 10; b 3 0 0', ...opts })
  s.cells['1,1']!.castle!.reserve = troops('leva=3 soldado=1')
  s.cells['1,2']!.castle!.reserve = troops('leva=1')
  return open(s, 'a')
}
const hire = (village: unknown, what: unknown, army: unknown = 'new') => ({ type: 'hire', village, troops: what, army }) as never
/** A castle's buildings in the order of its slots 1a, 1b, 1c, 1d, 2a, 2b, 2c, 3a, 3b, 4a; `-` a free slot. */
const slots = (text: string) =>
  Object.fromEntries(
    text
      .split(' ')
      .map((b, i) => [['1a', '1b', '1c', '1d', '2a', '2b', '2c', '3a', '3b', '4a'][i]!, b])
      .filter(([, b]) => b !== '-'),
  )

t.test("M5.5: slots count only the tribe's own armies, combat and convoy apart", async (t) => {
  // b's armies take none of a's slots: a has two villages and one combat army.
  const s = window({ armies: 'a 1,1 leva=1; b 1,4 leva=1; b 1,3 leva=1' })
  t.ok(order(s, 'a', hire('1,1', { leva: 1 })).s, 'a second combat army for the second village')
  // A convoy takes no combat slot, and a combat army no convoy slot.
  const convoy = window({ armies: 'a 1,1 leva=1 convoy' })
  convoy.cells['1,2']!.castle!.slots = { '1a': 'almacen' }
  convoy.cells['1,2']!.owner = 'b'
  const r = order(convoy, 'a', hire('1,1', { leva: 1 }))
  t.same(
    r.s.armies.map((a) => [a.id, a.convoy]),
    [
      [1, true],
      [2, false],
    ],
    'one village: one combat army beside the convoy',
  )
  t.same(refused(convoy, 'a', hire('1,1', { leva: 1 }, 'newConvoy')), { code: 'hire/no_slot', rule: 'M5.5' }, 'b’s Almacén gives a no convoy slot')
  convoy.cells['1,1']!.castle!.slots = { '1a': 'almacen' }
  t.same(refused(convoy, 'a', hire('1,1', { leva: 1 }, 'newConvoy')), { code: 'hire/no_slot', rule: 'M5.5' }, 'its one Almacén’s slot is taken')
})

t.test('M5.4 M5.6: a hired army is numbered next, stands fresh on the village and may move at once', async (t) => {
  let s = window()
  s = order(s, 'a', hire('1,1', { soldado: 1 })).s
  s = order(s, 'a', hire('1,2', { leva: 1 })).s
  t.same(
    armyOf(s, 1),
    { id: 1, tribe: 'a', cell: '1,1', troops: troops('soldado=1'), convoy: false, tired: false, steps: 0, bonus: 0, cast: [] },
    'no card cast on it yet',
  )
  t.same(
    s.armies.map((a) => [a.id, a.cell]),
    [
      [1, '1,1'],
      [2, '1,2'],
    ],
    'the next id for each',
  )
  t.same(s.nextArmy, 3)
  const r = order(s, 'a', { type: 'step', army: 2, dir: 'E' })
  t.equal(armyOf(r.s, 2)!.cell, '1,3', 'a new army may move in the same window')
})

t.test('M5.4 M4.1: the price is paid from the stock; exactly enough will do', async (t) => {
  const s = window({ stock: 'a 2 0 0' })
  const r = order(s, 'a', hire('1,1', { soldado: 1 }))
  t.same([stockOf(r.s, 'a'), r.s.cells['1,1']!.castle!.reserve.soldado], ['0/0/0', 0], '2 oro for a soldado, none left')
  t.same(refused(s, 'a', hire('1,1', { leva: 3 })), { code: 'stock/short', rule: 'M5.4' }, '3 levas cost 3 oro')
})

t.test('M5.4: a hire counts whole troops ≥ 0 of the four kinds, from an own village named by its key', async (t) => {
  const s = window()
  const r = order(s, 'a', hire('1,1', { leva: 1, soldado: 0 }))
  t.same(armyOf(r.s, 1)!.troops, troops('leva=1'), 'a count of 0 adds none of that kind')
  const BAD = { code: 'order/bad_troops', rule: 'M5.4' }
  t.same(refused(s, 'a', hire('1,1', null)), BAD, 'no troops named')
  t.same(refused(s, 'a', hire('1,1', { leva: 2, soldado: -1 })), BAD, 'a negative count')
  t.same(refused(s, 'a', hire('1,1', { leva: 1.5 })), BAD, 'a fraction')
  t.same(refused(s, 'a', hire(['1,1'], { leva: 1 })), { code: 'map/unknown_cell', rule: 'M1.3' }, 'a cell is named "row,column"')
})

t.test('M3.4 M3.2: a build names its building and its slot by their ids', async (t) => {
  const s = window()
  const build = (building: unknown, slot: unknown) => refused(s, 'a', { type: 'build', village: '1,1', building, slot })
  t.same(build(['estatua'], '1a'), { code: 'build/unknown', rule: 'M3.4' })
  t.same(build('estatua', ['1a']), { code: 'build/unknown_slot', rule: 'M3.2' })
  t.ok(order(s, 'a', { type: 'build', village: '1,1', building: 'estatua', slot: '1a' }).s)
})

t.test('M3.4 M4.1: a build is refused whole when any resource is short, piedra too', async (t) => {
  const s = window({ stock: 'a 40 10 0' })
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel - teatro banco')
  t.same(
    refused(s, 'a', { type: 'build', village: '1,1', building: 'universidad', slot: '3a' }),
    { code: 'stock/short', rule: 'M3.4' },
    'a Universidad costs 1 piedra',
  )
  tribeOf(s, 'a').stock.piedra = 1
  const r = order(s, 'a', { type: 'build', village: '1,1', building: 'universidad', slot: '3a' })
  t.equal(stockOf(r.s, 'a'), '33/8/0', '7 oro, 2 madera, 1 piedra')
})

t.test('M9.9 M9.7: Regateador, Maderero and Pedrero each take 1 + s of their resource off one build', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel - teatro banco')
  tribeOf(s, 'a').hand = ['regateador-1', 'maderero-1', 'pedrero-1', 'pies-1', 'pies-2', 'pies-3']
  const build = (cards: unknown[]) => ({ type: 'build', village: '1,1', building: 'universidad', slot: '3a', cards }) as never
  // A Universidad costs 7 oro, 2 madera, 1 piedra; the stock is 40/10/10.
  t.equal(stockOf(order(s, 'a', build([{ card: 'maderero-1' }])).s, 'a'), '33/9/9', 'Maderero: 1 madera less')
  t.equal(stockOf(order(s, 'a', build([{ card: 'pedrero-1' }])).s, 'a'), '33/8/10', 'Pedrero: 1 piedra less')
  t.equal(stockOf(order(s, 'a', build([{ card: 'pedrero-1', boosters: ['pies-1', 'pies-2', 'pies-3'] }])).s, 'a'), '33/8/10', 'never below 0')
  const all = order(s, 'a', build([{ card: 'regateador-1' }, { card: 'maderero-1' }, { card: 'pedrero-1' }])).s
  t.same([stockOf(all, 'a'), all.piles], ['34/9/10', { 1: ['regateador-1'], 2: ['maderero-1'], 3: ['pedrero-1'] }], 'one of each kind, all discarded')
  t.same(refused(s, 'a', build([null])), { code: 'card/wrong_kind', rule: 'M9.9' }, 'a card is { card, boosters }')
  t.same(refused(s, 'a', build('maderero-1' as never)), { code: 'card/bad_cards', rule: 'M9.9' }, 'the cards are a list')
})

t.test('M3.7 M13.20: a wonder’s investment is x ≥ 0 units; Ares names whole troops of a kind in own reserves', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel almacen teatro banco laboratorio coliseo universidad')
  const wonder = (building: string, invest: unknown) => ({ type: 'build', village: '1,1', building, slot: '4a', invest }) as never
  const none = order(s, 'a', wonder('piramides', 0)).s
  t.same([none.cells['1,1']!.castle!.invest, stockOf(none, 'a')], [0, '34/10/6'], 'an investment of 0: the cost only')
  const INVEST = { code: 'build/invest', rule: 'M13.20' }
  t.same(refused(s, 'a', wonder('ares', [{ village: '1,1', kind: 'dragon', n: 1 }])), INVEST, 'a troop kind')
  t.same(refused(s, 'a', wonder('ares', [{ village: '1,1', kind: 'leva', n: 1.5 }])), INVEST, 'whole troops')
  t.same(refused(s, 'a', wonder('ares', [null])), { code: 'map/unknown_cell', rule: 'M1.3' }, 'a source names its village')
  t.same(refused(s, 'a', wonder('ares', 1)), INVEST, 'Ares takes a list of sources')
  t.same(refused(s, 'a', wonder('ares', [{ village: '1,2', kind: 'leva', n: 2 }])), { code: 'build/invest', rule: 'M3.7' }, 'no more than the reserve holds')
  t.same(refused(s, 'a', wonder('midas', -1)), { code: 'build/invest', rule: 'M3.7' }, 'oro: a whole number ≥ 0')
  const ares = order(s, 'a', wonder('ares', [{ village: '1,2', kind: 'leva', n: 1 }])).s
  t.same([ares.cells['1,1']!.castle!.invest, ares.cells['1,2']!.castle!.reserve], [1, troops('')], 'from the reserve of another own castle')
})

t.test('M4.4: the bank takes n × what the exchange gives, and names the exchange by its id', async (t) => {
  const s = window({ stock: 'a 3 0 0' })
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  t.equal(stockOf(order(s, 'a', { type: 'bankTrade', exchange: 'buy-madera', n: 1 }).s, 'a'), '1/1/0', '2 oro for 1 madera')
  tribeOf(s, 'a').stock.oro = 1
  t.same(refused(s, 'a', { type: 'bankTrade', exchange: 'buy-madera', n: 1 }), { code: 'stock/short', rule: 'M4.4' }, '1 oro is not 2')
  t.same(refused(s, 'a', { type: 'bankTrade', exchange: ['sell-madera'], n: 1 }), { code: 'bank/unknown', rule: 'M4.4' })
  t.same(refused(s, 'a', { type: 'bankTrade', exchange: 'sell-madera', n: 1.5 }), { code: 'bank/count', rule: 'M4.4' })
})

t.test('M5.7 M13.18: an exchange names two own armies on one cell and what each gives the other', async (t) => {
  const s = window({ armies: 'a 1,1 leva=2; a 1,1 soldado=1; a 1,1 leva=1' })
  const swap = order(s, 'a', { type: 'exchange', armies: [1, 2], give: [{ leva: 1 }, { soldado: 1 }] }).s
  t.same([armyOf(swap, 1)!.troops, armyOf(swap, 2)!.troops], [troops('leva=1 soldado=1'), troops('leva=1')], 'one troop each way')
  const BAD = { code: 'exchange/bad', rule: 'M5.7' }
  const exchange = (armies: unknown, give: unknown) => refused(s, 'a', { type: 'exchange', armies, give })
  t.same(exchange([1, 2, 3], [{ leva: 1 }, {}]), BAD, 'three armies')
  t.same(exchange([1], [{ leva: 1 }, {}]), BAD, 'one army')
  t.same(exchange(undefined, [{ leva: 1 }, {}]), BAD, 'no armies')
  t.same(exchange([1, 2], [{ leva: 1 }]), BAD, 'one gift')
  t.same(exchange([1, 2], undefined), BAD, 'no gifts')
  t.same(exchange([1, 1], [{ leva: 1 }, {}]), { code: 'exchange/apart', rule: 'M5.7' }, 'an army with itself')
  t.same(exchange([1, 2], [{ dragon: 1 }, {}]), { code: 'order/bad_troops', rule: 'M5.7' }, 'the first gives troops of a kind')
  t.same(exchange([1, 2], [{}, { soldado: -1 }]), { code: 'order/bad_troops', rule: 'M5.7' }, 'the second too')
  t.same(exchange([1, 2], [{}, { soldado: 2 }]), { code: 'exchange/short', rule: 'M5.7' }, 'the second gives only what it has')
})

t.test('M3.4 M3.2 M4.4 M6.2 M1.3: a name every object inherits is no building, slot, exchange, direction or cell', async (t) => {
  const s = window({ armies: 'a 1,1 leva=1' })
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  for (const inherited of ['toString', '__proto__', 'constructor']) {
    t.same(
      refused(s, 'a', { type: 'build', village: '1,1', building: inherited, slot: '1b' }),
      { code: 'build/unknown', rule: 'M3.4' },
      `building ${inherited}`,
    )
    t.same(
      refused(s, 'a', { type: 'build', village: '1,1', building: 'estatua', slot: inherited }),
      { code: 'build/unknown_slot', rule: 'M3.2' },
      `slot ${inherited}`,
    )
    t.same(refused(s, 'a', { type: 'bankTrade', exchange: inherited, n: 1 }), { code: 'bank/unknown', rule: 'M4.4' }, `exchange ${inherited}`)
    t.same(refused(s, 'a', { type: 'step', army: 1, dir: inherited }), { code: 'move/direction', rule: 'M6.2' }, `direction ${inherited}`)
    t.same(
      refused(s, 'a', { type: 'build', village: inherited, building: 'estatua', slot: '1b' }),
      { code: 'map/unknown_cell', rule: 'M1.3' },
      `cell ${inherited}`,
    )
  }
  t.equal(stockOf(s, 'a'), stockOf(window(), 'a'), 'and the stock is as it was')
})
