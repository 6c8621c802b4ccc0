// The stand-in is not invisible (#30): named by the GM, they get a mail with the link and the
// dates, and while the absence lasts the tribe's window and reminder mails (and pushes) go to
// them, not to the absent player; the week after, the player gets them again.
import t from 'tap'
import { register } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { notifiedApp } from '../helpers/notified-app.ts'

t.test('the stand-in gets the naming mail, then the tribe’s windows on the absence days; the player gets them back after', async (t) => {
  const { app, smtp, push } = await notifiedApp(t) // Monday 30 November, 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const ana = table.players.ana!
  const sam = await register(app, `sam-${Math.random().toString(36).slice(2)}@example.com`)
  await app.prisma.user.update({ where: { id: sam.user.id }, data: { locale: 'es' } })
  t.equal((await call(app, sam.token, 'POST', '/api/me/push/devices', push.device().subscription)).status, 201)
  const anaEmail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  t.equal((await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/absences`, { from: '2026-12-07', to: '2026-12-08' })).status, 201)
  const absence = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/absences`)).body.absences[0]
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/absences/${absence.id}/stand-in`, { email: sam.user.email })).status, 200)
  await setClock(app, '2026-11-30T09:10:00Z')
  const kind = (k: string) => smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === k)
  const named = kind('stand_in')
  const toSam = named.find((m) => m.to.includes(sam.user.email))!
  t.ok(toSam, 'sam is told')
  t.equal(toSam.subject, 'Test campaign: sustituyes a ana', 'in his language')
  t.match(toSam.text, /te ha nombrado para sustituir al jugador de ana del 7 de diciembre al 8 de diciembre/)
  t.match(toSam.text, new RegExp(`/campaigns/${table.id}`), 'with the link')
  t.match(named.find((m) => m.to.includes(anaEmail))!.text, /has named sam-\w+ to stand in for ana from 7 December to 8 December/, 'ana is told too')

  await setClock(app, '2026-12-06T23:05:00Z') // Monday 7 December, 00:05 in Madrid
  const windows = kind('window_open').filter((m) => m.text.includes('ana'))
  t.same(
    windows.map((m) => m.to[0]),
    [sam.user.email],
    'the window mail goes to sam, not to ana',
  )
  t.match(windows[0]!.text, /Hoy sustituyes al jugador de ana/, 'saying whose window it is')
  t.ok(
    push.received.some((p) => p.message.kind === 'window_open'),
    'and to his phone',
  )
  await setClock(app, '2026-12-07T16:05:00Z') // 17:05: the reminder
  t.same(
    kind('reminder').map((m) => m.to[0]),
    [sam.user.email],
    'the reminder too',
  )

  await setClock(app, '2026-12-13T23:05:00Z') // Monday 14 December: the absence is over
  const next = kind('window_open').filter((m) => m.text.includes('ana'))
  t.equal(next.at(-1)!.to[0], anaEmail, 'ana gets her window back')
  t.notMatch(next.at(-1)!.text, /stand in/)
})
