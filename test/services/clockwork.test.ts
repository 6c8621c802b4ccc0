// The weekly clockwork over HTTP with a real SMTP receiver: the test clock
// walks a campaign through its days; every sweep's work is ledgered, and
// mails go through the outbox exactly once.
import t, { type Test } from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, clockToken, draft, setClock, setUp, type App, type Table } from '../helpers/campaign.ts'
import { smtpReceiver } from '../helpers/smtp.ts'
import { visitor } from '../helpers/pages.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'
import { currentState, plantState } from '../helpers/db.ts'

async function game(t: Test, smtpUrl: string): Promise<{ app: App; table: Table }> {
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es', timeZone: 'America/Mexico_City' } })
  await draft(app, table, { ana: ['2,1', '3,3'], ben: ['5,5', '5,7'] })
  // The GM's news of joins and missed windows is test/services/gm-inbox.test.ts's: here, the players' mails.
  const gm = (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId
  await app.prisma.user.update({ where: { id: gm }, data: { mailCampaign: false, pushCampaign: false } })
  return { app, table }
}

const order = async (app: App, table: Table, who: string, body: unknown) => {
  const res = await call(app, table.players[who]!.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: body })
  if (res.status !== 200) throw new Error(`${who} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`)
  return res.body
}

t.test('R4.5 R6.1 R9.2: a simulated fortnight sends exactly the expected mails, pays once per Sunday, and ledgers every unit', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const { app, table } = await game(t, smtp.url)
  const ana = table.players.ana!
  const ben = table.players.ben!
  const to = (userId: string) => app.prisma.user.findUniqueOrThrow({ where: { id: userId } }).then((u) => u.email)
  const anaMail = await to(ana.userId)
  const benMail = await to(ben.userId)
  const kinds = () => smtp.mails.map((m) => `${m.to[0] === anaMail ? 'ana' : m.to[0] === benMail ? 'ben' : m.to[0]}:${m.headers['x-weekday-wars-kind']}`)

  await order(app, table, 'ana', { type: 'move', from: '3,3', troops: 2, to: '4,4' })
  await setClock(app, '2026-11-30T16:30:00Z') // 17:30 Madrid: the reminder (3 h before 20:00) is due
  t.same(kinds(), ['ana:reminder'], 'ana has not ended her turn, so she is reminded')
  const reminder = smtp.mails[0]!
  t.match(reminder.subject, /ana: 3 h left/)
  t.match(reminder.text, /20:00 \(Europe\/Madrid\)/)
  t.match(reminder.headers['list-unsubscribe'], /^<http.*\/api\/unsubscribe\?token=/)
  t.equal(reminder.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click')
  t.match(reminder.messageId, /^<[0-9a-f-]{36}@/)

  await setClock(app, '2026-12-02T00:30:00Z') // Wednesday 01:30 Madrid: ben's window is open
  t.same(kinds().slice(1), ['ben:window_open'])
  const opening = smtp.mails[1]!
  t.match(opening.subject, /ben: tu turno en Test campaign está abierto/, "in Spanish, ben's language")
  t.match(opening.text, /20:00 \(Europe\/Madrid\); miércoles 13:00 tu hora \(America\/Mexico_City\)/, 'both time zones')
  await order(app, table, 'ben', { type: 'endTurn' })
  await setClock(app, '2026-12-02T19:30:00Z')
  t.same(kinds().slice(2), [], 'no reminder for a tribe that ended its turn (R4.6)')

  const paidBefore = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'payout' } })
  await setClock(app, '2026-12-06T19:30:00Z') // Sunday 20:30 Madrid: the weekly tick ran
  t.same(kinds().slice(2).sort(), ['ana:payout', 'ben:payout'])
  const payout = smtp.mails.find((m) => m.to[0] === anaMail && m.headers['x-weekday-wars-kind'] === 'payout')!
  t.match(payout.text, /Week 2 of Test campaign: ana receives \d+ in 2 pools \(R6\)/)
  t.match(payout.text, /1 tile, payout 10, balance 10: up to 1 troop \(10 each\) or 0 ships \(50 each\)/, 'counts in the plural form their number takes (#27)')
  t.match(payout.text, /- Cities (Highport|Oakmere): 1 tile/, "R1.5: a pool's city by its name on the map")
  const pago = smtp.mails.find((m) => m.to[0] === benMail && m.headers['x-weekday-wars-kind'] === 'payout')!
  t.match(pago.text, /- Ciudades (Conchas|Cayo Farol): 1 casilla/, 'R1.5: and in Spanish for a Spanish reader')

  await setClock(app, '2026-12-07T09:00:00Z') // Monday again
  t.same(kinds().slice(4), ['ana:window_open'])
  await order(app, table, 'ana', { type: 'move', from: '4,4', troops: 2, to: '5,4' })
  const attack = await order(app, table, 'ana', { type: 'move', from: '5,4', troops: 2, to: '5,5' })
  t.ok(
    attack.events.some((e: { type: string; defender?: string }) => e.type === 'combat' && e.defender === ben.tribeId),
    'ana attacked ben',
  )
  await order(app, table, 'ana', { type: 'endTurn' })
  await setClock(app, '2026-12-07T19:30:00Z')
  t.same(kinds().slice(5), ['ben:digest'], 'ben hears about the attack the evening it happened; ana ended her turn, so no reminder')
  t.match(smtp.mails[5]!.text, /atacada una vez/)

  // Sweeping again at the same instant finds nothing to do and sends nothing.
  await setClock(app, '2026-12-07T19:30:00Z')
  t.equal(smtp.mails.length, 6, 'a repeated sweep sends nothing')
  t.equal(new Set(smtp.mails.map((m) => m.messageId)).size, 6, 'six different messages')

  const payouts = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'payout' } })
  t.equal(payouts - paidBefore, 1, 'one payout for one Sunday')
  const ledger = await app.prisma.calendarWork.findMany({ where: { campaignId: table.id }, orderBy: { dueAt: 'asc' } })
  t.same(
    ledger.filter((l) => l.kind === 'tick').map((l) => l.dueAt.toISOString()),
    ['2026-12-06T19:00:00.000Z'],
  )
  t.same(
    ledger.filter((l) => l.kind === 'close').map((l) => l.period.split('/')[0]),
    ['2026-11-30T19:00:00.000Z', '2026-12-02T19:00:00.000Z', '2026-12-07T19:00:00.000Z'],
  )
  t.ok(ledger.every((l) => l.outcome === 'done'))
  // The draft's "your pick" mails were dropped as each pick was made (test/routes/pages/draft-page.test.ts); these are the week's.
  const outbox = await app.prisma.outboxMail.findMany({ where: { campaignId: table.id, kind: { notIn: ['draft_pick', 'gm_news'] } } })
  t.equal(outbox.length, 6)
  t.ok(outbox.every((m) => m.sentAt !== null && m.attempts === 1))
})

