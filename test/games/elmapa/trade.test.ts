// M10: what scenes trade, all at once or nothing.
import t from 'tap'
import { elMapa, type ElMapaTransfer } from '../../../src/engine/games/elmapa/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import type { ElMapaState } from '../../../src/engine/games/elmapa/types.ts'
import { mapa, stockOf, system, tribeOf } from './dsl.ts'

const GRID = `
  Ja   l1-madera@a  l1-pueblo@a
  Jb   l2-oro@b     Jc`

const setUp = () => {
  const s = mapa(GRID, { armies: 'b 1,1 leva=1', stock: 'a 5 2 1; b 1 1 1; c 0 0 0' })
  s.cells['0,0']!.castle!.slots = { '1a': 'mercado' }
  s.cells['1,0']!.castle!.slots = { '1a': 'mercado' }
  tribeOf(s, 'a').hand = ['pies-1', 'escudo-2']
  return s
}
const trade = (s: ElMapaState, transfers: ElMapaTransfer[]) => {
  const r = system(s, { type: 'executeTrade', transfers })
  return { s: r.s, last: r.events[r.events.length - 1]! }
}

t.test('M10.2 M10.4 M10.6 resources, cards, mines and villages change hands at once', async (t) => {
  const { s, last } = trade(setUp(), [
    { from: 'a', to: 'b', resources: { oro: 4, madera: 0 }, cards: ['escudo-2'], cells: ['0,1', '0,2'] },
    { from: 'b', to: 'a', resources: { piedra: 1 } },
  ])
  t.equal(last.type, 'tradeExecuted')
  t.same([stockOf(s, 'a'), stockOf(s, 'b'), tribeOf(s, 'a').hand, tribeOf(s, 'b').hand], ['1/2/2', '5/1/0', ['pies-1'], ['escudo-2']])
  t.same([s.cells['0,1']!.owner, s.cells['0,2']!.owner], ['b', 'b'], 'a mine, and a village with its castle')
})

/** A trade refused whole: its code, rule and reason, the state given left as it was. */
const refusal = (s: ElMapaState, transfers: ElMapaTransfer[]) => {
  const before = structuredClone(s)
  const r = elMapa.applySystem(s, { type: 'executeTrade', transfers }, hmacRng)
  if (r.ok) throw new Error(`${JSON.stringify(transfers)} was carried out`)
  return { code: r.error.code, rule: r.error.rule, reason: r.error.message, unchanged: JSON.stringify(s) === JSON.stringify(before) }
}

t.test('M10.1 M10.5 a trade that cannot execute is refused whole, with its code and rule', async (t) => {
  const fails = (transfers: ElMapaTransfer[], code: string, rule: string, s = setUp()) =>
    t.match(refusal(s, transfers), { code, rule, unchanged: true }, JSON.stringify(transfers))
  fails([{ from: 'a', to: 'c', resources: { oro: 1 } }], 'trade/no_mercado', 'M10.4')
  fails(
    [
      { from: 'a', to: 'b', resources: { oro: 1 } },
      { from: 'b', to: 'a', resources: { oro: 9 } },
    ],
    'trade/lacks',
    'M10.5',
  )
  fails([{ from: 'a', to: 'b', resources: { gold: 1 } as never }], 'trade/bad_amount', 'M10.2')
  fails([{ from: 'a', to: 'b', cards: ['vision-1'] }], 'trade/card_not_free', 'M10.5')
  fails([{ from: 'b', to: 'a', cells: ['1,1'] }], 'trade/occupied', 'M10.5')
  fails([{ from: 'a', to: 'b', cells: ['1,1'] }], 'trade/asset_not_owned', 'M10.5')
  fails([{ from: 'a', to: 'a', resources: { oro: 1 } }], 'trade/same_tribe', 'M10.1')
  fails([{ from: 'a', to: 'x', resources: { oro: 1 } }], 'trade/bad', 'M10.1')
  const gone = setUp()
  tribeOf(gone, 'c').eliminated = true
  fails([{ from: 'a', to: 'c', cells: ['0,1'] }], 'trade/eliminated', 'M10.1', gone)
  const reserved = setUp()
  tribeOf(reserved, 'a').plan = { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'hold' }], flee: 0, reactions: [{ card: 'escudo-2', entry: 0 }] }
  fails([{ from: 'a', to: 'b', cards: ['escudo-2'] }], 'trade/card_not_free', 'M10.5', reserved)
  const setup = setUp()
  setup.status = 'setup'
  fails([{ from: 'a', to: 'b', resources: { oro: 1 } }], 'campaign/not_running', 'M10.1', setup)
  t.equal(elMapa.applySystem(setUp(), { type: 'executeTrade', transfers: 'all' as never }, () => 0).ok, false)
})

