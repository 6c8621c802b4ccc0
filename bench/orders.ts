// `npm run bench -- orders`: accepted orders/s over HTTP against the compiled
// server (`node dist/server.js`, a process of its own), with the load from
// another process (autocannon, bench/orders-load.mjs), interleaved with
// `pgbench -N` on the same PostgreSQL with the same number of clients: the
// ratio is what this machine lets a web service keep of its database's speed.
//
// Every order sent is one the engine accepts: a fleet of campaigns (copies of
// one, made in SQL) where the Monday tribe moves single troops out of its two
// cities; each connection works through campaigns of its own, and the fleet is
// put back as it was before each run. The server's clock is frozen on a Monday
// at 10:00 in Madrid (TEST_CLOCK_NOW), inside that tribe's window.
//
// BENCH_CLIENTS=16,64  BENCH_RUNS=3  BENCH_SECONDS=10  BENCH_CAMPAIGNS=3000  BENCH_POOL (the server's DATABASE_POOL_SIZE)  BENCH_PROFILE=1
// BENCH_NODE_FLAGS adds node flags to those of `npm start`.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { hmacRng } from '../src/engine/index.ts'
import { applyOrder, type GameState, type Order } from '../src/engine/games/weekday/index.ts'
import { freePort } from '../test/helpers/test-support.ts'
import { loadState } from '../src/services/working.ts'
import { cloneCampaign } from './lib/clone.ts'
import { cpuOf, cpuSince, family, rssMb } from './lib/proc.ts'
import { benchConfig, benchServer, median } from './lib/server.ts'
import type { Bench } from './run.ts'

