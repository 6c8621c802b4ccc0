// M2.4, M2.8–M2.11: windows opening and closing, tick 0 and the weekly tick's steps (returns,
// training, production and draws), each for the tribes it concerns and in the book's order.
// Every map keeps a face-down cell, so that a tick is not the game's end (M11.1).
import t from 'tap'
import { TICK0_GAP_MS } from '../../../src/engine/games/elmapa/calendar.ts'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { armyOf, mapa, open, system, troops, tribeOf } from './dsl.ts'

t.test("M2.8 M2.10: a window's opening and close change only its own tribe's armies", async (t) => {
  const s = mapa(`Ja . . Jb`, { armies: 'a 0,0 leva=1; b 0,3 leva=1' })
  for (const a of s.armies) Object.assign(a, { tired: true, steps: 2, bonus: 1, cast: ['pies'] })
  const opened = open(s, 'a')
  t.same(
    [armyOf(opened, 1), armyOf(opened, 2)],
    [
      { ...armyOf(s, 1)!, tired: false, steps: 0, bonus: 0, cast: [] },
      { ...armyOf(s, 2)!, tired: true, steps: 2, bonus: 1, cast: ['pies'] },
    ],
    "a's army fresh, with no card cast on it; b's as it was",
  )
  const fresh = open(mapa(`Ja . . Jb`, { armies: 'a 0,0 leva=1; b 0,3 leva=1' }), 'b')
  const closed = system(open(fresh, 'a'), { type: 'closeWindow', tribe: 'a' }).s
  t.same([armyOf(closed, 1)!.tired, armyOf(closed, 2)!.tired], [true, false], "closing a's window tires a's army only")
})

t.test('M2.4 M2.11: tick 0 comes at least 48 hours after the start, a tick at an instant', async (t) => {
  // Started at 1 s past the epoch, in setup until tick 0 (round 0).
  const s = Object.assign(mapa(`Ja Jb ?`), { status: 'setup', round: 0, startedAt: 1_000 } as const)
  const early = system(s, { type: 'tick', at: 1_000 + TICK0_GAP_MS - 1 })
  t.same([early.events.at(-1), early.s.status], [{ type: 'tickWaits', reason: 'tick0_too_soon' }, 'setup'], 'a millisecond short of 48 hours')
  const due = system(s, { type: 'tick', at: 1_000 + TICK0_GAP_MS })
  t.same([due.s.status, due.s.round], ['running', 1], 'at 48 hours: tick 0, and round 1 begins')
  t.match(elMapa.applySystem(s, { type: 'tick', at: 'Sunday' } as never, hmacRng), { ok: false, error: { rule: 'M2.11' } }, 'a tick names its instant')
})

t.test('M13.24 M2.10: a tick closes the windows still open, and only those', async (t) => {
  let s = mapa(`Ja Jb Jc ?`, {})
  s = open(open(s, 'a'), 'b')
  tribeOf(s, 'b').window = 'ended'
  const r = system(s, { type: 'tick', at: 1e12 })
  t.same(
    r.events.filter((e) => e.type === 'windowClosed'),
    [
      { type: 'windowClosed', tribe: 'a' },
      { type: 'windowClosed', tribe: 'b' },
    ],
    "a's open window and b's ended turn; c's window was closed",
  )
  t.same(
    r.s.tribes.map((x) => x.window),
    ['closed', 'closed', 'closed'],
  )
})

