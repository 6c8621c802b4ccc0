// #32: an order of a campaign this instance saved last is built on the state
// it remembers and saved in one statement, whose guard checks what the read
// would have checked. Each guard is broken here behind the instance's back
// (another instance, or SQL that moves no version), and the order must then
// answer exactly what the reading path answers, having written nothing wrong.
import t, { type Test } from 'tap'
import { buildApp } from '../../src/app.ts'
import { recheckCampaignsOf } from '../../src/db/snapshots.ts'
import { register, testConfig } from '../helpers/app.ts'
import { call, mondayGame, setClock, type App } from '../helpers/campaign.ts'
import { countQueries } from '../helpers/queries.ts'

const recruit = (city: string) => ({ order: { type: 'recruit', city, troops: 1 } })

/** A second instance on the same database, with its own memory. */
async function otherInstance(t: Test, app: App): Promise<App> {
  const url = (app.pg as unknown as { options: { connectionString: string } }).options.connectionString
  const other = await buildApp({ config: { ...testConfig(), allowTestClock: true }, databaseUrl: url })
  t.teardown(() => other.close())
  other.clock.set(app.clock.now())
  return other
}

async function version(app: App, campaignId: string): Promise<number> {
  return (await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId } })).version
}

/** The campaign as a reader sees it, from the database. */
async function stateOf(app: App, token: string, campaignId: string) {
  return (await call(app, token, 'GET', `/api/campaigns/${campaignId}/state`)).body
}

t.test('#32 an order of a campaign this instance saved last is one round trip; a kept answer and a refusal are read', async (t) => {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  const first = await counter.during(() => call(app, ana, 'POST', url, recruit('2,1')))
  t.equal(first.value.status, 200)
  t.same(first.queries, ['campaign-read-for-change', 'campaign-save-append-log'], 'the first order reads')
  const second = await counter.during(() => call(app, ana, 'POST', url, recruit('3,3')))
  t.equal(second.value.status, 200)
  t.same(second.queries, ['campaign-save-append-log-guarded'], 'the next one is saved without a read')
  const keyed = await counter.during(() =>
    call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } }, { 'idempotency-key': 'k-1' }),
  )
  t.equal(keyed.value.status, 200)
  t.same(keyed.queries, ['campaign-save-append-log-idempotency-guarded'], 'its Idempotency-Key is written by the same statement')
  const retried = await counter.during(() =>
    call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } }, { 'idempotency-key': 'k-1' }),
  )
  t.same(retried.value.body, keyed.value.body, 'a retry answers what the first request answered')
  t.same(
    retried.queries,
    ['campaign-save-append-log-idempotency-guarded', 'campaign-read-for-change'],
    "the kept answer's key fails the save, the read returns the answer",
  )
  const refused = await counter.during(() => call(app, ana, 'POST', url, { order: { type: 'recruit', city: '9,9', troops: 1 } }))
  t.equal(refused.value.status, 422)
  t.same(refused.queries, ['campaign-read-for-change'], 'a refusal is given on the stored state, and writes nothing')
  const verified = await call(app, ana, 'GET', `/api/campaigns/${table.id}/verify`)
  t.equal(verified.body.ok, true, 'the log replays to the stored state')
  t.equal(verified.body.stateHash, verified.body.storedHash)
  const moved = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'moved' } })
  t.equal(moved, 1, 'the retried order was applied once')
})

