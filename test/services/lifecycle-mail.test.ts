// The campaign's news by mail (#13 part 6): a pause and a resume to every member, a
// replacement to both players, and the game over with the ranking (R2.5), each in the
// recipient's language; the "campaign news" setting turns them off.
import t from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { smtpReceiver, type ReceivedMail } from '../helpers/smtp.ts'

const kindOf = (m: ReceivedMail) => m.headers['x-weekday-wars-kind']

t.test('a pause and a resume reach every member, in their language; a member who turned campaign news off gets neither', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' })
  await draft(app, table)
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es', timeZone: 'America/Mexico_City' } })
  t.equal((await call(app, table.players.cleo!.token, 'PUT', '/api/me/notifications', { campaign: false })).status, 200)
  const emailOf = async (userId: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email
  const [ana, ben, cleo] = await Promise.all(['ana', 'ben', 'cleo'].map((n) => emailOf(table.players[n]!.userId)))

  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200)
  await setClock(app, '2026-11-30T09:01:00Z')
  const paused = smtp.mails.filter((m) => kindOf(m) === 'campaign_paused')
  t.equal(paused.length, 2, 'ana and ben: not the GM who paused it, nor cleo, who turned campaign news off')
  t.notOk(
    paused.some((m) => m.to.includes(cleo!)),
    'nothing to cleo',
  )
  t.match(
    paused.find((m) => m.to.includes(ana!))!,
    { subject: 'Test campaign is paused', text: /no window opens and no weekly tick runs/ },
  )
  t.match(
    paused.find((m) => m.to.includes(ben!))!,
    { subject: 'Test campaign está en pausa', text: /no se abre ninguna ventana/ },
    'ben reads Spanish',
  )

  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)).status, 200)
  await setClock(app, '2026-12-01T09:01:00Z')
  const resumed = smtp.mails.filter((m) => kindOf(m) === 'campaign_resumed')
  t.equal(resumed.length, 2, 'ana and ben')
  t.match(
    resumed.find((m) => m.to.includes(ana!))!.text,
    /ana's next window opens Monday 7 December, 00:00 \(Europe\/Madrid\)/,
    'ana learns when she plays next',
  )
  t.match(
    resumed.find((m) => m.to.includes(ben!))!.text,
    /La próxima ventana de ben se abre el miércoles 2 de diciembre, 00:00 \(Europe\/Madrid\); martes 17:00 tu hora \(America\/Mexico_City\)/,
    'ben, in Spanish and in both zones',
  )
  t.notOk(resumed.some((m) => m.to.includes(cleo!)))
})

t.test('a replacement mails the new player (the tribe, its weekday) and the former one, in their languages', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const dora = await call(app, null, 'POST', '/api/auth/register', {
    email: 'dora@example.com',
    password: 'correct horse battery',
    displayName: 'Dora',
    locale: 'es',
  })
  t.equal(dora.status, 201)
  t.equal(
    (await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/tribes/${table.players.ana!.tribeId}/player`, { email: 'dora@example.com' })).status,
    200,
  )
  await setClock(app, '2026-11-30T09:01:00Z')
  const mails = smtp.mails.filter((m) => kindOf(m) === 'player_replaced')
  t.equal(mails.length, 2)
  const toDora = mails.find((m) => m.to.includes('dora@example.com'))!
  t.equal(toDora.subject, 'Ahora diriges ana en Test campaign')
  t.match(toDora.text, /sus órdenes se dan los lunes, de 00:00 a 20:00 \(Europe\/Madrid\)/)
  const anaEmail = (await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } })).email
  const toAna = mails.find((m) => m.to.includes(anaEmail))!
  t.equal(toAna.subject, 'Test campaign: ana has a new player')
  t.match(toAna.text, /has given ana to another player\. You no longer play in this campaign\./)
})

t.test('R2.5 the game over: every member gets the final ranking, their own tribe marked, once', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await app.prisma.campaign.update({ where: { id: table.id }, data: { weekLimit: 1 } })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es' } })
  await setClock(app, '2026-12-07T09:00:00Z') // past the draft week's tick: week 1, the only one counted (R2.6), begins
  const paidBeforeTheEnd = smtp.mails.filter((m) => kindOf(m) === 'payout').length
  t.equal(paidBeforeTheEnd, 2, "the draft week's tick pays both players for week 1")
  await setClock(app, '2026-12-14T09:00:00Z') // past the Sunday tick of week 1, the last
  await setClock(app, '2026-12-14T09:01:00Z')
  const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.equal(state.status, 'finished')
  const names = (state.ranking as string[]).map((id) => state.tribes.find((x: { id: string; name: string }) => x.id === id).name as string)
  const over = smtp.mails.filter((m) => kindOf(m) === 'game_over')
  t.equal(over.length, 3, 'the GM and both players')
  const emailOf = async (userId: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email
  const anaEmail = await emailOf(table.players.ana!.userId)
  const anaMail = over.find((m) => m.to.includes(anaEmail))!
  t.equal(over.filter((m) => m.subject === `Test campaign is over: ${names[0]} wins`).length, 2, 'the winner in the English subjects')
  const ben = await emailOf(table.players.ben!.userId)
  const benMail = over.find((m) => m.to.includes(ben))!
  t.equal(benMail.subject, `Test campaign ha terminado: gana ${names[0]}`, "and in ben's Spanish one")
  const benRank = names.indexOf('ben') + 1
  t.match(benMail.text, new RegExp(`${benRank}\\. ben <- tú`), "ben's own line is marked")
  t.match(benMail.text, /ha terminado al final de la semana 1, la última\. Gana/, 'the week limit ended it')
  t.match(anaMail.text, /is over at the end of week 1, its last\./)
  t.match(anaMail.text, new RegExp(`1\\. ${names[0]}[^\\n]*\\n2\\. ${names[1]}`), 'the whole ranking, in order')

  t.equal(smtp.mails.filter((m) => kindOf(m) === 'payout').length, paidBeforeTheEnd, 'no payout mail for a week that will not be played (#30)')

  await setClock(app, '2026-12-21T09:00:00Z')
  await setClock(app, '2026-12-21T09:01:00Z')
  t.equal(smtp.mails.filter((m) => kindOf(m) === 'game_over').length, 3, 'sent once')
})
