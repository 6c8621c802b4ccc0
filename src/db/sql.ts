// Plain SQL for the hot paths (orders, the calendar sweep). Each Prisma query
// costs a few hundred microseconds of CPU on top of its round trip; the locked
// campaign transaction (lock, load, one write, around BEGIN and COMMIT) speaks
// SQL to the same pg pool that Prisma's adapter uses.
//
// Timestamps are `timestamp(3)` columns holding UTC (Prisma's layout): reads
// convert them with `AT TIME ZONE 'UTC'`, writes pass ISO strings through `utc()`.
import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'

export interface Sql {
  /** With a `name`, the statement is prepared once per connection and reused (no parse or plan). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>
}

export function sqlOf(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async query<T>(text: string, params: unknown[] = [], name?: string) {
      return (await (name ? client.query({ name, text, values: params }) : client.query(text, params))).rows as T[]
    },
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Marks the code running inside a transaction. A transaction that asks the pool for a
 * second connection while it holds one can deadlock the whole service: with every
 * connection held by such a transaction, none is ever given back (#25). `guardPool`
 * makes that mistake throw at once instead, in every environment.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>()

/**
 * Transactions whose callback is running. On Node 20 a storage in use installs promise hooks that
 * every promise of the process pays for, orders that open no transaction too (a few percent of an order's
 * CPU, #52): with none open the storage is switched off, as no code can then be inside one, and
 * the next transaction's `run` switches it on again.
 */
let openCount = 0

function closed(marker: { open: boolean }) {
  if (!marker.open) return
  marker.open = false
  if (--openCount === 0) openTransaction.disable()
}

export class NestedConnectionError extends Error {
  constructor() {
    super("a transaction asked the pool for a second connection: read through the transaction's own client")
  }
}

/** Whether the code running now is inside `transaction`'s callback. */
export const inTransaction = (): boolean => openTransaction.getStore()?.open === true

/** Runs `fn` as work of its own, outside any transaction's context (another request, in a test). */
export const detached = <T>(fn: () => T): T => openTransaction.exit(fn)

/** Refuses `connect` and `query` on the pool from code running inside a transaction. */
export function guardPool(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  const refuse = () => openTransaction.getStore()?.open === true
  Object.assign(pool, {
    connect: (...args: unknown[]) => {
      if (refuse()) return Promise.reject(new NestedConnectionError())
      return connect(...args)
    },
    query: (...args: unknown[]) => {
      if (refuse()) return Promise.reject(new NestedConnectionError())
      return query(...args)
    },
  })
  return pool
}

/**
 * A session the server ended while it was checked out (FATAL 57P01 on a failover or
 * `pg_terminate_backend`, 25P03 past the idle-in-transaction timeout, a reset) makes the client
 * emit `'error'`; with no listener that is an uncaught exception, which used to take the whole
 * process down (#45). The listener keeps what was seen, so that the client is released as
 * broken and the pool makes a new one.
 */
function watchCheckedOut(client: pg.PoolClient): { lost(): Error | undefined; stop(): void } {
  let lost: Error | undefined
  const onError = (error: Error) => {
    lost ??= error
  }
  client.on('error', onError)
  return { lost: () => lost, stop: () => client.removeListener('error', onError) }
}

/** Thrown by `transaction` when BEGIN itself could not be sent: nothing ran, so the work may be tried again. */
class NotBegun extends Error {
  constructor(readonly reason: unknown) {
    super('the transaction could not begin')
  }
}

async function transactionOnce<T>(pool: pg.Pool, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  const watch = watchCheckedOut(client)
  let broken: Error | undefined
  const marker = { open: false }
  try {
    try {
      await client.query('BEGIN')
    } catch (error) {
      broken = watch.lost() ?? (error as Error)
      throw new NotBegun(error)
    }
    marker.open = true
    openCount++
    let out: T
    try {
      out = await openTransaction.run(marker, () => fn(sqlOf(client)))
    } finally {
      closed(marker)
    }
    await client.query('COMMIT')
    return out
  } catch (error) {
    if (!broken && !watch.lost()) {
      try {
        await client.query('ROLLBACK')
      } catch (rollbackError) {
        broken = rollbackError as Error
      }
    }
    throw error
  } finally {
    // A connection the server ended, or that could not roll back, is not given back to the pool.
    watch.stop()
    client.release(broken ?? watch.lost())
  }
}

/**
 * Runs `fn` in one transaction on its own connection; any throw rolls back. A session that was
 * dead before BEGIN (the pool handed out a connection the server had just ended) costs one more
 * try on a fresh one: nothing had run. Past BEGIN a lost session is the caller's error (a 503).
 */
export async function transaction<T>(pool: pg.Pool, fn: (sql: Sql) => Promise<T>): Promise<T> {
  if (openTransaction.getStore()?.open) throw new NestedConnectionError()
  try {
    return await transactionOnce(pool, fn)
  } catch (error) {
    if (!(error instanceof NotBegun)) throw error
    try {
      return await transactionOnce(pool, fn)
    } catch (again) {
      throw again instanceof NotBegun ? again.reason : again
    }
  }
}

/** `$n` as a UTC timestamp(3) value. */
export function utc(n: number): string {
  return `($${n}::timestamptz AT TIME ZONE 'UTC')`
}

/** A UTC timestamp(3) column read as an instant. */
export function instant(column: string, as = column): string {
  return `(${column} AT TIME ZONE 'UTC') AS "${as}"`
}

/** A point inside the transaction to roll back to, keeping what came before it. */
export async function savepoint(sql: Sql, name: string) {
  await sql.query(`SAVEPOINT ${name}`)
}

export async function releaseSavepoint(sql: Sql, name: string) {
  await sql.query(`RELEASE SAVEPOINT ${name}`)
}

export async function rollbackTo(sql: Sql, name: string) {
  await sql.query(`ROLLBACK TO SAVEPOINT ${name}`)
}
