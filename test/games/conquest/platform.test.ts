// What the platform reads and sends: a new campaign (G1.7, G11.4), the start (G1.9–G1.11, G8.1,
// G8.5), the shuffle (G11.5), the dispatcher's refusals (G2.2, G8.6, G10.1), the views (G11.7)
// and the ruleset's own answers.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { createConquest, OBJECTIVES, shuffle } from '../../../src/engine/games/conquest/setup.ts'
import { emptyGoods } from '../../../src/engine/games/conquest/work.ts'
import { EDGES, TERRITORIES, TERRITORY_IDS } from '../../../src/engine/games/conquest/world.ts'
import { hmacRng, sha256, toHex, utf8, WEEKDAYS } from '../../../src/engine/index.ts'
import { at, close, open, play, refuse, refuseSystem, system, world } from './dsl.ts'

const map = conquest.fixedMap!.map
const tribesOf = (n: number, days = WEEKDAYS.slice(0, n)) => days.map((weekday, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday }))
const create = (over: Record<string, unknown> = {}) =>
  conquest.createGame({ map, tribes: tribesOf(3), seed: 'deal-seed-1', secretSeed: 'objective-seed', limit: null, ...over } as never)

t.test('G1.7 G11.4 a new campaign: 2 to 6 tribes on their own weekdays, 4 to 52 rounds, seeds of 8 characters or more', async (t) => {
  for (const n of [2, 6]) t.ok(create({ tribes: tribesOf(n) }).ok, `${n} tribes`)
  t.match(create({ tribes: tribesOf(7) }), { ok: false, error: { code: 'setup/tribe_count', rule: 'G1.7', message: /2 to 6 tribes; this campaign has 7/ } })
  t.match(create({ tribes: 'many' }), { ok: false, error: { code: 'setup/tribe_count' } })
  t.match(
    create({
      tribes: [
        { id: 'a', name: 'A', weekday: 'monday' },
        { id: 'b', name: 'B', weekday: 'funday' },
      ],
    }),
    { ok: false, error: { code: 'setup/weekdays', rule: 'G1.7' } },
  )
  for (const limit of [4, 52]) t.match(create({ limit: limit }), { ok: true, state: { roundLimit: limit } })
  for (const limit of [3, 53, 4.5]) t.match(create({ limit: limit }), { ok: false, error: { code: 'setup/round_limit', rule: 'G1.7' } }, `${limit} rounds`)
  t.match(create({ seed: 'a'.repeat(8), secretSeed: 'b'.repeat(8) }), { ok: true })
  for (const seeds of [{ seed: 'a'.repeat(7) }, { secretSeed: 'b'.repeat(7) }, { seed: 12345678 }, { secretSeed: null }]) {
    t.match(create(seeds), { ok: false, error: { code: 'setup/bad_seed', rule: 'G11.4' } }, JSON.stringify(seeds))
  }
  const made = create()
  if (!made.ok) throw new Error(made.error.code)
  t.same(
    made.state,
    {
      ruleset: 'conquest',
      status: 'setup',
      roundLimit: 12,
      round: 0,
      tribesAtStart: 3,
      rng: { seed: 'deal-seed-1', counter: 0 },
      dealSeed: 'deal-seed-1',
      objectiveSeed: 'objective-seed',
      objectiveCommitment: toHex(sha256(utf8('objective-seed'))),
      startedAt: null,
      eliminations: 0,
      territories: {},
      result: null,
      tribes: tribesOf(3).map((x) => ({
        ...x,
        eliminated: false,
        eliminatedAt: null,
        eliminationStep: null,
        eliminatedBy: null,
        objective: null,
        o9Target: null,
        o9Fallback: false,
        reinforcementList: [],
        window: 'closed',
        acquired: [],
      })),
    },
    'G1.7 12 rounds by default; G11.4 the objective seed committed by its SHA-256',
  )
})

