// What the turn page offers (options.ts): each kind of order a tribe may give now, found legal by
// the rules, at the sizes the page needs; nothing of another tribe's, nothing the rules refuse.
//
//   ag1    ag1    ag1    ag1    ag1
//   ci0:A  ll1    ll1    ll1    ci0:B
//   ll1    ll1    ll1    ll1    ll1
import t from 'tap'
import { DEFAULT_ARMIES, kindsOf } from '../../../src/engine/games/openwars/data.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { movePaths } from '../../../src/engine/games/openwars/options.ts'
import type { OpenOrder } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { inSetup, open, sys, world } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1    ag1
  ci0:A   ll1    ll1    ll1    ci0:B
  ll1     ll1    ll1    ll1    ll1
`
const offered = (s: Parameters<typeof openWars.legalOptions>[0], id: string) => openWars.legalOptions(s, id).orders
const has = (orders: OpenOrder[], o: Record<string, unknown>) => orders.some((x) => JSON.stringify({ ...x, ...o }) === JSON.stringify(x))

t.test('W3.10 W4.6 W5.1 W6.3 W7.4 W6.4 the window offers recruits, moves, volleys, casts, standing orders and the end', async (t) => {
  const s = open(
    world(MAP, { tribes: 'A=elfos@monday B=orcos@thursday', gold: 40, mana: 10, stacks: 'r2c2 A 2 arqueros\nr2c3 A 1 mago\nr2c4 B 1 goblins' }),
    'A',
  )
  const orders = offered(s, 'A')
  for (const count of [1, 4]) t.ok(has(orders, { type: 'recruit', city: 'r2c1', kind: 'exploradores', count }), `recruit ${count} in the own ciudad`)
  t.notOk(
    orders.some((o) => o.type === 'recruit' && o.city !== 'r2c1'),
    'nowhere else: not in a llanura, not in the enemy capital',
  )
  for (const count of [2, 1]) t.ok(has(orders, { type: 'move', from: 'r2c2', kind: 'arqueros', count, path: ['r3c2'] }), `move ${count} of 2 arqueros`)
  t.notOk(
    orders.some((o) => o.type === 'move' && o.from === 'r2c4'),
    "B's goblins are not A's to move",
  )
  t.ok(has(orders, { type: 'aim', from: 'r2c2', kind: 'arqueros', target: 'r2c4' }), 'a volley at distance 2')
  t.notOk(
    orders.some((o) => o.type === 'aim' && o.kind === 'mago' && o.target === 'r2c1'),
    'no volley at an own location',
  )
  t.ok(
    has(orders, { type: 'cast', from: 'r2c3', kind: 'mago', spell: 'celeridad', target: 'r2c2', targetKind: 'arqueros' }),
    'Celeridad names the stack in its target',
  )
  t.ok(has(orders, { type: 'cast', from: 'r2c3', kind: 'mago', spell: 'senda', target: 'r2c1' }), 'Senda at distance 2, its range')
  t.notOk(
    orders.some((o) => o.type === 'cast' && o.spell === 'senda' && o.target === 'r3c5'),
    'not at distance 2 + 1',
  )
  t.same(
    orders.filter((o) => o.type === 'cast' && o.spell === 'vientos').map((o) => (o as { target: string }).target),
    ['r2c3'],
    'Vientos favorables once, named on its caster',
  )
  for (const [at, kind] of [
    ['r2c2', 'arqueros'],
    ['r2c3', 'mago'],
  ])
    t.ok(has(orders, { type: 'setStanding', at, kind, order: { modo: 'retirarse', umbral: 100, destino: 'auto' } }), `a standing order for the ${kind}`)
  t.ok(
    has(orders, {
      type: 'setCasualtyOrder',
      kinds: kindsOf('elfos')
        .slice(0, 2)
        .map((k) => k.id),
    }),
  )
  t.equal(orders.at(-1)!.type, 'endTurn', 'the end of the turn, last')
  for (const o of orders) t.ok(openWars.applyOrder(s, 'A', o, hmacRng).ok, `${o.type} is legal`)
  t.same(offered(s, 'B'), [], 'a tribe whose window is closed is offered nothing')
  t.same(offered(s, 'nobody'), [], 'nor an unknown tribe')
})

t.test('W1.1 W3.5 setup offers the other factions and the starting armies', async (t) => {
  const s = inSetup()
  const faction = s.tribes[0]!.faction!
  const orders = offered(s, 'A')
  t.notOk(
    orders.some((o) => o.type === 'setFaction' && o.faction === faction),
    'not the faction it has',
  )
  t.ok(
    orders.some((o) => o.type === 'setFaction'),
    'the others',
  )
  t.ok(has(orders, { type: 'setArmy', army: DEFAULT_ARMIES[faction] }), "its faction's default army (A.8)")
  t.notOk(
    orders.some((o) => o.type === 'endTurn' || o.type === 'move'),
    'no play before tick 0',
  )
})

t.test('W1.1 W3.5 setup offers an empty army to start again, and nothing to a tribe not in the game', async (t) => {
  const s = inSetup()
  t.ok(has(offered(s, 'A'), { type: 'setArmy', army: {} }), 'an empty army, to compose it anew')
  t.same(offered(s, 'nobody'), [], 'an unknown tribe is offered nothing during setup either')
})

t.test('W5.1 W5.2 a stack with units moved offers a move of the units left, and of one', async (t) => {
  const s = open(world(MAP, { tribes: 'A=elfos@monday B=orcos@thursday', gold: 40, mana: 10, stacks: 'r2c2 A 3 arqueros' }), 'A')
  const moved = openWars.applyOrder(s, 'A', { type: 'move', from: 'r2c2', kind: 'arqueros', count: 1, path: ['r3c2'] }, hmacRng)
  if (!moved.ok) throw new Error(moved.error.code)
  const sizes = offered(moved.state, 'A')
    .filter((o) => o.type === 'move' && o.from === 'r2c2' && o.kind === 'arqueros' && o.path[0] === 'r2c3')
    .map((o) => (o as { count: number }).count)
  t.same(sizes, [2, 1], 'the two not moved, or one of them (W5.2: each unit moves once a window)')
})

t.test('W5.1 W5.4 each reachable location with its shortest path, the first in the neighbour order', async (t) => {
  const s = open(world(MAP, { tribes: 'A=elfos@monday B=orcos@thursday', gold: 40, mana: 10, stacks: 'r2c2 A 2 arqueros' }), 'A')
  const paths = Object.fromEntries(movePaths(s, 'A', 'r2c2', 'arqueros', 2))
  t.same(paths.r3c1, ['r2c1', 'r3c1'], 'two steps to r3c1, by the first neighbour that leads there (not r3c2, found later)')
  t.same(paths.r2c3, ['r2c3'], 'one step next door')
  for (const [to, path] of Object.entries(paths)) t.equal(path.at(-1), to, `the path to ${to} ends there`)
})
