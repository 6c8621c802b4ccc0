// Appendix G, the worked start and round 1, step by step. The book gives no seed, so the test
// lays the tiles G names by swapping them within their packs after the deal (M12.5).
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import type { ElMapaState } from '../../../src/engine/games/elmapa/types.ts'
import { hmacRng, type Rng } from '../../../src/engine/index.ts'
import { armyOf, order, refused, stockOf, system, tribeOf } from './dsl.ts'

const WED_10 = Date.UTC(2026, 10, 25, 9) // Wednesday 10:00 Madrid
const SUN_20 = Date.UTC(2026, 10, 29, 19)
const WEEK = 7 * 86_400_000
// The setup seed's one value is 0 (j = u mod 2 = 0); every other value is HMAC's.
const rng: Rng = (seed, counter) => (seed === 'setup-seed-G' ? 0 : hmacRng(seed, counter))

/** Lays `tile` on `key` by swapping it with the cell of the same pack that got it. */
function lay(s: ElMapaState, key: string, tile: string) {
  const here = s.cells[key]!
  const there = Object.values(s.cells).find((c) => c.tile === tile && c.code === here.code && c.position === here.position)!
  const [a, b] = [here as unknown as Record<string, unknown>, there as unknown as Record<string, unknown>]
  for (const f of ['tile', 'guards', 'treasures', 'closed']) [a[f], b[f]] = [b[f], a[f]]
}

function started() {
  const created = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: [
      { id: 'rojo', name: 'Rojo', weekday: 'monday' },
      { id: 'azul', name: 'Azul', weekday: 'thursday' },
    ],
    seed: 'setup-seed-G',
    secretSeed: 'secret-seed-G',
    limit: 26,
  })
  if (!created.ok) throw new Error(created.error.code)
  return system(created.state, { type: 'startCampaign', at: WED_10 }, rng)
}

t.test('G start: positions, the deal, the first armies, the setup reveals (M2.1, M2.2, M12.4, M12.5, M6.8)', async (t) => {
  const { s, events } = started()
  t.equal(tribeOf(s, 'azul').position, 1, 'M12.4 entries 1 and 0 swap: Azul gets J1')
  t.equal(tribeOf(s, 'rojo').position, 2)
  t.equal(s.counters.tile, 79, 'M12.5 the deal draws 79 tile-seed values: 32 + 29 + 18')
  t.same(
    s.armies.map((a) => `${a.id} ${a.tribe} ${a.cell} ${a.troops.leva}`),
    ['1 azul 4,0 1', '2 rojo 4,7 1'],
    'M2.2 army 1 (Azul) on J1, army 2 (Rojo) on J2, numbered in position order',
  )
  t.same([stockOf(s, 'rojo'), stockOf(s, 'azul')], ['3/0/0', '3/0/0'])
  const start = events.find((e) => e.type === 'started')!
  if (start.type !== 'started') return
  t.same(start.revealed.map((c) => c.cell).sort(), ['3,1', '3,6', '4,1', '4,6', '5,1', '5,6'], 'M6.8 the cells around every J')
  t.same([tribeOf(s, 'rojo').exploreVp, tribeOf(s, 'azul').exploreVp], [0, 0], 'no VP for setup reveals')
  t.same(
    Object.values(s.cells).filter((c) => c.code === '2' && c.closed).length + Object.values(s.cells).filter((c) => c.code === '3' && c.closed).length,
    18,
    '18 closed sides',
  )
  t.same(s.decks['1'].length + s.decks['2'].length + s.decks['3'].length, 72, 'M12.6 the decks')
})

