// M6 and M7: steps, reveals, closed sides, guards, claims and captures, militia, elimination.
import t from 'tap'
import type { ElMapaState } from '../../../src/engine/games/elmapa/types.ts'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { armyOf, mapa, open, order, refused, troops, tribeOf } from './dsl.ts'

const calm = (s: ElMapaState) => ((s.settings.obstacles = 'none'), s)

const GRID = `
  ?   ?          ?        ?   ?
  ?   l2-bosque^S l1-leva  .   ?
  ?   .          Ja       Ma  l1-madera@b
  ?   l1-tesoro  .        .   Jb
  ?   ?          ?        ?   ?`

t.test('M6.2 M13.25 M1.9 M2.6 a step’s checks, in their order', async (t) => {
  const s = open(calm(mapa(GRID, { armies: 'a 2,2 leva=1; a 2,1 leva=1 convoy; b 3,4 leva=1' })), 'a')
  const step = (army: number, dir: string, more = {}) => refused(s, 'a', { type: 'step', army, dir, ...more })
  t.same(step(9, 'N'), { code: 'army/unknown', rule: 'M5.6' })
  t.same(step(3, 'N'), { code: 'army/unknown', rule: 'M5.6' }, 'another tribe’s army')
  const tired = structuredClone(s)
  armyOf(tired, 1)!.tired = true
  t.same(refused(tired, 'a', { type: 'step', army: 1, dir: 'N' }), { code: 'move/tired', rule: 'M6.6' })
  const spent = structuredClone(s)
  armyOf(spent, 1)!.steps = 2
  t.same(refused(spent, 'a', { type: 'step', army: 1, dir: 'N' }), { code: 'move/no_mp', rule: 'M6.1' })
  t.same(step(1, 'X'), { code: 'move/direction', rule: 'M6.2' })
  t.same(step(2, 'N'), { code: 'move/closed', rule: 'M1.9' }, 'the bosque’s closed S side stops a step N into it')
  t.same(step(1, 'N', { plan: { platoons: [], flee: 0 } }), { code: 'plan/bad_plan', rule: 'M8.5' })
  t.same(step(1, 'S', { cards: [] }), { code: 'card/no_battle', rule: 'M13.13' })
  const convoy = structuredClone(s)
  armyOf(convoy, 2)!.cell = '2,2'
  t.same(refused(convoy, 'a', { type: 'step', army: 2, dir: 'N' }), { code: 'move/convoy', rule: 'M5.8' }, 'a convoy never starts a battle')
  const edge = mapa(`Ja ? Jb`, { armies: 'a 0,0 leva=1' })
  t.same(refused(open(edge, 'a'), 'a', { type: 'step', army: 1, dir: 'N' }), { code: 'move/edge', rule: 'M1.9' }, 'the border is closed')
  const from = mapa(`l2-bosque@a^E  Ja Jb`, { armies: 'a 0,0 leva=1' })
  t.same(refused(open(from, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }), { code: 'move/closed', rule: 'M1.9' }, 'a closed side stops both ways')
  t.same(refused(s, 'b', { type: 'step', army: 3, dir: 'N' }), { code: 'turn/window_closed', rule: 'M2.6' })
})

t.test('M6.2 M6.1 M1.9: a step names its direction as a letter, stops at closed sides every way, and names the cell of an army out of MP', async (t) => {
  const s = open(calm(mapa(GRID, { armies: 'a 2,2 leva=1' })), 'a')
  t.same(refused(s, 'a', { type: 'step', army: 1, dir: ['E'] }), { code: 'move/direction', rule: 'M6.2' }, 'not a list holding one')
  t.equal(armyOf(order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s, 1)!.cell, '2,3')
  t.same(refused(s, 'a', { type: 'step', army: 1, dir: 'N', cards: 'bloodlust-1' }), { code: 'card/bad_cards', rule: 'M6.2' }, 'its combat cards are a list')
  const closed = mapa(`l2-bosque^E Ja Jb\n? l2-bosque^N ?`, { armies: 'a 0,1 leva=1' })
  for (const dir of ['W', 'S'])
    t.same(refused(open(closed, 'a'), 'a', { type: 'step', army: 1, dir }), { code: 'move/closed', rule: 'M1.9' }, `${dir} into a closed side`)
  armyOf(s, 1)!.steps = 2
  const r = elMapa.applyOrder(s, 'a', { type: 'step', army: 1, dir: 'E' }, hmacRng)
  t.same(!r.ok && [r.error.code, r.error.params], ['move/no_mp', { tile: '2,2' }], 'its cell, for the refusal in other languages')
})

