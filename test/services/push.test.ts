// Web Push (#30): every notification that reaches a person by mail reaches the devices they
// turned push on for, once, encrypted for each device and in their language; a kind's push
// switch stops its pushes only; a device its push service forgets is forgotten here.
import t, { type Test } from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { notifiedApp } from '../helpers/notified-app.ts'
import { pushReceiver } from '../helpers/push-receiver.ts'

async function pushGame(t: Test) {
  const { app, smtp, push } = await notifiedApp(t) // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es' } })
  return { app, table, smtp, push }
}

t.test("a window's opening reaches each of its player's devices, decrypted, in their language, and no one else's", async (t) => {
  const { app, table, smtp, push } = await pushGame(t)
  const ben = table.players.ben!
  const ana = table.players.ana!
  const phone = push.device()
  const laptop = push.device()
  const anasPhone = push.device()
  for (const [token, device, label] of [
    [ben.token, phone, 'phone'],
    [ben.token, laptop, 'laptop'],
    [ana.token, anasPhone, 'phone'],
  ] as const) {
    const saved = await call(app, token, 'POST', '/api/me/push/devices', { ...device.subscription, label })
    t.equal(saved.status, 201, `${label} subscribed`)
  }
  const listed = await call(app, ben.token, 'GET', '/api/me/push')
  t.equal(listed.body.publicKey, app.config.vapid.publicKey, "the server's VAPID key, for PushManager.subscribe")
  t.same(
    listed.body.devices.map((d: { label: string }) => d.label),
    ['phone', 'laptop'],
    "ben's two devices, not ana's",
  )

  await setClock(app, '2026-12-01T23:05:00Z') // Wednesday 00:05 in Madrid: ben's window
  const pushes = push.received.filter((p) => p.message.kind === 'window_open')
  t.same(pushes.map((p) => p.device).sort(), [phone.id, laptop.id].sort(), "one push to each of ben's devices, none to ana's")
  const mail = smtp.mails.find((m) => m.headers['x-weekday-wars-kind'] === 'window_open')!
  t.ok(mail, 'the mail went too')
  t.equal(pushes[0]!.message.title, mail.subject, "the push's title is the mail's subject")
  t.match(pushes[0]!.message.title, /tu turno en Test campaign está abierto/, 'in Spanish, ben’s language')
  t.match(pushes[0]!.message.body, /^ben, hoy es tu día/, 'its first lines')
  t.notMatch(pushes[0]!.message.body, /http/, 'no link in the text: a tap opens it')
  t.equal(pushes[0]!.message.url, `${app.config.publicUrl}/campaigns/${table.id}/turn`, "a tap opens the turn, the mail's Play link (#30)")
  t.match(pushes[0]!.headers.authorization, new RegExp(`^vapid t=.+, k=${app.config.vapid.publicKey}$`), 'signed with the server’s VAPID key')
  t.equal(pushes[0]!.headers.ttl, '86400', 'a push waits a day at most for the device')

  // The same sweep again sends nothing: the row remembers its push.
  await setClock(app, '2026-12-01T23:10:00Z')
  t.equal(push.received.filter((p) => p.message.kind === 'window_open').length, 2, 'no second push for the same window')
  const devices = await app.prisma.pushSubscription.findMany({ where: { userId: ben.userId } })
  t.ok(
    devices.every((d) => d.lastPushedAt !== null),
    'each device records its last push',
  )
})

t.test("a kind's push switch stops its pushes, not its mails; a device its push service forgot is forgotten", async (t) => {
  const { app, table, smtp, push } = await pushGame(t)
  const ben = table.players.ben!
  const ana = table.players.ana!
  const bensPhone = push.device()
  const anasPhone = push.device()
  t.equal((await call(app, ben.token, 'POST', '/api/me/push/devices', bensPhone.subscription)).status, 201)
  t.equal((await call(app, ana.token, 'POST', '/api/me/push/devices', anasPhone.subscription)).status, 201)
  const off = await call(app, ben.token, 'PUT', '/api/me/notifications', { pushWindowOpen: false })
  t.equal(off.status, 200)
  t.equal(off.body.pushWindowOpen, false, 'the switch is saved')
  t.equal(off.body.windowOpen, true, 'the mail switch is not touched')

  await setClock(app, '2026-12-01T23:05:00Z')
  t.equal(push.received.length, 0, 'no push of the window to ben')
  t.ok(
    smtp.mails.some((m) => m.headers['x-weekday-wars-kind'] === 'window_open'),
    'ben still gets the mail',
  )

  push.gone.add(anasPhone.id)
  await setClock(app, '2026-12-06T23:05:00Z') // Monday 00:05 in Madrid: ana's window
  t.equal(push.received.filter((p) => p.device === anasPhone.id).length, 0, 'the push service answered 410 for ana’s phone')
  t.equal(await app.prisma.pushSubscription.count({ where: { userId: ana.userId } }), 0, 'and the device is forgotten')
  t.ok(
    smtp.mails.some((m) => m.headers['x-weekday-wars-kind'] === 'window_open' && m.text.startsWith('ana,')),
    'ana still gets the mail',
  )
})