const CLIENTS = (process.env.BENCH_CLIENTS ?? '16,64').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const FLEET = Number(process.env.BENCH_CAMPAIGNS ?? 3000)
const MONDAY = '2026-11-30T09:00:00Z'
const SECRET = 'bench-secret-bench-secret-bench-secret'
const root = path.resolve(import.meta.dirname, '..')

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const url = await db.database('bench_orders')
  const pgUrl = await db.database('bench_pgbench', { migrated: false })
  const { campaigns, orders, token } = await fleet(url, log)
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  await pool.query(`DROP TABLE IF EXISTS bench_reset; CREATE TABLE bench_reset AS SELECT campaign_id, state FROM game_snapshots`)

  log('building dist/ (npm run build)')
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
  const server = await startServer(url, log)
  const postmaster = Number(readFileSync(path.join(root, '.data/bench-postgres/postmaster.pid'), 'utf8').split('\n')[0])
  const pgbench = spawnSync('pgbench', ['--version']).status === 0 ? 'pgbench' : '/usr/lib/postgresql/15/bin/pgbench'
  if (!existsSync(pgbench) && pgbench !== 'pgbench') throw new Error('pgbench is needed: apt install postgresql-client (or postgresql-15)')
  execFileSync(pgbench, ['-i', '-q', pgUrl], { stdio: 'pipe' })

  const figures = new Map<number, { orders: number[]; p50: number[]; p99: number[]; pgbench: number[]; nodeCpu: number[]; pgCpu: number[]; rss: number[] }>()
  const health: number[] = []
  const reset = async () => {
    await pool.query(`UPDATE game_snapshots s SET state = r.state, version = s.version + 1 FROM bench_reset r WHERE r.campaign_id = s.campaign_id`)
    await pool.query('VACUUM ANALYZE game_snapshots')
  }
  try {
    // Not measured: compiles the hot code and prepares every pool connection's statements.
    log('warming up')
    await reset()
    await loadRun({ url: `${server.base}/`, token, campaigns, orders, connections: Math.max(...CLIENTS), seconds: 5 })
    for (let run = 1; run <= RUNS; run++) {
      for (const clients of CLIENTS) {
        await reset()
        const pids = family(postmaster)
        const pgBefore = cpuOf(pids)
        const nodeBefore = cpuOf([server.pid])
        let rss = rssMb(server.pid)
        const sampler = setInterval(() => (rss = Math.max(rss, rssMb(server.pid))), 200)
        const load = await loadRun({ url: `${server.base}/`, token, campaigns, orders, connections: clients, seconds: SECONDS })
        clearInterval(sampler)
        const nodeMs = cpuSince(nodeBefore, [server.pid])
        const pgMs = cpuSince(pgBefore, family(postmaster))
        if (load.non2xx > 0 || load.errors > 0) log(`  warning: ${load.non2xx} refused and ${load.errors} failed requests (a fleet too small for this speed?)`)
        const perS = load.ok / load.seconds
        const tps = pgbenchRun(pgbench, pgUrl, clients)
        log(
          `run ${run}, ${clients} clients: ${Math.round(perS)} orders/s (p50 ${load.p50} ms, p99 ${load.p99} ms), pgbench -N ${Math.round(tps)} tx/s, node ${(nodeMs / load.ok).toFixed(3)} ms and PostgreSQL ${(pgMs / load.ok).toFixed(3)} ms CPU per order, RSS up to ${Math.round(rss)} MB`,
        )
        const f = figures.get(clients) ?? { orders: [], p50: [], p99: [], pgbench: [], nodeCpu: [], pgCpu: [], rss: [] }
        f.orders.push(perS)
        f.p50.push(load.p50)
        f.p99.push(load.p99)
        f.pgbench.push(tps)
        f.nodeCpu.push(nodeMs / load.ok)
        f.pgCpu.push(pgMs / load.ok)
        f.rss.push(rss)
        figures.set(clients, f)
      }
      const h = healthRun(`${server.base}/health`, 16)
      log(`run ${run}: /health ${Math.round(h)} requests/s at 16 clients`)
      health.push(h)
    }
    const idle = rssMb(server.pid)
    for (const [clients, f] of figures) {
      const x = { clients }
      report('orders_per_s', median(f.orders), 'orders/s', { ...x, note: `median of ${RUNS} runs of ${SECONDS} s` })
      report('p50_ms', median(f.p50), 'ms', x)
      report('p99_ms', median(f.p99), 'ms', { ...x, ...(clients === 16 ? { note: 'goal <= 50' } : {}) })
      report('pgbench_n_tps', median(f.pgbench), 'tx/s', { ...x, note: 'pgbench -N on the same PostgreSQL, same clients, interleaved' })
      report('ratio_to_pgbench_n', median(f.orders.map((o, i) => o / f.pgbench[i]!)), 'ratio', { ...x, ...(clients === 64 ? { note: 'goal >= 0.5' } : {}) })
      report('node_cpu_ms_per_order', median(f.nodeCpu), 'ms', x)
      report('pg_cpu_ms_per_order', median(f.pgCpu), 'ms', x)
      report('rss_mb', median(f.rss), 'MB', { ...x, note: `the server's highest VmRSS during a run${clients === 64 ? ', goal <= 250' : ''}` })
    }
    report('health_per_s', median(health), 'requests/s', { clients: 16, note: 'GET /health (SELECT 1), goal >= 5000' })
    report('rss_idle_mb', idle, 'MB', { note: 'the server after the runs' })
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await pool.end()
    await db.stop()
  }
}

/** One campaign set up through the services, its copies made in SQL, and the orders its Monday tribe can send. */
async function fleet(url: string, log: (m: string) => void) {
  const app = await buildApp({ config: benchConfig({ loginRateLimit: 100_000 }), databaseUrl: url })
  try {
    app.clock.set(new Date(MONDAY))
    const gm = await app.accounts.register({ email: 'gm@bench.test', password: 'bench-password-gm', displayName: 'GM' })
    const c = await app.campaigns.create(gm.id, { name: 'bench', mapId: 'coast-2' })
    const players: string[] = []
    for (const [k, weekday] of [
      [0, 'monday'],
      [1, 'tuesday'],
    ] as const) {
      const user = await app.accounts.register({ email: `p${k}@bench.test`, password: 'bench-password-player', displayName: `P${k}` })
      const inv = await app.campaigns.invite(await app.campaigns.access(c.id, gm.id), gm.id)
      await app.campaigns.accept(inv.token, user.id, { tribeName: `T${k}`, weekday })
      players.push(user.id)
    }
    const access = await app.campaigns.access(c.id, gm.id)
    const { order } = await app.campaigns.start(access)
    const tribes = await app.prisma.tribe.findMany({ where: { campaignId: c.id }, orderBy: { weekday: 'asc' } })
    const mine = tribes.find((t) => t.userId === players[0])!.id
    const picks: Record<string, string[]> = { [mine]: ['2,1', '3,3'] }
    const others = ['8,1', '9,3']
    for (const tribeId of [...order, ...[...order].reverse()]) await app.campaigns.pick(access, { tribeId, city: (picks[tribeId] ?? others).shift()! })

    const snapshot = await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: c.id } })
    const orders = legalMoves(loadState(snapshot.state) as GameState, mine)
    log(`fleet: ${FLEET} campaigns, ${orders.length} accepted orders each (single troops out of the cities)`)
    for (let done = 1; done < FLEET; done += 1000)
      await cloneCampaign(
        app.pg,
        c.id,
        tribes.map((t) => t.id),
        Math.min(1000, FLEET - done),
      )
    const ids = (await app.prisma.tribe.findMany({ where: { userId: players[0]! }, select: { campaignId: true } })).map((t) => t.campaignId)
    return { campaigns: ids, orders, token: await app.issueToken(players[0]!) }
  } finally {
    await app.close()
  }
}

