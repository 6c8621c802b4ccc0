// `npm run restore`: loads a dump of `npm run backup` into an empty database. Our own dump: the
// database is migrated to the migration the dump was taken at, every table is loaded in one
// transaction (COPY, in the dump's order, which loads each table after those its foreign keys
// point to), each sequence is set past the largest value of its column, and then the migrations
// newer than the dump are applied. A pg_dump file is loaded by pg_restore of the server's version.
import { execFile } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { createGunzip } from 'node:zlib'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { withoutPassword } from './backup.ts'
import {
  TOOL_DEADLINE_MS,
  appliedMigrations,
  dumpSession,
  foreignKeysOf,
  matchingTool,
  outOfOrder,
  sequencesOf,
  serverVersion,
  tablesOf,
  tablesWithRows,
} from './dump-catalog.ts'
import { DumpFileError, DumpReader, type DumpHeader, type TableFigures } from './dump-file.ts'
import { migrate, readMigrationFiles } from './migrate.ts'

/** The restore did not start: the database or the file is not one it may load. Nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

export interface RestoreFigures {
  file: string
  via: 'copy' | 'pg_dump'
  /** When the dump's snapshot was taken (the COPY dump only). */
  takenAt: string | null
  tables: TableFigures[]
  tableCount: number
  campaigns: number
  events: number
  /** The file's size. */
  bytes: number
  /** Migrations newer than the dump, applied after its data was loaded. */
  migratedAfter: string[]
  seconds: number
}

export interface RestoreOptions {
  log?: (message: string) => void
  /** The migrations' folder (tests); prisma/migrations by default. */
  migrations?: string
}

export async function restore(url: string, file: string, options: RestoreOptions = {}): Promise<RestoreFigures> {
  const log = options.log ?? (() => {})
  const started = performance.now()
  const kind = await kindOf(file)
  const client = await dumpSession(url, 'restore')
  try {
    const loaded = kind === 'pg_dump' ? await byPgRestore(client, url, file, log) : await byCopy(client, url, file, options, log)
    const later = await migrate(url, { log, ...(options.migrations ? { dir: options.migrations } : {}) }).catch((error: unknown) => {
      throw new Error(`the dump is loaded, but a migration newer than it failed (npm run db:migrate once it is fixed): ${(error as Error).message}`)
    })
    return { ...loaded, file, bytes: (await stat(file)).size, migratedAfter: later.applied, seconds: (performance.now() - started) / 1000 }
  } finally {
    await client.end().catch(() => {})
  }
}

type Loaded = Omit<RestoreFigures, 'file' | 'bytes' | 'migratedAfter' | 'seconds'>

async function kindOf(file: string): Promise<'copy' | 'pg_dump'> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new RestoreRefused(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)
  })
  const start = Buffer.alloc(5)
  await handle.read(start, 0, 5, 0).finally(() => handle.close())
  if (start[0] === 0x1f && start[1] === 0x8b) return 'copy'
  if (start.toString('latin1') === 'PGDMP') return 'pg_dump'
  throw new RestoreRefused(`${file} is not a dump written by \`npm run backup\``)
}

async function byCopy(client: pg.Client, url: string, file: string, options: RestoreOptions, log: (message: string) => void): Promise<Loaded> {
  const source = createReadStream(file)
  const gunzip = createGunzip()
  source.on('error', (error) => gunzip.destroy(error))
  source.pipe(gunzip)
  try {
    const reader = new DumpReader(gunzip)
    const header = await reader.header().catch((error: unknown) => {
      throw error instanceof DumpFileError ? new RestoreRefused(`${file}: ${error.message}`) : error
    })
    const upTo = await schemaOf(header, options.migrations)
    await refuseAnythingBut(client, header)
    log(`the dump of ${header.takenAt} (PostgreSQL ${header.server}), at migration ${upTo}`)
    await migrate(url, { log, upTo, ...(options.migrations ? { dir: options.migrations } : {}) })
    await fitsTheSchema(client, header)

    await client.query('BEGIN')
    try {
      const names = header.tables.map((t) => pg.escapeIdentifier(t.name))
      // Nothing else writes while it loads, and what the check below finds empty stays empty.
      await client.query(`LOCK TABLE ${names.join(', ')} IN ACCESS EXCLUSIVE MODE`)
      const filled = await tablesWithRows(client)
      if (filled.length) throw new RestoreRefused(`rows appeared in ${filled.join(', ')} while the restore began; nothing was loaded`)
      // A restored row is the row as it was: the triggers that keep derived figures (the seats'
      // version, #52) must not move them again while the tables fill.
      for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`)
      const figures: TableFigures[] = []
      for (const table of header.tables) {
        const counted = { name: table.name, rows: 0, bytes: 0 }
        const load = client.query(copyFrom(`COPY ${pg.escapeIdentifier(table.name)} (${table.columns.map(pg.escapeIdentifier).join(', ')}) FROM STDIN`))
        await pipeline(Readable.from(measured(reader.table(table.name), counted)), load)
        counted.rows = load.rowCount
        figures.push(counted)
        log(`${table.name}: ${counted.rows} rows, ${counted.bytes} bytes`)
      }
      const trailer = await reader.trailer()
      for (const table of figures) {
        const dumped = trailer.tables.find((t) => t.name === table.name)
        if (dumped?.rows !== table.rows) throw new DumpFileError(`${table.name}: ${table.rows} rows loaded, but the dump says it holds ${dumped?.rows}`)
      }
      await resetSequences(client, header)
      for (const name of names) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`)
      await client.query('COMMIT')
      // A bulk load leaves the planner with no statistics until autovacuum comes by.
      for (const name of names) await client.query(`ANALYZE ${name}`)
      const rowsOf = (name: string) => figures.find((f) => f.name === name)?.rows ?? 0
      return {
        via: 'copy',
        takenAt: header.takenAt,
        tables: figures,
        tableCount: figures.length,
        campaigns: rowsOf('campaigns'),
        events: rowsOf('campaign_events'),
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    }
  } finally {
    source.destroy()
    gunzip.destroy()
  }
}

