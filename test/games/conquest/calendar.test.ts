// G2.3, G2.9, G2.10, G3 and G9 as the calendar and the scenes drive them: openings and closes,
// the tick, and trades, on the edges the rule book draws.
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { TERRITORY_IDS } from '../../../src/engine/games/conquest/world.ts'
import { at, close, open, play, refuseSystem, system, world } from './dsl.ts'

t.test('G2.3 an opening readies every unit and piece, brings incoming goods into the stock, ends the guards', async (t) => {
  const s = world(`
    monday  A  egi 4 guards=2 planes=2 ships=1 artillery=1 in.artillery=1 in.basic=3 basic=1, sud 2, *
    tuesday B  asu 3 guards=1 planes=1
  `)
  const o = open(s, 'A')
  t.match(at(o, 'egi'), { troops: 4, ready: 4, guards: 0, planesReady: 2, shipsReady: 1, artilleryReady: 2 })
  t.match(at(o, 'egi').stock, { artillery: 2, basic: 4 })
  t.ok(
    Object.values(at(o, 'egi').incoming).every((n) => n === 0),
    'nothing is incoming any more',
  )
  t.match(at(o, 'asu'), { guards: 1, ready: 0, planesReady: 0 }, "another tribe's territory is untouched")
  t.match(o.tribes[0], { window: 'open' })
  t.equal(s.tribes[0]!.window, 'closed', 'the state given is not changed')
  t.match(conquest.applySystem(o, { type: 'openWindow', tribe: 'A' }, hmacRng), { ok: false, error: { code: 'turn/already_open', rule: 'G2.2' } })
  const gone = world(`
    monday  A  egi 4, *
    tuesday B  asu 3
  `)
  gone.tribes[1]!.eliminated = true
  t.match(conquest.applySystem(gone, { type: 'openWindow', tribe: 'B' }, hmacRng), { ok: false, error: { code: 'turn/eliminated', rule: 'G10.1' } })
})

t.test('G2.9 a close clears every ready count and gather mark of the tribe, and keeps the guards', async (t) => {
  let s = open(
    world(`
    monday  A  egi 5 planes=1 ships=1 artillery=1, sud 2, *
    tuesday B  asu 3
  `),
    'A',
  )
  s = play(s, 'A', { type: 'guard', at: 'egi', troops: 2 }).state
  s = play(s, 'A', { type: 'gather', at: 'sud', troops: 1 }).state
  t.equal(s.tribes[0]!.window, 'started')
  const c = close(s, 'A')
  t.match(at(c, 'egi'), { ready: 0, planesReady: 0, shipsReady: 0, artilleryReady: 0, guards: 2 })
  t.match(at(c, 'sud'), { ready: 0, gathered: false })
  t.equal(c.tribes[0]!.window, 'closed')
  const ended = play(s, 'A', { type: 'endTurn' })
  t.match(
    ended.events.map((e) => e.type),
    ['order', 'turnEnded'],
  )
  t.match(at(ended.state, 'egi'), { ready: 0, planesReady: 0, shipsReady: 0, artilleryReady: 0, guards: 2 }, 'G2.8 ending early is the close')
  t.match(at(ended.state, 'sud'), { gathered: false })
})

t.test('G8.4 a close with the check turned off does not end the campaign', async (t) => {
  const s = world(`
    monday  A  *
    tuesday B  egi 1
  `)
  s.tribes[0]!.objective = 'O7'
  const o = open(s, 'A')
  t.equal(system(o, { type: 'closeWindow', tribe: 'A', check: false }).status, 'running')
  t.equal(system(o, { type: 'closeWindow', tribe: 'A' }).status, 'finished')
})

