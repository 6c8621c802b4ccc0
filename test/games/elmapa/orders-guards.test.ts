// The guards of the orders that change no map cell (M2.7), read as a player reads them: each
// refusal's code, the rule it cites and the words it says, and, at each guard's edge, the order
// that is just allowed. Plans (M8.5), hires and slots (M5.4, M5.5), builds (M3.3–M3.8, M9.9),
// the bank (M4.4, M4.5), exchanges (M5.7) and the end of a turn (M2.9).
import t from 'tap'
import { armyOf, mapa, open, order, stockOf, troops, tribeOf, refusedInWords } from './dsl.ts'

// Tribe a: its home village J at 1,1 and a second village at 1,2; b's home at 1,4.
const GRID = `
  ?   Ma  Pa           ?   ?
  ?   Ja  l1-pueblo@a  .   Jb`

const window = (opts: { armies?: string; stock?: string } = {}) => {
  const s = mapa(GRID, { stock: 'a 40 10 10; b 3 0 0', ...opts })
  s.cells['1,1']!.castle!.reserve = troops('leva=3 soldado=1 caballero=1')
  s.cells['1,2']!.castle!.reserve = troops('leva=1')
  return open(s, 'a')
}

const refusal = refusedInWords

/** A castle's buildings in the order of its slots 1a, 1b, 1c, 1d, 2a, 2b, 2c, 3a, 3b, 4a; `-` a free slot. */
const slots = (text: string) =>
  Object.fromEntries(
    text
      .split(' ')
      .map((b, i) => [['1a', '1b', '1c', '1d', '2a', '2b', '2c', '3a', '3b', '4a'][i]!, b])
      .filter(([, b]) => b !== '-'),
  )

const hire = (village: unknown, what: unknown, army: unknown = 'new') => ({ type: 'hire', village, troops: what, army })
const build = (fields: Record<string, unknown>) => ({ type: 'build', village: '1,1', ...fields })
const bank = (exchange: unknown, n: unknown) => ({ type: 'bankTrade', exchange, n })
const exchange = (armies: unknown, give: unknown) => ({ type: 'exchange', armies, give })

t.test('M8.5: a plan has 1 to 5 entries and says so when it has not', async (t) => {
  const s = window()
  const entry = (column: number) => ({ kind: 'leva', take: 'all', column, tactic: 'advance' })
  const BAD_PLAN = { code: 'plan/bad_plan', rule: 'M8.5', message: 'a battle plan has 1 to 5 platoon entries and a flee threshold' }
  // No plan at all reaches the shape check as undefined, which must not be read as an object.
  t.same(refusal(s, 'a', { type: 'setBattlePlan' }), BAD_PLAN, 'no plan')
  // Six entries can only repeat a column; the count is the refusal, not the columns.
  t.same(refusal(s, 'a', { type: 'setBattlePlan', plan: { platoons: [0, 1, 2, 3, 4, 0].map(entry), flee: 0 } }), BAD_PLAN, 'six entries')
  t.same(
    refusal(s, 'a', { type: 'setBattlePlan', plan: { platoons: [entry(1), entry(1)], flee: 0 } }),
    { code: 'plan/columns', rule: 'M8.5', message: 'the entries of a plan stand in distinct columns' },
    'two entries in column 1',
  )
})

t.test('M8.5: an entry is { kind, take, column 0–4, tactic }, and a bad one is quoted back', async (t) => {
  const s = window()
  const SHAPE = '{ kind, take (≥ 1 or "all"), column 0–4, tactic (shoot: arqueros only) }'
  const plan = (e: unknown) => ({ type: 'setBattlePlan', plan: { platoons: [e], flee: 0 } })
  t.same(refusal(s, 'a', plan(null)), { code: 'plan/bad_entry', rule: 'M8.5', message: `bad plan entry null: ${SHAPE}` }, 'an entry that is no object')
  for (const column of [-1, 5]) {
    const e = { kind: 'leva', take: 1, column, tactic: 'hold' }
    t.same(refusal(s, 'a', plan(e)), { code: 'plan/bad_entry', rule: 'M8.5', message: `bad plan entry ${JSON.stringify(e)}: ${SHAPE}` }, `column ${column}`)
  }
  for (const column of [0, 4]) {
    const set = order(s, 'a', plan({ kind: 'leva', take: 1, column, tactic: 'hold' }) as never).s
    t.equal(tribeOf(set, 'a').plan!.platoons[0]!.column, column, `column ${column} is on the board`)
  }
})

