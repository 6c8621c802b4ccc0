// Former players (#45 item 5): a player whose tribe the GM gave to someone else reads a running
// private campaign no more, through no route of the API and no page; once it is finished, its
// results and recaps are theirs again (docs/PAGES.md: "members' and former players'").
import t from 'tap'
import { register } from '../../helpers/app.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { playToTheEnd } from '../../helpers/endings.ts'
import { visitor } from '../../helpers/pages.ts'

const PASSWORD = 'correct horse battery'

t.test('a replaced player: nothing of the running private campaign; its results and recap once it is over', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { weekLimit: 1 })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const ana = table.players.ana!
  const anaEmail = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  const anaPages = visitor(app)
  await anaPages.login(anaEmail, PASSWORD)
  t.equal((await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).status, 200, 'ana plays: she reads the campaign')

  const carla = await register(app, 'carla@example.com')
  const replaced = await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/tribes/${ana.tribeId}/player`, { email: 'carla@example.com' })
  t.equal(replaced.status, 200, 'the GM gives her tribe to carla')
  t.equal((await call(app, carla.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you.tribeId, ana.tribeId)

  const base = `/api/campaigns/${table.id}`
  for (const path of ['', '/state', '/events', '/options', '/economy', '/pools', '/scenes', '/dice/1', '/verify', '/results']) {
    const res = await call(app, ana.token, 'GET', `${base}${path}`)
    t.equal(res.status, 404, `GET ${path || '/'}: the running private campaign does not exist for her`)
    t.equal(res.body.error.code, 'campaign/not_found')
  }
  const listed = (await call(app, ana.token, 'GET', '/api/campaigns')).body.campaigns.map((c: { id: string }) => c.id)
  t.notOk(listed.includes(table.id), 'nor is it in her list')
  for (const tab of ['', '/history', '/dice', '/pools', '/scenes', '/recap/1'])
    t.equal((await anaPages.get(`/campaigns/${table.id}${tab}`)).status, 404, `nor is its page${tab} hers`)
  const order = await call(app, ana.token, 'POST', `${base}/orders`, { order: { type: 'endTurn' } })
  t.equal(order.status, 404, 'and she gives no order')

  const end = await playToTheEnd(app, table)
  t.equal(end.status, 'finished', 'the week limit ends the campaign')
  const results = await call(app, ana.token, 'GET', `${base}/results`)
  t.equal(results.status, 200, 'once it is over, its results are hers (docs/PAGES.md)')
  t.ok(
    results.body.tribes.some((x: { id: string }) => x.id === ana.tribeId),
    'with the tribe she played',
  )
  t.equal((await anaPages.get(`/campaigns/${table.id}/results`)).status, 200, 'the results page')
  t.equal((await anaPages.get(`/campaigns/${table.id}/recap/1`)).status, 200, 'a recap page')
  t.equal((await call(app, ana.token, 'GET', base)).body.role, 'spectator', 'as a spectator')
  const listedAfter = (await call(app, ana.token, 'GET', '/api/campaigns')).body.campaigns.map((c: { id: string }) => c.id)
  t.ok(listedAfter.includes(table.id), 'and the finished campaign is in her list again')
  const stranger = await register(app, 'dora@example.com')
  t.equal((await call(app, stranger.token, 'GET', `${base}/results`)).status, 404, 'a stranger still reads nothing of it')
})
