// W6.4, W6.12, W8.3: the refusals of standing orders, default orders, casualty lists and
// trades of units, each by its code and rule, the state left as it was.
import t, { type Test } from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenOrder, OpenState } from '../../../src/engine/games/openwars/types.ts'
import { open, play, refused, stack, tribe, world } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci0:B
  bo1     mo1    de1    ll1
`
const opened = () => open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 2 goblins\nr2c4 B 1 exploradores' }), 'A')

/** The refusal of an order, checking that the state given is left untouched. */
function refusedKeeping(t: Test, s: OpenState, o: OpenOrder) {
  const before = structuredClone(s)
  const r = refused(s, 'A', o)
  t.same(s, before, 'the state is unchanged')
  return r
}

t.test('W6.4 a standing order for a stack that is not there is refused (standing/no_stack)', async (t) => {
  const s = opened()
  const order: OpenOrder = { type: 'setStanding', at: 'r2c2', kind: 'goblins', order: { modo: 'luchar' } }
  t.same(refusedKeeping(t, s, order), { code: 'standing/no_stack', rule: 'W6.4' })
  t.ok(play(s, 'A', [{ ...order, at: 'r2c1' }]).state, 'the same order where the stack is, is taken')
})

t.test('W6.4 a standing order that is not one of the book is refused (standing/bad_order)', async (t) => {
  const s = opened()
  const r = refusedKeeping(t, s, { type: 'setStanding', at: 'r2c1', kind: 'goblins', order: { modo: 'huir' } as never })
  t.same(r, { code: 'standing/bad_order', rule: 'W6.4' })
  t.equal(stack(s, 'r2c1', 'A', 'goblins')!.order, null)
  t.same(refusedKeeping(t, s, { type: 'setStanding', at: 'r2c1', kind: 'goblins', order: { modo: 'luchar', umbral: 5 } as never }), {
    code: 'standing/bad_order',
    rule: 'W6.4',
  })
})

t.test('W6.4 a default order that is not one of the book is refused (standing/bad_order)', async (t) => {
  const s = opened()
  t.same(refusedKeeping(t, s, { type: 'setDefault', order: { modo: 'x' } as never }), { code: 'standing/bad_order', rule: 'W6.4' })
  t.same(tribe(s, 'A').defaultOrder, { modo: 'luchar', hechizo: null })
  const taken = play(s, 'A', [{ type: 'setDefault', order: { modo: 'retirarse', umbral: 'siempre' } }]).state
  t.same(tribe(taken, 'A').defaultOrder, { modo: 'retirarse', umbral: 'siempre' })
})

t.test('W6.4 a retreat to a location that is not adjacent is refused (standing/destino)', async (t) => {
  const s = opened()
  const far: OpenOrder = { type: 'setStanding', at: 'r2c1', kind: 'goblins', order: { modo: 'retirarse', umbral: 5, destino: 'r2c4' } }
  t.same(refusedKeeping(t, s, far), { code: 'standing/destino', rule: 'W6.4' })
  t.equal(stack(s, 'r2c1', 'A', 'goblins')!.order, null)
  const near = play(s, 'A', [{ type: 'setStanding', at: 'r2c1', kind: 'goblins', order: { modo: 'retirarse', umbral: 5, destino: 'r2c2' } }]).state
  t.same(stack(near, 'r2c1', 'A', 'goblins')!.order, { modo: 'retirarse', umbral: 5, destino: 'r2c2' })
})

t.test('W6.12 a casualty list of kinds outside the roster, or repeated, is refused (standing/bad_list)', async (t) => {
  const s = opened()
  for (const kinds of [['arqueros'], ['goblins', 'goblins'], 'goblins' as never])
    t.same(refusedKeeping(t, s, { type: 'setCasualtyOrder', kinds }), { code: 'standing/bad_list', rule: 'W6.12' }, JSON.stringify(kinds))
  t.same(tribe(s, 'A').casualtyList, [])
  t.same(tribe(play(s, 'A', [{ type: 'setCasualtyOrder', kinds: ['goblins'] }]).state, 'A').casualtyList, ['goblins'])
})

t.test('W8.3 a trade that moves units is refused (trade/no_units)', async (t) => {
  const r = openWars.tradeOf({ transfers: [{ from: 'A', to: 'B', gold: 2, units: [{ at: 'r2c1', kind: 'goblins', count: 1 }] } as never] })
  t.match(r, { ok: false, error: { code: 'trade/no_units', rule: 'W8.3' } })
  t.match(
    openWars.tradeOf({ transfers: [{ from: 'A', to: 'B', gold: 2 } as never], units: [] }),
    { ok: false, error: { code: 'trade/no_units' } },
    'beside the transfers too',
  )
  t.match(openWars.tradeOf({ transfers: [{ from: 'A', to: 'B', gold: 2 } as never] }), { ok: true, trade: [{ from: 'A', to: 'B', gold: 2 }] })
})