t.test('M8.5: flee is a whole number from 0 to 100', async (t) => {
  const s = window()
  const plan = (flee: unknown) => ({ type: 'setBattlePlan', plan: { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'hold' }], flee } })
  const FLEE = { code: 'plan/flee', rule: 'M8.5', message: 'flee is a whole number from 0 to 100' }
  for (const flee of [-1, 1.5, 101]) t.same(refusal(s, 'a', plan(flee)), FLEE, `flee ${flee}`)
  t.equal(tribeOf(order(s, 'a', plan(100) as never).s, 'a').plan!.flee, 100, 'flee 100: flee at the first loss')
})

t.test('M8.5 M9.8: reactions belong to the standing plan; an attack plan carrying them is refused', async (t) => {
  // a's army beside a tile of guards: a step into it carries an attack plan.
  const s = open(mapa(`Ja . l1-leva Jb`, { armies: 'a 0,1 leva=3' }), 'a')
  const plan = { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'advance' }], flee: 0, reactions: [] }
  t.same(refusal(s, 'a', { type: 'step', army: 1, dir: 'E', plan }), {
    code: 'plan/reactions',
    rule: 'M8.5',
    message: 'reactions belong to the standing plan only',
  })
  t.same(
    refusal(s, 'a', { type: 'setBattlePlan', plan: { ...plan, reactions: 'escudo-1' } }),
    { code: 'card/bad_cards', rule: 'M9.8', message: 'combat cards are a list of { card, entry, boosters }' },
    'a standing plan may carry them, as a list',
  )
})

t.test('M3.1 M5.4: a hire is made at a village of the tribe, of troops its castle holds', async (t) => {
  const s = window()
  t.same(
    refusal(s, 'a', hire('1,3', { leva: 1 })),
    { code: 'village/not_owned', rule: 'M3.1', message: 'Tribe a owns no village at 1,3' },
    'a revealed tile nobody owns',
  )
  t.same(refusal(s, 'a', hire('1,4', { leva: 1 })), { code: 'village/not_owned', rule: 'M3.1', message: 'Tribe a owns no village at 1,4' }, "b's village")
  t.same(refusal(s, 'a', hire('1,1', {})), { code: 'hire/empty', rule: 'M13.18', message: 'a hire names at least one troop' })
  t.same(refusal(s, 'a', hire('1,1', { leva: 4 })), { code: 'hire/reserve', rule: 'M5.4', message: 'the castle at 1,1 has 3 leva in its reserve' })
  t.same(refusal(s, 'a', hire('1,2', { soldado: 1 })), {
    code: 'hire/reserve',
    rule: 'M5.4',
    message: 'the castle at 1,2 has 0 soldado in its reserve',
  })
})

t.test('M5.4: troops join an own army standing on the village, or none', async (t) => {
  const s = window({ armies: 'a 1,1 leva=1; a 1,2 leva=1' })
  const joined = order(s, 'a', hire('1,1', { leva: 2 }, 1) as never).s
  t.same([armyOf(joined, 1)!.troops, joined.cells['1,1']!.castle!.reserve.leva, joined.armies.length], [troops('leva=3'), 1, 2], 'two more levas in army 1')
  t.same(refusal(s, 'a', hire('1,1', { leva: 1 }, 2)), { code: 'hire/not_here', rule: 'M5.4', message: 'army 2 is not on the village 1,1' })
})

