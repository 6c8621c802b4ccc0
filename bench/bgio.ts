// `npm run bench -- bgio`: boardgame.io 0.50 with bgio-postgres, the baseline
// issue #32 names, measured the way the orders bench measures our server:
// the server in a process of its own (bench/lib/bgio-server.mjs), the load
// from another (bench/bgio-load.mjs: one socket.io client per match, each
// sending the next move when the last one comes back), and `pgbench -N` on
// the same PostgreSQL with the same number of clients after each run. Both
// benches report their ratio to pgbench, so orders/bgio is
// (orders/pgbench) / (bgio/pgbench) even when they ran at different times.
//
// Every move is legal and stored: bgio-postgres writes the match's state and
// its whole log, in a transaction, on every move. Each run plays fresh matches
// (made through the lobby API), as the orders bench restores its fleet, so the
// logs are as long in every run.
//
// BENCH_CLIENTS=16,64  BENCH_RUNS=3  BENCH_SECONDS=10  BENCH_POOL=10 (Sequelize's pool; our server's default DATABASE_POOL_SIZE)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { cpuOf, cpuSince, family, rssMb } from './lib/proc.ts'
import { createMatches, startBgio, type Match } from './lib/bgio.ts'
import { benchServer, median } from './lib/server.ts'
import type { Bench } from './run.ts'

const CLIENTS = (process.env.BENCH_CLIENTS ?? '16,64').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const GAME = 'bench'
const root = path.resolve(import.meta.dirname, '..')