t.test('M6.1 M6.3 M6.5 M6.7 M13.11 speed, MP, passing own cells, tired at 0 MP', async (t) => {
  let s = open(calm(mapa(GRID, { armies: 'a 2,2 caballero=1; a 3,2 leva=1 caballero=1' })), 'a')
  s = order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([armyOf(s, 1)!.cell, armyOf(s, 1)!.tired, armyOf(s, 1)!.steps], ['2,3', false, 1], 'M6.7 its own mine stops nothing')
  s = order(s, 'a', { type: 'step', army: 1, dir: 'S' }).s
  s = order(s, 'a', { type: 'step', army: 1, dir: 'W' }).s
  t.same([armyOf(s, 1)!.cell, armyOf(s, 1)!.tired], ['3,2', true], 'caballeros move 3, then are tired (M13.11)')
  t.equal(tribeOf(s, 'a').exploreVp, 5, 'M6.4 1 VP per face-down tile revealed: (1,4); (4,2), (4,3), (4,4); (4,1)')
  s = order(s, 'a', { type: 'step', army: 2, dir: 'N' }).s
  s = order(s, 'a', { type: 'step', army: 2, dir: 'E' }).s
  t.ok(armyOf(s, 2)!.tired, 'the slowest troop sets the move: 2')
})

t.test('M6.4 M7.4 reveal around, then the treasure; the army stops', async (t) => {
  let s = open(calm(mapa(GRID, { armies: 'a 2,2 leva=1' })), 'a')
  s = order(s, 'a', { type: 'step', army: 1, dir: 'W' }).s
  const r = order(s, 'a', { type: 'step', army: 1, dir: 'S' })
  t.same(
    r.events.filter((e) => e.type === 'revealed').flatMap((e) => (e.type === 'revealed' ? e.cells.map((c) => c.cell) : [])),
    ['4,0', '4,1', '4,2'],
    'reading order',
  )
  t.same(
    r.events.find((e) => e.type === 'treasure'),
    { type: 'treasure', tribe: 'a', cell: '3,1', card: 't-oro-3-1', gained: { oro: 3 } },
  )
  t.same([armyOf(r.s, 1)!.tired, r.s.cells['3,1']!.treasures, tribeOf(r.s, 'a').stock.oro], [true, 0, 6])
  t.same(r.s.treasurePile, ['t-oro-3-1'], 'the card is discarded')
  const piled = structuredClone(s)
  piled.treasurePile = ['t-piedra-2-1']
  t.same(order(piled, 'a', { type: 'step', army: 1, dir: 'S' }).s.treasurePile, ['t-piedra-2-1', 't-oro-3-1'], 'on top of the cards discarded before')
})

t.test('M7.2 M7.3 M8.16 guards: beaten for good, or their survivors stay', async (t) => {
  const lost = order(open(calm(mapa(GRID, { armies: 'a 2,2 leva=1' })), 'a'), 'a', { type: 'step', army: 1, dir: 'N' })
  t.same(lost.s.cells['1,2']!.guards, [{ kind: 'leva', n: 1 }], 'the survivors stay, never healing')
  t.notOk(armyOf(lost.s, 1), 'the attacking army is gone')
  t.equal(tribeOf(lost.s, 'a').battleVp, 0, 'neutral winners give no VP')
  const won = order(open(calm(mapa(GRID, { armies: 'a 2,2 leva=3' })), 'a'), 'a', { type: 'step', army: 1, dir: 'N' })
  t.same([won.s.cells['1,2']!.guards, armyOf(won.s, 1)!.cell, armyOf(won.s, 1)!.tired, tribeOf(won.s, 'a').battleVp], [[], '1,2', true, 2])
})

t.test('M7.5 M7.7 claims and captures stop an army; M5.8 a convoy claims', async (t) => {
  let s = open(calm(mapa(GRID, { armies: 'a 2,3 leva=1 convoy; a 2,2 leva=1' })), 'a')
  const r = order(s, 'a', { type: 'step', army: 1, dir: 'E' })
  t.same(
    r.events.find((e) => e.type === 'claimed'),
    { type: 'claimed', tribe: 'a', cell: '2,4', from: 'b' },
    'another tribe’s mine, unguarded, is captured',
  )
  t.ok(armyOf(r.s, 1)!.tired)
  s = open(calm(mapa(`Ja l1-pueblo ? Jb`, { armies: 'a 0,0 leva=1' })), 'a')
  s = order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([s.cells['0,1']!.owner, s.cells['0,1']!.castle?.built, armyOf(s, 1)!.tired], ['a', false, true], 'an unowned village: an empty castle (M13.17)')
})

