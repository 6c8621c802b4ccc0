// What the backup and the restore both read of a database: its session limits, its tables and
// the order their foreign keys allow, its sequences, its migrations, and whether a pg_dump of
// its server's version is at hand.
import { execFile } from 'node:child_process'
import { access, constants } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

/**
 * A dump or a load streams a whole table in one statement, so the service's 15 s would cut the
 * log of a large database short. A statement timeout is there to end a stuck statement, not a
 * slow one: COPY moves tens of MB a second even on a slow disk, so 30 minutes is tens of GB of
 * one table, far past what this service stores, and a server that went away is noticed sooner
 * by the connection's keepalive.
 */
export const DUMP_STATEMENT_TIMEOUT_MS = 30 * 60_000
/** A table held by DDL (a migration, VACUUM FULL) is a reason to stop and say so, not to queue every request behind us. */
export const DUMP_LOCK_TIMEOUT_MS = 15_000
/** Between two statements of the dump's transaction there is only our own bookkeeping. */
const IDLE_IN_TRANSACTION_MS = 60_000
const CONNECT_TIMEOUT_MS = 10_000
/** pg_dump and pg_restore run as one command each: the whole run's deadline. */
export const TOOL_DEADLINE_MS = 2 * 60 * 60_000
const VERSION_DEADLINE_MS = 10_000

/** A session of its own for a dump or a load, under the limits above. */
export async function dumpSession(url: string, purpose: 'backup' | 'restore'): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: DUMP_STATEMENT_TIMEOUT_MS,
    lock_timeout: DUMP_LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: `weekday-wars ${purpose}`,
  })
  // A session the server ends surfaces as the failed statement's error; unheard, it would end the process.
  client.on('error', () => {})
  await client.connect()
  return client
}

export interface TableShape {
  name: string
  /** Its stored columns, in order; generated ones are the server's to compute. */
  columns: string[]
}

/** Every ordinary table of the public schema but the migration history, which a restore writes by migrating. */
export async function tablesOf(client: pg.ClientBase): Promise<TableShape[]> {
  const { rows } = await client.query<TableShape>(
    `SELECT c.relname::text AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
      GROUP BY c.relname ORDER BY c.relname`,
  )
  return rows
}

/** The public schema's foreign keys: `from` holds a key to `to`. */
export async function foreignKeysOf(client: pg.ClientBase): Promise<{ from: string; to: string }[]> {
  const { rows } = await client.query<{ from: string; to: string }>(
    `SELECT DISTINCT child.relname::text AS "from", parent.relname::text AS "to"
       FROM pg_constraint k JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  )
  return rows
}

/**
 * The tables in an order that loads each after the tables its foreign keys point to (Kahn's
 * topological sort, by name among equals, so that a dump's order is the same every time). A key
 * of a table to itself is checked at the end of its COPY, so it asks for nothing.
 */
export function loadOrder<T extends { name: string }>(tables: T[], keys: { from: string; to: string }[]): T[] {
  const names = new Set(tables.map((t) => t.name))
  const needs = new Map(tables.map((t) => [t.name, new Set<string>()]))
  for (const k of keys) if (k.from !== k.to && names.has(k.from) && names.has(k.to)) needs.get(k.from)!.add(k.to)
  const byName = new Map(tables.map((t) => [t.name, t]))
  const ordered: T[] = []
  const waiting = [...names].sort()
  while (waiting.length) {
    const next = waiting.findIndex((name) => [...needs.get(name)!].every((n) => !waiting.includes(n)))
    if (next < 0) throw new Error(`the foreign keys of ${waiting.join(', ')} form a cycle: no order loads them one table at a time`)
    ordered.push(byName.get(waiting.splice(next, 1)[0]!)!)
  }
  return ordered
}

/** Whether `order` loads every table after those its keys point to; the first table out of place if not. */
export function outOfOrder(order: string[], keys: { from: string; to: string }[]): { table: string; needs: string } | null {
  const at = new Map(order.map((name, i) => [name, i]))
  for (const k of keys) {
    const child = at.get(k.from)
    const parent = at.get(k.to)
    if (k.from !== k.to && child !== undefined && parent !== undefined && parent > child) return { table: k.from, needs: k.to }
  }
  return null
}

export interface SequenceState {
  name: string
  lastValue: string | null
  /** The column it numbers, when it belongs to one (serial or identity). */
  owner: { table: string; column: string } | null
}

export async function sequencesOf(client: pg.ClientBase): Promise<SequenceState[]> {
  const { rows } = await client.query<{ name: string; lastValue: string | null; table: string | null; column: string | null }>(
    `SELECT s.sequencename::text AS name, s.last_value::text AS "lastValue", t.relname::text AS table, a.attname::text AS column
       FROM pg_sequences s
       JOIN pg_class c ON c.relname = s.sequencename JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = s.schemaname
       LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       LEFT JOIN pg_class t ON t.oid = d.refobjid
       LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
      WHERE s.schemaname = 'public' ORDER BY 1`,
  )
  return rows.map((r) => ({ name: r.name, lastValue: r.lastValue, owner: r.table && r.column ? { table: r.table, column: r.column } : null }))
}

export interface AppliedMigration {
  name: string
  checksum: string
}

/** The finished migrations, in the order they were applied; none in a database never migrated. */
export async function appliedMigrations(client: pg.ClientBase): Promise<AppliedMigration[]> {
  const { rows: exists } = await client.query<{ found: boolean }>(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS found`)
  if (!exists[0]?.found) return []
  const { rows } = await client.query<AppliedMigration>(
    `SELECT migration_name AS name, checksum FROM "_prisma_migrations"
      WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL ORDER BY started_at, migration_name`,
  )
  return rows
}

/** The tables of the public schema that hold at least one row (the migration history aside). */
export async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const tables = await tablesOf(client)
  if (!tables.length) return []
  const probe = tables.map((t) => `SELECT ${pg.escapeLiteral(t.name)} AS name WHERE EXISTS (SELECT 1 FROM ${pg.escapeIdentifier(t.name)})`).join(' UNION ALL ')
  const { rows } = await client.query<{ name: string }>(probe)
  return rows.map((r) => r.name).sort()
}

export async function serverVersion(client: pg.ClientBase): Promise<{ version: string; major: number }> {
  const { rows } = await client.query<{ version: string; num: string }>(
    `SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num`,
  )
  return { version: rows[0]!.version, major: Math.floor(Number(rows[0]!.num) / 10_000) }
}

/**
 * The first `tool` (pg_dump, pg_restore) on the PATH whose major version is the server's, or
 * null: an older pg_dump refuses a newer server, and a newer one's dump may not load into it.
 */
export async function matchingTool(tool: 'pg_dump' | 'pg_restore', major: number, searchPath = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, tool)
    const runnable = await access(file, constants.X_OK).then(
      () => true,
      () => false,
    )
    if (!runnable) continue
    const said = await promisify(execFile)(file, ['--version'], { timeout: VERSION_DEADLINE_MS }).then(
      (out) => out.stdout,
      () => '',
    )
    if (Number(/\(PostgreSQL\) (\d+)/.exec(said)?.[1]) === major) return file
  }
  return null
}