t.test('M5.4 M4.1: the price is paid whole from the stock, and a short stock is told in full', async (t) => {
  const exact = window({ stock: 'a 3 1 0' })
  const r = order(exact, 'a', hire('1,1', { leva: 1, caballero: 1 }) as never)
  t.same([stockOf(r.s, 'a'), armyOf(r.s, 1)!.troops], ['0/0/0', troops('leva=1 caballero=1')], '1 + 2 oro and 1 madera: exactly the stock')
  t.same(refusal(window({ stock: 'a 2 0 0' }), 'a', hire('1,1', { leva: 3 })), {
    code: 'stock/short',
    rule: 'M5.4',
    message: 'this hire costs 3 oro, 0 madera, 0 piedra; Tribe a has 2 / 0 / 0',
  })
  t.same(
    refusal(window({ stock: 'a 5 0 9' }), 'a', hire('1,1', { caballero: 1 })),
    { code: 'stock/short', rule: 'M5.4', message: 'this hire costs 2 oro, 1 madera, 0 piedra; Tribe a has 5 / 0 / 9' },
    'a caballero costs 1 madera too',
  )
})

t.test('M5.5: a new army needs a free slot of its type, counted from the tribe’s own armies', async (t) => {
  // Two villages: two combat slots. b's armies, wherever they stand, take none of them.
  const others = window({ armies: 'a 1,1 leva=1; b 1,4 leva=1; b 1,3 leva=1' })
  const second = order(others, 'a', hire('1,2', { leva: 1 }) as never).s
  t.same(
    second.armies.filter((a) => a.tribe === 'a').map((a) => [a.id, a.cell, a.convoy]),
    [
      [1, '1,1', false],
      [4, '1,2', false],
    ],
    'a second combat army, numbered after b’s',
  )
  t.same(refusal(second, 'a', hire('1,1', { leva: 1 })), { code: 'hire/no_slot', rule: 'M5.5', message: 'Tribe a has no free combat slot' }, 'both slots taken')

  // A convoy takes a convoy slot, not a combat one.
  const convoys = window({ armies: 'a 1,1 leva=1 convoy; a 1,2 leva=1' })
  t.equal(order(convoys, 'a', hire('1,1', { leva: 1 }) as never).s.armies.length, 3, 'the convoy leaves a combat slot free')
  t.same(
    refusal(convoys, 'a', hire('1,1', { leva: 1 }, 'newConvoy')),
    { code: 'hire/no_slot', rule: 'M5.5', message: 'Tribe a has no free convoy slot' },
    'no Almacén',
  )
  convoys.cells['1,1']!.castle!.slots = { '1a': 'almacen' }
  t.same(
    refusal(convoys, 'a', hire('1,1', { leva: 1 }, 'newConvoy')),
    { code: 'hire/no_slot', rule: 'M5.5', message: 'Tribe a has no free convoy slot' },
    'one Almacén, and its convoy already formed',
  )
  convoys.cells['1,2']!.castle!.slots = { '1a': 'almacen' }
  const formed = order(convoys, 'a', hire('1,1', { leva: 1 }, 'newConvoy') as never).s
  t.same(armyOf(formed, 3)!.convoy, true, 'a second Almacén: a second convoy')
})

t.test('M5.6 M5.4: a hired army is numbered next, fresh, with no card cast on it', async (t) => {
  let s = window()
  s = order(s, 'a', hire('1,1', { leva: 1 }) as never).s
  s = order(s, 'a', hire('1,2', { leva: 1 }) as never).s
  t.same(
    s.armies.map((a) => [a.id, a.tired, a.cast]),
    [
      [1, false, []],
      [2, false, []],
    ],
  )
  t.equal(s.nextArmy, 3, 'ids are never reused: the next is 3')
})

t.test('M3.4 M3.2: a build names a building and a slot of the book, and says which it did not find', async (t) => {
  const s = window()
  t.same(refusal(s, 'a', build({ building: 'torre', slot: '1a' })), { code: 'build/unknown', rule: 'M3.4', message: 'no building "torre"' })
  t.same(refusal(s, 'a', build({ building: 'estatua', slot: '5a' })), {
    code: 'build/unknown_slot',
    rule: 'M3.2',
    message: 'no slot "5a": 1a–1d, 2a–2c, 3a, 3b, 4a',
  })
})

