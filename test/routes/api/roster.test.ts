// The GM's roster and the invitations behind it (#13): who plays which weekday, windows missed,
// invitations resent, revoked, expired, and replacement invitations for people with no account.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { smtpReceiver } from '../../helpers/smtp.ts'

type RosterTribe = { id: string; name: string; weekday: string; player: { displayName: string } | null; missedWindows: number; lastOrderAt: string | null }

t.test("the roster shows each tribe's player and weekday, a window.missed after the clock passes a window with no orders, and the last order", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const roster = async () => (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/roster`)).body as { tribes: RosterTribe[] }
  const tribe = async (name: string) => (await roster()).tribes.find((x) => x.name === name)!
  const before = await tribe('ana')
  t.same({ weekday: before.weekday, missed: before.missedWindows, last: before.lastOrderAt }, { weekday: 'monday', missed: 0, last: null })
  t.match(before.player, { displayName: /^ana-/ }, 'the player behind the tribe')

  await setClock(app, '2026-12-01T09:00:00Z') // Monday's window closed at 20:00 without an order from ana
  t.equal((await tribe('ana')).missedWindows, 1, "ana missed Monday's window")
  t.equal((await tribe('ben')).missedWindows, 0, "ben's window has not come yet")
  const missed = await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id, type: 'window.missed' } })
  t.same(
    missed.map((e) => (e.payload as { tribe: string }).tribe),
    [table.players.ana!.tribeId],
    'one window.missed event, for ana',
  )

  await setClock(app, '2026-12-02T09:00:00Z') // Wednesday: ben recruits
  const ben = table.players.ben!
  const state = (await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  const city = state.you.armies[0].tile as string
  t.equal((await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city, troops: 1 } })).status, 200)
  await setClock(app, '2026-12-03T09:00:00Z')
  const benNow = await tribe('ben')
  t.equal(benNow.missedWindows, 0, 'a window with an order is not missed')
  t.equal(benNow.lastOrderAt, '2026-12-02T09:00:00.000Z', "the last order's instant")

  const forbidden = await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/roster`)
  t.equal(forbidden.status, 403, 'a player does not see the roster (it holds addresses)')
  t.equal(forbidden.body.error.code, 'campaign/gm_only')
})

t.test('invitations: resent with two more weeks and mailed again, revoked so the link stops working, shown as expired when they lapse', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, {})
  const base = `/api/campaigns/${table.id}/invitations`
  const mailed = await call(app, table.gm, 'POST', base, { email: 'Newbie@Example.com' })
  t.equal(mailed.status, 201)
  const link = await call(app, table.gm, 'POST', base)
  await register(app, 'member@example.com')
  t.equal((await call(app, table.gm, 'POST', base, { email: 'member@example.com' })).status, 201)
  await setClock(app, '2026-11-30T09:01:00Z')
  t.equal(smtp.mails.filter((m) => m.to.includes('newbie@example.com')).length, 1)
  const toMember = smtp.mails.find((m) => m.to.includes('member@example.com'))!
  const html = toMember.raw.replace(/=\r?\n/g, '') // quoted-printable soft line breaks
  t.match(html, /a game master invited you to Test campaign/, 'a member is told why the mail came')
  t.notMatch(html, /because you play in/, 'not that they play there already')

  await setClock(app, '2026-12-05T09:00:00Z')
  const resent = await call(app, table.gm, 'POST', `${base}/${mailed.body.token}/resend`)
  t.equal(resent.status, 200)
  t.equal(resent.body.expiresAt, '2026-12-19T09:00:00.000Z', 'valid for 14 days from the resend')
  t.equal(resent.body.mailedTo, 'newbie@example.com')
  await setClock(app, '2026-12-05T09:01:00Z')
  t.equal(smtp.mails.filter((m) => m.to.includes('newbie@example.com')).length, 2, 'mailed again')

  const noAddress = await call(app, table.gm, 'POST', `${base}/${link.body.token}/resend`)
  t.equal(noAddress.status, 409, 'a link never mailed cannot be resent')
  t.equal(noAddress.body.error.code, 'invitation/no_address')
  const unknown = await call(app, table.gm, 'POST', `${base}/nosuchtoken123/resend`)
  t.equal(unknown.body.error.code, 'invitation/not_found')

  t.equal((await call(app, table.gm, 'POST', `${base}/${mailed.body.token}/revoke`)).status, 204)
  const again = await call(app, table.gm, 'POST', `${base}/${mailed.body.token}/resend`)
  t.equal(again.status, 410)
  t.equal(again.body.error.code, 'invitation/revoked')
  const newbie = await register(app, 'newbie@example.com')
  const refused = await call(app, newbie.token, 'POST', `/api/invitations/${mailed.body.token}/accept`, { tribeName: 'Late', weekday: 'friday' })
  t.equal(refused.status, 410, 'a revoked link does not let anyone join')
  t.equal(refused.body.error.code, 'invitation/revoked')
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 0, 'and stores nothing')
  const landing = await call(app, null, 'GET', `/api/invitations/${mailed.body.token}`)
  t.equal(landing.body.problem.code, 'invitation/revoked', 'the landing page learns why')

  await setClock(app, '2026-12-20T09:00:00Z')
  const roster = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/roster`)).body
  const states = Object.fromEntries(roster.invitations.map((i: { token: string; state: string }) => [i.token, i.state]))
  t.same(states, {
    [mailed.body.token]: 'revoked',
    [link.body.token]: 'expired',
    [Object.keys(states).find((k) => k !== mailed.body.token && k !== link.body.token)!]: 'expired',
  })
  t.equal(roster.invitations.find((i: { token: string }) => i.token === mailed.body.token).email, 'newbie@example.com')

  const used = await call(app, table.gm, 'POST', base)
  t.equal((await call(app, newbie.token, 'POST', `/api/invitations/${used.body.token}/accept`, { tribeName: 'Newbies', weekday: 'friday' })).status, 201)
  const resendUsed = await call(app, table.gm, 'POST', `${base}/${used.body.token}/resend`)
  t.equal(resendUsed.body.error.code, 'invitation/used')
  t.equal((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/roster`)).body.invitations.length, 3, 'a used invitation leaves the list')
})

