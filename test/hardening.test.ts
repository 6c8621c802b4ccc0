// What a hostile user or a careless operator could do: redirects after login
// to other sites, one invitation taken twice, a settable clock in production.
import t from 'tap'
import { ConfigError, loadConfig } from '../src/config.ts'
import { buildTestApp, register } from './helpers/app.ts'
import { call, setUp } from './helpers/campaign.ts'
import { visitor } from './helpers/pages.ts'

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
  const answers = await Promise.all(users.map((u, i) => call(app, u.token, 'POST', `/api/invitations/${invitation.body.token}/accept`, { tribeName: `Racers ${i}`, weekday: weekdays[i % 7] })))
  t.equal(answers.filter((a) => a.status === 201).length, 1, 'one accept succeeds')
  t.same([...new Set(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.error.code}`))], ['409 invitation/used'], 'every other is told the invitation is used')
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
