// What the platform reads of an El Mapa state beside the board's secrets (secrets.test.ts): the
// setup's wait for tick 0, every hand counted by level, each tribe's figures, the tick's mail at
// the end, the day's losses, the turn summary, and the trade's refusals (M10.3).
//
//   Ja  ?   ?
//   .   Jb  .
import t from 'tap'
import { elMapa, NOT_TRADEABLE } from '../../../src/engine/games/elmapa/index.ts'
import { buildingVp, scores } from '../../../src/engine/games/elmapa/score.ts'
import type { ElMapaOrder, ElMapaTransfer } from '../../../src/engine/games/elmapa/types.ts'
import { LAYOUTS } from '../../../src/engine/games/elmapa/layouts.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { armyOf, mapa, open, order, refused, system, tribeOf, troops } from './dsl.ts'

const HOURS = 3_600_000

function created() {
  const made = elMapa.createGame({
    map: elMapa.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'tuesday' },
    ],
    seed: 'setup-seed-reads',
    secretSeed: 'secret-seed-reads',
    limit: 8,
  })
  if (!made.ok) throw new Error(made.error.code)
  return made.state
}

t.test('M2.3 M2.4: in setup the board says tick 0 comes no sooner than 48 hours after the start, and nothing once running', async (t) => {
  const before = created()
  t.equal(elMapa.board(before, null).tickZeroNotBefore, null, 'not started: no tick 0 to wait for')
  t.equal(elMapa.board(before, null).setup, true, 'the board says it is in setup')
  const start = Date.UTC(2026, 11, 1, 9)
  const started = system(before, { type: 'startCampaign', at: start }).s
  t.equal(started.status, 'setup', 'started, still in setup until tick 0')
  t.equal(elMapa.board(started, 'a').tickZeroNotBefore, start + 48 * HOURS, '48 hours after the start')
  t.equal(elMapa.tickZeroNotBefore!(started), start + 48 * HOURS, 'as the platform reads it for its calendar')
  const running = system(started, { type: 'tick', at: start + 5 * 24 * HOURS }).s
  t.equal(running.status, 'running', 'tick 0 has come')
  t.equal(elMapa.board(running, null).tickZeroNotBefore, null, 'running: no wait any more')
  t.equal(elMapa.board(running, null).setup, false, 'nor setup')
})

t.test('M9.2 M12.9: every hand counted by level for everyone; the tribe’s points, armed cards, decks and piles', async (t) => {
  const s = mapa(`Ja ? ?\n. Jb .`, { armies: 'a 0,0 leva=1' })
  const a = tribeOf(s, 'a')
  a.hand = ['pies-1', 'pies-2', 'vision-1', 'escudo-1', 'escudo-2', 'escudo-3']
  Object.assign(a, { exploreVp: 3, battleVp: 4, suerte: 2, produccion: 1 })
  const board = elMapa.board(s, 'b')
  const standing = board.standing.find((x) => x.id === 'a')!
  t.same(standing.hand, { 1: 2, 2: 1, 3: 3 }, 'two of level I (Pies), one of II (Visión), three of III (Escudo)')
  t.same(standing.vp, { explore: 3, battle: 4, buildings: 0 }, 'its points by source (M11.3)')
  t.same(standing.armed, { suerte: 2, produccion: 1 }, 'its armed cards (M9.8)')
  t.same(board.decks, { 1: s.decks['1'].length, 2: s.decks['2'].length, 3: s.decks['3'].length, treasure: s.treasureDeck.length }, 'the decks by size')
  t.same(board.piles, { 1: s.piles['1'].length, 2: s.piles['2'].length, 3: s.piles['3'].length }, 'the discard piles by size')
  t.same(elMapa.tickMail(s, 'a')!.cards, { 1: 2, 2: 1, 3: 3 }, 'and the tick’s mail counts them the same way')
})

