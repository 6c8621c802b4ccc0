// The data layer: every SQL statement and Prisma query of the service, by
// aggregate. Services call these functions and never build SQL themselves.
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '../generated/prisma/client.ts'
import { guardPool } from './sql.ts'

/**
 * The handles on PostgreSQL: Prisma for cold paths and plain SQL for hot ones, both on
 * `pool`, which serves requests; `system`, a few connections of its own for `/health`
 * and the calendar sweep, so that requests queueing for `pool` never stop either (#25).
 */
export interface Database {
  prisma: PrismaClient
  pool: pg.Pool
  system: pg.Pool
  /** A player's order stores the whole game state only when the stored one is this many changes behind (#32). */
  snapshotEvery: number
  /** How many campaigns an instance remembers, so that an order of one of them is saved without a read (#32); 0: none. */
  knownCampaigns: number
  /** And how many megabytes of their states' JSON at most (#52). */
  knownCampaignsMb: number
}

export { transaction, sqlOf, UUID, NestedConnectionError, type Sql } from './sql.ts'

/** How long the service waits for PostgreSQL, in milliseconds; see .env.example. */
export interface DatabaseLimits {
  poolSize: number
  systemPoolSize: number
  /** Waiting for a free connection: past it the request answers 503 with Retry-After. */
  acquireTimeoutMs: number
  statementTimeoutMs: number
  lockTimeoutMs: number
  idleInTransactionTimeoutMs: number
}

export const DEFAULT_LIMITS: DatabaseLimits = {
  poolSize: 10,
  systemPoolSize: 4,
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 30_000,
}

/** Measured with `npm run bench -- orders` (docs/BENCHMARKS.md). */
export const DEFAULT_SNAPSHOT_EVERY = 16
/**
 * A cap on the count (#52): what bounds the memory is the budget below. Round-robin over 1,000
 * campaigns, 500 remembered meant a read for every order.
 */
export const DEFAULT_KNOWN_CAMPAIGNS = 20_000
/**
 * 6 MB of state JSON: some 1,300 two-tribe campaigns on coast-2 in play (3 to 5 kB each without
 * its map, which one object serves for all: its players' ids fill it), fewer of larger games.
 * Measured with the orders bench (2026-12-01): 8 MB took the server to 151–153 MB at 64 clients
 * (goal 150), 3 MB held fewer than the 1,000 campaigns of a round-robin, and the garbage
 * collector pays for every state kept (the CPU per order sent in a row: 0.45 ms with 500 kept,
 * 0.7–0.8 ms with 8 MB, on a machine whose speed moved by half between runs).
 */
export const DEFAULT_KNOWN_CAMPAIGNS_MB = 6

function poolOf(connectionString: string, max: number, limits: DatabaseLimits, name: string, options: { compressWal?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    // Sent at connection start: every session of the service runs under these, whatever the role's defaults.
    statement_timeout: limits.statementTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    application_name: `weekday-wars ${name}`,
    // Awaited by the pool before the session is handed out: its SET never shares the session with a query.
    ...(options.compressWal === false ? { onConnect: uncompressedWal } : {}),
  })
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => {})
  // node-postgres (8.23) corks a query's messages itself (parse, bind, describe, execute, sync
  // leave in one write), which a wrapper here did before it (#32); the wrapper only added a
  // closure and a tick to every statement (#52).
  return guardPool(countAcquireTimeouts(pool))
}

const ACQUIRE_TIMEOUT = 'timeout exceeded when trying to connect'
const acquireTimeouts = new WeakMap<pg.Pool, { count: number }>()

/** Times a caller of this pool gave up waiting for a free connection: the pool was too small for the load (#51). */
export const acquireTimeoutsOf = (pool: pg.Pool): number => acquireTimeouts.get(pool)?.count ?? 0

/**
 * Counts the pool's acquire timeouts where they happen: `pool.query` reaches the pool through
 * `this.connect` with a callback, a transaction and Prisma's adapter through the promise.
 */
function countAcquireTimeouts(pool: pg.Pool): pg.Pool {
  const seen = { count: 0 }
  acquireTimeouts.set(pool, seen)
  type Callback = (error: Error | undefined, ...rest: unknown[]) => void
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined
  const count = (error: unknown) => {
    if ((error as Error | undefined)?.message === ACQUIRE_TIMEOUT) seen.count++
  }
  Object.assign(pool, {
    connect: (callback?: Callback) =>
      callback
        ? connect((error, ...rest) => {
            count(error)
            callback(error, ...rest)
          })
        : connect()!.catch((error: unknown) => {
            count(error)
            throw error
          }),
  })
  return pool
}

/**
 * The sweep's sessions write the page images of their WAL as they are (#32). A weekly tick
 * touches each campaign's pages once between checkpoints, so most pages it changes are logged
 * whole; compressing them with pglz (the only method the embedded PostgreSQL has) was a third of
 * the tick of 52-week-old campaigns, whose log and ledger each take index pages of their own.
 * Requests keep the server's compression: an order touches a few pages, and its WAL bytes count.
 * A role that may not set it (`GRANT SET ON PARAMETER wal_compression`) keeps the server's setting:
 * the SET fails alone, outside any transaction, before the session's first query.
 */
async function uncompressedWal(client: pg.ClientBase): Promise<void> {
  await client.query('SET wal_compression = off').catch(() => {})
}

/** Opens the request pool with Prisma's client on top, and the reserved system pool. */
export function connect(
  connectionString: string,
  given: Partial<DatabaseLimits> = {},
  snapshotEvery = DEFAULT_SNAPSHOT_EVERY,
  knownCampaigns = DEFAULT_KNOWN_CAMPAIGNS,
  knownCampaignsMb = DEFAULT_KNOWN_CAMPAIGNS_MB,
): Database & { close(): Promise<void> } {
  const limits = { ...DEFAULT_LIMITS, ...given }
  const pool = poolOf(connectionString, limits.poolSize, limits, 'requests')
  const system = poolOf(connectionString, limits.systemPoolSize, limits, 'system', { compressWal: false })
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  return {
    prisma,
    pool,
    system,
    snapshotEvery,
    knownCampaigns,
    knownCampaignsMb,
    async close() {
      await prisma.$disconnect()
      await pool.end()
      await system.end()
    },
  }
}
