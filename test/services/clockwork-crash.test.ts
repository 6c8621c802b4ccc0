// The clockwork under failure: a server killed with SIGKILL in the middle of a
// weekly tick over many campaigns and restarted (the boot sweep catches up),
// and two instances sweeping one database at once.
import pg from 'pg'
import t from 'tap'
import { buildApp } from '../../src/app.ts'
import { buildTestApp, testConfig } from '../helpers/app.ts'
import { serve, until } from '../helpers/child-server.ts'
import { testDatabase } from '../helpers/db.ts'
import { manyCampaigns } from '../helpers/many.ts'
import { smtpReceiver } from '../helpers/smtp.ts'

const SUNDAY_MORNING = new Date('2026-12-06T10:00:00Z')
const TICK = '2026-12-06T19:00:00.000Z' // Sunday 20:00 in Madrid

async function count(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  return Number((await pool.query<{ n: string }>(sql, params)).rows[0]!.n)
}

t.test('SIGTERM mid-tick ends the batches under way, SIGKILL mid-tick loses them, the restart pays every pool once and loses no mail', async (t) => {
  const campaigns = 100
  const url = await testDatabase(t)
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const setup = await buildApp({ config: { ...testConfig(), allowTestClock: true }, databaseUrl: url })
  setup.clock.set(SUNDAY_MORNING)
  const { ids } = await manyCampaigns(setup, campaigns)
  await setup.close()
  const pool = new pg.Pool({ connectionString: url, max: 3 })
  // The test database is dropped before this pool ends: its idle clients then die, as expected.
  pool.on('error', () => {})
  t.teardown(() => pool.end())
  const ticks = () => count(pool, `SELECT count(*) AS n FROM calendar_work WHERE kind = 'tick'`)
  // Each query is a transaction of its own, so the activity statistics are read afresh.
  const waitingOnLocks = () => count(pool, `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)

  // SIGTERM (#51): the ledger is locked against writes, so the boot sweep's two workers (a system
  // pool of 3 keeps one connection for /health) wait inside their first batches when the signal
  // comes. The service finishes those two units of 25 campaigns, starts no third, and exits.
  const ledger = await pool.connect()
  await ledger.query('BEGIN')
  await ledger.query('LOCK TABLE calendar_work IN EXCLUSIVE MODE')
  const stopped = serve(url, smtp.url, '2026-12-06T19:30:00Z', { env: { DATABASE_SYSTEM_POOL_SIZE: '3' } })
  await until('two batches to wait on the ledger', async () => (await waitingOnLocks()) >= 2)
  stopped.child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 300))
  t.equal(stopped.child.exitCode, null, 'the service waits for the batches under way')
  await ledger.query('ROLLBACK')
  ledger.release()
  await stopped.exited
  t.equal(stopped.child.exitCode, 0, `stops cleanly once they are done${stopped.child.exitCode ? `:\n${stopped.output()}` : ''}`)
  t.equal(await ticks(), 50, 'the two batches under way were committed whole, and no other began')
  t.equal(
    await count(
      pool,
      `SELECT count(DISTINCT campaign_id) AS n FROM campaign_events WHERE type = 'payout' AND created_at = $1::timestamptz AT TIME ZONE 'UTC'`,
      [TICK],
    ),
    50,
    "each campaign ticked has the tick's payout: no unit half done",
  )

  // SIGKILL: 20 campaigns left to tick are held busy (a sweep skips a locked campaign), so the
  // kill lands mid-tick however fast or slow this machine is today.
  const ticked = new Set((await pool.query<{ id: string }>(`SELECT campaign_id AS id FROM calendar_work WHERE kind = 'tick'`)).rows.map((row) => row.id))
  const left = ids.filter((id) => !ticked.has(id))
  const holder = await pool.connect()
  await holder.query('BEGIN')
  await holder.query(`SELECT 1 FROM campaigns WHERE id = ANY($1::uuid[]) FOR UPDATE`, [left.slice(-20)])
  const first = serve(url, smtp.url, '2026-12-06T19:31:00Z')
  await until('the tick to be under way again', async () => (await ticks()) >= 60)
  first.child.kill('SIGKILL')
  await first.exited
  await holder.query('ROLLBACK')
  holder.release()
  const doneBeforeKill = await ticks()
  t.ok(doneBeforeKill < campaigns, `killed mid-tick (${doneBeforeKill} of ${campaigns} campaigns done)`)

  // Restarted a few minutes later (so mails the dead server had claimed are free again).
  const second = serve(url, smtp.url, '2026-12-06T19:33:00Z')
  t.teardown(() => {
    second.child.kill('SIGKILL')
  })
  await until(
    'the catch-up and every mail',
    async () =>
      (await ticks()) === campaigns && (await count(pool, `SELECT count(*) AS n FROM outbox_mails WHERE sent_at IS NULL AND dropped_at IS NULL`)) === 0,
    90_000,
    200,
  )

  t.equal(
    await count(pool, `SELECT count(*) AS n FROM calendar_work WHERE kind = 'tick' AND due_at = $1::timestamptz AT TIME ZONE 'UTC'`, [TICK]),
    campaigns,
    'one tick per campaign',
  )
  const paid = await pool.query<{ campaign_id: string; n: string }>(
    `SELECT campaign_id, count(*) AS n FROM campaign_events WHERE type = 'payout' AND created_at = $1::timestamptz AT TIME ZONE 'UTC' GROUP BY campaign_id`,
    [TICK],
  )
  t.equal(paid.rows.length, campaigns, 'every campaign paid')
  t.ok(
    paid.rows.every((r) => r.n === '1'),
    'and each exactly once',
  )
  t.ok(paid.rows.every((r) => ids.includes(r.campaign_id)))
  const outbox = await pool.query<{ id: string }>(`SELECT id FROM outbox_mails WHERE kind = 'payout'`)
  t.equal(outbox.rows.length, 2 * campaigns, 'a payout mail for each player of each campaign')
  // The GMs' news of the joins (test/services/gm-inbox.test.ts) is not what this counts.
  const received = new Set(smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] !== 'gm_news').map((m) => m.messageId))
  t.ok(
    outbox.rows.every((r) => [...received].some((id) => id.startsWith(`<${r.id}@`))),
    'every queued mail arrived',
  )
  t.equal(received.size, 2 * campaigns, 'no other mail arrived')
  // A mail in flight at the kill can be sent again with the same Message-ID (at most the sender's 4 at a time).
  const players = smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] !== 'gm_news').length
  t.ok(players - received.size <= 4, `resent copies: ${players - received.size}`)
  second.child.kill('SIGTERM')
  await second.exited
})

t.test('two instances sweeping one database at once: each ledger key is done once', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const a = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  a.clock.set(SUNDAY_MORNING)
  const { ids } = await manyCampaigns(a, 40)
  const url = (a.pg as unknown as { options: { connectionString: string } }).options.connectionString
  const b = await buildApp({ config: { ...testConfig(), allowTestClock: true, smtpUrl: smtp.url }, databaseUrl: url })
  t.teardown(() => b.close())
  // Monday 19:30 in Madrid: the tick, ana's window opening and its reminder are due, and the
  // window is still open, so the opening mail and the reminder are not stale (R4.5).
  const at = new Date('2026-12-07T18:30:00Z')
  a.clock.set(at)
  b.clock.set(at)
  const [ra, rb] = await Promise.all([a.clockwork.sweep(), b.clockwork.sweep()])
  t.equal(ra.failed + rb.failed, 0, 'no sweep failed')
  t.equal(ra.caughtUp + rb.caughtUp, ids.length, `every campaign caught up by one of them (${ra.caughtUp} + ${rb.caughtUp})`)
  const units = await a.prisma.calendarWork.groupBy({ by: ['kind'], _count: true })
  t.same(Object.fromEntries(units.map((u) => [u.kind, u._count])), { tick: 40, open: 40, remind: 40 }, 'each unit once')
  t.equal(await a.prisma.campaignEvent.count({ where: { type: 'payout', createdAt: new Date(TICK) } }), 40)
  t.equal(
    await a.prisma.outboxMail.count({ where: { kind: { notIn: ['draft_pick', 'gm_news'] } } }),
    40 * 2 + 40 + 40,
    'payouts, window openings and reminders queued once',
  )
  // The sweeps only kicked the deliveries (#45): both instances send what they queued, at once.
  await Promise.all([a.deliveries.flush(), b.deliveries.flush()])
  t.equal(new Set(smtp.mails.map((m) => m.messageId)).size, smtp.mails.length, 'no mail sent twice')
  t.equal(smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] !== 'gm_news').length, 160)
})
