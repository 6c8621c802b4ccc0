// Every refusal of the API and the pages, provoked: the status, the code, the
// rule where there is one, and nothing stored. (The engine's own refusals are
// in test/games/weekday/refusals.test.ts; test/error-codes.test.ts checks that no code
// goes untested.)
import { randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App, type Table } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const NO_SUCH = '00000000-0000-4000-8000-000000000000'

/** ana (Monday) holds 2,1 and 3,3, ben (Wednesday) 5,5 and 5,7, cleo (Friday) 8,1 and 9,3; a public campaign; Monday 10:00 in Madrid. */
async function running(t: Test): Promise<{ app: App; table: Table; url: string }> {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' }, { public: true })
  await draft(app, table, { ana: ['2,1', '3,3'], ben: ['5,5', '5,7'], cleo: ['8,1', '9,3'] })
  return { app, table, url: `/api/campaigns/${table.id}` }
}

/** Everything a refused request could have written, to compare before and after. */
async function stored(app: App, campaignId: string) {
  const snapshot = await app.prisma.gameSnapshot.findUnique({ where: { campaignId } })
  return {
    version: snapshot?.version ?? null,
    events: await app.prisma.campaignEvent.count({ where: { campaignId } }),
    tribes: await app.prisma.tribe.count({ where: { campaignId } }),
    users: await app.prisma.user.count(),
    scenes: await app.pg.query('SELECT count(*)::int AS n FROM scenes WHERE campaign_id = $1::uuid', [campaignId]).then((r) => r.rows[0].n as number),
    status: (await app.prisma.campaign.findUnique({ where: { id: campaignId } }))?.status ?? null,
  }
}

t.test('accounts and links: a bad time zone, a blank name, a forged calendar link, an unsubscribe link of a gone account, an unknown map', async (t) => {
  const app = await buildTestApp(t)
  const zone = await call(app, null, 'POST', '/api/auth/register', {
    email: 'zed@example.com',
    password: 'correct horse battery',
    displayName: 'Zed',
    timeZone: 'Mars/Olympus',
  })
  t.match(zone, { status: 400, body: { error: { code: 'auth/invalid_time_zone', message: /Mars\/Olympus/ } } })
  // The schemas already want a visible character (a 400 request/invalid); the service refuses a blank name on its own too.
  await t.rejects(app.accounts.register({ email: 'zed@example.com', password: 'correct horse battery', displayName: '   ' }), {
    statusCode: 400,
    code: 'name/blank',
    message: /displayName/,
  })
  t.equal(await app.prisma.user.count(), 0, 'no account was made')

  const calendar = await app.inject({ method: 'GET', url: '/api/me/calendar.ics?token=forged.token' })
  t.equal(calendar.statusCode, 404)
  t.equal(calendar.json().error.code, 'calendar/bad_token')

  const gone = await app.inject({ method: 'POST', url: `/api/unsubscribe?token=${app.mail.unsubscribeToken(randomUUID(), 'reminder')}` })
  t.equal(gone.statusCode, 404)
  t.equal(gone.json().error.code, 'unsubscribe/no_user')

  const map = await call(app, null, 'GET', '/api/maps/atlantis')
  t.match(map, { status: 404, body: { error: { code: 'map/not_found' } } })
})

t.test('R2.1 joining: a taken weekday, a second tribe, a full campaign, an expired invitation', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const week = { ana: 'monday', ben: 'tuesday', cleo: 'wednesday', dan: 'thursday', eve: 'friday', fay: 'saturday' }
  const table = await setUp(app, week, { mapId: 'coast-7' })
  const url = `/api/campaigns/${table.id}`
  const invite = async () => (await call(app, table.gm, 'POST', `${url}/invitations`)).body.token as string
  const gus = await register(app, 'gus@example.com')

  const before = await stored(app, table.id)
  const taken = await call(app, gus.token, 'POST', `/api/invitations/${await invite()}/accept`, { tribeName: 'Gus', weekday: 'monday' })
  t.match(taken, { status: 409, body: { error: { code: 'tribe/weekday_taken', rule: 'R2.1', message: /monday already belongs to ana/ } } })
  const twice = await call(app, table.players.ana!.token, 'POST', `/api/invitations/${await invite()}/accept`, { tribeName: 'Ana again', weekday: 'sunday' })
  t.match(twice, { status: 409, body: { error: { code: 'tribe/already_playing', rule: 'R2.1' } } })
  t.same(await stored(app, table.id), before, 'nobody joined')

  const late = await invite()
  t.equal(
    (await call(app, gus.token, 'POST', `/api/invitations/${await invite()}/accept`, { tribeName: 'Gus', weekday: 'sunday' })).status,
    201,
    'the seventh tribe joins',
  )
  const hal = await register(app, 'hal@example.com')
  const full = await call(app, hal.token, 'POST', `/api/invitations/${late}/accept`, { tribeName: 'Hal', weekday: 'sunday' })
  t.match(full, { status: 409, body: { error: { code: 'campaign/full', rule: 'R2.1' } } })
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 7, 'at most 7 tribes')

  await setClock(app, '2026-12-15T09:00:00Z') // 15 days later: invitations last 14
  const expired = await call(app, hal.token, 'POST', `/api/invitations/${late}/accept`, { tribeName: 'Hal', weekday: 'sunday' })
  t.match(expired, { status: 410, body: { error: { code: 'invitation/expired' } } })
})

