// R2.6 through the platform: the draft service tells the engine when the last pick was made and
// where its week's tick falls, so a draft that ends on a Sunday evening after the tick counts the
// week that follows as week 1 (#47).
import t from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'

t.test('R2.6 a draft that ends on Sunday 3 January, at 19:00 or at 20:30 (Madrid): week 1 is 4 to 10 January, the last', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2027-01-03T17:00:00Z') // Sunday 18:00 in Madrid
  const early = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { weekLimit: 1 })
  const late = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { weekLimit: 1 })
  const progress = async (table: typeof early) => {
    const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
    return `${state.status} ${state.progress.n} of ${state.progress.of}`
  }
  await setClock(app, '2027-01-03T18:00:00Z') // 19:00: the tick of 20:00 is to come
  await draft(app, early)
  t.equal(await progress(early), 'running 0 of 1', "the draft's week, closed by the 20:00 tick")
  await setClock(app, '2027-01-03T19:30:00Z') // 20:30: it has passed
  await draft(app, late)
  t.same([await progress(early), await progress(late)], ['running 1 of 1', 'running 1 of 1'], 'both in week 1 of 1')
  await setClock(app, '2027-01-10T19:30:00Z') // past the 10 January tick
  t.same([await progress(early), await progress(late)], ['finished 1 of 1', 'finished 1 of 1'], 'both ended by its tick')
})
