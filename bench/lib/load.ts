// The load the orders bench puts on a server, and its baseline: wrk (or autocannon) from a
// process of its own (bench/orders-load.lua, bench/orders-load.mjs), `pgbench -N` on the same
// PostgreSQL, and the same generator on a plain GET. Each measured run starts quiet
// (lib/server.ts quiesce) and says how much WAL the cluster wrote during it.
import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type pg from 'pg'
import { quiesce, walBetween, walPosition } from './server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

export interface LoadJob {
  url: string
  /** `{campaign}` is replaced by each connection's campaign of the moment. */
  route?: string
  token: string
  campaigns: string[]
  orders: unknown[]
  connections: number
  seconds: number
  /** `in-a-row` (each connection a campaign's orders in a row), `round-robin` over `ring` campaigns, `bgio` or `get` (bench/orders-load.lua, bench/orders-load.mjs). */
  pattern?: 'in-a-row' | 'round-robin' | 'bgio' | 'get'
  ring?: number
  /** Requests to send, instead of `seconds` of them. */
  amount?: number
  /** round-robin: the turn to start at (a lap is `ring` turns). */
  firstTurn?: number
  /** `bgio`: boardgame.io's matches, one per connection (bench/lib/bgio-server.mjs's HTTP moves). */
  matches?: { matchID: string; playerID: string; credentials: string }[]
}

export interface LoadResult {
  requests: number
  ok: number
  non2xx: number
  errors: number
  p50: number
  p99: number
  seconds: number
}

/**
 * A round-robin run as two: the ring's first lap, each campaign's first order after the fleet's
 * reset (a read, as after another instance's write), to send unmeasured; then the ring's other
 * laps, every order one that a server remembering the ring takes in one round trip, and none of
 * the next ring's first orders.
 */
export function ringLaps(job: LoadJob, laps: number): { warm: LoadJob; measured: LoadJob } {
  const ring = job.ring ?? 1000
  return {
    warm: { ...job, pattern: 'round-robin', amount: ring, firstTurn: 0 },
    measured: { ...job, pattern: 'round-robin', amount: ring * (laps - 1), firstTurn: ring },
  }
}

/**
 * An in-a-row run by count: each connection sends whole campaigns' orders, four fifths of the
 * fleet in all, so that no run outlasts the fleet's legal orders however fast the machine is (a
 * run of seconds did on 2026-12-01: 3,000 orders/s for 10 s is the whole fleet of 3,000).
 */
export function inARowCount(job: LoadJob): LoadJob {
  const perConnection = Math.floor((job.campaigns.length * 0.8) / job.connections)
  return { ...job, pattern: 'in-a-row', amount: perConnection * job.connections * job.orders.length }
}

/**
 * Sends a job's load: with wrk (Debian's, C) where it is installed, as #52's own measurements
 * did; else with autocannon (bench/orders-load.mjs), which spent 0.10 ms of CPU per order on
 * these two cores against wrk's 0.04 (2026-12-02), beside the server's and PostgreSQL's 0.2 each,
 * taken from them. BENCH_LOAD=autocannon picks it all the same.
 */
export async function loadRun(job: LoadJob): Promise<LoadResult> {
  return loadGenerator() === 'wrk' ? wrkRun(job) : autocannonRun(job)
}

export function loadGenerator(): 'wrk' | 'autocannon' {
  return process.env.BENCH_LOAD === 'autocannon' || spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk'
}

async function autocannonRun(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(root, 'bench/orders-load.mjs'), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the load generator exited with ${code}`)
  return JSON.parse(out) as LoadResult
}

/**
 * bench/orders-load.lua under `wrk -t N -c N` (a thread per connection). A run by count ends
 * when every connection has written that it stopped: wrk itself only ends at its -d or on SIGINT.
 */
async function wrkRun(job: LoadJob): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'orders-load-'))
  const file = path.join(dir, 'job.txt')
  const list = (items: readonly string[]) => [String(items.length), ...items]
  const pattern = job.pattern ?? 'in-a-row'
  writeFileSync(
    file,
    [
      pattern,
      job.route ?? '/api/campaigns/{campaign}/orders',
      job.token,
      String(job.ring ?? 1000),
      String(job.firstTurn ?? 0),
      String(job.amount ?? 0),
      ...list(job.campaigns),
      ...list(job.orders.map((order) => JSON.stringify(order))),
      ...list((job.matches ?? []).map((m) => `${m.matchID} ${m.playerID} ${m.credentials}`)),
    ].join('\n') + '\n',
  )
  const threads = String(job.connections)
  // A run by count ends when its connections stop; the cap only bounds one whose server died.
  const seconds = job.amount ? 900 : job.seconds
  const child = spawn(
    'wrk',
    ['-t', threads, '-c', threads, '-d', `${seconds}s`, '--timeout', '30s', '-s', path.join(root, 'bench/orders-load.lua'), job.url, '--', file, threads],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  let stopped = 0
  let said = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    stopped += text.split('stopped\n').length - 1
    said += text.replaceAll('stopped\n', '')
    if (job.amount && stopped >= job.connections) child.kill('SIGINT')
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  rmSync(dir, { recursive: true, force: true })
  const line = out.split('\n').find((l) => l.startsWith('{'))
  if (code !== 0 || !line) throw new Error(`wrk exited with ${code}: ${said}${out}`)
  if (said.trim()) process.stderr.write(`wrk: ${said.trim().split('\n').slice(0, 5).join('\n     ')}\n`)
  const r = JSON.parse(line) as { requests: number; non2xx: number; errors: number; timeouts: number; p50: number; p99: number; microseconds: number }
  return {
    requests: r.requests,
    ok: r.requests - r.non2xx,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    p50: r.p50,
    p99: r.p99,
    seconds: r.microseconds / 1e6,
  }
}

export function pgbenchBinary(): string {
  if (spawnSync('pgbench', ['--version']).status === 0) return 'pgbench'
  const old = '/usr/lib/postgresql/15/bin/pgbench'
  if (!existsSync(old)) throw new Error('pgbench is needed: apt install postgresql-client (or postgresql-15)')
  return old
}

/** `pgbench -N` for `seconds`: transactions per second and how many were done. */
export async function pgbenchRun(pgbench: string, url: string, clients: number, seconds: number): Promise<{ tps: number; transactions: number }> {
  const { stdout } = await run(pgbench, ['-N', '-n', '-c', String(clients), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8' })
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)
  const done = /number of transactions actually processed: (\d+)/.exec(stdout)
  if (!tps || !done) throw new Error(`pgbench said:\n${stdout}`)
  return { tps: Number(tps[1]), transactions: Number(done[1]) }
}

/** GET requests/s at `clients` connections. */
export async function getRun(url: string, clients: number, seconds: number): Promise<number> {
  const { origin, pathname } = new URL(url)
  const result = await loadRun({ url: `${origin}/`, route: pathname, pattern: 'get', token: '', campaigns: [], orders: [], connections: clients, seconds })
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx`)
  return result.ok / result.seconds
}

/** `measure` started after a checkpoint and with autovacuum idle, with the WAL the cluster wrote meanwhile. */
export async function quietly<T>(admin: pg.Client, measure: () => Promise<T>): Promise<{ result: T; walBytes: number; fpiBytes: number; walTop: string }> {
  await quiesce(admin)
  const before = await walPosition(admin)
  const result = await measure()
  const after = await walPosition(admin)
  const inside = await walBetween(admin, before.lsn, after.lsn)
  return { result, walBytes: Number(after.bytes - before.bytes), fpiBytes: inside.fpiBytes, walTop: inside.top }
}
