// What an operator asks of a running instance (#51): is it ready for traffic (the database
// answers and carries every migration this code knows), and what the metrics read of the
// database at a scrape. Every read has a deadline: a probe or a scrape answers in time, saying
// what went wrong, and never waits on a database that does not answer.
import type { Database } from '../db/index.ts'
import { readMigrationFiles, type MigrationFile } from '../db/migrate.ts'
import { appliedMigrations, operatorReads, type OperatorReads } from '../db/operations.ts'
import type { Clock } from './clock.ts'

/** How long a probe or a scrape waits for the database, acquiring a connection included. */
export const OPERATOR_DEADLINE_MS = 2_000
/** PostgreSQL's own limit on the statements: under the deadline, so a late read frees its connection soon after. */
const STATEMENT_MS = 1_500

/** `work`, or a rejection naming `what` once `ms` have passed; the work itself ends on its own. */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
  })
  work.catch(() => {}) // lost to the deadline, its failure is nobody's to report
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

export type MigrationsState = 'ok' | 'pending' | 'unfinished' | 'edited' | 'unchecked'

export interface Readiness {
  ready: boolean
  /** `restarting`: the route's, when the embedded PostgreSQL's supervisor is starting it again. */
  database: 'ok' | 'unreachable' | 'restarting'
  migrations: MigrationsState
  /** The migrations of this code the database lacks (pending), or holds half-applied or changed. */
  names?: string[]
  /** Migrations the database has and this code does not: a newer instance's, which a rolling deploy expects. */
  newer?: string[]
  detail?: string
}

// The files of this code's migrations do not change while it runs: read once, at the first probe.
let ours: Promise<MigrationFile[]> | undefined
function migrationsOfThisCode(): Promise<MigrationFile[]> {
  ours ??= readMigrationFiles()
  ours.catch(() => (ours = undefined)) // a failed read is tried again at the next probe
  return ours
}

/**
 * Ready: every migration on disk is applied, finished and unchanged. Migrations the database
 * has beyond them are reported and allowed: the instances of a rolling deploy that still run the
 * older code stay in service while the newer ones migrate.
 */
export async function readiness(db: Pick<Database, 'system'>, files = migrationsOfThisCode): Promise<Readiness> {
  let applied
  try {
    applied = await withDeadline(appliedMigrations(db.system, STATEMENT_MS), OPERATOR_DEADLINE_MS, 'the database')
  } catch (error) {
    return { ready: false, database: 'unreachable', migrations: 'unchecked', detail: String((error as Error).message ?? error) }
  }
  let known
  try {
    known = await files()
  } catch (error) {
    return { ready: false, database: 'ok', migrations: 'unchecked', detail: `the migrations of this code could not be read: ${(error as Error).message}` }
  }
  const byName = new Map(applied.map((m) => [m.name, m]))
  const onDisk = new Set(known.map((f) => f.name))
  const newer = applied.filter((m) => !onDisk.has(m.name)).map((m) => m.name)
  const extra = newer.length > 0 ? { newer } : {}
  const problems: [MigrationsState, string[], string][] = [
    ['unfinished', applied.filter((m) => onDisk.has(m.name) && !m.finished).map((m) => m.name), 'started and never finished'],
    ['edited', known.filter((f) => byName.get(f.name)?.finished && byName.get(f.name)?.checksum !== f.checksum).map((f) => f.name), 'changed since applied'],
    ['pending', known.filter((f) => !byName.has(f.name)).map((f) => f.name), 'not applied yet'],
  ]
  for (const [state, names, what] of problems)
    if (names.length > 0)
      return { ready: false, database: 'ok', migrations: state, names, ...extra, detail: `${names.length} migration(s) ${what}: ${names.join(', ')}` }
  return { ready: true, database: 'ok', migrations: 'ok', ...extra }
}

/** What a scrape shows of the database, within the deadline. */
export function readForScrape(db: Pick<Database, 'pool'>, clock: Clock): Promise<OperatorReads> {
  return withDeadline(operatorReads(db.pool, clock.now(), STATEMENT_MS), OPERATOR_DEADLINE_MS, 'the metrics read')
}