t.test('G11.5 Fisher–Yates: i from n − 1 down to 1, j = u(seed, c) mod (i + 1), counters from 0', async (t) => {
  const calls: [string, number][] = []
  const values = [5, 1, 7]
  const u = (seed: string, c: number) => {
    calls.push([seed, c])
    return values[c]!
  }
  // i = 3: j = 5 mod 4 = 1, swap 3 and 1: a d c b. i = 2: j = 1 mod 3 = 1, swap 2 and 1: a c d b.
  // i = 1: j = 7 mod 2 = 1: no change.
  t.same(shuffle(['a', 'b', 'c', 'd'], 'the-seed', u), ['a', 'c', 'd', 'b'])
  t.same(calls, [
    ['the-seed', 0],
    ['the-seed', 1],
    ['the-seed', 2],
  ])
  // All zeros: each entry i swaps with entry 0.
  t.same(
    shuffle(['a', 'b', 'c', 'd'], 's', () => 0),
    ['b', 'c', 'd', 'a'],
  )
  t.same(
    shuffle(['a'], 's', () => 0),
    ['a'],
    'one entry, no draw',
  )
  const items = ['a', 'b', 'c']
  shuffle(items, 's', () => 0)
  t.same(items, ['a', 'b', 'c'], 'the list given is not changed')
})

t.test('G1.9 G1.10 G1.11 G8.1 G8.5 the start: the deal logged, objectives by weekday, O9 aims at the next tribe round the week', async (t) => {
  let seen = 0
  for (const n of [2, 3, 4, 5, 6]) {
    for (const secret of ['objective-seed', 'other-seed-1', 'other-seed-2', 'other-seed-3']) {
      // Weekdays given out of order: the draw follows the week, Monday first.
      const days = WEEKDAYS.slice(0, n).reverse()
      const made = conquest.createGame({ map, tribes: tribesOf(n, days), seed: 'deal-seed-1', secretSeed: secret, limit: null })
      if (!made.ok) throw new Error(made.error.code)
      const r = conquest.applySystem(made.state, { type: 'startCampaign', at: 7 }, hmacRng)
      if (!r.ok) throw new Error(r.error.code)
      const s = r.state
      t.equal(s.startedAt, 7)
      const byDay = s.tribes.slice().sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday))
      const drawn = shuffle(OBJECTIVES, secret, hmacRng)
      byDay.forEach((x, i) => {
        t.equal(x.objective, drawn[i], `${n} tribes, ${secret}: the ${i + 1}th weekday gets entry ${i}`)
        if (x.objective === 'O9') {
          seen++
          t.equal(x.o9Target, byDay[(i + 1) % n]!.id, 'O9 aims at the next tribe round the week')
        } else t.equal(x.o9Target, null)
      })
      const dealt = r.events.find((e) => e.type === 'dealt')
      const order = shuffle(TERRITORY_IDS, 'deal-seed-1', hmacRng)
      t.same(dealt, { type: 'dealt', seed: 'deal-seed-1', order, owners: Object.fromEntries(TERRITORY_IDS.map((id) => [id, at(s, id).owner])) })
      t.same(
        r.events.map((e) => e.type),
        ['system', 'dealt', 'objectivesDrawn'],
      )
      t.match(r.events.at(-1), { commitment: toHex(sha256(utf8(secret))) })
      t.ok(
        Object.values(s.territories).every(
          (x) => x.ready === 0 && x.wall === 0 && x.planes === 0 && x.stock.basic === 2 && Object.values(x.incoming).every((g) => g === 0),
        ),
        'G1.11 nothing else on the map',
      )
    }
  }
  t.ok(seen >= 2, `O9 was drawn ${seen} times over these starts`)
})