t.test("#47 M10.5 M4.1 a failing trade names its first problem in the book's order, whatever order its resources are written in", async (t) => {
  const reason = (resources: Record<string, number>, to = 'b') => {
    const { rule, reason } = refusal(setUp(), [{ from: 'a', to, resources } as ElMapaTransfer])
    return [rule, reason]
  }
  t.same(reason({ piedra: 9, oro: 9 }), ['M10.5', 'Tribe a lacks 9 oro'])
  t.same(reason({ piedra: 9, oro: 9 }), reason({ oro: 9, piedra: 9 }))
  t.same(reason({ oro: 1, gold: 1 }, 'c'), ['M10.2', 'bad amount of gold'], 'an unknown name before a missing Mercado')
  t.same(reason({ oro: 1, gold: 1 }, 'c'), reason({ gold: 1, oro: 1 }, 'c'))
})

t.test('#47 M10.1 a trade that fails after a mine, a card and resources have moved leaves the state given as it was', async (t) => {
  const given = setUp()
  const before = JSON.stringify(given)
  const r = elMapa.applySystem(
    given,
    {
      type: 'executeTrade',
      transfers: [
        { from: 'a', to: 'b', resources: { oro: 1 }, cards: ['escudo-2'], cells: ['0,1'] },
        { from: 'b', to: 'a', resources: { oro: 9 } },
      ],
    },
    hmacRng,
  )
  t.match(r, { ok: false, error: { code: 'trade/lacks', rule: 'M10.5' } })
  t.same(
    [given.cells['0,1']!.owner, tribeOf(given, 'a').hand, tribeOf(given, 'b').hand, stockOf(given, 'a'), stockOf(given, 'b')],
    ['a', ['pies-1', 'escudo-2'], [], '5/2/1', '1/1/1'],
  )
  t.equal(JSON.stringify(given), before, 'the state the trade was given is as it was')
})

t.test('M10.6 M11.5 a tribe that trades its last village away is eliminated by trade', async (t) => {
  const { s } = trade(setUp(), [{ from: 'c', to: 'a', cells: ['1,2'] }])
  t.same([tribeOf(s, 'c').eliminated, tribeOf(s, 'c').eliminatedBy], [true, 'trade'])
})

t.test('M10.3 armies, troops, VP and plans are not tradeable', async (t) => {
  const bad = elMapa.tradeOf({ transfers: [{ from: 'a', to: 'b', armies: [1] } as never] })
  t.same(!bad.ok && bad.error, { code: 'trade/not_tradeable', message: 'armies are not tradeable', rule: 'M10.3' })
  t.notOk(elMapa.tradeOf({ transfers: [], vp: 3 }).ok)
  const good = elMapa.tradeOf({ transfers: [{ from: 'a', to: 'b' }] })
  t.same(good.ok && good.trade, [{ from: 'a', to: 'b', resources: {}, cards: [], cells: [] }])
})

t.test('M10.2 M10.4: amounts are whole numbers ≥ 0, and an amount of 0 moves nothing, so it needs no Mercado', async (t) => {
  t.match(refusal(setUp(), [{ from: 'a', to: 'b', resources: { oro: -1 } }]), { code: 'trade/bad_amount', rule: 'M10.2', unchanged: true })
  t.match(refusal(setUp(), [null as never]), { code: 'trade/bad', rule: 'M10.1', unchanged: true }, 'a transfer is an object')
  const { s } = trade(setUp(), [{ from: 'a', to: 'c', resources: { oro: 0 }, cells: ['0,1'] }])
  t.same([s.cells['0,1']!.owner, stockOf(s, 'a'), stockOf(s, 'c')], ['c', '5/2/1', '0/0/0'], 'c has no Mercado: the mine goes, the 0 oro is no obstacle')
})

t.test('M10.5: a mine or village is held back only by an army of its giver standing on it', async (t) => {
  const away = setUp()
  away.armies.push({ ...away.armies[0]!, id: 9, tribe: 'a', cell: '0,0' })
  t.equal(trade(away, [{ from: 'a', to: 'b', cells: ['0,1'] }]).s.cells['0,1']!.owner, 'b', "a's army on its village does not hold the mine")
  const on = structuredClone(away)
  on.armies.push({ ...away.armies[0]!, id: 10, tribe: 'a', cell: '0,1' })
  t.match(refusal(on, [{ from: 'a', to: 'b', cells: ['0,1'] }]), { code: 'trade/occupied', rule: 'M10.5' }, 'one of its armies on the mine')
})
