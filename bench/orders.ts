// `npm run bench -- orders`: accepted orders/s over HTTP against the compiled
// server (`node dist/server.js`, a process of its own), with the load from
// another process (wrk, bench/orders-load.lua; or autocannon, bench/lib/load.ts), interleaved with
// `pgbench -N` on the same PostgreSQL with the same number of clients: the
// ratio is what this machine lets a web service keep of its database's speed.
//
// Every order sent is one the engine accepts: a fleet of campaigns (copies of
// one, made in SQL) where the Monday tribe moves single troops out of its two
// cities; each connection works through campaigns of its own, and the fleet is
// put back as it was before each run. The server's clock is frozen on a Monday
// at 10:00 in Madrid (TEST_CLOCK_NOW), inside that tribe's window.
//
// Each measured run (orders, pgbench, floor, /health) starts after a CHECKPOINT
// with autovacuum idle, so that none pays for the one before, and the WAL the
// cluster wrote during it is divided by what it did (bytes per order, per
// pgbench transaction). The floors (bench/floor-server.mjs) are the least a web
// service can do with an order's two round trips (a read, then a save) and
// with its one (a save built on a remembered state, KNOWN_CAMPAIGNS): their
// ratios to pgbench are the ceilings of ours on this machine ("before claiming
// a limit, measure the limit"). Beside them, the same server with
// KNOWN_CAMPAIGNS=0, whose every order reads first. The fleet's reset moves every campaign's
// version, so each run's first order of a campaign reads, as after another
// instance's write.
//
// Each orders run is made twice (#52): each connection sending a campaign's orders in a row, and
// round-robin over a ring of BENCH_RING campaigns, as many groups playing at once would send them.
// Beside them, boardgame.io 0.50 with bgio-postgres (the peer #32 names) on the same PostgreSQL,
// its moves sent over HTTP by the same load generator, each on fresh matches as clients make them.
//
// BENCH_CLIENTS=16,64  BENCH_RUNS=3  BENCH_SECONDS=10  BENCH_CAMPAIGNS=3000  BENCH_RING=1000  BENCH_POOL (the server's DATABASE_POOL_SIZE)
// BENCH_PROFILE=1 (CPU profiles of the servers in .data/profiles, of the floor in .data/profiles/floor)
// BENCH_NODE_FLAGS adds node flags to those of `npm start`; BENCH_SNAPSHOT_EVERY is passed as SNAPSHOT_EVERY, BENCH_KNOWN_CAMPAIGNS as KNOWN_CAMPAIGNS.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../src/config.ts'
import { fleet, keepFleet, resetFleet, SECRET, SNAPSHOT_EVERY } from './lib/fleet.ts'
import { getRun, inARowCount, loadGenerator, loadRun, pgbenchBinary, pgbenchRun, quietly, ringLaps } from './lib/load.ts'
import { rssMb } from './lib/proc.ts'
import { createMatches, startBgio } from './lib/bgio.ts'
import { benchServer, median } from './lib/server.ts'
import { startFloor, startServer, unwrapCpu, withCpu } from './lib/servers.ts'
import type { Bench } from './run.ts'

const CLIENTS = (process.env.BENCH_CLIENTS ?? '16,64').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RING = Number(process.env.BENCH_RING ?? 1000)
const root = path.resolve(import.meta.dirname, '..')
/**
 * WAL bytes per order by clients, measured on 2026-11-26 before #32's event log
 * (a full snapshot written per order, SNAPSHOT_EVERY unset): the goal is a quarter.
 */
const WAL_BEFORE: Record<number, number> = { 16: 5247, 64: 5111 }

