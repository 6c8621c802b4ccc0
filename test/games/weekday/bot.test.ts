// #50: the weekday game's bot. It answers only what its tribe is offered, the same way from the
// same seed; it drafts its two cities close together; it recruits, keeps a garrison against the
// armies in reach, takes a city when the d4 cannot fail and leaves one it cannot take; and what
// the board hides from it (the other tribes' pools, the week's seed) never changes what it does.
import t from 'tap'
import { bundledMap, parseTileKey, weeklyTurn, type GameState, type Order } from '../../../src/engine/games/weekday/index.ts'
import { BOT_ORDERS, botRandom, hmacRng, nextBotOrder, playBotWindow, playSeats, scriptedRng, type Seat } from '../../../src/engine/index.ts'
import { at, board } from './dsl.ts'

/** A's window from this board, its d4 showing `rolls` (all 1s: the worst face for an attacker). */
const window = (s: GameState, seed = 'bot-seed', rolls = [1, 1, 1, 1, 1, 1]) => playBotWindow(weeklyTurn, s, 'a', seed, scriptedRng(rolls))
const into = (orders: Order[], tile: string) => orders.some((o) => o.type === 'move' && o.path?.at(-1) === tile)
const hexes = (a: string, b: string) => {
  const p = parseTileKey(a)!
  const q = parseTileKey(b)!
  return (Math.abs(p.q - q.q) + Math.abs(p.r - q.r) + Math.abs(p.q - q.q + p.r - q.r)) / 2
}

t.test('#50 R4: over whole games the bot answers only orders it is offered, and ranks first among passive tribes (R2.5)', async (t) => {
  const bot = weeklyTurn.bot!
  const seen = { answers: 0, strays: 0 }
  const watched = {
    ...weeklyTurn,
    bot: {
      choose: (sight: Parameters<typeof bot.choose>[0], random: () => number) => {
        const order = bot.choose(sight, random)
        if (order !== null) seen[sight.offered.includes(order) ? 'answers' : 'strays']++
        return order
      },
    },
  }
  for (const [seed, seats] of [
    [1, ['passive', 'bot', 'passive']],
    [2, ['bot', 'random']],
  ] as [number, Seat[]][]) {
    const game = playSeats(watched, seats, seed, { map: bundledMap(`coast-${seats.length}`), limit: 4 })
    t.ok(game.finished, `game ${seed} ends at the week limit`)
    if (!seats.includes('random')) t.equal(game.ranking[0], seats.indexOf('bot'), `game ${seed}: the bot ranks first`)
  }
  t.ok(seen.answers > 20, `it played (${seen.answers} orders)`)
  t.equal(seen.strays, 0, 'never an order it was not offered')
})

t.test('#50: the same seed gives the same orders', async (t) => {
  const s = board(`
    A5 . . . . b2 B5
     . . . . . .  .
  `)
  const first = window(s)
  t.ok(first.orders.length >= 2, 'it plays its window')
  t.same(window(s).orders, first.orders, 'orders')
  const game = () => playSeats(weeklyTurn, ['bot', 'random'], 7, { map: bundledMap('coast-2'), limit: 2 })
  t.same(game(), game(), 'a whole game too')
})

t.test('R3.2 R6.2: the bot answers every draft pick, its second city near its first', async (t) => {
  const tribes = (['monday', 'tuesday', 'wednesday'] as const).map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday }))
  const created = weeklyTurn.createGame({ map: bundledMap('coast-3')!, tribes, seed: 'draft', secretSeed: '', limit: 4 })
  if (!created.ok) throw new Error(created.error.code)
  let s = created.state
  const step = (r: ReturnType<typeof weeklyTurn.applyOrder>) => {
    if (!r.ok) throw new Error(r.error.code)
    return r.state
  }
  s = step(weeklyTurn.applySystem(s, weeklyTurn.actions.start(0), hmacRng))
  for (let pick = 0; weeklyTurn.view(s).status === 'draft'; pick++) {
    const tribe = weeklyTurn.view(s).draft!.onTheClock!
    const order = nextBotOrder(weeklyTurn, s, tribe, botRandom(`pick ${pick}`), 0)
    t.equal(order?.type, 'draftPick', `pick ${pick + 1}: ${tribe} picks`)
    s = step(weeklyTurn.applyOrder(s, tribe, order!, hmacRng))
  }
  t.equal(s.status, 'running', 'the campaign starts after the last pick (R3.5)')
  for (const { id } of tribes) {
    const [first, second] = s.draft!.picks.filter((p) => p.tribe === id).map((p) => p.city)
    t.ok(hexes(first!, second!) <= 3, `${id}: ${first} and ${second} are at most 3 tiles apart`)
  }
})

t.test('R8.3: it takes a city the d4 cannot save and leaves one it cannot take', async (t) => {
  //   A2 . . a5 B1      5 attackers on 1 in a city: D = 4, A ≥ 6 on every face
  const taken = window(board('A2 . . a5 B1'))
  t.ok(
    taken.orders.some((o) => o.type === 'move' && o.from === at(3, 0) && o.troops === 5 && o.path?.at(-1) === at(4, 0)),
    'all 5 attack',
  )
  t.equal(taken.state.owners[4], 'a', 'and the city is a’s')
  //   A2 . . a2 B5      2 attackers on 5 in a city: D = 12, A ≤ 6
  const left = window(board('A2 . . a2 B5 . .'))
  t.notOk(into(left.orders, at(4, 0)), 'no attack on the city')
  t.ok(left.orders.length > 0, 'it claims land instead')
})

t.test('R5.1 R8.2: it recruits, and keeps a garrison against the armies in reach', async (t) => {
  //   A3 . b5 . . B     b's 5 troops are 2 tiles away: A needs 4 (2·4 + 2 ≥ 5 + 4)
  const threatened = window(board('A3 . b5 . . B'))
  t.same(threatened.orders, [{ type: 'recruit', city: at(0, 0), troops: 1 }], 'the pool buys 1 troop, and no troop leaves')
  t.equal(threatened.state.armies[at(0, 0)]?.troops, 4)
  //   A3 . . . . . B    no army in reach: the troops go out to claim land (R7.5)
  const quiet = window(board('A3 . . . . . B'))
  t.match(quiet.orders[0], { type: 'recruit', city: at(0, 0) })
  t.ok(
    quiet.orders.some((o) => o.type === 'move' && o.from === at(0, 0)),
    'troops leave the city',
  )
  t.ok(quiet.orders.length <= BOT_ORDERS, 'and it ends its window on its own')
  t.ok(quiet.state.owners.filter((o) => o === 'a').length > 2, 'with land claimed')
})

t.test('R6.4 R8.4: the other tribes’ pools and the week’s seed, hidden from a, never change its orders', async (t) => {
  const s = board(`
    A5 . . . . B5
     . . . . . b2
  `)
  const seen = window(s)
  t.ok(seen.orders.length >= 2, 'it plays its window')
  const other = structuredClone(s)
  other.pools = other.pools.map((p) => (p.tribe === 'b' ? { ...p, balance: 90, payout: 90 } : p))
  other.rng = { seed: 'another week', counter: 3 }
  t.same(window(other).orders, seen.orders)
})