t.test('M4.2 M9.3: production and draws go tribe by tribe in weekday order, the tribes in play only', async (t) => {
  const s = mapa(`Ja Jb Jc ?`, {})
  // The state lists a, b, c; their weekdays are Friday, Monday and Wednesday.
  tribeOf(s, 'a').weekday = 'friday'
  tribeOf(s, 'b').weekday = 'monday'
  tribeOf(s, 'c').weekday = 'wednesday'
  for (const k of ['0,0', '0,1']) s.cells[k]!.castle!.slots = { '1a': 'biblioteca' }
  // c has lost its village: it is eliminated.
  Object.assign(tribeOf(s, 'c'), { eliminated: true })
  s.cells['0,2']!.owner = null
  s.decks['1'] = ['pies-1', 'pies-2', 'pies-3']
  const r = system(s, { type: 'tick', at: 1e12 })
  const ticked = r.events.find((e) => e.type === 'ticked')!
  t.same(ticked.type === 'ticked' && Object.keys(ticked.produced), ['b', 'a'], 'Monday first; c produces nothing')
  t.same([tribeOf(r.s, 'b').hand, tribeOf(r.s, 'a').hand, tribeOf(r.s, 'c').hand], [['pies-1'], ['pies-2'], []], 'b draws first')
  t.same(
    r.events.filter((e) => e.type === 'drew').map((e) => e.type === 'drew' && e.tribe),
    ['b', 'a'],
  )
})

t.test('M9.3: a tribe’s draws are logged per level, lowest level first, with their count', async (t) => {
  const s = mapa(`Ja l1-hechizo@a l1-hechizo@a Jb ?`, {})
  s.cells['0,0']!.castle!.slots = { '1a': 'mercado', '1b': 'estatua', '2a': 'laboratorio' }
  s.decks['1'] = ['pies-1', 'pies-2']
  s.decks['2'] = ['suerte-1']
  const r = system(s, { type: 'tick', at: 1e12 })
  t.same(tribeOf(r.s, 'a').hand, ['suerte-1', 'pies-1', 'pies-2'], 'the castle’s Laboratorio, then the two spell mines')
  t.same(
    r.events.filter((e) => e.type === 'drew'),
    [
      { type: 'drew', tribe: 'a', level: 1, n: 2 },
      { type: 'drew', tribe: 'a', level: 2, n: 1 },
    ],
  )
})

t.test('M5.2: a castle trains soldados, arqueros and caballeros only while it holds their building', async (t) => {
  const s = mapa(`Ja Jb ?`, {})
  s.cells['0,0']!.castle!.slots = { '1a': 'mercado', '1b': 'ayuntamiento', '1c': 'almacen', '2a': 'banco' }
  s.cells['0,1']!.castle!.slots = { '1a': 'cuartel' }
  const r = system(s, { type: 'tick', at: 1e12 }).s
  t.same([r.cells['0,0']!.castle!.reserve, r.cells['0,0']!.castle!.progress], [troops('leva=1'), troops('')], 'no Cuartel, Arquería or Cuadras: levas only')
  t.same(r.cells['0,1']!.castle!.progress, troops('soldado=1'), 'a Cuartel: the soldado track moves, the others do not')
})

t.test('M5.9: a group back at a village with no army of its tribe forms a combat army there, or with no free slot enters the reserve', async (t) => {
  const s = mapa(`Ja ? l1-pueblo@a Jb`, {})
  s.cells['0,2']!.castle!.slots = { '1a': 'almacen' }
  s.dispersed = [{ id: 1, tribe: 'a', troops: troops('soldado=2'), from: '0,1', returns: 1 }]
  const r = system(s, { type: 'tick', at: 1e12 })
  t.same(
    r.events.find((e) => e.type === 'returned'),
    { type: 'returned', tribe: 'a', group: 1, cell: '0,0', into: 1 },
    'the nearest village, first in reading order',
  )
  t.same(armyOf(r.s, 1), { id: 1, tribe: 'a', cell: '0,0', troops: troops('soldado=2'), convoy: false, tired: false, steps: 0, bonus: 0, cast: [] })
  // With both combat slots taken elsewhere, the group goes into the village's reserve.
  s.armies = r.s.armies.map((a) => ({ ...a, cell: '0,1' }))
  s.armies.push({ ...s.armies[0]!, id: 2 })
  const full = system(s, { type: 'tick', at: 1e12 })
  t.same(
    full.events.find((e) => e.type === 'returned'),
    { type: 'returned', tribe: 'a', group: 1, cell: '0,0', into: 'reserve' },
  )
})