t.test('a failing SMTP server: the mail is retried with backoff and sent once', async (t) => {
  const smtp = await smtpReceiver({ failFirst: 1 })
  t.teardown(smtp.close)
  const { app, table } = await game(t, smtp.url)
  await setClock(app, '2026-11-30T16:30:00Z')
  t.equal(smtp.mails.length, 0, 'the first attempt failed')
  const row = await app.prisma.outboxMail.findFirstOrThrow({ where: { campaignId: table.id, kind: { notIn: ['draft_pick', 'gm_news'] } } })
  t.equal(row.attempts, 1)
  t.match(row.lastError, /try again later/)
  t.equal(row.nextAttemptAt.toISOString(), '2026-11-30T16:31:00.000Z', 'retried one minute later')
  await setClock(app, '2026-11-30T16:30:30Z')
  t.equal(smtp.mails.length, 0, 'not before its time')
  await setClock(app, '2026-11-30T16:31:00Z')
  t.equal(smtp.mails.length, 1)
  t.equal(smtp.mails[0]!.messageId, `<${row.id}@127.0.0.1>`, "the Message-ID is the outbox row's, stable across attempts")
})

t.test('notification settings, one-click unsubscribe and the reminder lead time', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const { app, table } = await game(t, smtp.url)
  const ana = table.players.ana!
  const get = await call(app, ana.token, 'GET', '/api/me/notifications')
  const everyKind = { windowOpen: true, reminder: true, payout: true, digest: true, diplomacy: true, invitations: true, campaign: true }
  const pushed = Object.fromEntries(Object.keys(everyKind).map((k) => [`push${k[0]!.toUpperCase()}${k.slice(1)}`, true]))
  t.same(get.body, { ...everyKind, reminderHours: 3, ...pushed }, 'every kind on, by mail and by push (#30)')
  const bad = await call(app, ana.token, 'PUT', '/api/me/notifications', { reminderHours: 30 })
  t.equal(bad.status, 400)
  t.equal((await call(app, ana.token, 'GET', '/api/me/notifications')).body.reminderHours, 3, 'a refused change stores nothing')
  const put = await call(app, ana.token, 'PUT', '/api/me/notifications', { reminderHours: 1 })
  t.equal(put.body.reminderHours, 1)

  await setClock(app, '2026-11-30T16:30:00Z')
  t.equal(smtp.mails.length, 0, 'with a 1 h lead, no reminder at 17:30')
  await setClock(app, '2026-11-30T18:00:00Z')
  t.equal(smtp.mails.length, 1, 'the reminder comes at 19:00 Madrid')
  const link = /<([^>]+)>/.exec(smtp.mails[0]!.headers['list-unsubscribe']!)![1]!
  const onward = await app.inject({ method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') })
  t.equal(onward.statusCode, 303, 'a browser opening the one-click address is sent on to the page')
  t.match(onward.headers.location, /^\/unsubscribe\?token=/)
  const page = await app.inject({ method: 'GET', url: onward.headers.location as string, headers: { 'accept-language': 'es' } })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /text\/html/)
  t.match(page.body, /<form method="post" action="\/unsubscribe"/)
  t.match(page.body, /Darme de baja/, "in the reader's language")
  t.match(smtp.mails[0]!.text, /\/unsubscribe\?token=/, 'the mail itself links the page')
  const badPage = await app.inject({ method: 'GET', url: '/unsubscribe?token=nope' })
  t.equal(badPage.statusCode, 400)
  t.match(badPage.body, /unsubscribe\/bad_token/, 'a bad link: a page naming the problem')
  const noToken = await app.inject({ method: 'GET', url: '/api/unsubscribe' })
  t.equal(noToken.statusCode, 400)
  t.match(noToken.headers['content-type'], /^application\/problem\+json/, 'the API answers its errors as JSON (RFC 9457)')
  const oneClick = await app.inject({
    method: 'POST',
    url: link.replace(/^https?:\/\/[^/]+/, ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })
  t.equal(oneClick.statusCode, 200)
  t.equal(oneClick.json().unsubscribed, 'reminder')
  t.equal((await call(app, ana.token, 'GET', '/api/me/notifications')).body.reminder, false)
  const forged = await app.inject({ method: 'POST', url: `/api/unsubscribe?token=${link.split('token=')[1]!.slice(0, -2)}xx` })
  t.equal(forged.statusCode, 400)
  t.equal(forged.json().error.code, 'unsubscribe/bad_token')
  const asLogin = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${link.split('token=')[1]}` } })
  t.equal(asLogin.statusCode, 401, 'an unsubscribe token is no login')

  const browser = visitor(app)
  const payoutPage = await browser.get(`/unsubscribe?token=${app.mail.unsubscribeToken(ana.userId, 'payout')}`)
  t.equal(payoutPage.status, 200)
  const done = await browser.post('/unsubscribe', { token: /name="token" value="([^"]+)"/.exec(payoutPage.body)![1]! })
  t.equal(done.status, 200, 'the page unsubscribes with its one button')
  t.match(done.body, /The weekly tick(&#x27;|')s results/i, 'and names the kind of mail stopped')
  t.equal((await call(app, ana.token, 'GET', '/api/me/notifications')).body.payout, false)
  t.equal((await browser.post('/unsubscribe', { token: 'forged' })).status, 400, 'a forged token: the page says so and stores nothing')

  await setClock(app, '2026-12-02T18:00:00Z') // Wednesday 19:00 in Madrid: ben's window is still open
  await setClock(app, '2026-12-07T18:00:00Z')
  const anaMail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  const later = smtp.mails.slice(1).map((m) => `${m.to[0] === anaMail ? 'ana' : 'ben'}:${m.headers['x-weekday-wars-kind']}`)
  t.ok(later.includes('ben:reminder'), 'ben still gets his')
  t.notOk(later.includes('ana:reminder'), 'no reminders for ana after unsubscribing')
})

t.test("the iCal feed has each tribe's weekly window in the campaign time zone", async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const { app, table } = await game(t, smtp.url)
  const { body } = await call(app, table.players.ben!.token, 'GET', '/api/me/calendar')
  const res = await app.inject({ method: 'GET', url: body.url.replace(/^https?:\/\/[^/]+/, '') })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /text\/calendar/)
  t.match(res.body, /BEGIN:VCALENDAR/)
  t.match(res.body, /DTSTART;TZID=Europe\/Madrid:\d{8}T000000/)
  t.match(res.body, /DTEND;TZID=Europe\/Madrid:\d{8}T200000/)
  t.match(res.body, /RRULE:FREQ=WEEKLY/)
  t.match(res.body, /SUMMARY:Test campaign: ben's turn/)
  const wrong = await app.inject({ method: 'GET', url: '/api/me/calendar.ics?token=nope' })
  t.equal(wrong.statusCode, 404)
})

t.test('an invitation with an email is mailed through the outbox, naming who and what, in the language the GM chose, with the GM’s note', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, {})
  const note = 'Los <b>jueves</b> & cerveza\u0007 después'
  const res = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`, { email: 'Friend@Example.com', locale: 'es', note })
  t.equal(res.status, 201)
  t.equal(res.body.mailedTo, 'friend@example.com')
  const bad = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`, { email: 'not an address' })
  t.equal(bad.status, 400)
  t.equal(await app.prisma.invitation.count({ where: { campaignId: table.id } }), 1, 'the refused one stored nothing')
  await setClock(app, '2026-11-30T09:01:00Z')
  t.equal(smtp.mails.length, 1)
  t.same(smtp.mails[0]!.to, ['friend@example.com'])
  const gmId = (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId
  const gm = (await app.prisma.user.findUniqueOrThrow({ where: { id: gmId } })).displayName
  const mail = smtp.mails[0]!
  t.equal(mail.subject, `${gm} te invita a Test campaign`, 'who and what, in Spanish as the GM chose (#30)')
  t.match(mail.text, /Elige un nombre de tribu y un día libre aquí/)
  t.match(mail.text, new RegExp(`${gm} escribe: «Los <b>jueves</b> & cerveza después»`), 'the note in the text, its control character gone')
  // The HTML part is quoted-printable: its soft line breaks joined again.
  t.match(mail.raw.replace(/=\r\n/g, ''), /&lt;b&gt;jueves&lt;\/b&gt; &amp; cerveza/, 'and escaped in the HTML')
  t.notMatch(mail.raw, /<blockquote[^>]*>[^<]*<b>/, 'never as markup')
  t.match(mail.text, new RegExp(res.body.url.replace(/[/.?]/g, '\\$&')))
  t.equal(
    (await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`, { note: 'x'.repeat(301) })).status,
    400,
    'a note of 300 characters at most',
  )
})

