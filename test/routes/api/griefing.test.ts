// What a hostile account could do to others (#25): mail limits raced from many campaigns,
// open campaigns filled past what their game can start, a stranger GM reading joiners'
// addresses, a GM reading a tribe's secrets through a second account, forged tokens and a
// clock set to the year 0.
import { createHmac } from 'node:crypto'
import t from 'tap'
import { buildTestApp, register, testConfig } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const PASSWORD = 'correct horse battery'
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

const invitationsTo = async (app: App, address: string) =>
  (await app.pg.query(`SELECT 1 FROM outbox_mails WHERE kind = 'invitation' AND lower(to_address) = $1`, [address])).rowCount
const openFor = async (app: App, gm: string, id: string) => {
  const res = await call(app, gm, 'PUT', `/api/campaigns/${id}/recruiting`, { mode: 'open' })
  if (res.status !== 200) throw new Error(JSON.stringify(res.body))
}

t.test(
  'mail limits hold at once: 20 invitations to one address sent together from 20 campaigns mail it 3 times; 30 from one GM over 10 campaigns mail 20',
  async (t) => {
    const app = await buildTestApp(t, { loginRateLimit: 100_000, campaignRateLimit: 1_000 })
    const gms = await Promise.all(Array.from({ length: 20 }, (_, i) => register(app, `sender${i}@example.com`)))
    const campaigns = await Promise.all(
      gms.map(async (gm) => (await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Lure', mapId: 'coast-3' })).body.id as string),
    )
    const toOne = await Promise.all(
      campaigns.map((id, i) => call(app, gms[i]!.token, 'POST', `/api/campaigns/${id}/invitations`, { email: 'victim@example.com' })),
    )
    t.equal(toOne.filter((a) => a.status === 201).length, 3, 'three mailed')
    t.same([...new Set(toOne.filter((a) => a.status !== 201).map((a) => a.body.error.code))], ['invitation/too_many_to_address'], 'the rest refused by name')
    t.equal(await invitationsTo(app, 'victim@example.com'), 3, 'three in the outbox')

    const [spammer] = gms
    const own = await Promise.all(
      Array.from({ length: 10 }, async () => (await call(app, spammer!.token, 'POST', '/api/campaigns', { name: 'Spam', mapId: 'coast-3' })).body.id as string),
    )
    const many = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(app, spammer!.token, 'POST', `/api/campaigns/${own[i % own.length]}/invitations`, { email: `target${i}@example.com` }),
      ),
    )
    const mailedBefore = toOne.filter((a, i) => a.status === 201 && i === 0).length
    t.equal(many.filter((a) => a.status === 201).length, 20 - mailedBefore, 'a GM mails at most 20 a day, however many campaigns at once')
    t.ok(many.filter((a) => a.status === 429).every((a) => a.body.error.code === 'invitation/too_many'))
  },
)

t.test(
  'R2.1 G1.7 an open campaign is never filled past what its game can start: a 7th conquest joiner and a 5th on coast-2 are refused, saying why',
  async (t) => {
    const app = await buildTestApp(t, { loginRateLimit: 100_000 })
    const world = await setUp(app, {}, { ruleset: 'conquest' })
    await openFor(app, world.gm, world.id)
    const joiners = await Promise.all(WEEKDAYS.map((_, i) => register(app, `joiner${i}@example.com`)))
    for (const [i, weekday] of WEEKDAYS.slice(0, 6).entries()) {
      t.equal(
        (await call(app, joiners[i]!.token, 'POST', `/api/campaigns/${world.id}/join`, { tribeName: `Tribe ${i}`, weekday })).status,
        201,
        `${weekday} joins`,
      )
    }
    const seventh = await call(app, joiners[6]!.token, 'POST', `/api/campaigns/${world.id}/join`, { tribeName: 'Tribe 6', weekday: 'sunday' })
    t.equal(seventh.status, 409)
    t.match(seventh.body.error, { code: 'campaign/full', rule: 'R2.1', message: /at most 6 tribes/ })
    t.equal(await app.prisma.tribe.count({ where: { campaignId: world.id } }), 6)
    t.notOk(
      (await call(app, joiners[6]!.token, 'GET', '/api/campaigns/open')).body.campaigns.some((c: { id: string }) => c.id === world.id),
      'a full campaign is no longer listed',
    )
    t.equal((await call(app, world.gm, 'POST', `/api/campaigns/${world.id}/draft/start`)).status, 200, 'and it starts')

    const small = await setUp(app, {}, { mapId: 'coast-2' })
    await openFor(app, small.gm, small.id)
    for (const [i, weekday] of WEEKDAYS.slice(0, 4).entries()) {
      t.equal((await call(app, joiners[i]!.token, 'POST', `/api/campaigns/${small.id}/join`, { tribeName: `Small ${i}`, weekday })).status, 201)
    }
    const fifth = await call(app, joiners[4]!.token, 'POST', `/api/campaigns/${small.id}/join`, { tribeName: 'Small 4', weekday: 'friday' })
    t.match(fifth.body.error, { code: 'campaign/full', message: /at most 4 tribes/ }, 'coast-2 has 8 cities: two a tribe (R1.4)')
    const invitation = await call(app, small.gm, 'POST', `/api/campaigns/${small.id}/invitations`)
    const landing = await call(app, null, 'GET', `/api/invitations/${invitation.body.token}`)
    t.equal(landing.body.full, true, 'the invitation page says it is full')
    t.equal(
      (await call(app, joiners[4]!.token, 'POST', `/api/invitations/${invitation.body.token}/accept`, { tribeName: 'Small 4', weekday: 'friday' })).body.error
        .code,
      'campaign/full',
      'an invitation does not get past it',
    )
  },
)

