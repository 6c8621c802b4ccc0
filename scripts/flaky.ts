// `npm run test:flaky -- [--runs N] [--jobs J] <files>`: runs each test file N times (20 by
// default), J runs at once (2), and prints a table of failures per file, with the TAP of each
// failed run kept for reading. The database is the one of WW_TEST_ADMIN_URL/WW_TEST_TEMPLATE when
// they are set (source /tmp/devdb/env), else one of its own as `npm test` makes.
import 'dotenv/config'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startTestDatabase, type TestDatabase } from './test-database.ts'

const root = path.resolve(import.meta.dirname, '..')
const say = (m: string) => console.log(`[flaky] ${m}`)

const { values, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '20' }, jobs: { type: 'string', default: '2' } },
})
const runs = Number(values.runs)
const jobs = Number(values.jobs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: a whole number, 1 or more`)
if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs ${values.jobs}: a whole number, 1 or more`)
if (files.length === 0) throw new Error('name the test files: npm run test:flaky -- --runs 20 test/a.test.ts test/b.test.ts')

interface Outcome {
  file: string
  run: number
  ok: boolean
  seconds: number
  log?: string
}

const running = new Set<ChildProcess>()
const logs = mkdtempSync(path.join(tmpdir(), 'ww-flaky-'))

/** One run of one file through tap (its loader, timeout and environment), its TAP kept when it fails. */
function once(file: string, run: number, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const started = performance.now()
  return new Promise((resolve) => {
    let output = ''
    const child = spawn(path.join(root, 'node_modules/.bin/tap'), ['--reporter', 'tap', '--jobs', '1', '--disable-coverage', file], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own: stopping a run stops tap's test process and its browser too.
      detached: true,
    })
    running.add(child)
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('exit', (code, signal) => {
      running.delete(child)
      const ok = code === 0 && !signal
      const outcome: Outcome = { file, run, ok, seconds: (performance.now() - started) / 1000 }
      if (!ok) {
        outcome.log = path.join(logs, `${file.replace(/[\\/]/g, '_')}.run${run}.tap`)
        writeFileSync(outcome.log, output)
      }
      resolve(outcome)
    })
  })
}

let db: TestDatabase | undefined
const given = process.env.WW_TEST_ADMIN_URL && process.env.WW_TEST_TEMPLATE
if (!given) db = await startTestDatabase(say)
const env = { ...process.env, ...db?.env }
const queue = Array.from({ length: runs }, (_, run) => files.map((file) => ({ file, run: run + 1 }))).flat()
const outcomes: Outcome[] = []
// Stopped (Ctrl-C, a session's end): the table of the runs that ended, and the children with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`stopped by ${signal}: the runs that ended so far`)
    for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL')
    void db?.stop()
    process.exit(report())
  })
}
try {
  say(`${files.length} file(s) × ${runs} runs, ${jobs} at once; TAP of failed runs in ${logs}`)
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const outcome = await once(next.file, next.run, env)
        outcomes.push(outcome)
        // A line a run, so that a long table stopped early still says what it found.
        say(`${outcome.ok ? 'passed' : 'FAILED'} ${outcome.file} run ${outcome.run} in ${outcome.seconds.toFixed(1)} s${outcome.log ? `: ${outcome.log}` : ''}`)
      }
    }),
  )
} finally {
  await db?.stop()
}

process.exit(report())

/** Prints the table of the runs that ended; answers the exit code. */
function report(): number {
  const rows = files.map((file) => {
    const mine = outcomes.filter((o) => o.file === file)
    const failed = mine.filter((o) => !o.ok)
    const seconds = mine.map((o) => o.seconds).sort((a, b) => a - b)
    return [
      file,
      String(mine.length),
      String(failed.length),
      mine.length === 0 ? '—' : `${Math.round((100 * failed.length) / mine.length)}%`,
      seconds.length === 0 ? '—' : seconds[seconds.length >> 1]!.toFixed(1),
      failed.map((o) => o.run).join(' '),
    ]
  })
  const head = ['file', 'runs', 'failed', 'rate', 'median s', 'failed runs']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  console.log(line(head))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
  const failures = outcomes.filter((o) => !o.ok).length
  if (failures === 0) rmSync(logs, { recursive: true, force: true })
  console.log(`runs: ${outcomes.length - failures} passed, ${failures} failed`)
  return failures === 0 ? 0 : 1
}
