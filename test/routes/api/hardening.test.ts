// What a hostile user or a careless operator could do: redirects after login
// to other sites, one invitation taken twice, a settable clock in production.
import t from 'tap'
import { ConfigError, loadConfig } from '../../../src/config.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const PASSWORD = 'correct horse battery'

t.test('after login only a path of this site is followed; anything that leads elsewhere goes to the campaigns', async (t) => {
  const app = await buildTestApp(t)
  await register(app, 'walker@example.com', PASSWORD)
  const cases: [next: string, location: string][] = [
    ['/campaigns/abc?tab=1', '/campaigns/abc?tab=1'],
    ['/\\evil.example/', '/campaigns'],
    ['//evil.example/', '/campaigns'],
    ['/\tevil.example/', '/campaigns'],
    ['/\t/evil.example/', '/campaigns'],
    ['/\n/evil.example', '/campaigns'],
    ['https://evil.example/', '/campaigns'],
    ['/\\/evil.example', '/campaigns'],
    ['', '/campaigns'],
  ]
  for (const [next, location] of cases) {
    const v = visitor(app)
    await v.get(`/login?next=${encodeURIComponent(next)}`)
    const res = await v.post('/login', { email: 'walker@example.com', password: PASSWORD, next })
    t.equal(res.status, 303, `${JSON.stringify(next)}: logged in`)
    t.equal(res.location, location, `${JSON.stringify(next)} leads to ${location}`)
  }
})

t.test('R2.1 twenty people accepting one invitation at the same moment: exactly one joins', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000 })
  const table = await setUp(app, {})
  const invitation = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`)
  const users = await Promise.all(Array.from({ length: 20 }, (_, i) => register(app, `racer${i}@example.com`, PASSWORD)))
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
  const answers = await Promise.all(
    users.map((u, i) => call(app, u.token, 'POST', `/api/invitations/${invitation.body.token}/accept`, { tribeName: `Racers ${i}`, weekday: weekdays[i % 7] })),
  )
  t.equal(answers.filter((a) => a.status === 201).length, 1, 'one accept succeeds')
  t.same(
    [...new Set(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.error.code}`))],
    ['409 invitation/used'],
    'every other is told the invitation is used',
  )
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 1, 'one tribe joined')
  t.equal(await app.prisma.membership.count({ where: { campaignId: table.id, role: 'player' } }), 1, 'one player')
})

t.test('ALLOW_TEST_CLOCK refuses to start under NODE_ENV=production', async (t) => {
  let caught: unknown
  try {
    loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'production-secret-production-secret-1', ALLOW_TEST_CLOCK: 'true' })
  } catch (error) {
    caught = error
  }
  t.ok(caught instanceof ConfigError, 'refused')
  t.equal((caught as ConfigError).variable, 'ALLOW_TEST_CLOCK')
  t.match((caught as ConfigError).message, /must not be true when NODE_ENV=production/)
  t.equal(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'production-secret-production-secret-1' }).allowTestClock, false, 'production without it starts')
})

t.test('the test clock route needs a login', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  const anonymous = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { now: '2030-01-01T00:00:00Z' } })
  t.equal(anonymous.statusCode, 401)
  t.ok(app.clock.now().getFullYear() < 2030, 'the clock did not move')
  const { token } = await register(app, 'timekeeper@example.com', PASSWORD)
  const moved = await app.inject({
    method: 'POST',
    url: '/api/dev/clock',
    payload: { now: '2030-01-01T00:00:00Z' },
    headers: { authorization: `Bearer ${token}` },
  })
  t.equal(moved.statusCode, 200)
  t.equal(app.clock.now().toISOString(), '2030-01-01T00:00:00.000Z')
})

