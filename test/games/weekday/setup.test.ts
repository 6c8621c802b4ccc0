import t from 'tap'
import { hmacRng } from '../../../src/engine/index.ts'
import { applyOrder, applySystem, checkSetup, createGame, onTheClock, type GameState, type NewTribe } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { play, refused } from './dsl.ts'

const map = bundledMap('coast-3')!
const tribes: NewTribe[] = [
  { id: 'red', name: 'Red', weekday: 'monday' },
  { id: 'green', name: 'Green', weekday: 'wednesday' },
  { id: 'blue', name: 'Blue', weekday: 'saturday' },
]
const cities = map.tiles.filter((x) => x.city).map((x) => `${x.q},${x.r}`)

function newGame(seed = 'seed-for-tests-1', list = tribes): GameState {
  const created = createGame({ map, tribes: list, seed })
  if (!created.ok) throw new Error(created.error.message)
  return created.state
}

/** A draft drawn with the real dice (HMAC of the seed). */
function drafted(seed?: string): GameState {
  const started = applySystem(newGame(seed), { type: 'startDraft' }, hmacRng)
  if (!started.ok) throw new Error(started.error.message)
  return started.state
}

t.test('R2.1 a campaign has 2 to 7 tribes, each on its own weekday', async (t) => {
  t.match(createGame({ map, tribes: tribes.slice(0, 1), seed: 'x'.repeat(16) }), { ok: false, error: { code: 'setup/tribe_count', rule: 'R2.1' } })
  const eight = Array.from({ length: 8 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, weekday: 'monday' as const }))
  t.match(createGame({ map: bundledMap('coast-7')!, tribes: eight, seed: 'x'.repeat(16) }), { ok: false })
  const clash = [tribes[0]!, { ...tribes[1]!, weekday: 'monday' as const }]
  t.match(createGame({ map, tribes: clash, seed: 'x'.repeat(16) }), { ok: false, error: { code: 'setup/weekday_taken', rule: 'R2.1' } })
  t.match(createGame({ map, tribes, seed: 'x'.repeat(16) }), { ok: true })
})

t.test('R3.1 the draft order is drawn with the campaign dice: same seed, same order', async (t) => {
  const orders = new Set<string>()
  for (let i = 0; i < 12; i++) {
    const a = drafted(`seed-number-${i}`)
    const b = drafted(`seed-number-${i}`)
    t.same(a.draft!.order, b.draft!.order)
    t.same([...a.draft!.order].sort(), ['blue', 'green', 'red'])
    orders.add(a.draft!.order.join())
  }
  t.ok(orders.size > 1, 'different seeds give different orders')
  const started = applySystem(newGame(), { type: 'startDraft' }, hmacRng)
  t.match(started.ok && started.events, [{ type: 'system' }, { type: 'draftStarted', counter: 0 }], 'the log records the draw')
})

t.test('R3.2 two rounds, the second in reverse (snake); only the tribe on the clock picks an untaken city', async (t) => {
  let s = drafted()
  const order = s.draft!.order
  const snake = [...order, ...[...order].reverse()]
  t.match(refused(s, [order[1]!, { type: 'draftPick', city: cities[0]! }]), { code: 'draft/not_your_pick', rule: 'R3.2' })
  s = play(s, [[order[0]!, { type: 'draftPick', city: cities[0]! }]]).state
  t.match(refused(s, [order[1]!, { type: 'draftPick', city: cities[0]! }]), { code: 'draft/city_taken', rule: 'R3.2' })
  const land = map.tiles.find((x) => x.terrain === 'land' && !x.city)!
  t.match(refused(s, [order[1]!, { type: 'draftPick', city: `${land.q},${land.r}` }]), { code: 'draft/not_a_city', rule: 'R3.2' })
  for (let k = 1; k < snake.length; k++) s = play(s, [[snake[k]!, { type: 'draftPick', city: cities[k]! }]]).state
  t.same(
    s.draft!.picks.map((p) => p.tribe),
    snake,
  )
})

t.test('R3.3 every city starts with 5 troops; picked garrisons join the picker, the rest stay neutral', async (t) => {
  const s = drafted()
  t.ok(cities.every((c) => s.armies[c]?.troops === 5 && s.armies[c]?.tribe === null))
  const after = play(s, [[s.draft!.order[0]!, { type: 'draftPick', city: cities[3]! }]]).state
  t.match(after.armies[cities[3]!], { tribe: s.draft!.order[0], troops: 5 })
  t.match(after.armies[cities[4]!], { tribe: null, troops: 5 })
})

t.test('R3.4 draft picks are not bound to weekdays (R2.3: a GM may pick for the tribe on the clock); other orders are', async (t) => {
  const s = drafted()
  t.ok(
    s.tribes.every((x) => x.phase === 'closed'),
    'no window is open',
  )
  const first = s.draft!.order[0]!
  t.ok(applyOrder(s, first, { type: 'draftPick', city: cities[0]! }, hmacRng).ok)
  t.match(refused(s, [first, { type: 'endTurn' }]), { code: 'campaign/not_running' })
})

t.test('R3.5 the last pick starts the campaign with the first payout at once', async (t) => {
  let s = drafted()
  const order = s.draft!.order
  const snake = [...order, ...[...order].reverse()]
  const events = []
  for (let k = 0; k < snake.length; k++) {
    const r = play(s, [[snake[k]!, { type: 'draftPick', city: cities[k]! }]])
    s = r.state
    events.push(...r.events)
  }
  t.equal(s.status, 'running')
  t.ok(events.some((e) => e.type === 'campaignStarted'))
  t.equal(s.pools.length, 6, 'two lone cities each: one pool per city')
  t.ok(s.pools.every((p) => p.payout === 10 && p.balance === 10))
})

