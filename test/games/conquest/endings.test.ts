// G8 objectives, victory and ranking; G10 elimination; the views and options the pages read;
// random play keeps the N1 invariants and replays from the log.
import fc from 'fast-check'
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import type { ConquestEvent, ConquestOrder, ConquestState } from '../../../src/engine/games/conquest/types.ts'
import { BY_ID, TERRITORY_IDS, territoriesOf } from '../../../src/engine/games/conquest/world.ts'
import { hmacRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { at, close, open, play, system, world } from './dsl.ts'

const hold = (ids: string[], troops = 2) => ids.map((id) => `${id} ${troops}`).join(', ')

t.test("G8.4 N3.23 an objective is checked only at the holder's close, on the state then", async (t) => {
  let s = world(`
    monday  A  ${hold(territoriesOf('AS'))}, ${hold(territoriesOf('AF').slice(0, 5))}
    tuesday B  *
  `)
  s.tribes[0]!.objective = 'O3'
  s = open(s, 'A')
  t.equal(s.status, 'running')
  s = system(s, { type: 'executeTrade', transfers: [{ from: 'B', to: 'A', tiles: ['mad'] }] })
  t.equal(s.status, 'running', 'met in mid-window: no win yet')
  const early = play(s, 'A', { type: 'endTurn' }).state
  t.match(early.result, { reason: 'objective', winners: ['A'] }, 'ending the turn counts as the close')
  const lost = system(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['mad'] }] })
  t.equal(close(lost, 'A').status, 'running', 'lost again before the close: no win')
  const won = close(s, 'A')
  t.match(won.result, { reason: 'objective', winners: ['A'], ranking: ['A', 'B'] })
  t.match(
    won.tribes.map((x) => x.window),
    ['closed', 'closed'],
  )
})

t.test('G8.3 each objective on a board that meets it and one that does not', async (t) => {
  const cases: [string, string, number?][] = [
    ['O1', `${hold(territoriesOf('NA'))}, ${hold(territoriesOf('AF'))}`],
    ['O2', `${hold(territoriesOf('AS'))}, ${hold(territoriesOf('SA'))}`],
    ['O4', `${hold(territoriesOf('NA'))}, ${hold(territoriesOf('OC'))}`],
    ['O5', `${hold(territoriesOf('EU'))}, ${hold(territoriesOf('SA'))}, ${hold(territoriesOf('OC'))}`],
    ['O6', `${hold(territoriesOf('EU'))}, ${hold(territoriesOf('OC'))}, ${hold(territoriesOf('SA'))}`],
    ['O7', hold(TERRITORY_IDS.slice(0, 24), 1)],
    ['O8', hold(TERRITORY_IDS.slice(0, 18), 2)],
    [
      'O10',
      hold([
        'ala',
        'mac',
        'gro',
        'vce',
        'cbp',
        'bra',
        'isl',
        'ing',
        'sue',
        'arn',
        'egi',
        'sud',
        'mor',
        'ara',
        'oms',
        'sum',
        'bor',
        'ngu',
        'van',
        'ott',
        'lab',
        'cal',
      ]),
    ],
    ['O7', hold(TERRITORY_IDS.slice(0, 30), 1), 2],
  ]
  for (const [objective, land, n] of cases) {
    const base = world(
      `
      monday  A  ${land}
      tuesday B  *
    `,
      { tribesAtStart: n ?? 3 },
    )
    base.tribes[0]!.objective = objective as never
    t.equal(close(open(base, 'A'), 'A').result?.reason, 'objective', `${objective} met`)
    const less = { ...base, territories: { ...base.territories, [land.split(' ')[0]!]: { ...at(base, land.split(' ')[0]!), owner: 'B' } } }
    t.equal(close(open(less, 'A'), 'A').status, 'running', `${objective} not met one territory short`)
  }
  const o8 = world(`
    monday  A  ${hold(TERRITORY_IDS.slice(0, 18), 1)}
    tuesday B  *
  `)
  o8.tribes[0]!.objective = 'O8'
  t.equal(close(open(o8, 'A'), 'A').status, 'running', 'O8 counts only territories with 2 troops or more')
})