t.test('#32 orders through two instances in turn: each finds the other has written, reads, and both see one game', async (t) => {
  const { app, table } = await mondayGame(t)
  const other = await otherInstance(t, app)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  t.equal((await call(app, ana, 'POST', url, recruit('2,1'))).status, 200)
  t.equal((await call(other, ana, 'POST', url, recruit('3,3'))).status, 200)
  const stale = await counter.during(() => call(app, ana, 'POST', url, { order: { type: 'move', from: '3,3', troops: 1, to: '4,3' } }))
  t.equal(stale.value.status, 200, 'the order built on a stale memory is not lost')
  t.same(
    stale.queries,
    ['campaign-save-append-log-guarded', 'campaign-read-for-change', 'campaign-save-append-log'],
    'the guarded save wrote nothing; read and saved',
  )
  for (let i = 0; i < 4; i++) {
    const via = i % 2 === 0 ? other : app
    t.equal((await call(via, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } })).status, 200, `move ${i + 1}`)
  }
  const recruits = await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id, type: { in: ['recruited', 'moved'] } }, orderBy: { seq: 'asc' } })
  t.same(
    recruits.map((e) => e.type),
    ['recruited', 'recruited', 'moved', 'moved', 'moved', 'moved', 'moved'],
    'every order once, in the order given',
  )
  t.same(await stateOf(app, ana, table.id), await stateOf(other, ana, table.id), 'both instances show the same game')
  const verified = await call(other, ana, 'GET', `/api/campaigns/${table.id}/verify`)
  t.equal(verified.body.ok, true, 'and the log replays to it')
})

