// Diplomacy that does not go quiet (#30): who hears of a scene's messages and proposals, by mail
// and by push, in their language; one message mail a scene and hour; news dropped once it is
// stale (the scene read, the proposal settled); unread counts on the tab and per scene.
import t, { type Test } from 'tap'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { visitor } from '../helpers/pages.ts'
import { notifiedApp } from '../helpers/notified-app.ts'
import type { ReceivedMail } from '../helpers/smtp.ts'

async function diplomacy(t: Test) {
  const { app, smtp, push } = await notifiedApp(t) // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' })
  await draft(app, table, { ana: ['2,1', '3,3'], ben: ['5,5', '5,7'], cleo: ['8,1', '9,3'] })
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es' } })
  const gm = (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId
  const emails = new Map<string, string>()
  for (const user of await app.prisma.user.findMany()) emails.set(user.email, user.id)
  const opened = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, {
    title: 'The bay treaty',
    tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId],
  })
  const url = `/api/campaigns/${table.id}/scenes/${opened.body.id}`
  const bensPhone = push.device()
  t.equal((await call(app, table.players.ben!.token, 'POST', '/api/me/push/devices', bensPhone.subscription)).status, 201)
  await setClock(app, '2026-11-30T09:01:00Z') // the opening's mails go
  smtp.mails.length = 0
  push.received.length = 0
  const to = (m: ReceivedMail) => emails.get(m.to[0]!)
  const sceneMails = () => smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'scene')
  return { app, table, smtp, push, gm, url, to, sceneMails, sceneId: opened.body.id as string }
}

t.test('a message reaches the scene’s other members and the GM once an hour, by mail and push, in their language; not its author, not outsiders', async (t) => {
  const { app, table, push, gm, url, to, sceneMails } = await diplomacy(t)
  const ana = table.players.ana!
  const ben = table.players.ben!
  t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body: 'Your ship for my city?' })).status, 201)
  t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body: 'Quickly, please.' })).status, 201)
  await setClock(app, '2026-11-30T09:20:00Z')
  const first = sceneMails()
  t.same(first.map(to).sort(), [ben.userId, gm].sort(), 'one mail each to ben and the GM for both messages; none to ana or cleo')
  const bens = first.find((m) => to(m) === ben.userId)!
  t.match(bens.text, /Hay mensajes nuevos en "The bay treaty"/, 'ben reads Spanish')
  t.notMatch(bens.text, /Your ship/, 'the words stay in the scene')
  t.match(first.find((m) => to(m) === gm)!.text, /There are new messages in "The bay treaty"/)
  t.same(
    push.received.map((p) => [p.device, p.message.kind]),
    [[push.received[0]!.device, 'scene']],
    'one push to ben’s phone',
  )
  t.match(push.received[0]!.message.title, /The bay treaty/)

  t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body: 'Still there?' })).status, 201)
  await setClock(app, '2026-11-30T09:40:00Z')
  t.equal(sceneMails().length, 2, 'a third message in the same hour mails nobody')
  await setClock(app, '2026-11-30T10:05:00Z')
  t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body: 'Next hour.' })).status, 201)
  await setClock(app, '2026-11-30T10:06:00Z')
  t.equal(sceneMails().length, 4, 'the next hour mails again')

  await setClock(app, '2026-11-30T11:05:00Z')
  t.equal((await call(app, table.gm, 'POST', `${url}/messages`, { body: 'I will ratify a fair trade.' })).status, 201)
  await setClock(app, '2026-11-30T11:10:00Z')
  const gmNews = sceneMails().slice(4)
  t.same(gmNews.map(to).sort(), [ana.userId, ben.userId].sort(), "the GM's message reaches both players, not the GM")
})

