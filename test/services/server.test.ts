// The real process, as `npm start` runs it: embedded PostgreSQL in a fresh data
// folder, migrations at start, graceful stop, restart with the data kept, and a
// restart after SIGKILL (which leaves the database server orphaned).
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import t from 'tap'
import { freePort } from '../helpers/test-support.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'ww-server-'))
chmodSync(dataDir, 0o755) // the embedded server runs as the postgres user

interface Running {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

async function start(port: number, pgPort: number): Promise<Running> {
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    // Signals must reach the server itself, so no tsx wrapper process; autoload is told it runs TypeScript.
    env: {
      ...process.env,
      FASTIFY_AUTOLOAD_TYPESCRIPT: '1',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const until = Date.now() + 30_000
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.status === 200) return { child, output: () => output, exited }
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not answer /health within 30 s:\n${output}`)
}

t.test('npm start serves /health on the embedded database and keeps data across restarts', async (t) => {
  const port = await freePort()
  const pgPort = await freePort()
  const first = await start(port, pgPort)
  t.match(first.output(), /using the embedded PostgreSQL/)
  // The migrations run while the modules load; the boot sweep reads the database only after them.
  t.match(first.output(), /applied \d+ migration\(s\)/)
  t.notMatch(first.output(), /boot sweep failed|could not start/, 'the boot sweep found its tables')
  t.match(first.output(), /seeded demo data/)
  t.match(first.output(), /gm@demo\.weekdaywars\.test/)
  const reg = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'keeper@example.com', password: 'persistent keeper of keys', displayName: 'Keeper' }),
  })
  t.equal(reg.status, 201)

  // SIGTERM with a request in flight (#51): a change of name waits on its account's row, which
  // the test holds locked, when the signal comes. The service stops taking requests, finishes
  // that one, and only then closes its pool and the database.
  const superuser = encodeURIComponent(readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim())
  const admin = new pg.Client({ connectionString: `postgresql://postgres:${superuser}@127.0.0.1:${pgPort}/postgres` })
  await admin.connect()
  const database = (await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE NOT datistemplate AND datname <> 'postgres'`)).rows[0]!
    .datname
  await admin.end()
  const locker = new pg.Client({ connectionString: `postgresql://postgres:${superuser}@127.0.0.1:${pgPort}/${database}` })
  locker.on('error', () => {}) // the database stops under it once the service is gone
  await locker.connect()
  await locker.query('BEGIN')
  await locker.query(`SELECT id FROM users WHERE email = 'keeper@example.com' FOR UPDATE`)
  const { token } = (await reg.json()) as { token: string }
  const renamed = fetch(`http://127.0.0.1:${port}/api/me`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ displayName: 'Keeper of the keys' }),
  })
  // The statistics a transaction reads are a snapshot taken at its first read: cleared each time.
  const waiting = async () => {
    await locker.query('SELECT pg_stat_clear_snapshot()')
    const { rows } = await locker.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = $1`, [database])
    return Number(rows[0]!.n)
  }
  for (const end = Date.now() + 30_000; (await waiting()) === 0;) {
    if (Date.now() > end) throw new Error('the change of name never reached the database')
    await new Promise((r) => setTimeout(r, 20))
  }
  first.child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 300))
  const late = await fetch(`http://127.0.0.1:${port}/health`).then(
    (res) => res.status,
    () => 'refused',
  )
  t.ok(late === 503 || late === 'refused', `a request after SIGTERM is turned away (${late}), never left waiting`)
  t.equal(first.child.exitCode, null, 'the process waits for the request in flight')
  await locker.query('ROLLBACK')
  await locker.end()
  const answer = await renamed
  t.equal(answer.status, 200, 'the request in flight is answered')
  t.match(await answer.json(), { displayName: 'Keeper of the keys' })
  t.equal(await first.exited, 0, 'stops cleanly on SIGTERM')
  t.notOk(existsSync(path.join(dataDir, 'postgres/postmaster.pid')), 'the embedded database was stopped too')

  const second = await start(port, pgPort)
  t.notMatch(second.output(), /seeded demo data/, 'no second seeding')
  t.match(second.output(), /database schema is up to date/)
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'keeper@example.com', password: 'persistent keeper of keys' }),
  })
  t.equal(login.status, 200, 'the account survived the restart')

  // SIGKILL skips every exit hook: the database server is left running.
  second.child.kill('SIGKILL')
  await second.exited
  t.ok(existsSync(path.join(dataDir, 'postgres/postmaster.pid')), 'an orphaned database server remains')
  const third = await start(port, pgPort)
  t.match(third.output(), /stopping an embedded PostgreSQL left running/)
  const again = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'keeper@example.com', password: 'persistent keeper of keys' }),
  })
  t.equal(again.status, 200, 'the account survived the crash')
  third.child.kill('SIGTERM')
  t.equal(await third.exited, 0)
})
