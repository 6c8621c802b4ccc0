// What every order's step relies on: naming an army, a cell and a count of troops (M5.6, M1.3,
// M5.4), writing only what it changes (the rest of the state as it was), and the secret seeds of
// M12.2, each driving only its own shuffles (M12.3, M12.5, M12.6).
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { TREASURE_DECK, techDeck, treasureGives } from '../../../src/engine/games/elmapa/catalogue.ts'
import { NEAR_PACK } from '../../../src/engine/games/elmapa/tiles.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { armyOf, mapa, open, order, system, troops, tribeOf, refusedInWords } from './dsl.ts'

const refusal = refusedInWords

/** M12.3 written out: from `i = n − 1` down to 1, swap `i` with `u(seed, c) mod (i + 1)`, c counting up from `from`. */
function shuffled(items: readonly string[], seed: string, from: number) {
  const out = items.slice()
  let c = from
  for (let i = out.length - 1; i >= 1; i--) {
    const j = hmacRng(seed, c++) % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return { out, next: c }
}

// Tribe a at 0,0 with army 1; b at 0,3 with army 2.
const s = open(mapa(`Ja . . Jb`, { armies: 'a 0,0 leva=2; b 0,3 leva=1' }), 'a')

t.test('M5.6: an order names one of its tribe’s armies by id, and is told which it did not find', async (t) => {
  const UNKNOWN = (id: string) => ({ code: 'army/unknown', rule: 'M5.6', message: `Tribe a has no army ${id}` })
  t.same(refusal(s, 'a', { type: 'step', army: 9, dir: 'E' }), UNKNOWN('9'), 'no army 9')
  t.same(refusal(s, 'a', { type: 'step', army: 2, dir: 'W' }), UNKNOWN('2'), 'army 2 is b’s')
  t.same(refusal(s, 'a', { type: 'step', army: '1', dir: 'E' }), UNKNOWN('"1"'), 'an id is a number')
  t.equal(armyOf(order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s, 1)!.cell, '0,1', 'army 1 is a’s')
})

t.test('M1.3: a cell is named "row,column" on this map', async (t) => {
  const hire = (village: unknown) => ({ type: 'hire', village, troops: { leva: 1 }, army: 'new' })
  const NO_CELL = (named: string) => ({ code: 'map/unknown_cell', rule: 'M1.3', message: `no cell ${named} on this map (cells are "row,column")` })
  t.same(refusal(s, 'a', hire('1,0')), NO_CELL('"1,0"'), 'one row only')
  t.same(refusal(s, 'a', hire('0, 0')), NO_CELL('"0, 0"'), 'no space')
  t.same(refusal(s, 'a', hire([0, 0])), NO_CELL('[0,0]'), 'not a pair')
  t.same(refusal(s, 'a', hire('toString')), NO_CELL('"toString"'), 'no name an object inherits')
})

t.test('M5.4: troops are whole counts ≥ 0 of the four kinds, each refused by name', async (t) => {
  const v = open(mapa(`Ja . . Jb`), 'a')
  v.cells['0,0']!.castle!.reserve = troops('leva=2')
  const hire = (what: unknown) => ({ type: 'hire', village: '0,0', troops: what, army: 'new' })
  const SHAPE = { code: 'order/bad_troops', rule: 'M5.4', message: 'troops are counts per kind: { leva, soldado, arquero, caballero }' }
  t.same(refusal(v, 'a', hire(null)), SHAPE, 'null')
  t.same(refusal(v, 'a', hire(undefined)), SHAPE, 'none')
  t.same(refusal(v, 'a', hire('leva=1')), SHAPE, 'text')
  const COUNT = (text: string) => ({ code: 'order/bad_troops', rule: 'M5.4', message: `bad troop count ${text}` })
  t.same(refusal(v, 'a', hire({ leva: -1 })), COUNT('leva: -1'), 'negative')
  t.same(refusal(v, 'a', hire({ leva: 1, soldado: 0.5 })), COUNT('soldado: 0.5'), 'a fraction')
  t.same(refusal(v, 'a', hire({ dragon: 1 })), COUNT('dragon: 1'), 'no such kind')
  t.same(refusal(v, 'a', hire({ leva: 1, toString: 1 })), COUNT('toString: 1'), 'no inherited name either')
  const r = order(v, 'a', hire({ leva: 2, soldado: 0, arquero: 0 }) as never).s
  t.same([armyOf(r, 1)!.troops, r.cells['0,0']!.castle!.reserve], [troops('leva=2'), troops('')], 'a count of 0 is no troop, and allowed')
})

t.test('M2.9 M12.10: a step writes what it changes; the state it was given stays as it was', async (t) => {
  const given = structuredClone(s)
  given.treasurePile = ['t-oro-3-1']
  given.piles['1'] = ['pies-1']
  const before = JSON.stringify(given)
  const r = order(given, 'a', { type: 'endTurn' }).s
  t.equal(JSON.stringify(given), before, 'the given state is untouched')
  t.same([r.treasurePile, r.piles['1']], [['t-oro-3-1'], ['pies-1']], 'the discard piles are carried over')
  t.same(
    r.armies.map((a) => [a.id, a.tired]),
    [
      [1, true],
      [2, false],
    ],
    "a's army only is closed",
  )
})

t.test('M12.2 M12.5 M12.6: the start draws the deal, the technology decks and the treasure deck each with its own seed', async (t) => {
  const created = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'tuesday' },
    ],
    seed: 'setup-seed-work',
    secretSeed: 'secret-seed-work',
    limit: 8,
  })
  if (!created.ok) throw new Error(created.error.code)
  const started = system(created.state, { type: 'startCampaign', at: 0 }).s
  const cells = started.order.map((k) => started.cells[k]!)
  // Position 1's near pack is the first shuffle of the tile seed, laid in reading order.
  t.same(
    cells.filter((c) => c.code === '1' && c.position === 1).map((c) => c.tile),
    shuffled(NEAR_PACK, 'secret-seed-work/tile', 0).out,
    'the deal: the tile seed from counter 0',
  )
  // The card seed shuffles level I from 0, then II and III with the next counters.
  let next = 0
  for (const level of ['1', '2', '3'] as const) {
    const deck = shuffled(techDeck(Number(level) as 1), 'secret-seed-work/card', next)
    t.same(started.decks[level], deck.out, `level ${level}: the card seed`)
    next = deck.next
  }
  const treasure = shuffled(TREASURE_DECK, 'secret-seed-work/treasure', 0)
  t.same(started.treasureDeck, treasure.out, 'the treasure deck: the treasure seed from 0')
  t.same([started.counters.card, started.counters.treasure], [next, treasure.next], 'each seed counts its own draws')
})