t.test('R4.2 R6.1: on both Europe/Madrid DST Sundays the sweep opens and closes at 00:00 and 20:00 local and ticks once', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-03-23T09:00:00Z')
  const table = await setUp(app, { sol: 'sunday', luna: 'monday' })
  await draft(app, table)
  const sol = table.players.sol!.tribeId
  const ledger = async (kind: string, from: string, to: string) =>
    (
      await app.prisma.calendarWork.findMany({
        where: { campaignId: table.id, kind, dueAt: { gte: new Date(from), lte: new Date(to) } },
        orderBy: { dueAt: 'asc' },
      })
    ).map((l) => `${l.dueAt.toISOString()}${l.period.includes('/') ? (l.period.endsWith(sol) ? ' sol' : ' luna') : ''}`)

  await setClock(app, '2026-03-29T17:59:00Z') // 19:59 CEST, the clocks went forward at 02:00
  t.same(await ledger('tick', '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z'), [], 'not yet')
  await setClock(app, '2026-03-29T18:00:00Z') // 20:00 CEST
  t.same(await ledger('open', '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z'), ['2026-03-28T23:00:00.000Z sol'], 'opened at 00:00 CET')
  t.same(await ledger('close', '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z'), ['2026-03-29T18:00:00.000Z sol'], 'closed at 20:00 CEST')
  t.same(await ledger('tick', '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z'), ['2026-03-29T18:00:00.000Z'], 'one tick')

  const oct = await app.inject({
    method: 'POST',
    url: '/api/dev/clock',
    payload: { now: '2026-10-25T19:00:00Z' },
    headers: { authorization: `Bearer ${await clockToken(app)}` },
  }) // 20:00 CET, the clocks went back at 03:00
  t.same(oct.json().sweep.failed, 0, 'the catch-up of 30 weeks did not fail')
  t.same(await ledger('open', '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'), ['2026-10-24T22:00:00.000Z sol'], 'opened at 00:00 CEST')
  t.same(await ledger('close', '2026-10-25T00:00:00Z', '2026-10-26T00:00:00Z'), ['2026-10-25T19:00:00.000Z sol'], 'closed at 20:00 CET, 25 hours later')
  t.same(await ledger('tick', '2026-10-25T00:00:00Z', '2026-10-26T00:00:00Z'), ['2026-10-25T19:00:00.000Z'], 'one tick')
  const ticks = await app.prisma.calendarWork.count({ where: { campaignId: table.id, kind: 'tick' } })
  t.equal(ticks, 31, 'one tick for each Sunday from 29 March to 25 October')
  const payouts = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'payout', createdAt: { gt: new Date('2026-03-23T09:00:00Z') } } })
  t.equal(payouts, ticks, 'a payout with each tick, none twice')
})