t.test('a mail retried after a failed send pushes once', async (t) => {
  const { app, table, smtp, push } = await pushGame(t)
  const ben = table.players.ben!
  t.equal((await call(app, ben.token, 'POST', '/api/me/push/devices', push.device().subscription)).status, 201)
  // The mail server refuses the window's mail once: the outbox retries it a minute later.
  const send = app.mailer.send.bind(app.mailer)
  let refused = 0
  app.mailer.send = async (mail) => {
    if (mail.headers['X-Weekday-Wars-Kind'] === 'window_open' && refused++ === 0) throw new Error('451 try again later')
    return send(mail)
  }
  await setClock(app, '2026-12-01T23:05:00Z')
  t.equal(push.received.length, 1, 'the push went at the first attempt')
  const row = () => app.prisma.outboxMail.findFirstOrThrow({ where: { kind: 'window_open', userId: ben.userId } })
  t.equal((await row()).sentAt, null, 'the mail is still to send')
  t.not((await row()).pushedAt, null, 'its push is recorded')
  await setClock(app, '2026-12-01T23:08:00Z')
  t.not((await row()).sentAt, null, 'the retry sent the mail')
  t.ok(smtp.mails.some((m) => m.headers['x-weekday-wars-kind'] === 'window_open'))
  t.equal(push.received.length, 1, 'and pushed nothing more')
})

t.test("a device's subscription is checked before it is kept, and only its owner turns it off", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const ana = table.players.ana!
  const ben = table.players.ben!
  const receiver = await pushReceiver()
  t.teardown(receiver.close)
  const good = receiver.device().subscription
  const publicDevice = { ...good, endpoint: 'https://142.250.0.1/push/abc' }
  const cases: [string, unknown, number, string][] = [
    ['a loopback endpoint', good, 400, 'push/private_address'],
    ['plain http', { ...publicDevice, endpoint: 'http://142.250.0.1/push/abc' }, 400, 'push/bad_url'],
    ['not a URL', { ...publicDevice, endpoint: 'not a push service' }, 400, 'push/bad_url'],
    ['a key that is no P-256 point', { ...publicDevice, keys: { ...good.keys, p256dh: 'A'.repeat(87) } }, 400, 'push/bad_key'],
    ['a short auth secret', { ...publicDevice, keys: { ...good.keys, auth: 'A'.repeat(16) } }, 400, 'push/bad_key'],
    ['no keys', { endpoint: publicDevice.endpoint }, 400, 'request/invalid'],
  ]
  for (const [what, body, status, code] of cases) {
    const res = await call(app, ana.token, 'POST', '/api/me/push/devices', body)
    t.equal(res.status, status, what)
    t.equal(res.body.code, code, `${what}: ${code}`)
  }
  t.equal(await app.prisma.pushSubscription.count(), 0, 'nothing kept')

  t.equal((await call(app, ana.token, 'POST', '/api/me/push/devices', publicDevice)).status, 201, 'a public push service is kept')
  t.equal((await call(app, ana.token, 'POST', '/api/me/push/devices', publicDevice)).status, 201, 'subscribing again keeps one row')
  t.equal(await app.prisma.pushSubscription.count(), 1)
  const stranger = await call(app, ben.token, 'DELETE', '/api/me/push/devices', { endpoint: publicDevice.endpoint })
  t.equal(stranger.status, 404, "ben cannot turn ana's device off")
  t.equal(stranger.body.code, 'push/not_subscribed')
  t.equal(await app.prisma.pushSubscription.count(), 1)
  t.equal((await call(app, ana.token, 'DELETE', '/api/me/push/devices', { endpoint: publicDevice.endpoint })).status, 204)
  t.equal(await app.prisma.pushSubscription.count(), 0, 'ana turned it off')
  t.equal((await call(app, null, 'GET', '/api/me/push')).status, 401, 'the key and devices are for a logged-in user')
})
