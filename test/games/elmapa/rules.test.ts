// The rules the other files cover only in passing: the deal (M1, M12), villages and castles
// (M3.1, M3.9), armies (M5, M6.6), tiles (M7), defenders (M8.1), hands and scores.
import t from 'tap'
import { elMapa } from '../../../src/engine/games/elmapa/index.ts'
import { KINDS, MIDDLE_PACK, NEAR_PACK, TILE, frontierDeck } from '../../../src/engine/games/elmapa/tiles.ts'
import { TREASURE_DECK, TROOPS, techDeck } from '../../../src/engine/games/elmapa/catalogue.ts'
import { scores } from '../../../src/engine/games/elmapa/score.ts'
import { canonicalJson, hmacRng, sha256, toHex, utf8, type Rng } from '../../../src/engine/index.ts'
import { armyOf, mapa, open, order, refused, system, troops, tribeOf, weekly } from './dsl.ts'
import type { ElMapaState } from '../../../src/engine/games/elmapa/index.ts'

function start(n: number, rng: Rng = hmacRng) {
  const created = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)
      .slice(0, n)
      .map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday })),
    seed: 'setup-seed-rules',
    secretSeed: 'secret-seed-rules',
    limit: null,
  })
  if (!created.ok) throw new Error(created.error.code)
  return system(created.state, { type: 'startCampaign', at: 0 }, rng)
}
const sorted = (xs: string[]) => xs.slice().sort().join()

t.test('M1.3 M1.5 M1.7 M1.8 M12.5 the deal: every position’s packs, the frontier deck, closed sides', async (t) => {
  for (const n of [2, 3, 4, 5, 6]) {
    const { s } = start(n)
    const cells = s.order.map((k) => s.cells[k]!)
    t.same([s.rows * s.cols, cells.length, cells[1]!.key], [cells.length, s.order.length, '0,1'], `${n}: cells "r,c" in reading order`)
    for (let k = 1; k <= n; k++) {
      t.equal(sorted(cells.filter((c) => c.code === '1' && c.position === k).map((c) => c.tile)), sorted([...NEAR_PACK]), `${n}: position ${k}’s near pack`)
      t.equal(sorted(cells.filter((c) => c.code === '2' && c.position === k).map((c) => c.tile)), sorted([...MIDDLE_PACK]), `${n}: position ${k}’s middle pack`)
    }
    t.equal(sorted(cells.filter((c) => c.code === '3').map((c) => c.tile)), sorted(frontierDeck(n)), `${n}: the frontier deck`)
    t.ok(
      cells.every((c) => (c.closed !== null) === TILE[c.tile]!.closed),
      `${n}: a closed side exactly on the closed tiles`,
    )
    t.ok(
      cells.every((c) => c.guards.every((g) => g.n >= 2)),
      `${n}: guards sized by M7.2`,
    )
    const closed = cells.filter((c) => c.closed).length
    t.equal(s.counters.tile, 16 * n + frontierDeck(n).length - 1 + closed, `${n}: 6 + 10 values per position, F − 1 for the frontier, 1 per closed side`)
  }
})

t.test('M1.10 M2.2 home tiles: face up, owned, unguarded; M9.2 hands start empty', async (t) => {
  const { s } = start(4)
  for (const c of Object.values(s.cells).filter((x) => 'JMP'.includes(x.code))) {
    const owner = s.tribes.find((x) => x.position === c.position)!.id
    t.same([c.revealed, c.owner, c.guards, c.treasures, c.closed], [true, owner, [], 0, null], `${c.code}${c.position}`)
  }
  t.ok(s.tribes.every((x) => x.hand.length === 0 && x.plan === null && x.exploreVp === 0))
})