t.test('G8.5 N3.26 N3.27 O9: the target eliminated by the holder wins; by anyone else, 24 territories instead', async (t) => {
  let s = world(`
    monday  A  bra 9, *
    tuesday B  arn 1
    friday  C  vce 1, cbp 1
  `)
  s.tribes[0]!.objective = 'O9'
  s.tribes[0]!.o9Target = 'B'
  s = open(s, 'A')
  const mine = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }, [6, 6, 6, 1])
  t.match(mine.state.tribes[1], { eliminated: true, eliminatedBy: 'A' })
  t.equal(mine.state.status, 'running', 'checked later, at the close')
  t.match(close(mine.state, 'A').result, { reason: 'objective', winners: ['A'] })
  const other = system(s, { type: 'executeTrade', transfers: [{ from: 'B', to: 'C', tiles: ['arn'] }] })
  t.match(other.tribes[0], { o9Fallback: true })
  const board = conquest.board(other, 'A')
  t.match(board.mine, { objective: 'O9', o9Fallback: true, bigCount: 24 })
  t.equal(conquest.board(other, 'C').standing[0]!.objective, null, 'G8.1 nobody else sees it')
  t.equal(close(other, 'A').result?.reason, 'objective', 'A holds 24 or more')
})

t.test('G8.7 G8.8 N3.31 the round limit ends at the last tick; the ranking by territories then troops, ties shared; eliminated last', async (t) => {
  const s = world(
    `
    sunday  A  ${hold(TERRITORY_IDS.slice(0, 21), 2)}
    monday  B  *
    tuesday C  ${hold([], 1)}
  `,
    { round: 4, roundLimit: 4 },
  )
  s.tribes[2]!.eliminated = true
  s.tribes[2]!.eliminationStep = 1
  const ended = system(s, { type: 'tick', at: 0 })
  t.match(ended.result, { reason: 'roundLimit', winners: ['A'], ranking: ['A', 'B', 'C'] })
  const ev = conquest.applySystem(s, { type: 'tick', at: 0 }, hmacRng)
  if (!ev.ok) throw new Error('tick')
  t.same(
    ev.events.map((e) => e.type),
    ['system', 'campaignEnded'],
    'G2.10 nothing else happens at the last tick',
  )
  t.match(
    ev.events[1],
    { objectives: { A: null }, objectiveSeed: 'test-objective-seed', round: 4, roundSeed: 'test-round-seed' },
    "G8.10 every objective, the objective seed and the round's dice seed revealed",
  )
  const tie = world(
    `
    sunday  A  ${hold(TERRITORY_IDS.slice(0, 21), 1)}
    monday  B  *
  `,
    { round: 4, roundLimit: 4 },
  )
  t.match(system(tie, { type: 'tick', at: 0 }).result, { winners: ['A', 'B'] }, 'equal land and troops share the victory')
  t.same(conquest.ranking(tie), ['A', 'B'])
  t.equal(conquest.view(system(tie, { type: 'tick', at: 0 })).endedByLimit, true)
})

t.test('G11.7 the views: the board is public but the objectives, the history map, the digest and the tick mail', async (t) => {
  const s0 = open(
    world(`
    monday  A  egi 6 planes=1, *
    tuesday B  sud 5, arn 1
  `),
    'A',
  )
  s0.tribes[0]!.objective = 'O7'
  const strike = play(s0, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [1, 5, 5])
  const r = play(strike.state, 'A', { type: 'attack', from: 'egi', to: 'arn', troops: 3 }, [6, 6, 6, 1])
  const hurt = conquest.digest(r.events.concat(strike.events))
  t.match(hurt.get('B'), { attacks: 2, troopsLost: 3, placesLost: ['arn'] })
  const b = conquest.board(r.state, 'A')
  t.equal(b.territories.length, 42)
  t.match(b.mine, { objective: 'O7' })
  t.equal(b.standing[0]!.objective, null)
  t.equal(b.objectiveSeed, null)
  t.equal(conquest.board(r.state, null).mine, null)
  const end = conquest.periodEnd(r.state) as { owners: number[]; troops: number[] }
  t.equal(end.owners[TERRITORY_IDS.indexOf('arn')], 0)
  t.match(conquest.tickMail(r.state, 'A'), { territories: 41, basic: 41 })
  t.equal(conquest.tickMail(r.state, 'zz'), null)
  t.same(
    conquest.previewEconomy(r.state).map((p) => [p.tribe, p.troops, p.basic]),
    [
      ['A', 20, 41],
      ['B', 0, 1],
    ],
  )
  t.equal(conquest.secretOf(r.state), 'test-objective-seed')
  t.same(
    conquest.validateMap({}).map((p) => p.code),
    ['map/fixed'],
  )
  t.match(conquest.mapHash(conquest.fixedMap!.map), /^[0-9a-f]{64}$/)
  t.match(conquest.actions, { openWindow: Function })
  t.same(
    [
      conquest.actions.start(1),
      conquest.actions.tick(2),
      conquest.actions.setSeed('abcdefgh'),
      conquest.actions.openWindow('A'),
      conquest.actions.closeWindow('A', false),
      conquest.actions.closeWindow('A', true),
      conquest.actions.executeTrade([]),
    ],
    [
      { type: 'startCampaign', at: 1 },
      { type: 'tick', at: 2 },
      { type: 'setSeed', seed: 'abcdefgh' },
      { type: 'openWindow', tribe: 'A' },
      { type: 'closeWindow', tribe: 'A', check: false },
      { type: 'closeWindow', tribe: 'A' },
      { type: 'executeTrade', transfers: [] },
    ],
  )
})

