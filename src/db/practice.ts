// A player's practice weeks (#27, #45): how many they passed lately, counted from the calendar's
// ledger (a pass ledgers its tick at the instant of the click), across all their practice campaigns.
import { utc, type Sql } from './sql.ts'

/**
 * Takes the player's practice-pass lock until the transaction ends: two passes counted at once,
 * from two practice campaigns, would both see room for one more.
 */
export async function lockPracticePasses(sql: Sql, userId: string) {
  await sql.query(`SELECT pg_advisory_xact_lock(hashtextextended('practice-passes:' || $1, 0))`, [userId], 'practice-pass-lock')
}

/** The weeks that ended in the player's practice campaigns in the last minute and in the last day (a pass ends one). */
export async function practicePasses(sql: Sql, userId: string, now: Date): Promise<{ lastMinute: number; lastDay: number }> {
  const [row] = await sql.query<{ lastMinute: number; lastDay: number }>(
    `SELECT count(*) FILTER (WHERE w.due_at > ${utc(2)})::int AS "lastMinute", count(*)::int AS "lastDay"
       FROM (SELECT DISTINCT campaign_id FROM memberships WHERE user_id = $1::uuid AND role = 'player') m
       JOIN campaigns c ON c.id = m.campaign_id AND c.practice
       JOIN calendar_work w ON w.campaign_id = c.id AND w.kind = 'tick' AND w.due_at > ${utc(3)} AND w.due_at <= ${utc(4)}`,
    [userId, new Date(now.getTime() - 60_000).toISOString(), new Date(now.getTime() - 86_400_000).toISOString(), now.toISOString()],
    'practice-passes',
  )
  return row!
}
