import fc from 'fast-check'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, mondayGame, type App } from '../../helpers/campaign.ts'

const version = async (app: App, id: string) => (await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: id } })).version

t.test('a retried POST with the same Idempotency-Key answers the same and executes once', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  const body = { order: { type: 'recruit', city: '2,1', troops: 1 } }
  const first = await call(app, ana, 'POST', url, body, { 'idempotency-key': 'abc-123' })
  const again = await call(app, ana, 'POST', url, body, { 'idempotency-key': 'abc-123' })
  t.equal(first.status, 200)
  t.same(again, first)
  const recruits = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'recruited' } })
  t.equal(recruits, 1, 'executed once')
  const other = await call(app, ana, 'POST', url, { order: { type: 'endTurn' } }, { 'idempotency-key': 'abc-123' })
  t.equal(other.status, 422)
  t.equal(other.body.error.code, 'idempotency/key_reused')
})

t.test('an idempotent replay is byte for byte the first answer, and says it is a replay', async (t) => {
  const { app, table } = await mondayGame(t)
  const send = () =>
    app.inject({
      method: 'POST',
      url: `/api/campaigns/${table.id}/orders`,
      headers: { authorization: `Bearer ${table.players.ana!.token}`, 'idempotency-key': 'move-1' },
      // A move makes events with nested payloads (paths, claimed tiles): JSONB would reorder their keys.
      payload: {
        orders: [
          { type: 'recruit', city: '2,1', troops: 1 },
          { type: 'move', from: '2,1', troops: 1, to: '3,1' },
        ],
      },
    })
  const first = await send()
  const again = await send()
  t.equal(first.statusCode, 200)
  t.equal(first.headers['idempotent-replayed'], undefined, 'the first answer is no replay')
  t.equal(again.headers['idempotent-replayed'], 'true', 'Idempotent-Replayed: true')
  t.equal(again.body, first.body, 'the same bytes')
  t.ok(first.json().events.length >= 2, 'with the events of both orders')
  t.match(first.headers['content-type'], /^application\/json/)
})

