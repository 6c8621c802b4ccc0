// Before and after, side by side in one run (#52): the orders bench's fleet and load, sent to
// this checkout's server and to one built from another revision (BENCH_BEFORE, by default
// 860c82a, where #52 was filed), turn about, each run followed by pgbench -N and the one-trip
// floor on the same PostgreSQL, so that every ratio divides figures taken a minute apart.
//
// The earlier revision runs from a git worktree under .data/compare/<revision> (made once,
// node_modules linked, the Prisma client copied: both servers run on this checkout's schema,
// migrated here; an earlier server reads the columns it knows and the bench sends no
// Idempotency-Key). Both servers are started as `npm start` starts them, with the same
// environment, and each pattern is measured on both before the next: in a row (each connection a
// campaign's orders one after another) and round-robin over a ring of BENCH_RING campaigns.
// Each run after the first starts both servers anew: a process can stay a fifth faster or slower
// than another of the same build for its whole life, so the medians are over pairs of processes.
//
// With BENCH_TOGETHER=1 both sides are loaded at once instead, each on half the fleet with half the
// clients (bench/lib/together.ts): each side's CPU per order and their ratio, steady on a machine
// whose speed moves from minute to minute, without the rates and ratios to pgbench and the floor.
//
// BENCH_BEFORE=860c82a  BENCH_CLIENTS=16,64  BENCH_RUNS=3  BENCH_SECONDS=10  BENCH_CAMPAIGNS=3000  BENCH_RING=1000  BENCH_TOGETHER=
import { execFileSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { inARowCount, loadGenerator, loadRun, pgbenchBinary, pgbenchRun, quietly, ringLaps, type LoadJob } from './lib/load.ts'
import { rssMb } from './lib/proc.ts'
import { benchServer, median } from './lib/server.ts'
import { compareTogether } from './lib/together.ts'
import { fleet, keepFleet, resetFleet } from './lib/fleet.ts'
import { startFloor, startServer, unwrapCpu, withCpu } from './lib/servers.ts'
import type { Bench } from './run.ts'

const BEFORE = process.env.BENCH_BEFORE ?? '860c82a'
const CLIENTS = (process.env.BENCH_CLIENTS ?? '16,64').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RING = Number(process.env.BENCH_RING ?? 1000)
const TOGETHER = process.env.BENCH_TOGETHER === '1'
const PATTERNS = ['in-a-row', 'round-robin'] as const
const SIDES = ['before', 'after'] as const
const root = path.resolve(import.meta.dirname, '..')

type Side = (typeof SIDES)[number]
type Pattern = (typeof PATTERNS)[number]
interface Sample {
  perS: number
  nodeMs: number
  pgMs: number
  p99: number
  rss: number
  pgbench: number
  pgbenchPgMs: number
  floorNodeMs: number
}

/** A worktree of `revision` that `npm start` can run: its own sources, this checkout's packages and Prisma client. */
function checkout(revision: string, log: (m: string) => void): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--short', `${revision}^{commit}`], { cwd: root, encoding: 'utf8' }).trim()
  const dir = path.join(root, '.data/compare', commit)
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(path.dirname(dir), { recursive: true })
    execFileSync('git', ['worktree', 'add', '--force', '--detach', dir, commit], { cwd: root, stdio: 'pipe' })
    log(`worktree of ${commit} made in ${path.relative(root, dir)}`)
  }
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  cpSync(path.join(root, 'src/generated'), path.join(dir, 'src/generated'), { recursive: true })
  return { dir, commit }
}

