// W3.7, W10.6: tick 0's weekday roll-offs are dice like any other: the dice page derives each
// again, from the setup seed the muster reveals (CLARIFIED 14), and finds every one as it fell.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('W3.7 W10.6 the roll-offs of tick 0 are derived again on the dice page, each as it fell', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'openwars', public: true })
  const base = `/api/campaigns/${table.id}`
  t.equal((await call(app, table.gm, 'POST', `${base}/start`)).status, 200)
  // Elfos and Enanos: default armies both worth 58 gold (A.8), so tick 0 must roll them off.
  for (const [name, faction] of [
    ['ana', 'elfos'],
    ['ben', 'enanos'],
  ] as const) {
    const set = await call(app, table.players[name]!.token, 'POST', `${base}/orders`, { order: { type: 'setFaction', faction } })
    t.equal(set.status, 200, `${name} plays ${faction}`)
  }
  await setClock(app, '2026-12-07T09:00:00Z') // past tick 0, Sunday 6 December 20:00
  const events = (await call(app, table.gm, 'GET', `${base}/events?limit=500`)).body.events as { type: string; payload: { rolls?: unknown[] } }[]
  const mustered = events.find((e) => e.type === 'mustered')
  t.ok(mustered, 'tick 0 mustered the armies')
  t.ok((mustered?.payload.rolls?.length ?? 0) >= 2, 'equal armies: a roll-off')
  const page = await visitor(app).get(`/campaigns/${table.id}/dice?lang=en`)
  t.equal(page.status, 200)
  const round0 = /<section class="card dice-round" aria-labelledby="round-0">[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? ''
  const derived = [...round0.matchAll(/<td>(\d) (✓|✗)<\/td>/g)].map((m) => m[2])
  t.ok(derived.length >= 2, `the roll-offs are listed under round 0 (${derived.length})`)
  t.same(
    derived.filter((mark) => mark === '✗'),
    [],
    'each derived again as it fell',
  )
})
