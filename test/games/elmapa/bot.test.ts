// #50: El Mapa's bot. It answers only what its tribe is offered, the same way from the same
// seed; it builds for VP, fights only the battles it wins, walks toward face-down cells; and what
// its player cannot see (face-down tiles, other tribes' plans and hands, the secret seed) never
// changes what it does.
import t from 'tap'
import { elMapa, type ElMapaOrder, type ElMapaState } from '../../../src/engine/games/elmapa/index.ts'
import { botRandom, hmacRng, nextBotOrder, playBotWindow, playSeats, type Seat } from '../../../src/engine/index.ts'
import { mapa, open, system } from './dsl.ts'
import { wholeGames } from '../bot-watch.ts'

/** A campaign of `n` tribes started, at tick 0 and in round 1, with `tribe`'s window open. */
/** A campaign of `n` tribes (t0, t1, …) started: in setup (M2.3) until tick 0. */
function started(n: number): ElMapaState {
  const weekdays = ['monday', 'tuesday', 'wednesday'] as const
  const tribes = Array.from({ length: n }, (_, i) => ({ id: `t${i}`, name: `T${i}`, weekday: weekdays[i]! }))
  const created = elMapa.createGame({ map: elMapa.fixedMap!.map, tribes, seed: 'seed-of-the-test', secretSeed: 'secret-of-the-test', limit: 8 })
  if (!created.ok) throw new Error(created.error.code)
  return system(created.state, { type: 'startCampaign', at: 0 }).s
}

/** The same at tick 0, in round 1, with `tribe`'s window open. */
const roundOne = (n: number, tribe: string) => open(system(started(n), { type: 'tick', at: 7 * 86_400_000 }).s, tribe)

const cellOf = (key: string) => key.split(',').map(Number) as [number, number]

t.test('#50 M2.6 M11.4: over whole games the bot answers only orders it is offered, and ranks first among passive tribes', async (t) => {
  wholeGames(t, elMapa)
})

t.test('#50: the same seed gives the same orders', async (t) => {
  const s = roundOne(2, 't0')
  const a = playBotWindow(elMapa, s, 't0', 'bot-seed', hmacRng)
  const b = playBotWindow(elMapa, s, 't0', 'bot-seed', hmacRng)
  t.ok(a.orders.length > 0, 'it plays its window')
  t.same(b.orders, a.orders, 'orders')
  t.equal(elMapa.stateHash(b.state), elMapa.stateHash(a.state), 'and so the state')
  t.same(playSeats(elMapa, ['bot', 'random'], 7, { limit: 3 }), playSeats(elMapa, ['bot', 'random'], 7, { limit: 3 }), 'a whole game too')
})

t.test('M2.3: in setup the bot keeps the default plan (M8.7) and gives no order', async (t) => {
  t.equal(nextBotOrder(elMapa, started(2), 't0', botRandom('x'), 0), null)
})

t.test('M3.4 M3.6 M4.2: a castle builds its best building: an Ayuntamiento in a long game, an Estatua near its end', async (t) => {
  const at = (round: number) => open(mapa(`Ja . ? Jb`, { armies: 'a 0,0 leva=1', stock: 'a 5 1 1', round }), 'a')
  t.match(nextBotOrder(elMapa, at(1), 'a', botRandom('x'), 0), { type: 'build', village: '0,0', building: 'ayuntamiento' }, '+1 oro for 25 ticks')
  t.match(nextBotOrder(elMapa, at(24), 'a', botRandom('x'), 0), { type: 'build', village: '0,0', building: 'estatua' }, '4 VP for 1 oro')
})

t.test('M8 M8.16: the bot fights the guards its battle board says it beats, for their VP', async (t) => {
  const s = open(mapa(`Ja l1-leva ? Jb`, { armies: 'a 0,0 leva=4' }), 'a')
  const played = playBotWindow(elMapa, s, 'a', 'x', hmacRng)
  t.match(
    played.orders.find((o) => o.type === 'step'),
    { type: 'step', army: 1, dir: 'E' },
  )
  t.match(
    played.events.find((e) => e.type === 'battle'),
    { record: { result: 'attacker', vp: 2 } },
    'two levas killed',
  )
})

t.test('M8.15: the bot stays out of a battle it would lose, and walks toward the face-down cells instead (M6.4)', async (t) => {
  const s = open(
    mapa(
      `? ? ? . Ja l2-tesoro
       ? ? ? . .  Jb`,
      { armies: 'a 0,4 leva=1' },
    ),
    'a',
  )
  const { orders } = playBotWindow(elMapa, s, 'a', 'x', hmacRng)
  t.notOk(
    orders.some((o) => o.type === 'step' && o.dir === 'E'),
    'no step into 2 soldados',
  )
  t.match(
    orders.find((o) => o.type === 'step'),
    { type: 'step', dir: 'W' },
    'west, toward the unexplored',
  )
})

t.test('M12.9: what the bot cannot see never changes its orders', async (t) => {
  for (const tribe of ['t0', 't1', 't2']) {
    const s = roundOne(3, tribe)
    // Another secret seed, another deal far from the bot's armies, other plans and hands for the rest.
    const h = structuredClone(s)
    h.secretSeed = 'another-secret'
    const armies = s.armies.filter((a) => a.tribe === tribe).map((a) => cellOf(a.cell))
    const far = s.order.filter((k) => {
      const [r, c] = cellOf(k)
      return !s.cells[k]!.revealed && armies.every(([ar, ac]) => Math.abs(ar - r) + Math.abs(ac - c) > 5)
    })
    // The far face-down cells show one another's tiles, rotated one place.
    far.forEach((k, i) => {
      const from = s.cells[far[(i + 1) % far.length]!]!
      Object.assign(h.cells[k]!, { tile: from.tile, closed: from.closed, guards: from.guards, treasures: from.treasures })
    })
    for (const other of h.tribes.filter((x) => x.id !== tribe)) {
      other.hand = ['escudo-1', 'bloodlust-2', 'vision-3']
      other.plan = { platoons: [{ kind: 'leva', take: 1, column: 0, tactic: 'hold' }], flee: 90 }
    }
    h.decks['2'] = [...h.decks['2']].reverse()
    t.ok(far.length > 10, `${tribe}: ${far.length} face-down cells far away dealt otherwise`)
    t.not(h.secretSeed, s.secretSeed)
    t.same(elMapa.board(h, tribe).mine, elMapa.board(s, tribe).mine, `${tribe}: its own secrets are the same`)
    const a = playBotWindow(elMapa, s, tribe, 'bot-seed', hmacRng)
    const b = playBotWindow(elMapa, h, tribe, 'bot-seed', hmacRng)
    t.ok(a.orders.length > 0, `${tribe} plays`)
    t.same(b.orders as ElMapaOrder[], a.orders, `${tribe}: the same orders`)
  }
})