t.test('M12.1 M12.3 M12.4 positions: the weekday order shuffled with u(seed, c)', async (t) => {
  // u = 0 at every counter: j = 0 each time, so entries i and 0 swap from the top.
  const { s } = start(3, (seed, c) => (seed === 'setup-seed-rules' ? 0 : hmacRng(seed, c)))
  t.same(
    s.tribes.map((x) => x.position),
    [3, 1, 2],
    '[t0, t1, t2] → swap 2,0 → [t2, t1, t0] → swap 1,0 → [t1, t2, t0]',
  )
  const battle = order(open(mapa(`Ja . l1-madera@b Jb`, { armies: 'a 0,1 leva=3; b 0,2 leva=1' }), 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).events.find(
    (e) => e.type === 'battle',
  )!
  const dice = battle.type === 'battle' ? battle.record.dice : []
  t.same(
    dice.slice(0, 3).map((d) => d.face),
    [15, 14, 13].map((n, i) => hmacRng('week-seed-test', i) % n),
    'M12.1 M12.7 the obstacles are u mod 15, 14, 13 of the round’s seed',
  )
})

t.test('M12.2 M12.6 M11.6 seeds committed at the start, decks shuffled with their own counters', async (t) => {
  const { s, events } = start(2)
  const commit = (which: string) => toHex(sha256(utf8(`secret-seed-rules/${which}`)))
  t.same(s.commitments, { tile: commit('tile'), card: commit('card'), treasure: commit('treasure') })
  const e = events.find((x) => x.type === 'started')!
  t.same(e.type === 'started' && e.commitments, s.commitments, 'the commitments are logged')
  t.same([s.counters.card, s.counters.treasure], [69, 23], '23 values per technology deck, 23 for the treasure deck')
  t.notSame(s.decks['1'].slice(0, 6), ['pies-1', 'pies-2', 'pies-3', 'pies-4', 'pies-5', 'pies-6'], 'shuffled')
})

t.test('M12.2 M12.5 M12.6 each secret seed draws its own: the deal’s closed sides, the technology decks, the treasure deck', async (t) => {
  // u = 0 at every counter of one seed: each of its shuffles moves every entry up one, the first last
  // (M12.3), and every closed side it draws is N (M12.5). The other seeds draw as usual.
  const zero = (which: string) => start(2, (seed, c) => (seed === `secret-seed-rules/${which}` ? 0 : hmacRng(seed, c))).s
  const upOne = (xs: readonly string[]) => [...xs.slice(1), xs[0]!]
  const northOnly = (s: ElMapaState) => Object.values(s.cells).every((c) => c.closed === null || c.closed === 'N')
  const [tile, card, treasure] = [zero('tile'), zero('card'), zero('treasure')]
  t.same([northOnly(tile), northOnly(card), northOnly(treasure)], [true, false, false], 'the tile seed: closed sides')
  const moved = (s: ElMapaState) => [
    canonicalJson(s.decks) === canonicalJson({ 1: upOne(techDeck(1)), 2: upOne(techDeck(2)), 3: upOne(techDeck(3)) }),
    canonicalJson(s.treasureDeck) === canonicalJson(upOne(TREASURE_DECK)),
  ]
  t.same(moved(card), [true, false], 'the card seed: the three technology decks')
  t.same(moved(treasure), [false, true], 'the treasure seed: the treasure deck')
  t.same(moved(tile), [false, false])
})

t.test('M3.1 a village: a castle, a combat slot, a bank exchange, 2 oro and 1 leva per tick', async (t) => {
  let s = mapa(
    `
    Ja l1-pueblo ? Jb
    ?  ?         ? ?`,
    { armies: 'a 0,0 leva=1', stock: 'a 3 5 0' },
  )
  s.cells['0,0']!.castle!.slots = { '1a': 'mercado' }
  s = open(s, 'a')
  s = order(s, 'a', { type: 'step', army: 1, dir: 'E' }).s
  s = system(s, { type: 'tick', at: 1e12 }).s
  t.same([s.cells['0,1']!.castle!.reserve.leva, tribeOf(s, 'a').stock.oro], [1, 3 + 4], 'its first leva and 2 oro at the next tick')
  s = open(s, 'a')
  s = order(s, 'a', { type: 'hire', village: '0,1', troops: { leva: 1 }, army: 'new' }).s
  t.equal(s.armies.length, 2, 'a second combat slot')
  t.same(refused(s, 'a', { type: 'bankTrade', exchange: 'sell-madera', n: 4 }).code, 'bank/limit', '2 villages + 1 Mercado = 3')
  t.ok(order(s, 'a', { type: 'bankTrade', exchange: 'sell-madera', n: 3 }).s)
})

t.test('M3.9 M7.7 a castle changes owner with its village, with everything in it', async (t) => {
  const s = mapa(`Ja l1-pueblo@b Jb`, { armies: 'a 0,0 leva=1' })
  s.cells['0,1']!.castle!.slots = { '1a': 'estatua' }
  s.cells['0,1']!.castle!.progress = troops('leva=0 soldado=1')
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  t.same([r.s.cells['0,1']!.owner, r.s.cells['0,1']!.castle!.slots, r.s.cells['0,1']!.castle!.progress.soldado], ['a', { '1a': 'estatua' }, 1])
})

t.test('M4.3 a treasure is ready to spend at once', async (t) => {
  let s = mapa(`Ja l1-tesoro ? Jb`, { armies: 'a 0,0 leva=1', stock: 'a 0 0 0' })
  s = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.ok(order(s, 'a', { type: 'build', village: '0,0', building: 'ayuntamiento', slot: '1a' }).s)
})

t.test('M5.1 M5.6 M2.7 kinds, army ids never reused, orders in any order', async (t) => {
  t.same(KINDS, ['leva', 'soldado', 'arquero', 'caballero'])
  t.same(
    KINDS.map((k) => TROOPS[k].mapMove),
    [2, 2, 2, 3],
  )
  let s = mapa(
    `
    Ja l1-pueblo@a ? Jb
    ?  ?           ? ?`,
    { armies: 'a 0,0 leva=1; a 0,0 leva=1', stock: 'a 9 0 0' },
  )
  s.cells['0,0']!.castle!.reserve = troops('leva=2')
  s = open(s, 'a')
  s = order(s, 'a', { type: 'exchange', armies: [1, 2], give: [{ leva: 1 }, {}] }).s
  t.notOk(armyOf(s, 1), 'army 1 ceased')
  s = order(s, 'a', { type: 'build', village: '0,0', building: 'estatua', slot: '1a' }).s
  s = order(s, 'a', { type: 'hire', village: '0,0', troops: { leva: 2 }, army: 'new' }).s
  t.same(
    s.armies.map((a) => a.id),
    [2, 3],
    'the new army is 3, never 1',
  )
})

t.test('M6.6 a tired army can be hired into, exchange and defend', async (t) => {
  let s = mapa(`Ja . ? Jb`, { armies: 'a 0,0 leva=1; a 0,0 soldado=1', stock: 'a 9 0 0' })
  s.cells['0,0']!.castle!.reserve = troops('leva=1')
  s = open(s, 'a')
  for (const a of s.armies) a.tired = true
  s = order(s, 'a', { type: 'hire', village: '0,0', troops: { leva: 1 }, army: 1 }).s
  s = order(s, 'a', { type: 'exchange', armies: [1, 2], give: [{ leva: 2 }, { soldado: 1 }] }).s
  t.same([armyOf(s, 1)!.troops, armyOf(s, 2)!.troops], [troops('soldado=1'), troops('leva=2')])
})

t.test('M7.1 M7.8 revealing changes nothing; an empty tile may have a closed side', async (t) => {
  let s = mapa(
    `
    Ja . ?l1-tesoro-leva Jb
    ?  ? l2-paraje-cerrado^W ?`,
    { armies: 'a 0,0 caballero=1' },
  )
  s = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([s.cells['0,2']!.revealed, s.cells['0,2']!.treasures, s.cells['0,2']!.guards], [true, 1, [{ kind: 'leva', n: 2 }]])
  s = order(s, 'a', { type: 'step', army: 1, dir: 'S' }).s
  t.same(refused(s, 'a', { type: 'step', army: 1, dir: 'E' }), { code: 'move/closed', rule: 'M1.9' }, 'the paraje’s closed W side')
})

t.test('M7.6 a spell mine: claimed with no card, 1 card of its level per tick', async (t) => {
  let s = mapa(
    `
    Ja l2-hechizo-ii ? Jb
    ?  ?             ? ?`,
    { armies: 'a 0,0 soldado=4' },
  )
  s.settings.obstacles = 'none'
  s.decks['2'] = ['vision-1', 'suerte-1']
  s = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([s.cells['0,1']!.owner, tribeOf(s, 'a').hand], ['a', []])
  s = system(s, { type: 'tick', at: 1e12 }).s
  t.same(tribeOf(s, 'a').hand, ['vision-1'])
})

t.test('M8.1 defenders: guards, another tribe’s armies, a village whose reserve holds a troop', async (t) => {
  const s = mapa(
    `
    Ja . l1-madera@b Jb
    ?  l1-leva ? ?`,
    { armies: 'a 0,1 leva=1' },
  )
  s.cells['0,3']!.castle!.reserve = troops('leva=1')
  const open1 = open(s, 'a')
  const hit = (dir: 'E' | 'S', x = open1) => order(x, 'a', { type: 'step', army: 1, dir }, weekly([0, 0, 0, 0])).events.some((e) => e.type === 'battle')
  t.ok(hit('S'), 'guards')
  t.notOk(hit('E'), 'an unguarded mine of another tribe: no battle')
  const moved = structuredClone(open1)
  armyOf(moved, 1)!.cell = '0,2'
  t.ok(hit('E', moved), 'a village with a reserve')
})

t.test('M11.3 final VP: exploration, battles, buildings', async (t) => {
  const s = mapa(`Ja Jb ?`, {})
  Object.assign(tribeOf(s, 'a'), { exploreVp: 4, battleVp: 5 })
  s.cells['0,0']!.castle!.slots = { '1a': 'estatua' }
  t.same(scores(s)[0], { id: 'a', vp: 13, explore: 4, battle: 5, buildings: 4, villages: 1, goods: 3, place: 1 })
})

t.test('M13.8 surviving guards take columns 2, 1, 3, 0 in their order', async (t) => {
  let s = mapa(
    `
    Ja l2-dos-tesoros ? Jb
    ?  ?              ? ?`,
    { armies: 'a 0,0 leva=1' },
  )
  s.settings.obstacles = 'none'
  s.cells['0,1']!.guards = [{ kind: 'arquero', n: 1 }]
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  const b = r.events.find((e) => e.type === 'battle')!
  t.same(b.type === 'battle' && b.record.platoons.filter((p) => p.id[0] === 'D').map((p) => [p.kind, p.x]), [['arquero', 2]])
})

t.test('M13.19 groups return in the order they dispersed; the lowest-id army counts convoys', async (t) => {
  let s = mapa(`Ja ? Jb`, { armies: 'a 0,0 leva=1 convoy; a 0,0 leva=1' })
  s.dispersed = [
    { id: 2, tribe: 'a', troops: troops('soldado=1'), from: '0,1', returns: 1 },
    { id: 1, tribe: 'a', troops: troops('leva=3'), from: '0,1', returns: 1 },
  ]
  const r = system(s, { type: 'tick', at: 1e12 })
  t.same(
    r.events.filter((e) => e.type === 'returned').map((e) => e.type === 'returned' && [e.group, e.into]),
    [
      [1, 1],
      [2, 1],
    ],
  )
  s = mapa(`Ja ? Jb`, { armies: 'a 0,1 leva=1' })
  s.dispersed = [{ id: 1, tribe: 'a', troops: troops('leva=3'), from: '0,1', returns: 1 }]
  t.same(
    system(s, { type: 'tick', at: 1e12 }).s.cells['0,0']!.castle!.reserve,
    troops('leva=4'),
    'no army there, no free slot: the reserve (plus the new leva)',
  )
})

t.test('M1.11 components are no limit: a thirteenth village gets its castle', async (t) => {
  let s = mapa(
    `
    Ja l1-pueblo ? Jb
    ?  ?         ? ?`,
    { armies: 'a 0,0 leva=1' },
  )
  for (let i = 0; i < 12; i++) {
    s.cells[`9,${i}`] = { ...structuredClone(s.cells['0,0']!), key: `9,${i}`, r: 9, c: i, code: '1', tile: 'l1-pueblo' }
    s.order.push(`9,${i}`)
  }
  s = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.same([Object.values(s.cells).filter((c) => c.owner === 'a' && c.castle).length, s.cells['0,1']!.castle?.slots], [14, {}])
})

t.test('M2.12 a missed window loses only its actions; only a tick makes a round', async (t) => {
  const s = mapa(
    `
    Ja . ? Jb
    ?  ? ? ?`,
    { armies: 'a 0,0 leva=1' },
  )
  const missed = system(open(s, 'a'), { type: 'closeWindow', tribe: 'a', check: false }).s
  t.same([missed.round, missed.tribes, missed.cells], [s.round, s.tribes, s.cells], 'nothing but the tiredness of its armies')
  t.equal(system(missed, { type: 'tick', at: 1e12 }).s.round, s.round + 1)
})

// M8.15–M8.17, M3.10: what a battle leaves behind, fought on a map with no obstacles.
const plan = (kind: 'leva' | 'arquero', flee: number) => ({ platoons: [{ kind, take: 'all' as const, column: 2, tactic: 'hold' as const }], flee })
function fightEast(s: ElMapaState) {
  s.settings.obstacles = 'none'
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }, weekly([1]))
  const b = r.events.find((e) => e.type === 'battle')
  if (b?.type !== 'battle') throw new Error('no battle')
  return { ...r, record: b.record, dispersed: r.events.filter((e) => e.type === 'dispersed') }
}

