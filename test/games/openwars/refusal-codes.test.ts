// W6.4, W6.12, W8.3: the refusals of standing orders, default orders, casualty lists and
// trades of units, each by its code and rule, the state left as it was.
import t, { type Test } from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenOrder, OpenState } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { readable } from '../readable.ts'
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

t.test('W6.4 W11.20 each field of a standing order at its bounds: the refusal names the field, the bound itself is taken', async (t) => {
  const said = (s: OpenState, order: unknown, o: Partial<OpenOrder> = { type: 'setDefault' }) => {
    const r = openWars.applyOrder(s, 'A', { ...o, order } as OpenOrder, hmacRng)
    return r.ok ? null : `${r.error.code} ${readable(r.error).message}`
  }
  const s = opened()
  const shape = 'standing/bad_order an order is { modo, umbral?, destino?, retaguardia?, hechizo? }'
  const umbral = 'standing/bad_order umbral: 1 to 1000 or siempre'
  const destino = 'standing/bad_order destino: auto or a location'
  const only = 'standing/bad_order umbral and destino go with retirarse only (W11.20)'
  const rear = 'standing/bad_order retaguardia: 0 to 4'
  const spell = 'standing/bad_order hechizo: a C or Cp spell of the faction (W11.20)'
  const refusedOrders: [unknown, string][] = [
    [undefined, shape],
    ['luchar', shape],
    [{ modo: 'huir' }, 'standing/bad_order modo: luchar or retirarse'],
    ...[0, 1001, 2.5, '5', undefined].map((value): [unknown, string] => [{ modo: 'retirarse', umbral: value }, umbral]),
    [{ modo: 'retirarse', umbral: 5, destino: 'r9c9' }, destino],
    [{ modo: 'retirarse', umbral: 5, destino: 7 }, destino],
    [{ modo: 'luchar', destino: 'auto' }, only],
    [{ modo: 'luchar', umbral: 5 }, only],
    ...[-1, 5, 1.5, '2'].map((value): [unknown, string] => [{ modo: 'luchar', retaguardia: value }, rear]),
    [{ modo: 'luchar', hechizo: 'bola_fuego' }, spell],
    [{ modo: 'luchar', hechizo: 'prisa' }, spell],
    [{ modo: 'luchar', hechizo: 'nada' }, spell],
  ]
  for (const [order, problem] of refusedOrders) t.equal(said(s, order), problem, `${JSON.stringify(order) ?? 'no order'}: ${problem}`)
  for (const order of [
    { modo: 'retirarse', umbral: 1 },
    { modo: 'retirarse', umbral: 1000 },
    { modo: 'retirarse', umbral: 'siempre', destino: 'auto' },
    { modo: 'retirarse', umbral: 3, destino: 'r2c2' },
    { modo: 'luchar', retaguardia: 0 },
    { modo: 'luchar', retaguardia: 4 },
    { modo: 'luchar', hechizo: 'grito_guerra' },
    { modo: 'luchar', hechizo: null },
  ])
    t.equal(said(s, order), null, `${JSON.stringify(order)} is taken`)
  // A spell on a stack that casts none: W11.20 names the stack's kind.
  t.equal(
    said(s, { modo: 'luchar', hechizo: 'grito_guerra' }, { type: 'setStanding', at: 'r2c1', kind: 'goblins' }),
    'standing/bad_order hechizo only on a mágica stack (W11.20)',
    'a spell in the standing order of goblins, which cast none',
  )
  // A Cp spell is one of the book's too, for the faction whose it is (runa de piedra, the dwarves').
  const dwarves = open(world(MAP, { tribes: 'A=enanos@monday B=elfos@thursday', stacks: 'r2c4 B 1 exploradores' }), 'A')
  t.equal(said(dwarves, { modo: 'luchar', hechizo: 'runa_piedra' }), null, "the dwarves' runa de piedra (Cp) is taken")
  t.equal(said(dwarves, { modo: 'luchar', hechizo: 'terror' }), spell, "terror (Cd, the undead's) is not")
})