t.test('M12.6 M7.4: an empty treasure deck is its pile shuffled with the next counters of the treasure seed', async (t) => {
  const pile = ['t-oro-2-1', 't-oro-3-1', 't-madera-2-1', 't-madera-3-1', 't-piedra-1-1', 't-piedra-2-1']
  const v = open(mapa(`Ja l1-tesoro . Jb`, { armies: 'a 0,0 leva=1' }), 'a')
  Object.assign(v, { treasureDeck: [], treasurePile: pile, counters: { tile: 4, card: 7, treasure: 11 } })
  const r = order(v, 'a', { type: 'step', army: 1, dir: 'E' })
  const deck = shuffled(pile, 'secret-seed-test/treasure', 11)
  const drawn = r.events.find((e) => e.type === 'treasure')
  t.equal(drawn?.type === 'treasure' && drawn.card, deck.out[0], 'the top of the new deck is drawn')
  t.same([r.s.treasureDeck, r.s.treasurePile], [deck.out.slice(1), [deck.out[0]]], 'the rest stays in the deck; the drawn card is the pile')
  t.same(r.s.counters, { tile: 4, card: 7, treasure: deck.next }, 'only the treasure seed counted')
  const { resource, n } = treasureGives(deck.out[0]!)
  t.equal(tribeOf(r.s, 'a').stock[resource] - tribeOf(v, 'a').stock[resource], n, `the drawn card pays ${n} ${resource}`)
})
