// What an operator reads of the database (#51): the readiness check's migrations and the
// gauges a metrics scrape computes. Each read runs under a statement timeout of its own, so a
// scrape or a probe never holds a connection longer than its caller waits for it.
import type pg from 'pg'
import { transaction, type Sql } from './sql.ts'

/** Runs `fn` in a transaction whose statements PostgreSQL cancels after `timeoutMs`. */
async function bounded<T>(pool: pg.Pool, timeoutMs: number, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return transaction(pool, async (sql) => {
    // SET takes no parameters; the number is ours, never a caller's text.
    await sql.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`)
    return fn(sql)
  })
}

export interface AppliedMigration {
  name: string
  checksum: string
  finished: boolean
}

/** The migrations recorded as applied (not rolled back); none when the table is not there yet. */
export async function appliedMigrations(pool: pg.Pool, timeoutMs: number): Promise<AppliedMigration[]> {
  return bounded(pool, timeoutMs, async (sql) => {
    const [table] = await sql.query<{ present: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`)
    if (!table?.present) return []
    return sql.query<AppliedMigration>(
      `SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished
         FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at`,
    )
  })
}

/** Campaigns of one game in one status. */
export interface CampaignCount {
  game: string
  status: string
  count: number
}

/** A queue of deliveries: how many wait, and since when the oldest has. */
export interface QueueDepth {
  waiting: number
  oldest: Date | null
}

export interface OperatorReads {
  campaigns: CampaignCount[]
  mails: QueueDepth
  webhooks: QueueDepth
  /** When the most overdue calendar work of a running campaign fell due; null when none is due. */
  oldestDue: Date | null
}

interface ReadsRow {
  campaigns: CampaignCount[] | null
  mails_waiting: number
  mails_oldest: Date | null
  webhooks_waiting: number
  webhooks_oldest: Date | null
  oldest_due: Date | null
}

/**
 * Everything a scrape shows of the database, in one statement: one round trip inside the
 * transaction, whatever the number of gauges. `now` bounds the calendar's lag to work that is due.
 */
export async function operatorReads(pool: pg.Pool, now: Date, timeoutMs: number): Promise<OperatorReads> {
  const [row] = await bounded(pool, timeoutMs, (sql) =>
    sql.query<ReadsRow>(
      `SELECT
         (SELECT json_agg(json_build_object('game', ruleset, 'status', status::text, 'count', n))
            FROM (SELECT ruleset, status, count(*)::int AS n FROM campaigns GROUP BY ruleset, status) c) AS campaigns,
         m.waiting AS mails_waiting, m.oldest AT TIME ZONE 'UTC' AS mails_oldest,
         w.waiting AS webhooks_waiting, w.oldest AT TIME ZONE 'UTC' AS webhooks_oldest,
         (SELECT min(s.next_due_at) FROM game_snapshots s JOIN campaigns c ON c.id = s.campaign_id
           WHERE c.status = 'running' AND s.next_due_at <= ($1::timestamptz AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC' AS oldest_due
       FROM (SELECT count(*)::int AS waiting, min(created_at) AS oldest FROM outbox_mails WHERE sent_at IS NULL AND dropped_at IS NULL) m,
            (SELECT count(*)::int AS waiting, min(created_at) AS oldest FROM webhook_deliveries WHERE delivered_at IS NULL AND given_up_at IS NULL) w`,
      [now.toISOString()],
    ),
  )
  return {
    campaigns: row?.campaigns ?? [],
    mails: { waiting: row?.mails_waiting ?? 0, oldest: row?.mails_oldest ?? null },
    webhooks: { waiting: row?.webhooks_waiting ?? 0, oldest: row?.webhooks_oldest ?? null },
    oldestDue: row?.oldest_due ?? null,
  }
}