const bench: Bench = async (report, log) => {
  const before = checkout(BEFORE, log)
  const after = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', 'src'], { cwd: root, encoding: 'utf8' }).trim() !== ''
  log(`before: ${before.commit}; after: ${after}${dirty ? ' with changes in src/' : ''}`)
  const db = await benchServer(log)
  const url = await db.database('bench_orders')
  const pgUrl = await db.database('bench_pgbench', { migrated: false })
  const { campaigns, orders, token } = await fleet(url, log)
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  await keepFleet(pool)
  const startSide = (side: Side) => (side === 'before' ? startServer(url, log, {}, before.dir) : startServer(url, log))
  const servers: Record<Side, Awaited<ReturnType<typeof startServer>>> = { before: await startSide('before'), after: await startSide('after') }
  const stop = async (child: ChildProcess) => {
    child.kill('SIGTERM')
    await new Promise<void>((resolve) => child.once('exit', resolve))
  }
  const floor = await startFloor(url, log)
  await pool.query(`DROP TABLE IF EXISTS floor_rows, floor_log;
    CREATE TABLE floor_rows AS SELECT (row_number() OVER (ORDER BY campaign_id))::int AS id, 0 AS version, state FROM game_snapshots;
    ALTER TABLE floor_rows ADD PRIMARY KEY (id);
    CREATE TABLE floor_log (row_id int NOT NULL, version int NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (row_id, version))`)
  const floorRows = campaigns.map((_c, i) => String(i + 1))
  const admin = new pg.Client({ connectionString: db.adminUrl() })
  await admin.connect()
  const postmaster = Number(readFileSync(path.join(root, '.data/bench-postgres/postmaster.pid'), 'utf8').split('\n')[0])
  const pgbench = pgbenchBinary()
  execFileSync(pgbench, ['-i', '-q', pgUrl], { stdio: 'pipe' })
  const job = (side: Side, clients: number, seconds: number, pattern: Pattern): LoadJob => ({
    url: `${servers[side].base}/`,
    token,
    campaigns,
    orders,
    connections: clients,
    seconds,
    pattern,
    ring: RING,
  })
  const samples = new Map<string, Sample[]>()
  const warm = async () => {
    for (const side of SIDES)
      for (const pattern of PATTERNS) {
        await resetFleet(pool)
        await loadRun(job(side, Math.max(...CLIENTS), 5, pattern))
      }
  }
  // New processes for each run: one server process can stay a fifth faster or slower than another
  // of the same build for its whole life, steady within it ([Loaded together] in BENCHMARKS.md).
  const restart = async () => {
    for (const name of SIDES) {
      await stop(servers[name].child)
      servers[name] = await startSide(name)
    }
    await warm()
  }
  try {
    log(`warming up; the load from ${loadGenerator()}`)
    await warm()
    if (TOGETHER) {
      const halves = { before: campaigns.slice(0, Math.floor(campaigns.length / 2)), after: campaigns.slice(Math.floor(campaigns.length / 2)) }
      const side = (name: Side) => ({
        name,
        label: name === 'before' ? before.commit : after,
        pid: () => servers[name].pid,
        job: (clients: number, pattern: Pattern) => ({ ...job(name, clients, SECONDS, pattern), campaigns: halves[name] }),
      })
      await compareTogether({
        admin,
        sides: [side('before'), side('after')],
        clients: CLIENTS,
        patterns: PATTERNS,
        runs: RUNS,
        reset: () => resetFleet(pool),
        restart,
        report,
        log,
      })
      return
    }
    for (let run = 1; run <= RUNS; run++) {
      if (run > 1) await restart()
      for (const clients of CLIENTS) {
        const measured: [Side, Pattern, Omit<Sample, 'pgbench' | 'pgbenchPgMs' | 'floorNodeMs'>][] = []
        for (const pattern of PATTERNS) {
          // Turn about, so that neither side always runs on the machine the other warmed.
          for (const side of run % 2 === 1 ? SIDES : [...SIDES].reverse()) {
            await resetFleet(pool)
            const pid = servers[side].pid
            // Round-robin: the ring's first lap (reads after the reset) unmeasured, then its other laps.
            const laps = ringLaps(job(side, clients, SECONDS, pattern), orders.length)
            if (pattern === 'round-robin') await loadRun(laps.warm)
            const measuredJob = pattern === 'round-robin' ? laps.measured : inARowCount(job(side, clients, SECONDS, pattern))
            const m = unwrapCpu(
              await quietly(admin, async () => {
                let rss = rssMb(pid)
                const sampler = setInterval(() => (rss = Math.max(rss, rssMb(pid))), 200)
                const cpu = await withCpu([pid], postmaster, () => loadRun(measuredJob))
                clearInterval(sampler)
                return { ...cpu, result: { load: cpu.result, rss } }
              }),
            )
            const load = m.result.load
            if (load.non2xx > 0 || load.errors > 0) log(`  warning: ${side}, ${pattern}: ${load.non2xx} refused and ${load.errors} failed requests`)
            measured.push([
              side,
              pattern,
              { perS: load.ok / load.seconds, nodeMs: m.nodeMs / load.ok, pgMs: m.pgMs / load.ok, p99: load.p99, rss: m.result.rss },
            ])
          }
        }
        const pgb = unwrapCpu(await quietly(admin, () => withCpu([], postmaster, () => pgbenchRun(pgbench, pgUrl, clients, SECONDS))))
        await pool.query('TRUNCATE floor_log')
        const one = unwrapCpu(
          await quietly(admin, () =>
            withCpu([floor.pid], postmaster, () =>
              loadRun({ ...job('after', clients, SECONDS, 'in-a-row'), url: `${floor.base}/`, route: '/floor-one/{campaign}', campaigns: floorRows }),
            ),
          ),
        )
        const shared = { pgbench: pgb.result.tps, pgbenchPgMs: pgb.pgMs / pgb.result.transactions, floorNodeMs: one.nodeMs / one.result.ok }
        for (const [side, pattern, sample] of measured) {
          const key = `${side} ${pattern} ${clients}`
          samples.set(key, [...(samples.get(key) ?? []), { ...sample, ...shared }])
          log(
            `run ${run}, ${clients} clients, ${side} (${side === 'before' ? before.commit : after}), ${pattern}: ${Math.round(sample.perS)} orders/s, p99 ${sample.p99} ms, ` +
              `node ${sample.nodeMs.toFixed(3)} ms and PostgreSQL ${sample.pgMs.toFixed(3)} ms CPU per order, RSS up to ${Math.round(sample.rss)} MB`,
          )
        }
        log(
          `run ${run}, ${clients} clients: pgbench -N ${Math.round(shared.pgbench)} tx/s (PostgreSQL ${shared.pgbenchPgMs.toFixed(3)} ms each), one-trip floor node ${shared.floorNodeMs.toFixed(3)} ms`,
        )
      }
    }
    for (const clients of CLIENTS)
      for (const pattern of PATTERNS) {
        const x = (side: Side, note?: string) => ({
          clients,
          note: `${side} (${side === 'before' ? before.commit : after}), ${pattern}${note ? `; ${note}` : ''}`,
        })
        const of = (side: Side) => samples.get(`${side} ${pattern} ${clients}`)!
        const runByRun = (side: Side, f: (s: Sample) => number) => median(of(side).map(f))
        const name = (side: Side, metric: string) => `${side}_${pattern.replace(/-/g, '_')}_${metric}`
        for (const side of SIDES) {
          report(
            name(side, 'orders_per_s'),
            runByRun(side, (s) => s.perS),
            'orders/s',
            x(side, `median of ${RUNS} runs (in a row: four fifths of the fleet; round-robin: laps 2 to ${orders.length} of the ring)`),
          )
          report(
            name(side, 'ratio_to_pgbench_n'),
            runByRun(side, (s) => s.perS / s.pgbench),
            'ratio',
            x(side, 'run by run; goal >= 0.5'),
          )
          report(
            name(side, 'node_cpu_ms_per_order'),
            runByRun(side, (s) => s.nodeMs),
            'ms',
            x(side),
          )
          report(
            name(side, 'node_cpu_vs_floor_one_trip'),
            runByRun(side, (s) => s.nodeMs / s.floorNodeMs),
            'ratio',
            x(side, 'run by run; goal <= 2'),
          )
          report(
            name(side, 'pg_cpu_ms_per_order'),
            runByRun(side, (s) => s.pgMs),
            'ms',
            x(side),
          )
          report(
            name(side, 'pg_cpu_vs_pgbench_tx'),
            runByRun(side, (s) => s.pgMs / s.pgbenchPgMs),
            'ratio',
            x(side, 'run by run; goal <= 1.2'),
          )
          report(
            name(side, 'p99_ms'),
            runByRun(side, (s) => s.p99),
            'ms',
            x(side, `goal <= ${clients >= 64 ? 100 : 50}`),
          )
          report(
            name(side, 'rss_mb'),
            runByRun(side, (s) => s.rss),
            'MB',
            x(side, 'goal <= 150'),
          )
        }
        const ratio = (f: (s: Sample) => number) => median(of('after').map((s, i) => f(s) / f(of('before')[i]!)))
        const note = { clients, note: `after over before, run by run, ${pattern}` }
        report(
          `after_vs_before_${pattern.replace(/-/g, '_')}_orders_per_s`,
          ratio((s) => s.perS),
          'ratio',
          note,
        )
        report(
          `after_vs_before_${pattern.replace(/-/g, '_')}_node_cpu`,
          ratio((s) => s.nodeMs),
          'ratio',
          note,
        )
        report(
          `after_vs_before_${pattern.replace(/-/g, '_')}_pg_cpu`,
          ratio((s) => s.pgMs),
          'ratio',
          note,
        )
      }
    for (const clients of CLIENTS) {
      const any = samples.get(`after in-a-row ${clients}`)!
      report('pgbench_n_tps', median(any.map((s) => s.pgbench)), 'tx/s', { clients, note: 'pgbench -N after each run of both sides' })
      report('pg_cpu_ms_per_pgbench_tx', median(any.map((s) => s.pgbenchPgMs)), 'ms', { clients })
      report('floor_one_trip_node_cpu_ms_per_request', median(any.map((s) => s.floorNodeMs)), 'ms', { clients, note: 'bench/floor-server.mjs /floor-one' })
    }
  } finally {
    for (const child of [servers.before.child, servers.after.child, floor.child]) await stop(child)
    await admin.end()
    await pool.end()
    await db.stop()
  }
}

export default bench