t.test('M3.4: one building a castle a window, and one of each kind in a castle', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  const built = order(s, 'a', build({ building: 'estatua', slot: '1b' }) as never).s
  t.same(refusal(built, 'a', build({ building: 'ayuntamiento', slot: '1c' })), {
    code: 'build/built',
    rule: 'M3.4',
    message: 'the castle at 1,1 has built this window',
  })
  t.ok(order(built, 'a', build({ village: '1,2', building: 'estatua', slot: '1a' }) as never).s, 'another castle may build, an Estatua too')
  t.same(refusal(s, 'a', build({ building: 'mercado', slot: '1b' })), {
    code: 'build/holds',
    rule: 'M3.4',
    message: 'the castle at 1,1 holds a mercado already',
  })
})

t.test('M3.3: a building goes in a free slot of its level or higher, resting on two built slots', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua - -')
  const SLOT = (b: string, level: number, slot: string) => ({
    code: 'build/slot',
    rule: 'M3.3',
    message: `${b} (level ${level}) cannot go in slot ${slot}: free, of its level or higher, on two built slots`,
  })
  t.same(refusal(s, 'a', build({ building: 'cuartel', slot: '1a' })), SLOT('cuartel', 1, '1a'), 'a taken slot')
  t.same(refusal(s, 'a', build({ building: 'teatro', slot: '1c' })), SLOT('teatro', 2, '1c'), 'a level-1 slot for a level-2 building')
  t.same(refusal(s, 'a', build({ building: 'teatro', slot: '2b' })), SLOT('teatro', 2, '2b'), '2b rests on 1c, free')
  const r = order(s, 'a', build({ building: 'cuartel', slot: '2a' }) as never).s
  t.equal(r.cells['1,1']!.castle!.slots['2a'], 'cuartel', 'higher, on 1a and 1b: allowed')
})

t.test('M3.7 M3.8: a wonder stands once in the game; Armería and Atalaya never', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel almacen teatro banco laboratorio coliseo universidad')
  s.cells['1,4']!.castle!.slots = { ...slots('mercado estatua cuartel almacen teatro banco laboratorio coliseo universidad'), '4a': 'piramides' }
  t.same(refusal(s, 'a', build({ building: 'piramides', slot: '4a' })), {
    code: 'build/wonder',
    rule: 'M3.7',
    message: 'piramides stands somewhere already',
  })
  t.ok(order(s, 'a', build({ building: 'midas', slot: '4a' }) as never).s, 'another wonder is free')
  const low = window()
  low.cells['1,1']!.castle!.slots = slots('mercado estatua')
  for (const b of ['armeria', 'atalaya'])
    t.same(refusal(low, 'a', build({ building: b, slot: '2a' })), { code: 'build/struck_out', rule: 'M3.8', message: `${b} is not in the game` })
})

t.test('M3.4 M4.1: a build short of any resource is refused, with its cost and the stock', async (t) => {
  const s = window({ stock: 'a 40 10 0' })
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel - teatro banco')
  t.same(refusal(s, 'a', build({ building: 'universidad', slot: '3a' })), {
    code: 'stock/short',
    rule: 'M3.4',
    message: 'universidad with its investment costs 7 oro, 2 madera, 1 piedra; Tribe a has 40 / 10 / 0',
  })
  tribeOf(s, 'a').stock = { oro: 7, madera: 2, piedra: 1 }
  t.equal(stockOf(order(s, 'a', build({ building: 'universidad', slot: '3a' }) as never).s, 'a'), '0/0/0', 'exactly the cost')
})

