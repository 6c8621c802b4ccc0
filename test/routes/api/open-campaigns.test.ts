// Campaigns looking for players (#13 part 4) and the home page that leads to them (#13 part 1).
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('R2.1 a campaign listed "open": a newcomer sees the free weekdays and joins at once; unlisted or started, it is gone', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday' })
  const dora = await register(app, 'dora@example.com')
  t.same((await call(app, dora.token, 'GET', '/api/campaigns/open')).body.campaigns, [], 'not listed until the GM says so')
  const ana = table.players.ana!
  const notGm = await call(app, ana.token, 'PUT', `/api/campaigns/${table.id}/recruiting`, { mode: 'open' })
  t.equal(notGm.status, 403, 'only the GM lists it')
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/recruiting`, { mode: 'open' })).body.recruiting, 'open')
  const [listed] = (await call(app, dora.token, 'GET', '/api/campaigns/open')).body.campaigns
  t.match(listed, { id: table.id, joining: 'open', players: [{ tribeName: 'ana', weekday: 'monday' }], requested: false })
  t.same(listed.freeWeekdays, ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], "Monday is ana's")
  t.same((await call(app, ana.token, 'GET', '/api/campaigns/open')).body.campaigns, [], 'a member does not see it listed')

  const clash = await call(app, dora.token, 'POST', `/api/campaigns/${table.id}/join`, { tribeName: 'Dorados', weekday: 'monday' })
  t.equal(clash.status, 409)
  t.equal(clash.body.error.code, 'tribe/weekday_taken')
  const joined = await call(app, dora.token, 'POST', `/api/campaigns/${table.id}/join`, { tribeName: 'Dorados', weekday: 'friday' })
  t.equal(joined.status, 201)
  t.match(joined.body, { joined: { campaignId: table.id }, requested: false }, 'joined at once')
  t.equal((await call(app, dora.token, 'GET', `/api/campaigns/${table.id}`)).body.role, 'player')

  const eli = await register(app, 'eli@example.com')
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/recruiting`, { mode: null })).status, 200)
  t.same((await call(app, eli.token, 'GET', '/api/campaigns/open')).body.campaigns, [], 'unlisted')
  t.equal(
    (await call(app, eli.token, 'POST', `/api/campaigns/${table.id}/join`, { tribeName: 'Eli', weekday: 'sunday' })).body.error.code,
    'campaign/not_found',
    'and closed to joining',
  )
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/recruiting`, { mode: 'open' })).status, 200)
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).status, 200)
  t.same((await call(app, eli.token, 'GET', '/api/campaigns/open')).body.campaigns, [], 'a started campaign is not listed (R3.1)')
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/recruiting`, { mode: 'ask' })).body.error.code, 'campaign/already_started')
})

t.test('R2.1 a campaign listed "ask": the newcomer\'s request waits for the GM, who accepts one and declines another', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, {})
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/recruiting`, { mode: 'ask' })).status, 200)
  const [dora, eli] = await Promise.all([register(app, 'dora@example.com'), register(app, 'eli@example.com')])
  const asked = await call(app, dora.token, 'POST', `/api/campaigns/${table.id}/join`, { tribeName: 'Dorados', weekday: 'friday' })
  t.match(asked.body, { joined: null, requested: true })
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 0, 'no tribe until the GM accepts')
  t.equal((await call(app, dora.token, 'GET', '/api/campaigns/open')).body.campaigns[0].requested, true, 'the newcomer sees the request waiting')
  t.equal((await call(app, eli.token, 'POST', `/api/campaigns/${table.id}/join`, { tribeName: 'Elios', weekday: 'sunday' })).status, 201)
  const requests = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/join-requests`)).body.requests as { id: string; tribeName: string }[]
  t.same(
    requests.map((r) => r.tribeName),
    ['Dorados', 'Elios'],
  )
  const base = `/api/campaigns/${table.id}/join-requests`
  t.match((await call(app, table.gm, 'POST', `${base}/${requests[0]!.id}/accept`)).body, { outcome: 'accepted' })
  t.match((await call(app, table.gm, 'POST', `${base}/${requests[1]!.id}/decline`)).body, { outcome: 'declined' })
  const tribes = await app.prisma.tribe.findMany({ where: { campaignId: table.id } })
  t.same(
    tribes.map((x) => [x.name, x.weekday]),
    [['Dorados', 'friday']],
    'the accepted one joined; the declined one did not',
  )
  const again = await call(app, table.gm, 'POST', `${base}/${requests[1]!.id}/accept`)
  t.equal(again.status, 404)
  t.equal(again.body.error.code, 'join/not_found', 'a decided request is decided')
})

