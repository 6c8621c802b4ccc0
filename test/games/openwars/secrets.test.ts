// W10.8: what each reader reads of the log. Until the end a tribe's standing orders, default
// order, casualty list and starting army are its own, GMs included; everything else is public.
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenEvent } from '../../../src/engine/games/openwars/types.ts'

const order = (tribe: string, o: Record<string, unknown>) => ({ type: 'order', tribe, order: o }) as unknown as OpenEvent
const secrets = [
  order('A', { type: 'setStanding', at: 'r2c2', kind: 'trolls', order: { modo: 'retirarse', destino: 'r2c1', hechizo: null } }),
  order('A', { type: 'setDefault', order: { modo: 'luchar', hechizo: 'grito' } }),
  order('A', { type: 'setCasualtyOrder', kinds: ['goblins', 'trolls'] }),
  order('A', { type: 'setArmy', army: { goblins: 4, trolls: 1 } }),
]

t.test('W10.8 standing orders, the default, the casualty list and the starting army: their tribe reads them, no one else until the end', async (t) => {
  const eventFor = openWars.eventFor!
  for (const event of secrets) {
    const kind = (event as { order: { type: string } }).order.type
    t.same(eventFor(event, 'A', false), event, `${kind}: its own tribe reads it whole`)
    for (const reader of ['B', null]) {
      const seen = eventFor(event, reader, false)
      t.same(seen, { type: 'order', tribe: 'A', order: { type: kind, hidden: true } }, `${kind}: ${reader ?? 'a GM'} reads only that it was given`)
      t.notMatch(JSON.stringify(seen), /retirarse|r2c1|grito|goblins|trolls/, `${kind}: nothing of what it said`)
    }
    t.same(eventFor(event, 'B', true), event, `${kind}: after the end, everyone reads it`)
  }
  const move = order('A', { type: 'move', from: 'r2c1', kind: 'trolls', count: 1, path: ['r2c2'] })
  t.same(eventFor(move, 'B', false), move, 'a move is public')
  const volley = order('A', { type: 'aim', from: 'r2c1', kind: 'arqueros', target: 'r2c2' })
  t.same(eventFor(volley, null, false), volley, 'a declared volley is public at once')
})