t.test('the GM removes a tribe before the start (its player is told), never after; a join request expires after 14 days', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 100_000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', squatter: 'friday' })
  const squatter = table.players.squatter!
  t.equal((await call(app, table.players.ana!.token, 'DELETE', `/api/campaigns/${table.id}/tribes/${squatter.tribeId}`)).status, 403, 'only the GM')
  t.equal((await call(app, table.gm, 'DELETE', `/api/campaigns/${table.id}/tribes/${squatter.tribeId}`)).status, 204)
  t.same((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}`)).body.tribes.map((x: { name: string }) => x.name).sort(), ['ana', 'ben'])
  t.equal((await call(app, squatter.token, 'GET', `/api/campaigns/${table.id}`)).status, 404, 'the removed player is out of the private campaign')
  const mail = await app.prisma.outboxMail.findFirst({ where: { campaignId: table.id, kind: 'tribe_removed' } })
  t.equal(mail?.userId, squatter.userId, 'and told by mail')
  t.ok(await app.prisma.campaignEvent.findFirst({ where: { campaignId: table.id, type: 'tribe.removed' } }), 'the log says it')
  t.equal((await call(app, table.gm, 'DELETE', `/api/campaigns/${table.id}/tribes/${squatter.tribeId}`)).body.error.code, 'tribe/not_found')
  // Friday is free again: a newcomer asks for it.
  await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/recruiting`, { mode: 'ask' })
  const asker = await register(app, 'asker@example.com')
  t.equal((await call(app, asker.token, 'POST', `/api/campaigns/${table.id}/join`, { tribeName: 'Askers', weekday: 'friday' })).status, 201)
  const [request] = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/join-requests`)).body.requests
  t.ok(request, 'the request is pending')
  await setClock(app, '2026-12-15T09:00:00Z')
  t.same((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/join-requests`)).body.requests, [], '15 days later it is no longer listed')
  const late = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/join-requests/${request.id}/accept`)
  t.equal(late.status, 410)
  t.equal(late.body.error.code, 'join/expired')
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 2, 'nobody joined')
  await draft(app, table)
  t.equal(
    (await call(app, table.gm, 'DELETE', `/api/campaigns/${table.id}/tribes/${table.players.ben!.tribeId}`)).body.error.code,
    'campaign/already_started',
    'after the start a tribe is replaced, not removed',
  )
})

t.test('the GM console removes a tribe with a ticked confirmation', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 100_000 })
  const table = await setUp(app, { ana: 'monday', squatter: 'friday' })
  const gmEmail = (await call(app, table.gm, 'GET', '/api/me')).body.email as string
  const gm = visitor(app)
  await gm.login(gmEmail, PASSWORD)
  const page = await gm.get(`/campaigns/${table.id}/gm`)
  t.match(page.body, /gm\/remove-tribe/, 'each tribe has a remove form during setup')
  const unticked = await gm.post(`/campaigns/${table.id}/gm/remove-tribe`, { tribeId: table.players.squatter!.tribeId })
  t.equal(unticked.status, 400, 'not without the confirmation')
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 2)
  const done = await gm.post(`/campaigns/${table.id}/gm/remove-tribe`, { tribeId: table.players.squatter!.tribeId, confirm: 'yes' })
  t.equal(done.status, 303)
  t.match(done.location, /done=tribeRemoved/)
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 1)
})

t.test("a stranger GM of an open campaign sees joiners' names, not their addresses; an address the GM invited is shown", async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 100_000 })
  const table = await setUp(app, {})
  await openFor(app, table.gm, table.id)
  const stranger = await register(app, 'private.person@example.com')
  t.equal((await call(app, stranger.token, 'POST', `/api/campaigns/${table.id}/join`, { tribeName: 'Strangers', weekday: 'monday' })).status, 201)
  const friend = await register(app, 'friend@example.com')
  const invited = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`, { email: 'friend@example.com' })
  t.equal((await call(app, friend.token, 'POST', `/api/invitations/${invited.body.token}/accept`, { tribeName: 'Friends', weekday: 'tuesday' })).status, 201)
  const roster = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/roster`)).body
  const byName = Object.fromEntries(roster.tribes.map((x: { name: string; player: unknown }) => [x.name, x.player]))
  t.match(byName.Strangers, { displayName: 'private.person', email: null }, "the joiner's address is not shown")
  t.match(byName.Friends, { email: 'friend@example.com' }, 'the invited address is')
  const gm = visitor(app)
  await gm.login((await call(app, table.gm, 'GET', '/api/me')).body.email, PASSWORD)
  const page = await gm.get(`/campaigns/${table.id}/gm`)
  t.notMatch(page.body, /private\.person@example\.com/, 'nor on the console')
})

t.test(
  "G8.1 a GM cannot see a tribe's secret objective through a second mailbox of theirs, as stand-in or as replacement; the player is told of any stand-in; one stand-in per account a day",
  async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 100_000 })
    await setClock(app, '2026-11-30T09:00:00Z')
    const gm = await register(app, 'game.master@gmail.com')
    const created = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Secrets', ruleset: 'conquest' })
    const id = created.body.id as string
    const players: Record<string, { token: string; tribeId: string; userId: string }> = {}
    for (const [name, weekday] of [
      ['ana', 'monday'],
      ['ben', 'tuesday'],
      ['cleo', 'wednesday'],
    ] as const) {
      const user = await register(app, `${name}@example.com`)
      const inv = await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`)
      const joined = await call(app, user.token, 'POST', `/api/invitations/${inv.body.token}/accept`, { tribeName: name, weekday })
      players[name] = { token: user.token, tribeId: joined.body.tribe.id, userId: user.user.id }
    }
    t.equal((await call(app, gm.token, 'POST', `/api/campaigns/${id}/draft/start`)).status, 200)
    await register(app, 'gamemaster+alt@gmail.com')
    const absence = await call(app, players.ana!.token, 'POST', `/api/campaigns/${id}/absences`, { from: '2026-12-07', to: '2026-12-08' })
    const alias = await call(app, gm.token, 'PUT', `/api/campaigns/${id}/absences/${absence.body.id}/stand-in`, { email: 'gamemaster+alt@gmail.com' })
    t.equal(alias.status, 409)
    t.match(alias.body.error, { code: 'tribe/gm_mailbox', rule: 'R2.3' }, "the GM's own mailbox is refused as stand-in")
    const replaced = await call(app, gm.token, 'PUT', `/api/campaigns/${id}/tribes/${players.ana!.tribeId}/player`, { email: 'gamemaster+alt@gmail.com' })
    t.equal(replaced.body.error.code, 'tribe/gm_mailbox', 'and as replacement')
    const token = await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`, { tribeId: players.ana!.tribeId })
    const alt = (await call(app, null, 'POST', '/api/auth/login', { email: 'gamemaster+alt@gmail.com', password: PASSWORD })).body.token as string
    t.equal(
      (await call(app, alt, 'POST', `/api/invitations/${token.body.token}/accept`, {})).body.error.code,
      'tribe/gm_mailbox',
      'and through a replacement invitation',
    )
    t.equal((await call(app, players.ana!.token, 'GET', `/api/campaigns/${id}/state`)).status, 200, 'ana still plays her tribe')

    const sam = await register(app, 'sam@example.com')
    t.equal((await call(app, gm.token, 'PUT', `/api/campaigns/${id}/absences/${absence.body.id}/stand-in`, { email: 'sam@example.com' })).status, 200)
    const told = await app.prisma.outboxMail.findFirst({ where: { campaignId: id, kind: 'stand_in', data: { path: ['role'], equals: 'player' } } })
    t.equal(told?.userId, players.ana!.userId, 'ana is mailed that sam stands in for her')
    t.match(told?.data, { standInName: 'sam', from: '2026-12-07', to: '2026-12-08' })
    const other = await call(app, players.ben!.token, 'POST', `/api/campaigns/${id}/absences`, { from: '2026-12-08', to: '2026-12-09' })
    const twice = await call(app, gm.token, 'PUT', `/api/campaigns/${id}/absences/${other.body.id}/stand-in`, { email: 'sam@example.com' })
    t.equal(twice.status, 409)
    t.equal(twice.body.error.code, 'absence/stand_in_busy', 'sam cannot stand in for two tribes on 8 December')
    const later = await call(app, players.cleo!.token, 'POST', `/api/campaigns/${id}/absences`, { from: '2026-12-10', to: '2026-12-10' })
    t.equal(
      (await call(app, gm.token, 'PUT', `/api/campaigns/${id}/absences/${later.body.id}/stand-in`, { email: 'sam@example.com' })).status,
      200,
      'on another day he may',
    )
    t.ok(sam)
  },
)

t.test('absence declarations: overlapping dates are refused, and three a tribe a day at most', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const base = `/api/campaigns/${table.id}/absences`
  const ana = table.players.ana!.token
  t.equal((await call(app, ana, 'POST', base, { from: '2026-12-07', to: '2026-12-10' })).status, 201)
  const overlap = await call(app, ana, 'POST', base, { from: '2026-12-09', to: '2026-12-12' })
  t.equal(overlap.status, 409)
  t.match(overlap.body.error, { code: 'absence/overlaps', message: /2026-12-07 to 2026-12-10/ })
  t.equal((await call(app, ana, 'POST', base, { from: '2026-12-14', to: '2026-12-14' })).status, 201)
  t.equal((await call(app, ana, 'POST', base, { from: '2026-12-21', to: '2026-12-21' })).status, 201)
  const fourth = await call(app, ana, 'POST', base, { from: '2026-12-28', to: '2026-12-28' })
  t.equal(fourth.status, 429)
  t.equal(fourth.body.error.code, 'absence/too_many')
  t.equal((await call(app, table.players.ben!.token, 'POST', base, { from: '2026-12-28', to: '2026-12-28' })).status, 201, 'another tribe has its own three')
  await setClock(app, '2026-12-01T09:30:00Z')
  t.equal((await call(app, ana, 'POST', base, { from: '2026-12-28', to: '2026-12-28' })).status, 201, 'a day later ana may again')
  t.equal(await app.prisma.absence.count({ where: { campaignId: table.id } }), 5)
})

/** A token signed with the service's own secret, as only someone holding it could make. */
function forge(claims: Record<string, unknown>) {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  return `${body}.${createHmac('sha256', testConfig().jwtSecret).update(body).digest('base64url')}`
}

t.test('forged tokens: one without exp, or whose sub is no account id, is a 401; the dev clock refuses dates outside 2000–2200', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  const { user, token } = await register(app, 'holder@example.com')
  const now = Math.floor(Date.now() / 1000)
  const me = (bearer: string) => app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${bearer}` } })
  t.equal((await me(forge({ sub: user.id, iat: now, exp: now + 600 }))).statusCode, 200, 'a well-formed forged token works: the secret is the secret')
  const forever = await me(forge({ sub: user.id, iat: now }))
  t.equal(forever.statusCode, 401, 'without exp: refused')
  t.equal(forever.json().error.code, 'auth/unauthenticated')
  for (const sub of ['not-a-uuid', "' OR 1=1 --", '']) {
    const res = await me(forge({ sub, iat: now, exp: now + 600 }))
    t.equal(res.statusCode, 401, `sub ${JSON.stringify(sub)}: 401, not 500`)
  }
  const page = await app.inject({ method: 'GET', url: '/campaigns', headers: { cookie: `ww_session=${forge({ sub: 'nope', iat: now, exp: now + 600 })}` } })
  t.ok(page.statusCode < 500, `a page with such a cookie is served as logged out (${page.statusCode})`)
  for (const at of ['0000-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2201-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
    const res = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { now: at }, headers: { authorization: `Bearer ${token}` } })
    t.equal(res.statusCode, 400, `${at}: 400`)
    t.equal(res.json().error.code, 'clock/out_of_range')
  }
  t.ok(app.clock.now().getUTCFullYear() >= 2026, 'the clock did not move')
  const before = app.clock.now().getTime()
  const decade = await app.inject({
    method: 'POST',
    url: '/api/dev/clock',
    payload: { now: '2150-01-01T00:00:00Z' },
    headers: { authorization: `Bearer ${token}` },
  })
  t.equal(decade.statusCode, 400, 'a jump of more than 520 weeks: 400 (#31 item 4)')
  t.equal(decade.json().error.code, 'clock/jump_too_far')
  t.match(decade.json().error.message, /520 weeks/)
  t.ok(app.clock.now().getTime() - before < 60_000, 'and the clock did not move (it only runs on)')
  t.equal(
    (await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { now: '2030-06-01T00:00:00Z' }, headers: { authorization: `Bearer ${token}` } }))
      .statusCode,
    200,
  )
})