t.test('M8.17 M5.9 a fled attacker disperses with its survivors; M8.16 the defender scores the troops it killed', async (t) => {
  const s = mapa('Ja  .  .  Jb', { armies: 'a 0,1 leva=10; b 0,2 arquero=6' })
  tribeOf(s, 'a').plan = plan('leva', 90)
  s.nextGroup = 4
  const r = fightEast(s)
  t.same([r.record.fled, r.record.result, r.record.vp, tribeOf(r.s, 'b').battleVp], ['A', 'defender', 4, 4], '4 levas killed (level 1 each)')
  t.same(r.record.dice, [{ counter: 0, face: 1, purpose: 'dispersal' }], 'the dispersal die: 1 + (1 mod 3) = 2')
  t.same(r.dispersed, [{ type: 'dispersed', tribe: 'a', group: 4, troops: troops('leva=6'), returns: 3 }], 'back at round 1 + 2')
  t.same([r.s.dispersed, r.s.nextGroup, armyOf(r.s, 1)], [[{ id: 4, tribe: 'a', troops: troops('leva=6'), from: '0,2', returns: 3 }], 5, undefined])
})

t.test('M8.17 a fled side the pursuit wipes out leaves no group and rolls no die', async (t) => {
  const a = mapa('Ja  .  .  Jb', { armies: 'a 0,1 leva=4; b 0,2 arquero=6' })
  tribeOf(a, 'a').plan = plan('leva', 50)
  const fledA = fightEast(a)
  t.same([fledA.record.fled, fledA.record.result, fledA.record.dice, fledA.dispersed, fledA.s.dispersed], ['A', 'defender', [], [], []])
  const d = mapa('Ja  .  .  Jb', { armies: 'a 0,1 arquero=6; b 0,2 leva=4' })
  tribeOf(d, 'b').plan = plan('leva', 50)
  const fledD = fightEast(d)
  t.same([fledD.record.fled, fledD.record.result, fledD.record.dice, fledD.dispersed, fledD.s.dispersed], ['D', 'attacker', [], [], []])
  const wiped = mapa('Ja  .  .  Jb', { armies: 'a 0,1 arquero=6; b 0,2 leva=2' })
  const won = fightEast(wiped)
  t.same([won.record.fled, won.record.result, won.record.dice, won.dispersed], [null, 'attacker', [], []], 'no flight, no die')
  const lost = fightEast(mapa('Ja  .  .  Jb', { armies: 'a 0,1 leva=2; b 0,2 arquero=6' }))
  t.same([lost.record.fled, lost.record.result, lost.record.dice, lost.dispersed], [null, 'defender', [], []])
})

