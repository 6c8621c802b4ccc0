// `npm start` to its first 200 of GET /health (#32: a warm start in a second), on
// an external PostgreSQL (DATABASE_URL) and on the embedded one (no DATABASE_URL),
// cold and warm, RUNS times each:
// - cold: nothing built (no dist/), an empty database or an empty data folder, so
//   the build, the cluster's creation, the migrations and the demo seed all happen;
// - warm: the same again with nothing changed, as a developer's second start.
// The scripts are package.json's own (start, after prestart if there is one), run as npm runs them,
// in a copy of the tree under .data/bench-start so that this checkout's dist/ and
// .data/ are left alone. npm's own start-up (a few hundred ms) is not counted.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import type { Bench } from './run.ts'
import { benchServer, median } from './lib/server.ts'
import { cpuMs, rssMb } from './lib/proc.ts'
import { freePort } from '../test/helpers/test-support.ts'

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5)
const root = path.resolve(import.meta.dirname, '..')
const work = path.join(root, '.data/bench-start')
const tree = path.join(work, 'tree')
/** What the built server reads besides node_modules: its sources, views, docs and migrations. */
const TREE = ['src', 'scripts', 'views', 'docs', 'prisma', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']

function copyTree() {
  rmSync(tree, { recursive: true, force: true })
  mkdirSync(tree, { recursive: true })
  for (const entry of TREE) cpSync(path.join(root, entry), path.join(tree, entry), { recursive: true })
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(tree, 'node_modules'))
}

interface Start {
  /** Spawn of prestart to the first 200 of /health. */
  ms: number
  /** How long prestart (the build step) took. */
  buildMs: number
  rssMb: number
  /** The server process's own CPU to its first 200: what a busy machine stretches, and an idle one waits for. */
  cpuMs: number
}

function scripts(): { prestart?: string; start: string } {
  return (JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as { scripts: { prestart?: string; start: string } }).scripts
}

async function startOnce(env: Record<string, string>, log: (m: string) => void): Promise<Start> {
  const port = await freePort()
  const { prestart, start } = scripts()
  // As npm runs a script: through sh, with node_modules/.bin first on PATH.
  const run = (script: string, stdio: 'inherit' | 'pipe') =>
    spawn('sh', ['-c', script], {
      cwd: tree,
      env: {
        PATH: `${path.join(tree, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', stdio === 'pipe' ? 'pipe' : 'ignore', 'inherit'],
    })
  const t0 = performance.now()
  if (prestart) {
    const code = await new Promise<number | null>((resolve) => run(prestart, 'inherit').once('exit', resolve))
    if (code !== 0) throw new Error(`prestart (${prestart}) exited with ${code}`)
  }
  const buildMs = performance.now() - t0
  const child = run(`exec ${start}`, 'pipe')
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  let exited = false
  child.once('exit', () => (exited = true))
  try {
    for (;;) {
      if (exited) throw new Error(`the server exited before answering:\n${out}`)
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) break
      await new Promise((r) => setTimeout(r, 10))
    }
    const ms = performance.now() - t0
    return { ms, buildMs, rssMb: rssMb(child.pid!), cpuMs: cpuMs(child.pid!) }
  } finally {
    await stop(child)
    if (!/listening on/.test(out)) log(`server output:\n${out}`)
  }
}

/** SIGTERM, as an operator stops it: the embedded PostgreSQL is stopped with it. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await gone
}

const bench: Bench = async (report, log) => {
  copyTree()
  const external = await benchServer(log)
  const results = new Map<string, Start[]>()
  const record = (name: string, s: Start) => {
    results.set(name, [...(results.get(name) ?? []), s])
    log(
      `${name}: ${Math.round(s.ms)} ms to the first 200 (prestart ${Math.round(s.buildMs)} ms), server CPU ${Math.round(s.cpuMs)} ms, RSS ${Math.round(s.rssMb)} MB`,
    )
  }
  try {
    for (let run = 1; run <= RUNS; run++) {
      // Cold: no build, an empty database; then warm on the same.
      rmSync(path.join(tree, 'dist'), { recursive: true, force: true })
      const url = await external.database('bench_start', { migrated: false })
      const env = { DATABASE_URL: url, DATA_DIR: path.join(work, 'external-data') }
      record('external_cold', await startOnce(env, log))
      record('external_warm', await startOnce(env, log))
      // Cold: no build, no cluster; then warm on the same data folder.
      rmSync(path.join(tree, 'dist'), { recursive: true, force: true })
      const dataDir = path.join(work, 'embedded-data')
      rmSync(dataDir, { recursive: true, force: true })
      const embedded = { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) }
      record('embedded_cold', await startOnce(embedded, log))
      record('embedded_warm', await startOnce(embedded, log))
    }
  } finally {
    await external.stop()
  }
  const what: Record<string, string> = {
    external_cold: 'DATABASE_URL, empty database, no dist/: build, migrations, demo seed',
    external_warm: 'DATABASE_URL, nothing changed, goal <= 1000',
    embedded_cold: 'no DATABASE_URL, empty data folder, no dist/: build, initdb, migrations, demo seed',
    embedded_warm: 'no DATABASE_URL, nothing changed: the cluster starts on its data folder',
  }
  for (const [name, starts] of results) {
    const each = starts.map((s) => Math.round(s.ms)).join(', ')
    report(`${name}_ms`, median(starts.map((s) => s.ms)), 'ms', `${what[name]}; median of ${starts.length}: ${each}`)
    // With no prestart, the build step is the start script's own first step, inside the total.
    if (scripts().prestart)
      report(`${name}_prestart_ms`, median(starts.map((s) => s.buildMs)), 'ms', `the build step; ${starts.map((s) => Math.round(s.buildMs)).join(', ')}`)
    report(
      `${name}_server_cpu_ms`,
      median(starts.map((s) => s.cpuMs)),
      'ms',
      `node's CPU (user + system) to the first 200; ${starts.map((s) => Math.round(s.cpuMs)).join(', ')}`,
    )
    report(`${name}_rss_mb`, median(starts.map((s) => s.rssMb)), 'MB', "the server's VmRSS at its first 200")
  }
}
export default bench
