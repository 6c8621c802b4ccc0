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

export class NestedConnectionError extends Error {
  constructor() {
    super("a transaction asked the pool for a second connection: read through the transaction's own client")
  }
}

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

/** Runs `fn` in one transaction on its own connection; any throw rolls back. */
export async function transaction<T>(pool: pg.Pool, fn: (sql: Sql) => Promise<T>): Promise<T> {
  if (openTransaction.getStore()?.open) throw new NestedConnectionError()
  const client = await pool.connect()
  let broken: Error | undefined
  const marker = { open: true }
  try {
    await client.query('BEGIN')
    const out = await openTransaction.run(marker, () => fn(sqlOf(client)))
    marker.open = false
    await client.query('COMMIT')
    return out
  } catch (error) {
    marker.open = false
    try {
      await client.query('ROLLBACK')
    } catch (rollbackError) {
      broken = rollbackError as Error
    }
    throw error
  } finally {
    // A connection that could not roll back is not given back to the pool.
    client.release(broken)
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