t.test('orders in one request apply all or nothing', async (t) => {
  const { app, table } = await mondayGame(t)
  const before = await version(app, table.id)
  const res = await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/orders`, {
    orders: [
      { type: 'move', from: '2,1', troops: 2, to: '3,1' },
      { type: 'recruit', city: '2,1', troops: 1 },
    ],
  })
  t.equal(res.status, 422)
  t.match(res.body.error, { code: 'recruit/after_actions', rule: 'R5.5', message: /^orders\[1\]:/ })
  t.equal(await version(app, table.id), before, 'nothing stored')
  const state = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)
  t.match(
    state.body.you.armies.find((a: { tile: string }) => a.tile === '2,1'),
    { troops: 5, mp: 2 },
    'the first order did not happen either',
  )
})

t.test('200 concurrent conflicting orders against one army: exactly the legal ones apply', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  const results = await Promise.all(
    Array.from({ length: 200 }, () =>
      call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } }),
    ),
  )
  const ok = results.filter((r) => r.status === 200).length
  t.equal(ok, 5, 'five troops, five single-troop moves')
  t.same(
    results.filter((r) => !(r.status === 200 || (r.status === 422 && r.body.error.code === 'move/no_army'))),
    [],
    'the rest are refused, none fail',
  )
  const state = await call(app, ana, 'GET', `/api/campaigns/${table.id}/state`)
  t.same(
    state.body.armies.filter((a: { tile: string }) => a.tile === '2,1' || a.tile === '3,1'),
    [{ tile: '3,1', tribe: table.players.ana!.tribeId, troops: 5 }],
  )
  const moved = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'moved' } })
  t.equal(moved, 5)
})

t.test('fuzz: random JSON to the orders route never gets a 500, and a 4xx changes nothing', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  const start = await version(app, table.id)
  let current = start
  const orderish = fc.record(
    {
      type: fc.constantFrom(
        'move',
        'recruit',
        'buildShip',
        'embark',
        'disembark',
        'shipMove',
        'portAssault',
        'board',
        'crewTransfer',
        'endTurn',
        'draftPick',
        'nuke',
      ),
      from: fc.constantFrom('2,1', '3,3', '0,0', 'x', '99,99'),
      to: fc.constantFrom('3,1', '2,2', '-1,5', ''),
      troops: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constant('3')),
      city: fc.constantFrom('2,1', '3,3', '9,3'),
    },
    { requiredKeys: ['type'] },
  )
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.jsonValue(),
        orderish.map((o) => ({ order: o })),
        fc.array(orderish, { maxLength: 3 }).map((orders) => ({ orders })),
      ),
      async (body) => {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${ana}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
        if (res.statusCode >= 500) throw new Error(`500 for ${JSON.stringify(body)}: ${res.body}`)
        const now = await version(app, table.id)
        if (res.statusCode >= 400) {
          if (now !== current) throw new Error(`version moved on a ${res.statusCode}`)
          if (!res.json().error?.code) throw new Error('error shape')
        }
        current = now
      },
    ),
    { numRuns: 250 },
  )
  t.ok(current >= start)
})

t.test('R2.3 who may do what: every route for every role', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const outsider = (await call(app, null, 'POST', '/api/auth/register', { email: 'out@example.com', password: 'outsider-pass', displayName: 'Out' })).body.token
  await draft(app, table, { ana: ['2,1'] })
  const { id } = table
  const ana = table.players.ana!
  const ben = table.players.ben!
  const roles = { anonymous: null, outsider, player: ana.token, otherPlayer: ben.token, gm: table.gm } as const
  type Role = keyof typeof roles
  const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown, Record<Role, number>][] = [
    ['campaign', 'GET', `/api/campaigns/${id}`, undefined, { anonymous: 404, outsider: 404, player: 200, otherPlayer: 200, gm: 200 }],
    ['state', 'GET', `/api/campaigns/${id}/state`, undefined, { anonymous: 404, outsider: 404, player: 200, otherPlayer: 200, gm: 200 }],
    ['events', 'GET', `/api/campaigns/${id}/events`, undefined, { anonymous: 404, outsider: 404, player: 200, otherPlayer: 200, gm: 200 }],
    ['pools', 'GET', `/api/campaigns/${id}/pools`, undefined, { anonymous: 404, outsider: 404, player: 200, otherPlayer: 200, gm: 200 }],
    ['dice', 'GET', `/api/campaigns/${id}/dice/1`, undefined, { anonymous: 404, outsider: 404, player: 200, otherPlayer: 200, gm: 200 }],
    [
      "ana's order",
      'POST',
      `/api/campaigns/${id}/orders`,
      { tribeId: ana.tribeId, order: { type: 'endTurn' } },
      { anonymous: 401, outsider: 404, player: 200, otherPlayer: 403, gm: 403 },
    ],
    ['invite', 'POST', `/api/campaigns/${id}/invitations`, undefined, { anonymous: 401, outsider: 404, player: 403, otherPlayer: 403, gm: 409 }],
    ['draft start', 'POST', `/api/campaigns/${id}/draft/start`, undefined, { anonymous: 401, outsider: 404, player: 403, otherPlayer: 403, gm: 409 }],
    [
      'pick',
      'POST',
      `/api/campaigns/${id}/draft/picks`,
      { choice: '9,3', tribeId: ana.tribeId },
      { anonymous: 401, outsider: 404, player: 409, otherPlayer: 403, gm: 409 },
    ],
    ['pause', 'POST', `/api/campaigns/${id}/pause`, undefined, { anonymous: 401, outsider: 404, player: 403, otherPlayer: 403, gm: 200 }],
    ['resume', 'POST', `/api/campaigns/${id}/resume`, undefined, { anonymous: 401, outsider: 404, player: 403, otherPlayer: 403, gm: 200 }],
    // Last: it gives ben's tribe to the outsider.
    [
      'replace player',
      'PUT',
      `/api/campaigns/${id}/tribes/${ben.tribeId}/player`,
      { email: 'out@example.com' },
      { anonymous: 401, outsider: 404, player: 403, otherPlayer: 403, gm: 200 },
    ],
  ]
  for (const [name, method, url, body, expected] of cases) {
    for (const role of ['anonymous', 'outsider', 'player', 'otherPlayer', 'gm'] as Role[]) {
      const res = await call(app, roles[role], method, url, body)
      t.equal(res.status, expected[role], `${name} as ${role}: ${res.status} ${res.status >= 400 ? res.body.error.code : ''}`)
      if (res.status >= 400) t.match(res.body, { error: { code: String, message: String } })
    }
  }
})

t.test('public campaigns are read-only for anyone', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { public: true })
  await draft(app, table)
  t.equal((await call(app, null, 'GET', `/api/campaigns/${table.id}/state`)).status, 200)
  t.equal((await call(app, null, 'GET', `/api/campaigns/public`)).body.campaigns.length, 1)
  t.equal((await call(app, null, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })).status, 401)
})

t.test('pause and resume: no orders while paused, and skipped periods are not replayed', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200)
  const refused = await call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
  t.match(refused, { status: 409, body: { error: { code: 'campaign/paused' } } })
  const payoutsBefore = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'payout' } })
  await setClock(app, '2026-12-14T09:00:00Z') // two Sundays later, a Monday
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)).status, 200)
  t.equal(await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'payout' } }), payoutsBefore, 'no payout for the paused Sundays')
  const resumed = await app.prisma.campaignEvent.findFirstOrThrow({ where: { campaignId: table.id, type: 'campaign.resumed' } })
  t.match(resumed.payload, { skippedTo: '2026-12-14T09:00:00.000Z' })
  const state = await call(app, ana, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(state.body.you.windowOpen, true, "Monday's window is open again")
})

t.test('R4.2 R4.3 over HTTP on both Europe/Madrid DST Sundays', async (t) => {
  for (const [day, lastMinute, closed] of [
    ['2027-03-28', '2027-03-28T17:59:00Z', '2027-03-28T18:00:00Z'],
    ['2027-10-31', '2027-10-31T18:59:00Z', '2027-10-31T19:00:00Z'],
  ]) {
    const app = await buildTestApp(t, { allowTestClock: true })
    await setClock(app, `${day}T08:00:00Z`)
    const table = await setUp(app, { sol: 'sunday', luna: 'monday' })
    await draft(app, table)
    const sol = table.players.sol!.token
    await setClock(app, lastMinute!)
    const inTime = await call(app, sol, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
    t.equal(inTime.status, 200, `${day}: 19:59 local is inside the window`)
    await setClock(app, closed!)
    const late = await call(app, table.players.luna!.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
    t.match(late.body.error, { code: 'turn/window_closed', rule: 'R4.3' }, `${day}: luna waits for Monday`)
    const ticks = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'payout' } })
    t.equal(ticks, 2, `${day}: the start payout and exactly one weekly tick at 20:00 local`)
  }
})
