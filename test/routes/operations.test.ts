// What an operator reads of a running instance (#51): GET /metrics in Prometheus' text format,
// over real HTTP, with counters that move, gauges read from the database at the scrape, and the
// token that guards it; GET /health/ready, which says whether the database answers and carries
// every migration of this code.
import net from 'node:net'
import t from 'tap'
import { buildApp } from '../../src/app.ts'
import { buildTestApp, testConfig } from '../helpers/app.ts'
import { mondayGame, setClock, type App } from '../helpers/campaign.ts'

type Labels = Record<string, string>

/** The samples of a scrape: name, labels and value, from Prometheus' text format. */
function samples(text: string): { name: string; labels: Labels; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!m) throw new Error(`not a sample: ${line}`)
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]))
      return { name: m[1]!, labels, value: Number(m[3]) }
    })
}

/** The value of the sample of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(text: string, name: string, labels: Labels = {}): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value
}

async function listening(app: App): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' })
}

async function scrape(base: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/metrics`, { headers })
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}

/** A port nothing listens on: a database that is not there. */
async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port
      probe.close(() => resolve(port))
    })
  })
}

const METRIC_NAMES = [
  'weekday_http_requests_total',
  'weekday_http_request_duration_seconds_bucket',
  'weekday_db_pool_connections',
  'weekday_db_pool_waiting',
  'weekday_db_pool_max_connections',
  'weekday_db_pool_acquire_timeouts_total',
  'weekday_sweep_duration_seconds_count',
  'weekday_sweeps_total',
  'weekday_sweep_last_success_timestamp_seconds',
  'weekday_calendar_lag_seconds',
  'weekday_deliveries_total',
  'weekday_delivery_queue_depth',
  'weekday_delivery_queue_oldest_age_seconds',
  'weekday_event_streams_open',
  'weekday_event_streams_campaigns',
  'weekday_remembered_campaigns',
  'weekday_remembered_campaigns_bytes',
  'weekday_campaigns',
  'weekday_scrape_database_ok',
  'weekday_scrape_database_failures_total',
  'weekday_scrape_database_duration_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'process_cpu_seconds_total',
]