t.test('M8.15 M8.17 a defender that fled from away from home disperses; all its armies leave the cell', async (t) => {
  const s = mapa('Ja  .  .  Jb', { armies: 'a 0,1 arquero=6; b 0,2 leva=5; b 0,2 leva=5' })
  tribeOf(s, 'b').plan = plan('leva', 90)
  const r = fightEast(s)
  t.same([r.record.fled, r.record.result], ['D', 'attacker'])
  t.same(r.dispersed, [{ type: 'dispersed', tribe: 'b', group: r.s.nextGroup - 1, troops: troops('leva=6'), returns: 3 }])
  t.same(
    r.s.armies.map((x) => [x.id, x.cell]),
    [[1, '0,2']],
    'both b armies are gone; a entered',
  )
})

t.test('M8.14 M3.10 a tribe never flees at its own village, even with an empty reserve; elsewhere it may', async (t) => {
  const home = mapa('Ja  .  Jb', { armies: 'a 0,1 arquero=6; b 0,2 leva=10' })
  tribeOf(home, 'b').plan = plan('leva', 90)
  t.equal(fightEast(home).record.fled, null, 'flee 90 at its own village: no flight')
  // b's army stands on c's village: c's reserve is no militia of b's, and b may flee.
  const away = mapa('Ja  .  Jc  Jb', { armies: 'a 0,1 arquero=6; b 0,2 leva=10' })
  away.cells['0,2']!.castle!.reserve = troops('soldado=1')
  tribeOf(away, 'b').plan = plan('leva', 90)
  const r = fightEast(away)
  t.same([r.record.fled, r.record.platoons.filter((p) => p.id[0] === 'D').map((p) => `${p.kind} ${p.n}`)], ['D', ['leva 10']])
  t.same(r.s.cells['0,2']!.castle!.reserve, troops('soldado=1'), 'c’s reserve did not fight')
})