t.test('a paused campaign accrues no work: on resume the skipped periods are ledgered as skipped, not replayed', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const { app, table } = await game(t, smtp.url)
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200)
  await setClock(app, '2026-12-08T09:00:00Z') // a week and a day later
  t.equal(await app.prisma.calendarWork.count({ where: { campaignId: table.id } }), 0, 'nothing done while paused')
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)).status, 200)
  const skipped = await app.prisma.calendarWork.findMany({ where: { campaignId: table.id }, orderBy: { dueAt: 'asc' } })
  t.ok(skipped.length > 0 && skipped.every((l) => l.outcome === 'skipped'), 'every unit in the pause is skipped')
  t.ok(
    skipped.some((l) => l.kind === 'tick' && l.dueAt.toISOString() === '2026-12-06T19:00:00.000Z'),
    'the Sunday tick among them',
  )
  t.equal(
    await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'payout', createdAt: { gt: new Date('2026-11-30T10:00:00Z') } } }),
    0,
    'no payout',
  )
  await setClock(app, '2026-12-08T09:01:00Z')
  t.same(
    smtp.mails.map((m) => m.headers['x-weekday-wars-kind']).filter((k) => k !== 'campaign_paused' && k !== 'campaign_resumed'),
    [],
    'no mails for skipped work (only the pause and resume news)',
  )
})