/** One move of one troop out of each city per troop it holds, each checked against the engine in turn. */
function legalMoves(state: GameState, tribe: string): Order[] {
  const out: Order[] = []
  let s = state
  for (const [from, army] of Object.entries(state.armies)) {
    if (army.tribe !== tribe) continue
    const to = state.map.tiles
      .map((t) => `${t.q},${t.r}`)
      .find((key) => {
        const tried = applyOrder(s, tribe, { type: 'move', from, troops: 1, to: key }, hmacRng)
        return tried.ok && tried.events.every((e) => e.type === 'moved' || e.type === 'order')
      })
    if (!to) throw new Error(`no plain move out of ${from}`)
    for (let i = 0; i < army.troops; i++) {
      const order: Order = { type: 'move', from, troops: 1, to }
      const tried = applyOrder(s, tribe, order, hmacRng)
      if (!tried.ok) throw new Error(`the ${i + 1}th move out of ${from} is refused: ${tried.error.code}`)
      s = tried.state
      out.push(order)
    }
  }
  return out
}

async function startServer(url: string, log: (m: string) => void) {
  const port = await freePort()
  // BENCH_PROFILE=1: the server writes a CPU profile to .data/profiles when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.data/profiles')}`] : []
  // The server runs exactly as `npm start` runs it: the same node flags.
  const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/)
  if (start[0] !== 'node') throw new Error(`npm start is not "node …": ${start.join(' ')}`)
  const child = spawn(process.execPath, [...profile, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...start.slice(1)], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url,
      JWT_SECRET: SECRET,
      ALLOW_TEST_CLOCK: 'true',
      TEST_CLOCK_NOW: MONDAY,
      SEED_DEMO: 'false',
      MIGRATE_ON_START: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(root, '.data/bench-server'),
      ...(process.env.BENCH_POOL ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('listening on')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)))
  })
  log(`server: node dist/server.js, pid ${child.pid}, port ${port}`)
  return { child, pid: child.pid!, base: `http://127.0.0.1:${port}` }
}

interface LoadResult {
  requests: number
  ok: number
  non2xx: number
  errors: number
  p50: number
  p99: number
  seconds: number
}

async function loadRun(job: { url: string; token: string; campaigns: string[]; orders: Order[]; connections: number; seconds: number }): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'orders-load.mjs'), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the load generator exited with ${code}`)
  return JSON.parse(out) as LoadResult
}

function pgbenchRun(pgbench: string, url: string, clients: number): number {
  const out = execFileSync(pgbench, ['-N', '-n', '-c', String(clients), '-j', '2', '-T', String(SECONDS), url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)
  if (!tps) throw new Error(`pgbench said:\n${out}`)
  return Number(tps[1])
}

function healthRun(url: string, clients: number): number {
  const out = execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/autocannon/autocannon.js'), '-c', String(clients), '-d', String(SECONDS), '-j', url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 },
  )
  const result = JSON.parse(out) as { requests: { total: number }; duration: number; non2xx: number }
  if (result.non2xx > 0) throw new Error(`/health answered ${result.non2xx} non-2xx`)
  return result.requests.total / result.duration
}

export default bench