t.test('logging out revokes the token; "log out everywhere" ends every login', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000 })
  const { token } = await register(app, 'leaver@example.com', PASSWORD)
  const me = (bearer: string) => app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${bearer}` } })
  t.equal((await me(token)).statusCode, 200)
  const other = (await call(app, null, 'POST', '/api/auth/login', { email: 'leaver@example.com', password: PASSWORD })).body.token as string
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode, 204)
  const after = await me(token)
  t.equal(after.statusCode, 401, 'the logged-out token is refused')
  t.equal(after.json().error.code, 'auth/session_ended')
  t.equal((await me(other)).statusCode, 200, 'another login goes on')
  const third = (await call(app, null, 'POST', '/api/auth/login', { email: 'leaver@example.com', password: PASSWORD })).body.token as string
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { authorization: `Bearer ${third}` } })).statusCode, 204)
  t.equal((await me(other)).statusCode, 401, 'every login ends')
  t.equal((await me(third)).statusCode, 401)
  const fresh = (await call(app, null, 'POST', '/api/auth/login', { email: 'leaver@example.com', password: PASSWORD })).body.token as string
  t.equal((await me(fresh)).statusCode, 200, 'a new login works')

  // The page: the login cookie stops working after logging out, even if kept.
  const v = visitor(app)
  await v.login('leaver@example.com', PASSWORD)
  const kept = v.jar.get('ww_session')!
  await v.get('/campaigns')
  t.equal((await v.post('/logout', {})).status, 303)
  const replay = await app.inject({ method: 'GET', url: '/me/notifications', headers: { cookie: `ww_session=${kept}` } })
  t.equal(replay.statusCode, 302, 'the kept cookie is no login: to the login page')
})

t.test('weak and common passwords are refused with a clear message', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000 })
  for (const password of ['12345678', 'password1', 'qwertyuiop', 'iloveyou1', 'weakling@example.com']) {
    const res = await call(app, null, 'POST', '/api/auth/register', { email: 'weakling@example.com', password, displayName: 'Weak' })
    t.equal(res.status, 400, `${password}: refused`)
    t.equal(res.body.error.code, 'auth/weak_password')
    t.match(res.body.error.message, /too easy to guess/)
  }
  t.equal(await app.prisma.user.count(), 0, 'no account made')
  t.equal(
    (await call(app, null, 'POST', '/api/auth/register', { email: 'strong@example.com', password: 'purple tortoise umbrella', displayName: 'Strong' })).status,
    201,
  )
})

t.test('logging in takes as long for an unknown email as for a wrong password', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000 })
  await register(app, 'timed@example.com', PASSWORD)
  const time = async (email: string) => {
    const t0 = performance.now()
    await call(app, null, 'POST', '/api/auth/login', { email, password: 'not the right one at all' })
    return performance.now() - t0
  }
  await time('nobody@example.com') // the dummy hash is made once
  const known: number[] = []
  const unknown: number[] = []
  for (let i = 0; i < 5; i++) {
    known.push(await time('timed@example.com'))
    unknown.push(await time(`nobody${i}@example.com`))
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!
  // Both run one scrypt; without the dummy an unknown email answered several times faster.
  t.ok(median(unknown) > median(known) / 3, `unknown ${median(unknown).toFixed(0)} ms against known ${median(known).toFixed(0)} ms: the same work`)
})

t.test('a form token from another login is refused (the CSRF token is tied to the login)', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000 })
  await register(app, 'one@example.com', PASSWORD)
  const v = visitor(app)
  await v.get('/login')
  const anonymousToken = /name="_csrf" value="([^"]+)"/.exec((await v.get('/login')).body)![1]!
  await v.login('one@example.com', PASSWORD)
  const settings = await v.post('/me/notifications', { windowOpen: 'true', reminderHours: '4' }, { csrf: anonymousToken })
  t.equal(settings.status, 403, 'the token of the logged-out page is refused after logging in')
  await v.get('/me/notifications')
  t.equal((await v.post('/me/notifications', { windowOpen: 'true', reminderHours: '4' })).status, 200, "the logged-in page's own token works")
})

t.test("201 public campaigns of an attacker never hide a victim's own campaign; creation is rate-limited; one query a page", async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000, campaignRateLimit: 5 })
  const victim = await register(app, 'victim@example.com', PASSWORD)
  const mine = await call(app, victim.token, 'POST', '/api/campaigns', { name: 'My own', mapId: 'coast-2' })
  t.equal(mine.status, 201)
  const attacker = await register(app, 'spammer@example.com', PASSWORD)
  for (let i = 0; i < 5; i++)
    t.equal((await call(app, attacker.token, 'POST', '/api/campaigns', { name: `Spam ${i}`, mapId: 'coast-2', public: true })).status, 201)
  const limited = await call(app, attacker.token, 'POST', '/api/campaigns', { name: 'Spam 6', mapId: 'coast-2', public: true })
  t.equal(limited.status, 429, 'the sixth campaign within the hour is refused')
  t.equal(limited.body.error.code, 'request/rate_limited')
  t.equal((await call(app, victim.token, 'POST', '/api/campaigns', { name: 'Still mine', mapId: 'coast-2' })).status, 201, 'the limit is per user')
  // Past the limit, as a flood of many accounts would: 201 more public campaigns straight in the service.
  for (let i = 0; i < 201; i++) await app.campaigns.create(attacker.user.id, { name: `Flood ${i}`, mapId: 'coast-2', public: true })
  let queries = 0
  const count = () => {
    queries++
  }
  app.pg.on('acquire', count)
  const list = await call(app, victim.token, 'GET', '/api/campaigns')
  app.pg.off('acquire', count)
  t.same(
    list.body.campaigns.map((c: { name: string }) => c.name),
    ['Still mine', 'My own'],
    "the victim's own campaigns, all of them, first",
  )
  t.equal(list.body.nextPage, null)
  t.ok(queries <= 4, `a constant number of queries (${queries} connections taken)`)
  const publicPage = await call(app, victim.token, 'GET', '/api/campaigns/public')
  t.equal(publicPage.body.campaigns.length, 50, 'public campaigns come apart, 50 a page')
  t.equal(publicPage.body.nextPage, 2)
  const last = await call(app, victim.token, 'GET', '/api/campaigns/public?page=5')
  t.equal(last.body.campaigns.length, 6, 'the fifth page holds the rest (206 in all)')
  t.equal(last.body.nextPage, null)
  const v = visitor(app)
  await v.login('victim@example.com', PASSWORD)
  const page = await v.get('/campaigns')
  t.match(page.body, /My own/, "the page shows the victim's campaign")
  t.ok(page.body.indexOf('My own') < page.body.indexOf('Flood'), 'before any public one')
})

t.test('the history pages by week: in a long campaign the latest week is shown first, and every week can be opened', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-29T21:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { public: true })
  await draft(app, table)
  // A long campaign: 6,000 log entries in week 1, then the tick into week 2.
  await app.pg.query(
    `INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at)
     SELECT $1::uuid, 100000 + n, 1, 'campaign.filler', '{}'::jsonb, now() AT TIME ZONE 'UTC' FROM generate_series(1, 6000) AS n`,
    [table.id],
  )
  await setClock(app, '2026-12-06T19:30:00Z') // after the Sunday tick: week 2
  await app.pg.query(
    `INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at) VALUES ($1::uuid, 200000, 2, 'campaign.marker', '{}'::jsonb, now() AT TIME ZONE 'UTC')`,
    [table.id],
  )
  const v = visitor(app)
  const latest = await v.get(`/campaigns/${table.id}/history`)
  t.equal(latest.status, 200)
  t.match(latest.body, /<code>campaign.marker<\/code>/, "the latest week's entries are on the first page")
  t.match(latest.body, /<option value="2" selected>/, 'week 2 is the one shown')
  t.notMatch(latest.body, /<code>campaign.filler<\/code>/, "not the older week's")
  const first = await v.get(`/campaigns/${table.id}/history?week=1`)
  t.match(first.body, /Payout of week 1/, 'week 1 opens, with its payout')
  t.equal((first.body.match(/<code>campaign.filler<\/code>/g) ?? []).length, 6000, 'all of week 1 is there')
})