t.test('R9.2 R9.3: a siege found at a window close costs the city 2 troops, and its player reads it in the digest', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const { app, table } = await game(t, smtp.url)
  const ana = table.players.ana!.tribeId
  // The board as it stands: ana's armies on every land tile around ben's city 5,5.
  const map = bundledMap('coast-3')!
  const land = (q: number, r: number) => map.tiles.findIndex((x) => x.q === q && x.r === r && x.terrain !== 'sea')
  const around = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, -1],
    [-1, 1],
  ]
    .map(([dq, dr]) => [5 + dq!, 5 + dr!] as const)
    .filter(([q, r]) => land(q, r) >= 0)
  const row = { state: await currentState<{ owners: (string | null)[]; armies: Record<string, unknown> }>(app.pg, table.id) }
  for (const [q, r] of around) {
    row.state.owners[land(q, r)] = ana
    row.state.armies[`${q},${r}`] = { tribe: ana, troops: 1, mp: 0 }
  }
  await plantState(app.pg, table.id, row.state)
  const troops = async () =>
    (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.armies.find((x: { tile: string }) => x.tile === '5,5').troops
  t.equal(await troops(), 5)

  await setClock(app, '2026-11-30T19:30:00Z') // ana's window closed at 20:00 Madrid: the siege check
  t.equal(await troops(), 3, 'besieged: 2 troops lost (R9.3)')
  const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.ok(state.besieged.includes('5,5'), 'and marked besieged')
  const benMail = (await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ben!.userId } })).email
  const digest = smtp.mails.find((m) => m.to[0] === benMail && m.headers['x-weekday-wars-kind'] === 'digest')
  t.ok(digest, 'ben gets the digest')
  t.match(digest!.text, /tropas perdidas: 2 \(2 por asedio, R9\)/, 'in Spanish, with the siege loss')
  const losses = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'siegeLoss' } })
  t.equal(losses, 1, 'one siege check at one close')
})

t.test('R4.5 a clock that jumps past a whole window sends neither its opening mail nor its reminder: both would come after the close', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const { app, table } = await game(t, smtp.url)
  const anaMail = await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } }).then((u) => u.email)
  // Monday 10:00 → the next Monday 21:00 in Madrid, in one step (a server stopped for a week).
  await setClock(app, '2026-12-07T20:00:00Z')
  const ana = smtp.mails.filter((m) => m.to[0] === anaMail).map((m) => m.headers['x-weekday-wars-kind'])
  t.notOk(ana.includes('reminder'), 'no "3 h left" after the window closed')
  t.notOk(ana.includes('window_open'), 'no "your window is open" for a window already closed')
  t.ok(ana.includes('payout'), 'the payout mail still goes: the payout happened')
  const ledger = await app.pg.query(`SELECT kind, count(*)::int AS n FROM calendar_work WHERE campaign_id = $1::uuid GROUP BY kind ORDER BY kind`, [table.id])
  t.ok(
    ledger.rows.some((r: { kind: string }) => r.kind === 'remind'),
    'the reminder step is still ledgered as done, without a mail',
  )
})
