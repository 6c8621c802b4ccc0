// Profiles (#13 part 9): /users/{id} shows a player's campaigns (finished ones with the rank),
// windows played and missed, only the campaigns the reader may see; /me changes name,
// language and time zone.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('a profile: the finished campaign with its rank (R2.5), windows played and missed, and a private campaign hidden from strangers', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { public: true })
  await app.prisma.campaign.update({ where: { id: table.id }, data: { weekLimit: 1 } })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const ana = table.players.ana!
  const ben = table.players.ben!
  await setClock(app, '2026-12-02T09:00:00Z') // ana missed Monday; ben plays Wednesday
  t.equal((await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z') // the draft week's tick: week 1, the only one counted, begins (R2.6)
  await setClock(app, '2026-12-09T09:00:00Z') // ana missed Monday again; ben plays his second Wednesday
  t.equal((await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })).status, 200)
  await setClock(app, '2026-12-14T09:00:00Z') // past the last tick: finished
  const privateOne = await call(app, ana.token, 'POST', '/api/campaigns', { name: 'Ana a solas', mapId: 'coast-3' })
  t.equal(privateOne.status, 201)

  const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.equal(state.status, 'finished')
  const anaRank = (state.ranking as string[]).indexOf(ana.tribeId) + 1
  const stranger = await call(app, null, 'GET', `/api/users/${ana.userId}`)
  t.equal(stranger.status, 200)
  t.match(
    stranger.body,
    { user: { id: ana.userId, displayName: /^ana-/ }, windows: { played: 0, missed: 2 } },
    'ana gave no order and let both her windows pass',
  )
  t.same(
    stranger.body.finished.map((c: { name: string; rank: number; of: number; tribeName: string }) => [c.name, c.tribeName, c.rank, c.of]),
    [['Test campaign', 'ana', anaRank, 2]],
    'the finished campaign with her place',
  )
  t.same(stranger.body.current, [], 'her private campaign is not shown to a stranger')
  const own = await call(app, ana.token, 'GET', `/api/users/${ana.userId}`)
  t.same(
    own.body.current.map((c: { name: string; role: string }) => [c.name, c.role]),
    [['Ana a solas', 'gm']],
    'but to herself',
  )
  const benProfile = (await call(app, null, 'GET', `/api/users/${ben.userId}`)).body
  t.match(benProfile.windows, { played: 2, missed: 0 }, 'ben played both his Wednesdays')
  t.equal((await call(app, null, 'GET', '/api/users/00000000-0000-4000-8000-000000000000')).body.error.code, 'profile/not_found')

  const page = await visitor(app).get(`/users/${ana.userId}`)
  t.equal(page.status, 200)
  t.match(page.body, new RegExp(`<a href="/campaigns/${table.id}#ranking">Test campaign</a> · ana: place ${anaRank} / 2`))
  t.match(page.body, /<dt>Windows missed<\/dt><dd>2<\/dd>/)
})

t.test('/me: a player changes name, language and time zone; a bad zone is refused in place, nothing changed', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000 })
  const reg = await call(app, null, 'POST', '/api/auth/register', { email: 'eva@example.com', password: 'correct horse battery', displayName: 'Eva' })
  const eva = visitor(app)
  await eva.login('eva@example.com', 'correct horse battery')
  t.match((await eva.get('/me')).body, /name="displayName" required maxlength="60" value="Eva"/)
  const bad = await eva.post('/me', { displayName: 'Eva M.', locale: 'es', timeZone: 'Mars/Olympus' })
  t.equal(bad.status, 400)
  t.match(bad.body, 'auth/invalid_time_zone')
  t.match(bad.body, /value="Eva M\."/, 'the typed name is kept')
  t.equal((await app.prisma.user.findUniqueOrThrow({ where: { id: reg.body.user.id } })).displayName, 'Eva', 'nothing changed')
  const saved = await eva.post('/me', { displayName: 'Eva M.', locale: 'es', timeZone: 'America/Mexico_City' })
  t.equal(saved.status, 303)
  const after = await eva.get(saved.location!)
  t.match(after.body, /<html lang="es">/, 'the page now speaks Spanish')
  t.match(after.body, /role="status">Guardado/)
  t.match(await app.prisma.user.findUniqueOrThrow({ where: { id: reg.body.user.id } }), {
    displayName: 'Eva M.',
    locale: 'es',
    timeZone: 'America/Mexico_City',
  })
  const api = await call(app, reg.body.token, 'PATCH' as 'PUT', '/api/me', { timeZone: 'Europe/Madrid' })
  t.equal(api.status, 200)
  t.equal(api.body.timeZone, 'Europe/Madrid', 'the API changes it too')
  t.equal((await call(app, reg.body.token, 'PATCH' as 'PUT', '/api/me', {})).status, 400, 'an empty change is refused')
})
