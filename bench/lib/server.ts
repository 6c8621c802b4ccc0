// What the benches share: one embedded PostgreSQL under .data/bench-postgres,
// fresh migrated databases on it, the app's bench config, percentiles.
import path from 'node:path'
import pg from 'pg'
import type { Config } from '../../src/config.ts'
import { loadConfig } from '../../src/config.ts'
import { startEmbedded, type Database } from '../../src/db/embedded.ts'
import { migrate } from '../../src/db/migrate.ts'
import { adminQuery, freePort, withDatabase } from '../../test/helpers/test-support.ts'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Settings of the bench cluster, kept in its postgresql.auto.conf (ALTER SYSTEM):
 * src/db/embedded.ts starts every cluster alike and the benches leave src/ alone.
 * 200 connections: pgbench at 64 clients runs beside the server's pools (14) and
 * the floor server's (10) without hitting the default 100. pg_stat_statements is
 * loaded but counts nothing unless a bench turns it on (tick with BENCH_PROFILE).
 * 1 GB of shared buffers (PostgreSQL's guide says a quarter of a dedicated server's
 * memory; this one has 24 GiB): a tick of 10,000 campaigns 52 weeks old inserts into
 * a leaf page per campaign of each log and ledger index, about 500 MB of pages, which
 * 256 MB could not hold, so the tick of old campaigns measured the cache, not its queries.
 */
const SETTINGS: Record<string, string> = {
  max_connections: '200',
  shared_buffers: '1024MB',
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'none',
}

export async function benchServer(log: (message: string) => void) {
  const port = await freePort()
  const start = () => startEmbedded({ dataDir: path.join(root, '.data/bench-postgres'), port, database: 'postgres', log })
  let db: Database = await start()
  const admin = withDatabase(db.adminUrl, 'postgres')
  const current = await adminQuery(admin, `SELECT name, setting, unit FROM pg_settings WHERE name = ANY('{${Object.keys(SETTINGS).join(',')}}')`)
  const stale = Object.keys(SETTINGS).filter((name) => {
    const row = (current.rows as { name: string; setting: string; unit: string | null }[]).find((r) => r.name === name)
    return !row || normalise(row.setting, row.unit) !== normalise(SETTINGS[name]!, null)
  })
  if (stale.length) {
    log(`configuring the bench cluster (${stale.join(', ')}) and restarting it`)
    for (const name of stale) await adminQuery(admin, `ALTER SYSTEM SET ${name} = '${SETTINGS[name]}'`)
    await db.stop()
    db = await start()
  }
  return {
    /** The superuser's URL of a database (CHECKPOINT, pg_stat_* reads). */
    adminUrl: (name = 'postgres') => withDatabase(db.adminUrl, name),
    /** A fresh database of this name; migrated unless told otherwise. */
    async database(name: string, options: { migrated?: boolean } = {}): Promise<string> {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await adminQuery(admin, `CREATE DATABASE ${name}`)
      const url = withDatabase(db.adminUrl, name)
      if (options.migrated !== false) await migrate(url)
      return url
    },
    /** A copy of a database no one is connected to, its files copied (no WAL written for it). */
    async copy(from: string, to: string): Promise<void> {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${to} WITH (FORCE)`)
      await adminQuery(admin, `CREATE DATABASE ${to} TEMPLATE ${from} STRATEGY FILE_COPY`)
    },
    stop: () => db.stop(),
  }
}

/** A setting as pg_settings shows it (shared_buffers in 8 kB pages) or as written here ('256MB'). */
function normalise(value: string, unit: string | null): string {
  if (unit === '8kB') return `${(Number(value) * 8) / 1024}MB`
  return value
}

/**
 * A quiet start for a measured run: a CHECKPOINT (so that no run pays for the
 * dirty pages and first-touch full-page writes of the one before), then no
 * autovacuum worker for a second (polled, at most `maxMs`). Answers the ms waited.
 */
export async function quiesce(admin: pg.Client, maxMs = 60_000): Promise<number> {
  const started = performance.now()
  await admin.query('CHECKPOINT')
  let quiet = 0
  while (performance.now() - started < maxMs && quiet < 5) {
    const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`)
    quiet = rows[0]!.n === 0 ? quiet + 1 : 0
    if (quiet < 5) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  // An autovacuum that ran meanwhile dirtied pages: one more checkpoint, which is then cheap.
  await admin.query('CHECKPOINT')
  return performance.now() - started
}

/**
 * The WAL insert position: as a byte count, the difference of two is the WAL
 * the whole cluster wrote between them, the same bytes pg_stat_wal.wal_bytes
 * counts, without its lag (backends flush their counts at most once a second,
 * and an idle pooled connection later still).
 */
export async function walPosition(admin: pg.Client): Promise<{ lsn: string; bytes: bigint }> {
  const { rows } = await admin.query<{ lsn: string; bytes: string }>(
    `SELECT pg_current_wal_insert_lsn()::text AS lsn, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text AS bytes`,
  )
  return { lsn: rows[0]!.lsn, bytes: BigInt(rows[0]!.bytes) }
}

/**
 * What the WAL between two positions holds, by pg_walinspect: bytes of
 * full-page images (the first change of a page after a checkpoint) and the
 * resource managers that wrote most ("Heap 60%, Btree 25%…").
 */
export async function walBetween(admin: pg.Client, from: string, to: string): Promise<{ fpiBytes: number; top: string }> {
  try {
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect')
    const { rows } = await admin.query<{ rmgr: string; fpi: string; combined: string }>(
      `SELECT "resource_manager/record_type" AS rmgr, fpi_size::text AS fpi, combined_size::text AS combined
       FROM pg_get_wal_stats($1::pg_lsn, least($2::pg_lsn, pg_current_wal_flush_lsn())) WHERE combined_size > 0 ORDER BY combined_size DESC`,
      [from, to],
    )
    const total = rows.reduce((sum, r) => sum + Number(r.combined), 0)
    const top = rows
      .slice(0, 4)
      .map((r) => `${r.rmgr} ${Math.round((100 * Number(r.combined)) / total)}%`)
      .join(', ')
    return { fpiBytes: rows.reduce((sum, r) => sum + Number(r.fpi), 0), top }
  } catch (error) {
    // pg_walinspect refuses a start that is no record's ("could not find a valid record
    // after …", seen when almost nothing was written): the breakdown is a detail, not the figure.
    return { fpiBytes: NaN, top: `(pg_walinspect: ${(error as Error).message})` }
  }
}

export function benchConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', DATA_DIR: path.join(root, '.data') }),
    allowTestClock: true,
    // The benches' players sign up over the routes and never follow a confirmation link: with
    // confirmation on, no mail but that link would reach them (#51), and the tick's mails were 0.
    confirmAddresses: false,
    ...overrides,
  }
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
