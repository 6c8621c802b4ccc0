// World conquest's setup (N5, #30): every turn is free until tick 0, so no window opens and no
// "your window is open" mail or reminder goes out before it (tick 0: the first Sunday 20:00 at
// least 48 hours after the start, G1.14); the first window after tick 0 mails.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { smtpReceiver, type ReceivedMail } from '../../helpers/smtp.ts'

const kindOf = (m: ReceivedMail) => m.headers['x-weekday-wars-kind']

t.test('G1.13 G1.14 a conquest campaign created on a Saturday: no window mail before tick 0, the first one after it', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-12-05T08:00:00Z') // Saturday 09:00 in Madrid
  const table = await setUp(app, { ana: 'saturday', ben: 'sunday', cai: 'monday' }, { ruleset: 'conquest' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).status, 200)
  const emailOf = async (name: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: table.players[name]!.userId } })).email
  const windowMails = (email: string) => smtp.mails.filter((m) => (kindOf(m) === 'window_open' || kindOf(m) === 'reminder') && m.to.includes(email))
  const [ana, ben, cai] = [await emailOf('ana'), await emailOf('ben'), await emailOf('cai')]
  // The pages say when tick 0 is (G1.14: at least 48 hours after Saturday's start, so Sunday the 13th), and
  // that each tribe's next window comes after it.
  const page = visitor(app)
  await page.login(ana, 'correct horse battery')
  const overview = (await page.get(`/campaigns/${table.id}`)).body
  t.match(overview, /The first tick \(tick 0, G1\.14\): <strong>Sun 13 Dec, 20:00<\/strong>/, 'the setup banner gives tick 0')
  t.match(overview, /next window: Sat 19 Dec, 00:00/, "ana's next window is the Saturday after tick 0, not today's")
  t.notMatch(overview, /next window: Sat 5 Dec|next window: Sun 6 Dec|next window: Mon 7 Dec/, 'no window of the setup week is announced')
  t.match((await page.get(`/campaigns/${table.id}/turn?lang=es`)).body, /El primer tick \(tick 0, G1\.14\): dom 13 dic, 20:00/, 'and the turn page, in Spanish')
  // Saturday afternoon (ana's day), then Sunday noon (ben's): setup, before tick 0 on Sunday 20:00.
  await setClock(app, '2026-12-05T15:00:00Z')
  await setClock(app, '2026-12-06T11:00:00Z')
  t.same(windowMails(ana), [], 'no window mail or reminder for ana on the Saturday of setup')
  t.same(windowMails(ben), [], 'nor for ben on the Sunday before tick 0')
  t.equal((await call(app, table.players.ben!.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.closesAt, null, 'a free turn, with no window closing')

  // Monday 7 December: still setup, tick 0 being the first Sunday 20:00 at least 48 hours after the start (G1.14).
  await setClock(app, '2026-12-07T08:00:00Z')
  t.same(windowMails(cai), [], 'no window mail for cai on the Monday of setup')
  t.equal((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.week, 0, 'still round 0')
  // Monday 14 December 09:00: tick 0 ran on Sunday the 13th; cai's first window of round 1 opens, and its mail comes.
  await setClock(app, '2026-12-14T08:00:00Z')
  await setClock(app, '2026-12-14T08:01:00Z')
  t.equal((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.week, 1, 'round 1')
  t.equal(windowMails(cai).filter((m) => kindOf(m) === 'window_open').length, 1, "cai's first window after tick 0 is mailed")
})