t.test('G tick 0 and round 1, order by order (M2.4, M2.9, M2.11, M3.4, M4.4, M5.4, M6.3, M6.4, M7.4, M7.7)', async (t) => {
  let { s } = started()
  lay(s, '3,1', 'l1-madera')
  lay(s, '4,1', 'l1-tesoro-leva')
  lay(s, '5,1', 'l1-pueblo')
  lay(s, '3,6', 'l1-tesoro')
  lay(s, '4,6', 'l1-leva')
  lay(s, '5,6', 'l1-hechizo')
  s.treasureDeck = ['t-oro-3-1', ...s.treasureDeck.filter((c) => c !== 't-oro-3-1')]
  t.equal(system(s, { type: 'tick', at: WED_10 + 86_400_000 }).events[1]!.type, 'tickWaits', 'M2.4 tick 0 waits 48 hours')
  s = system(s, { type: 'tick', at: SUN_20 }).s
  t.equal(s.round, 1, 'round 1 begins')
  t.same([stockOf(s, 'rojo'), stockOf(s, 'azul')], ['5/1/1', '5/1/1'], 'tick 0 produces 2 oro, 1 madera, 1 piedra')
  t.equal(s.cells['4,7']!.castle!.reserve.leva, 1, 'each castle trains 1 leva')

  // Monday, Rojo's window.
  s = system(s, { type: 'openWindow', tribe: 'rojo' }).s
  s = order(s, 'rojo', { type: 'hire', village: '4,7', troops: { leva: 1 }, army: 2 }).s
  t.same([stockOf(s, 'rojo'), armyOf(s, 2)!.troops.leva, s.cells['4,7']!.castle!.reserve.leva], ['4/1/1', 2, 0], 'hire 1 leva into army 2')
  s = order(s, 'rojo', { type: 'build', village: '4,7', building: 'ayuntamiento', slot: '1a' }).s
  t.equal(stockOf(s, 'rojo'), '2/1/1', 'Ayuntamiento in 1a')
  t.same(refused(s, 'rojo', { type: 'build', village: '4,7', building: 'estatua', slot: '1b' }), { code: 'build/built', rule: 'M3.4' }, 'a second build')
  t.same(refused(s, 'rojo', { type: 'bankTrade', exchange: 'sell-piedra', n: 1 }), { code: 'bank/no_mercado', rule: 'M4.4' }, 'no Mercado')
  t.same(s.cells['4,6']!.guards, [{ kind: 'leva', n: 2 }], 'a step W from J2 would attack the 2 levas of (4,6)')
  s = order(s, 'rojo', { type: 'step', army: 2, dir: 'N' }).s
  t.same([armyOf(s, 2)!.cell, tribeOf(s, 'rojo').exploreVp, armyOf(s, 2)!.tired], ['3,7', 2, false], 'enters M2: reveals (2,6), (2,7); 1 MP left')
  const w = order(s, 'rojo', { type: 'step', army: 2, dir: 'W' })
  s = w.s
  t.same(
    w.events.find((e) => e.type === 'treasure'),
    { type: 'treasure', tribe: 'rojo', cell: '3,6', card: 't-oro-3-1', gained: { oro: 3 } },
    'draws t-oro-3',
  )
  t.same([stockOf(s, 'rojo'), tribeOf(s, 'rojo').exploreVp, armyOf(s, 2)!.tired], ['5/1/1', 5, true], 'reveals (2,5), (3,5), (4,5); army 2 tired')
  s = order(s, 'rojo', { type: 'endTurn' }).s
  t.same(refused(s, 'rojo', { type: 'endTurn' }), { code: 'turn/ended', rule: 'M2.9' })
  s = system(s, { type: 'closeWindow', tribe: 'rojo' }).s

  // Thursday, Azul's window.
  s = system(s, { type: 'openWindow', tribe: 'azul' }).s
  s = order(s, 'azul', { type: 'build', village: '4,0', building: 'mercado', slot: '1a' }).s
  t.equal(stockOf(s, 'azul'), '4/1/1')
  s = order(s, 'azul', { type: 'bankTrade', exchange: 'sell-piedra', n: 1 }).s
  t.same([stockOf(s, 'azul'), tribeOf(s, 'azul').bankUsed], ['6/1/0', 1], 'M4.5 limit 1 village + 1 Mercado = 2; 1 used')
  s = order(s, 'azul', { type: 'hire', village: '4,0', troops: { leva: 1 }, army: 1 }).s
  t.equal(stockOf(s, 'azul'), '5/1/0')
  s = order(s, 'azul', { type: 'step', army: 1, dir: 'S' }).s
  t.equal(tribeOf(s, 'azul').exploreVp, 2, 'enters M1: reveals (6,0), (6,1)')
  const e = order(s, 'azul', { type: 'step', army: 1, dir: 'E' })
  s = e.s
  t.same([tribeOf(s, 'azul').exploreVp, s.cells['5,1']!.owner, armyOf(s, 1)!.tired], [5, 'azul', true], 'claims the village; army 1 tired')
  t.ok(e.events.some((x) => x.type === 'claimed' && x.cell === '5,1' && x.from === null))
  t.equal(refused(s, 'azul', { type: 'bankTrade', exchange: 'sell-madera', n: 3 }).code, 'bank/limit', 'a bank limit of 3 now, 1 used')
  s = system(s, { type: 'closeWindow', tribe: 'azul' }).s

  // The tick ending round 1.
  t.equal(Object.values(s.cells).filter((c) => c.revealed && c.code.match(/[123]/)).length, 16, '16 of 66 tiles revealed')
  s = system(s, { type: 'tick', at: SUN_20 + WEEK }).s
  t.equal(s.status, 'running', 'the game goes on')
  t.same(
    ['4,7', '4,0', '5,1'].map((k) => s.cells[k]!.castle!.reserve.leva),
    [1, 1, 1],
    'three castles train 1 leva each',
  )
  t.same([stockOf(s, 'rojo'), stockOf(s, 'azul')], ['8/2/2', '9/2/1'])
  s = system(s, { type: 'openWindow', tribe: 'rojo' }).s
  t.same(refused(s, 'rojo', { type: 'hire', village: '4,7', troops: { leva: 1 }, army: 2 }), { code: 'hire/not_here', rule: 'M5.4' }, 'army 2 is not on J2')
  t.same(refused(s, 'rojo', { type: 'hire', village: '4,7', troops: { leva: 1 }, army: 'new' }), { code: 'hire/no_slot', rule: 'M5.5' }, 'no free slot')
})
