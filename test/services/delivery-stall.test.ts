// #45 problem 2: one account's push endpoints that take the request and never answer hold
// nobody but their owner. The calendar sweep never waits for a delivery, another user's mail
// leaves while those pushes hang, a window closes on time, and the account keeps ten devices.
// A device that keeps failing rests longer each time, then goes, and its owner is told.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { call, draft, setClock, setUp, type App } from '../helpers/campaign.ts'
import { notifiedApp } from '../helpers/notified-app.ts'
import { DEVICES_PER_ACCOUNT, PUSH_TIMEOUT_MS } from '../../src/services/push.ts'
import { MAIL_DEADLINE_MS } from '../../src/services/mail.ts'

/** Waits for `done` to hold, polling, for `ms` at most; answers whether it held. */
async function until(done: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = performance.now() + ms
  while (performance.now() < end) {
    if (await done()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return done()
}

/** The promise's value, or a failure once `ms` passed without one. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} still running after ${ms} ms`)), ms)))
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

const ledgered = async (app: App, campaignId: string, kind: string, period: string) =>
  (await app.prisma.calendarWork.count({ where: { campaignId, kind, period } })) === 1

t.test('an account whose every device never answers holds neither the calendar nor anyone else’s mail', async (t) => {
  const { app, smtp, push } = await notifiedApp(t) // Monday 30 November, 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  await setClock(app, '2026-11-30T09:01:00Z') // what the setup queued leaves
  const ben = table.players.ben!
  const benMail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ben.userId } })).email

  // Ben subscribes twelve devices, a second apart, all on a push service that never answers.
  const subscribed = 12
  for (let i = 0; i < subscribed; i++) {
    app.clock.set(new Date(Date.parse('2026-11-30T09:02:00Z') + i * 1000))
    const device = push.device()
    push.silent.add(device.id)
    t.equal((await call(app, ben.token, 'POST', '/api/me/push/devices', { ...device.subscription, label: `phone ${i}` })).status, 201)
  }
  const kept = (await call(app, ben.token, 'GET', '/api/me/push')).body.devices.map((d: { label: string }) => d.label)
  t.equal(kept.length, DEVICES_PER_ACCOUNT, `the account keeps ${DEVICES_PER_ACCOUNT} devices`)
  t.notOk(kept.includes('phone 0') || kept.includes('phone 1'), 'the oldest went')

  // Wednesday 00:05 in Madrid: ben's window opens (its mail pushes to his ten silent devices).
  app.clock.set(new Date('2026-12-01T23:05:00Z'))
  const opening = await within(app.clockwork.sweep(), PUSH_TIMEOUT_MS, 'the sweep that opens ben’s window')
  t.equal(opening.failed, 0)
  t.ok(await ledgered(app, table.id, 'open', `2026-12-01T23:00:00.000Z/${ben.tribeId}`), 'ben’s window opened')
  t.ok(await until(() => push.unanswered() >= DEVICES_PER_ACCOUNT, PUSH_TIMEOUT_MS), 'his devices got their pushes, and hang')

  // Meanwhile a stranger is invited to another campaign: the invitation leaves at once.
  const other = await setUp(app, {})
  const invited = await call(app, other.gm, 'POST', `/api/campaigns/${other.id}/invitations`, { email: 'stranger@example.com' })
  t.equal(invited.status, 201)
  const queuedAt = performance.now()
  await within(app.clockwork.sweep(), PUSH_TIMEOUT_MS, 'the next sweep')
  const strangerLeft = await until(() => smtp.mails.some((m) => m.to[0] === 'stranger@example.com'), PUSH_TIMEOUT_MS)
  const strangerMs = Math.round(performance.now() - queuedAt)
  t.ok(strangerLeft, `the stranger's mail left in ${strangerMs} ms, less than one push deadline (${PUSH_TIMEOUT_MS} ms)`)
  t.notOk(
    smtp.mails.some((m) => m.to[0] === benMail),
    "ben's own mail still waits for his devices: the stranger's did not wait behind it",
  )

  // Wednesday 20:00 in Madrid: ben's window closes on time, his pushes still hanging.
  app.clock.set(new Date('2026-12-02T19:00:30Z'))
  const closing = await within(app.clockwork.sweep(), PUSH_TIMEOUT_MS, 'the sweep that closes ben’s window')
  t.ok(await ledgered(app, table.id, 'close', `2026-12-02T19:00:00.000Z/${ben.tribeId}`), 'ben’s window closed')
  t.ok(closing.ms < PUSH_TIMEOUT_MS, `the sweeps took ${opening.ms} ms and ${closing.ms} ms with ${DEVICES_PER_ACCOUNT} devices that never answer`)
  t.comment(
    `figures: ${DEVICES_PER_ACCOUNT} silent devices; sweeps ${opening.ms} ms and ${closing.ms} ms; the stranger's mail left ${strangerMs} ms after it was queued`,
  )

  // Ben's mail is not lost: it leaves once his devices' deadline has passed.
  t.ok(
    await until(() => smtp.mails.some((m) => m.to[0] === benMail && m.headers['x-weekday-wars-kind'] === 'window_open'), MAIL_DEADLINE_MS),
    "ben's window mail leaves after his devices' deadline",
  )
  t.equal(push.received.length, 0, 'and no silent device took a push')
})

t.test('a device that keeps failing rests longer each time, then is dropped, and its owner is told', async (t) => {
  const { app, smtp, push } = await notifiedApp(t) // Monday 30 November, 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const ben = table.players.ben!
  await app.prisma.user.update({ where: { id: ben.userId }, data: { locale: 'es' } })
  const benMail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ben.userId } })).email
  const broken = push.device()
  const phone = push.device()
  push.failing.add(broken.id)
  t.equal((await call(app, ben.token, 'POST', '/api/me/push/devices', { ...broken.subscription, label: 'Tableta' })).status, 201)
  t.equal((await call(app, ben.token, 'POST', '/api/me/push/devices', { ...phone.subscription, label: 'Movil' })).status, 201)
  const devices = () => app.prisma.pushSubscription.count({ where: { userId: ben.userId } })
  const phonePushes = () => push.received.filter((p) => p.device === phone.id).length

  await setClock(app, '2026-12-01T23:05:00Z') // Wednesday 00:05 in Madrid: ben's window opens
  t.equal(phonePushes(), 1, 'his phone took the window push')
  t.equal(push.asked(broken.id), 1, 'the broken device failed once')
  t.equal(await devices(), 2, 'one failure: it rests, it is not dropped')
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Paz', tribes: [ben.tribeId, table.players.ana!.tribeId] })
  t.equal(scene.status, 201)
  await setClock(app, '2026-12-01T23:05:30Z') // the scene's mail, within the minute's rest
  t.equal(phonePushes(), 2, 'his phone took the scene push')
  t.equal(push.asked(broken.id), 1, 'the resting device was not tried')
  await setClock(app, '2026-12-02T16:05:00Z') // 17:05: the reminder, past the rest
  t.equal(push.asked(broken.id), 2, 'tried again after its rest: a second failure')
  t.equal(await devices(), 2)
  await setClock(app, '2026-12-06T19:05:00Z') // Sunday's payout, days after the broken device last took anything
  t.equal(push.asked(broken.id), 3, 'a third failure')
  t.equal(await devices(), 1, 'three failures in a row, nothing taken for days: the broken device is dropped')
  const note = smtp.mails.find((m) => m.to[0] === benMail && m.headers['x-weekday-wars-kind'] === 'delivery_dropped')
  t.ok(note, 'ben is told by mail')
  t.match(note?.subject, /ya no enviamos avisos a Tableta/, 'in his language, naming the device')
  t.match(note?.text, /desde el lunes 30 de noviembre/, 'and since when it took nothing')
  t.ok(
    push.received.some((p) => p.device === phone.id && p.message.kind === 'delivery_dropped'),
    'and on the phone that works',
  )
  await setClock(app, '2026-12-07T23:05:00Z')
  t.equal(push.asked(broken.id), 3, 'the dropped device is asked no more')
})

t.test('a webhook that never answers 2xx is called once per backoff step, then removed, and its owner told', async (t) => {
  const { app, smtp } = await notifiedApp(t)
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  let calls = 0
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      calls++
      response.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const ana = table.players.ana!
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  t.equal((await call(app, ana.token, 'PUT', '/api/me/webhook', { url })).status, 200)
  const order = (body: unknown) => call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: body })

  let at = Date.parse('2026-11-30T09:01:00Z')
  t.equal((await order({ type: 'recruit', city: '2,1', troops: 1 })).status, 200)
  await setClock(app, new Date(at).toISOString())
  t.equal(calls, 1, 'the change is posted; the receiver fails')
  t.equal((await order({ type: 'recruit', city: '3,3', troops: 1 })).status, 200)
  await setClock(app, new Date(at + 10_000).toISOString())
  t.equal(calls, 1, 'the next change waits while the receiver rests')
  t.equal(await app.prisma.webhookDelivery.count({ where: { userId: ana.userId } }), 2, 'two deliveries are queued')
  // 1 min, 5 min, 30 min, 2 h, 12 h: one call at each step, for the first delivery only.
  for (const wait of [60, 300, 1_800, 7_200, 43_200]) {
    at += (wait + 1) * 1000
    await setClock(app, new Date(at).toISOString())
  }
  t.equal(calls, 6, 'one call per step, not one per delivery')
  t.same((await call(app, ana.token, 'GET', '/api/me/webhook')).body, { url: null }, 'silent through the whole backoff: the webhook is removed')
  t.equal(await app.prisma.webhookDelivery.count({ where: { userId: ana.userId, deliveredAt: null, givenUpAt: null } }), 0, 'with what waited for it')
  const anaMail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  const note = smtp.mails.find((m) => m.to[0] === anaMail && m.headers['x-weekday-wars-kind'] === 'delivery_dropped')
  t.match(note?.subject, /your webhook was removed/, 'ana is told by mail')
  t.match(note?.text, url, 'naming the address')
  await setClock(app, new Date(at + 86_400_000).toISOString())
  t.equal(calls, 6, 'and it is called no more')
})
