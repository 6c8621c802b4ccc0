// Campaigns stored by an older server load, replay and go on unchanged (#26). The fixture holds
// every row a 5b43142 server wrote for a weekday campaign in its second week (orders, a tick,
// a missed window, an absence) and a world-conquest campaign in round 1 (a battle, a scene):
// it is loaded into a database migrated as that server left it, and the new migrations run.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import t from 'tap'
import { buildApp } from '../../src/app.ts'
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate.ts'
import { cloneDatabase } from '../helpers/test-support.ts'
import { testConfig } from '../helpers/app.ts'
import { call, setClock } from '../helpers/campaign.ts'
import { testEnv } from '../helpers/db.ts'

/** The last migration 5b43142 had: the fixture's rows fit the schema as it left it. */
const STORED_AT = '20261124080000_campaign_ruleset'

interface Fixture {
  weekday: string
  conquest: string
  players: Record<string, string>
  tables: Record<string, Record<string, unknown>[]>
}

t.test('campaigns stored by 5b43142 of both games load, replay to their stored hash and play on after the new migrations', async (t) => {
  const fixture = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/stored-5b43142.json'), 'utf8')) as Fixture
  const { adminUrl } = testEnv()
  const db = await cloneDatabase(adminUrl, 'template0', 'stored')
  t.teardown(db.drop)
  const then = mkdtempSync(path.join(tmpdir(), 'ww-migrations-'))
  t.teardown(() => rmSync(then, { recursive: true, force: true }))
  for (const name of readdirSync(MIGRATIONS_DIR))
    if (name <= STORED_AT || name.endsWith('.toml')) cpSync(path.join(MIGRATIONS_DIR, name), path.join(then, name), { recursive: true })
  await migrate(db.url, { dir: then })

  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  try {
    // Rows as they were written, foreign keys included, in any order.
    await client.query(`SET session_replication_role = replica`)
    for (const [table, rows] of Object.entries(fixture.tables)) {
      await client.query(`INSERT INTO "${table}" SELECT * FROM jsonb_populate_recordset(NULL::"${table}", $1::jsonb)`, [JSON.stringify(rows)])
    }
  } finally {
    await client.end()
  }
  const applied = await migrate(db.url)
  t.ok(applied.applied.length >= 1, `the newer migrations ran over the stored rows: ${applied.applied.join(', ')}`)

  const app = await buildApp({ config: testConfig({ allowTestClock: true }), databaseUrl: db.url })
  t.teardown(() => app.close())
  await setClock(app, '2026-12-14T10:00:00Z')
  const gmOf = (campaign: string) => fixture.tables.memberships!.find((m) => m.campaign_id === campaign && m.role === 'gm')!.user_id as string

  for (const [game, id] of [
    ['weekday', fixture.weekday],
    ['conquest', fixture.conquest],
  ] as const) {
    const gm = await app.issueToken(gmOf(id))
    const verified = await call(app, gm, 'GET', `/api/campaigns/${id}/verify`)
    t.equal(verified.status, 200, `${game}: verify answers`)
    t.equal(verified.body.ok, true, `${game}: the stored log replays to the stored state (${verified.body.events} events)`)
    const period = (await app.pg.query<{ period: number; ranking: unknown }>(`SELECT period, ranking FROM game_snapshots WHERE campaign_id = $1`, [id]))
      .rows[0]!
    const state = (await call(app, gm, 'GET', `/api/campaigns/${id}/state`)).body
    t.equal(period.period, game === 'weekday' ? state.week : state.round, `${game}: the period column holds the game's own period`)
    t.equal(period.ranking, null, `${game}: no ranking while it runs`)
  }

  // What SQL filters on was tagged from the stored payloads: the roster reads it.
  const orders = fixture.tables.campaign_events!.filter(
    (e) => e.campaign_id === fixture.weekday && e.type === 'order' && (e.payload as { order: { type: string } }).order.type !== 'draftPick',
  )
  const played = (await app.pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign_events WHERE campaign_id = $1 AND played`, [fixture.weekday]))
    .rows[0]!.n
  t.equal(played, orders.length, `the ${orders.length} orders given in windows are tagged as played`)
  const roster = (await call(app, await app.issueToken(gmOf(fixture.weekday)), 'GET', `/api/campaigns/${fixture.weekday}/roster`)).body.tribes
  const ana = roster.find((x: { player: { userId: string } | null }) => x.player?.userId === fixture.players.ana)
  t.ok(ana.lastOrderAt, "ana's last order is known")

  // The weekday campaign plays on: the next order continues the log, and it still replays.
  await setClock(app, '2026-12-14T10:00:00Z') // Monday: ana's window
  const anaToken = await app.issueToken(fixture.players.ana!)
  const order = await call(app, anaToken, 'POST', `/api/campaigns/${fixture.weekday}/orders`, { order: { type: 'endTurn' } })
  t.equal(order.status, 200, 'a new order on the stored campaign')
  const again = await call(app, await app.issueToken(gmOf(fixture.weekday)), 'GET', `/api/campaigns/${fixture.weekday}/verify`)
  t.equal(again.body.ok, true, 'and the log still replays')
  const seqs = (await app.pg.query<{ seq: number }>(`SELECT seq FROM campaign_events WHERE campaign_id = $1 ORDER BY seq`, [fixture.weekday])).rows.map(
    (r) => r.seq,
  )
  t.same(
    seqs,
    seqs.map((_, i) => i + 1),
    'one unbroken sequence',
  )
})