const FIGURES = [
  'orders',
  'p50',
  'p99',
  'pgbench',
  'pgbenchWal',
  'ordersWal',
  'nodeCpu',
  'pgCpu',
  'rss',
  'floor',
  'floorP99',
  'floorWal',
  'floorOne',
  'floorOneP99',
  'reading',
  'readingP99',
  'ordersFpi',
  'pgbenchFpi',
  'pgbenchPgCpu',
  'floorOneNodeCpu',
  'floorOnePgCpu',
  'ring',
  'ringP99',
  'ringNodeCpu',
  'ringPgCpu',
  'ringRss',
  'bgio',
  'bgioP99',
  'bgioNodeCpu',
  'bgioPgCpu',
] as const
type Runs = Record<(typeof FIGURES)[number], number[]>

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const url = await db.database('bench_orders')
  const pgUrl = await db.database('bench_pgbench', { migrated: false })
  const bgioUrl = await db.database('bench_bgio', { migrated: false })
  const { campaigns, orders, token } = await fleet(url, log)
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  await keepFleet(pool)
  // The floor's rows: the fleet's snapshots, so that its update writes as many bytes as an order's.
  await pool.query(`DROP TABLE IF EXISTS floor_rows, floor_log;
    CREATE TABLE floor_rows AS SELECT (row_number() OVER (ORDER BY campaign_id))::int AS id, 0 AS version, state FROM game_snapshots;
    ALTER TABLE floor_rows ADD PRIMARY KEY (id);
    CREATE TABLE floor_log (row_id int NOT NULL, version int NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (row_id, version))`)
  const floorRows = campaigns.map((_c, i) => String(i + 1))

  log('building dist/ (npm run build)')
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
  const server = await startServer(url, log)
  // The same server remembering no campaign (KNOWN_CAMPAIGNS=0): every order reads, as before #32's one-round-trip orders.
  const reading = await startServer(url, log, { KNOWN_CAMPAIGNS: '0' })
  const floor = await startFloor(url, log)
  const bgio = await startBgio(bgioUrl, log)
  /** boardgame.io's moves over HTTP on fresh matches, one per connection. */
  const bgioJob = async (connections: number, seconds: number) => {
    const matches = (await createMatches(bgio.lobby, connections)).map((m) => ({ ...m, playerID: '0' }))
    return { url: `${bgio.lobby}/`, token: '', campaigns: [], orders: [], connections, seconds, pattern: 'bgio' as const, matches }
  }
  const admin = new pg.Client({ connectionString: db.adminUrl() })
  await admin.connect()
  const postmaster = Number(readFileSync(path.join(root, '.data/bench-postgres/postmaster.pid'), 'utf8').split('\n')[0])
  const pgbench = pgbenchBinary()
  execFileSync(pgbench, ['-i', '-q', pgUrl], { stdio: 'pipe' })

  const figures = new Map<number, Runs>()
  const health: { perS: number; pgbench: number }[] = []
  const reset = async () => {
    await resetFleet(pool)
    await pool.query('TRUNCATE floor_log')
    await pool.query('VACUUM ANALYZE floor_rows')
  }
  const orderJob = (connections: number, seconds: number) => ({ url: `${server.base}/`, token, campaigns, orders, connections, seconds })
  try {
    // Not measured: compiles the hot code and prepares every pool connection's statements.
    log(`warming up; the load from ${loadGenerator()}`)
    await reset()
    await loadRun(orderJob(Math.max(...CLIENTS), 5))
    await reset()
    await loadRun({ ...orderJob(Math.max(...CLIENTS), 5), url: `${reading.base}/` })
    await loadRun({ ...orderJob(Math.max(...CLIENTS), 5), url: `${floor.base}/`, route: '/floor/{campaign}', campaigns: floorRows })
    await loadRun({ ...orderJob(Math.max(...CLIENTS), 5), url: `${floor.base}/`, route: '/floor-one/{campaign}', campaigns: floorRows })
    await loadRun(await bgioJob(Math.max(...CLIENTS), 5))
    for (let run = 1; run <= RUNS; run++) {
      for (const clients of CLIENTS) {
        await reset()
        const measured = await quietly(admin, async () => {
          let rss = rssMb(server.pid)
          const sampler = setInterval(() => (rss = Math.max(rss, rssMb(server.pid))), 200)
          const cpu = await withCpu([server.pid], postmaster, () => loadRun(inARowCount(orderJob(clients, SECONDS))))
          clearInterval(sampler)
          return { load: cpu.result, rss, nodeMs: cpu.nodeMs, pgMs: cpu.pgMs }
        })
        const { load, rss, nodeMs, pgMs } = measured.result
        if (load.non2xx > 0 || load.errors > 0) log(`  warning: ${load.non2xx} refused and ${load.errors} failed requests (a fleet too small for this speed?)`)
        // The same server, the same orders, round-robin over the ring: a campaign's next order a whole ring later.
        await reset()
        const ring = unwrapCpu(
          await quietly(admin, async () => {
            let ringRss = rssMb(server.pid)
            const sampler = setInterval(() => (ringRss = Math.max(ringRss, rssMb(server.pid))), 200)
            const laps = ringLaps({ ...orderJob(clients, SECONDS), ring: RING }, orders.length)
            await loadRun(laps.warm)
            const cpu = await withCpu([server.pid], postmaster, () => loadRun(laps.measured))
            clearInterval(sampler)
            return { ...cpu, result: { load: cpu.result, rss: ringRss } }
          }),
        )
        if (ring.result.load.non2xx > 0 || ring.result.load.errors > 0)
          log(`  warning: round-robin, ${ring.result.load.non2xx} refused and ${ring.result.load.errors} failed requests (a fleet too small for this speed?)`)
        await reset()
        const cold = await quietly(admin, () => loadRun(inARowCount({ ...orderJob(clients, SECONDS), url: `${reading.base}/` })))
        if (cold.result.non2xx > 0 || cold.result.errors > 0)
          log(`  warning: reading every time, ${cold.result.non2xx} refused and ${cold.result.errors} failed`)
        // CPU of each side per request, for pgbench and the one-trip floor as for the orders: on two
        // cores, their sums say how many of each the machine can do, whatever its speed that minute.
        const pgb = unwrapCpu(await quietly(admin, () => withCpu([], postmaster, () => pgbenchRun(pgbench, pgUrl, clients, SECONDS))))
        const fl = await quietly(admin, () =>
          loadRun({ ...orderJob(clients, SECONDS), url: `${floor.base}/`, route: '/floor/{campaign}', campaigns: floorRows }),
        )
        if (fl.result.non2xx > 0 || fl.result.errors > 0) log(`  warning: the floor refused ${fl.result.non2xx} and failed ${fl.result.errors} requests`)
        const one = unwrapCpu(
          await quietly(admin, () =>
            withCpu([floor.pid], postmaster, () =>
              loadRun({ ...orderJob(clients, SECONDS), url: `${floor.base}/`, route: '/floor-one/{campaign}', campaigns: floorRows }),
            ),
          ),
        )
        const bgioRun = await bgioJob(clients, SECONDS)
        const peer = unwrapCpu(await quietly(admin, () => withCpu([bgio.pid], postmaster, () => loadRun(bgioRun))))
        if (peer.result.non2xx > 0 || peer.result.errors > 0)
          log(`  warning: boardgame.io refused ${peer.result.non2xx} and failed ${peer.result.errors} moves`)
        const perS = load.ok / load.seconds
        const floorPerS = fl.result.ok / fl.result.seconds
        const f = figures.get(clients) ?? (Object.fromEntries(FIGURES.map((k) => [k, []])) as unknown as Runs)
        f.orders.push(perS)
        f.bgio.push(peer.result.ok / peer.result.seconds)
        f.bgioP99.push(peer.result.p99)
        f.bgioNodeCpu.push(peer.nodeMs / peer.result.ok)
        f.bgioPgCpu.push(peer.pgMs / peer.result.ok)
        f.ring.push(ring.result.load.ok / ring.result.load.seconds)
        f.ringP99.push(ring.result.load.p99)
        f.ringNodeCpu.push(ring.nodeMs / ring.result.load.ok)
        f.ringPgCpu.push(ring.pgMs / ring.result.load.ok)
        f.ringRss.push(ring.result.rss)
        f.p50.push(load.p50)
        f.p99.push(load.p99)
        f.pgbench.push(pgb.result.tps)
        f.pgbenchPgCpu.push(pgb.pgMs / pgb.result.transactions)
        f.floorOneNodeCpu.push(one.nodeMs / one.result.ok)
        f.floorOnePgCpu.push(one.pgMs / one.result.ok)
        f.pgbenchWal.push(pgb.walBytes / pgb.result.transactions)
        f.ordersWal.push(measured.walBytes / load.ok)
        f.ordersFpi.push(measured.fpiBytes / load.ok)
        f.pgbenchFpi.push(pgb.fpiBytes / pgb.result.transactions)
        f.nodeCpu.push(nodeMs / load.ok)
        f.pgCpu.push(pgMs / load.ok)
        f.rss.push(rss)
        f.floor.push(floorPerS)
        f.floorP99.push(fl.result.p99)
        f.floorWal.push(fl.walBytes / fl.result.ok)
        f.floorOne.push(one.result.ok / one.result.seconds)
        f.reading.push(cold.result.ok / cold.result.seconds)
        f.readingP99.push(cold.result.p99)
        f.floorOneP99.push(one.result.p99)
        figures.set(clients, f)
        log(`  WAL of the orders: ${measured.walTop}; of pgbench: ${pgb.walTop}; of the floor: ${fl.walTop}`)
        log(
          `run ${run}, ${clients} clients: ${Math.round(perS)} orders/s (p50 ${load.p50} ms, p99 ${load.p99} ms, ${Math.round(measured.walBytes / load.ok)} WAL bytes each), ` +
            `pgbench -N ${Math.round(pgb.result.tps)} tx/s (${Math.round(pgb.walBytes / pgb.result.transactions)} WAL bytes each), floor ${Math.round(floorPerS)}/s (p99 ${fl.result.p99} ms), one-trip floor ${Math.round(one.result.ok / one.result.seconds)}/s (p99 ${one.result.p99} ms), ` +
            `reading every time ${Math.round(cold.result.ok / cold.result.seconds)}/s (p99 ${cold.result.p99} ms), ` +
            `boardgame.io over HTTP ${Math.round(peer.result.ok / peer.result.seconds)} moves/s (p99 ${peer.result.p99} ms, node ${(peer.nodeMs / peer.result.ok).toFixed(3)} ms and PostgreSQL ${(peer.pgMs / peer.result.ok).toFixed(3)} ms CPU each), ` +
            `round-robin over ${RING} ${Math.round(ring.result.load.ok / ring.result.load.seconds)}/s (p99 ${ring.result.load.p99} ms, node ${(ring.nodeMs / ring.result.load.ok).toFixed(3)} ms and PostgreSQL ${(ring.pgMs / ring.result.load.ok).toFixed(3)} ms CPU each), ` +
            `node ${(nodeMs / load.ok).toFixed(3)} ms and PostgreSQL ${(pgMs / load.ok).toFixed(3)} ms CPU per order, RSS up to ${Math.round(rss)} MB; ` +
            `PostgreSQL ${(pgb.pgMs / pgb.result.transactions).toFixed(3)} ms per pgbench transaction; one-trip floor: node ${(one.nodeMs / one.result.ok).toFixed(3)} ms and PostgreSQL ${(one.pgMs / one.result.ok).toFixed(3)} ms per request`,
        )
      }
      const h = await quietly(admin, () => getRun(`${server.base}/health`, 16, SECONDS))
      const hp = await quietly(admin, () => pgbenchRun(pgbench, pgUrl, 16, SECONDS))
      log(`run ${run}: /health ${Math.round(h.result)} requests/s at 16 clients, pgbench -N ${Math.round(hp.result.tps)} tx/s`)
      health.push({ perS: h.result, pgbench: hp.result.tps })
    }
    const idle = rssMb(server.pid)
    const idleReading = rssMb(reading.pid)
    const every = snapshotEvery()
    report('snapshot_every', every.value, 'changes', every.note)
    for (const [clients, f] of figures) {
      const x = { clients }
      const at64 = clients === 64
      // Each run's figure over the same run's, then the median: the machine's speed moves between runs.
      const runByRun = (xs: number[], ys: number[]) => median(xs.map((value, i) => value / ys[i]!))
      const ratio = (xs: number[]) => runByRun(xs, f.pgbench)
      report('orders_per_s', median(f.orders), 'orders/s', {
        ...x,
        note: `median of ${RUNS} runs (in a row: four fifths of the fleet; round-robin: laps 2 to ${orders.length} of the ring), each after a CHECKPOINT with autovacuum idle`,
      })
      report('p50_ms', median(f.p50), 'ms', x)
      report('p99_ms', median(f.p99), 'ms', { ...x, ...(at64 ? { note: 'goal <= 50' } : {}) })
      report('pgbench_n_tps', median(f.pgbench), 'tx/s', { ...x, note: 'pgbench -N on the same PostgreSQL, same clients, interleaved, after a CHECKPOINT' })
      report('ratio_to_pgbench_n', ratio(f.orders), 'ratio', { ...x, note: 'goal >= 0.8' })
      report('wal_bytes_per_order', median(f.ordersWal), 'bytes', {
        ...x,
        note: `WAL written by the cluster during the run / accepted orders${WAL_BEFORE[clients] ? `; goal <= ${Math.round(WAL_BEFORE[clients] / 4)} (a quarter of ${WAL_BEFORE[clients]}, 2026-11-26)` : ''}`,
      })
      report('wal_fpi_bytes_per_order', median(f.ordersFpi), 'bytes', { ...x, note: 'of which full-page images (pg_walinspect)' })
      report('wal_bytes_per_pgbench_tx', median(f.pgbenchWal), 'bytes', { ...x, note: 'the same for pgbench -N' })
      report('wal_fpi_bytes_per_pgbench_tx', median(f.pgbenchFpi), 'bytes', x)
      report('node_cpu_ms_per_order', median(f.nodeCpu), 'ms', x)
      report('pg_cpu_ms_per_order', median(f.pgCpu), 'ms', x)
      report('rss_mb', median(f.rss), 'MB', { ...x, note: `the server's highest VmRSS during a run${at64 ? ', goal <= 150' : ''}` })
      report('floor_per_s', median(f.floor), 'requests/s', {
        ...x,
        note: 'bench/floor-server.mjs: Fastify, JWT, a read by key and an update+insert, same pool size',
      })
      report('floor_p99_ms', median(f.floorP99), 'ms', x)
      report('floor_ratio_to_pgbench_n', ratio(f.floor), 'ratio', { ...x, note: "the ceiling of a two-round-trip web service's ratio on this machine" })
      report('floor_wal_bytes_per_request', median(f.floorWal), 'bytes', x)
      report('orders_vs_floor', runByRun(f.orders, f.floor), 'ratio', x)
      report('reading_each_order_per_s', median(f.reading), 'orders/s', { ...x, note: 'the same server with KNOWN_CAMPAIGNS=0: every order reads, then saves' })
      report('reading_each_order_p99_ms', median(f.readingP99), 'ms', x)
      report('reading_each_order_ratio_to_pgbench_n', ratio(f.reading), 'ratio', x)
      report('orders_vs_reading_each_order', runByRun(f.orders, f.reading), 'ratio', x)
      report('floor_one_trip_per_s', median(f.floorOne), 'requests/s', { ...x, note: 'bench/floor-server.mjs /floor-one: Fastify, JWT and one update+insert' })
      report('floor_one_trip_p99_ms', median(f.floorOneP99), 'ms', x)
      report('floor_one_trip_ratio_to_pgbench_n', ratio(f.floorOne), 'ratio', {
        ...x,
        note: "the ceiling of a one-round-trip web service's ratio on this machine",
      })
      report('orders_vs_floor_one_trip', runByRun(f.orders, f.floorOne), 'ratio', x)
      report('floor_one_trip_node_cpu_ms_per_request', median(f.floorOneNodeCpu), 'ms', { ...x, note: "the floor's process" })
      report('floor_one_trip_pg_cpu_ms_per_request', median(f.floorOnePgCpu), 'ms', x)
      const ringNote = `the same server and orders, round-robin over ${RING} campaigns (a campaign's next order a whole ring later)`
      report('round_robin_orders_per_s', median(f.ring), 'orders/s', { ...x, note: ringNote })
      report('round_robin_p99_ms', median(f.ringP99), 'ms', { ...x, note: `goal <= ${at64 ? 100 : 50}` })
      report('round_robin_ratio_to_pgbench_n', ratio(f.ring), 'ratio', { ...x, note: 'goal >= 0.5' })
      report('round_robin_vs_in_a_row', runByRun(f.ring, f.orders), 'ratio', { ...x, note: 'round-robin over each connection sending a campaign in a row' })
      report('round_robin_node_cpu_ms_per_order', median(f.ringNodeCpu), 'ms', x)
      report('round_robin_pg_cpu_ms_per_order', median(f.ringPgCpu), 'ms', x)
      report('round_robin_pg_cpu_vs_pgbench_tx', runByRun(f.ringPgCpu, f.pgbenchPgCpu), 'ratio', { ...x, note: 'goal <= 1.2' })
      report('round_robin_rss_mb', median(f.ringRss), 'MB', { ...x, note: 'goal <= 150' })
      const peerNote = 'boardgame.io 0.50 + bgio-postgres, moves over HTTP from the same load generator, fresh matches each run'
      report('bgio_http_moves_per_s', median(f.bgio), 'moves/s', { ...x, note: peerNote })
      report('bgio_http_p99_ms', median(f.bgioP99), 'ms', x)
      report('bgio_http_node_cpu_ms_per_move', median(f.bgioNodeCpu), 'ms', { ...x, note: "boardgame.io's server process" })
      report('bgio_http_pg_cpu_ms_per_move', median(f.bgioPgCpu), 'ms', x)
      report('orders_vs_bgio_http', runByRun(f.orders, f.bgio), 'ratio', { ...x, note: 'in a row, run by run; goal >= 5' })
      report('round_robin_vs_bgio_http', runByRun(f.ring, f.bgio), 'ratio', { ...x, note: 'round-robin, run by run; goal >= 5' })
      report('pg_cpu_ms_per_pgbench_tx', median(f.pgbenchPgCpu), 'ms', {
        ...x,
        note: "PostgreSQL's processes, its ended backends included (pgbench's own CPU not counted)",
      })
      report('orders_pg_cpu_vs_pgbench_tx', runByRun(f.pgCpu, f.pgbenchPgCpu), 'ratio', {
        ...x,
        note: "PostgreSQL's CPU per order over its CPU per pgbench -N transaction, run by run",
      })
    }
    report('health_per_s', median(health.map((h) => h.perS)), 'requests/s', { clients: 16, note: 'GET /health (SELECT 1), goal >= 5000' })
    report('health_ratio_to_pgbench_n', median(health.map((h) => h.perS / h.pgbench)), 'ratio', {
      clients: 16,
      note: 'against pgbench -N at 16 clients run next to it',
    })
    report('rss_idle_mb', idle, 'MB', { note: 'the server after the runs' })
    report('reading_each_order_rss_idle_mb', idleReading, 'MB', { note: 'the same server with KNOWN_CAMPAIGNS=0 after the same runs: what remembering costs' })
  } finally {
    for (const child of [server.child, reading.child, floor.child, bgio.child]) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    await admin.end()
    await pool.end()
    await db.stop()
  }
}

/** The interval the server writes whole states at, as its config reads BENCH_SNAPSHOT_EVERY (passed as SNAPSHOT_EVERY). */
function snapshotEvery(): { value: number; note: string } {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, ...(SNAPSHOT_EVERY ? { SNAPSHOT_EVERY } : {}) })
  return { value: config.snapshotEvery, note: SNAPSHOT_EVERY ? `SNAPSHOT_EVERY=${SNAPSHOT_EVERY} (BENCH_SNAPSHOT_EVERY)` : "the server's default" }
}

export default bench