t.test('G2.2 G8.6 G10.1 G1.9 orders are refused before the start, after the end, and from an eliminated tribe', async (t) => {
  const made = create()
  if (!made.ok) throw new Error(made.error.code)
  t.match(refuse(made.state, 't0', { type: 'setReinforcements', list: ['egi'] }), { code: 'campaign/not_running', rule: 'G1.9' })
  const s = world(`
    monday  A  bra 9, *
    tuesday B  arn 1
    friday  C  vce 2
  `)
  const o = open(s, 'A')
  const won = play(o, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }, [6, 6, 6, 1]).state
  t.match(refuse(won, 'B', { type: 'endTurn' }), { code: 'turn/eliminated', rule: 'G10.1' })
  const over = system(won, { type: 'executeTrade', transfers: [{ from: 'C', to: 'A', tiles: ['vce'] }] })
  t.equal(over.status, 'finished')
  t.match(refuse(over, 'A', { type: 'endTurn' }), { code: 'campaign/not_running', rule: 'G8.6' })
  t.match(conquest.applySystem(over, { type: 'openWindow', tribe: 'A' }, hmacRng), { ok: false, error: { code: 'campaign/not_running', rule: 'G8.6' } })
  t.match(conquest.applySystem(over, { type: 'closeWindow', tribe: 'A' }, hmacRng), { ok: false, error: { code: 'campaign/not_running', rule: 'G8.6' } })
  t.match(conquest.applySystem(over, { type: 'executeTrade', transfers: [] }, hmacRng), { ok: false, error: { code: 'campaign/not_running', rule: 'G8.6' } })
  const first = play(o, 'A', { type: 'guard', at: 'bra', troops: 1 })
  t.same(first.events[0], { type: 'order', tribe: 'A', order: { type: 'guard', at: 'bra', troops: 1 } }, 'G11.1 the order itself is logged first')
  t.equal(conquest.view(first.state).tribes[0]!.turn, 'started', 'after a first order the window is started')
  t.equal(conquest.view(o).tribes[0]!.turn, 'open')
  t.match(conquest.applySystem(o, 'tick' as never, hmacRng), { ok: false, error: { code: 'system/unknown_type' } })
  t.match(conquest.applySystem({ ...o, ruleset: 'weekday' } as never, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'engine/bad_state' } })
  t.match(conquest.applySystem({ ...o, tribes: {} } as never, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'engine/bad_state' } })
  t.match(conquest.applyOrder(null as never, 'A', { type: 'endTurn' }, hmacRng), { ok: false, error: { code: 'engine/bad_state' } })
  const seeded = conquest.applySystem({ ...o, rng: { seed: 'old-seed-x', counter: 9 } }, { type: 'setSeed', seed: 'new-seed-1' }, hmacRng)
  t.match(seeded, { ok: true, state: { rng: { seed: 'new-seed-1', counter: 0 } } })
  if (seeded.ok) t.same(seeded.events.at(-1), { type: 'seedSet', counter: 0 })
  t.match(conquest.applySystem(o, { type: 'setSeed', seed: 'short' }, hmacRng), { ok: false, error: { code: 'system/bad_seed', rule: 'G11.3' } })
})

t.test("G11.7 G8.10 the board: all public but the objectives until the end; one's own objective always", async (t) => {
  let s = world(`
    monday  A  bra 9, *
    tuesday B  arn 1
  `)
  s.tribes[0]!.objective = 'O7'
  s.tribes[1]!.objective = 'O9'
  s.tribes[1]!.o9Target = 'A'
  s.tribes[0]!.reinforcementList = ['bra']
  const b = conquest.board(s, 'B')
  t.match(b, { round: 1, roundLimit: 12, setup: false, tribesAtStart: 2, result: null, objectiveCommitment: 'c', objectiveSeed: null })
  t.same(b.mine, { objective: 'O9', o9Target: 'A', o9Fallback: false, bigCount: 30 }, "with 2 tribes O9's alternative is 30")
  t.same(b.standing[0], {
    id: 'A',
    name: 'Tribe A',
    weekday: 'monday',
    eliminated: false,
    eliminatedBy: null,
    window: 'closed',
    territories: 41,
    troops: 49,
    reinforcementList: ['bra'],
    objective: null,
  })
  t.same(
    b.territories.find((x) => x.id === 'arn'),
    { id: 'arn', ...at(s, 'arn') },
  )
  t.same(
    b.territories.map((x) => x.id),
    TERRITORY_IDS,
  )
  t.equal(conquest.board({ ...s, status: 'setup' }, null).setup, true)
  s = open(s, 'A')
  s = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 3 }, [6, 6, 6, 1]).state
  const end = conquest.board(s, null)
  t.same(
    end.standing.map((x) => x.objective),
    ['O7', 'O9'],
    'at the end every objective is shown',
  )
  t.equal(end.objectiveSeed, 'test-objective-seed')
  t.match(end.standing[1], { eliminated: true, eliminatedBy: 'A', territories: 0, troops: 0 })
  t.same(conquest.tickMail(s, 'A'), { week: 1, roundLimit: 12, territories: 42, troopsOnMap: 49, basic: 42, finished: true })
  t.equal(conquest.tickMail(s, 'B'), null, 'no mail for the eliminated')
  t.same(conquest.periodEnd(s), { week: 1, owners: TERRITORY_IDS.map(() => 0), troops: TERRITORY_IDS.map((id) => at(s, id).troops) })
})