t.test('M3.10 M7.7 militia: the reserve defends its village, survivors back to the reserve', async (t) => {
  const grid = `
    ?  l1-pueblo@b  .
    .  Jb          Ja`
  const lose = calm(mapa(grid, { armies: 'a 1,2 leva=1' }))
  lose.cells['1,1']!.castle!.reserve = troops('leva=2')
  const r = order(open(lose, 'a'), 'a', { type: 'step', army: 1, dir: 'W' })
  t.equal(r.events.find((e) => e.type === 'battle')?.type, 'battle', 'a battle against the militia')
  t.same([r.s.cells['1,1']!.castle!.reserve.leva, tribeOf(r.s, 'b').battleVp, armyOf(r.s, 1)], [1, 1, undefined], 'the defender wins: survivors back, 1 VP')
  const win = calm(mapa(grid, { armies: 'a 1,2 soldado=3; b 1,1 leva=1' }))
  win.cells['1,1']!.castle!.reserve = troops('leva=2')
  const w = order(open(win, 'a'), 'a', { type: 'step', army: 1, dir: 'W' })
  t.same(
    [w.s.cells['1,1']!.owner, w.s.cells['1,1']!.castle!.reserve.leva, armyOf(w.s, 2), tribeOf(w.s, 'a').battleVp, armyOf(w.s, 1)!.cell],
    ['a', 0, undefined, 3, '1,1'],
    'the attacker wins: the village, its castle and 3 VP',
  )
  const empty = calm(mapa(grid, { armies: 'a 1,2 leva=1' }))
  const e = order(open(empty, 'a'), 'a', { type: 'step', army: 1, dir: 'W' })
  t.notOk(
    e.events.some((x) => x.type === 'battle'),
    'with neither army nor reserve the village falls without a battle',
  )
  t.equal(e.s.cells['1,1']!.owner, 'a')
})

t.test('M8.15 a stand-off leaves both where they were; M3.10 survivors back to their armies', async (t) => {
  const s = calm(mapa(`Ja . l1-madera@b`, { armies: 'a 0,1 leva=2; b 0,2 leva=1; b 0,2 leva=2' }))
  const hold = { platoons: [{ kind: 'leva' as const, take: 'all' as const, column: 0, tactic: 'hold' as const }], flee: 0 }
  tribeOf(s, 'b').plan = { platoons: [{ kind: 'leva', take: 'all', column: 0, tactic: 'hold' }], flee: 0 }
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E', plan: hold })
  t.same([armyOf(r.s, 1)!.cell, armyOf(r.s, 1)!.tired, armyOf(r.s, 2)!.troops.leva, armyOf(r.s, 3)!.troops.leva], ['0,1', true, 1, 2])
})

t.test('M8.17 M13.9 a fled attacker disperses from the attacked cell', async (t) => {
  const s = calm(mapa(`Ja . l1-madera@b`, { armies: 'a 0,1 leva=10; b 0,2 arquero=4' }))
  tribeOf(s, 'b').plan = { platoons: [{ kind: 'arquero', take: 'all', column: 2, tactic: 'hold' }], flee: 0 }
  const plan = { platoons: [{ kind: 'leva' as const, take: 'all' as const, column: 2, tactic: 'advance' as const }], flee: 90 }
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E', plan })
  const battle = r.events.find((e) => e.type === 'battle')!
  t.equal(battle.type === 'battle' && battle.record.fled, 'A')
  t.notOk(armyOf(r.s, 1), 'the army leaves the map')
  t.same(
    r.s.dispersed.map((g) => [g.tribe, g.from, g.troops.leva]),
    [['a', '0,2', 6]],
  )
})

t.test('M11.5 M7.9 M13.23 elimination: armies, groups, mines and hand go; M11.1 trigger 3 ends at once', async (t) => {
  const three = calm(mapa(`Ja Jb l1-madera@b Jc`, { armies: 'a 0,0 leva=1; b 0,2 leva=1' }))
  tribeOf(three, 'b').hand = ['pies-1', 'escudo-2']
  three.dispersed.push({ id: 1, tribe: 'b', troops: troops('leva=1'), from: '0,1', returns: 3 })
  const r = order(open(three, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  const b = tribeOf(r.s, 'b')
  t.same([b.eliminated, b.eliminatedBy, b.hand, r.s.cells['0,2']!.owner, r.s.armies.length, r.s.dispersed], [true, 'a', [], null, 1, []])
  t.same([r.s.piles['1'], r.s.piles['3']], [['pies-1'], ['escudo-2']], 'M13.23 the hand goes to the piles')
  t.equal(r.s.status, 'running', 'two tribes left: the game goes on')
  const two = calm(mapa(`Ja Jb`, { armies: 'a 0,0 leva=1' }))
  const end = order(open(two, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  t.same([end.s.status, end.s.result?.reason, end.s.result?.ranking], ['finished', 'lastTribe', ['a', 'b']])
})