t.test('G2.10 G3.1 the tick gives each standing tribe ⌊T/2⌋ and every territory a Básico; the eliminated get nothing', async (t) => {
  const s = world(`
    monday    A  *
    tuesday   B  asu 1, mad 1, arn 1
    wednesday C
  `)
  s.tribes[2]!.eliminated = true
  s.tribes[2]!.eliminationStep = 1
  s.tribes[2]!.acquired = ['mor']
  const r = conquest.applySystem(s, { type: 'tick', at: 0 }, hmacRng)
  if (!r.ok) throw new Error(r.error.code)
  const reinforced = r.events.filter((e) => e.type === 'reinforced')
  t.same(
    reinforced.map((e) => e.type === 'reinforced' && [e.tribe, e.troops]),
    [
      ['A', 19],
      ['B', 1],
    ],
    'A owns 39: 19; B owns 3: 1; C none at all',
  )
  t.equal(r.state.round, 2)
  t.same(r.events.map((e) => e.type).slice(-2), ['income', 'roundStarted'])
  t.ok(
    Object.values(r.state.territories).every((x) => x.stock.basic === 1),
    'one Básico each',
  )
  t.match(
    r.events.find((e) => e.type === 'reinforced' && e.tribe === 'B'),
    { placed: { arn: 1 } },
    'the default list starts with the first acquired',
  )
})

t.test('G1.9 G1.14 a tick before the start is refused; tick 0 waits 48 hours to the millisecond', async (t) => {
  const created = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'friday' },
    ],
    seed: 'deal-seed-1',
    secretSeed: 'objective-seed',
    limit: null,
  })
  if (!created.ok) throw new Error(created.error.code)
  t.match(conquest.applySystem(created.state, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'campaign/not_running', rule: 'G1.9' } })
  const started = system(created.state, { type: 'startCampaign', at: 1000 })
  const early = conquest.applySystem(started, { type: 'tick', at: 1000 + 48 * 3_600_000 - 1 }, hmacRng)
  t.match(early, { ok: true, state: { round: 0, status: 'setup' } })
  t.match(system(started, { type: 'tick', at: 1000 + 48 * 3_600_000 }), { round: 1, status: 'running' })
  t.match(conquest.applySystem(started, { type: 'tick', at: Infinity }, hmacRng), { ok: false, error: { code: 'system/bad_time', rule: 'G1.14' } })
  t.match(conquest.applySystem(created.state, { type: 'startCampaign', at: 'now' } as never, hmacRng), {
    ok: false,
    error: { code: 'system/bad_time', rule: 'G1.14' },
  })
  t.equal(conquest.applySystem(started, { type: 'closeWindow', tribe: 'a' }, hmacRng).ok, true, 'a close during setup does nothing')
})