t.test('M8.1 M3.10 an army entering its own village meets its reserve: no battle', async (t) => {
  const s = mapa('Ja  .  Jb', { armies: 'a 0,1 leva=1' })
  s.cells['0,0']!.castle!.reserve = troops('leva=2')
  const r = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'W' })
  t.same([r.events.some((e) => e.type === 'battle'), armyOf(r.s, 1)!.cell], [false, '0,0'])
})

t.test('M3.10 M8.16 defenders who win: survivors back to armies in increasing id, the rest to the reserve', async (t) => {
  const s = mapa('Ja  .  Jb', { armies: 'a 0,1 arquero=3; b 0,2 leva=3; b 0,2 leva=3' })
  s.armies = [s.armies[0]!, s.armies[2]!, s.armies[1]!]
  s.cells['0,2']!.castle!.reserve = troops('leva=2')
  const r = fightEast(s)
  t.same([r.record.result, r.record.killed.D.leva, r.record.vp, tribeOf(r.s, 'b').battleVp], ['defender', 5, 3, 3], 'VP for the 3 arqueros killed')
  t.same(
    r.s.armies.map((x) => [x.id, x.troops.leva]),
    [[2, 3]],
    '3 levas left: army 2 gets back its 3; army 3, left empty, is gone',
  )
  t.same(r.s.cells['0,2']!.castle!.reserve, troops(''))
})