t.test('news already seen is not sent: a scene read before its mail went drops that reader’s mail only', async (t) => {
  const { app, table, url, to, sceneMails } = await diplomacy(t)
  const ben = table.players.ben!
  t.equal((await call(app, ben.token, 'POST', `${url}/messages`, { body: 'Hola.' })).status, 201)
  t.equal((await call(app, table.players.ana!.token, 'GET', url)).status, 200, 'ana opens the scene before the sweep')
  await setClock(app, '2026-11-30T09:10:00Z')
  t.same(
    sceneMails().map(to),
    [(await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId],
    'only the GM is mailed',
  )
  const dropped = await app.prisma.outboxMail.findFirstOrThrow({
    where: { userId: table.players.ana!.userId, kind: 'scene', period: { contains: '/message/' } },
  })
  t.equal(dropped.lastError, 'the scene was read before the mail went')
})

t.test('a proposal waits for its givers, then for the GM; each mail is dropped once settled', async (t) => {
  const { app, table, url, to, gm, sceneMails, push } = await diplomacy(t)
  const ana = table.players.ana!
  const ben = table.players.ben!
  const proposed = await call(app, ana.token, 'POST', `${url}/proposals`, {
    transfers: [{ from: ben.tribeId, to: ana.tribeId, tiles: ['5,5'] }],
  })
  t.equal(proposed.status, 201)
  await setClock(app, '2026-11-30T09:10:00Z')
  const waiting = sceneMails()
  t.same(waiting.map(to), [ben.userId], 'only ben, the giver, is told; not ana who proposed it')
  t.match(waiting[0]!.text, /espera tu respuesta: tu tribu entrega algo en ella/, 'it waits for his answer, in Spanish')
  t.equal(push.received.filter((p) => p.message.kind === 'scene').length, 1, 'and pushed to his phone')

  t.equal((await call(app, ben.token, 'POST', `${url}/proposals/${proposed.body.id}/accept`)).body.status, 'accepted')
  await setClock(app, '2026-11-30T09:20:00Z')
  const ratify = sceneMails().slice(1)
  t.same(ratify.map(to), [gm], 'every giver accepted: the GM is told it waits for her')
  t.match(ratify[0]!.text, /waits for a game master to ratify or reject it/)

  // A second proposal accepted and ratified before any sweep: its waiting news never goes.
  const second = await call(app, ben.token, 'POST', `${url}/proposals`, { transfers: [{ from: ana.tribeId, to: ben.tribeId, tiles: ['2,1'] }] })
  t.equal((await call(app, ana.token, 'POST', `${url}/proposals/${second.body.id}/accept`)).body.status, 'accepted')
  t.equal((await call(app, table.gm, 'POST', `${url}/proposals/${second.body.id}/ratify`)).body.status, 'ratified')
  await setClock(app, '2026-11-30T09:30:00Z')
  const late = sceneMails().slice(2)
  t.same(
    late.map((m) => [to(m), m.text.includes('ratificado') || m.text.includes('was ratified')]).sort(),
    [
      [ana.userId, true],
      [ben.userId, true],
    ].sort(),
    'only "ratified" went: the proposal and its call to ratify were stale before the sweep',
  )
})

t.test('unread counts: the diplomacy tab and each scene count the messages by others not yet read', async (t) => {
  const { app, table, url, sceneId } = await diplomacy(t)
  const ana = table.players.ana!
  const ben = table.players.ben!
  for (const body of ['one', 'two', 'three']) t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body })).status, 201)
  const list = async (token: string) => (await call(app, token, 'GET', `/api/campaigns/${table.id}/scenes`)).body.scenes
  t.equal((await list(ben.token))[0].unread, 3, 'ben has three unread')
  t.equal((await list(ana.token))[0].unread, 0, 'ana wrote them')
  t.equal((await list(table.gm))[0].unread, 3, 'the GM has three unread')
  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ben.userId } })).email, 'correct horse battery')
  const campaign = await page.get(`/campaigns/${table.id}`)
  t.match(campaign.body, /<span class="badge">3<span class="sr-only"> mensajes sin leer<\/span><\/span>/, 'the tab shows 3, said in words to a screen reader')
  const scenes = await page.get(`/campaigns/${table.id}/scenes`)
  t.match(scenes.body, new RegExp(`href="/campaigns/${table.id}/scenes/${sceneId}">The bay treaty <span class="badge">3`), 'and beside the scene')
  t.equal((await page.get(`/campaigns/${table.id}/scenes/${sceneId}`)).status, 200, 'ben reads it')
  t.equal((await list(ben.token))[0].unread, 0, 'nothing unread any more')
  t.notMatch((await page.get(`/campaigns/${table.id}`)).body, /class="badge"/, 'the tab shows no count')
  await setClock(app, '2026-11-30T09:30:00Z')
  t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body: 'four' })).status, 201)
  t.equal((await list(ben.token))[0].unread, 1, 'a new message is unread again')
})

t.test('R11.3 a player asks the GM for a scene: the GM hears of it once a day, in their language; a GM or a stranger cannot ask', async (t) => {
  const { app, table, smtp, push, gm } = await diplomacy(t)
  const ana = table.players.ana!
  const cleo = table.players.cleo!
  await app.prisma.user.update({ where: { id: gm }, data: { locale: 'es' } })
  const url = `/api/campaigns/${table.id}/scenes/requests`
  t.equal((await call(app, ana.token, 'POST', url, { tribes: [cleo.tribeId], note: 'Hablemos del <estrecho>' })).status, 202)
  t.equal((await call(app, ana.token, 'POST', url, { tribes: [cleo.tribeId] })).status, 202, 'asked again the same day')
  const bad = await call(app, ana.token, 'POST', url, { tribes: ['00000000-0000-4000-8000-000000000000'] })
  t.equal(bad.status, 422)
  t.equal(bad.body.error.code, 'scene/unknown_tribe')
  const byGm = await call(app, table.gm, 'POST', url, { tribes: [cleo.tribeId] })
  t.equal(byGm.status, 403, 'a GM opens scenes instead')
  t.equal(byGm.body.error.code, 'scene/not_a_player')
  const early = await setUp(app, { dee: 'monday', eve: 'tuesday' })
  const before = await call(app, early.players.dee!.token, 'POST', `/api/campaigns/${early.id}/scenes/requests`, { tribes: [early.players.eve!.tribeId] })
  t.equal(before.status, 409, 'not before the draft')
  t.equal(before.body.error.code, 'scene/not_running')
  await setClock(app, '2026-11-30T09:30:00Z')
  const asked = smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'gm_news' && m.subject.includes('escena'))
  t.equal(asked.length, 1, 'one mail to the GM for the day')
  t.equal(asked[0]!.subject, 'Test campaign: ana pide una escena')
  t.match(asked[0]!.text, /ana te pide que abras una escena de diplomacia con cleo\. Escribe: «Hablemos del <estrecho>»/)
  t.match(asked[0]!.raw.replace(/=\r\n/g, ''), /Hablemos del &lt;estrecho&gt;/, 'escaped in the HTML')
  t.equal(push.received.filter((p) => p.message.kind === 'gm_news').length, 0, 'the GM has no device: no push')

  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  const scenes = await page.get(`/campaigns/${table.id}/scenes`)
  t.match(scenes.body, /action="\/campaigns\/[0-9a-f-]+\/scenes\/ask"/, 'the scenes page offers the request to a player')
  const sent = await page.post(`/campaigns/${table.id}/scenes/ask`, { tribes: [cleo.tribeId] })
  t.equal(sent.status, 303)
  t.match((await page.get(sent.location!)).body, /The game master has been asked/)
})