t.test(
  "R3.1 R3.4 before and during the draft: no state yet, no invitation or joining once it started, a spectator's pick, a GM pick without a tribe, a pick for another tribe",
  async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true })
    await setClock(app, '2026-11-30T09:00:00Z')
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { public: true })
    const url = `/api/campaigns/${table.id}`
    const state = await call(app, table.gm, 'GET', `${url}/state`)
    t.match(state, { status: 409, body: { error: { code: 'campaign/not_started', rule: 'R3.1' } } })
    const verify = await call(app, table.gm, 'GET', `${url}/verify`)
    t.match(verify, { status: 409, body: { error: { code: 'campaign/not_started', rule: 'R3.1' } } })
    const scene = await call(app, table.gm, 'POST', `${url}/scenes`, { title: 'Too early', tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId] })
    t.match(scene, { status: 409, body: { error: { code: 'scene/not_started', rule: 'R11.3' } } })

    const late = (await call(app, table.gm, 'POST', `${url}/invitations`)).body.token as string
    const order = (await call(app, table.gm, 'POST', `${url}/draft/start`)).body.order as string[]
    const afterStart = await call(app, table.gm, 'POST', `${url}/invitations`)
    t.match(afterStart, { status: 409, body: { error: { code: 'campaign/already_started', rule: 'R3.1' } } })
    const stranger = await register(app, 'stranger@example.com')
    const before = await stored(app, table.id)
    const joinLate = await call(app, stranger.token, 'POST', `/api/invitations/${late}/accept`, { tribeName: 'Late', weekday: 'friday' })
    t.match(joinLate, { status: 409, body: { error: { code: 'campaign/already_started', rule: 'R3.1' } } })
    const spectator = await call(app, stranger.token, 'POST', `${url}/draft/picks`, { city: '2,1' })
    t.match(spectator, { status: 403, body: { error: { code: 'draft/not_a_player', rule: 'R3.4' } } })
    const spectatorEmpty = await call(app, stranger.token, 'POST', `${url}/draft/picks`, {})
    t.match(spectatorEmpty, { status: 403, body: { error: { code: 'draft/not_a_player' } } }, 'a spectator hears who may pick before what a pick needs')
    const noTribe = await call(app, table.gm, 'POST', `${url}/draft/picks`, { city: '2,1' })
    t.match(noTribe, { status: 400, body: { error: { code: 'draft/tribe_required', rule: 'R3.4' } } })
    const [first, second] = order
    const onClock = Object.values(table.players).find((p) => p.tribeId === first)!
    const forOther = await call(app, onClock.token, 'POST', `${url}/draft/picks`, { city: '2,1', tribeId: second })
    t.match(forOther, { status: 403, body: { error: { code: 'orders/not_your_tribe', rule: 'R2.3' } } })
    const nothing = await call(app, onClock.token, 'POST', `${url}/draft/picks`, {})
    t.match(nothing, { status: 400, body: { error: { code: 'draft/choice_required', rule: 'R3.4' } } }, 'a pick names its place')
    const twoPlaces = await call(app, onClock.token, 'POST', `${url}/draft/picks`, { choice: '2,1', city: '3,3' })
    t.match(
      twoPlaces,
      { status: 400, body: { error: { code: 'draft/choice_conflict', rule: 'R3.4', message: /choice 2,1 and city 3,3 differ/ } } },
      'choice and its old name, differing',
    )
    t.same(await stored(app, table.id), before, 'no pick was made')
    // `city`, the field's first name, is still read for existing clients.
    const city = (await call(app, onClock.token, 'GET', `${url}/options`)).body.options.draftPick[0] as string
    t.match(await call(app, onClock.token, 'POST', `${url}/draft/picks`, { city }), { status: 200 }, 'picked by its old name')
  },
)

