// #49 "Cover for each other": the absent player (or the GM) names another player of the same
// campaign as stand-in; both are told in their language what it means; the stand-in plays both
// tribes, each on its own day, from one account, each page saying which tribe it plays.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { smtpReceiver } from '../../helpers/smtp.ts'

const PASSWORD = 'correct horse battery'

t.test('#49 a friend covers for a friend: named by the absent player, plays both tribes, each on its day', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cai: 'friday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const [ana, ben, cai] = [table.players.ana!, table.players.ben!, table.players.cai!]
  await call(app, ben.token, 'PATCH', '/api/me', { locale: 'es' })
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const base = `/api/campaigns/${table.id}/absences`
  const away = await call(app, ana.token, 'POST', base, { from: '2026-12-07', to: '2026-12-08' })
  t.equal(away.status, 201)
  const standIn = `${base}/${away.body.id}/stand-in`

  // The absent player chooses on the absences page: the other tribes' players, and what it means.
  const anaPages = visitor(app)
  await anaPages.login(await emailOf(ana.userId), PASSWORD)
  const page = await anaPages.get(`/campaigns/${table.id}/absences`)
  t.match(page.body, /<option value="[^"]+">ben-\w+ \(ben\)<\/option><option value="[^"]+">cai-\w+ \(cai\)<\/option>/, 'the co-players to choose from')
  t.notMatch(page.body, /<option value="[^"]+">ana-\w+ \(ana\)</, 'not herself')
  t.match(page.body, /the stand-in sees everything this tribe sees, its secrets included/, 'the page says what the stand-in sees, before the choice is saved')
  const byCai = await call(app, cai.token, 'PUT', standIn, { userId: ben.userId })
  t.same([byCai.status, byCai.body.error.code], [403, 'absence/not_yours'], "another player cannot name ana's stand-in")
  t.equal((await call(app, ana.token, 'PUT', standIn, { userId: '00000000-0000-4000-8000-000000000000' })).body.error.code, 'user/not_found')
  const action = /action="([^"]+\/stand-in)"/.exec(page.body)![1]!
  const named = await anaPages.post(action, { userId: ben.userId, email: '' })
  t.equal(named.status, 303, 'named through the form')
  t.match((await anaPages.get(`/campaigns/${table.id}/absences`)).body, /stand-in: <a href="\/users\/[^"]+">ben-\w+<\/a>/)
  const event = await app.prisma.campaignEvent.findFirstOrThrow({ where: { campaignId: table.id, type: 'absence.stand_in' } })
  t.match(event.payload, { tribe: ana.tribeId, standIn: ben.userId, by: 'player' }, 'the log says the player named them')
  const history = (await anaPages.get(`/campaigns/${table.id}/history?kind=campaign`)).body
  t.match(history, /The player of ana named a stand-in\./)

  // Both are told, each in their language.
  await setClock(app, '2026-11-30T09:01:00Z')
  const [anaAddress, benAddress] = [await emailOf(ana.userId), await emailOf(ben.userId)]
  const toBen = smtp.mails.find((m) => m.to.includes(benAddress) && /ana/.test(m.text) && /sustitu/i.test(m.text))
  t.ok(toBen, 'ben gets a mail in Spanish')
  t.match(toBen?.text ?? '', /El jugador de ana te ha pedido/, 'saying who asked')
  t.match(toBen?.text ?? '', /Sigues jugando también ben: cada lunes de esas fechas tus páginas muestran ana/, 'and that he plays both, each on its day')
  const toAna = smtp.mails.find((m) => m.to.includes(anaAddress) && /stand in/.test(m.text))
  t.match(toAna?.text ?? '', /You have named ben-\w+, in .*, to stand in for ana/)
  t.match(toAna?.text ?? '', /its secrets included/, 'ana is told what ben sees')
  t.notMatch(toAna?.text ?? '', /If you did not ask for this/, 'she asked for it herself')

  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Paz', tribes: [ben.tribeId, cai.tribeId] })

  // Monday 7 December, ana's day within the dates: ben's account plays ana's tribe.
  await setClock(app, '2026-12-07T09:00:00Z')
  t.match(
    await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/scenes/${scene.body.id}`),
    { status: 404, body: { error: { code: 'scene/stand_in_day', message: /only its scenes open for you today/ } } },
    "his own tribe's scene waits for another day, and the refusal says why",
  )
  t.equal((await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.tribeId, ana.tribeId, "on ana's day ben plays ana")
  const benPages = visitor(app)
  await benPages.login(await emailOf(ben.userId), PASSWORD)
  const turn = (await benPages.get(`/campaigns/${table.id}/turn`)).body
  t.match(turn, /Hoy juegas esta tribu por su jugador ausente/, 'his page says which tribe it plays, in his language')
  const played = await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(played.status, 200, "and he gives ana's orders")
  const logged = await app.prisma.campaignEvent.findFirstOrThrow({ where: { campaignId: table.id, type: 'order.stand_in' } })
  t.same(logged.payload, { tribe: ana.tribeId, by: ben.userId, orders: 1 }, 'logged as his')

  // Tuesday 8 December, still within the dates but not ana's day: ben is ben again.
  await setClock(app, '2026-12-08T09:00:00Z')
  t.equal((await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.tribeId, ben.tribeId, 'on another day, his own tribe')
  t.notMatch((await benPages.get(`/campaigns/${table.id}/turn`)).body, /Hoy juegas esta tribu/, 'and no banner')
  t.equal((await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/scenes/${scene.body.id}`)).status, 200, 'and his scene with cai is his again')
  // Wednesday 9 December, his own day: his own window, as always.
  await setClock(app, '2026-12-09T09:00:00Z')
  t.equal((await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.tribeId, ben.tribeId)
  // Monday 14 December, after the absence: ana plays her own tribe, ben does not.
  await setClock(app, '2026-12-14T09:00:00Z')
  t.equal((await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.tribeId, ben.tribeId, 'after the dates, only his own')
  t.equal((await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.tribeId, ana.tribeId)

  // The GM may name a co-player too, and the absent player is never their own stand-in.
  const again = await call(app, ana.token, 'POST', base, { from: '2026-12-21', to: '2026-12-21' })
  const byGm = await call(app, table.gm, 'PUT', `${base}/${again.body.id}/stand-in`, { email: await emailOf(cai.userId) })
  t.equal(byGm.status, 200, 'the GM names cai by address')
  t.equal((await call(app, ana.token, 'PUT', `${base}/${again.body.id}/stand-in`, { userId: ana.userId })).body.error.code, 'absence/stand_in_self')
})