t.test('M9.9 M9.7: build cards are a list of Regateador, Maderero and Pedrero, one of a kind', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel - teatro banco')
  tribeOf(s, 'a').hand = ['regateador-1', 'maderero-1', 'maderero-2', 'pedrero-1', 'escudo-1']
  const uni = (cards: unknown) => build({ building: 'universidad', slot: '3a', cards })
  t.same(refusal(s, 'a', uni('maderero-1')), { code: 'card/bad_cards', rule: 'M9.9', message: 'build cards are a list of { card, boosters }' })
  t.same(refusal(s, 'a', uni([{ card: 'escudo-1' }])), {
    code: 'card/wrong_kind',
    rule: 'M9.9',
    message: '"escudo-1" is not a card of regateador, maderero, pedrero',
  })
  // An entry that is no object names no card, and is refused as one, not read through.
  t.same(refusal(s, 'a', uni([null])), { code: 'card/wrong_kind', rule: 'M9.9', message: 'undefined is not a card of regateador, maderero, pedrero' })
  t.same(refusal(s, 'a', uni([{ card: 'maderero-1' }, { card: 'maderero-2' }])), {
    code: 'card/one_per_target',
    rule: 'M9.7',
    message: 'one card of a kind per build',
  })
  // 7 oro, 2 madera, 1 piedra from 40/10/10: each card takes 1 off its own resource.
  const each = ['regateador-1', 'maderero-1', 'pedrero-1'].map((card) => stockOf(order(s, 'a', uni([{ card }]) as never).s, 'a'))
  t.same(each, ['34/8/9', '33/9/9', '33/8/10'], 'Regateador oro, Maderero madera, Pedrero piedra')
})

t.test('M3.7: Pirámides and Midas invest x ≥ 0 units of their resource, paid with the cost', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel almacen teatro banco laboratorio coliseo universidad')
  const wonder = (building: string, invest: unknown) => build({ building, slot: '4a', invest })
  const midas = order(s, 'a', wonder('midas', 3) as never).s
  t.same([stockOf(midas, 'a'), midas.cells['1,1']!.castle!.invest], ['29/8/9', 3], '8 + 3 oro')
  const none = order(s, 'a', wonder('piramides', 0) as never).s
  t.same([stockOf(none, 'a'), none.cells['1,1']!.castle!.invest], ['34/10/6', 0], 'none invested: the cost only')
  const INVEST = { code: 'build/invest', rule: 'M3.7', message: 'an investment is a whole number ≥ 0' }
  for (const x of [-1, 1.5, '2']) t.same(refusal(s, 'a', wonder('piramides', x)), INVEST, `invest ${JSON.stringify(x)}`)
  t.equal(stockOf(order(s, 'a', wonder('piramides', 6) as never).s, 'a'), '34/10/0', '4 + 6 piedra: all there is')
  t.same(
    refusal(s, 'a', wonder('piramides', 7)),
    { code: 'stock/short', rule: 'M3.4', message: 'piramides with its investment costs 6 oro, 0 madera, 11 piedra; Tribe a has 40 / 10 / 10' },
    '4 + 7 piedra: one short',
  )
})

t.test('M3.7 M13.20: Ares takes [{ village, kind, n }] of whole troops from own reserves', async (t) => {
  const s = window()
  s.cells['1,1']!.castle!.slots = slots('mercado estatua cuartel almacen teatro banco laboratorio coliseo universidad')
  const ares = (invest: unknown) => build({ building: 'ares', slot: '4a', invest })
  t.same(refusal(s, 'a', ares(3)), {
    code: 'build/invest',
    rule: 'M13.20',
    message: 'the Templo de Ares takes [{ village, kind, n }] from reserves',
  })
  for (const source of [
    { village: '1,1', kind: 'dragon', n: 1 },
    { village: '1,1', kind: 'leva', n: 1.5 },
    { village: '1,1', kind: 'leva', n: 0 },
  ])
    t.same(
      refusal(s, 'a', ares([source])),
      { code: 'build/invest', rule: 'M13.20', message: `bad investment ${JSON.stringify(source)}` },
      `${source.kind} × ${source.n}`,
    )
  // A source that is no object names no village; it is refused as a cell, not read through.
  t.same(refusal(s, 'a', ares([null])), { code: 'map/unknown_cell', rule: 'M1.3', message: 'no cell undefined on this map (cells are "row,column")' })
  t.same(refusal(s, 'a', ares([{ village: '1,4', kind: 'leva', n: 1 }])), {
    code: 'village/not_owned',
    rule: 'M3.1',
    message: 'Tribe a owns no village at 1,4',
  })
  // Two sources at one castle add up against its reserve of that kind.
  const twice = [
    { village: '1,2', kind: 'leva', n: 1 },
    { village: '1,2', kind: 'leva', n: 1 },
  ]
  t.same(refusal(s, 'a', ares(twice)), { code: 'build/invest', rule: 'M3.7', message: 'the reserve at 1,2 has 1 leva' })
  const r = order(s, 'a', ares([{ village: '1,1', kind: 'leva', n: 2 }, { village: '1,1', kind: 'soldado', n: 1 }, twice[0]]) as never).s
  t.same(
    [r.cells['1,1']!.castle!.invest, r.cells['1,1']!.castle!.reserve, r.cells['1,2']!.castle!.reserve, stockOf(r, 'a')],
    [4, troops('leva=1 caballero=1'), troops(''), '35/7/8'],
    'four troops invested; the stock pays the cost only',
  )
})

