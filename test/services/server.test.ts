// The real process, as `npm start` runs it: embedded PostgreSQL in a fresh data
// folder, migrations at start, graceful stop, restart with the data kept, and a
// restart after SIGKILL (which leaves the database server orphaned).
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
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

  first.child.kill('SIGTERM')
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