t.test('#32 a logout after a remembered order: the guard finds the token revoked, 401 auth/session_ended, nothing written', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  t.equal((await call(app, ana, 'POST', url, recruit('2,1'))).status, 200)
  const before = await version(app, table.id)
  // Another instance takes the logout, so this one's memory of the campaign is as it was.
  const other = await otherInstance(t, app)
  t.equal((await other.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${ana}` } })).statusCode, 204)
  const res = await call(app, ana, 'POST', url, recruit('3,3'))
  t.equal(res.status, 401)
  t.equal(res.body.error.code, 'auth/session_ended')
  t.equal(await version(app, table.id), before, 'nothing saved')
})

t.test('#32 every login ended (token version moved): 401 auth/session_ended, nothing written', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const url = `/api/campaigns/${table.id}/orders`
  t.equal((await call(app, ana.token, 'POST', url, recruit('2,1'))).status, 200)
  const before = await version(app, table.id)
  await app.pg.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1::uuid', [ana.userId])
  const res = await call(app, ana.token, 'POST', url, recruit('3,3'))
  t.equal(res.status, 401)
  t.equal(res.body.error.code, 'auth/session_ended')
  t.equal(await version(app, table.id), before)
})

/** Ana's order that the engine takes at any point of these tests: one troop out of 2,1. */
const step = { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } }

/** Monday's game after ana's first order (read and saved): the campaign is remembered, with her seat. */
async function remembered(t: Test) {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  t.equal((await call(app, ana, 'POST', url, recruit('2,1'))).status, 200)
  return { app, table, counter, ana, url }
}

/** A game whose campaign this instance remembers, ana's tribe with it; `change` is done behind its back, then ana orders `step`. */
async function rememberedThen(t: Test, change: (app: App, table: Awaited<ReturnType<typeof mondayGame>>['table']) => Promise<unknown>) {
  const { app, table, counter, url } = await remembered(t)
  const before = await version(app, table.id)
  await change(app, table)
  const { value: res, queries } = await counter.during(() => call(app, table.players.ana!.token, 'POST', url, step))
  return { res, queries, saved: (await version(app, table.id)) - before }
}

t.test("#32 a player's tribe given to another player behind the instance's back: 403 orders/not_a_player", async (t) => {
  const { res, saved } = await rememberedThen(t, async (app, table) => {
    const other = await register(app, `cleo-${Math.random().toString(36).slice(2)}@example.com`)
    await app.pg.query('UPDATE tribes SET user_id = $2::uuid WHERE id = $1', [table.players.ana!.tribeId, other.user.id])
  })
  t.equal(res.status, 403)
  t.equal(res.body.error.code, 'orders/not_a_player')
  t.equal(saved, 0, 'nothing saved')
})

t.test("#32 R4.3 players' tribes swapped behind the instance's back: ana now plays ben's Wednesday tribe, 409 turn/window_closed", async (t) => {
  const { res, saved } = await rememberedThen(t, async (app, table) => {
    const other = await register(app, `cleo-${Math.random().toString(36).slice(2)}@example.com`)
    await app.pg.query('UPDATE tribes SET user_id = $2::uuid WHERE id = $1', [table.players.ana!.tribeId, other.user.id])
    await app.pg.query('UPDATE tribes SET user_id = $2::uuid WHERE id = $1', [table.players.ben!.tribeId, table.players.ana!.userId])
  })
  t.equal(res.status, 409, 'the order is not given to the tribe ana no longer plays')
  t.equal(res.body.error.code, 'turn/window_closed')
  t.equal(res.body.error.rule, 'R4.3')
  t.equal(saved, 0, 'nothing saved')
})

t.test("#32 R2.3 a player made game master behind the instance's back: 403 orders/gm_cannot_play", async (t) => {
  const { res, saved } = await rememberedThen(t, (app, table) =>
    app.pg.query(`INSERT INTO memberships (campaign_id, user_id, role) VALUES ($1::uuid, $2::uuid, 'gm')`, [table.id, table.players.ana!.userId]),
  )
  t.equal(res.status, 403)
  t.equal(res.body.error.code, 'orders/gm_cannot_play')
  t.equal(res.body.error.rule, 'R2.3')
  t.equal(saved, 0, 'nothing saved')
})

t.test("#32 a player no longer a member of a private campaign, behind the instance's back: 404 campaign/not_found", async (t) => {
  const { res, saved } = await rememberedThen(t, (app, table) =>
    app.pg.query(`DELETE FROM memberships WHERE campaign_id = $1::uuid AND user_id = $2::uuid`, [table.id, table.players.ana!.userId]),
  )
  t.equal(res.status, 404)
  t.equal(res.body.error.code, 'campaign/not_found')
  t.equal(saved, 0, 'nothing saved')
})

t.test('#32 the same order with nothing broken is saved in one statement (the control of the tests above)', async (t) => {
  const { res, queries, saved } = await rememberedThen(t, async () => undefined)
  t.equal(res.status, 200)
  t.same(queries, ['campaign-save-append-log-guarded'])
  t.equal(saved, 1)
})

t.test('#32 calendar marks moved without a new version (a catch-up that found nothing): the guarded save writes nothing, the order is read', async (t) => {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  t.equal((await call(app, ana, 'POST', url, recruit('2,1'))).status, 200)
  const [marks] = (await app.pg.query(`SELECT synced_until, version FROM game_snapshots WHERE campaign_id = $1::uuid`, [table.id])).rows
  // As another instance's saveMarks would: the same version, a later mark.
  await app.pg.query(`UPDATE game_snapshots SET synced_until = synced_until + interval '1 second' WHERE campaign_id = $1::uuid`, [table.id])
  const res = await counter.during(() => call(app, ana, 'POST', url, recruit('3,3')))
  t.equal(res.value.status, 200)
  t.same(res.value.body.version, marks.version + 1)
  t.same(res.queries, ['campaign-save-append-log-guarded', 'campaign-read-for-change', 'campaign-save-append-log'], 'the remembered marks no longer hold')
  const [after] = (await app.pg.query(`SELECT synced_until FROM game_snapshots WHERE campaign_id = $1::uuid`, [table.id])).rows
  t.ok(after.synced_until.getTime() >= marks.synced_until.getTime() + 1000, 'the mark did not move back')
})

t.test("#52 the sweep's catch-up is followed: the next order of a remembered campaign stays one statement, a week on too", async (t) => {
  const { app, table, counter, ana, url } = await remembered(t)
  const before = await version(app, table.id)
  // A week on, Monday 10:00 in Madrid: the sweep closes the windows, runs the tick and opens ana's again.
  await setClock(app, '2026-12-07T09:00:00Z')
  const swept = await version(app, table.id)
  t.ok(swept > before, `the sweep saved the week (version ${before} → ${swept})`)
  const res = await counter.during(() => call(app, ana, 'POST', url, recruit('3,3')))
  t.equal(res.value.status, 200)
  t.equal(res.value.body.version, swept + 1, 'built on what the sweep saved')
  t.same(res.queries, ['campaign-save-append-log-guarded'], 'no failed save and no read')
  const verified = await call(app, ana, 'GET', `/api/campaigns/${table.id}/verify`)
  t.equal(verified.body.ok, true, 'the log replays to the stored state')
  // 17:30 in Madrid: the reminder's instant has passed, and the sweep saved what it did (a new version).
  await setClock(app, '2026-12-07T16:30:00Z')
  t.equal((await call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } })).status, 200)
  // Her reminder settings changed: her campaigns are due at once, and the sweep's catch-up finds
  // nothing to do, so it saves the marks alone, on the same version.
  const [before2] = (await app.pg.query(`SELECT version, synced_until FROM game_snapshots WHERE campaign_id = $1::uuid`, [table.id])).rows
  await recheckCampaignsOf(app.pg, table.players.ana!.userId)
  await setClock(app, '2026-12-07T16:31:00Z')
  const [after] = (await app.pg.query(`SELECT version, synced_until FROM game_snapshots WHERE campaign_id = $1::uuid`, [table.id])).rows
  t.equal(after.version, before2.version, 'the marks alone were saved')
  t.ok(after.synced_until > before2.synced_until, 'and the synced mark moved')
  const marksOnly = await counter.during(() => call(app, ana, 'POST', url, { order: { type: 'move', from: '3,1', troops: 1, to: '2,1' } }))
  t.equal(marksOnly.value.status, 200)
  t.same(marksOnly.queries, ['campaign-save-append-log-guarded'], 'the marks are followed too')
})

t.test('#52 the sweep adds no campaign this instance does not remember: those that order keep their place', async (t) => {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  t.equal(app.campaigns.remembered().campaigns, 0, 'the draft and the start are locked changes, not remembered')
  const before = await version(app, table.id)
  await setClock(app, '2026-12-07T09:00:00Z')
  t.ok((await version(app, table.id)) > before, 'the sweep saved the week')
  t.equal(app.campaigns.remembered().campaigns, 0, 'and remembered nothing')
  const res = await counter.during(() => call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, recruit('2,1')))
  t.equal(res.value.status, 200)
  t.same(res.queries, ['campaign-read-for-change', 'campaign-save-append-log'], "ana's first order reads")
})

t.test('#52 R2.3 a remembered player naming another tribe: 403 orders/not_your_tribe, as when read, nothing written', async (t) => {
  const { app, table, counter, ana, url } = await remembered(t)
  const before = await version(app, table.id)
  const res = await counter.during(() => call(app, ana, 'POST', url, { ...recruit('3,3'), tribeId: table.players.ben!.tribeId }))
  t.equal(res.value.status, 403)
  t.equal(res.value.body.error.code, 'orders/not_your_tribe')
  t.same(res.queries, ['campaign-read-for-change'])
  t.equal(await version(app, table.id), before)
})

t.test('#32 KNOWN_CAMPAIGNS=0 remembers nothing: every order reads', async (t) => {
  const { app, table } = await mondayGame(t, { knownCampaigns: 0 })
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  t.equal((await call(app, ana, 'POST', url, recruit('2,1'))).status, 200)
  const second = await counter.during(() => call(app, ana, 'POST', url, recruit('3,3')))
  t.same(second.queries, ['campaign-read-for-change', 'campaign-save-append-log'])
})

t.test("#48 an order's shape is checked before the lock: before any statement for a player seen ordering, after the one read for anyone else", async (t) => {
  const { app, table } = await mondayGame(t)
  const counter = countQueries(t)
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  const bad = { order: { type: 'recruit', city: '2,1', troops: 'many' } }
  const cold = await counter.during(() => call(app, ana, 'POST', url, bad))
  t.match(cold.value, { status: 400, body: { error: { code: 'orders/bad_shape', message: /order\.troops/ } } })
  t.same(cold.queries, ['campaign-read-for-change'], 'a player not seen yet: refused after the one read, before any lock or save')
  t.equal((await call(app, ana, 'POST', url, recruit('2,1'))).status, 200, 'ana orders: this instance knows her now')
  const before = await version(app, table.id)
  const warm = await counter.during(() => call(app, ana, 'POST', url, bad))
  t.match(warm.value, { status: 400, body: { error: { code: 'orders/bad_shape', message: /order\.troops/ } } }, 'the same answer')
  t.same(warm.queries, [], 'a player seen ordering: refused before any statement')
  const unknownType = await counter.during(() => call(app, ana, 'POST', url, { order: { type: 'castFireball' } }))
  t.match(unknownType.value, { status: 400, body: { error: { code: 'orders/unknown_type' } } })
  t.same(unknownType.queries, [])
  t.equal(await version(app, table.id), before, 'nothing was saved')

  // Someone outside a private campaign learns nothing of it, not even its game's orders.
  const stranger = await register(app, 'stranger@example.com')
  const hidden = await counter.during(() => call(app, stranger.token, 'POST', url, bad))
  t.match(hidden.value, { status: 404, body: { error: { code: 'campaign/not_found' } } }, 'a stranger: 404, as for a good order')
  t.notMatch(JSON.stringify(hidden.value.body), /recruit|troops|weekly-turn/, 'the answer names no order of the game')
  // A spectator may see the campaign; the shape still comes before who may give orders, on every path.
  const gm = await counter.during(() => call(app, table.gm, 'POST', url, bad))
  t.match(gm.value, { status: 400, body: { error: { code: 'orders/bad_shape' } } }, 'the GM: the shape first, then (for a good one) 403')
  t.match(await call(app, table.gm, 'POST', url, recruit('3,3')), { status: 403, body: { error: { code: 'orders/gm_cannot_play' } } })
})

t.test('#52 a second token of a remembered player, revoked before the campaign was remembered, is read and refused', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const url = `/api/campaigns/${table.id}/orders`
  const other = await app.issueToken(ana.userId)
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${other}` } })).statusCode, 204, 'logged out')
  // Remembered after the revocation: the seats' version the read found already counts it.
  t.equal((await call(app, ana.token, 'POST', url, recruit('2,1'))).status, 200)
  const before = await version(app, table.id)
  const counter = countQueries(t)
  const { value: res, queries } = await counter.during(() => call(app, other, 'POST', url, recruit('3,3')))
  t.equal(res.status, 401)
  t.equal(res.body.error.code, 'auth/session_ended')
  t.same(queries, ['campaign-read-for-change'], 'another token than the one the read checked is read, not saved on the memory')
  t.equal(await version(app, table.id), before, 'nothing saved')
  t.equal((await call(app, ana.token, 'POST', url, step)).status, 200, 'the token that read still orders')
})

