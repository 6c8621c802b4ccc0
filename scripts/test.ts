// `npm test`: the type check, the import boundaries and the layout, then every test
// file with tap on one PostgreSQL server (scripts/test-database.ts), collecting V8 coverage in that
// same run (in the pure tests' processes, test/helpers/coverage-scope.ts; WW_COVERAGE=all for
// every process); the engine's coverage is enforced from it. Each phase's wall time is printed, and
// the assertion count as a closing line (both also appended to the file WW_PHASES names, for .ci/run).
//
//   tsx scripts/test.ts                      everything
//   tsx scripts/test.ts test/lib/x.test.ts   those files only (tap's arguments pass through)
import 'dotenv/config'
import { spawn, type StdioOptions } from 'node:child_process'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createInterface } from 'node:readline'
import path from 'node:path'
import { counted, failures, progress, slowest } from './lib/tap-report.ts'
import { plan } from './test-batches.ts'
import { startTestDatabase } from './test-database.ts'

const root = path.resolve(import.meta.dirname, '..')
const say = (m: string) => console.log(`[test] ${m}`)
const ENGINE_LINES = 95
const ENGINE_BRANCHES = 95

const phases: [string, number][] = []
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    const seconds = (performance.now() - started) / 1000
    phases.push([name, seconds])
    say(`${name}: ${seconds.toFixed(1)} s`)
    if (process.env.WW_PHASES) appendFileSync(process.env.WW_PHASES, `${name} ${seconds.toFixed(0)}\n`)
  }
}

/**
 * A tool of node_modules/.bin; `quiet` keeps its output until it ends, for tools that run side by
 * side; `lines`, when given, is handed each line of its standard output instead of the terminal.
 */
function run(bin: string, args: string[], env: NodeJS.ProcessEnv = process.env, quiet = false, lines?: (line: string) => void): Promise<number> {
  return new Promise((resolve) => {
    const stdio: StdioOptions = quiet ? ['ignore', 'pipe', 'pipe'] : lines ? ['inherit', 'pipe', 'inherit'] : 'inherit'
    const child = spawn(path.join(root, 'node_modules/.bin', bin), args, { cwd: root, stdio, env })
    let output = ''
    if (lines) createInterface({ input: child.stdout! }).on('line', lines)
    else child.stdout?.on('data', (d) => (output += d))
    child.stderr?.on('data', (d) => (output += d))
    child.on('close', (code, signal) => {
      if (output.trim()) console.log(output.trimEnd())
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}

const args = process.argv.slice(2)
// A whole run (no file named) is the one that enforces the engine's coverage.
const whole = !args.some((a) => !a.startsWith('-'))
let code = 1
const work = mkdtempSync(path.join(tmpdir(), 'ww-run-'))
// Inside the checkout, where tap names files by their path (ignored by git and prettier).
const batchDir = path.join(root, '.tap', `batches-${process.pid}`)
try {
  // The type check, the boundaries between platform, kernel and games (.dependency-cruiser.cjs: a
  // game that imports another fails the run before any test), the layout (.prettierrc.json;
  // `npm run format` writes it) and the database's start, side by side: each is mostly one
  // core's work, and there are two.
  const [typed, cruised, formatted, database] = await Promise.all([
    phase('typecheck', () => run('tsc', ['--noEmit'], process.env, true)),
    phase('depcruise', () => run('depcruise', ['src', '--config', '.dependency-cruiser.cjs'], process.env, true)),
    phase('prettier', () => run('prettier', ['--check', '--log-level', 'warn', '.'], process.env, true)),
    phase('database', () => startTestDatabase(say)).then(
      (db) => ({ db }),
      (error: Error) => ({ error }),
    ),
  ])
  if ('error' in database) throw database.error
  const { db } = database
  const refused = [
    typed !== 0 && 'the type check failed',
    cruised !== 0 && 'dependency-cruiser found imports across the boundaries',
    formatted !== 0 && "prettier found files not in the project's layout (npm run format writes it)",
  ].filter(Boolean)
  if (refused.length > 0) {
    await db.stop()
    throw new Error(`${refused.join('; ')} (see above)`)
  }
  try {
    // V8 coverage of the test processes, in this run's own folder (two runs at once never mix).
    const coverage = path.join(work, 'coverage')
    const files = path.join(work, 'files')
    const env = { ...process.env, ...db.env, NODE_V8_COVERAGE: coverage }
    // A whole run batches the test files (scripts/test-batches.ts; WW_BATCH=0: each alone).
    const batching = whole && process.env.WW_BATCH !== '0'
    const planned = batching ? plan(root, batchDir) : undefined
    for (const [entry, group] of planned?.batches ?? []) say(`${entry}: ${group.join(' ')}`)
    // A whole run's log is a line a file (progress()); files named by hand keep tap's own reporter.
    const reporter = whole ? ['--reporter', 'tap'] : []
    const log = (line: string) => {
      const shown = progress(line)
      if (shown !== undefined) say(shown)
    }
    code = await phase('tests', () => run('tap', [...reporter, '--output-dir', files, ...args, ...(planned?.files ?? [])], env, false, whole ? log : undefined))
    const count = counted(files)
    if (whole) for (const line of failures(files, count.failedFiles)) console.log(line)
    say('the slowest files and batches (time inside each):')
    for (const line of slowest(files, 10)) console.log(`  ${line}`)
    if (code === 0) {
      await phase('coverage', async () => {
        say(`coverage of src/ in the ${process.env.WW_COVERAGE === 'all' ? 'whole run' : 'pure tests (test/games, lib, faces)'} (reported):`)
        await run('c8', ['report', '--temp-directory', coverage, '--include', 'src/**', '--exclude', 'src/generated/**', '--reporter', 'text-summary'])
        if (!whole) return
        // The engine's coverage over the same run: its own tests (and any other that ran it).
        say(`coverage of src/engine/ (enforced: at least ${ENGINE_LINES}% of lines and ${ENGINE_BRANCHES}% of branches):`)
        // One c8 both reports and checks: each reading merges every process's coverage anew.
        const engine = ['--temp-directory', coverage, '--include', 'src/engine/**', '--reporter', 'text-summary', '--check-coverage']
        if ((await run('c8', ['report', ...engine, '--lines', String(ENGINE_LINES), '--branches', String(ENGINE_BRANCHES)])) !== 0) {
          say("the engine's coverage is below its threshold: add tests for the lines and branches that c8 names")
          code = 1
        }
      })
    }
    // The closing line CI reads: every assertion of the run, passed and failed.
    const closing = `assertions: ${count.pass} passed, ${count.fail} failed${count.skip + count.todo ? `, ${count.skip + count.todo} skipped` : ''}`
    console.log(closing)
    if (process.env.WW_PHASES) appendFileSync(process.env.WW_PHASES, `${closing}\n`)
  } finally {
    await db.stop()
  }
} catch (error) {
  say((error as Error).message)
  code = 1
} finally {
  rmSync(work, { recursive: true, force: true })
  rmSync(batchDir, { recursive: true, force: true })
  say(`phases: ${phases.map(([name, s]) => `${name} ${s.toFixed(0)} s`).join(', ')}`)
}
process.exit(code)
