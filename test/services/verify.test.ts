// Replay verification anyone can run (R12.2): the stored state is what the log
// and the seeds produce; an event altered in the database is found at its seq.
import { spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import t from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { visitor } from '../helpers/pages.ts'

t.test('R12.2 verify replays the whole log to the stored state, and finds an altered event at its seq', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' }, { public: true })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const ana = table.players.ana!.token
  t.equal((await call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })).status, 200)
  t.equal((await call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'move', from: '2,1', to: '3,1', troops: 3 } })).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z') // a week later: a tick, windows, a new seed
  const ok = await call(app, null, 'GET', `/api/campaigns/${table.id}/verify`)
  t.equal(ok.status, 200, 'anyone who may read the log may verify it')
  t.equal(ok.body.ok, true, 'the log and the seeds produce the stored state')
  t.equal(ok.body.stateHash, ok.body.storedHash)
  t.ok(ok.body.events > 20, `the whole log was replayed (${ok.body.events} events)`)

  // The command does the same from the database, offline.
  const url = (app.pg as unknown as { options: { connectionString: string } }).options.connectionString
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', table.id], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    timeout: 60_000,
  })
  t.equal(cli.status, 0, `npm run verify exits 0 (${cli.stderr.trim().split('\n').at(-1)})`)
  t.same(JSON.parse(cli.stdout), ok.body, 'and prints the same result')

  const recruit = await app.prisma.campaignEvent.findFirstOrThrow({ where: { campaignId: table.id, type: 'recruited' } })
  await app.pg.query(`UPDATE campaign_events SET payload = jsonb_set(payload, '{troops}', '5') WHERE campaign_id = $1 AND seq = $2`, [table.id, recruit.seq])
  const bad = await call(app, null, 'GET', `/api/campaigns/${table.id}/verify`)
  t.equal(bad.body.ok, false, 'an altered event is found')
  t.equal(bad.body.divergedAt, recruit.seq, 'at its seq')
  const badCli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', table.id], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    timeout: 60_000,
  })
  t.equal(badCli.status, 1, `the command exits 1 (status ${badCli.status}, signal ${badCli.signal})`)

  const page = await visitor(app).get(`/campaigns/${table.id}/dice?verify=1`)
  t.equal(page.status, 200)
  t.match(page.body, /The replay differs from the stored state/, 'the dice page shows the result')
})

t.test("R3.1 the draft order's draw is listed with its rolls on dice/0, and re-derives from the revealed seed", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday', dan: 'saturday' }, { public: true })
  await draft(app, table)
  const week0 = (await call(app, null, 'GET', `/api/campaigns/${table.id}/dice/0`)).body
  t.ok(week0.seed, "week 0's seed is revealed")
  const draw = week0.draftDraw
  t.equal(draw.draws.length, 3, 'n − 1 rolls for 4 tribes')
  const joined = Object.values(table.players).map((p) => p.tribeId)
  const order = [...joined]
  for (const d of draw.draws) {
    const mac = createHmac('sha256', week0.seed).update(String(d.counter)).digest()
    t.equal(d.value, mac.readUInt32BE(0), `roll ${d.counter} re-derives from the seed`)
    t.equal(d.swapWith, d.value % (d.position + 1))
    ;[order[d.position], order[d.swapWith]] = [order[d.swapWith]!, order[d.position]!]
  }
  t.same(order, draw.order, 'the shuffle of the tribes in joining order gives the draft order')
  const page = await visitor(app).get(`/campaigns/${table.id}/dice`)
  t.match(page.body, /The draft order’s draw \(R3.1\)/)
})
