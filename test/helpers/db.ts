import type pg from 'pg'
import type { Test } from 'tap'
import { readSnapshot } from '../../src/db/snapshots.ts'
import { sqlOf } from '../../src/db/sql.ts'
import { snapshotState, storedState } from '../../src/services/working.ts'
import { cloneDatabase } from './test-support.ts'

export function testEnv() {
  const adminUrl = process.env.WW_TEST_ADMIN_URL
  const template = process.env.WW_TEST_TEMPLATE
  if (!adminUrl || !template) {
    throw new Error('run tests through `npm test` (it starts the database); e.g. npm test -- test/routes/api/auth.test.ts')
  }
  return { adminUrl, template }
}

/** A database of this test's own, cloned from the migrated template and dropped afterwards. */
export async function testDatabase(t: Test): Promise<string> {
  const { adminUrl, template } = testEnv()
  const db = await cloneDatabase(adminUrl, template)
  t.teardown(db.drop)
  return db.url
}

/** A campaign's game state as every reader sees it (the stored one with its tail replayed, #32), in its stored form, a copy of its own. */
export async function currentState<T>(pool: pg.Pool, campaignId: string): Promise<T> {
  const sql = sqlOf(pool)
  const snapshot = await readSnapshot(sql, campaignId)
  if (!snapshot) throw new Error(`campaign ${campaignId} has no game yet`)
  return structuredClone(storedState(await snapshotState(sql, campaignId, snapshot))) as T
}

/**
 * Writes a situation into a campaign's game: `state` becomes its current state, with no tail
 * after it, at a new version, as any change of the game is (an instance that remembers the
 * campaign then finds its memory stale, #32).
 */
export async function plantState(pool: pg.Pool, campaignId: string, state: unknown): Promise<void> {
  await pool.query(
    `UPDATE game_snapshots s SET state = $2::json, version = s.version + 1, state_version = s.version + 1,
            state_seq = COALESCE((SELECT max(e.seq) FROM campaign_events e WHERE e.campaign_id = s.campaign_id), 0)
      WHERE campaign_id = $1::uuid`,
    [campaignId, JSON.stringify(state)],
  )
}
