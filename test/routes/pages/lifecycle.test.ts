// A campaign's life on the pages (#13): a paused banner on every page of the
// campaign and no open window or countdown while paused; a finished campaign
// shows its winner and ranking (R2.5).
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, mondayGame, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const PAGES = ['', '/pools', '/history', '/dice', '/turn', '/scenes']

t.test('R4.5 paused: a banner on every page of the campaign, no window open and no countdown; resumed: gone', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = visitor(app)
  await ana.login((await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } })).email, 'correct horse battery')
  const before = await ana.get(`/campaigns/${table.id}/turn`)
  t.match(before.body, /class="countdown"/, "Monday 10:00: ana's window is open with its countdown")
  t.notMatch(before.body, /class="banner paused"/)
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200)
  for (const page of PAGES) {
    const res = await ana.get(`/campaigns/${table.id}${page}`)
    t.match(res.body, /<p class="banner paused" role="status"><strong>Paused by the game master/, `the banner on ${page || 'the overview'}`)
  }
  const paused = await ana.get(`/campaigns/${table.id}/turn`)
  t.notMatch(paused.body, /class="countdown"/, 'no countdown while paused')
  t.match(paused.body, /The campaign is paused, so your window is not open\./)
  t.notMatch((await ana.get(`/campaigns/${table.id}`)).body, /window open now/, 'no tribe shows an open window')
  t.match(
    (await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)).body.you,
    { windowOpen: false, closesAt: null },
    'the API agrees',
  )
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)).status, 200)
  t.notMatch((await ana.get(`/campaigns/${table.id}/turn`)).body, /class="banner paused"/, 'resumed: the banner is gone')
})

t.test('R2.5 a finished campaign: a banner on every page, and the overview names the winner and ranks every tribe', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await app.prisma.campaign.update({ where: { id: table.id }, data: { weekLimit: 1 } })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [{ type: 'move', from: '2,1', troops: 2, to: '3,1' }] })
  // #30: the limit is said wherever the period shows.
  const during = visitor(app)
  await during.login((await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } })).email, 'correct horse battery')
  // R2.6: the draft's week is not counted.
  t.match((await during.get(`/campaigns/${table.id}/turn`)).body, /· Week 1 of 1 begins on Monday ·/, "the draft's week: week 1 is next")
  t.match((await during.get(`/campaigns/${table.id}/turn?lang=es`)).body, /· Semana 1 de 1: empieza el lunes ·/, 'and in Spanish')
  t.match((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body, { progress: { n: 0, of: 1 } }, 'the API says so too')
  await setClock(app, '2026-12-07T09:00:00Z') // the draft week's tick: week 1 begins
  t.match((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body, { progress: { n: 1, of: 1 } })
  t.match((await during.get(`/campaigns/${table.id}/turn`)).body, /· Week 1 of 1 ·/, 'week 1 of 1 while it runs')
  t.match((await during.get(`/campaigns/${table.id}/turn?lang=es`)).body, /· Semana 1 de 1 ·/, 'and in Spanish')
  await setClock(app, '2026-12-14T09:00:00Z') // past the Sunday tick of week 1, the last
  const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.equal(state.status, 'finished', 'the week limit ended the campaign')
  const gm = visitor(app)
  const { createdById } = await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })
  await gm.login((await app.prisma.user.findUniqueOrThrow({ where: { id: createdById } })).email, 'correct horse battery')
  for (const page of ['', '/pools', '/history', '/dice']) {
    t.match(
      (await gm.get(`/campaigns/${table.id}${page}`)).body,
      /class="banner finished" role="status"><strong>This campaign is over\.<\/strong> <a href="\/campaigns\/[^"]+#ranking">/,
      `the banner on ${page || 'the overview'}`,
    )
  }
  const overview = (await gm.get(`/campaigns/${table.id}`)).body
  const names = (state.ranking as string[]).map((id) => state.tribes.find((x: { id: string; name: string }) => x.id === id).name)
  t.match(overview, new RegExp(`Winner: <strong>${names[0]}</strong>`), "the winner, first in the engine's ranking")
  t.match(overview, new RegExp(`<ol><li>${names[0]}</li><li>${names[1]}</li></ol>`), 'every tribe in ranking order')
  t.notMatch(overview, /next window/, 'no next window for a finished campaign')
  t.notMatch(overview, /· Week \d+ ·/, 'and no week counting on past the end')
})
