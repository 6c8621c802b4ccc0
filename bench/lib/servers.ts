// The processes the orders benches load: the service as `npm start` runs it, and the floor
// (bench/floor-server.mjs); and the CPU each side spends, PostgreSQL's ended backends counted.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../../test/helpers/test-support.ts'
import { MONDAY, SECRET, SNAPSHOT_EVERY } from './fleet.ts'
import { cpuOf, cpuSince, endedChildrenCpuMs, family, listening } from './proc.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** The service built from `cwd` (this checkout by default), started as its own `npm start` starts it. */
export async function startServer(url: string, log: (m: string) => void, extraEnv: Record<string, string> = {}, cwd = root) {
  const port = await freePort()
  // BENCH_PROFILE=1: the server writes a CPU profile to .data/profiles when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.data/profiles')}`] : []
  // The server runs exactly as its own `npm start` runs it: its revision's node flags (compare's sides differ in them too).
  const start = (JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/)
  if (start[0] !== 'node') throw new Error(`npm start is not "node …": ${start.join(' ')}`)
  const child = spawn(process.execPath, [...profile, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...start.slice(1)], {
    cwd,
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
      ...(SNAPSHOT_EVERY ? { SNAPSHOT_EVERY } : {}),
      ...(process.env.BENCH_KNOWN_CAMPAIGNS ? { KNOWN_CAMPAIGNS: process.env.BENCH_KNOWN_CAMPAIGNS } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await listening(child, 'the server')
  log(`server: node dist/server.js, pid ${child.pid}, port ${port}${Object.keys(extraEnv).length ? ` (${new URLSearchParams(extraEnv).toString()})` : ''}`)
  return { child, pid: child.pid!, base: `http://127.0.0.1:${port}` }
}

/** Runs `work`, measuring the CPU of the node processes given and of PostgreSQL's. */
export async function withCpu<T>(nodePids: number[], postmaster: number, work: () => Promise<T>): Promise<{ result: T; nodeMs: number; pgMs: number }> {
  const pgBefore = cpuOf(family(postmaster))
  const endedBefore = endedChildrenCpuMs(postmaster)
  const nodeBefore = cpuOf(nodePids)
  const result = await work()
  // A backend that ends between the two readings below would be counted twice (alive, then in
  // the postmaster's account): wait until those the work started are gone (pgbench's close).
  const before = new Set(pgBefore.keys())
  for (let waited = 0; waited < 3000 && family(postmaster).some((pid) => !before.has(pid)); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const after = family(postmaster)
  // A backend that ended during the work (an idle pool connection of another server closing) is in
  // the postmaster's account with all its life: only what it spent since the first reading counts.
  const endedEarlier = [...pgBefore].filter(([pid]) => !after.includes(pid)).reduce((sum, [, ms]) => sum + ms, 0)
  const pgMs = cpuSince(pgBefore, after) + endedChildrenCpuMs(postmaster) - endedBefore - endedEarlier
  return { result, nodeMs: cpuSince(nodeBefore, nodePids), pgMs }
}

/** `quietly`'s answer around `withCpu`'s, flattened. */
export function unwrapCpu<Q extends { result: { result: unknown; nodeMs: number; pgMs: number } }>(
  q: Q,
): Omit<Q, 'result'> & { result: Q['result']['result']; nodeMs: number; pgMs: number } {
  return { ...q, result: q.result.result, nodeMs: q.result.nodeMs, pgMs: q.result.pgMs }
}

/** bench/floor-server.mjs with the server's pool size and node flags. */
export async function startFloor(url: string, log: (m: string) => void) {
  const port = await freePort()
  const flags = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
    .split(/\s+/)
    .filter((a) => a.startsWith('--'))
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.data/profiles/floor')}`] : []
  const child = spawn(process.execPath, [...profile, ...flags, path.join(root, 'bench/floor-server.mjs')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), DATABASE_URL: url, JWT_SECRET: SECRET, POOL: process.env.BENCH_POOL ?? '10' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve())
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code}) before listening`)))
  })
  log(`floor: node bench/floor-server.mjs, pid ${child.pid}, port ${port}`)
  return { child, pid: child.pid!, base: `http://127.0.0.1:${port}` }
}
