// Clocks that disagree: app instances may differ by seconds, and a clock may be
// stepped back. The calendar mark never moves back, so work already done is
// never due again, and nothing answers 500.
import t, { type Test } from 'tap'
import { buildApp } from '../../src/app.ts'
import { buildTestApp, testConfig } from '../helpers/app.ts'
import { call, draft, setUp, type App } from '../helpers/campaign.ts'

const MONDAY = Date.parse('2026-11-30T00:00:00+01:00') // ana's window opens (Madrid)

async function twoInstances(t: Test) {
  const a = await buildTestApp(t, { allowTestClock: true })
  const url = (a.pg as unknown as { options: { connectionString: string } }).options.connectionString
  const b = await buildApp({ config: { ...testConfig(), allowTestClock: true }, databaseUrl: url })
  t.teardown(() => b.close())
  a.clock.set(new Date('2026-11-29T21:00:00Z')) // Sunday 22:00 in Madrid, after that day's tick
  b.clock.set(new Date('2026-11-29T21:00:00Z'))
  const table = await setUp(a, { ana: 'monday', ben: 'tuesday', cleo: 'sunday' })
  await draft(a, table, { ana: ['2,1', '3,3'] })
  return { a, b, table }
}

async function ledgerTwice(app: App): Promise<number> {
  const { rows } = await app.pg.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM calendar_work GROUP BY campaign_id, kind, period HAVING count(*) > 1) x`,
  )
  return Number(rows[0]!.n)
}

t.test('R4.2 two instances whose clocks are 1 s apart: an order each side of midnight, then the window close, and no 500', async (t) => {
  const { a, b, table } = await twoInstances(t)
  const ana = table.players.ana!.token
  a.clock.set(new Date(MONDAY + 500)) // 00:00:00.5 on the instance ahead
  b.clock.set(new Date(MONDAY - 500)) // 23:59:59.5 on the one behind
  const first = await call(a, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(first.status, 200, 'the instance ahead opens the window and takes the order')
  const second = await call(b, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '3,3', troops: 1 } })
  t.equal(second.status, 200, 'the instance behind finds the window open (the open is done) and takes the order')
  // After the window's close (20:00 Madrid), both instances read, order and sweep.
  const close = MONDAY + 20 * 3_600_000
  a.clock.set(new Date(close + 60_000))
  b.clock.set(new Date(close + 59_000))
  for (const app of [b, a, b]) {
    const state = await call(app, ana, 'GET', `/api/campaigns/${table.id}/state`)
    t.equal(state.status, 200, 'the state reads')
    t.equal(state.body.you.phase, 'closed', 'the window is closed')
    t.equal((await app.clockwork.sweep()).failed, 0, 'the sweep fails nowhere')
  }
  const late = await call(b, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
  t.equal(late.status, 409, 'an order after the close is refused as late, not a 500')
  t.equal(late.body.error.code, 'turn/window_closed')
  t.equal(await ledgerTwice(a), 0, 'no calendar unit is in the ledger twice')
  const opens = await a.prisma.calendarWork.count({ where: { campaignId: table.id, kind: 'open' } })
  t.equal(opens, 1, "monday's window opened once")
})

t.test('R6.1 two instances 5 s apart through a whole week: each unit once, one payout, no 500', async (t) => {
  const { a, b, table } = await twoInstances(t)
  const players = Object.values(table.players)
  let step = 0
  for (let at = MONDAY - 3_600_000; at <= MONDAY + 7 * 86_400_000; at += 47 * 60_000) {
    a.clock.set(new Date(at))
    b.clock.set(new Date(at - 5_000))
    const app = step % 2 === 0 ? a : b
    const player = players[step % players.length]!
    const order = await call(app, player.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
    t.ok([200, 409, 422].includes(order.status), `order at ${new Date(at).toISOString()}: ${order.status}`)
    if (step % 5 === 0) t.equal((await app.clockwork.sweep()).failed, 0)
    step++
  }
  const state = await call(b, table.gm, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(state.status, 200)
  t.equal(state.body.week, 2, 'one weekly tick: week 1 became week 2')
  t.equal(await ledgerTwice(a), 0, 'no calendar unit is in the ledger twice')
  const ticks = await a.prisma.calendarWork.count({ where: { campaignId: table.id, kind: 'tick' } })
  t.equal(ticks, 1, 'one Sunday tick')
  const opens = await a.prisma.calendarWork.count({ where: { campaignId: table.id, kind: 'open' } })
  t.equal(opens, 3, 'each of the three windows opened once')
})

t.test('R4.2 a clock stepped back one hour: reads, orders and sweeps keep working, and no work is done twice', async (t) => {
  const { a, table } = await twoInstances(t)
  const ana = table.players.ana!.token
  a.clock.set(new Date(MONDAY + 3 * 3_600_000))
  t.equal((await call(a, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })).status, 200)
  a.clock.set(new Date(MONDAY + 21 * 3_600_000)) // the close is done
  t.equal((await call(a, ana, 'GET', `/api/campaigns/${table.id}/state`)).body.you.phase, 'closed')
  a.clock.set(new Date(MONDAY + 20 * 3_600_000 - 30 * 60_000)) // stepped back to 19:30, before the close
  const state = await call(a, ana, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(state.status, 200, 'the state reads')
  t.equal(state.body.you.phase, 'closed', 'the close stays done')
  t.equal((await a.clockwork.sweep()).failed, 0)
  const order = await call(a, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
  t.equal(order.status, 409, 'the closed window stays closed')
  t.equal((await call(a, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200, 'a pause at the stepped-back time is saved')
  a.clock.set(new Date(MONDAY + 8 * 86_400_000)) // the next Tuesday: on with the calendar
  const resumed = await call(a, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)
  t.equal(resumed.status, 200, 'the resume records the skipped work without meeting the done close again')
  t.equal((await call(a, ana, 'GET', `/api/campaigns/${table.id}/state`)).status, 200)
  t.equal(await ledgerTwice(a), 0, 'no calendar unit is in the ledger twice')
  t.equal(
    await a.prisma.calendarWork.count({
      where: { campaignId: table.id, kind: 'close', period: { startsWith: new Date(MONDAY + 20 * 3_600_000).toISOString() } },
    }),
    1,
    "monday's close done once",
  )
})