t.test("G9.5 traded territories arrive with nothing ready, no guard, no gather mark; they join the receiver's acquisitions", async (t) => {
  let s = open(
    world(`
    monday  A  egi 5 planes=1 ships=1 artillery=1, sud 3, *
    tuesday B  asu 3
  `),
    'A',
  )
  s = play(s, 'A', { type: 'guard', at: 'egi', troops: 1 }).state
  s = play(s, 'A', { type: 'gather', at: 'egi', troops: 1 }).state
  const r = system(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['egi', 'sud'] }] })
  t.match(at(r, 'egi'), { owner: 'B', troops: 5, ready: 0, guards: 0, gathered: false, planes: 1, planesReady: 0, ships: 1, shipsReady: 0, artilleryReady: 0 })
  t.equal(at(r, 'egi').stock.artillery, 1, 'the piece goes with the ground')
  t.same(r.tribes[1]!.acquired, ['asu', 'egi', 'sud'])
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['sud'], resources: { basic: 1 } }] as never }, hmacRng), {
    ok: false,
    error: { code: 'trade/only_territories', rule: 'G9.3' },
  })
  // A proposal keeps only territories and ships: goods in a transfer or ships beside them are refused before it is stored.
  for (const proposal of [
    { transfers: [{ from: 'A', to: 'B', tiles: ['sud'], resources: { basic: 1 } }] },
    { transfers: [{ from: 'A', to: 'B', tiles: ['sud'] }], ships: ['s1'] },
    { transfers: [{ from: 'A', to: 'B', tiles: ['sud'] }], resources: 1 },
  ])
    t.match(conquest.tradeOf(proposal), { ok: false, error: { code: 'trade/only_territories', rule: 'G9.3' } }, JSON.stringify(proposal))
  t.match(conquest.tradeOf({ transfers: [{ from: 'A', to: 'B', tiles: ['sud'] } as never] }), { ok: true, trade: [{ tiles: ['sud'], ships: [] }] })
  t.match(
    conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['sud'], ships: [] }] }, hmacRng),
    { ok: true },
    'an empty ship list is no ship',
  )
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: 'sud' }] as never }, hmacRng), {
    ok: false,
    error: { code: 'trade/bad_transfer', rule: 'G9.2' },
  })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B' }] as never }, hmacRng), {
    ok: false,
    error: { code: 'trade/bad_transfer' },
  })
  t.match(conquest.applySystem(s, { type: 'executeTrade', transfers: 'all' as never }, hmacRng), { ok: false, error: { code: 'trade/empty', rule: 'G9.1' } })
  const gone = structuredClone(s)
  gone.tribes[1]!.eliminated = true
  t.match(conquest.applySystem(gone, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['sud'] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/eliminated', rule: 'G10.1' },
  })
  t.match(conquest.applySystem(gone, { type: 'executeTrade', transfers: [{ from: 'B', to: 'A', tiles: ['asu'] }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/eliminated', rule: 'G10.1' },
  })
  t.match(
    conquest.applySystem(
      s,
      {
        type: 'executeTrade',
        transfers: [
          { from: 'A', to: 'B', tiles: ['sud'] },
          { from: 'B', to: 'A', tiles: ['sud'] },
        ],
      },
      hmacRng,
    ),
    { ok: false, error: { code: 'trade/asset_not_owned', rule: 'G9.4' } },
    'a territory given in the same trade cannot be given on',
  )
  t.match(
    conquest.applySystem(
      s,
      {
        type: 'executeTrade',
        transfers: [
          { from: 'A', to: 'B', tiles: ['sud'] },
          { from: 'A', to: 'B', tiles: ['sud'] },
        ],
      },
      hmacRng,
    ),
    { ok: false, error: { code: 'trade/duplicate_asset', rule: 'G9.4' } },
    'nor listed twice across transfers',
  )
})

t.test('G10.1 N3.28 a tribe emptied by a trade in its own window is closed at once, unchecked', async (t) => {
  let s = world(`
    monday  A  egi 5, sud 3
    tuesday B  *
    friday  C  asu 2
  `)
  s.tribes[0]!.objective = 'O7'
  s = open(s, 'A')
  const r = conquest.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['egi', 'sud'] }] }, hmacRng)
  if (!r.ok) throw new Error(r.error.code)
  t.match(r.state.tribes[0], { eliminated: true, eliminatedBy: 'trade', window: 'closed' })
  t.equal(r.state.status, 'running', 'two tribes stand')
  t.same(
    r.events.map((e) => e.type),
    ['system', 'tradeExecuted', 'eliminated'],
  )
})