t.test('R2.3 orders from the wrong hands, and a body with both order and orders', async (t) => {
  const { app, table, url } = await running(t)
  const stranger = await register(app, 'stranger@example.com')
  const before = await stored(app, table.id)
  const recruit = { order: { type: 'recruit', city: '2,1', troops: 1 } }
  const gm = await call(app, table.gm, 'POST', `${url}/orders`, recruit)
  t.match(gm, { status: 403, body: { error: { code: 'orders/gm_cannot_play', rule: 'R2.3' } } })
  const spectator = await call(app, stranger.token, 'POST', `${url}/orders`, recruit)
  t.match(spectator, { status: 403, body: { error: { code: 'orders/not_a_player' } } })
  const other = await call(app, table.players.ana!.token, 'POST', `${url}/orders`, { ...recruit, tribeId: table.players.ben!.tribeId })
  t.match(other, { status: 403, body: { error: { code: 'orders/not_your_tribe' } } })
  const both = await call(app, table.players.ana!.token, 'POST', `${url}/orders`, { ...recruit, orders: [recruit.order] })
  t.match(both, { status: 400, body: { error: { code: 'orders/one_of' } } })
  const nowhere = await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${NO_SUCH}/orders`, recruit)
  t.match(nowhere, { status: 404, body: { error: { code: 'campaign/not_found' } } })
  t.same(await stored(app, table.id), before, 'nothing was stored')
})

t.test('R2.3 game master only: pausing, resuming what is not paused, replacing a player, the dice of a week to come', async (t) => {
  const { app, table, url } = await running(t)
  const before = await stored(app, table.id)
  const pause = await call(app, table.players.ana!.token, 'POST', `${url}/pause`)
  t.match(pause, { status: 403, body: { error: { code: 'campaign/gm_only', rule: 'R2.3' } } })
  const resume = await call(app, table.gm, 'POST', `${url}/resume`)
  t.match(resume, { status: 409, body: { error: { code: 'campaign/not_paused' } } })
  const noTribe = await call(app, table.gm, 'PUT', `${url}/tribes/${NO_SUCH}/player`, { email: 'someone@example.com' })
  t.match(noTribe, { status: 404, body: { error: { code: 'tribe/not_found' } } })
  const noUser = await call(app, table.gm, 'PUT', `${url}/tribes/${table.players.ana!.tribeId}/player`, { email: 'nobody@example.com' })
  t.match(noUser, { status: 404, body: { error: { code: 'user/not_found', message: /nobody@example.com/ } } })
  const ben = await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ben!.userId } })
  const playing = await call(app, table.gm, 'PUT', `${url}/tribes/${table.players.ana!.tribeId}/player`, { email: ben.email })
  t.match(playing, { status: 409, body: { error: { code: 'tribe/already_playing' } } })
  const dice = await call(app, table.gm, 'GET', `${url}/dice/99`)
  t.match(dice, { status: 404, body: { error: { code: 'dice/no_week' } } })
  const unknown = await call(app, table.gm, 'GET', `/api/campaigns/${NO_SUCH}`)
  t.match(unknown, { status: 404, body: { error: { code: 'campaign/not_found' } } })
  t.same(await stored(app, table.id), before, 'nothing was stored')
})

t.test(
  "R11.3 scenes: an unknown tribe, a scene one is not in, a closed scene; proposals: unknown, not one's to answer or withdraw, already decided",
  async (t) => {
    const { app, table, url } = await running(t)
    const { ana, ben, cleo } = table.players as Record<string, Table['players'][string]>
    const unknown = await call(app, table.gm, 'POST', `${url}/scenes`, { title: 'Ghosts', tribes: [ana!.tribeId, 'no-such-tribe'] })
    t.match(unknown, { status: 422, body: { error: { code: 'scene/unknown_tribe', rule: 'R11.3', message: /no-such-tribe/ } } })
    const opened = await call(app, table.gm, 'POST', `${url}/scenes`, { title: 'The bay', tribes: [ana!.tribeId, ben!.tribeId] })
    const scene = `${url}/scenes/${opened.body.id}`
    const outsider = await call(app, cleo!.token, 'GET', scene)
    t.match(outsider, { status: 404, body: { error: { code: 'scene/not_found' } } }, 'a scene one is not in does not exist for one')
    const missing = await call(app, ana!.token, 'POST', `${scene}/proposals/${NO_SUCH}/accept`)
    t.match(missing, { status: 404, body: { error: { code: 'proposal/not_found' } } })

    const proposed = await call(app, ana!.token, 'POST', `${scene}/proposals`, { transfers: [{ from: ana!.tribeId, to: ben!.tribeId, tiles: ['3,3'] }] })
    t.equal(proposed.status, 201)
    const p = `${scene}/proposals/${proposed.body.id}`
    const receiver = await call(app, ben!.token, 'POST', `${p}/accept`)
    t.match(receiver, { status: 403, body: { error: { code: 'proposal/not_a_giver', rule: 'R11.3' } } })
    const notYours = await call(app, ben!.token, 'POST', `${p}/withdraw`)
    t.match(notYours, { status: 403, body: { error: { code: 'proposal/not_yours', rule: 'R11.3' } } })
    t.equal((await call(app, ana!.token, 'POST', `${p}/withdraw`)).body.status, 'withdrawn')
    const decided = await call(app, ana!.token, 'POST', `${p}/accept`)
    t.match(decided, { status: 409, body: { error: { code: 'proposal/decided', rule: 'R11.3', message: /withdrawn/ } } })

    t.equal((await call(app, table.gm, 'POST', `${scene}/close`)).status, 200)
    const closed = await call(app, ana!.token, 'POST', `${scene}/messages`, { body: 'Anyone?' })
    t.match(closed, { status: 409, body: { error: { code: 'scene/closed', rule: 'R11.3' } } })
    const messages = await app.pg.query('SELECT count(*)::int AS n FROM scene_messages WHERE scene_id = $1::uuid', [opened.body.id])
    t.equal(messages.rows[0].n, 0, 'the refused message was not kept')
  },
)

t.test(
  'pages: a player at the GM console, a GM at the turn page, a spectator at the scenes, an unknown order type, empty and half-filled proposals',
  async (t) => {
    const { app, table } = await running(t)
    const emailOf = async (userId: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email
    const ana = visitor(app)
    await ana.login(await emailOf(table.players.ana!.userId), 'correct horse battery')
    const gmConsole = await ana.get(`/campaigns/${table.id}/gm`)
    t.equal(gmConsole.status, 403)
    t.ok(gmConsole.body.includes('campaign/gm_only'), 'the page names the code')

    const before = await stored(app, table.id)
    await ana.get(`/campaigns/${table.id}/turn`)
    const nuke = await ana.post(`/campaigns/${table.id}/turn`, { type: 'nuke' })
    t.equal(nuke.status, 400)
    t.ok(nuke.body.includes('orders/unknown_type'), 'the page names the code')
    t.match(nuke.body, /nuke/)

    const gmId = (await call(app, table.gm, 'GET', '/api/me')).body.id as string
    const gm = visitor(app)
    await gm.login(await emailOf(gmId), 'correct horse battery')
    const turn = await gm.get(`/campaigns/${table.id}/turn`)
    t.equal(turn.status, 403)
    t.ok(turn.body.includes('orders/not_a_player'), 'the page names the code')

    const opened = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, {
      title: 'The bay',
      tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId],
    })
    const scenePage = `/campaigns/${table.id}/scenes/${opened.body.id}`
    await ana.get(scenePage)
    const empty = await ana.post(`${scenePage}/proposals`, {})
    t.equal(empty.status, 400)
    t.ok(empty.body.includes('proposal/empty'), 'the page names the code')
    await ana.get(scenePage)
    const half = await ana.post(`${scenePage}/proposals`, { from1: table.players.ana!.tribeId, to1: '', tiles1: '3,3' })
    t.equal(half.status, 400)
    t.ok(half.body.includes('proposal/incomplete'), 'the page names the code')
    const proposals = await app.pg.query('SELECT count(*)::int AS n FROM proposals WHERE campaign_id = $1::uuid', [table.id])
    t.equal(proposals.rows[0].n, 0, 'no proposal was kept')

    await register(app, 'watcher@example.com')
    const watcher = visitor(app)
    await watcher.login('watcher@example.com', 'correct horse battery')
    const scenes = await watcher.get(`/campaigns/${table.id}/scenes`)
    t.equal(scenes.status, 403)
    t.ok(scenes.body.includes('scene/not_a_participant'), 'the page names the code')
    t.same(
      await stored(app, table.id),
      { ...before, users: before.users + 1, scenes: before.scenes + 1, events: before.events + 1 },
      "only the scene the GM opened, its log line and the watcher's account were stored",
    )
  },
)