t.test('R3.1 the draw takes one roll per swap (n − 1 for n tribes), and the counter moves on by exactly that', async (t) => {
  const before = newGame('seed-for-counting')
  const started = applySystem(before, { type: 'startDraft' }, hmacRng)
  if (!started.ok) throw new Error(started.error.message)
  t.match(
    started.events.find((e) => e.type === 'draftStarted'),
    { counter: before.rng.counter },
  )
  t.equal(started.state.rng.counter, before.rng.counter + tribes.length - 1, 'two rolls for three tribes')
})

t.test('R3.2 nobody is on the clock once every tribe has its two cities', async (t) => {
  const order = ['red', 'green', 'blue']
  t.equal(onTheClock({ order, picks: [] }), 'red')
  t.equal(onTheClock({ order, picks: order.map((tribe, i) => ({ tribe, city: cities[i]! })) }), 'blue', 'the snake turns: the last picks twice')
  const all = [...order, ...[...order].reverse()].map((tribe, i) => ({ tribe, city: cities[i]! }))
  t.equal(onTheClock({ order, picks: all.slice(0, 5) }), 'red', 'the first picks last')
  t.equal(onTheClock({ order, picks: all }), null)
})

t.test('R3.2 a pick outside the draft is refused, even with the finished draft still on record', async (t) => {
  const running = { ...newGame(), status: 'running' as const, draft: { order: ['red', 'green', 'blue'], picks: [] } }
  t.match(refused(running, ['red', { type: 'draftPick', city: cities[0]! }]), { code: 'draft/not_drafting', rule: 'R3.2' })
})

t.test('R3.3 a picked city keeps its own neutral garrison, whatever its size; one without a garrison gets the starting 5', async (t) => {
  const s = drafted('seed-for-garrisons')
  const onClock = onTheClock(s.draft!)!
  const [small, bare] = [cities[0]!, cities[1]!]
  const armies = { ...s.armies, [small]: { tribe: null, troops: 2, mp: 0 } }
  delete armies[bare]
  const changed = { ...s, armies }
  t.same(play(changed, [[onClock, { type: 'draftPick', city: small }]]).state.armies[small], { tribe: onClock, troops: 2, mp: 0 })
  t.match(play(changed, [[onClock, { type: 'draftPick', city: bare }]]).state.armies[bare], { tribe: onClock, troops: 5 })
})

t.test('R2.1 R1.4 a setup that cannot be played says exactly why', async (t) => {
  const error = (input: Partial<Parameters<typeof checkSetup>[0]>) => checkSetup({ map, tribes, seed: 'x'.repeat(16), ...input })
  t.same(error({ tribes: tribes.slice(0, 1) }), {
    code: 'setup/tribe_count',
    message: 'a campaign has 2 to 7 tribes, not 1',
    rule: 'R2.1',
    params: { min: 2, max: 7 },
  })
  const eight = Array.from({ length: 8 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, weekday: 'monday' as const }))
  const wide = { ...map, tiles: [...map.tiles, ...Array.from({ length: 16 }, (_, k) => ({ q: 100 + k, r: 0, terrain: 'land' as const, city: true }))] }
  t.match(error({ map: wide, tribes: eight }), { code: 'map/not_connected', rule: 'R1.4' }, 'the map is checked first')
  const island = { ...map, id: 'Bad', tiles: [...map.tiles, { q: 100, r: 0, terrain: 'land' as const }] }
  const both = error({ map: island })!
  t.equal(both.code, 'map/bad_id', 'the first problem gives the code')
  t.match(
    both.message,
    /^id must be 1–64 lower-case letters, digits or dashes; the map is not connected: 1 tile\(s\) such as 100,0/,
    'every problem is in the message',
  )
  t.same(error({ tribes: [tribes[0]!, { ...tribes[1]!, weekday: 'funday' as 'monday' }] }), {
    code: 'setup/bad_weekday',
    message: '"funday" is not a weekday (monday … sunday)',
    rule: 'R2.1',
  })
  t.same(error({ tribes: [tribes[0]!, { ...tribes[1]!, id: 'red' }] }), { code: 'setup/duplicate_tribe', message: 'tribe id red is used twice' })
  t.same(error({ tribes: [tribes[0]!, { ...tribes[1]!, weekday: 'monday' }] }), {
    code: 'setup/weekday_taken',
    message: 'monday already belongs to Red',
    rule: 'R2.1',
  })
  const limit = { code: 'setup/bad_week_limit', message: 'the week limit is a whole number of weeks, at least 1', rule: 'R2.5' }
  for (const weekLimit of [0, -3, 1.5]) t.same(error({ weekLimit }), limit, `week limit ${weekLimit}`)
  for (const weekLimit of [1, 52, null, undefined]) t.equal(error({ weekLimit }), null, `week limit ${weekLimit} is fine`)
})

t.test('R3.3 a new campaign: neutral garrisons of 5 in every city, nothing else on the board', async (t) => {
  const s = newGame()
  t.equal(s.ruleset, 'weekly-turn')
  t.same(s.besieged, [])
  t.same(s.pools, [])
  t.same(s.ships, {})
  t.same(Object.keys(s.armies).sort(), [...cities].sort())
  t.ok(Object.values(s.armies).every((a) => a.tribe === null && a.troops === 5 && a.mp === 0))
  t.ok(s.owners.every((o) => o === null))
  t.same(
    { status: s.status, week: s.week, draft: s.draft, ranking: s.ranking, nextShipId: s.nextShipId, rng: s.rng },
    { status: 'setup', week: 0, draft: null, ranking: null, nextShipId: 1, rng: { seed: 'seed-for-tests-1', counter: 0 } },
  )
})