t.test('M11.5 M11.6: the tick’s mail at the end says so, and none goes to the eliminated; the economy skips them', async (t) => {
  let s = mapa(`Ja Jb ?`, { armies: 'a 0,0 leva=1' })
  tribeOf(s, 'a').hand = ['pies-1']
  const last = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  s = last.s
  t.equal(s.status, 'finished', 'b lost its last village: the game is over')
  t.same(
    s.tribes.map((x) => x.window),
    ['closed', 'closed'],
    'every window closed',
  )
  const ended = last.events.find((e) => e.type === 'ended')
  t.match(
    ended,
    { reason: 'lastTribe', ranking: ['a', 'b'], secretSeed: 'secret-seed-test', hands: { a: ['pies-1'], b: [] } },
    'the end, logged with every hand (M11.6)',
  )
  t.same(ended && 'scores' in ended && ended.scores, s.result!.scores, 'and the scores the result keeps')
  t.equal(elMapa.tickMail(s, 'a')!.finished, true, 'the mail says the campaign has ended')
  t.equal(elMapa.tickMail(s, 'b'), null, 'the eliminated tribe gets none')
  t.same(Object.keys(elMapa.previewEconomy(s)), ['a'], 'the next tick’s preview names only the tribes in play')
})

t.test('M7.5 M7.7: the day’s losses name the tribe a place was claimed from, and nobody for an unowned place', async (t) => {
  const lost = elMapa.digest([{ type: 'claimed', tribe: 'a', cell: '0,2', from: 'b' }])
  t.same([...lost.keys()], ['b'], 'only the loser')
  t.same(lost.get('b')!.placesLost, ['0,2'])
  t.equal(elMapa.digest([{ type: 'claimed', tribe: 'a', cell: '0,2', from: null }]).size, 0, 'an unowned mine claimed: nobody lost it')
  t.equal(elMapa.digest([{ type: 'revealed', tribe: 'a', cells: [] }]).size, 0, 'a reveal hurts nobody')
})

t.test('#30 M5.4 M6.6: the turn summary counts the armies that can step or teleport, and the resources held', async (t) => {
  let s = mapa(`Ja . ?\n. . Jb`, { armies: 'a 0,0 leva=2; a 0,1 soldado=1', stock: 'a 3 0 5' })
  s.cells['0,0']!.castle!.reserve.leva = 2
  s = open(s, 'a')
  // The army in the home village is tired (M6.6): it cannot step, but troops may still be hired into it.
  armyOf(s, 1)!.tired = true
  const offered = elMapa.legalOptions(s, 'a').orders
  const movers = new Set(offered.filter((o): o is Extract<ElMapaOrder, { army: number }> => o.type === 'step' || o.type === 'teleport').map((o) => o.army))
  t.same([...movers], [2], 'only the rested army can step')
  t.ok(
    offered.some((o) => o.type === 'hire' && o.army === 1),
    'a hire names the tired army, and is no move',
  )
  const summary = elMapa.turnSummary(s, 'a')
  t.equal(summary.movable, movers.size, 'each army with a step or a teleport, once')
  t.same(summary.spendable, [
    { key: 'm_stock_oro', amount: 3 },
    { key: 'm_stock_piedra', amount: 5 },
  ])
  t.equal(summary.end?.type, 'endTurn')
})

t.test('M10.3: a proposal naming armies, troops, VP, plans, positions or groups is refused, at its top or in a transfer', async (t) => {
  t.same(NOT_TRADEABLE, ['armies', 'troops', 'vp', 'plans', 'positions', 'groups'])
  for (const key of NOT_TRADEABLE) {
    const proposals: { transfers: ElMapaTransfer[]; [key: string]: unknown }[] = [
      { transfers: [{ from: 'a', to: 'b', cells: [] }], [key]: 1 },
      { transfers: [{ from: 'a', to: 'b', [key]: 1 }] },
    ]
    for (const proposal of proposals) {
      const traded = elMapa.tradeOf!(proposal)
      t.same(
        !traded.ok && [traded.error.code, traded.error.rule, traded.error.message],
        ['trade/not_tradeable', 'M10.3', `${key} are not tradeable`],
        `${key} refused`,
      )
    }
  }
  const transfers: ElMapaTransfer[] = [
    { from: 'a', to: 'b', cards: ['pies-1'] },
    { from: 'b', to: 'a', resources: { oro: 2 } },
  ]
  const fine = elMapa.tradeOf!({ transfers })
  t.same(fine.ok && fine.trade, [
    { from: 'a', to: 'b', resources: {}, cards: ['pies-1'], cells: [] },
    { from: 'b', to: 'a', resources: { oro: 2 }, cards: [], cells: [] },
  ])
})

