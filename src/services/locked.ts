// The locked campaign transaction: lock, load, catch up with the calendar, run
// a change, save it all in one statement. Orders, the draft, pauses, the sweep
// and ratified trades all go through here.
import type { CampaignRow } from '../db/campaigns.ts'
import type { Database } from '../db/index.ts'
import { isDue } from '../db/snapshots.ts'
import { rollbackTo, savepoint, transaction, type Sql } from '../db/sql.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import { catchUp } from './calendar-work.ts'
import type { Clock } from './clock.ts'
import { load, save, saveSyncMarks, type Working } from './working.ts'

/** Thrown inside a change to roll it back and answer with a stored response (a retried request). */
export class StoredAnswer {
  constructor(readonly response: unknown) {}
}

/** Opens the windows that are open right now (at the start, and on resume). */
export function openCurrentWindows(campaign: CampaignRow, w: Working, now: Date) {
  for (const t of w.state.tribes) {
    if (t.eliminated) continue
    const open = windowStatus(t.weekday, campaign.timeZone, now).open
    if (open && t.phase === 'closed') w.system({ type: 'openWindow', tribe: t.id }, now)
  }
}

export function lockedService(db: Database, clock: Clock) {
  /**
   * Runs `body` under the campaign lock after catching up with the calendar.
   * A refused change never rolls the catch-up back: when the catch-up did work,
   * the body runs after a savepoint, and on a refusal the catch-up alone commits.
   */
  async function change<T>(campaignId: string, body: (sql: Sql, campaign: CampaignRow, w: Working, now: Date) => Promise<T>): Promise<T & { version: number }> {
    const outcome = await transaction(db.pool, async (sql) => {
      const { campaign, w } = (await load(sql, campaignId))!
      const now = clock.now()
      await catchUp(sql, campaign, w, now)
      const caughtUp = w.dirty || w.nextDueAt !== undefined
      const reset = w.mark()
      if (caughtUp) await savepoint(sql, 'change')
      try {
        const out = await body(sql, campaign, w, now)
        const version = await save(sql, campaign, w, now)
        return { ok: true as const, value: { ...out, version } }
      } catch (error) {
        if (!caughtUp || !(error instanceof AppError || error instanceof StoredAnswer)) throw error
        await rollbackTo(sql, 'change')
        reset()
        if (w.dirty) await save(sql, campaign, w, now)
        else await saveSyncMarks(sql, campaign, w)
        return { ok: false as const, error }
      }
    })
    if (!outcome.ok) throw outcome.error
    return outcome.value
  }

  /** Applies calendar work that fell due since the last change, if any. */
  async function sync(campaignId: string, options: { skipLocked?: boolean } = {}): Promise<boolean> {
    const now = clock.now()
    if (!(await isDue(db.pool, campaignId, now))) return false
    return transaction(db.pool, async (sql) => {
      const loaded = await load(sql, campaignId, options)
      if (!loaded) return false
      const { campaign, w } = loaded
      await catchUp(sql, campaign, w, now)
      if (w.nextDueAt === undefined) return false
      if (w.dirty) await save(sql, campaign, w, now)
      else await saveSyncMarks(sql, campaign, w)
      return w.dirty
    })
  }

  /** A change with no calendar catch-up first (the draft, a pause). */
  async function plain<T>(campaignId: string, body: (sql: Sql, campaign: CampaignRow, w: Working, now: Date) => Promise<T>): Promise<T> {
    return transaction(db.pool, async (sql) => {
      const { campaign, w } = (await load(sql, campaignId))!
      return body(sql, campaign, w, clock.now())
    })
  }

  return { change, sync, plain }
}

export type Locked = ReturnType<typeof lockedService>
