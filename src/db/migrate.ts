// Applies prisma/migrations/*/migration.sql in order, each in its own
// transaction, and records them in a table shaped like Prisma's
// `_prisma_migrations`, so `prisma migrate deploy` on a machine that has the
// schema engine sees the same history.
import { createHash, randomUUID } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations')

// Any constant works; it only has to be the same for every migrator of one database.
const MIGRATION_LOCK_KEY = 720_917_331

export class MigrationError extends Error {
  override name = 'MigrationError'
}

export interface MigrationFile {
  name: string
  sql: string
  checksum: string
}

export async function readMigrationFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8')
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
    }),
  )
}

interface AppliedRow {
  migration_name: string
  checksum: string
  finished_at: Date | null
}

export interface MigrateResult {
  applied: string[]
  alreadyApplied: number
}

export interface MigrateOptions {
  dir?: string
  log?: (message: string) => void
  /**
   * Apply the migrations up to and including this one only: a restore builds the schema its dump
   * was taken at, loads the data, and then applies the rest.
   */
  upTo?: string
}

export async function migrate(connectionString: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const log = options.log ?? (() => {})
  const known = await readMigrationFiles(options.dir)
  const files = options.upTo === undefined ? known : through(known, options.upTo)
  const client = new pg.Client({ connectionString })
  await client.connect()
  // Nearly every start finds nothing to do: one read says so, without the lock or the DDL.
  const upToDate = await appliedAlready(client, files).catch(async (error: unknown) => {
    await client.end()
    throw error
  })
  if (upToDate !== undefined) {
    await client.end()
    return { applied: [], alreadyApplied: upToDate }
  }
  try {
    // Two servers booting at once must not both apply the same migration.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`)
    const { rows } = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at',
    )
    const byName = new Map(known.map((f) => [f.name, f]))
    for (const row of rows) {
      const file = byName.get(row.migration_name)
      if (!row.finished_at) {
        throw new MigrationError(
          `migration ${row.migration_name} started but never finished; inspect the database, then mark it rolled back (set rolled_back_at) before migrating again`,
        )
      }
      if (!file) {
        throw new MigrationError(
          `migration ${row.migration_name} is applied to the database but missing from ${path.relative(process.cwd(), options.dir ?? MIGRATIONS_DIR)}; is this code older than the database?`,
        )
      }
      if (file.checksum !== row.checksum) {
        throw new MigrationError(
          `migration ${row.migration_name} was edited after it was applied (checksum ${row.checksum.slice(0, 12)}… in the database, ${file.checksum.slice(0, 12)}… on disk); restore the file and put the change in a new migration`,
        )
      }
    }
    const done = new Set(rows.map((r) => r.migration_name))
    const pending = files.filter((f) => !done.has(f.name))
    for (const file of pending) {
      log(`applying migration ${file.name}`)
      await client.query('BEGIN')
      try {
        const id = randomUUID()
        await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)', [id, file.checksum, file.name])
        await client.query(file.sql)
        await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw new MigrationError(`migration ${file.name} failed and was rolled back: ${(error as Error).message}`)
      }
    }
    return { applied: pending.map((f) => f.name), alreadyApplied: rows.length }
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => {})
    await client.end()
  }
}

/** The migrations before and including `last`, which must be one of them. */
function through(files: MigrationFile[], last: string): MigrationFile[] {
  const at = files.findIndex((f) => f.name === last)
  if (at < 0) throw new MigrationError(`no migration ${last} in this code; is this code older than the database it is asked to build?`)
  return files.slice(0, at + 1)
}

/**
 * How many migrations are applied when exactly the files on disk are, all finished with their
 * checksums; undefined for anything else (no table yet, pending, unfinished, edited or unknown
 * migrations), which the locked path then applies or explains.
 */
async function appliedAlready(client: pg.Client, files: MigrationFile[]): Promise<number | undefined> {
  const rows = await client
    .query<AppliedRow>('SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL')
    .then((result) => result.rows)
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return undefined // undefined_table: a new database
      throw error
    })
  if (!rows) return undefined
  const applied = new Map(rows.map((r) => [r.migration_name, r]))
  const clean = rows.length === files.length && files.every((f) => applied.get(f.name)?.checksum === f.checksum && applied.get(f.name)?.finished_at)
  return clean ? rows.length : undefined
}