t.test('M4.4: the bank needs a Mercado and names its exchanges', async (t) => {
  const s = window({ stock: 'a 5 2 2' })
  t.same(refusal(s, 'a', bank('sell-madera', 1)), { code: 'bank/no_mercado', rule: 'M4.4', message: 'Tribe a owns no Mercado' })
  s.cells['1,4']!.castle!.slots = { '1a': 'mercado' }
  t.same(refusal(s, 'a', bank('sell-madera', 1)), { code: 'bank/no_mercado', rule: 'M4.4', message: 'Tribe a owns no Mercado' }, "b's Mercado is b's")
  s.cells['1,2']!.castle!.slots = { '1a': 'mercado' }
  t.same(refusal(s, 'a', bank('swap', 1)), {
    code: 'bank/unknown',
    rule: 'M4.4',
    message: 'no exchange "swap": sell-madera, sell-piedra, buy-madera, buy-piedra',
  })
  for (const n of [0, 1.5, '1'])
    t.same(
      refusal(s, 'a', bank('sell-madera', n)),
      { code: 'bank/count', rule: 'M4.4', message: 'the count is a whole number ≥ 1' },
      `n = ${JSON.stringify(n)}`,
    )
})

t.test('M4.4: n exchanges give n times and get n times their rates, never beyond the stock', async (t) => {
  const s = window({ stock: 'a 5 2 2' })
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  const after = (x: string, n: number) => stockOf(order(s, 'a', bank(x, n) as never).s, 'a')
  t.same(
    [after('sell-madera', 2), after('sell-piedra', 2), after('buy-madera', 2), after('buy-piedra', 1)],
    ['7/0/2', '9/2/0', '1/4/2', '2/2/3'],
    '1 madera → 1 oro, 1 piedra → 2 oro, 2 oro → 1 madera, 3 oro → 1 piedra',
  )
  t.same(refusal(s, 'a', bank('buy-piedra', 2)), { code: 'stock/short', rule: 'M4.4', message: '2 × buy-piedra needs 6 oro' })
  t.same(refusal(s, 'a', bank('sell-piedra', 3)), { code: 'stock/short', rule: 'M4.4', message: '3 × sell-piedra needs 3 piedra' })
})

t.test('M4.5: a window allows as many exchanges as villages plus Mercados', async (t) => {
  // Two villages and one Mercado: three exchanges.
  const s = window({ stock: 'a 0 9 0' })
  s.cells['1,1']!.castle!.slots = { '1a': 'mercado' }
  t.same(refusal(s, 'a', bank('sell-madera', 4)), {
    code: 'bank/limit',
    rule: 'M4.5',
    message: 'Tribe a may make 3 exchanges this window and has made 0',
  })
  const two = order(s, 'a', bank('sell-madera', 2) as never).s
  t.same(refusal(two, 'a', bank('sell-madera', 2)), {
    code: 'bank/limit',
    rule: 'M4.5',
    message: 'Tribe a may make 3 exchanges this window and has made 2',
  })
  t.equal(stockOf(order(two, 'a', bank('sell-madera', 1) as never).s, 'a'), '3/6/0', 'the third is within the limit')
})

