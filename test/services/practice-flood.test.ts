// #45 problem 3: practice costs its player, not everyone. A newcomer who clicks "pass the week"
// 300 times is held to a few passes a minute and a day; each pass leaves only its own payout
// mail in the outbox, drawn without the recap's picture; and a stranger's invitation queued
// right after leaves at once, not behind hundreds of practice mails.
import t from 'tap'
import { buildTestApp, register } from '../helpers/app.ts'
import { call, setClock, setUp } from '../helpers/campaign.ts'
import { visitor } from '../helpers/pages.ts'
import { smtpReceiver } from '../helpers/smtp.ts'
import { PASSES_PER_DAY, PASSES_PER_MINUTE } from '../../src/services/practice.ts'

const PASSES = 300
/** The clock moves this much between two clicks: fifteen a minute, far more than allowed. */
const CLICK_MS = 4_000

t.test(`${PASSES} passes of a practice week: limited, collapsed to one payout mail, and a stranger's mail leaves on time`, async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-12-02T09:00:00Z') // a Wednesday, 10:00 in Madrid
  const email = `new-${Math.random().toString(36).slice(2)}@example.com`
  const newcomer = await register(app, email, 'correct horse battery')
  const page = visitor(app)
  await page.login(email, 'correct horse battery')
  await page.get('/campaigns')
  const id = /^\/campaigns\/([0-9a-f-]{36})\/turn$/.exec((await page.post('/practice', {})).location ?? '')![1]!
  await page.get(`/campaigns/${id}/turn`)
  // The rival's bot (#50) would win a practice whose newcomer only passes, long before fifty weeks:
  // here nobody plays it, so that the limits are what stops the passes.
  await app.pg.query(`UPDATE tribes SET bot_reason = NULL WHERE campaign_id = $1::uuid`, [id])
  const week = async () => (await call(app, newcomer.token, 'GET', `/api/campaigns/${id}/state`)).body.week as number
  const before = await week()
  await setClock(app, '2026-12-02T09:00:30Z') // what the creation queued leaves
  smtp.mails.length = 0

  const answers = new Map<string, number>()
  const started = performance.now()
  const start = Date.parse('2026-12-02T09:01:00Z')
  for (let i = 0; i < PASSES; i++) {
    app.clock.set(new Date(start + i * CLICK_MS))
    const res = await page.post(`/campaigns/${id}/practice/week`, {})
    const what = res.status === 303 ? 'passed' : (/practice\/too_(fast|many)/.exec(res.body)?.[0] ?? `${res.status}`)
    answers.set(what, (answers.get(what) ?? 0) + 1)
  }
  const floodMs = Math.round(performance.now() - started)
  const passed = answers.get('passed') ?? 0
  t.comment(`figures: ${PASSES} clicks in ${floodMs} ms: ${JSON.stringify(Object.fromEntries(answers))}`)
  t.equal(passed, PASSES_PER_DAY, `${PASSES_PER_DAY} weeks passed, the day's limit`)
  t.ok((answers.get('practice/too_fast') ?? 0) > 0, `clicks beyond ${PASSES_PER_MINUTE} a minute are refused: practice/too_fast`)
  t.ok((answers.get('practice/too_many') ?? 0) > 0, "and once the day's are spent: practice/too_many")
  t.equal(answers.size, 3, 'and nothing else (no 500)')
  t.equal(await week(), before + passed, 'each accepted pass passed one week')

  const waiting = await app.prisma.outboxMail.findMany({ where: { campaignId: id, sentAt: null, droppedAt: null } })
  t.same(
    waiting.map((m) => `${m.kind} ${m.userId === newcomer.user.id ? 'newcomer' : m.userId}`),
    ['payout newcomer'],
    "the outbox holds one practice mail: the newcomer's latest payout",
  )

  // A stranger is invited to another campaign now; the next sweep sends what waits.
  const other = await setUp(app, {})
  t.equal((await call(app, other.gm, 'POST', `/api/campaigns/${other.id}/invitations`, { email: 'stranger@example.com' })).status, 201)
  const flushed = performance.now()
  await setClock(app, new Date(start + PASSES * CLICK_MS).toISOString())
  const flushMs = Math.round(performance.now() - flushed)
  const stranger = smtp.mails.findIndex((m) => m.to[0] === 'stranger@example.com')
  t.comment(
    `figures: the next sweep and its sends took ${flushMs} ms: ${smtp.mails.length} mails, the stranger's ${stranger + 1}${stranger === 0 ? 'st' : 'th'}`,
  )
  t.ok(stranger >= 0 && stranger <= 1, `the stranger's invitation left first or second (${stranger + 1}), not behind the practice mails`)
  const payouts = smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'payout')
  t.equal(payouts.length, 1, 'one payout mail for the whole flood')
  t.match(payouts[0]?.subject, new RegExp(`week ${before + passed} payout`), 'the last week’s')
  t.notMatch(payouts[0]?.raw, /image\/png/, 'with no recap picture: its page draws it when opened')
  t.match(payouts[0]?.text, new RegExp(`/campaigns/${id}/recap/`), 'the mail links the recap')
})
