// Absences and stand-ins (#13 part 7): a player declares dates away; the GM names a stand-in,
// who plays the tribe's windows inside those dates (logged as theirs) and nowhere else.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'

t.test("a stand-in plays the absent player's tribe inside the absence dates, and is refused outside them", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const base = `/api/campaigns/${table.id}/absences`

  const backwards = await call(app, ana.token, 'POST', base, { from: '2026-12-08', to: '2026-12-07' })
  t.equal(backwards.body.error.code, 'absence/bad_dates')
  t.equal((await call(app, ana.token, 'POST', base, { from: '2026-11-01', to: '2026-11-02' })).body.error.code, 'absence/in_the_past')
  t.equal((await call(app, ana.token, 'POST', base, { from: '2026-12-01', to: '2027-03-01' })).body.error.code, 'absence/too_long')
  t.equal((await call(app, ana.token, 'POST', base, { from: '7 Dec', to: '2026-12-07' })).status, 400, 'a date not written YYYY-MM-DD')
  t.equal(
    (await call(app, table.gm, 'POST', base, { from: '2026-12-07', to: '2026-12-07' })).body.error.code,
    'absence/not_a_player',
    'the GM declares no absence',
  )
  t.equal(await app.prisma.absence.count(), 0, 'refusals store nothing')
  const declared = await call(app, ana.token, 'POST', base, { from: '2026-12-07', to: '2026-12-07', note: 'Boda de mi prima' })
  t.equal(declared.status, 201)
  t.same((await call(app, ben.token, 'GET', base)).body.absences, [], "ben sees none of ana's absences")
  t.match(
    (await call(app, table.gm, 'GET', base)).body.absences,
    [{ id: declared.body.id, tribeName: 'ana', from: '2026-12-07', to: '2026-12-07', note: 'Boda de mi prima', standIn: null }],
    'the GM sees it',
  )

  const standIn = `${base}/${declared.body.id}/stand-in`
  const notTheirs = await call(app, ben.token, 'PUT', standIn, { email: 'sam@example.com' })
  t.same([notTheirs.status, notTheirs.body.error.code], [403, 'absence/not_yours'], "only the GM and the absent tribe's own player name its stand-in (#49)")
  t.equal((await call(app, table.gm, 'PUT', standIn, { email: 'sam@example.com' })).body.error.code, 'user/not_found', 'the stand-in needs an account')
  const sam = await register(app, 'sam@example.com')
  const benEmail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ben.userId } })).email
  const anaEmail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  t.equal(
    (await call(app, table.gm, 'PUT', standIn, { email: anaEmail })).body.error.code,
    'absence/stand_in_self',
    'the absent player is not their own stand-in',
  )
  t.ok(benEmail, 'a co-player may stand in (#49): test/routes/api/co-player-stand-in.test.ts')
  t.equal(
    (await call(app, table.gm, 'PUT', `${base}/00000000-0000-4000-8000-000000000000/stand-in`, { email: 'sam@example.com' })).body.error.code,
    'absence/not_found',
  )
  const named = await call(app, table.gm, 'PUT', standIn, { email: 'sam@example.com' })
  t.equal(named.status, 200)
  t.match(named.body.standIn, { userId: sam.user.id })

  const recruit = { order: { type: 'recruit', city: '2,1', troops: 1 } }
  const before = await call(app, sam.token, 'POST', `/api/campaigns/${table.id}/orders`, recruit)
  t.equal(before.status, 404, 'Monday 30 November is outside the absence: sam cannot even see the private campaign')
  const listed = async () => (await call(app, sam.token, 'GET', '/api/campaigns')).body.campaigns as { id: string; role: string; tribeId: string | null }[]
  t.same(await listed(), [], 'nor is it in his list')
  await setClock(app, '2026-12-07T09:00:00Z') // Monday 7 December, 10:00 in Madrid: ana is away
  const state = (await call(app, sam.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.equal(state.you.tribeId, ana.tribeId, "inside the dates sam plays ana's tribe")
  t.match(await listed(), [{ id: table.id, role: 'player', tribeId: ana.tribeId }], 'and finds the campaign in his list, as its player (#30)')
  const { visitor } = await import('../../helpers/pages.ts')
  const samPages = visitor(app)
  await samPages.login('sam@example.com', 'correct horse battery')
  const samTurn = await samPages.get(`/campaigns/${table.id}/turn`)
  t.match(samTurn.body, /You are standing in for this tribe/, 'his pages say he stands in')
  const anaPages = visitor(app)
  await anaPages.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  t.notMatch((await anaPages.get(`/campaigns/${table.id}/turn`)).body, /standing in/, 'not the pages of the player himself')
  const played = await call(app, sam.token, 'POST', `/api/campaigns/${table.id}/orders`, recruit)
  t.equal(played.status, 200, 'and gives its orders')
  const logged = await app.prisma.campaignEvent.findFirstOrThrow({ where: { campaignId: table.id, type: 'order.stand_in' } })
  t.same(logged.payload, { tribe: ana.tribeId, by: sam.user.id, orders: 1 }, "logged as the stand-in's order")
  await setClock(app, '2026-12-08T09:00:00Z')
  t.equal(
    (await call(app, sam.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })).status,
    404,
    'the day after, sam is out again',
  )
  t.same(await listed(), [], 'and the campaign leaves his list')
})

