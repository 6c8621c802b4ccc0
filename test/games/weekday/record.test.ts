import { createHmac, createHash, randomBytes } from 'node:crypto'
import t from 'tap'
import { canonicalJson, d4From, hmacRng, hmacSha256, scriptedRng, sha256, toHex, utf8 } from '../../../src/engine/index.ts'
import { mapHash, replay, stateHash, type GameEvent, type GameState } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { simulate } from './random-play.ts'

t.test('SHA-256 and HMAC-SHA-256 match the standard vectors and node:crypto', async (t) => {
  t.equal(toHex(sha256(utf8('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  t.equal(toHex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?'))), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
  for (let i = 0; i < 200; i++) {
    const key = randomBytes(i % 90)
    const msg = randomBytes((i * 7) % 150)
    t.equal(toHex(sha256(msg)), createHash('sha256').update(msg).digest('hex'))
    t.equal(toHex(hmacSha256(key, msg)), createHmac('sha256', key).update(msg).digest('hex'))
  }
})

t.test('R8.4 a d4 is HMAC-SHA-256(seed, counter), so anyone can re-verify it from the revealed seed', async (t) => {
  const seed = 'revealed-week-seed'
  for (let counter = 0; counter < 50; counter++) {
    const mac = createHmac('sha256', seed).update(String(counter)).digest()
    t.equal(d4From(hmacRng(seed, counter)), (mac.readUInt32BE(0) % 4) + 1)
  }
  const counts = [0, 0, 0, 0]
  for (let c = 0; c < 4000; c++) counts[d4From(hmacRng('fairness', c)) - 1]!++
  t.ok(
    counts.every((n) => n > 900 && n < 1100),
    `roughly uniform: ${counts.join(' ')}`,
  )
})

/** Six weeks of seeded random play on the 3-tribe map, with the real dice. */
function campaign() {
  return simulate(bundledMap('coast-3')!, 7, 6)
}

t.test('R12.1 every change of state is an event in the log', async (t) => {
  const { events } = campaign()
  const types = new Set(events.map((e) => e.type))
  for (const type of ['draftStarted', 'draftPicked', 'campaignStarted', 'recruited', 'moved', 'combat', 'windowOpened', 'windowClosed', 'payout', 'seedSet']) {
    t.ok(types.has(type as GameEvent['type']), `${type} is logged`)
  }
})

t.test('R12.2 replaying the log from the initial state reproduces the state exactly', async (t) => {
  const { initial, state, events } = campaign()
  const replayed = replay(initial, events, hmacRng)
  t.ok(replayed.ok)
  t.equal(replayed.ok && stateHash(replayed.state), stateHash(state))
  t.equal(replayed.ok && canonicalJson(replayed.state), canonicalJson(state))

  const i = events.findIndex((e) => e.type === 'combat')
  t.ok(i > 0, 'the campaign has a battle')
  const forged = events.map((e, k) => (k === i && e.type === 'combat' ? { ...e, roll: (e.roll % 4) + 1 } : e))
  const caught = replay(initial, forged, hmacRng)
  t.match(caught, { ok: false, at: i, message: /differ on replay/ }, 'a forged roll is caught, at its own place in the log')
})

t.test('the state is plain JSON and round-trips unchanged', async (t) => {
  const { state } = campaign()
  const copy = JSON.parse(JSON.stringify(state)) as GameState
  t.same(copy, state)
  t.equal(stateHash(copy), stateHash(state))
})

t.test('canonical JSON: keys sorted at every depth, undefined fields left out, so equal states hash equally', async (t) => {
  t.equal(canonicalJson({ b: 1, a: [1, 'x', null, undefined, { d: undefined, c: true }] }), '{"a":[1,"x",null,null,{"c":true}],"b":1}')
  t.equal(canonicalJson(undefined), 'null')
  t.equal(canonicalJson('text'), '"text"')
  t.equal(canonicalJson([]), '[]')
  t.equal(canonicalJson({}), '{}')
  const map = bundledMap('coast-3')!
  const reordered = Object.fromEntries(Object.entries(map).reverse()) as typeof map
  t.equal(mapHash(reordered), mapHash(map), "the order of keys does not change a map's hash")
  t.equal(mapHash(map), toHex(sha256(utf8(canonicalJson(map)))))
  t.not(mapHash({ ...map, name: 'Another' }), mapHash(map))
  const { state } = campaign()
  t.equal(stateHash(state), toHex(sha256(utf8(canonicalJson(state)))))
  t.match(stateHash(state), /^[0-9a-f]{64}$/)
})

t.test('R12.2 a log that cannot be replayed says where and why', async (t) => {
  const { initial, events } = campaign()
  t.same(
    replay(initial, [events[1]!, ...events], hmacRng),
    { ok: false, at: 0, message: `event 0 (${events[1]!.type}) is not an order or system input` },
    'a result with no input before it',
  )
  t.equal(events[0]!.type, 'system')
  const refused: GameEvent = { type: 'order', tribe: 'nobody', order: { type: 'endTurn' } } as GameEvent
  t.match(replay(initial, [events[0]!, ...events.slice(1, 1 + resultsOf(events, 0)), refused], hmacRng), {
    ok: false,
    at: 1 + resultsOf(events, 0),
    message: /^event \d+ was refused on replay: [a-z_]+\/[a-z_]+$/,
  })
  const k = events.findIndex((e, i) => (e.type === 'order' || e.type === 'system') && resultsOf(events, i) >= 2)
  t.ok(k >= 0, 'an input with at least two results')
  const cut = events.slice(0, k + 2)
  t.same(
    replay(initial, cut, hmacRng),
    { ok: false, at: k + 2, message: `events from ${k + 2} (missing) differ on replay` },
    'a log cut short is caught where its results stop',
  )
  const changed = events.map((e, i) => (i === k + 1 ? { ...e, forged: true } : e)) as GameEvent[]
  t.same(replay(initial, changed, hmacRng), { ok: false, at: k + 1, message: `events from ${k + 1} (${events[k + 1]!.type}) differ on replay` })
})

/** How many events after the input at i it produced. */
function resultsOf(events: readonly GameEvent[], i: number): number {
  let n = 1
  while (i + n < events.length && events[i + n]!.type !== 'order' && events[i + n]!.type !== 'system') n++
  return n - 1
}

t.test("the tests' scripted d4 shows the rolls given, then a filler that still depends only on the counter", async (t) => {
  const rng = scriptedRng([4, 1])
  t.same(
    [0, 1].map((c) => d4From(rng('any', c))),
    [4, 1],
  )
  t.equal(rng('any', 5), 5, 'past the script: the counter itself')
  t.equal(d4From(rng('other', 6)), d4From(rng('any', 6)))
})