t.test('#52 what moves the seats: a member, a tribe given, a token revoked, every login ended; not a weekday or a name', async (t) => {
  const { app, table } = await mondayGame(t)
  const seats = async () =>
    (await app.pg.query<{ v: number }>('SELECT seats_version AS v FROM game_snapshots WHERE campaign_id = $1::uuid', [table.id])).rows[0]!.v
  const ana = table.players.ana!
  let last = await seats()
  const moved = async (what: string, change: () => Promise<unknown>) => {
    await change()
    const now = await seats()
    t.ok(now > last, `${what} moves the seats' version (${last} -> ${now})`)
    last = now
  }
  await moved('a GM added', () =>
    app.pg.query(`INSERT INTO memberships (campaign_id, user_id, role) VALUES ($1::uuid, $2::uuid, 'gm')`, [table.id, ana.userId]),
  )
  await moved('a membership removed', () =>
    app.pg.query(`DELETE FROM memberships WHERE campaign_id = $1::uuid AND user_id = $2::uuid AND role = 'gm'`, [table.id, ana.userId]),
  )
  await moved("a tribe's player changed", () =>
    app.pg.query('UPDATE tribes SET user_id = $2::uuid WHERE id = $1', [table.players.ben!.tribeId, table.players.ben!.userId]),
  )
  await moved('a token revoked', () => app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${ana.token}` } }))
  await moved('every login of a player ended', () => app.pg.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1::uuid', [ana.userId]))
  await app.pg.query(`UPDATE tribes SET weekday = weekday WHERE campaign_id = $1::uuid`, [table.id])
  await app.pg.query(`UPDATE users SET display_name = display_name WHERE id = $1::uuid`, [ana.userId])
  t.equal(await seats(), last, "a tribe's weekday or a player's name leaves the seats alone")
})