interface LoadResult {
  moves: number
  seconds: number
  p50: number
  p99: number
  sent: number
  inFlight: number
  cpuMs: number
}

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const url = await db.database('bench_bgio', { migrated: false })
  const pgUrl = await db.database('bench_pgbench', { migrated: false })
  const server = await startBgio(url, log)
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  const postmaster = Number(readFileSync(path.join(root, '.data/bench-postgres/postmaster.pid'), 'utf8').split('\n')[0])
  const pgbench = spawnSync('pgbench', ['--version']).status === 0 ? 'pgbench' : '/usr/lib/postgresql/15/bin/pgbench'
  if (!existsSync(pgbench) && pgbench !== 'pgbench') throw new Error('pgbench is needed: apt install postgresql-client (or postgresql-15)')
  execFileSync(pgbench, ['-i', '-q', pgUrl], { stdio: 'pipe' })

  const figures = new Map<number, { moves: number[]; p50: number[]; p99: number[]; pgbench: number[]; nodeCpu: number[]; pgCpu: number[]; rss: number[] }>()
  /** Fresh matches, and the sum of their stored _stateID so that a run can count what it stored. */
  const play = async (clients: number, seconds: number) => {
    const matches = await createMatches(server.lobby, clients)
    const ids = matches.map((m) => m.matchID)
    const stored = async () =>
      Number((await pool.query<{ n: string }>(`SELECT COALESCE(sum((state->>'_stateID')::int), 0) AS n FROM "Games" WHERE id = ANY($1)`, [ids])).rows[0]!.n)
    const before = await stored()
    const pids = family(postmaster)
    const pgBefore = cpuOf(pids)
    const nodeBefore = cpuOf([server.pid])
    let rss = rssMb(server.pid)
    const sampler = setInterval(() => (rss = Math.max(rss, rssMb(server.pid))), 200)
    const load = await loadRun({ base: server.base, game: GAME, matches, seconds })
    clearInterval(sampler)
    // The server answers a move before it writes it: the last one of each match may still be on its way.
    let written = (await stored()) - before
    for (let wait = 0; written < load.sent && wait < 50; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      written = (await stored()) - before
    }
    const nodeMs = cpuSince(nodeBefore, [server.pid])
    const pgMs = cpuSince(pgBefore, family(postmaster))
    // Every move sent must be stored: a refused or lost one would stall its client and show here.
    if (load.inFlight !== 0 || written !== load.sent) log(`  warning: ${load.sent} moves sent, ${written} stored, ${load.inFlight} unanswered`)
    const size = await pool.query<{ state: number; log: number }>(
      `SELECT avg(length(state::text))::int AS state, avg(length(log::text))::int AS log FROM "Games" WHERE id = ANY($1)`,
      [ids],
    )
    log(`  a match's stored state ${size.rows[0]!.state} and log ${size.rows[0]!.log} characters at the end; the load generator used ${load.cpuMs} ms CPU`)
    return { load, written, nodeMs, pgMs, rss }
  }
  try {
    log('warming up')
    await play(Math.max(...CLIENTS), 5)
    for (let run = 1; run <= RUNS; run++) {
      for (const clients of CLIENTS) {
        const { load, written, nodeMs, pgMs, rss } = await play(clients, SECONDS)
        const perS = load.moves / load.seconds
        const tps = pgbenchRun(pgbench, pgUrl, clients)
        log(
          `run ${run}, ${clients} clients: ${Math.round(perS)} moves/s (p50 ${load.p50} ms, p99 ${load.p99} ms; ${written} stored in all), pgbench -N ${Math.round(tps)} tx/s, node ${(nodeMs / written).toFixed(3)} ms and PostgreSQL ${(pgMs / written).toFixed(3)} ms CPU per move, RSS up to ${Math.round(rss)} MB`,
        )
        const f = figures.get(clients) ?? { moves: [], p50: [], p99: [], pgbench: [], nodeCpu: [], pgCpu: [], rss: [] }
        f.moves.push(perS)
        f.p50.push(load.p50)
        f.p99.push(load.p99)
        f.pgbench.push(tps)
        f.nodeCpu.push(nodeMs / written)
        f.pgCpu.push(pgMs / written)
        f.rss.push(rss)
        figures.set(clients, f)
      }
    }
    for (const [clients, f] of figures) {
      const x = { clients }
      report('bgio_moves_per_s', median(f.moves), 'moves/s', { ...x, note: `boardgame.io 0.50 + bgio-postgres, median of ${RUNS} runs of ${SECONDS} s` })
      report('p50_ms', median(f.p50), 'ms', x)
      report('p99_ms', median(f.p99), 'ms', x)
      report('pgbench_n_tps', median(f.pgbench), 'tx/s', { ...x, note: 'pgbench -N on the same PostgreSQL, same clients, interleaved' })
      report('bgio_ratio_to_pgbench_n', median(f.moves.map((m, i) => m / f.pgbench[i]!)), 'ratio', {
        ...x,
        note: "orders/bgio = orders' ratio_to_pgbench_n / this",
      })
      const orders = ordersRatio(clients)
      if (orders)
        report('orders_vs_bgio', orders.ratio / median(f.moves.map((m, i) => m / f.pgbench[i]!)), 'ratio', {
          ...x,
          note: `orders' ratio to pgbench -N (bench/results/orders.json, ${orders.date.slice(0, 10)}) over bgio's; goal >= 5`,
        })
      report('node_cpu_ms_per_move', median(f.nodeCpu), 'ms', { ...x, note: 'the boardgame.io server process' })
      report('pg_cpu_ms_per_move', median(f.pgCpu), 'ms', x)
      report('rss_mb', median(f.rss), 'MB', { ...x, note: "the server's highest VmRSS during a run" })
    }
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await pool.end()
    await db.stop()
  }
}

async function loadRun(job: { base: string; game: string; matches: Match[]; seconds: number }): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bgio-load.mjs'), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the load generator exited with ${code}`)
  return JSON.parse(out) as LoadResult
}

/** The orders bench's ratio to pgbench at these clients, from its last results on this machine, if any. */
function ordersRatio(clients: number): { ratio: number; date: string } | undefined {
  const file = path.join(import.meta.dirname, 'results/orders.json')
  if (!existsSync(file)) return undefined
  const { date, figures } = JSON.parse(readFileSync(file, 'utf8')) as { date: string; figures: { metric: string; clients?: number; value: number }[] }
  const f = figures.find((x) => x.metric === 'ratio_to_pgbench_n' && x.clients === clients)
  // A run whose orders were all refused reports 0: no figure to compare with.
  return f && f.value > 0 ? { ratio: f.value, date } : undefined
}

/** The same pgbench run as bench/orders.ts's (copied: that file is not a library). */
function pgbenchRun(pgbench: string, url: string, clients: number): number {
  const out = execFileSync(pgbench, ['-N', '-n', '-c', String(clients), '-j', '2', '-T', String(SECONDS), url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)
  if (!tps) throw new Error(`pgbench said:\n${out}`)
  return Number(tps[1])
}

export default bench
