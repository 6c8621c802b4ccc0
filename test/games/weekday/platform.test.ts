// What the platform asks of the weekday wargame through its Ruleset (#17), member by member:
// the dice the log shows and their account (R8.4, R3.1), the maps a campaign chooses (R1.4),
// the trades a scene may hold (R11.1), the week limit (R2.5), what each event is filed under,
// how many tribes a map takes (R1.4, R2.1), and the view the calendar and pages read (R4.4).
import t from 'tap'
import { hmacRng, WEEKDAYS } from '../../../src/engine/index.ts'
import { createGame, validateMap, weeklyTurn, type GameEvent, type GameState, type MapDef } from '../../../src/engine/games/weekday/index.ts'
import { BUNDLED_MAPS, bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { at, board, mv, play } from './dsl.ts'

const rules = weeklyTurn

/** A row of land tiles, the first `cities` of them cities: a map with exactly that many cities. */
const row = (tiles: number, cities: number): MapDef => ({
  id: `row-${tiles}-${cities}`,
  name: `a row of ${tiles}`,
  tribes: 2,
  tiles: Array.from({ length: tiles }, (_, q) => (q < cities ? { q, r: 0, terrain: 'land' as const, city: true } : { q, r: 0, terrain: 'land' as const })),
})

const tribes = (n: number) => WEEKDAYS.slice(0, n).map((weekday, i) => ({ id: `t${i}`, name: `Tribe ${i}`, weekday }))

function newGame(n = 3, seed = 'platform-seed-1'): GameState {
  const made = createGame({ map: bundledMap('coast-3')!, tribes: tribes(n), seed })
  if (!made.ok) throw new Error(made.error.message)
  return made.state
}

/** The events of a step as the platform logs them, numbered from `first`. */
const logged = (events: readonly GameEvent[], first = 1) => events.map((payload, i) => ({ seq: first + i, type: payload.type, payload }))

// A drawn board for the view and the maps: a's port city and a ship, a neutral city, b's port city.
//   (0,0) A3: a's city, a port (the sea at (0,1) touches it)   (3,0) #5: a neutral inland city
//   (2,1) B4: b's city, a port (the sea at (1,1))
const drawn = () =>
  board(`
  A3  a2  .   #5
    ~a2 ~   B4  b1
`)

t.test('R8.4 one d4 a battle: the dice the log holds are the battles, each with its counter, face and tile', async (t) => {
  t.match(rules.dice, { sides: 4 })
  t.same(rules.dice.events, ['combat', 'draftStarted'], "the battles' d4 and week 0's draft draw (R3.1)")
  // 5 attackers on b's last city, 1 defender: A = 2 + 5 = 7, D = 1 × 2 + 2 = 4 (R8.2).
  const { events } = play(board('A3 a5 B1 b2 ~ C2'), [['a', mv(at(1, 0), at(2, 0), 5)]], [2])
  t.same(
    events.flatMap((e) => rules.dice.drawsOf(e)),
    [{ counter: 0, face: 2, purpose: `battle at ${at(2, 0)}` }],
    'the move draws one die; its other events none',
  )
  const two = play({ ...board('A3 a5 b1 B1 ~ C2'), rng: { seed: 'test-seed-0000', counter: 6 } }, [['a', mv(at(1, 0), at(2, 0), 2)]], [1, 1, 1, 1, 1, 1, 4])
  t.same(
    two.events.flatMap((e) => rules.dice.drawsOf(e)),
    [{ counter: 6, face: 4, purpose: `battle at ${at(2, 0)}` }],
    "the counter is the state's, not a count of the battles",
  )
  const draft = rules.applySystem(newGame(), { type: 'startDraft' }, hmacRng)
  if (!draft.ok) throw new Error(draft.error.code)
  t.same(
    draft.events.flatMap((e) => rules.dice.drawsOf(e)),
    [],
    "the draft's draws are told by the dice details, not as battles",
  )
})

t.test("R8.4 the dice details: each battle's d4 with everything that went into it", async (t) => {
  const { events } = play(board('A3 a5 B1 b2 ~ C2'), [['a', mv(at(1, 0), at(2, 0), 5)]], [2])
  const details = rules.dice.details!(logged(events, 40), null) as { rolls: unknown[]; draftDraw: unknown }
  const combatSeq = 40 + events.findIndex((e) => e.type === 'combat')
  t.same(details.rolls, [{ seq: combatSeq, counter: 0, roll: 2, tile: at(2, 0), attackers: 5, defenders: 1, a: 1, d: 2, attack: 7, defence: 4 }])
  t.equal(details.draftDraw, null, 'no draft in this week')
  t.same(rules.dice.details!([], 'a-seed-0001'), { rolls: [], draftDraw: null }, 'a quiet week: no dice')
})

t.test('R3.1 the dice details re-derive the draft order: a Fisher–Yates shuffle of the joined tribes, one die a swap', async (t) => {
  const seed = 'platform-seed-1'
  // The draw starts at the state's counter, not at 0.
  const setup = { ...newGame(4, seed), rng: { seed, counter: 3 } }
  const started = rules.applySystem(setup, { type: 'startDraft' }, hmacRng)
  if (!started.ok) throw new Error(started.error.code)
  const joined = setup.tribes.map((x) => x.id)
  type Draw = { counter: number; position: number; modulo: number; value: number | null; swapWith: number | null }
  type DraftDraw = { seq: number; order: string[]; firstCounter: number; draws: Draw[] }
  const revealed = (rules.dice.details!(logged(started.events, 7), seed) as { draftDraw: DraftDraw }).draftDraw
  t.equal(revealed.seq, 8, "the draftStarted event's place in the log (after the system action)")
  t.same(revealed.order, started.state.draft!.order, 'the order drawn')
  t.equal(revealed.firstCounter, 3)
  t.same(
    revealed.draws.map((d) => [d.counter, d.position, d.modulo]),
    [
      [3, 3, 4],
      [4, 2, 3],
      [5, 1, 2],
    ],
    'positions from the last down to 1, each with its own counter',
  )
  for (const d of revealed.draws) {
    t.equal(d.value, hmacRng(seed, d.counter), `counter ${d.counter}: the seed's value`)
    t.equal(d.swapWith, d.value! % d.modulo, `counter ${d.counter}: swapped with value mod (position + 1)`)
  }
  const order = [...joined]
  for (const d of revealed.draws) [order[d.position], order[d.swapWith!]] = [order[d.swapWith!]!, order[d.position]!]
  t.same(order, started.state.draft!.order, 'replaying the swaps on the joined order gives the drawn order')
  const sealed = (rules.dice.details!(logged(started.events, 7), null) as { draftDraw: DraftDraw }).draftDraw
  t.same(
    sealed.draws.map((d) => [d.counter, d.position, d.modulo, d.value, d.swapWith]),
    [
      [3, 3, 4, null, null],
      [4, 2, 3, null, null],
      [5, 1, 2, null, null],
    ],
    'before the seed is revealed: which dice, not their values',
  )
  const alone = rules.dice.details!([{ seq: 1, type: 'draftStarted', payload: { type: 'draftStarted', order: ['t0'], counter: 0 } }], seed)
  t.same(alone, { rolls: [], draftDraw: { seq: 1, order: ['t0'], firstCounter: 0, draws: [] } }, 'one tribe: nothing to shuffle, no die')
})

t.test('R1.4 the maps a campaign chooses: the bundled ones, summarised by their tiles, cities and ports', async (t) => {
  const maps = rules.maps!
  t.equal(maps.bundled, BUNDLED_MAPS)
  t.same(
    maps.bundled.map((m) => m.id),
    ['coast-2', 'coast-3', 'coast-4', 'coast-5', 'coast-6', 'coast-7'],
  )
  for (const m of maps.bundled) {
    t.same(validateMap(m), [], `${m.id} is playable`)
    const summary = maps.summary(m)
    t.match(summary, { id: m.id, name: m.name, tribes: m.tribes, tiles: m.tiles.length }, m.id)
    t.ok(Number(summary.cities) >= 2 * m.tribes, `${m.id}: two cities a tribe`)
  }
  const map = drawn().map
  t.same(
    maps.summary(map),
    { id: 'test-board', name: 'test board', description: '', tribes: 2, tiles: 8, cities: 3, ports: 2 },
    'no description reads as an empty one; the inland neutral city is no port',
  )
  t.match(maps.summary({ ...map, description: 'two coasts' }), { description: 'two coasts' })
  const renamed = maps.renamed(map, 'uploaded-7')
  t.same(renamed, { ...map, id: 'uploaded-7' }, 'an upload under the id the server gives it')
  t.equal(map.id, 'test-board', 'the upload itself is not changed')
})

t.test('R1.4 the map lives in the state: storage takes it out as a stub and puts it back', async (t) => {
  const maps = rules.maps!
  const s = drawn()
  t.equal(maps.of(s), s.map)
  const stored = maps.with(s, { id: 'test-board', hash: 'abc' })
  t.same(stored.map, { id: 'test-board', hash: 'abc' })
  t.same(stored.owners, s.owners, 'nothing else moves')
  t.equal(s.map.name, 'test board', 'the state given is not changed')
  t.equal(maps.with(stored, s.map).map, s.map, 'and back')
})

t.test('R1.4 R2.1 two cities a tribe, and never more than the seven weekdays', async (t) => {
  for (const [cities, most] of [
    [3, 1],
    [4, 2],
    [13, 6],
    [14, 7],
    [17, 7],
  ] as const) {
    t.equal(rules.maxTribes(row(20, cities)), most, `${cities} cities: ${most} tribes`)
  }
  t.equal(rules.maxTribes(bundledMap('coast-7')!), 7)
})

t.test('R3.2 a draft pick is an order; R11.1 a trade moves land, cities and ships, never resources', async (t) => {
  t.same(rules.draftPick!('3,4'), { type: 'draftPick', city: '3,4' })
  t.same(
    rules.tradeOf({
      transfers: [
        { from: 'a', to: 'b', tiles: ['1,0'], ships: ['s2'], note: 'extra' } as never,
        { from: 'b', to: 'a', ships: ['s1'] } as never,
        { from: 'c', to: 'a' },
      ],
    }),
    {
      ok: true,
      trade: [
        { from: 'a', to: 'b', tiles: ['1,0'], ships: ['s2'] },
        { from: 'b', to: 'a', tiles: [], ships: ['s1'] },
        { from: 'c', to: 'a', tiles: [], ships: [] },
      ],
    },
    'each part with its tiles and ships (none when not named), and nothing else',
  )
  const refusal = {
    ok: false,
    error: { code: 'trade/resources_not_tradeable', message: 'Resources can never be traded: propose land tiles, cities and ships', rule: 'R11.1' },
  }
  t.same(rules.tradeOf({ transfers: [{ from: 'a', to: 'b' }], resources: 10 }), refusal, 'resources beside the transfers')
  t.same(rules.tradeOf({ transfers: [{ from: 'a', to: 'b' }], resources: 0 }), refusal, 'even none of them')
  t.same(
    rules.tradeOf({ transfers: [{ from: 'a', to: 'b', tiles: [] } as never, { from: 'b', to: 'a', resources: 5 } as never] }),
    refusal,
    'in any one transfer',
  )
  t.same(rules.tradeOf({ transfers: [] }), { ok: true, trade: [] })
})

t.test('R2.5 a week limit is a whole number of weeks, at least 1, or none; the campaign is set up with it', async (t) => {
  for (const ok of [null, 1, 4, 52]) t.equal(rules.checkLimit(ok), null, `limit ${ok}`)
  for (const bad of [0, -2, 1.5]) {
    t.same(
      rules.checkLimit(bad),
      { code: 'setup/bad_week_limit', message: 'the week limit is a whole number of weeks, at least 1', rule: 'R2.5', params: { min: 1 } },
      `limit ${bad}`,
    )
  }
  const setup = (limit: number | null) =>
    rules.createGame({ map: bundledMap('coast-3')!, tribes: tribes(3), seed: 'seed-of-setup', secretSeed: 'ignored', limit })
  t.match(setup(4), { ok: true, state: { weekLimit: 4, status: 'setup', rng: { seed: 'seed-of-setup', counter: 0 } } })
  t.match(setup(null), { ok: true, state: { weekLimit: null } })
  t.match(setup(0), { ok: false, error: { code: 'setup/bad_week_limit', rule: 'R2.5' } })
  const made = setup(4)
  if (made.ok) t.equal(rules.secretOf(made.state), '', 'the weekday game keeps no secret seed: the draft seed is public')
})

t.test('R12.1 each event is filed under its tribe, and an order given in a window is a turn played (R3.4: a pick is not)', async (t) => {
  t.same(rules.tagEvent({ type: 'order', tribe: 'a', order: { type: 'endTurn' } }), { tribe: 'a', played: true })
  t.same(rules.tagEvent({ type: 'order', tribe: 'b', order: { type: 'draftPick', city: '0,0' } }), { tribe: 'b', played: false })
  t.same(rules.tagEvent({ type: 'turnEnded', tribe: 'a' }), { tribe: 'a', played: false }, 'only the order itself counts')
  t.same(rules.tagEvent({ type: 'eliminated', tribe: 'c', troopsRemoved: 0, shipsRemoved: [] }), { tribe: 'c', played: false })
  t.same(rules.tagEvent({ type: 'payout', week: 1, pools: [] }), { tribe: null, played: false }, 'a payout concerns no one tribe')
  t.same(rules.tagEvent({ type: 'system', action: { type: 'openWindow', tribe: 'a' } }), { tribe: null, played: false }, "a system action's tribe is its own")
  t.same(rules.tagEvent({ type: 'order', tribe: 7, order: { type: 'endTurn' } } as never), { tribe: null, played: true }, 'a tribe that is not an id is none')
  t.same(
    rules.mapEvents,
    ['order', 'moved', 'combat', 'embarked', 'disembarked', 'shipMoved', 'shipBuilt', 'windowOpened'],
    "a week's map draws its orders, moves, battles and voyages, and whose window opened",
  )
})

t.test('R6.2 the economy held is the pools of the last payout; the preview is the next one', async (t) => {
  const s = board('A3 a a . B2')
  t.same(
    rules.heldEconomy!(s).map((p) => [p.tribe, p.payout, p.balance]),
    [
      ['a', 14, 14],
      ['b', 10, 10],
    ],
  )
  const spent = play(s, [['a', { type: 'recruit', city: at(0, 0), troops: 1 }]]).state
  t.same(
    rules.heldEconomy!(spent).map((p) => p.balance),
    [4, 10],
    'what was spent is gone from the held pools',
  )
  t.same(
    rules.previewEconomy(spent).map((p) => p.balance),
    [14, 10],
    'the next payout pays in full',
  )
  t.same(rules.heldEconomy!({ ...s, pools: undefined } as never), [], 'a state with no pools yet holds nothing')
})

t.test("R4.4 R4.6 the view: status, week, seed, each tribe's turn and phase", async (t) => {
  const s = { ...drawn(), week: 3, rng: { seed: 'week-3-seed-00', counter: 5 } }
  s.tribes = s.tribes.map((x, i) => ({ ...x, phase: (['actions', 'ended'] as const)[i]! }))
  t.same(rules.view(s), {
    status: 'running',
    period: 3,
    seed: 'week-3-seed-00',
    draft: null,
    ranking: null,
    endedByLimit: false,
    progress: null,
    tribes: [
      { id: 'a', name: 'Tribe A', weekday: 'monday', eliminated: false, turn: 'started', phase: 'actions' },
      { id: 'b', name: 'Tribe B', weekday: 'tuesday', eliminated: false, turn: 'ended', phase: 'ended' },
    ],
  })
})

t.test('R3.2 the view of a draft: its order, whose pick it is, how many picks are made', async (t) => {
  const started = rules.applySystem(newGame(3), { type: 'startDraft' }, hmacRng)
  if (!started.ok) throw new Error(started.error.code)
  const order = started.state.draft!.order
  t.same(rules.view(started.state).draft, { order, onTheClock: order[0], picks: 0 })
  const city = bundledMap('coast-3')!.tiles.find((x) => x.city)!
  const picked = rules.applyOrder(started.state, order[0]!, rules.draftPick!(`${city.q},${city.r}`), hmacRng)
  if (!picked.ok) throw new Error(picked.error.code)
  t.same(rules.view(picked.state).draft, { order, onTheClock: order[1], picks: 1 })
  t.match(rules.view(picked.state), { status: 'draft', period: 0, ranking: null, endedByLimit: false })
  const after = { ...picked.state, status: 'running' as const }
  t.same(rules.view(after).draft, { order, onTheClock: null, picks: 1 }, 'once the campaign runs, no one is on the clock')
})

t.test('R2.5 the view of a finished campaign: its ranking, and whether the week limit ended it', async (t) => {
  const limited = { ...board('A3 a a ~ B9 ~ C1 c'), weekLimit: 3, week: 3 }
  const ended = play(limited, [{ system: { type: 'weeklyPayout' } }]).state
  t.match(rules.view(ended), { status: 'finished', period: 4, ranking: ['a', 'c', 'b'], endedByLimit: true })
  const notYet = play({ ...limited, week: 2 }, [{ system: { type: 'weeklyPayout' } }]).state
  t.match(rules.view(notYet), { status: 'running', period: 3, ranking: null, endedByLimit: false })
  // b loses its only city in week 3 of a 3-week campaign: the last tribe ended it, not the limit.
  const duel = play({ ...board('A3 a5 B1 b'), weekLimit: 3, week: 3 }, [['a', mv(at(1, 0), at(2, 0), 5)]], [4]).state
  t.match(rules.view(duel), { status: 'finished', ranking: ['a', 'b'], endedByLimit: false })
  const unlimited = play(board('A3 a5 B1 b'), [['a', mv(at(1, 0), at(2, 0), 5)]], [4]).state
  t.match(rules.view({ ...unlimited, week: 9 }), { endedByLimit: false }, 'a campaign with no limit never ends by it')
  t.same(rules.view({ ...unlimited, ranking: null }).ranking, [], 'finished with no ranking stored: an empty one, not none')
  t.equal(rules.view({ ...notYet, week: 9 }).endedByLimit, false, 'a running campaign past its limit has not ended by it')
})