t.test('a scrape over HTTP names every metric, and the counters and gauges move with what the service does', async (t) => {
  const { app, table } = await mondayGame(t)
  const base = await listening(app)
  const first = await scrape(base)
  t.equal(first.status, 200, 'open in a test server with no METRICS_TOKEN')
  t.match(first.type, /^text\/plain; version=0\.0\.4/, "Prometheus' text format")
  const names = new Set(samples(first.text).map((s) => s.name))
  for (const name of METRIC_NAMES) t.ok(names.has(name), name)

  const health = { method: 'GET', route: '/health', status: '200' }
  const before = valueOf(first.text, 'weekday_http_requests_total', health) ?? 0
  const countBefore = valueOf(first.text, 'weekday_http_request_duration_seconds_count', { method: 'GET', route: '/health' }) ?? 0
  const stateRoute = { method: 'GET', route: '/api/campaigns/:id/state', status: '200' }
  const statesBefore = valueOf(first.text, 'weekday_http_requests_total', stateRoute) ?? 0
  for (let i = 0; i < 3; i++) t.equal((await fetch(`${base}/health`)).status, 200)
  const state = await fetch(`${base}/api/campaigns/${table.id}/state`, { headers: { authorization: `Bearer ${table.gm}` } })
  t.equal(state.status, 200)
  t.equal((await fetch(`${base}/no/such/page/${table.id}`)).status, 404)

  const second = await scrape(base)
  t.equal(valueOf(second.text, 'weekday_http_requests_total', health), before + 3, 'the request counter of /health moved by 3')
  t.equal(valueOf(second.text, 'weekday_http_request_duration_seconds_count', { method: 'GET', route: '/health' }), countBefore + 3, 'and its histogram')
  t.equal(valueOf(second.text, 'weekday_http_requests_total', stateRoute), statesBefore + 1, 'by route pattern')
  t.equal(valueOf(second.text, 'weekday_http_requests_total', { route: 'unmatched', status: '404' }), 1, 'what no route matched, under one name')
  t.notOk(second.text.includes(table.id), 'no raw URL, no id, becomes a label')

  t.equal(valueOf(second.text, 'weekday_campaigns', { game: 'weekly-turn', status: 'running' }), 1, 'the campaigns by game and status, read at the scrape')
  t.equal(valueOf(second.text, 'weekday_scrape_database_ok'), 1, 'the read answered')
  t.equal(valueOf(second.text, 'weekday_db_pool_max_connections', { pool: 'requests' }), app.config.databasePoolSize)
  t.equal(valueOf(second.text, 'weekday_db_pool_max_connections', { pool: 'system' }), app.config.databaseSystemPoolSize)
  t.ok((valueOf(second.text, 'weekday_db_pool_connections', { pool: 'requests', state: 'idle' }) ?? 0) >= 1, 'the request pool has idle connections')
  t.equal(valueOf(second.text, 'weekday_calendar_lag_seconds'), 0, 'nothing is overdue right after a sweep')
  t.equal(valueOf(second.text, 'weekday_remembered_campaigns'), 0, 'no order yet: no campaign remembered')

  // An order: its campaign is remembered, its state's stored JSON counted.
  const order = await fetch(`${base}/api/campaigns/${table.id}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${table.players.ana!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ order: { type: 'recruit', city: '2,1', troops: 1 } }),
  })
  t.equal(order.status, 200)
  const ordered = await scrape(base)
  t.equal(valueOf(ordered.text, 'weekday_remembered_campaigns'), 1, 'the campaign ordered in is remembered')
  const [stored] = (await app.pg.query(`SELECT octet_length(state::text) AS bytes FROM game_snapshots WHERE campaign_id = $1::uuid`, [table.id])).rows
  const bytes = valueOf(ordered.text, 'weekday_remembered_campaigns_bytes') ?? 0
  t.ok(bytes > stored.bytes && bytes < stored.bytes + 1024, `its stored state (${stored.bytes} bytes) and its entry: ${bytes} bytes`)

  // Two days later with no sweep: the calendar is behind by what fell due meanwhile.
  app.clock.set(new Date('2026-12-02T09:00:00Z'))
  const behind = await scrape(base)
  const lag = valueOf(behind.text, 'weekday_calendar_lag_seconds') ?? 0
  t.ok(lag > 86_400 && lag <= 2 * 86_400, `the calendar lags ${lag} s behind the clock`)
  const sweepsBefore = valueOf(behind.text, 'weekday_sweeps_total', { outcome: 'ok' }) ?? 0
  const mailsBefore = valueOf(behind.text, 'weekday_deliveries_total', { kind: 'mail', outcome: 'sent' }) ?? 0
  await setClock(app, '2026-12-02T09:00:01Z') // sweeps, and sends what it queued

  const caughtUp = await scrape(base)
  t.equal(valueOf(caughtUp.text, 'weekday_calendar_lag_seconds'), 0, 'caught up by the sweep')
  t.equal(valueOf(caughtUp.text, 'weekday_sweeps_total', { outcome: 'ok' }), sweepsBefore + 1, 'the sweep was counted')
  t.ok((valueOf(caughtUp.text, 'weekday_sweep_duration_seconds_count') ?? 0) >= sweepsBefore + 1, 'and timed')
  t.ok((valueOf(caughtUp.text, 'weekday_sweep_campaigns_total', { outcome: 'caught_up' }) ?? 0) >= 1, 'the campaign it caught up')
  t.ok((valueOf(caughtUp.text, 'weekday_sweep_last_success_timestamp_seconds') ?? 0) > Date.now() / 1000 - 60, 'it ended just now')
  t.ok(
    (valueOf(caughtUp.text, 'weekday_deliveries_total', { kind: 'mail', outcome: 'sent' }) ?? 0) > mailsBefore,
    "the window's mails went out and were counted",
  )
  t.equal(valueOf(caughtUp.text, 'weekday_delivery_queue_depth', { kind: 'mail' }), 0, 'and no mail waits')
  t.equal(valueOf(caughtUp.text, 'weekday_delivery_queue_oldest_age_seconds', { kind: 'mail' }), 0)
})

t.test('an event stream is counted as open, and its stay is kept out of the latency histogram', async (t) => {
  const { app, table } = await mondayGame(t)
  const base = await listening(app)
  const controller = new AbortController()
  const stream = await fetch(`${base}/api/campaigns/${table.id}/stream`, { headers: { authorization: `Bearer ${table.gm}` }, signal: controller.signal })
  t.equal(stream.status, 200)
  const open = await scrape(base)
  t.equal(valueOf(open.text, 'weekday_event_streams_open'), 1, 'one stream open')
  t.equal(valueOf(open.text, 'weekday_event_streams_campaigns'), 1, 'watching one campaign')
  controller.abort()
  let closed = open
  for (let i = 0; i < 50 && valueOf(closed.text, 'weekday_event_streams_open') !== 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    closed = await scrape(base)
  }
  t.equal(valueOf(closed.text, 'weekday_event_streams_open'), 0, 'none once the reader left')
  t.equal(valueOf(closed.text, 'weekday_http_request_duration_seconds_count', { route: '/api/campaigns/:id/stream' }), undefined, 'no latency for a stream')
})

t.test('a request that waits past the acquire timeout is counted', async (t) => {
  const app = await buildTestApp(t, { databasePoolSize: 1, databaseAcquireTimeoutMs: 100 })
  // The pool's one connection, held: opening it must also fit in the 100 ms, which a busy machine
  // may miss (a failed opening is not an acquire timeout, and is not counted), so it is tried again.
  const held = await (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await app.pg.connect()
      } catch (error) {
        if (attempt >= 20 || !/connection timeout/.test((error as Error).message)) throw error
      }
    }
  })()
  t.teardown(() => held.release())
  await t.rejects(app.pg.query('SELECT 1'), /timeout exceeded when trying to connect/)
  await t.rejects(app.prisma.user.count(), 'through Prisma too')
  const res = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(valueOf(res.body, 'weekday_db_pool_acquire_timeouts_total', { pool: 'requests' }), 3, "the scrape's own read of the database was the third")
  t.equal(valueOf(res.body, 'weekday_db_pool_connections', { pool: 'requests', state: 'in_use' }), 1)
  t.equal(valueOf(res.body, 'weekday_scrape_database_ok'), 0, "the scrape's own read found no connection either")
})

t.test('METRICS_TOKEN guards the metrics; in production without one there are none', async (t) => {
  const token = 'scrape-token-0123456789'
  const app = await buildTestApp(t, { metricsToken: token })
  const base = await listening(app)
  const none = await scrape(base)
  t.equal(none.status, 401, 'no token: refused')
  t.match(none.text, /metrics\/unauthorized/)
  t.notMatch(none.text, /weekday_/, 'and nothing of the metrics')
  t.equal((await scrape(base, { authorization: 'Bearer wrong-token-0123456789' })).status, 401, 'a wrong token: refused')
  t.equal((await scrape(base, { authorization: token })).status, 401, 'the token without its scheme: refused')
  const right = await scrape(base, { authorization: `Bearer ${token}` })
  t.equal(right.status, 200, 'the token: the metrics')
  t.equal(valueOf(right.text, 'weekday_http_requests_total', { route: '/metrics', status: '401' }), 3, 'the refusals were counted')

  const production = await buildTestApp(t, { nodeEnv: 'production' })
  t.equal((await production.inject({ method: 'GET', url: '/metrics' })).statusCode, 404, 'production with no token: no such route')
  const guarded = await buildTestApp(t, { nodeEnv: 'production', metricsToken: token })
  t.equal((await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode, 200, 'production with a token')
})

t.test('GET /health/ready: 200 when the database answers with every migration, 503 naming what is missing', async (t) => {
  const app = await buildTestApp(t)
  const ready = await app.inject({ method: 'GET', url: '/health/ready' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ready', database: 'ok', migrations: 'ok' })
  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  t.same(Object.keys(document.paths['/health/ready']?.get?.responses ?? {}).sort(), ['200', '400', '503'], 'documented as /health is')
  t.notOk(document.paths['/metrics'], 'the metrics are not an API operation')

  const [last] = (await app.pg.query<{ name: string }>(`SELECT migration_name AS name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`)).rows
  await app.pg.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [last!.name])
  const pending = await app.inject({ method: 'GET', url: '/health/ready' })
  t.equal(pending.statusCode, 503)
  t.equal(pending.headers['retry-after'], '5')
  t.match(pending.json(), { status: 'not_ready', database: 'ok', migrations: 'pending', names: [last!.name] })
  t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200, '/health does not look at the migrations')

  await app.pg.query(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL, checksum = 'x' WHERE migration_name = $1`, [last!.name])
  t.match(
    (await app.inject({ method: 'GET', url: '/health/ready' })).json(),
    { migrations: 'edited', names: [last!.name] },
    'a migration changed since applied',
  )
  await app.pg.query(`UPDATE "_prisma_migrations" SET checksum = 'x', migration_name = '99991231000000_from_newer_code' WHERE migration_name = $1`, [
    last!.name,
  ])
  t.match(
    (await app.inject({ method: 'GET', url: '/health/ready' })).json(),
    { migrations: 'pending', newer: ['99991231000000_from_newer_code'] },
    "a newer code's migration is named",
  )
})

t.test('with no database the readiness check is a 503 and a scrape still answers, saying its read failed', async (t) => {
  const app = await buildApp({ config: testConfig(), databaseUrl: `postgresql://nobody@127.0.0.1:${await deadPort()}/nothing` })
  t.teardown(() => app.close())
  const ready = await app.inject({ method: 'GET', url: '/health/ready' })
  t.equal(ready.statusCode, 503)
  t.match(ready.json(), { status: 'not_ready', database: 'unreachable', migrations: 'unchecked', detail: /ECONNREFUSED/ })
  const metrics = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(metrics.statusCode, 200, 'never a 500')
  t.equal(valueOf(metrics.body, 'weekday_scrape_database_ok'), 0)
  t.equal(valueOf(metrics.body, 'weekday_scrape_database_failures_total'), 1)
  t.equal(valueOf(metrics.body, 'weekday_campaigns'), undefined, 'no gauge of the database, rather than a stale one')
  t.ok(valueOf(metrics.body, 'nodejs_eventloop_lag_seconds') !== undefined, "the process's own metrics are there")
})