t.test('M5.7: an exchange names two own armies on one cell and what each of them gives', async (t) => {
  const s = window({ armies: 'a 1,1 leva=2; a 1,1 soldado=1; a 1,2 leva=1' })
  const BAD = { code: 'exchange/bad', rule: 'M5.7', message: 'an exchange names two armies and what each gives' }
  t.same(refusal(s, 'a', exchange(1, [{ leva: 1 }, {}])), BAD, 'the armies are a list')
  t.same(refusal(s, 'a', exchange([1, 2, 3], [{ leva: 1 }, {}])), BAD, 'three armies')
  t.same(refusal(s, 'a', exchange([1, 2], { leva: 1 })), BAD, 'the gifts are a list')
  t.same(refusal(s, 'a', exchange([1, 2], [{ leva: 1 }, {}, {}])), BAD, 'three gifts')
  const APART = { code: 'exchange/apart', rule: 'M5.7', message: 'the two armies stand on one cell' }
  t.same(refusal(s, 'a', exchange([1, 1], [{ leva: 1 }, {}])), APART, 'an army with itself')
  t.same(refusal(s, 'a', exchange([1, 3], [{ leva: 1 }, {}])), APART, 'on two villages')
  t.same(
    refusal(s, 'a', exchange([1, 2], [{ leva: -1 }, { soldado: 1 }])),
    {
      code: 'order/bad_troops',
      rule: 'M5.7',
      message: 'bad troop count leva: -1',
    },
    'the first gift is read as troops',
  )
  t.same(
    refusal(s, 'a', exchange([1, 2], [{ leva: 1 }, { soldado: 'one' }])),
    {
      code: 'order/bad_troops',
      rule: 'M5.7',
      message: 'bad troop count soldado: "one"',
    },
    'and the second',
  )
  t.same(refusal(s, 'a', exchange([1, 2], [{}, {}])), { code: 'exchange/empty', rule: 'M13.18', message: 'an exchange moves at least one troop' })
  t.same(refusal(s, 'a', exchange([1, 2], [{ leva: 1 }, { soldado: 2 }])), {
    code: 'exchange/short',
    rule: 'M5.7',
    message: 'an army gives only troops it has (soldado)',
  })
  t.same(refusal(s, 'a', exchange([1, 2], [{ leva: 3 }, {}])), { code: 'exchange/short', rule: 'M5.7', message: 'an army gives only troops it has (leva)' })
})

t.test('M5.7 M5.6: one troop each way; both tired; an army left empty ceases to exist', async (t) => {
  const s = window({ armies: 'a 1,1 leva=2; a 1,1 soldado=1' })
  const swap = order(s, 'a', exchange([1, 2], [{ leva: 1 }, { soldado: 1 }]) as never).s
  t.same(
    swap.armies.map((a) => [a.id, a.troops, a.tired]),
    [
      [1, troops('leva=1 soldado=1'), true],
      [2, troops('leva=1'), true],
    ],
  )
  const merged = order(s, 'a', exchange([2, 1], [{ soldado: 1 }, {}]) as never).s
  t.same(
    merged.armies.map((a) => [a.id, a.troops]),
    [[1, troops('leva=2 soldado=1')]],
    'army 2 gave its all',
  )
})

t.test('M2.9 M2.10: ending the turn tires only the tribe’s own armies and ends its window', async (t) => {
  const s = window({ armies: 'a 1,1 leva=1; b 1,4 leva=1' })
  for (const a of s.armies) a.bonus = 1
  const r = order(s, 'a', { type: 'endTurn' }).s
  t.same(
    r.armies.map((a) => [a.tribe, a.tired, a.bonus]),
    [
      ['a', true, 0],
      ['b', false, 1],
    ],
    "b's army is b's business",
  )
  t.equal(tribeOf(r, 'a').window, 'ended')
})