t.test('G11.1 the digest: battles, strikes and eliminations, counted against the defender only', async (t) => {
  const s = open(
    world(`
    monday  A  bra 9 planes=1, *
    tuesday B  arn 2, vce 3
  `),
    'A',
  )
  const lost = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 2 }, [1, 1, 6, 6])
  // Scripted dice are read by counter: each step starts the script again.
  const again = (x: typeof s) => ({ ...x, rng: { ...x.rng, counter: 0 } })
  const strike = play(again(lost.state), 'A', { type: 'airStrike', from: 'bra', target: 'vce' }, [1, 5, 1])
  const won = play(again(strike.state), 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 4 }, [6, 6, 6, 1, 1])
  const hurt = conquest.digest([...lost.events, ...strike.events, ...won.events])
  t.same([...hurt.keys()], ['B'])
  t.same(hurt.get('B'), { attacks: 3, troopsLost: 0 + 1 + 2, placesLost: ['arn'], eliminated: false })
  const gone = play(
    open(
      world(`
    monday  A  bra 9, *
    tuesday B  arn 1
    friday  C  vce 2
  `),
      'A',
    ),
    'A',
    { type: 'attack', from: 'bra', to: 'arn', troops: 3 },
    [6, 6, 6, 1],
  )
  t.match(conquest.digest(gone.events).get('B'), { eliminated: true, placesLost: ['arn'], troopsLost: 1 })
})

t.test("the ruleset's answers: round limits, the view, the dice the log shows, each event's tribe", async (t) => {
  t.match(conquest, { id: 'conquest', version: 1 })
  t.equal(conquest.maxTribes(map), 6)
  t.equal(conquest.checkLimit(null), null)
  for (const ok of [4, 52]) t.equal(conquest.checkLimit(ok), null)
  for (const bad of [3, 53, 7.5])
    t.match(conquest.checkLimit(bad), { code: 'setup/round_limit', rule: 'G1.7', message: `world conquest is played over 4 to 52 rounds; got ${bad}` })
  t.match(conquest.fixedMap, { id: 'world', name: /42/ })
  const made = create({ limit: 20 })
  if (!made.ok) throw new Error(made.error.code)
  t.same(
    conquest.view(made.state),
    {
      status: 'setup',
      period: 0,
      seed: 'deal-seed-1',
      ranking: null,
      endedByLimit: false,
      progress: null,
      tribes: tribesOf(3).map((x) => ({ ...x, eliminated: false, turn: 'closed' })),
    },
    'not started: setup, every turn closed',
  )
  const started = system(made.state, { type: 'startCampaign', at: 0 })
  t.same(conquest.view(started).progress, { n: 0, of: 20 }, 'G1.7: round 0, the setup, before round 1 of 20')
  t.same(
    conquest.view(started).tribes.map((x) => x.turn),
    ['free', 'free', 'free'],
    'G1.13 the list is taken at any time in setup',
  )
  t.equal(conquest.view(started).status, 'running')
  const running = system(started, { type: 'tick', at: 48 * 3_600_000 })
  t.match(conquest.view(running), { status: 'running', period: 1 })
  t.same(
    conquest.view(running).tribes.map((x) => x.turn),
    ['closed', 'closed', 'closed'],
  )
  const s = open(
    world(`
    monday  A  bra 9, sum 3, *
    tuesday B  arn 3
  `),
    'A',
  )
  const battle = play(s, 'A', { type: 'attack', from: 'bra', to: 'arn', troops: 1 }, [1, 6, 6])
  t.same(
    battle.events.flatMap((e) => conquest.dice.drawsOf(e)),
    [0, 1, 2].map((counter) => ({ counter, face: counter ? 6 : 1, purpose: 'battle bra → arn' })),
  )
  const gathered = play(s, 'A', { type: 'gather', at: 'sum', troops: 2 }, [1, 2])
  t.same(
    gathered.events.flatMap((e) => conquest.dice.drawsOf(e)),
    [
      { counter: 0, face: 1, purpose: 'treasure at sum' },
      { counter: 1, face: 2, purpose: 'treasure at sum' },
    ],
  )
  const plain = play(s, 'A', { type: 'gather', at: 'bra', troops: 1 })
  t.same(
    plain.events.flatMap((e) => conquest.dice.drawsOf(e)),
    [],
    'a gather without treasure shows no die',
  )
  t.match(conquest.dice, { sides: 6, events: ['battle', 'bombarded', 'gathered'] })
  t.same(conquest.tagEvent(battle.events[0]!), { tribe: 'A', played: true })
  t.same(conquest.tagEvent({ type: 'income', round: 1 }), { tribe: null, played: false })
  const end = system(
    world(
      `
    monday  A  *
    tuesday B  arn 1
  `,
      { round: 12 },
    ),
    { type: 'tick', at: 0 },
  )
  t.match(conquest.view(end), { status: 'finished', ranking: ['A', 'B'], endedByLimit: true })
  const stopped = close(
    open(
      world(`
    monday  A  *
    tuesday B  arn 1
  `),
      'A',
    ),
    'A',
  )
  t.match(conquest.view(stopped), { status: 'running', ranking: null, endedByLimit: false })
})

