// A GM who hears of their players (#30): a tribe joined, a join request, an absence declared
// and a window missed reach every GM of the campaign by mail and push, in their language, and
// no player; and the inbox at the top of /campaigns and of the console lists what waits for the
// GM (proposals to ratify, join requests, absences to cover, windows missed this week,
// invitations never accepted before the start) until it is dealt with.
import t from 'tap'
import { buildTestApp, register } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { visitor } from '../helpers/pages.ts'
import { notifiedApp } from '../helpers/notified-app.ts'

t.test('joins, a join request, an absence and a missed window reach the GMs only, by mail and push, in their language', async (t) => {
  const { app, smtp, push } = await notifiedApp(t) // Monday 10:00 in Madrid
  const gm = await register(app, `gm-${Math.random().toString(36).slice(2)}@example.com`)
  await app.prisma.user.update({ where: { id: gm.user.id }, data: { locale: 'es' } })
  t.equal((await call(app, gm.token, 'POST', '/api/me/push/devices', push.device().subscription)).status, 201)
  const created = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Mesa del jueves', mapId: 'coast-3', public: true })
  const id = created.body.id as string
  const joined = async (name: string, weekday: string) => {
    const user = await register(app, `${name}-${Math.random().toString(36).slice(2)}@example.com`)
    const inv = await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`)
    const res = await call(app, user.token, 'POST', `/api/invitations/${inv.body.token}/accept`, { tribeName: name, weekday })
    t.equal(res.status, 201)
    return { ...user, tribeId: res.body.tribe.id as string }
  }
  const ana = await joined('Astures', 'monday')
  t.equal((await call(app, gm.token, 'PUT', `/api/campaigns/${id}/recruiting`, { mode: 'ask' })).status, 200)
  const asker = await register(app, `asker-${Math.random().toString(36).slice(2)}@example.com`)
  const asked = await call(app, asker.token, 'POST', `/api/campaigns/${id}/join`, { tribeName: 'Bracari', weekday: 'tuesday' })
  t.equal(asked.body.requested, true)
  await setClock(app, '2026-11-30T09:05:00Z')
  const news = () => smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'gm_news')
  // Both leave in one batch of the outbox, so they may arrive in either order.
  t.same(
    news()
      .map((m) => m.subject)
      .sort(),
    ['Mesa del jueves: Astures se ha unido', 'Mesa del jueves: alguien pide unirse'],
    'the GM hears of the join and the request, in Spanish',
  )
  t.ok(
    news().every((m) => m.to.includes(gm.user.email)),
    'to the GM only',
  )
  t.match(news().find((m) => m.subject.endsWith('alguien pide unirse'))?.text, /como Bracari, jugando los martes\. Acepta o rechaza la petición en la consola/)
  t.same(
    push.received.map((p) => p.message.title).sort(),
    news()
      .map((m) => m.subject)
      .sort(),
    'and on the GM’s phone',
  )

  // ---- the inbox while in setup: the request ----
  const gmPage = visitor(app)
  await gmPage.login(gm.user.email, 'correct horse battery')
  const before = await gmPage.get('/campaigns')
  t.match(before.body, /<h2 id="inbox-title">Te esperan<\/h2>/, 'the inbox tops /campaigns')
  t.match(before.body, /asker-\w+ · Bracari pide unirse/)

  // Started: an unanswered invitation lapses; the request too.
  const bystander = await call(app, gm.token, 'POST', `/api/campaigns/${id}/invitations`, { email: 'never@example.com', locale: 'es' })
  t.equal(bystander.status, 201)
  const ben = await joined('Cantabros', 'wednesday')
  await draft(app, { id, gm: gm.token, players: { Astures: { ...ana, userId: ana.user.id }, Cantabros: { ...ben, userId: ben.user.id } } })
  t.equal((await call(app, ana.token, 'POST', `/api/campaigns/${id}/absences`, { from: '2026-12-07', to: '2026-12-08' })).status, 201)
  await setClock(app, '2026-11-30T09:10:00Z')
  // The join of Cantabros and the absence leave in the same batch, in either order.
  const absenceNews = news().find((m) => m.subject.includes('ausente') || m.text.includes('estará ausente'))
  t.match(absenceNews?.text, /El jugador de Astures estará ausente del 7 de diciembre al 8 de diciembre/, 'the absence, dates in words')
  // Neither plays: ana's Monday (its window opened with the draft) and ben's Wednesday close with no order.
  await setClock(app, '2026-12-02T19:30:00Z')
  await setClock(app, '2026-12-03T09:00:00Z')
  const missed = news()
    .map((m) => m.subject)
    .filter((subject) => subject.includes('no jugó'))
  t.same(missed.sort(), ['Mesa del jueves: Astures no jugó su turno', 'Mesa del jueves: Cantabros no jugó su turno'], 'each missed window is told')
  t.equal(smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'gm_news' && !m.to.includes(gm.user.email)).length, 0, 'no player heard any of it')

  // ---- the inbox now ----
  const console = await gmPage.get(`/campaigns/${id}/gm`)
  const inbox = /<section class="card inbox"[\s\S]*?<\/section>/.exec(console.body)?.[0] ?? ''
  t.match(inbox, /Astures no estará del 7 de diciembre al 8 de diciembre y no tiene sustituto/, 'the absence to cover')
  t.match(inbox, /href="\/campaigns\/[0-9a-f-]+\/absences"/, 'with its page')
  t.match(inbox, /Cantabros no jugó su turno esta semana/, 'the missed window')
  t.match(inbox, /La invitación a never@example.com no se aceptó antes del comienzo/, 'the invitation never accepted')
  t.notMatch(inbox, /pide unirse/, 'a request can no longer be accepted once started: not listed')
  const anaPage = visitor(app)
  await anaPage.login(ana.user.email, 'correct horse battery')
  t.notMatch((await anaPage.get('/campaigns')).body, /inbox-title/, 'a player has no inbox')

  // Dealt with: the stand-in named, the item goes.
  const sam = await register(app, `sam-${Math.random().toString(36).slice(2)}@example.com`)
  const absence = (await call(app, gm.token, 'GET', `/api/campaigns/${id}/absences`)).body.absences[0]
  t.equal((await call(app, gm.token, 'PUT', `/api/campaigns/${id}/absences/${absence.id}/stand-in`, { email: sam.user.email })).status, 200)
  t.notMatch((await gmPage.get(`/campaigns/${id}/gm`)).body, /no tiene sustituto/, 'covered: gone from the inbox')
})

t.test('a proposal every giver accepted waits in the GM’s inbox until ratified', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'], ben: ['5,5', '5,7'] })
  const ana = table.players.ana!
  const ben = table.players.ben!
  const opened = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'The bay treaty', tribes: [ana.tribeId, ben.tribeId] })
  const url = `/api/campaigns/${table.id}/scenes/${opened.body.id}`
  const p = await call(app, ana.token, 'POST', `${url}/proposals`, { transfers: [{ from: ben.tribeId, to: ana.tribeId, tiles: ['5,5'] }] })
  const inbox = async () => app.inbox.of((await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId)
  t.same(await inbox(), [], 'nothing waits for the GM while a giver has not answered')
  t.equal((await call(app, ben.token, 'POST', `${url}/proposals/${p.body.id}/accept`)).body.status, 'accepted')
  const waiting = await inbox()
  t.same(
    waiting.map((g) => g.items.map((i) => [i.kind, i.subject, i.href])),
    [[['ratify', 'The bay treaty', `/campaigns/${table.id}/scenes/${opened.body.id}`]]],
    'the accepted proposal, linking to its scene',
  )
  t.equal((await call(app, table.gm, 'POST', `${url}/proposals/${p.body.id}/ratify`)).body.status, 'ratified')
  t.same(await inbox(), [], 'ratified: gone')
})