t.test('M8.15 M8.16 M7.3 guards keep their survivors and score nothing; a stand-off scores nothing', async (t) => {
  const s = mapa('Ja  .  Jb', { armies: 'a 0,0 soldado=1' })
  s.cells['0,1']!.guards = [
    { kind: 'leva', n: 1 },
    { kind: 'caballero', n: 3 },
  ]
  const r = fightEast(s)
  t.same([r.record.result, r.record.killed.D.leva, r.record.vp], ['defender', 1, 0])
  t.same(r.s.cells['0,1']!.guards, [{ kind: 'caballero', n: 3 }], 'the wiped-out levas are no guard')
  const off = mapa('Ja  .  .  Jb', { armies: 'a 0,1 leva=30; b 0,2 arquero=6' })
  tribeOf(off, 'a').plan = plan('leva', 0)
  const o = fightEast(off)
  t.same([o.record.result, o.record.killed.A.leva > 0, o.record.vp, tribeOf(o.s, 'b').battleVp], ['standoff', true, 0, 0])
  const held = mapa('Ja  .  Jb', { armies: 'a 0,0 leva=20' })
  held.cells['0,1']!.guards = [{ kind: 'arquero', n: 1 }]
  tribeOf(held, 'a').plan = plan('leva', 0)
  const h = fightEast(held)
  t.same(
    [h.record.result, h.s.cells['0,1']!.guards, armyOf(h.s, 1)!.cell],
    ['standoff', [{ kind: 'arquero', n: 1 }], '0,0'],
    'the attacker’s survivors are no guards',
  )
})

t.test('M9.8 M13.12 a fired reaction goes with its boosters; the hand and the other reactions stay', async (t) => {
  const s = mapa('Ja  .  .  Jb', { armies: 'a 0,1 arquero=6; b 0,2 leva=4' })
  const b = tribeOf(s, 'b')
  b.hand = ['escudo-1', 'pies-1', 'velocidad-1', 'escudo-2', 'vision-1']
  b.plan = {
    ...plan('leva', 0),
    reactions: [
      { card: 'escudo-1', entry: 0, boosters: ['pies-1'] },
      { card: 'velocidad-1', entry: 1, boosters: [] },
      { card: 'escudo-2', entry: 0 },
    ],
  }
  const r = fightEast(s)
  t.same(r.record.cards, ['escudo-1', 'pies-1', 'escudo-2'], 'a reaction stored with no boosters fires alone')
  t.same(tribeOf(r.s, 'b').hand, ['velocidad-1', 'vision-1'])
  t.same(tribeOf(r.s, 'b').plan!.reactions, [{ card: 'velocidad-1', entry: 1, boosters: [] }])
  t.same([r.s.piles['1'], r.s.piles['3']], [['pies-1'], ['escudo-1', 'escudo-2']])
})
