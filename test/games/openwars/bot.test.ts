// #50: Open Wars' bot. It answers only what its tribe is offered, the same way from the same
// seed; it recruits the cheapest units, spreads them over the locations nobody holds (W9.5),
// attacks only where its side is clearly stronger; and what the board hides from it (standing
// orders, default orders, casualty lists, W10.8) never changes what it does.
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenState } from '../../../src/engine/games/openwars/types.ts'
import { botRandom, hmacRng, nextBotOrder, playBotWindow, playSeats, type Seat } from '../../../src/engine/index.ts'
import { BATTLE_MAP, inSetup, open, standing, tribe, world } from './dsl.ts'
import { wholeGames } from '../bot-watch.ts'

const orcos = (stacks: string, gold = 0) => world(BATTLE_MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks, gold })
const window = (s: OpenState, seed = 'bot-seed') => playBotWindow(openWars, open(s, 'A'), 'A', seed, hmacRng)

t.test('#50 W3.2: over whole games the bot answers only orders it is offered, and ranks first among passive tribes (W9.6)', async (t) => {
  wholeGames(t, openWars)
})

t.test('#50: the same seed gives the same orders', async (t) => {
  const s = orcos('r2c1 A 4 goblins\nr2c1 A 1 trolls', 20)
  const a = window(s)
  t.ok(a.orders.length > 2, 'it plays its window')
  t.same(window(s).orders, a.orders, 'orders')
  t.same(playSeats(openWars, ['bot', 'random'], 7, { limit: 3 }), playSeats(openWars, ['bot', 'random'], 7, { limit: 3 }), 'a whole game too')
})

t.test('W3.5 W1.1: in setup the bot keeps the faction it was given and its default army', async (t) => {
  t.equal(nextBotOrder(openWars, inSetup(), 'A', botRandom('x'), 0), null)
})

t.test('W4.5 W4.7: it recruits the cheapest units first, four at a time when the gold allows', async (t) => {
  const elfos = (gold: number) => open(world(BATTLE_MAP, { tribes: 'A=elfos@monday B=orcos@thursday', gold }), 'A')
  t.match(nextBotOrder(openWars, elfos(20), 'A', botRandom('x'), 0), { type: 'recruit', city: 'r2c1', kind: 'exploradores', count: 1 })
  t.match(nextBotOrder(openWars, elfos(40), 'A', botRandom('x'), 0), { type: 'recruit', city: 'r2c1', kind: 'exploradores', count: 4 })
})

t.test('W2.9 W9.5: its units spread one by one over the locations nobody holds', async (t) => {
  const { state, orders } = window(orcos('r2c1 A 2 goblins'))
  t.same(
    orders.map((o) => o.type === 'move' && [o.count, o.path]),
    [
      [1, ['r2c2']],
      [1, ['r3c1']],
    ],
  )
  t.equal(state.cells.r2c2!.controller, 'A')
  t.equal(state.cells.r3c1!.controller, 'A')
})

t.test('W6.5 W6.11: it attacks a weaker defence and keeps away from a stronger one', async (t) => {
  const into = (orders: { type: string; path?: string[] }[]) => orders.some((o) => o.type === 'move' && o.path!.includes('r2c3'))
  t.ok(into(window(orcos('r2c2 A 4 guerreros_orcos\nr2c3 B 1 exploradores')).orders), '4 guerreros orcos on 1 explorador')
  t.notOk(into(window(orcos('r2c2 A 2 goblins\nr2c3 B 4 guardianes')).orders), 'not 2 goblins on 4 guardianes')
})

t.test('W7.6 Appendix C: its mage strikes the enemies in reach with a damage spell before its units move', async (t) => {
  const s = world(BATTLE_MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 1 chaman\nr2c3 B 2 exploradores', mana: 4 })
  t.match(
    window(s).orders.find((o) => o.type !== 'recruit'),
    { type: 'cast', from: 'r2c2', kind: 'chaman', spell: 'rayo', target: 'r2c3' },
  )
})

t.test('W10.8: what the board hides never changes its orders', async (t) => {
  const s = orcos('r2c2 A 3 guerreros_orcos\nr2c1 A 2 goblins\nr2c3 B 2 guardianes\nr3c3 B 1 exploradores', 12)
  const h = structuredClone(s)
  standing(h, 'r2c3', 'B', 'guardianes', { modo: 'retirarse', umbral: 100, destino: 'r3c3' })
  standing(h, 'r3c3', 'B', 'exploradores', { modo: 'retirarse', umbral: 'siempre' })
  tribe(h, 'B').defaultOrder = { modo: 'retirarse', umbral: 50 }
  tribe(h, 'B').casualtyList = ['guardianes', 'exploradores']
  tribe(h, 'B').army = { guardianes: 4 }
  t.notSame(h, s, 'the states differ')
  const a = window(s)
  t.ok(a.orders.length > 2, 'it plays')
  t.same(window(h).orders, a.orders, 'the same orders')
})
