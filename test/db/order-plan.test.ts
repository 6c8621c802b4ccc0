// What an order's statements touch in PostgreSQL (#52): each statement of the hot path is run
// once more under EXPLAIN (ANALYZE, BUFFERS) in a transaction rolled back, just before it runs
// for real, and its plan printed as a comment; the test holds the tables and indexes each one
// reads or writes to those it must.
import pg from 'pg'
import t from 'tap'
import { readForChange } from '../../src/db/snapshots.ts'
import type { Sql } from '../../src/db/sql.ts'
import { call, mondayGame } from '../helpers/campaign.ts'

interface Explained {
  name: string
  plan: string
  relations: string[]
}

/** The tables and indexes a plan names: its scans of tables and indexes, and the tables its ModifyTable nodes write. */
function relationsOf(plan: string): string[] {
  const scans =
    /(?:Seq Scan|Index Scan|Index Only Scan|Index Scan Backward|Index Only Scan Backward|Bitmap Heap Scan|Bitmap Index Scan)(?: using (\w+))? on (\w+)/g
  const writes = /(?:Insert|Update|Delete) on (\w+)/g
  const named = [...[...plan.matchAll(scans)].flatMap((m) => [m[2]!, ...(m[1] ? [m[1]] : [])]), ...[...plan.matchAll(writes)].map((m) => m[1]!)]
  return [...new Set(named)].sort()
}

t.test('#52 an order touches its snapshot row and its log, and nothing else', async (t) => {
  const { app, table } = await mondayGame(t)
  const explained: Explained[] = []
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown
  const admin = new pg.Client({ connectionString: (app.pg as unknown as { options: { connectionString: string } }).options.connectionString })
  await admin.connect()
  t.teardown(() => admin.end())
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { name?: string; text?: string; values?: unknown[] }
    if (this === admin || typeof config !== 'object' || !config.name?.startsWith('campaign-')) return original.apply(this, args)
    const run = async () => {
      await admin.query('BEGIN')
      const rows = (await admin.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY OFF) ${config.text}`, config.values)).rows as {
        'QUERY PLAN': string
      }[]
      await admin.query('ROLLBACK')
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
      explained.push({ name: config.name!, plan, relations: relationsOf(plan) })
    }
    return run().then(() => original.apply(this, args))
  } as typeof pg.Client.prototype.query
  t.teardown(() => {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query
  })

  const url = `/api/campaigns/${table.id}/orders`
  const ana = table.players.ana!.token
  t.equal((await call(app, ana, 'POST', url, { order: { type: 'recruit', city: '2,1', troops: 1 } })).status, 200, 'read, then saved')
  t.equal((await call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } })).status, 200, 'saved on the remembered state')
  pg.Client.prototype.query = original as typeof pg.Client.prototype.query

  for (const { name, plan } of explained) t.comment(`${name}\n${plan}`)
  const byName = new Map(explained.map((e) => [e.name, e.relations]))
  t.same(
    [...byName.keys()],
    ['campaign-read-for-change', 'campaign-save-append-log', 'campaign-save-append-log-guarded'],
    'the first order reads and saves; the next one only saves, guarded',
  )
  const appended = byName.get('campaign-save-append-log')!
  t.ok(appended.includes('game_snapshots') && appended.includes('campaign_events'), 'an order writes its snapshot row and its log')
  t.notOk(appended.includes('campaigns'), "an order that only appends leaves the campaigns row alone (its status can't have changed)")
  const guarded = byName.get('campaign-save-append-log-guarded')!
  t.same(
    guarded,
    appended,
    "a save on a remembered state touches what any order's save touches: the caller's seats are checked by their version, on the snapshot row",
  )
  t.same(
    appended.filter((r) => !r.endsWith('_pkey')),
    ['campaign_events', 'game_snapshots'],
    'two tables written, through their primary keys only',
  )
})

t.test("#52 the order's read is planned once a connection, not at every read", async (t) => {
  // PostgreSQL plans a prepared statement anew for its first five runs, then keeps a generic plan
  // unless the custom plans look cheaper. The read is costly to plan (about 1 ms of PostgreSQL's
  // CPU, eight times what it takes to run): a read whose custom plans looked cheaper would be
  // planned at every order. With the tables' statistics in, it must settle on its generic plan.
  const { app, table } = await mondayGame(t)
  const connectionString = (app.pg as unknown as { options: { connectionString: string } }).options.connectionString
  const client = new pg.Client({ connectionString })
  await client.connect()
  t.teardown(() => client.end())
  await client.query('ANALYZE')
  const ana = table.players.ana!
  // One connection, as a pool's connection runs the read for every order it serves.
  const sql: Sql = { query: async <T>(text: string, values: unknown[] = [], name?: string) => (await client.query({ name, text, values })).rows as T[] }
  for (let read = 0; read < 12; read++) {
    const row = await readForChange(sql, { campaignId: table.id, userId: ana.userId, jti: 'a-token', key: null, at: new Date('2026-11-30T09:00:00Z') })
    t.equal(row.tribeId, ana.tribeId)
  }
  const [prepared] = (
    await client.query(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = 'campaign-read-for-change'`)
  ).rows as { generic: number; custom: number }[]
  t.same(prepared, { generic: 7, custom: 5 }, 'five custom plans, then the generic plan for every read after them')
})