t.test('invitations to join lapse when the campaign starts; one to take over a tribe does not (#30)', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const base = `/api/campaigns/${table.id}/invitations`
  const join = await call(app, table.gm, 'POST', base, { email: 'late@example.com' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const takeOver = await call(app, table.gm, 'POST', base, { tribeId: table.players.ana!.tribeId })
  t.equal(takeOver.status, 201)
  const states = Object.fromEntries(
    (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/roster`)).body.invitations.map((i: { token: string; state: string }) => [i.token, i.state]),
  )
  t.equal(states[join.body.token], 'expired', 'the join invitation is no longer pending after the start')
  t.equal(states[takeOver.body.token], 'pending', 'a take-over made after it is')
  const landing = await call(app, null, 'GET', `/api/invitations/${join.body.token}`)
  t.ok(landing.body.problem, `its link says why it cannot be used: ${landing.body.problem?.code}`)
})

t.test(
  'a replacement invitation: an address with no account gets a tribe of a running campaign after registering; the former player leaves (R2.1)',
  async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true })
    await setClock(app, '2026-11-30T09:00:00Z')
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
    await draft(app, table)
    const ana = table.players.ana!
    const replaced = await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/tribes/${ana.tribeId}/player`, { email: 'carla@example.com' })
    t.equal(replaced.status, 404)
    t.equal(replaced.body.error.code, 'user/not_found')
    t.match(replaced.body.error.message, /invite/, 'the GM is told to invite that address')

    const base = `/api/campaigns/${table.id}/invitations`
    const plain = await call(app, table.gm, 'POST', base, { email: 'carla@example.com' })
    t.equal(plain.status, 409, 'no new tribe joins a running campaign')
    t.equal(plain.body.error.code, 'campaign/already_started')
    const noTribe = await call(app, table.gm, 'POST', base, { tribeId: '00000000-0000-4000-8000-000000000000' })
    t.equal(noTribe.body.error.code, 'tribe/not_found')
    const inv = await call(app, table.gm, 'POST', base, { email: 'carla@example.com', tribeId: ana.tribeId })
    t.equal(inv.status, 201)

    const landing = (await call(app, null, 'GET', `/api/invitations/${inv.body.token}`)).body
    t.same(landing.tribe, { id: ana.tribeId, name: 'ana', weekday: 'monday' }, 'the landing page names the tribe to take over')
    t.equal(landing.problem, null)
    const carla = await register(app, 'carla@example.com')
    const joined = await call(app, carla.token, 'POST', `/api/invitations/${inv.body.token}/accept`, {})
    t.equal(joined.status, 201)
    t.same([joined.body.tribe.id, joined.body.tribe.weekday], [ana.tribeId, 'monday'], "carla plays ana's tribe on its weekday")
    t.equal((await call(app, carla.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.tribeId, ana.tribeId)
    // #45: the running private campaign is no longer hers to read (its results will be: test/routes/api/former-players.test.ts).
    const formerly = await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)
    t.equal(formerly.status, 404, 'ana no longer reads the running private campaign she played')
    const order = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
    t.equal(order.status, 404, 'and gives no order')
    const listed = (await call(app, ana.token, 'GET', '/api/campaigns')).body.campaigns.map((c: { id: string }) => c.id)
    t.notOk(listed.includes(table.id), 'nor is it in her list while it runs')
    const stranger = await register(app, 'dora@example.com')
    t.equal((await call(app, stranger.token, 'GET', `/api/campaigns/${table.id}/state`)).status, 404, 'a stranger does not see it either')
    const anaPages = visitor(app)
    await anaPages.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
    for (const tab of ['', '/history', '/dice', '/pools', '/scenes'])
      t.equal((await anaPages.get(`/campaigns/${table.id}${tab}`)).status, 404, `nor her pages: the campaign${tab}`)
    const log = await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id, type: 'tribe.player_replaced' } })
    t.equal(log.length, 1, 'the change is logged (R12.1)')

    await app.prisma.campaign.update({ where: { id: table.id }, data: { status: 'finished' } })
    const over = await call(app, table.gm, 'POST', base, { tribeId: ana.tribeId })
    t.equal(over.status, 409)
    t.equal(over.body.error.code, 'campaign/finished', 'nobody takes over a tribe once the campaign is over')
  },
)

