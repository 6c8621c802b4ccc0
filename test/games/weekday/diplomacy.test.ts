import t from 'tap'
import { at, board, mv, picture, play, redraw, refused } from './dsl.ts'

const trade = (transfers: unknown[]) => ({ system: { type: 'executeTrade', transfers } as never })

t.test('R11.2 tiles go with their army, cities with their garrison, ships with their crew', async (t) => {
  const s = board(`
    A3  a2  .   B4  b
      ~a2 ~   ~b1 ~
  `)
  const { state, events } = play(s, [
    trade([
      { from: 'a', to: 'b', tiles: [at(1, 0)], ships: ['s1'] },
      { from: 'b', to: 'a', tiles: [at(4, 0)] },
    ]),
  ])
  t.equal(
    picture(state),
    redraw(`
    A3  b2  .   B4  a
      ~b2 ~   ~b1 ~
  `),
  )
  t.match(
    events.find((e) => e.type === 'tradeExecuted'),
    {
      transfers: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a' },
      ],
    },
  )
})

t.test('R11.1 resources can never be traded', async (t) => {
  const s = board('A3 . B2')
  t.match(refused(s, { system: { type: 'executeTrade', transfers: [{ from: 'a', to: 'b', tiles: [] }], resources: 10 } as never }), {
    code: 'trade/resources_not_tradeable',
    rule: 'R11.1',
  })
  t.match(refused(s, trade([{ from: 'a', to: 'b', resources: 10 }])), { code: 'trade/resources_not_tradeable', rule: 'R11.1' })
})

t.test("R11.3 all at once or not at all: an asset no longer the giver's fails the whole trade, naming it", async (t) => {
  const s = board('A3 a2 b1 B2 b')
  const lost = play(s, [['b', mv(at(2, 0), at(1, 0), 1)]], [4]).state
  t.equal(lost.owners[1], 'b', 'a lost the tile in battle')
  const err = refused(
    lost,
    trade([
      { from: 'b', to: 'a', tiles: [at(4, 0)] },
      { from: 'a', to: 'b', tiles: [at(1, 0)] },
    ]),
  )
  t.match(err, { code: 'trade/asset_not_owned', rule: 'R11.3', message: new RegExp(`tile ${at(1, 0)}`) })
  t.match(refused(s, trade([{ from: 'a', to: 'b', ships: ['s9'] }])), { code: 'trade/asset_not_owned', message: /s9/ })
})

t.test('R11.4 trades ignore turn windows, and one that leaves a tribe without a city eliminates it (R2.4)', async (t) => {
  const s = board(
    `
    A3  a   .   B2  c1  C
      ~   ~a1 ~
  `,
    { phase: 'closed' },
  )
  const { state, events } = play(s, [trade([{ from: 'a', to: 'b', tiles: [at(0, 0)] }])])
  t.match(
    events.filter((e) => e.type === 'eliminated'),
    [{ tribe: 'a' }],
  )
  t.equal(
    picture(state),
    redraw(`
    B3  .   .   B2  c1  C
      ~   ~   ~
  `),
    'its armies and ships are removed and its land turns neutral',
  )
  t.equal(state.tribes[0]!.eliminated, true)
  t.match(refused(state, ['a', { type: 'endTurn' }]), { code: 'turn/eliminated', rule: 'R2.4' })
})

t.test("R11.5 alliances are not enforced: yesterday's trade partner can be attacked", async (t) => {
  const s = board('A3 a3 b B2')
  const { state } = play(s, [trade([{ from: 'b', to: 'a', tiles: [at(2, 0)] }]), ['a', mv(at(1, 0), at(3, 0), 3, [at(2, 0), at(3, 0)])]], [4])
  t.match(state, { status: 'finished', ranking: ['a', 'b'] }, "a took b's only city and won")
})

t.test('R2.4 a tribe that loses its last city in battle is eliminated at once', async (t) => {
  const s = board('A3 a5 B1 b2 ~ C2')
  const { state, events } = play(s, [['a', mv(at(1, 0), at(2, 0), 5)]], [1])
  t.match(
    events.filter((e) => e.type === 'eliminated'),
    [{ tribe: 'b' }],
  )
  t.equal(picture(state), redraw('A3 a A2 . ~ C2'))
  t.equal(state.status, 'running', 'two tribes remain')
})

t.test('R2.5 the campaign ends when one tribe remains or at the week limit; ranking by cities, tiles, troops', async (t) => {
  const duel = play(board('A3 a5 B1 b'), [['a', mv(at(1, 0), at(2, 0), 5)]], [4])
  t.match(
    duel.events.find((e) => e.type === 'campaignFinished'),
    { reason: 'last_tribe', ranking: ['a', 'b'] },
  )
  t.equal(duel.state.status, 'finished')
  const limited = { ...board('A3 a a ~ B9 ~ C1 c'), weekLimit: 3, week: 3 }
  const { state, events } = play(limited, [{ system: { type: 'weeklyPayout' } }])
  t.equal(state.status, 'finished')
  t.match(
    events.find((e) => e.type === 'campaignFinished'),
    { reason: 'week_limit', ranking: ['a', 'c', 'b'] },
  )
  t.match(refused(state, ['a', { type: 'endTurn' }]), { code: 'campaign/not_running' })
  const earlier = play({ ...limited, week: 2 }, [{ system: { type: 'weeklyPayout' } }]).state
  t.equal(earlier.status, 'running', 'not before the limit')
})
