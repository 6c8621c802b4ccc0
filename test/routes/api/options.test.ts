// GET /api/campaigns/{id}/options over HTTP: the player's legal options, which
// the orders route then accepts; none for a GM; the draft pick for the tribe on the clock.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

t.test("R3.4 R7.3 a player's options are what the orders route accepts; a GM gets none; an outsider gets a 404 as for /state", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const url = `/api/campaigns/${table.id}`
  const ana = table.players.ana!
  t.match(await call(app, ana.token, 'GET', `${url}/options`), { status: 409, body: { error: { code: 'campaign/not_started' } } })

  const order = (await call(app, table.gm, 'POST', `${url}/draft/start`)).body.order as string[]
  const onClock = Object.values(table.players).find((p) => p.tribeId === order[0])!
  const waiting = Object.values(table.players).find((p) => p.tribeId !== order[0])!
  const picks = (await call(app, onClock.token, 'GET', `${url}/options`)).body.options.draftPick as string[]
  t.ok(picks.length > 0, 'the tribe on the clock may pick a free city')
  t.same((await call(app, waiting.token, 'GET', `${url}/options`)).body.options.draftPick, [], 'the other waits')
  t.equal((await call(app, onClock.token, 'POST', `${url}/draft/picks`, { choice: picks[0] })).status, 200, 'an offered pick is taken')
  await call(app, table.gm, 'POST', `${url}/draft/picks`, {
    city: (await call(app, waiting.token, 'GET', `${url}/options`)).body.options.draftPick[0],
    tribeId: waiting.tribeId,
  })
  for (const p of [waiting, onClock]) {
    const city = (await call(app, p.token, 'GET', `${url}/options`)).body.options.draftPick[0]
    t.equal((await call(app, table.gm, 'POST', `${url}/draft/picks`, { choice: city, tribeId: p.tribeId })).status, 200)
  }

  const res = await call(app, ana.token, 'GET', `${url}/options`)
  t.equal(res.status, 200)
  const options = res.body.options
  t.match(options, { tribe: ana.tribeId, phase: 'recruitment', endTurn: true })
  t.equal(options.recruit.length, 2, "both of ana's cities may recruit")
  const army = options.armies[0]
  const move = army.moves.find((m: { effect: string }) => m.effect === 'move')
  t.ok(move, 'a plain move is offered')
  const done = await call(app, ana.token, 'POST', `${url}/orders`, { order: { type: 'move', from: army.tile, troops: move.maxTroops, path: move.path } })
  t.equal(done.status, 200, 'and accepted')
  t.same(done.body.events.find((e: { type: string }) => e.type === 'moved').claimed, move.claims, 'claiming what the option said')
  t.same((await call(app, ana.token, 'GET', `${url}/options`)).body.options.recruit, [], 'after an action no recruitment is offered (R5.5)')

  const gm = await call(app, table.gm, 'GET', `${url}/options`)
  t.same(gm, { status: 200, body: { version: gm.body.version, ruleset: 'weekly-turn', options: null } })
  const stranger = await register(app, 'stranger@example.com')
  t.match(await call(app, stranger.token, 'GET', `${url}/options`), { status: 404, body: { error: { code: 'campaign/not_found' } } })
  t.equal((await call(app, ana.token, 'GET', '/docs/json')).body.paths['/api/campaigns/{id}/options'].get.summary.length > 0, true, 'documented in OpenAPI')
})
