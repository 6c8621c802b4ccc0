// M6.1, M6.4, M7.4, M12.6, M11.5: the reveal around a cell in reading order, row by row; a
// treasure that stops an army and claims nothing; the treasure pile reshuffled; Suerte's bonus;
// Pies ligeros' MP; the window of a tribe eliminated by trade.
import t from 'tap'
import { mpOf } from '../../../src/engine/games/elmapa/explore.ts'
import { hmacRng, type Rng } from '../../../src/engine/index.ts'
import { armyOf, mapa, open, order, stockOf, system, tribeOf } from './dsl.ts'

t.test('M6.4: the cells around are revealed in reading order, the row above first; an army at the edge reveals only cells of the map', async (t) => {
  const s = open(mapa(`?  ?  ?  ?\nJa .  .  Jb\n?  ?  ?  ?`, { armies: 'a 1,0 leva=1' }), 'a')
  const first = order(s, 'a', { type: 'step', army: 1, dir: 'E' })
  t.same(
    first.events.filter((e) => e.type === 'revealed').map((e) => e.type === 'revealed' && e.cells.map((c) => c.cell)),
    [['0,0', '0,1', '0,2', '2,0', '2,1', '2,2']],
  )
  t.equal(tribeOf(first.s, 'a').exploreVp, 6, '1 VP each')
  // #47: entering a cell with nothing to take writes nothing on it.
  t.equal(first.s.cells['1,1'], s.cells['1,1'], 'the cell entered: the same record')
  const back = order(first.s, 'a', { type: 'step', army: 1, dir: 'W' })
  t.equal(armyOf(back.s, 1)!.cell, '1,0', 'back on Ja, on the map’s W edge')
  t.notOk(
    back.events.some((e) => e.type === 'revealed'),
    'everything around is face up: no reveal is logged',
  )
})

t.test('M7.4 M12.6 M9.9: a treasure stops the army and claims nothing; an empty deck takes the pile reshuffled; Suerte adds to it', async (t) => {
  // Caballeros move 3: the treasure alone stops the army after its first step.
  const s = mapa(`Ja l1-tesoro ? Jb`, { armies: 'a 0,0 caballero=1', stock: 'a 3 0 0' })
  s.treasureDeck = []
  s.treasurePile = ['t-madera-2-1', 't-piedra-1-1']
  tribeOf(s, 'a').suerte = 2
  // u = 0 on the treasure seed: the reshuffle of two cards swaps them (M12.3).
  const rng: Rng = (seed, c) => (seed === 'secret-seed-test/treasure' ? 0 : hmacRng(seed, c))
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }, rng)
  t.same(
    r.events.find((e) => e.type === 'treasure'),
    { type: 'treasure', tribe: 'a', cell: '0,1', card: 't-piedra-1-1', gained: { piedra: 3 } },
    'the reshuffled pile’s top card, 1 piedra and 2 by Suerte',
  )
  t.same(
    [r.s.treasureDeck, r.s.treasurePile, r.s.counters.treasure],
    [['t-madera-2-1'], ['t-piedra-1-1'], s.counters.treasure + 1],
    'one draw of the treasure seed',
  )
  t.same([stockOf(r.s, 'a'), tribeOf(r.s, 'a').suerte], ['3/0/3', 0], 'Suerte is spent')
  t.same([armyOf(r.s, 1)!.tired, mpOf(armyOf(r.s, 1)!)], [true, 2], 'stopped with 2 MP left')
  t.same([r.s.cells['0,1']!.owner, r.s.cells['0,1']!.treasures], [null, 0], 'a treasure tile is nobody’s')
  t.notOk(
    r.events.some((e) => e.type === 'claimed'),
    'no claim is logged',
  )
})

t.test('M6.1 M9.9: Pies ligeros adds its MP to the slowest kind’s move', async (t) => {
  let s = mapa(`Ja . . . Jb\n? ? ? ? ?`, { armies: 'a 0,0 leva=1' })
  tribeOf(s, 'a').hand = ['pies-1']
  s = order(open(s, 'a'), 'a', { type: 'cast', card: 'pies-1', army: 1 }).s
  t.equal(mpOf(armyOf(s, 1)!), 3, 'levas move 2, and 1 more')
  s = order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s
  s = order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([armyOf(s, 1)!.cell, armyOf(s, 1)!.tired], ['0,2', false], 'two steps: 1 MP left')
  s = order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([armyOf(s, 1)!.cell, armyOf(s, 1)!.tired], ['0,3', true], 'the third step spends it (M13.11)')
})

t.test('M11.5 M10.6: a tribe that trades its last village away in its window is out, its window closed', async (t) => {
  const s = open(mapa(`Ja Jb Jc ?`), 'c')
  const r = system(s, { type: 'executeTrade', transfers: [{ from: 'c', to: 'a', cells: ['0,2'] }] })
  t.same([tribeOf(r.s, 'c').eliminated, tribeOf(r.s, 'c').window, tribeOf(r.s, 'c').eliminatedBy], [true, 'closed', 'trade'])
})