t.test('the legal options are the orders the rules accept', async (t) => {
  const s = open(
    world(`
    monday  A  egi 6 planes=1 ships=1 basic=20 missile=1 bio=1 artillery=1, *
    tuesday B  sud 5, arn 2, pyu 3
  `),
    'A',
  )
  s.territories.egi!.artilleryReady = 1
  const o = conquest.legalOptions(s, 'A')
  t.ok(o.canOrder && o.canEndTurn && !o.setup)
  const egi = o.territories.find((x) => x.id === 'egi')!
  t.same(egi.attacks.sort(), ['arn', 'pyu', 'sud'])
  t.same(egi.moves, ['mor'])
  t.same(egi.releaseBio.sort(), ['arn', 'pyu', 'sud'])
  t.same(egi.airStrike.sort(), ['arn', 'sud'], 'not Europa')
  t.ok(egi.navalBombard.includes('sud') && egi.fireArtillery.includes('pyu') && egi.launchMissile.includes('sud'))
  t.ok(egi.fly.length > 0 && egi.sail.length > 0)
  t.match(
    egi.builds.find((b) => b.kind === 'plane'),
    { max: 2 },
  )
  for (const to of egi.attacks) t.ok(conquest.applyOrder(s, 'A', { type: 'attack', from: 'egi', to, troops: 1 }, hmacRng).ok, `attack ${to} is accepted`)
  const closed = conquest.legalOptions(s, 'B')
  t.same([closed.canOrder, closed.territories], [false, []])
})

/** N1's invariants of a state. */
function invariants(s: ConquestState): string[] {
  const bad: string[] = []
  for (const id of TERRITORY_IDS) {
    const x = s.territories[id]!
    if (x.troops < 1) bad.push(`${id} empty`)
    if (x.ready + x.guards > x.troops) bad.push(`${id} ready + guards > troops`)
    if (x.planesReady > x.planes || x.shipsReady > x.ships || x.artilleryReady > x.stock.artillery) bad.push(`${id} ready units`)
    if (!BY_ID.get(id)!.coastal && x.ships > 0) bad.push(`${id} inland ships`)
    if (Object.values(x.stock).some((n) => n < 0) || Object.values(x.incoming).some((n) => n < 0)) bad.push(`${id} negative goods`)
    const owner = s.tribes.find((t) => t.id === x.owner)!
    if (owner.window === 'closed' && (x.ready || x.planesReady || x.shipsReady || x.gathered)) bad.push(`${id} ready outside its window`)
  }
  for (const t of s.tribes) if (t.eliminated !== !TERRITORY_IDS.some((id) => s.territories[id]!.owner === t.id)) bad.push(`${t.id} elimination`)
  return bad
}

const troopsOf = (s: ConquestState) => TERRITORY_IDS.reduce((n, id) => n + s.territories[id]!.troops, 0)

/** A random order among the legal options of the tribe whose window is open. */
function pick(s: ConquestState, tribe: string, r: () => number): ConquestOrder {
  const o = conquest.legalOptions(s, tribe)
  const choices: ConquestOrder[] = [{ type: 'endTurn' }]
  for (const x of o.territories) {
    const n = Math.max(1, Math.floor(r() * x.canLeave))
    for (const to of x.attacks) choices.push({ type: 'attack', from: x.id, to, troops: Math.min(n, x.canLeave) })
    for (const to of x.moves) if (x.canLeave > 0) choices.push({ type: 'move', from: x.id, to, troops: n })
    if (x.gather > 0) choices.push({ type: 'gather', at: x.id, troops: 1 + Math.floor(r() * x.gather) })
    if (x.guard > 0) choices.push({ type: 'guard', at: x.id, troops: 1 })
    for (const b of x.builds) choices.push({ type: 'build', at: x.id, kind: b.kind, count: 1 })
    for (const to of x.fly) choices.push({ type: 'fly', from: x.id, to })
    for (const to of x.sail) choices.push({ type: 'sail', from: x.id, to })
    for (const target of x.airStrike) choices.push({ type: 'airStrike', from: x.id, target })
    for (const target of x.navalBombard) choices.push({ type: 'navalBombard', from: x.id, target })
  }
  return choices[Math.floor(r() * choices.length)]!
}