t.test('G2.2 G8.6 G9 G10.1 each refused system action says what and why, with its rule', async (t) => {
  const s = world(`
    monday  A  egi 5, sud 3, *
    tuesday B  asu 3
    friday  C  mad 2
  `)
  const o = open(s, 'A')
  const gone = structuredClone(s)
  gone.tribes[2]!.eliminated = true
  const over = { ...s, status: 'finished' as const }
  const created = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'friday' },
    ],
    seed: 'deal-seed-1',
    secretSeed: 'objective-seed',
    limit: null,
  })
  if (!created.ok) throw new Error(created.error.code)
  const setup = system(created.state, { type: 'startCampaign', at: 0 })
  const trade = (transfers: unknown) => ({ type: 'executeTrade', transfers }) as never
  const cases: [typeof s, Parameters<typeof refuseSystem>[1], string, string | undefined, RegExp][] = [
    [over, { type: 'openWindow', tribe: 'A' }, 'campaign/not_running', 'G8.6', /^windows open: the campaign is over/],
    [over, { type: 'closeWindow', tribe: 'A' }, 'campaign/not_running', 'G8.6', /^windows close: the campaign is over/],
    [over, { type: 'tick', at: 0 }, 'campaign/not_running', 'G8.6', /^ticks: the campaign is over/],
    [over, trade([]), 'campaign/not_running', 'G8.6', /^trades: the campaign is over/],
    [gone, { type: 'openWindow', tribe: 'C' }, 'turn/eliminated', 'G10.1', /^Tribe C has been eliminated/],
    [o, { type: 'openWindow', tribe: 'A' }, 'turn/already_open', 'G2.2', /^Tribe A's window is open already/],
    [created.state, { type: 'tick', at: 0 }, 'campaign/not_running', 'G1.9', /has not started/],
    [s, { type: 'tick', at: '1' } as never, 'system/bad_time', 'G1.14', /names its instant/],
    [setup, trade([{ from: 'a', to: 'b', tiles: ['egi'] }]), 'trade/during_setup', 'G1.13', /no trade executes during setup/],
    [s, trade([]), 'trade/empty', 'G9.1', /at least one transfer/],
    [s, trade([5]), 'trade/bad_transfer', 'G9.2', /each transfer is \{ from, to, tiles \}/],
    [s, trade([{ from: 'A', to: 'B', tiles: ['egi'], resources: {} }]), 'trade/only_territories', 'G9.3', /only whole territories are traded/],
    [s, trade([{ from: 'A', to: 'A', tiles: ['egi'] }]), 'trade/same_tribe', 'G9.1', /^Tribe A cannot give to itself/],
    [gone, trade([{ from: 'A', to: 'C', tiles: ['egi'] }]), 'trade/eliminated', 'G10.1', /^Tribe C has been eliminated/],
    [s, trade([{ from: 'A', to: 'B', tiles: [] }]), 'trade/bad_transfer', 'G9.2', /lists its territories in tiles/],
    [s, trade([{ from: 'A', to: 'B', tiles: ['zzz'] }]), 'conquest/unknown_territory', 'G1.1', /^traded territory: no territory "zzz"/],
    [s, trade([{ from: 'A', to: 'B', tiles: ['asu'] }]), 'trade/asset_not_owned', 'G9.4', /^asu no longer belongs to Tribe A/],
    [s, trade([{ from: 'A', to: 'B', tiles: ['egi', 'egi'] }]), 'trade/duplicate_asset', 'G9.4', /^egi is listed twice/],
  ]
  for (const [state, action, code, rule, message] of cases) t.match(refuseSystem(state, action), { code, rule, message }, `${action.type} ${code}`)
})

t.test('G2.3 G2.9 G1.13 openings and closes are logged; in setup a close does nothing at all', async (t) => {
  const s = world(`
    monday  A  egi 5, *
    tuesday B  asu 3
  `)
  const opened = conquest.applySystem(s, { type: 'openWindow', tribe: 'A' }, hmacRng)
  t.match(opened, { ok: true, events: [{ type: 'system' }, { type: 'windowOpened', tribe: 'A' }] })
  if (!opened.ok) throw new Error('open')
  const closed = conquest.applySystem(opened.state, { type: 'closeWindow', tribe: 'A' }, hmacRng)
  t.match(closed, { ok: true, events: [{ type: 'system' }, { type: 'windowClosed', tribe: 'A' }] })
  const created = conquest.createGame({
    map: conquest.fixedMap!.map,
    tribes: [
      { id: 'a', name: 'A', weekday: 'monday' },
      { id: 'b', name: 'B', weekday: 'friday' },
    ],
    seed: 'deal-seed-1',
    secretSeed: 'objective-seed',
    limit: null,
  })
  if (!created.ok) throw new Error(created.error.code)
  const setup = system(created.state, { type: 'startCampaign', at: 0 })
  const quiet = conquest.applySystem(setup, { type: 'closeWindow', tribe: 'a' }, hmacRng)
  t.match(quiet, { ok: true, events: [{ type: 'system' }] })
  if (quiet.ok) t.equal(quiet.events.length, 1, 'no window to close during setup')
  const early = conquest.applySystem(setup, { type: 'tick', at: 1 }, hmacRng)
  t.match(early, { ok: true, events: [{ type: 'system' }, { type: 'tickWaits', reason: 'tick0_too_soon' }] })
})