t.test('M2.1 M11.1 M11.5 M12.7: the turn checks cite El Mapa’s own rules', async (t) => {
  t.match(refused(created(), 'a', { type: 'endTurn' }), { rule: 'M2.1' }, 'before the start')
  let s = mapa(`Ja Jb ?`, { armies: 'a 0,0 leva=1' })
  s = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.match(refused(s, 'a', { type: 'endTurn' }), { rule: 'M11.1' }, 'after the end')
  const three = mapa(`Ja Jb Jc`, { armies: 'a 0,0 leva=1' })
  const gone = order(open(three, 'a'), 'a', { type: 'step', army: 1, dir: 'E' }).s
  t.ok(tribeOf(gone, 'b').eliminated && gone.status === 'running', 'b is out, a and c play on')
  t.match(refused(gone, 'b', { type: 'endTurn' }), { rule: 'M11.5' }, 'an eliminated tribe')
  const seed = elMapa.applySystem(gone, { type: 'setSeed', seed: 'short' }, hmacRng)
  t.same(!seed.ok && [seed.error.code, seed.error.rule], ['system/bad_seed', 'M12.7'], 'a round seed too short')
})

t.test('M11.3 M11.4: the final VP rank first, then villages, then exploration, then goods; a tie shares its place', async (t) => {
  const s = mapa(`Ja Jb Jc Jd\n. . . .`, {})
  s.cells['1,0']!.owner = 'a'
  s.cells['1,0']!.castle = structuredClone(s.cells['0,0']!.castle)
  const set = (id: string, figures: { exploreVp: number; battleVp: number; stock: { oro: number; madera: number; piedra: number } }) =>
    Object.assign(tribeOf(s, id), figures)
  // a and b: the same VP (5), a with two villages; c and d: 5 VP and one village, c explored more;
  // nobody else below them but by goods.
  set('a', { exploreVp: 2, battleVp: 3, stock: { oro: 0, madera: 0, piedra: 0 } })
  set('b', { exploreVp: 1, battleVp: 4, stock: { oro: 9, madera: 9, piedra: 9 } })
  set('c', { exploreVp: 4, battleVp: 1, stock: { oro: 0, madera: 0, piedra: 0 } })
  set('d', { exploreVp: 1, battleVp: 4, stock: { oro: 1, madera: 1, piedra: 1 } })
  const list = scores(s)
  t.same(
    list.map((x) => x.id),
    ['a', 'c', 'b', 'd'],
    'a: two villages; c: explored 4; b before d: 27 goods to 3',
  )
  t.same(
    list.map((x) => [x.vp, x.villages, x.explore, x.goods, x.place]),
    [
      [5, 2, 2, 0, 1],
      [5, 1, 4, 0, 2],
      [5, 1, 1, 27, 3],
      [5, 1, 1, 3, 4],
    ],
  )
  set('d', { exploreVp: 1, battleVp: 4, stock: { oro: 9, madera: 9, piedra: 9 } })
  t.same(
    scores(s).map((x) => [x.id, x.place]),
    [
      ['a', 1],
      ['c', 2],
      ['b', 3],
      ['d', 3],
    ],
    'b and d alike in everything: one place',
  )
  s.cells['0,0']!.castle!.slots = { '1a': 'mercado', '1b': 'estatua' }
  t.equal(buildingVp(s, 'a'), 1 + (1 + 3), "a's Mercado (level I) and Estatua (level I, 3 more VP) (M3.6)")
  t.equal(buildingVp(s, 'b'), 0, "another tribe's buildings count nothing for b")
})