t.test('the absences page: a player declares dates through the form (kept on error), the GM names the stand-in there, the history tells it', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const { visitor } = await import('../../helpers/pages.ts')
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const ana = visitor(app)
  await ana.login(await emailOf(table.players.ana!.userId), 'correct horse battery')
  const page = `/campaigns/${table.id}/absences`
  t.match((await ana.get(page)).body, /<h2>Declare an absence<\/h2>/)
  const bad = await ana.post(page, { from: '2026-12-09', to: '2026-12-08', note: 'Viaje' })
  t.equal(bad.status, 400)
  t.match(bad.body, 'absence/bad_dates')
  t.match(bad.body, /name="from" required value="2026-12-09"/, 'the dates typed are kept')
  const ok = await ana.post(page, { from: '2026-12-07', to: '2026-12-08', note: 'Viaje' })
  t.equal(ok.status, 303)
  t.match((await ana.get(ok.location!)).body, /<strong>ana<\/strong>: 7 December – 8 December · <q>Viaje<\/q> ·\s+no stand-in/)

  await register(app, 'sam@example.com')
  const gm = visitor(app)
  await gm.login(await emailOf((await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).createdById), 'correct horse battery')
  const gmPage = await gm.get(page)
  const action = /action="([^"]+\/stand-in)"/.exec(gmPage.body)![1]!
  const named = await gm.post(action, { email: 'sam@example.com' })
  t.equal(named.status, 303)
  t.match((await gm.get(page)).body, /stand-in: <a href="\/users\/[^"]+">sam<\/a>/)
  const history = (await gm.get(`/campaigns/${table.id}/history?kind=campaign`)).body
  t.match(history, /The player of ana will be away from 7 December to 8 December\./, 'the dates in words (#30)')
  t.match(
    (await gm.get(`/campaigns/${table.id}/history?kind=campaign&lang=es`)).body,
    /El jugador de ana estará fuera desde el 7 de diciembre hasta el 8 de diciembre\./,
    'in Spanish too',
  )
  t.match(history, /The game master named a stand-in for ana\./)
  // #30: the absence is private to its tribe and the GMs; an opponent learns nothing of it.
  t.match((await ana.get(`/campaigns/${table.id}/history?kind=campaign`)).body, /The player of ana will be away/, 'ana reads her own absence')
  const ben = visitor(app)
  await ben.login(await emailOf(table.players.ben!.userId), 'correct horse battery')
  const bens = (await ben.get(`/campaigns/${table.id}/history?kind=campaign`)).body
  t.notMatch(bens, /will be away|stand-in/, "ben's history does not tell ana's absence")
  const api = (await call(app, table.players.ben!.token, 'GET', `/api/campaigns/${table.id}/events`)).body.events.map((e: { type: string }) => e.type)
  t.notOk(
    api.some((type: string) => type.startsWith('absence.')),
    'nor does his event log',
  )
})
