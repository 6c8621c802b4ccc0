// The orders' hot path (#16): two database round trips for an order read
// cold (one for a campaign this instance saved last, #32), the login checked
// in the same read, and a change that another one overtook tried again.
import t from 'tap'

import { detached } from '../../src/db/sql.ts'
import { call, mondayGame, type App } from '../helpers/campaign.ts'
import { countQueries } from '../helpers/queries.ts'

/** Resolves once a statement of this database waits for a row lock. */
async function lockWait(app: App) {
  for (;;) {
    const { rows } = await app.pg.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
    if (rows[0].n > 0) return
    await new Promise((resolve) => setImmediate(resolve))
  }
}

t.test('an order read cold takes two database round trips, the first order after the draft too (no calendar catch-up)', async (t) => {
  // KNOWN_CAMPAIGNS=0: every order reads (test/db/known-campaigns.test.ts has the one-round-trip path).
  const { app, table } = await mondayGame(t, { knownCampaigns: 0 })
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  const first = await counter.during(() => call(app, ana, 'POST', url, { order: { type: 'recruit', city: '2,1', troops: 1 } }))
  t.equal(first.value.status, 200)
  t.same(first.queries, ['campaign-read-for-change', 'campaign-save-append-log'], 'one read, one save: no session query, no BEGIN, no lock, no catch-up')
  const second = await counter.during(() =>
    call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } }, { 'idempotency-key': 'k-1' }),
  )
  t.equal(second.value.status, 200)
  t.same(second.queries, ['campaign-read-for-change', 'campaign-save-append-log-idempotency'], 'the idempotency record is read and written in the same two')
  const retried = await counter.during(() =>
    call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } }, { 'idempotency-key': 'k-1' }),
  )
  t.same(retried.value.body, second.value.body, 'a retry answers the same')
  t.same(retried.queries, ['campaign-read-for-change'], 'and reads once')
  const refused = await counter.during(() => call(app, ana, 'POST', url, { order: { type: 'recruit', city: '2,1', troops: 1 } }))
  t.equal(refused.value.status, 422)
  t.same(refused.queries, ['campaign-read-for-change'], 'a refusal writes nothing')
})

t.test("the login is checked in the order's one read: a logged-out token gets 401 auth/session_ended and changes nothing", async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  const before = (await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: table.id } })).version
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${ana}` } })).statusCode, 204)
  const res = await call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(res.status, 401)
  t.equal(res.body.error.code, 'auth/session_ended')
  t.equal((await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: table.id } })).version, before)
  const stranger = await call(app, null, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(stranger.status, 401)
  t.equal(stranger.body.error.code, 'auth/unauthenticated')
})

t.test("a pause saved between an order's read and its save: the order is read again and refused as paused", async (t) => {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const gmAccess = async () => {
    const gm = (await call(app, table.gm, 'GET', '/api/me')).body.id as string
    return app.campaigns.access(table.id, gm)
  }
  const access = await gmAccess()
  counter.beforeNext('campaign-save-append', async () => {
    await app.campaigns.setPaused(access, true)
  })
  const res = await call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(res.status, 409)
  t.equal(res.body.error.code, 'campaign/paused', 'the order built on the running campaign was not saved over the pause')
  const recruits = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'recruited' } })
  t.equal(recruits, 0)
  const snapshot = await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: table.id } })
  t.equal((await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).status, 'paused')
  t.ok(snapshot.version > 0)
})

t.test('an order overtaken by another of the same tribe is tried again on the new state, so both apply', async (t) => {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  counter.beforeNext('campaign-save-append', async () => {
    const other = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${ana}` },
      payload: { order: { type: 'move', from: '3,3', troops: 1, to: '4,3' } },
    })
    if (other.statusCode !== 200) throw new Error(other.body)
  })
  const res = await call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } })
  t.equal(res.status, 200)
  const events = await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id, type: 'moved' }, orderBy: { seq: 'asc' } })
  t.same(
    events.map((e) => (e.payload as { from: string }).from),
    ['3,3', '2,1'],
    'the overtaking order first, then the retried one; no log row lost',
  )
  t.equal(res.body.version, (await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: table.id } })).version)
})

t.test(
  "an order that reads while a game master's pause holds the campaign waits for it, is read again and refused as paused; the pause is saved",
  async (t) => {
    const { app, table } = await mondayGame(t)
    const counter = countQueries(t)
    const ana = table.players.ana!.token
    const gm = (await call(app, table.gm, 'GET', '/api/me')).body.id as string
    let order: Promise<Awaited<ReturnType<typeof call>>> | undefined
    // The hook runs inside the pause's transaction; the order and the watch on locks are other requests, not its work.
    counter.beforeNext('campaign-save-update', () =>
      detached(async () => {
        // The pause has locked and loaded; the order reads the running campaign and saves: it must wait for the pause.
        order = call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
        await Promise.race([order, lockWait(app)])
      }),
    )
    const paused = await app.campaigns.setPaused(await app.campaigns.access(table.id, gm), true)
    t.equal(paused.status, 'paused', 'the pause is saved, not overtaken')
    const res = await order!
    t.equal(res.status, 409)
    t.equal(res.body.error.code, 'campaign/paused')
    t.equal(await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'recruited' } }), 0)
  },
)

t.test('a request is authenticated once: one login check for a route that also reads its caller (the campaign read)', async (t) => {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const read = await counter.during(() => call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/invitations`))
  t.equal(read.value.status, 403, 'a player may not invite')
  t.equal(read.queries.filter((q) => q === 'session-state').length, 1, `one session check, not one per hook: ${read.queries.join(', ')}`)
})

t.test('#52 an order whose connection the server ends between its read and its save: 503, nothing written, the next order served', async (t) => {
  // One connection: the order's is the only session of the request pool.
  const { app, table } = await mondayGame(t, { knownCampaigns: 0, databasePoolSize: 1 })
  const counter = countQueries(t)
  const url = `/api/campaigns/${table.id}/orders`
  const before = await app.prisma.campaignEvent.count({ where: { campaignId: table.id } })
  counter.beforeNext('campaign-save', async () => {
    // From the reserved pool: the request pool's one session, the order's, is ended.
    await app.db.system.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE '%requests%'`,
    )
  })
  const cut = await call(app, table.players.ana!.token, 'POST', url, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(cut.status, 503, JSON.stringify(cut.body))
  t.equal(await app.prisma.campaignEvent.count({ where: { campaignId: table.id } }), before, 'nothing written')
  const next = await call(app, table.players.ana!.token, 'POST', url, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(next.status, 200, 'the ended session was not given back to the pool')
})