t.test('M11.5 M13.23: an eliminated tribe loses its armies, dispersed troops, places and hand; the others keep theirs', async (t) => {
  const s = mapa(`Ja Jb Mb\n. . Jc`, { armies: 'a 0,0 leva=1; b 1,1 leva=1; c 1,2 leva=1' })
  s.dispersed = [
    { id: 1, tribe: 'b', troops: troops('leva=2'), from: '0,1', returns: 2 },
    { id: 2, tribe: 'c', troops: troops('leva=1'), from: '1,2', returns: 2 },
  ]
  tribeOf(s, 'b').hand = ['pies-1', 'escudo-1']
  const { s: after, events } = order(open(s, 'a'), 'a', { type: 'step', army: 1, dir: 'E' })
  const b = tribeOf(after, 'b')
  t.same([b.eliminated, b.eliminatedBy, b.window, b.hand], [true, 'a', 'closed', []], 'b is out, by a')
  t.same(
    events.filter((e) => e.type === 'eliminated'),
    [{ type: 'eliminated', tribe: 'b', by: 'a' }],
    'and the log says so',
  )
  t.same(
    after.armies.map((x) => x.tribe),
    ['a', 'c'],
    "b's army is gone; a's and c's stay",
  )
  t.same(
    after.dispersed.map((g) => g.tribe),
    ['c'],
    "b's dispersed troops are gone; c's stay",
  )
  t.same(
    [after.cells['0,0']!.owner, after.cells['0,1']!.owner, after.cells['0,2']!.owner, after.cells['1,2']!.owner],
    ['a', 'a', null, 'c'],
    "b's mine is nobody's; the others' places are theirs",
  )
  t.same([after.piles['1'].includes('pies-1'), after.piles['3'].includes('escudo-1')], [true, true], 'its hand went to the discard piles')
  t.equal(after.status, 'running', 'two tribes play on')
})

t.test('M1.2 M1.3 M10.3 M12.7 what the platform reads of the game: its own board, the limit in its words, its dice, whole refusals', async (t) => {
  t.same(
    elMapa.fixedMap,
    { id: 'el-mapa', name: 'El Mapa (2 a 6 jugadores)', map: { id: 'el-mapa', layouts: LAYOUTS } },
    'the layouts for 2 to 6, under their name',
  )
  t.same(elMapa.validateMap({ id: 'other' }), [{ code: 'map/fixed', message: 'El Mapa is played on its own layouts for 2 to 6 tribes (M1.3)' }])
  t.match(elMapa.checkLimit(53), { code: 'setup/round_limit', rule: 'M1.2', message: 'El Mapa is played over' })
  t.same(elMapa.dice.events, ['battle'], 'only battles roll (M12.7)')
  const armies = elMapa.tradeOf({
    transfers: [
      { from: 'a', to: 'b', cards: [] },
      { from: 'b', to: 'a', armies: [1] },
    ] as never,
  })
  t.match(armies, { ok: false, error: { code: 'trade/not_tradeable', rule: 'M10.3', message: 'armies are not tradeable' } }, 'in any one transfer')
})

t.test('#30 M6.3: two rested armies that can step are two movable armies, each counted once', async (t) => {
  let s = mapa(`Ja . ?\n. . Jb`, { armies: 'a 0,0 leva=2; a 0,1 soldado=1', stock: 'a 3 0 5' })
  s = open(s, 'a')
  const steps = elMapa.legalOptions(s, 'a').orders.filter((o) => o.type === 'step')
  t.ok(steps.length > 2, `${steps.length} steps offered between them`)
  t.equal(elMapa.turnSummary(s, 'a').movable, 2)
})