t.test('G2.8 G8.4 after an early end, the close checks nothing again', async (t) => {
  let s = world(
    `
    monday  A  ${TERRITORY_IDS.slice(0, 23)
      .map((id) => `${id} 1`)
      .join(', ')}
    tuesday B  *
  `,
    { tribesAtStart: 3 },
  )
  s.tribes[0]!.objective = 'O7'
  s = open(s, 'A')
  s = play(s, 'A', { type: 'endTurn' }).state
  t.equal(s.status, 'running', '23 territories: O7 not met at the early close')
  s = system(s, { type: 'executeTrade', transfers: [{ from: 'B', to: 'A', tiles: [TERRITORY_IDS[30]!] }] })
  const closed = system(s, { type: 'closeWindow', tribe: 'A' })
  t.equal(closed.status, 'running', 'met by a trade after the early end: no win at 20:00, the check was at the end (G2.8)')
  t.equal(closed.tribes[0]!.window, 'closed')
  const met = close(open(closed, 'A'), 'A')
  t.match(met.result, { reason: 'objective', winners: ['A'] }, 'the next close checks it')
})

t.test('G3.4 G9.5 a territory traded away and back is acquired once, last', async (t) => {
  let s = world(`
    monday  A  egi 5, sud 3, *
    tuesday B  asu 3
  `)
  s = system(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', tiles: ['egi'] }] })
  s = system(s, { type: 'executeTrade', transfers: [{ from: 'B', to: 'A', tiles: ['egi'] }] })
  t.equal(s.tribes[0]!.acquired.filter((id) => id === 'egi').length, 1)
  t.equal(s.tribes[0]!.acquired.at(-1), 'egi')
  t.same(s.tribes[1]!.acquired, ['asu', 'egi'], 'B keeps its record of having owned it')
})

t.test('G1.14 tick 0 comes at least 48 hours after the start, and the platform is told so only during setup', async (t) => {
  const s = world(`
    monday  A  egi 4, *
    tuesday B  asu 3
  `)
  const startedAt = Date.parse('2026-11-30T10:00:00Z')
  t.equal(conquest.tickZeroNotBefore!({ ...s, status: 'setup', startedAt }), startedAt + 48 * 3_600_000, 'the start and 48 hours')
  t.equal(conquest.tickZeroNotBefore!({ ...s, status: 'setup', startedAt: null }), null, 'not started: no instant yet')
  t.equal(conquest.tickZeroNotBefore!({ ...s, status: 'running', startedAt }), null, 'after tick 0: none')
})

t.test('G9.2 G9.3 a proposal is stored as whole territories only, each transfer with both lists', async (t) => {
  const refused = conquest.tradeOf({
    transfers: [
      { from: 'A', to: 'B', tiles: ['sud'] },
      { from: 'B', to: 'A', tiles: ['asu'], resources: { basic: 1 } },
    ] as never,
  })
  t.same(
    refused,
    {
      ok: false,
      error: {
        code: 'trade/only_territories',
        message: 'only whole territories are traded: troops, goods, planes and ships go with the ground they stand on',
        rule: 'G9.3',
      },
    },
    'goods in any one transfer refuse the whole proposal, in words',
  )
  t.same(
    conquest.tradeOf({
      transfers: [
        { from: 'A', to: 'B', tiles: ['sud'] },
        { from: 'B', to: 'A' },
      ] as never,
    }),
    {
      ok: true,
      trade: [
        { from: 'A', to: 'B', tiles: ['sud'], ships: [] },
        { from: 'B', to: 'A', tiles: [], ships: [] },
      ],
    },
  )
})
