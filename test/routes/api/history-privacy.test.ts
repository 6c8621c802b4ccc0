// Who talks with whom is the scene's business (#13 part 8): scene and proposal events reach
// only that scene's tribes and the GM, through the API's log and the history page alike.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test("R11.3 a scene's events are read by its tribes and the GM only; the trade itself is public", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' }, { public: true })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const [ana, ben, cleo] = ['ana', 'ben', 'cleo'].map((n) => table.players[n]!)
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Pacto del norte', tribes: [ana!.tribeId, ben!.tribeId] })
  t.equal(scene.status, 201)
  const base = `/api/campaigns/${table.id}/scenes/${scene.body.id}`
  t.equal((await call(app, ana!.token, 'POST', `${base}/messages`, { body: 'Hola, vecinos' })).status, 201)
  const proposal = await call(app, ana!.token, 'POST', `${base}/proposals`, { transfers: [{ from: ana!.tribeId, to: ben!.tribeId, tiles: ['3,3'] }] })
  t.equal(proposal.status, 201)
  t.equal((await call(app, ana!.token, 'POST', `${base}/proposals/${proposal.body.id}/accept`)).status, 200)
  t.equal((await call(app, table.gm, 'POST', `${base}/proposals/${proposal.body.id}/ratify`)).status, 200)

  const typesFor = async (token: string | null) =>
    ((await call(app, token, 'GET', `/api/campaigns/${table.id}/events?limit=500`)).body.events as { type: string }[]).map((e) => e.type)
  const diplomacy = (types: string[]) => types.filter((x) => /^(scene|proposal)\./.test(x)).sort()
  const all = ['proposal.accepted', 'proposal.made', 'proposal.ratified', 'scene.message', 'scene.opened']
  t.same(diplomacy(await typesFor(table.gm)), all, 'the GM reads the whole scene')
  t.same(diplomacy(await typesFor(ben!.token)), all, 'so does a tribe of the scene')
  const outsider = await typesFor(cleo!.token)
  t.same(diplomacy(outsider), [], 'cleo, outside the scene, reads none of it')
  t.ok(outsider.includes('tradeExecuted'), 'but the trade itself is public: the map changed')
  t.same(diplomacy(await typesFor(null)), [], 'nor does a spectator of the public campaign')

  const page = async (token: string, user: string) => {
    const v = visitor(app)
    await v.login((await app.prisma.user.findUniqueOrThrow({ where: { id: user } })).email, 'correct horse battery')
    return (await v.get(`/campaigns/${table.id}/history?week=1`)).body
  }
  const anaPage = await page(ana!.token, ana!.userId)
  t.match(anaPage, /The game master opened a diplomacy scene for ana, ben\./, "ana's history tells of her scene")
  t.match(anaPage, /ana proposed a trade\./)
  const cleoPage = await page(cleo!.token, cleo!.userId)
  t.notMatch(cleoPage, /diplomacy scene|proposed a trade|wrote in a scene/, "cleo's history does not")
  t.match(cleoPage, /Trade: ana gives ben Oakmere\./, 'the trade is told to everyone')
  t.match((await visitor(app).get(`/campaigns/${table.id}/history?week=1&kind=diplomacy`)).body, /Trade: ana gives ben Oakmere\./, 'and filed under diplomacy')
})