t.test("G8.3 G1.11 G1.9 the objective list is the book's; each dealt territory starts bare; the tribes keep their order", async (t) => {
  const book = readFileSync(path.resolve(import.meta.dirname, '../../../docs/RULES-CONQUEST.md'), 'utf8')
  const listed = [...book.matchAll(/^ *\| `(O\d+)` \| /gm)].map((m) => m[1])
  t.same(OBJECTIVES, listed, 'O1 to O10 as G8.3 lists them')
  const days = WEEKDAYS.slice(0, 4).reverse()
  const made = conquest.createGame({ map, tribes: tribesOf(4, days), seed: 'deal-seed-1', secretSeed: 'objective-seed', limit: null })
  if (!made.ok) throw new Error(made.error.code)
  const s = system(made.state, { type: 'startCampaign', at: 0 })
  t.same(
    s.tribes.map((x) => x.id),
    ['t0', 't1', 't2', 't3'],
    'the tribes stay in the order they joined',
  )
  for (const id of TERRITORY_IDS) {
    t.same(
      at(s, id),
      {
        owner: at(s, id).owner,
        troops: 1,
        ready: 0,
        guards: 0,
        gathered: false,
        wall: 0,
        stock: { ...emptyGoods(), basic: 2 },
        artilleryReady: 0,
        planes: 0,
        planesReady: 0,
        ships: 0,
        shipsReady: 0,
        incoming: emptyGoods(),
      },
      `${id}: 1 troop and 2 Básicos`,
    )
  }
  t.match(refuseSystem(s, { type: 'startCampaign', at: 5 }), { code: 'setup/already_started', rule: 'G1.9', message: /has started already/ })
  for (const when of [Infinity, Number.NaN, '5']) {
    t.match(
      refuseSystem(made.state, { type: 'startCampaign', at: when } as never),
      { code: 'system/bad_time', rule: 'G1.14', message: /names its instant/ },
      `start at ${String(when)}`,
    )
  }
})

t.test('G1.7 G11.4 a refused campaign says why', async (t) => {
  t.match(createConquest(undefined as never), { ok: false, error: { code: 'setup/tribe_count', message: /this campaign has 0$/ } })
  t.match(create({ tribes: 'many' }), { ok: false, error: { message: /this campaign has 0$/ } })
  t.match(
    create({
      tribes: [
        { id: 'a', name: 'A', weekday: 'monday' },
        { id: 'b', name: 'B', weekday: 'monday' },
      ],
    }),
    { ok: false, error: { code: 'setup/weekdays', message: 'every tribe owns its own weekday' } },
  )
  t.match(create({ limit: 60 }), { ok: false, error: { message: 'the round limit is 4 to 52 rounds; got 60' } })
  t.match(create({ seed: 'short' }), { ok: false, error: { message: /seeds are strings of at least 8 characters/ } })
})

