// Refusals while setting a campaign up: a clear 4xx, and nothing stored.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

t.test('creating a campaign: unknown map (R1.4) and bad time zone (R2.2) are 400 and store nothing', async (t) => {
  const app = await buildTestApp(t)
  const gm = await register(app, 'gm@example.com')
  const map = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'x', mapId: 'atlantis' })
  t.match(map, { status: 400, body: { error: { code: 'campaign/unknown_map', rule: 'R1.4' } } })
  const zone = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'x', mapId: 'coast-2', timeZone: 'Mars/Olympus' })
  t.match(zone, { status: 400, body: { error: { code: 'campaign/invalid_time_zone', rule: 'R2.2' } } })
  t.equal(await app.prisma.campaign.count(), 0)
})

t.test('joining: bad weekday, GM as player, reused invitation, draft with one tribe', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday' })
  const url = `/api/campaigns/${table.id}`
  const inv = (await call(app, table.gm, 'POST', `${url}/invitations`)).body.token
  const bob = await register(app, 'bob@example.com')

  const badDay = await call(app, bob.token, 'POST', `/api/invitations/${inv}/accept`, { tribeName: 'B', weekday: 'funday' })
  t.match(badDay, { status: 400, body: { error: { code: 'tribe/bad_weekday', rule: 'R2.1' } } })
  const gmJoins = await call(app, table.gm, 'POST', `/api/invitations/${inv}/accept`, { tribeName: 'G', weekday: 'friday' })
  t.match(gmJoins, { status: 409, body: { error: { code: 'tribe/gm_cannot_play', rule: 'R2.3' } } })

  const tooFew = await call(app, table.gm, 'POST', `${url}/draft/start`)
  t.match(tooFew, { status: 409, body: { error: { code: 'draft/too_few_tribes', rule: 'R2.1' } } })
  t.equal(await app.prisma.gameSnapshot.count(), 0, 'no game state was created')

  t.equal((await call(app, bob.token, 'POST', `/api/invitations/${inv}/accept`, { tribeName: 'B', weekday: 'friday' })).status, 201)
  const carol = await register(app, 'carol@example.com')
  const reused = await call(app, carol.token, 'POST', `/api/invitations/${inv}/accept`, { tribeName: 'C', weekday: 'sunday' })
  t.match(reused, { status: 409, body: { error: { code: 'invitation/used' } } })
  const unknown = await call(app, carol.token, 'POST', '/api/invitations/no-such-invitation-token/accept', { tribeName: 'C', weekday: 'sunday' })
  t.match(unknown, { status: 404, body: { error: { code: 'invitation/not_found' } } })
  t.equal(await app.prisma.tribe.count({ where: { campaignId: table.id } }), 2, 'only ana and bob joined')
})
