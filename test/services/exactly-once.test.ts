// #45 problem 7: the new flows done once under concurrency. Twenty passes of a practice week at
// one instant, the first twenty practice creations on a fresh server, and twenty rematches of
// one finished campaign, all at once over HTTP: each gives one result, and none a 500.
import t from 'tap'
import { buildTestApp, register } from '../helpers/app.ts'
import { call, draft, setClock, setUp, type App } from '../helpers/campaign.ts'
import { visitor } from '../helpers/pages.ts'
import { systemUser } from '../../src/db/accounts.ts'
import { SESSION_COOKIE } from '../../src/plugins/external/view.ts'

const N = 20

/** A newcomer's page visitor, logged in (the login cookie holds the same token as the API's), with a form's token in hand. */
async function newcomer(app: App) {
  const account = await register(app, `new-${Math.random().toString(36).slice(2)}@example.com`)
  const page = visitor(app)
  page.jar.set(SESSION_COOKIE, account.token)
  await page.get('/campaigns')
  return { page, token: account.token, userId: account.user.id }
}

const statuses = (answers: { status: number }[]) => [...new Set(answers.map((a) => a.status))]

t.test('the first 20 practice creations at once on a fresh server: one campaign each, no 500', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1_000, campaignRateLimit: 1_000 })
  await setClock(app, '2026-12-02T09:00:00Z')
  const people = await Promise.all(Array.from({ length: N }, () => newcomer(app)))
  const bots = { email: { endsWith: '@practice.weekdaywars.invalid' } }
  t.equal(await app.prisma.user.count({ where: bots }), 0, 'no practice has been made here yet: its referee and rival do not exist')

  const answers = await Promise.all(people.map(({ page }) => page.post('/practice', {})))
  t.same(statuses(answers), [303], 'every creation is answered with its campaign')
  const ids = answers.map((a) => /^\/campaigns\/([0-9a-f-]{36})\/turn$/.exec(a.location ?? '')?.[1])
  t.equal(new Set(ids.filter(Boolean)).size, N, 'one campaign each')
  t.equal(await app.prisma.campaign.count({ where: { practice: true } }), N, 'and no other')
  t.equal(await app.prisma.user.count({ where: bots }), 2, 'one referee and one rival, shared by all')
  const seats = await app.prisma.tribe.findMany({ where: { campaignId: { in: ids as string[] } }, select: { campaignId: true, userId: true } })
  t.same(
    ids.map((id) => seats.filter((s) => s.campaignId === id).length),
    ids.map(() => 2),
    'each with its two tribes',
  )
  t.ok(
    people.every(({ userId }, i) => seats.some((s) => s.campaignId === ids[i] && s.userId === userId)),
    'each newcomer plays in the campaign their answer named',
  )
  const board = (await call(app, people[N - 1]!.token, 'GET', `/api/campaigns/${ids[N - 1]}/state`)).body
  t.equal(board.you.windowOpen, true, "the last made runs with its newcomer's window open")
})

t.test("the service's own account asked for 20 times at once: made once, the same one answered to all", async (t) => {
  // What the first practices at once each ask for, without their password hashing between them.
  const app = await buildTestApp(t)
  const email = 'referee@practice.weekdaywars.invalid'
  const made = await Promise.allSettled(Array.from({ length: N }, () => systemUser(app.db, { email, displayName: 'Practice referee', passwordHash: 'x' })))
  t.same(
    made.filter((m) => m.status === 'rejected').map((m) => (m as PromiseRejectedResult).reason.message.slice(-200)),
    [],
    'no failure',
  )
  const ids = new Set(made.map((m) => (m as PromiseFulfilledResult<{ id: string }>).value?.id))
  t.equal(ids.size, 1, 'one account')
  t.equal(await app.prisma.user.count({ where: { email } }), 1)
})

t.test('20 passes of a practice week at one instant: the week passes once, every answer is the same, no 500', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-02T09:00:00Z')
  const { page, token } = await newcomer(app)
  const id = /^\/campaigns\/([0-9a-f-]{36})\/turn$/.exec((await page.post('/practice', {})).location ?? '')![1]!
  await page.get(`/campaigns/${id}/turn`)
  const week = async () => (await call(app, token, 'GET', `/api/campaigns/${id}/state`)).body.week as number
  const before = await week()

  const answers = await Promise.all(Array.from({ length: N }, () => page.post(`/campaigns/${id}/practice/week`, {})))
  t.same(statuses(answers), [303], 'every pass is answered, none with a 500')
  t.same([...new Set(answers.map((a) => a.location))], [`/campaigns/${id}/pools?notice=week_passed`], 'each to the same page')
  t.equal(await week(), before + 1, 'the week passed once')
  const ticks = await app.prisma.calendarWork.count({ where: { campaignId: id, kind: 'tick', dueAt: new Date('2026-12-02T09:00:00Z') } })
  t.equal(ticks, 1, 'one tick at that instant')

  // A moment later, the next pass is a new week.
  await setClock(app, '2026-12-02T09:00:01Z')
  t.equal((await page.post(`/campaigns/${id}/practice/week`, {})).status, 303)
  t.equal(await week(), before + 2, 'a pass at a later instant passes the next week')
})

t.test('20 rematches of one finished campaign at once: one new campaign, named in every answer, no 500', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, campaignRateLimit: 1_000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { weekLimit: 1 })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  await setClock(app, '2026-12-21T09:00:00Z')
  t.equal((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.status, 'finished', 'the week limit ended it')
  const campaignsBefore = await app.prisma.campaign.count()

  const answers = await Promise.all(Array.from({ length: N }, () => call(app, table.gm, 'POST', `/api/campaigns/${table.id}/rematch`, {})))
  t.same(statuses(answers), [201], 'every rematch is answered, none with a 500')
  const ids = [...new Set(answers.map((a) => a.body.id))]
  t.equal(ids.length, 1, 'every answer names the same new campaign')
  t.equal(await app.prisma.campaign.count(), campaignsBefore + 1, 'one campaign was made')
  t.same(answers[N - 1]!.body, answers[0]!.body, 'the answers are alike')
  t.same(answers[0]!.body.invited.map((i: { tribeName: string }) => i.tribeName).sort(), ['ana', 'ben'], 'both players invited')
  const invitations = await app.prisma.invitation.count({ where: { campaignId: ids[0] } })
  t.equal(invitations, 2, 'once each')

  // Once the rematch has started, a new rematch of the same campaign is a new campaign.
  await app.prisma.campaign.update({ where: { id: ids[0] }, data: { status: 'running' } })
  const again = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/rematch`, {})
  t.equal(again.status, 201)
  t.not(again.body.id, ids[0], 'a later rematch is a campaign of its own')
})
