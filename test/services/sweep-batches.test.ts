// The sweep catches due campaigns up in batches (#32): one transaction, one read of their rows
// and players, one save and one commit for many, each campaign as its own catch-up would leave it; a
// campaign that fails or is busy is left to itself, and the others of its batch go on.
import t from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { manyCampaigns } from '../helpers/many.ts'
import { countQueries } from '../helpers/queries.ts'

const SUNDAY_MORNING = new Date('2026-12-06T10:00:00Z')
const AFTER_TICK = new Date('2026-12-06T19:30:00Z') // Sunday 20:30 in Madrid

t.test('#32 R6.1 a tick over 60 campaigns: three batches of 25 at most, a commit each, every campaign paid once', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  app.clock.set(SUNDAY_MORNING)
  const { ids } = await manyCampaigns(app, 60)
  const counter = countQueries(t)
  app.clock.set(AFTER_TICK)
  const { value: sweep, queries, byConnection } = await counter.during(() => app.clockwork.sweep())
  t.equal(sweep.due, 60)
  t.equal(sweep.caughtUp, 60, 'every campaign caught up')
  t.equal(sweep.failed, 0)
  t.equal(queries.filter((q) => q === 'campaign-lock-many').length, 3, 'one lock of a batch per 25 campaigns')
  t.equal(queries.filter((q) => q === 'campaign-load-many').length, 3, 'one load per batch')
  t.equal(queries.filter((q) => q === 'players-of-many').length, 3, 'one read of the players per batch')
  // The batches run side by side on connections of their own: each save is followed by its commit on its connection.
  const committedSaves = byConnection.flatMap((labels) => labels.filter((label, i) => label === 'campaign-save-batch' && labels[i + 1] === 'COMMIT'))
  t.equal(committedSaves.length, 3, 'one commit per batch, right after its save')
  t.equal(queries.filter((q) => q === 'campaign-save-batch').length, 3, "one statement saves a batch's changes")
  t.equal(queries.filter((q) => q.startsWith('campaign-save-') && q !== 'campaign-save-batch').length, 0, 'and no campaign is saved alone')
  const paid = await app.pg.query<{ campaign_id: string; n: number }>(
    `SELECT campaign_id, count(*)::int AS n FROM campaign_events WHERE type = 'payout' GROUP BY campaign_id`,
  )
  t.equal(paid.rows.length, 60)
  t.ok(
    paid.rows.every((row) => row.n === 2 && ids.includes(row.campaign_id)),
    'each tribe of each campaign paid once',
  )
  t.equal(await app.prisma.calendarWork.count({ where: { kind: 'tick' } }), 60, 'one tick in the ledger per campaign')
  // A batch sends its states apart from their campaigns' fields: each must land on its own campaign.
  const stored = await app.pg.query<{ state: { tribes: unknown }; tribes: string[] }>(
    `SELECT s.state, array_agg(t.id::text) AS tribes FROM game_snapshots s JOIN tribes t ON t.campaign_id = s.campaign_id GROUP BY s.campaign_id, s.state::text`,
  )
  t.equal(stored.rows.length, 60)
  t.ok(
    stored.rows.every((row) => row.tribes.every((tribe) => JSON.stringify(row.state.tribes).includes(tribe))),
    "each saved state holds its own campaign's tribes",
  )
  t.equal((await app.clockwork.sweep()).due, 0, 'and nothing is due any more')
})

t.test('#32 a campaign that cannot be read fails alone: the others of its batch are caught up, it stays due', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  app.clock.set(SUNDAY_MORNING)
  const { ids } = await manyCampaigns(app, 6)
  const broken = ids[2]!
  await app.pg.query(
    `UPDATE game_snapshots SET state = jsonb_set(state::jsonb, '{tribes}', '"broken"')::json, version = version + 1, state_version = version + 1 WHERE campaign_id = $1`,
    [broken],
  )
  app.clock.set(AFTER_TICK)
  const sweep = await app.clockwork.sweep()
  t.equal(sweep.failed, 1, 'one campaign failed')
  t.equal(sweep.caughtUp, 5, 'the other five were caught up')
  const ticked = await app.prisma.calendarWork.findMany({ where: { kind: 'tick' }, select: { campaignId: true } })
  t.same(ticked.map((row) => row.campaignId).sort(), ids.filter((id) => id !== broken).sort())
  const due = await app.pg.query(`SELECT 1 FROM game_snapshots WHERE campaign_id = $1 AND next_due_at <= $2::timestamptz AT TIME ZONE 'UTC'`, [
    broken,
    AFTER_TICK.toISOString(),
  ])
  t.equal(due.rowCount, 1, 'the broken campaign stays due, for the next sweep')
})

t.test('#32 a campaign held by another transaction is skipped by its batch and caught up by the next sweep', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  app.clock.set(SUNDAY_MORNING)
  const { ids } = await manyCampaigns(app, 4)
  const holder = await app.pg.connect()
  t.teardown(() => holder.release())
  await holder.query('BEGIN')
  await holder.query('SELECT 1 FROM campaigns WHERE id = $1::uuid FOR UPDATE', [ids[1]])
  app.clock.set(AFTER_TICK)
  const first = await app.clockwork.sweep()
  t.equal(first.caughtUp, 3, 'the three free campaigns are caught up')
  t.equal(first.failed, 0, 'the busy one is no failure')
  await holder.query('ROLLBACK')
  const second = await app.clockwork.sweep()
  t.equal(second.due, 1, 'the busy one is still due')
  t.equal(second.caughtUp, 1, 'and the next sweep catches it up')
  t.equal(await app.prisma.calendarWork.count({ where: { kind: 'tick' } }), 4)
})