async function* measured(pieces: AsyncIterable<Buffer>, counted: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const piece of pieces) {
    counted.bytes += piece.length
    yield piece
  }
}

/**
 * The last migration of the dump, which this code must have as it was then, with every one
 * before it: the schema the restore builds is the one the dump's rows were read from.
 */
async function schemaOf(header: DumpHeader, dir: string | undefined): Promise<string> {
  const files = await readMigrationFiles(dir)
  const dumped = [...header.migrations].sort((a, b) => a.name.localeCompare(b.name))
  const last = dumped.at(-1)
  if (!last) throw new RestoreRefused('the dump records no migration: its schema is unknown')
  for (const [i, migration] of dumped.entries()) {
    const file = files[i]
    if (file?.name !== migration.name) {
      throw new RestoreRefused(
        file && file.name < migration.name
          ? `the dump's database never had migration ${file.name}, which comes before its last (${last.name}); it cannot be rebuilt in order`
          : `this code has no migration ${migration.name}, which the dump's database had: restore with the code the dump was taken with, or newer`,
      )
    }
    if (file.checksum !== migration.checksum)
      throw new RestoreRefused(`migration ${migration.name} of this code differs from the one the dump's database applied`)
  }
  return last.name
}

/** Only an empty database, migrated no further than the dump, is restored into. */
async function refuseAnythingBut(client: pg.Client, header: DumpHeader) {
  const filled = await tablesWithRows(client)
  if (filled.length) {
    const named = filled.length > 5 ? `${filled.slice(0, 5).join(', ')} and ${filled.length - 5} more` : filled.join(', ')
    throw new RestoreRefused(`the database is not empty (rows in ${named}); restore only into an empty database`)
  }
  const dumped = new Set(header.migrations.map((m) => m.name))
  const beyond = (await appliedMigrations(client)).filter((m) => !dumped.has(m.name))
  if (beyond.length) {
    throw new RestoreRefused(
      `the database is migrated past the dump (${beyond.map((m) => m.name).join(', ')}): the dump's rows fit an older schema; restore into an empty database`,
    )
  }
}

/** After migrating to the dump's migration, every table of the dump is there with its columns, and its order suits the foreign keys. */
async function fitsTheSchema(client: pg.Client, header: DumpHeader) {
  const tables = new Map((await tablesOf(client)).map((t) => [t.name, new Set(t.columns)]))
  for (const table of header.tables) {
    const columns = tables.get(table.name)
    if (!columns) throw new Error(`the dump holds table ${table.name}, which the migrations do not make`)
    const missing = table.columns.filter((c) => !columns.has(c))
    if (missing.length) throw new Error(`the dump's table ${table.name} has columns the migrations do not make: ${missing.join(', ')}`)
  }
  const wrong = outOfOrder(
    header.tables.map((t) => t.name),
    await foreignKeysOf(client),
  )
  if (wrong) throw new Error(`the dump holds ${wrong.table} before ${wrong.needs}, which its foreign key needs first`)
}

/** Every sequence past what was loaded: a column's own past its largest value, any other at the value dumped. */
async function resetSequences(client: pg.Client, header: DumpHeader) {
  for (const sequence of await sequencesOf(client)) {
    const name = pg.escapeIdentifier(sequence.name)
    if (sequence.owner) {
      const column = pg.escapeIdentifier(sequence.owner.column)
      await client.query(
        `SELECT setval($1::regclass, COALESCE(max(${column}), (SELECT seqstart FROM pg_sequence WHERE seqrelid = $1::regclass)), max(${column}) IS NOT NULL)
           FROM ${pg.escapeIdentifier(sequence.owner.table)}`,
        [name],
      )
      continue
    }
    const dumped = header.sequences.find((s) => s.name === sequence.name)
    if (dumped?.lastValue) await client.query('SELECT setval($1::regclass, $2::bigint, true)', [name, dumped.lastValue])
  }
}

async function byPgRestore(client: pg.Client, url: string, file: string, log: (message: string) => void): Promise<Loaded> {
  const server = await serverVersion(client)
  const pgRestore = await matchingTool('pg_restore', server.major)
  if (!pgRestore) throw new RestoreRefused(`${file} was written by pg_dump: it needs a pg_restore of PostgreSQL ${server.major} on the PATH`)
  const filled = await tablesWithRows(client)
  if (filled.length) throw new RestoreRefused(`the database is not empty (rows in ${filled.join(', ')}); restore only into an empty database`)
  if ((await tablesOf(client)).length || (await appliedMigrations(client)).length) {
    throw new RestoreRefused('the database has tables: pg_restore makes them itself, so it needs a database with none')
  }
  log(`${pgRestore} loads ${file}`)
  const { address, password } = withoutPassword(url)
  await promisify(execFile)(pgRestore, ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${address}`, file], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    timeout: TOOL_DEADLINE_MS,
    maxBuffer: 16 * 1024 * 1024,
  })
  const { rows } = await client.query<{ campaigns: string; events: string }>(
    'SELECT (SELECT count(*) FROM campaigns) AS campaigns, (SELECT count(*) FROM campaign_events) AS events',
  )
  const tableCount = (await tablesOf(client)).length
  return { via: 'pg_dump', takenAt: null, tables: [], tableCount, campaigns: Number(rows[0]!.campaigns), events: Number(rows[0]!.events) }
}