t.test(
  'the invitation page: a logged-out newcomer sees the campaign and the free weekdays, registers, comes back, and joins; a typed name survives an error; taken weekdays cannot be chosen',
  async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
    await setClock(app, '2026-11-30T09:00:00Z')
    const table = await setUp(app, { ana: 'monday' })
    const inv = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`)
    const path = `/invitations/${inv.body.token}`
    const newcomer = visitor(app)
    const landing = await newcomer.get(path)
    t.equal(landing.status, 200, 'no login needed to read an invitation')
    t.match(landing.body, /invites you to play in the campaign <strong>Test campaign<\/strong>/)
    t.match(landing.body, /Monday<\/th><td>taken by ana/, "Monday is shown as ana's")
    t.match(landing.body, /Tuesday<\/th><td><strong>free/)
    const register = /href="(\/register\?next=[^"]+)"/.exec(landing.body)![1]!
    t.equal(decodeURIComponent(register.split('next=')[1]!), path, 'the register link carries the invitation')
    const form = await newcomer.get(register)
    t.match(form.body, new RegExp(`name="next" value="${path}"`))
    const registered = await newcomer.post('/register', {
      displayName: 'Dora',
      email: 'dora@example.com',
      password: 'correct horse battery',
      locale: 'en',
      timeZone: 'America/Mexico_City',
      next: path,
    })
    t.equal(registered.status, 303)
    t.equal(registered.location, path, 'registering lands back on the invitation')
    const page = await newcomer.get(path)
    t.match(page.body, /<option value="monday" disabled>Monday \(taken by ana\)<\/option>/, 'a taken weekday cannot be chosen')
    t.match(page.body, /<option value="tuesday" selected>/, 'the first free weekday is offered')

    const clash = await newcomer.post(path, { tribeName: 'Ana', weekday: 'tuesday' })
    t.equal(clash.status, 409)
    t.match(clash.body, /tribe\/name_taken/)
    t.match(clash.body, /name="tribeName" required maxlength="40" value="Ana"/, 'the typed name is kept')
    t.match(clash.body, /<option value="tuesday" selected>/, 'and the chosen weekday')
    const enEsClash = await newcomer.post(`${path}?lang=es`, { tribeName: 'Ana', weekday: 'tuesday' })
    t.match(
      enEsClash.body,
      /<strong>Ese nombre ya lo usa otra tribu, o se le parece demasiado; elige otro\.<\/strong> <details class="code"><summary>Detalles para el servicio<\/summary><small class="code">tribe\/name_taken<\/small><\/details>/,
      'a Spanish reader reads the error in Spanish, its code in small print',
    )
    const joined = await newcomer.post(path, { tribeName: 'Dorados', weekday: 'tuesday' })
    t.equal(joined.status, 303)
    t.equal(joined.location, `/campaigns/${table.id}`)
    const tribes = await app.prisma.tribe.findMany({ where: { campaignId: table.id }, orderBy: { weekday: 'asc' } })
    t.same(tribes.map((x) => [x.name, x.weekday]).sort(), [
      ['Dorados', 'tuesday'],
      ['ana', 'monday'],
    ])
    t.match((await newcomer.get(path)).body, /This invitation has already been used\./, 'a used link says so')

    const es = visitor(app)
    const revoked = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`)
    await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations/${revoked.body.token}/revoke`)
    const esPage = await es.get(`/invitations/${revoked.body.token}?lang=es`)
    t.match(esPage.body, /El máster revocó esta invitación/, "in the reader's language")
  },
)

t.test(
  'the GM console: the roster with a missed window, resend and revoke in place, a confirmation before replacing, an unknown address offered an invitation to the tribe',
  async (t) => {
    const smtp = await smtpReceiver()
    t.teardown(smtp.close)
    const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url, loginRateLimit: 1000 })
    await setClock(app, '2026-11-30T09:00:00Z')
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
    const gmMember = await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })
    const gmUser = await app.prisma.user.findUniqueOrThrow({ where: { id: gmMember.userId } })
    const gm = visitor(app)
    await gm.login(gmUser.email, 'correct horse battery')
    const console = `/campaigns/${table.id}/gm`
    await gm.get(console)
    t.equal((await gm.post(`${console}/invitations`, { email: 'eva@example.com' })).status, 200)
    let page = await gm.get(console)
    t.match(page.body, /<th scope="row">eva@example\.com<\/th>\s*<td>[^<]+<\/td>\s*<td>pending<\/td>/, 'the invitation is listed as pending')
    const resend = /action="([^"]+\/resend)"/.exec(page.body)![1]!
    const resent = await gm.post(resend, {})
    t.equal(resent.status, 303)
    t.match((await gm.get(resent.location!)).body, /Invitation mailed again/)
    page = await gm.get(console)
    const revoke = /action="([^"]+\/revoke)"/.exec(page.body)![1]!
    const unconfirmed = await gm.post(revoke, {})
    t.equal(unconfirmed.status, 400, 'revoking asks for its box')
    t.match(unconfirmed.body, 'form/unconfirmed')
    t.equal((await app.prisma.invitation.findFirstOrThrow({ where: { email: 'eva@example.com' } })).revokedAt, null, 'and changes nothing without it')
    t.equal((await gm.post(revoke, { confirm: 'yes' })).status, 303)
    t.match((await gm.get(console)).body, /<td>revoked<\/td>/)

    await draft(app, table)
    await setClock(app, '2026-12-01T09:00:00Z')
    page = await gm.get(console)
    // ana joined by a link, not by a mail to her address: the GM sees her name only (#25).
    t.match(
      page.body,
      /ana<\/th>\s*<td><a href="\/users\/[^"]+">ana-[^<]*<\/a><\/td>\s*<td>Monday<\/td>\s*<td><strong>1<\/strong><\/td>/,
      "ana's missed Monday window is counted",
    )
    const ana = table.players.ana!
    const noBox = await gm.post(`${console}/replace`, { tribeId: ana.tribeId, email: 'fede@example.com' })
    t.equal(noBox.status, 400, 'replacing asks for its box')
    const unknown = await gm.post(`${console}/replace`, { tribeId: ana.tribeId, email: 'fede@example.com', confirm: 'yes' })
    t.equal(unknown.status, 404, 'no account uses that address')
    t.match(unknown.body, /user\/not_found/)
    t.match(unknown.body, /No account uses <strong>fede@example\.com<\/strong>/, 'the console offers to invite it')
    const offer = await gm.post(`${console}/invitations`, { email: 'fede@example.com', tribeId: ana.tribeId })
    t.equal(offer.status, 200)
    t.match(offer.body, /Mailed to fede@example\.com/)
    const stored = await app.prisma.invitation.findFirstOrThrow({ where: { email: 'fede@example.com' } })
    t.equal(stored.tribeId, ana.tribeId, "an invitation to take over ana's tribe")
    t.match((await gm.get(console)).body, /fede@example\.com<br><small>to take over ana<\/small>/)
  },
)