t.test(
  'the pages: the home page explains the week; /campaigns/open joins through a form; the GM lists the campaign and decides requests in the console',
  async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
    await setClock(app, '2026-11-30T09:00:00Z')
    const table = await setUp(app, { ana: 'monday' })
    const home = await visitor(app).get('/')
    t.equal(home.status, 200)
    t.match(home.body, /<svg class="week" viewBox="0 0 400 232" role="img" aria-labelledby="week-title">/, 'a picture of the weekly calendar')
    t.match(home.body, /On Sunday at 20:00 the weekly tick does the game(&#x27;|')s weekly work/)
    // Each game in its own words, with its rule book and guide: the platform's text names none.
    for (const name of ['Weekday Wars', 'World conquest', 'El Mapa', 'Open Wars'])
      t.match(home.body, new RegExp(`<li><strong>${name}`), `the home page lists ${name}`)
    t.match(home.body, /a city ringed by enemies loses troops to siege/, "the weekday game's pitch")
    t.match(home.body, /href="\/rules\/conquest"/, "world conquest's rule book")
    t.match(home.body, /href="\/campaigns\/open"/)
    t.match((await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } })).body, /Cómo transcurre una semana/)

    const gmUser = await app.prisma.user.findUniqueOrThrow({
      where: { id: (await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).createdById },
    })
    const gm = visitor(app)
    await gm.login(gmUser.email, 'correct horse battery')
    await gm.get(`/campaigns/${table.id}/gm`)
    const listed = await gm.post(`/campaigns/${table.id}/gm/recruiting`, { mode: 'ask' })
    t.equal(listed.status, 303)
    t.match((await gm.get(listed.location!)).body, /<option value="ask" selected>listed: I accept each newcomer<\/option>/)

    await register(app, 'dora@example.com')
    const dora = visitor(app)
    await dora.login('dora@example.com', 'correct horse battery')
    const open = await dora.get('/campaigns/open')
    t.match(open.body, /<h2 id="open-[^"]+">Test campaign<\/h2>/)
    t.notMatch(open.body, /<option value="monday"/, 'only free weekdays are offered')
    const clash = await dora.post(`/campaigns/${table.id}/join`, { tribeName: 'Ana', weekday: 'friday' })
    t.equal(clash.status, 409)
    t.match(clash.body, /value="Ana"/, 'the typed name is kept')
    t.match(clash.body, /<option value="friday" selected>/, 'and the weekday')
    const asked = await dora.post(`/campaigns/${table.id}/join`, { tribeName: 'Dorados', weekday: 'friday' })
    t.equal(asked.location, '/campaigns/open?requested=1')
    t.match((await dora.get(asked.location!)).body, /Your request went to the game master/)

    const console = await gm.get(`/campaigns/${table.id}/gm`)
    const accept = /action="([^"]+\/join-requests\/[^"]+\/accept)"/.exec(console.body)![1]!
    const accepted = await gm.post(accept, {})
    t.equal(accepted.status, 303)
    t.match((await gm.get(accepted.location!)).body, /The tribe has joined\./)
    t.equal((await app.prisma.tribe.findFirstOrThrow({ where: { campaignId: table.id, name: 'Dorados' } })).weekday, 'friday')
  },
)