t.test(
  'N1 N4 random legal play keeps every invariant, never changes the state it was given, troops change only by battle, build and tick, the tick gives what the preview promised (G3.4), and the log replays (G11.1)',
  async (t) => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 1_000_000 }), (n, seed) => {
        let x = seed
        const r = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648
        const tribes = WEEKDAYS.slice(0, n).map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday }))
        const created = conquest.createGame({ map: conquest.fixedMap!.map, tribes, seed: `deal-seed-${seed}`, secretSeed: `objective-seed-${seed}`, limit: 4 })
        if (!created.ok) return false
        let s = created.state
        const events: ConquestEvent[] = []
        const step = (result: ReturnType<typeof conquest.applySystem>) => {
          if (!result.ok) throw new Error(result.error.code)
          events.push(...result.events)
          s = result.state
          return result.events
        }
        step(conquest.applySystem(s, { type: 'startCampaign', at: 0 }, hmacRng))
        step(conquest.applySystem(s, { type: 'tick', at: 100 * 3_600_000 }, hmacRng))
        step(conquest.applySystem(s, { type: 'setSeed', seed: `round-${seed}-1` }, hmacRng))
        for (let round = 0; round < 2 && s.status === 'running'; round++) {
          for (const tribe of s.tribes) {
            if (tribe.eliminated || s.status !== 'running') continue
            step(conquest.applySystem(s, { type: 'openWindow', tribe: tribe.id }, hmacRng))
            for (let k = 0; k < 8 && s.status === 'running' && s.tribes.find((y) => y.id === tribe.id)!.window !== 'ended'; k++) {
              const order = pick(s, tribe.id, r)
              const before = troopsOf(s)
              const given = s
              const givenHash = conquest.stateHash(given)
              const evs = step(conquest.applyOrder(s, tribe.id, order, hmacRng))
              if (conquest.stateHash(given) !== givenHash) throw new Error(`${order.type} changed the state it was given`)
              const built = order.type === 'build' && order.kind === 'troop' ? 1 : 0
              const fought = evs.some((e) => e.type === 'battle' || e.type === 'bombarded')
              if (!fought && troopsOf(s) !== before + built) throw new Error(`${order.type} changed the troops`)
              const bad = invariants(s)
              if (bad.length) throw new Error(`${order.type}: ${bad.join('; ')}`)
            }
            if (s.status === 'running') step(conquest.applySystem(s, { type: 'closeWindow', tribe: tribe.id }, hmacRng))
          }
          if (s.status === 'running') {
            // G3.4: what the economy preview promises is what the tick gives, tribe by tribe.
            const promised = new Map(conquest.previewEconomy(s).map((p) => [p.tribe, p.troops]))
            const last = promised.size > 0 && conquest.previewEconomy(s)[0]!.lastRound
            for (const e of step(conquest.applySystem(s, { type: 'tick', at: 0 }, hmacRng))) {
              if (e.type === 'reinforced' && !last && promised.get(e.tribe) !== e.troops)
                throw new Error(`${e.tribe}: preview ${promised.get(e.tribe)}, tick ${e.troops}`)
            }
          }
          if (s.status === 'running') step(conquest.applySystem(s, { type: 'setSeed', seed: `round-${seed}-${round + 2}` }, hmacRng))
        }
        const replayed = conquest.replay(created.state, events, hmacRng)
        return replayed.ok && conquest.stateHash(replayed.state) === conquest.stateHash(s) && invariants(s).length === 0
      }),
      { numRuns: 6 },
    )
    t.pass('6 random campaigns')
    const s = world(`
    monday A *
  `)
    t.match(conquest.replay(s, [{ type: 'windowOpened', tribe: 'A' }], hmacRng), { ok: false, at: 0 })
    t.match(conquest.replay(s, [{ type: 'order', tribe: 'A', order: { type: 'endTurn' } }], hmacRng), { ok: false, message: /refused on replay/ })
    const opened = open(s, 'A')
    t.match(
      conquest.replay(
        s,
        [
          { type: 'system', action: { type: 'openWindow', tribe: 'A' } },
          { type: 'windowOpened', tribe: 'B' },
        ],
        hmacRng,
      ),
      { ok: false, at: 1 },
    )
    t.ok(opened)
  },
)
