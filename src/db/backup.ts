// `npm run backup`: one consistent dump of the database. With a pg_dump of the server's major
// version on the PATH, pg_dump's custom format; without one (the embedded PostgreSQL 18 ships
// none, and an older pg_dump refuses a newer server) a dump of our own (src/db/dump-file.ts):
// every table of the public schema read with COPY in one REPEATABLE READ transaction, so the
// file holds the database as it was at one instant, every transaction in it whole or not at all.
import { execFile } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { open, rename, rm, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { createGzip } from 'node:zlib'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import {
  TOOL_DEADLINE_MS,
  DUMP_LOCK_TIMEOUT_MS,
  appliedMigrations,
  dumpSession,
  foreignKeysOf,
  loadOrder,
  matchingTool,
  sequencesOf,
  serverVersion,
  tablesOf,
} from './dump-catalog.ts'
import { DUMP_FORMAT, DUMP_VERSION, endOfTable, headerLine, put, trailerLine, type TableFigures } from './dump-file.ts'

export interface DumpFigures {
  file: string
  /** Who wrote it: our own COPY dump, or the server's pg_dump. */
  via: 'copy' | 'pg_dump'
  takenAt: string
  /** Each table's rows and COPY bytes (the COPY dump only). */
  tables: TableFigures[]
  tableCount: number
  campaigns: number
  events: number
  /** The file's size. */
  bytes: number
  seconds: number
}

export interface DumpOptions {
  log?: (message: string) => void
  /** `copy` makes our own dump even where a matching pg_dump is at hand. */
  via?: 'auto' | 'copy'
}

const NEWLINE = 0x0a

/** Writes a dump of the database at `url` to `file`, whole or not at all: it is written beside it and renamed into place. */
export async function backup(url: string, file: string, options: DumpOptions = {}): Promise<DumpFigures> {
  const log = options.log ?? (() => {})
  const started = performance.now()
  const partial = `${file}.partial-${process.pid}`
  const client = await dumpSession(url, 'backup')
  try {
    const server = await serverVersion(client)
    const pgDump = options.via === 'copy' ? null : await matchingTool('pg_dump', server.major)
    const figures = pgDump ? await byPgDump(client, url, pgDump, partial, log) : await byCopy(client, partial, log)
    // On disk before it takes the name an operator will trust.
    const handle = await open(partial, 'r+')
    await handle.sync().finally(() => handle.close())
    await rename(partial, file)
    return { ...figures, file, bytes: (await stat(file)).size, seconds: (performance.now() - started) / 1000 }
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await client.end().catch(() => {})
  }
}

type Written = Omit<DumpFigures, 'file' | 'bytes' | 'seconds'>

async function byCopy(client: pg.Client, partial: string, log: (message: string) => void): Promise<Written> {
  const gzip = createGzip()
  const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx' }))
  // A failed write is reported by `put` or at the end; unheard until then, it would end the process.
  written.catch(() => {})
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY')
    const migrations = await appliedMigrations(client)
    if (!migrations.length) throw new Error('the database has no migration applied: there is nothing of ours to dump')
    const tables = loadOrder(await tablesOf(client), await foreignKeysOf(client))
    // As pg_dump does: no DDL (a migration) changes a table while it is read.
    await client.query(`LOCK TABLE ${[...tables.map((t) => t.name), '_prisma_migrations'].map(pg.escapeIdentifier).join(', ')} IN ACCESS SHARE MODE`)
    const { rows } = await client.query<{ server: string; takenAt: Date }>(`SELECT current_setting('server_version') AS server, now() AS "takenAt"`)
    const sequences = (await sequencesOf(client)).filter((s) => !s.owner).map((s) => ({ name: s.name, lastValue: s.lastValue }))
    const takenAt = rows[0]!.takenAt.toISOString()
    await put(gzip, headerLine({ format: DUMP_FORMAT, version: DUMP_VERSION, takenAt, server: rows[0]!.server, migrations, tables, sequences }))
    log(`a snapshot of ${tables.length} tables at ${takenAt}, at migration ${migrations.at(-1)!.name}`)
    const figures: TableFigures[] = []
    for (const table of tables) {
      const copy = client.query(copyTo(`COPY ${pg.escapeIdentifier(table.name)} (${table.columns.map(pg.escapeIdentifier).join(', ')}) TO STDOUT`))
      const counted = { name: table.name, rows: 0, bytes: 0 }
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        // Text format: one line a row, every newline inside a value escaped.
        for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) counted.rows++
        counted.bytes += chunk.length
        await put(gzip, chunk)
      }
      await put(gzip, endOfTable)
      figures.push(counted)
      log(`${table.name}: ${counted.rows} rows, ${counted.bytes} bytes`)
    }
    await put(gzip, trailerLine(figures))
    await client.query('COMMIT')
    gzip.end()
    await written
    const rowsOf = (name: string) => figures.find((f) => f.name === name)?.rows ?? 0
    return { via: 'copy', takenAt, tables: figures, tableCount: figures.length, campaigns: rowsOf('campaigns'), events: rowsOf('campaign_events') }
  } catch (error) {
    gzip.destroy(error as Error)
    await written.catch(() => {})
    throw error
  }
}

/**
 * pg_dump reads the snapshot this session exports, so the counts it reports are those of the
 * file; the session stays open (and idle in its transaction) while pg_dump runs, at most as long
 * as pg_dump may.
 */
async function byPgDump(client: pg.Client, url: string, pgDump: string, partial: string, log: (message: string) => void): Promise<Written> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY')
  await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${TOOL_DEADLINE_MS}`)
  const { rows } = await client.query<{ snapshot: string; takenAt: Date; campaigns: string; events: string }>(
    `SELECT pg_export_snapshot() AS snapshot, now() AS "takenAt",
            (SELECT count(*) FROM campaigns) AS campaigns, (SELECT count(*) FROM campaign_events) AS events`,
  )
  const { snapshot, takenAt, campaigns, events } = rows[0]!
  const tableCount = (await tablesOf(client)).length
  log(`${pgDump} writes the snapshot of ${takenAt.toISOString()}`)
  const { address, password } = withoutPassword(url)
  await promisify(execFile)(
    pgDump,
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--lock-wait-timeout=${DUMP_LOCK_TIMEOUT_MS}`,
      `--file=${partial}`,
      `--dbname=${address}`,
    ],
    { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, timeout: TOOL_DEADLINE_MS, maxBuffer: 16 * 1024 * 1024 },
  )
  await client.query('COMMIT')
  return { via: 'pg_dump', takenAt: takenAt.toISOString(), tables: [], tableCount, campaigns: Number(campaigns), events: Number(events) }
}

/** The password goes to pg_dump and pg_restore by their environment, out of sight of `ps`. */
export function withoutPassword(url: string): { address: string; password: string | null } {
  const parsed = new URL(url)
  const password = parsed.password ? decodeURIComponent(parsed.password) : null
  parsed.password = ''
  return { address: parsed.toString(), password }
}