t.test("G11.7 G3 the views before the start, and each tribe's own tick mail", async (t) => {
  const made = create()
  if (!made.ok) throw new Error(made.error.code)
  t.same(conquest.board(made.state, 't0').territories, [], 'no territory before the deal')
  t.same(conquest.periodEnd(made.state), { week: 0, owners: [], troops: [] })
  const s = world(
    `
    monday  A  egi 5, sud 3
    tuesday B  *
  `,
    { round: 3 },
  )
  t.same(conquest.tickMail(s, 'A'), { week: 3, roundLimit: 12, territories: 2, troopsOnMap: 8, basic: 2, finished: false })
  t.same(conquest.tickMail(s, 'B'), { week: 3, roundLimit: 12, territories: 40, troopsOnMap: 40, basic: 40, finished: false })
})

t.test("G1.1 G11.2 the fixed world map the platform shows, and a strike's dice as the log tells them", async (t) => {
  t.same(conquest.fixedMap, { id: 'world', name: 'Mundo (42 territorios)', map: { id: 'world', territories: TERRITORIES, edges: EDGES } })
  t.same(conquest.validateMap({ id: 'mine' }), [{ code: 'map/fixed', message: 'world conquest is played on its own fixed map of 42 territories (G1.1)' }])
  const s = open(
    world(`
    monday  A  egi 5 planes=1, *
    tuesday B  sud 4
  `),
    'A',
  )
  const strike = play(s, 'A', { type: 'airStrike', from: 'egi', target: 'sud' }, [2, 6, 5])
  t.same(
    strike.events.flatMap((e) => conquest.dice.drawsOf(e)),
    [2, 6, 5].map((face, counter) => ({ counter, face, purpose: 'airStrike egi → sud' })),
  )
})

t.test("G11.1 G2.6 the dispatcher's own refusals explain themselves; the state hash tells states apart", async (t) => {
  const s = open(
    world(`
    monday  A  bra 5, *
    tuesday B  arn 2
  `),
    'A',
  )
  t.match(refuseSystem(s, 'tick' as never), { code: 'system/unknown_type', message: 'a system action is an object with a type' })
  t.match(refuseSystem(s, { type: 'nap' } as never), { code: 'system/unknown_type', message: 'unknown system action "nap"' })
  t.match(conquest.applyOrder({ ruleset: 'weekday' } as never, 'A', { type: 'endTurn' }, hmacRng), {
    ok: false,
    error: { code: 'engine/bad_state', message: 'not a world-conquest state' },
  })
  t.match(conquest.applyBatch(s, 'A', [{ type: 'attack', from: 'bra', to: 'arn', troops: 1 }, { type: 'endTurn' }], hmacRng), {
    ok: false,
    error: { code: 'orders/dice_not_last', message: /must be the last order of its batch/ },
  })
  const h = conquest.stateHash(s)
  t.match(h, /^[0-9a-f]{64}$/)
  t.equal(conquest.stateHash(structuredClone(s)), h, 'equal states, equal hashes')
  t.not(conquest.stateHash(play(s, 'A', { type: 'guard', at: 'bra', troops: 1 }).state), h, 'a guard changes the hash')
})

t.test('G1.7 an order or action naming no tribe of the campaign is refused, saying which', async (t) => {
  const s = open(
    world(`
    monday  A  bra 5, *
    tuesday B  arn 2
  `),
    'A',
  )
  t.match(refuse(s, 'Z', { type: 'endTurn' }), { code: 'tribe/unknown', message: 'no tribe "Z" in this campaign' })
  t.match(refuseSystem(s, { type: 'openWindow', tribe: 'Q' }), { code: 'tribe/unknown', message: 'no tribe "Q" in this campaign' })
})
