// #50: world conquest's bot. It answers only what its tribe is offered, the same way from the
// same seed; it attacks where G6.3's odds favour it and leaves the attacks they do not; it marches
// quiet troops to the front and builds troops there; its own objective steers it, and what the
// board hides from it (the other tribes' objectives and the objective seed, G8.1, G11.4) never
// changes what it does.
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import type { ConquestOrder, ConquestState } from '../../../src/engine/games/conquest/types.ts'
import { BOT_ORDERS, botRandom, hmacRng, nextBotOrder, playBotWindow, playSeats } from '../../../src/engine/index.ts'
import { open, world } from './dsl.ts'
import { wholeGames } from '../bot-watch.ts'

const window = (s: ConquestState, seed = 'bot-seed') => playBotWindow(conquest, open(s, 'A'), 'A', seed, hmacRng)
const attacks = (orders: ConquestOrder[]) => orders.flatMap((o) => (o.type === 'attack' ? [`${o.from}→${o.to} ${o.troops}`] : []))

t.test('#50 G2.5: over whole games the bot answers only orders it is offered, and ranks first among passive tribes (G8.7)', async (t) => {
  wholeGames(t, conquest)
})

t.test('#50: the same seed gives the same orders', async (t) => {
  const s = world(`
    monday  A  ale 6, pyu 4, mos 3
    tuesday B  *
  `)
  const a = window(s)
  t.ok(a.orders.length >= 2, 'it plays its window')
  t.same(window(s).orders, a.orders, 'orders')
  t.same(playSeats(conquest, ['bot', 'random'], 7, { limit: 4 }), playSeats(conquest, ['bot', 'random'], 7, { limit: 4 }), 'a whole game too')
})

t.test('G6.3: it takes an attack with good odds and leaves one with bad odds', async (t) => {
  //   ale 8 (A) ── efi 1 (B)      7 against 1: taken (ale's other neighbours hold 9)
  //   mos 2 (A) ── oms 9 (B)      1 against 9: left
  const { orders } = window(
    world(`
      monday  A  ale 8, mos 2
      tuesday B  efi 1, oms 9, ing 9, sue 9, pyu 9, *
    `),
  )
  t.match(orders[0], { type: 'attack', from: 'ale', to: 'efi', troops: 7 }, 'the sure attack first, with every troop that may leave')
  t.notOk(
    attacks(orders).some((a) => a.startsWith('mos→oms')),
    'not 1 troop against 9',
  )
  t.ok(orders.length < BOT_ORDERS, 'and it ends its window on its own')
})

t.test('G6.2: a Muralla and guards lower the odds below what the bot attacks at', async (t) => {
  //   ale 4 (A) ── efi 3 (B), a Fortaleza and 3 guards: about 1 in 20 (ale's other neighbours hold 9)
  const s = world(`
    monday  A  ale 4
    tuesday B  efi 3 wall=2 guards=3, ing 9, sue 9, pyu 9, mos 9, *
  `)
  t.same(attacks(window(s).orders), [])
  s.territories.efi!.wall = 0
  s.territories.efi!.guards = 0
  s.territories.efi!.troops = 1
  t.same(attacks(window(s).orders), ['ale→efi 3'], 'the same attack on 1 troop with no wall')
})

t.test('G5.1: troops of a quiet territory march to the front; G4.8: Básicos at the front become troops', async (t) => {
  //   isl 6 (A) has only A's neighbours (gro, ing, sue): its troops move on toward B
  const { orders, state } = window(
    world(`
      monday  A  isl 6, gro 1, ing 1, sue 1 basic=4
      tuesday B  *
    `),
  )
  const march = orders.find((o) => o.type === 'move')
  t.match(march, { type: 'move', from: 'isl', troops: 5 }, 'all that may leave')
  t.ok(march?.type === 'move' && ['gro', 'ing', 'sue'].includes(march.to), 'to a territory facing B')
  t.ok(
    orders.some((o) => o.type === 'build' && o.at === 'sue' && o.kind === 'troop'),
    'a troop built where 4 Básicos are',
  )
  t.equal(state.territories.sue!.troops, 2 + (march?.type === 'move' && march.to === 'sue' ? 5 : 0), 'the new troop stands in sue')
})

t.test('G8.3: its own objective picks between two attacks alike', async (t) => {
  //   ala 6 (A) faces mac 1 (América del Norte) and sib 1 (Asia), each taken at the same odds, and van 9
  const s = world(`
    monday  A  ala 6
    tuesday B  mac 1, sib 1, van 9, *
  `)
  for (const [objective, target] of [
    ['O4', 'mac'],
    ['O2', 'sib'],
  ] as const) {
    s.tribes[0]!.objective = objective
    t.match(nextBotOrder(conquest, open(s, 'A'), 'A', botRandom('x'), 0), { type: 'attack', from: 'ala', to: target }, `${objective}: ${target} first`)
  }
})

t.test('G8.1 G11.4: the other tribes\u2019 objectives and the objective seed, hidden from A, never change its orders', async (t) => {
  const s = world(`
    monday    A  ale 6, pyu 4, mos 3, ara 5
    tuesday   B  efi 2, oms 2
    wednesday C  *
  `)
  s.tribes[0]!.objective = 'O7'
  const seen = window(s)
  t.ok(attacks(seen.orders).length >= 2, 'it attacks')
  for (const [b, c] of [
    ['O1', 'O9'],
    ['O3', 'O10'],
  ] as const) {
    const other = structuredClone(s)
    other.tribes[1]!.objective = b
    other.tribes[2]!.objective = c
    other.tribes[2]!.o9Target = 'A'
    other.objectiveSeed = `another secret ${b}`
    t.same(window(other).orders, seen.orders, `B holding ${b} and C ${c}`)
  }
})
