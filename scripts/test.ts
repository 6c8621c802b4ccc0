// `npm test` runs this after the type check: one PostgreSQL server for the whole
// run (DATABASE_URL's, or an embedded one in a temporary folder of its own), a freshly
// migrated template database, then tap, whose test files each clone the template.
import 'dotenv/config'
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startEmbedded, type Database } from '../src/db/embedded.ts'
import { migrate } from '../src/db/migrate.ts'
import { adminQuery, freePort, withDatabase } from '../test/helpers/test-support.ts'

const root = path.resolve(import.meta.dirname, '..')
const say = (m: string) => console.log(`[test] ${m}`)
const TEMPLATE = 'ww_test_template'
const ENGINE_LINES = 95
const ENGINE_BRANCHES = 95

let db: Database
let dataDir: string | undefined
if (process.env.DATABASE_URL) {
  say('using the PostgreSQL server of DATABASE_URL')
  db = { url: process.env.DATABASE_URL, adminUrl: process.env.DATABASE_URL, embedded: false, async stop() {} }
} else {
  // A server of this run's own, in a fresh folder and on a free port: two runs at once never meet.
  const port = Number(process.env.EMBEDDED_PG_TEST_PORT ?? 0) || (await freePort())
  dataDir = mkdtempSync(path.join(tmpdir(), 'ww-test-'))
  chmodSync(dataDir, 0o755) // the server runs as the postgres user when we are root
  db = await startEmbedded({ dataDir: path.join(dataDir, 'postgres'), port, database: 'postgres', log: say })
  say(`embedded PostgreSQL for tests on port ${port} in ${dataDir}`)
}

let code = 1
try {
  // The boundaries between platform, kernel and games (.dependency-cruiser.cjs) come first: a
  // game that imports another fails the run before any test.
  const cruised = await new Promise<number>((resolve) => {
    spawn(path.join(root, 'node_modules/.bin/depcruise'), ['src', '--config', '.dependency-cruiser.cjs'], { cwd: root, stdio: 'inherit' }).on('exit', (c) =>
      resolve(c ?? 1),
    )
  })
  if (cruised !== 0) throw new Error('dependency-cruiser found imports across the boundaries (see above)')
  // One layout for the code (.prettierrc.json): `npm run format` writes it.
  const formatted = await new Promise<number>((resolve) => {
    spawn(path.join(root, 'node_modules/.bin/prettier'), ['--check', '--log-level', 'warn', '.'], { cwd: root, stdio: 'inherit' }).on('exit', (c) =>
      resolve(c ?? 1),
    )
  })
  if (formatted !== 0) throw new Error("prettier found files not in the project's layout (see above); run npm run format")
  const adminUrl = withDatabase(db.adminUrl, 'postgres')
  // Leftovers of an interrupted run would only waste disk.
  const { rows } = await adminQuery(adminUrl, `SELECT datname FROM pg_database WHERE datname LIKE 't\\_%' OR datname = '${TEMPLATE}'`)
  for (const row of rows) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`)
  await adminQuery(adminUrl, `CREATE DATABASE "${TEMPLATE}"`)
  await migrate(withDatabase(adminUrl, TEMPLATE))
  say(`template database ${TEMPLATE} migrated`)

  // V8 coverage of every test process, in this run's own folder (two runs at once never mix).
  const coverage = mkdtempSync(path.join(tmpdir(), 'ww-coverage-'))
  const args = process.argv.slice(2)
  const tap = spawn(path.join(root, 'node_modules/.bin/tap'), args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WW_TEST_ADMIN_URL: adminUrl, WW_TEST_TEMPLATE: TEMPLATE, NODE_V8_COVERAGE: coverage },
  })
  code = await new Promise<number>((resolve) => tap.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))))
  // The engine's coverage is enforced on a whole run, measured on the engine's own tests
  // (one kind of process, so V8's counts merge cleanly); the rest of src/ is reported.
  const whole = !args.some((a) => !a.startsWith('-'))
  const c8 = (dir: string, extra: string[]) =>
    new Promise<number>((resolve) => {
      spawn(path.join(root, 'node_modules/.bin/c8'), [...extra, '--temp-directory', dir], { cwd: root, stdio: 'inherit' }).on('exit', (c) => resolve(c ?? 1))
    })
  if (code === 0) {
    say('coverage of src/ over the whole run (reported):')
    await c8(coverage, ['report', '--include', 'src/**', '--exclude', 'src/generated/**', '--reporter', 'text-summary'])
  }
  if (code === 0 && whole) {
    const engineCoverage = mkdtempSync(path.join(tmpdir(), 'ww-engine-coverage-'))
    // Every game's own tests (test/games/<game>/), the contract they all pass included.
    const engineTests = readdirSync(path.join(root, 'test/games'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `test/games/${f}`)
    say(`the engine's tests once more, for its coverage (enforced: at least ${ENGINE_LINES}% of lines and ${ENGINE_BRANCHES}% of branches)`)
    const engineRun = spawn(path.join(root, 'node_modules/.bin/tap'), ['--reporter', 'dot', ...engineTests], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WW_TEST_ADMIN_URL: adminUrl, WW_TEST_TEMPLATE: TEMPLATE, NODE_V8_COVERAGE: engineCoverage },
    })
    code = await new Promise<number>((resolve) => engineRun.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))))
    if (code === 0) {
      await c8(engineCoverage, ['report', '--include', 'src/engine/**', '--reporter', 'text-summary'])
      const checked = await c8(engineCoverage, [
        'check-coverage',
        '--include',
        'src/engine/**',
        '--lines',
        String(ENGINE_LINES),
        '--branches',
        String(ENGINE_BRANCHES),
      ])
      if (checked !== 0) {
        say("the engine's coverage is below its threshold: add tests for the lines and branches that c8 names")
        code = checked
      }
    }
    rmSync(engineCoverage, { recursive: true, force: true })
  }
  rmSync(coverage, { recursive: true, force: true })
} finally {
  await db.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}
process.exit(code)
