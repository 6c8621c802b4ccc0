import t from 'tap'
import { DEMO_USERS, seedDemo } from '../../src/services/demo.ts'
import { buildTestApp, register } from '../helpers/app.ts'

t.test('seeds demo users into an empty database, once', async (t) => {
  const app = await buildTestApp(t)
  const first = await seedDemo(app.db, { clock: app.clock, publicUrl: 'http://demo.test' })
  t.ok(first.seeded)
  const campaign = await app.inject({ method: 'GET', url: `/api/campaigns/${first.seeded ? first.campaignId : ''}/state` })
  t.equal(campaign.statusCode, 200, 'the demo campaign is public')
  t.equal(campaign.json().status, 'running', 'and in progress')
  t.equal(campaign.json().tribes.length, 3)
  t.equal(await app.prisma.user.count(), DEMO_USERS.length)
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_USERS[1]!.email, password: first.seeded ? first.logins[1]!.password : '' },
  })
  t.equal(login.statusCode, 200, 'the printed demo login works')
  const again = await seedDemo(app.db, { clock: app.clock, publicUrl: 'http://demo.test' })
  t.match(again, { seeded: false, reason: 'already_seeded' })
  t.equal(await app.prisma.user.count(), DEMO_USERS.length)
})

t.test('refuses a database that holds real data and changes nothing', async (t) => {
  const app = await buildTestApp(t)
  await register(app, 'real.person@example.com')
  const outcome = await seedDemo(app.db, { clock: app.clock, publicUrl: 'http://demo.test' })
  t.match(outcome, { seeded: false, reason: 'real_data', message: /1 real account/ })
  t.equal(await app.prisma.user.count(), 1)
})
