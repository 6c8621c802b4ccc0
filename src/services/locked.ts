// Changes of a campaign. Orders, the hot path, are optimistic: one statement
// reads, the engine runs, one statement saves over the version read (two
// database round trips). The draft, pauses, the sweep and ratified trades lock
// the campaign in a transaction; both kinds save everything in one statement.
import { keepWeekdays, type CampaignRow } from '../db/campaigns.ts'
import { DEFAULT_KNOWN_CAMPAIGNS_MB, type Database } from '../db/index.ts'
import { playersOfMany } from '../db/log.ts'
import { lockAndLoadMany, saveChanges } from '../db/snapshot-batches.ts'
import type { ChangeWrite, IdempotencyWrite, SaveGuard } from '../db/snapshot-writes.ts'
import { isDue, lockCampaignAndSnapshot, type LoadedRow } from '../db/snapshots.ts'
import { sqlOf, transaction, type Sql } from '../db/sql.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import { catchUp, farBehind } from './calendar-work.ts'
import type { Clock } from './clock.ts'
import { knownCampaigns, type KnownCampaign, type KnownCampaigns } from './known-campaigns.ts'
import { ChangeConflict, changeOf, load, save, saveSyncMarks, saveWrite, WeekdaysNeedALock, working, Working } from './working.ts'

/** Tries of an optimistic change, the last of them under the campaign lock. */
const OPTIMISTIC_TRIES = 4

function isConflict(error: unknown): boolean {
  // 23505: a log row taken by a writer that does not move the version (a replaced player's note).
  // 40P01: an order that ends the game locks the campaign row after its snapshot, a locked change the other way round.
  const code = (error as { code?: string } | null)?.code
  return error instanceof ChangeConflict || code === '23505' || code === '40P01'
}

export type ChangeBody<R, T> = (row: R, campaign: CampaignRow, w: Working, now: Date) => ChangeOutcome<T>

export interface ChangeOutcome<T> {
  value: T
  /** The answer to keep for the request's Idempotency-Key, saved with the change. */
  idempotency?: IdempotencyWrite
}

/** A change found its campaign's calendar weeks behind: it is caught up week by week (sync) and the change tried again. */
class FarBehind extends Error {}

/** Thrown inside a change to roll it back and answer with a stored response (a retried request). */
export class StoredAnswer {
  constructor(readonly response: unknown) {}
}

/**
 * A change's way around its read (#32): the row the read would give this
 * caller, made from what this instance knows of the campaign, with what the
 * save must find still true of the caller (the marks are added from the
 * known campaign). Null when it cannot say (a caller not seen yet).
 */
export interface Shortcut<R> {
  rowOf(known: KnownCampaign): { row: R } | null
  /** After a change read and saved: what to remember of its caller. */
  remember(row: R, known: KnownCampaign): void
}

/** Opens the windows that are open right now (at the start, and on resume). */
export function openCurrentWindows(campaign: CampaignRow, w: Working, now: Date) {
  for (const t of w.view.tribes) {
    if (t.eliminated) continue
    const open = windowStatus(t.weekday, campaign.timeZone, now).open
    if (open && t.turn === 'closed') w.system(w.rules.actions.openWindow(t.id), now)
  }
}

/**
 * `known`: the memory of another locked service to share (the sweep's follows what the orders'
 * remembers); else one of `knownCampaigns` campaigns (none by default).
 */
export function lockedService(db: Database, clock: Clock, options: { knownCampaigns?: number; knownCampaignsMb?: number; known?: KnownCampaigns } = {}) {
  const known = options.known ?? knownCampaigns(options.knownCampaigns ?? 0, (options.knownCampaignsMb ?? DEFAULT_KNOWN_CAMPAIGNS_MB) * 1_000_000)
  /** What a locked change saved, for known.followed once its transaction commits. */
  const following = (campaign: CampaignRow, w: Working, change: ChangeWrite, seatsVersion: number) => {
    const state = w.state
    const stateVersion = w.stateVersion
    return () => known.followed(campaign, state, change, stateVersion, seatsVersion)
  }
  /** Saves the marks alone (saveSyncMarks), answering what to follow once the transaction commits. */
  const marksFollowing = async (sql: Sql, campaign: CampaignRow, w: Working) => {
    const { version, syncedUntil, nextDueAt } = await saveSyncMarks(sql, campaign, w)
    return () => known.marked(campaign.id, version, syncedUntil, nextDueAt)
  }

  /**
   * One try of a change on `sql`: read, catch up, run the body, save over the
   * version read. A refusal after a catch-up saves the catch-up alone and is
   * answered as an outcome, so that a transaction around it still commits.
   */
  async function attempt<R extends LoadedRow, T>(
    sql: Sql,
    read: (sql: Sql, now: Date) => Promise<R>,
    body: ChangeBody<R, T>,
    locked = false,
    shortcut?: Shortcut<R>,
  ): Promise<{ ok: true; value: T & { version: number } } | { ok: false; error: AppError }> {
    const now = clock.now()
    const row = await read(sql, now)
    const { campaign, w } = await working(sql, row)
    if (!locked && farBehind(w, now)) throw new FarBehind()
    await catchUp(sql, campaign, w, now)
    const caughtUp = w.dirty || w.nextDueAt !== undefined
    const reset = w.mark()
    let out: ChangeOutcome<T>
    try {
      out = body(row, campaign, w, now)
    } catch (error) {
      if (!caughtUp || !(error instanceof AppError)) throw error
      reset()
      if (w.dirty) await save(sql, campaign, w, now)
      else await saveSyncMarks(sql, campaign, w)
      return { ok: false, error }
    }
    const state = w.state
    const change = await saveWrite(sql, campaign, w, now, { snapshotEvery: db.snapshotEvery, ...(out.idempotency ? { idempotency: out.idempotency } : {}) })
    const entry = known.saved(campaign, state, change, w.stateVersion, row.seatsVersion ?? 0, row.stateBytes)
    if (entry) shortcut?.remember(row, entry)
    return { ok: true, value: { ...out.value, version: change.version } }
  }

  /**
   * A change built on the campaign as this instance last saved it, with no
   * read: one round trip. Answers null, having written nothing, whenever the
   * reading path must decide: calendar work due, a refusal (given on the
   * stored state, not on a remembered one), or a guard that no longer holds.
   */
  async function attemptKnown<R extends LoadedRow, T>(
    entry: KnownCampaign,
    shortcut: Shortcut<R>,
    body: ChangeBody<R, T>,
  ): Promise<(T & { version: number }) | null> {
    const caller = shortcut.rowOf(entry)
    if (!caller) return null
    const now = clock.now()
    const campaign = entry.campaign
    if (campaign.status === 'running' && now > entry.syncedUntil && !(entry.nextDueAt && now < entry.nextDueAt)) return null
    const w = new Working(entry.state, entry.version, entry.syncedUntil, campaign.status, entry.lastSeq, entry.nextDueAt)
    w.stateVersion = entry.stateVersion
    const sql = sqlOf(db.pool)
    // Nothing is due: this only moves the synced mark to now.
    await catchUp(sql, campaign, w, now)
    let out: ChangeOutcome<T>
    try {
      out = body(caller.row, campaign, w, now)
    } catch {
      return null
    }
    const guard: SaveGuard = { syncedUntil: entry.syncedUntil, nextDueAt: entry.nextDueAt, seatsVersion: entry.seatsVersion }
    const state = w.state
    try {
      const change = await saveWrite(sql, campaign, w, now, {
        snapshotEvery: db.snapshotEvery,
        guard,
        ...(out.idempotency ? { idempotency: out.idempotency } : {}),
      })
      known.saved(campaign, state, change, w.stateVersion, entry.seatsVersion)
      return { ...out.value, version: change.version }
    } catch (error) {
      // The statement failed whole: nothing was written.
      if (isConflict(error) || error instanceof WeekdaysNeedALock) return null
      throw error
    }
  }

  /**
   * Reads the campaign with `read` (one statement, which also checks the
   * caller), catches up with the calendar, runs `body` and saves it all over
   * the version read: two round trips, no lock. When other changes keep coming
   * first, the last try locks the campaign, which always gets through.
   */
  async function change<R extends LoadedRow, T>(
    campaignId: string,
    read: (sql: Sql, now: Date) => Promise<R>,
    body: ChangeBody<R, T>,
    shortcut?: Shortcut<R>,
  ): Promise<T & { version: number }> {
    const entry = shortcut && known.get(campaignId)
    if (entry) {
      let done: (T & { version: number }) | null = null
      try {
        done = await attemptKnown(entry, shortcut, body)
      } finally {
        // A save whose answer was lost with its connection may or may not have landed: read again next time.
        if (!done) known.forget(campaignId)
      }
      if (done) return done
    }
    let synced = false
    for (let n = 1; n < OPTIMISTIC_TRIES; n++) {
      try {
        const outcome = await attempt(sqlOf(db.pool), read, body, false, shortcut)
        if (!outcome.ok) throw outcome.error
        return outcome.value
      } catch (error) {
        // Once: the catch-up leaves the calendar at most minutes behind, and the change is tried again.
        if (error instanceof FarBehind && !synced) {
          synced = true
          await sync(campaignId)
          n--
          continue
        }
        // Straight to the lock: every optimistic try would build the same new deal again.
        if (error instanceof WeekdaysNeedALock) break
        if (!isConflict(error) && !(error instanceof FarBehind)) throw error
        // Jitter, so that colliding writers do not collide again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * n * 2))
      }
    }
    const outcome = await transaction(db.pool, async (sql) => {
      await lockCampaignAndSnapshot(sql, campaignId)
      return attempt(sql, read, body, true, shortcut)
    })
    if (!outcome.ok) throw outcome.error
    return outcome.value
  }

  /**
   * Applies calendar work that fell due since the last change, if any: a week
   * per transaction, so that a catch-up of many weeks (a clock jump, a server
   * down for a while) holds the campaign's lock and the event loop a week at
   * a time, and costs the same per week however many there are (#32).
   */
  async function sync(campaignId: string, options: { skipLocked?: boolean; due?: boolean } = {}): Promise<boolean> {
    const now = clock.now()
    // `due`: the caller (the sweep) has just read that it is; a campaign caught up meanwhile finds nothing to do.
    if (!options.due && !(await isDue(db.pool, campaignId, now))) return false
    let wrote = false
    for (;;) {
      const slice = await transaction(db.pool, async (sql) => {
        const loaded = await load(sql, campaignId, { skipLocked: !!options.skipLocked })
        if (!loaded) return null
        const { campaign, w, seatsVersion } = loaded
        await catchUp(sql, campaign, w, now, { slice: true })
        if (w.nextDueAt === undefined) return null
        const follow = w.dirty ? following(campaign, w, await saveWrite(sql, campaign, w, now), seatsVersion) : await marksFollowing(sql, campaign, w)
        return { dirty: w.dirty, done: w.syncedUntil.getTime() >= now.getTime(), follow }
      })
      // Committed: what it wrote is what this instance remembers of the campaign now.
      slice?.follow()
      wrote ||= !!slice?.dirty
      // Nothing (more) to do, or busy: whoever holds the campaign catches it up.
      if (!slice || slice.done) return wrote
      // Lets requests waiting on the event loop run before the next week.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  /**
   * The sweep's way through many due campaigns: a batch in one transaction, with one read of
   * their rows and one of their players, and one commit (a commit per campaign made the weekly
   * tick of 10,000 campaigns wait on 10,000 WAL flushes, #32), and their changes saved in one
   * statement. Each campaign gets the first slice that sync would give it. Answers the campaigns
   * that wrote something, and those to sync one by one: still behind after that slice, or all of
   * them when anything failed, since a failed statement aborts the transaction (then a
   * campaign's broken state is found alone, as before). A campaign busy elsewhere is skipped:
   * whoever holds it catches it up.
   */
  async function syncBatch(ids: string[]): Promise<{ wrote: string[]; again: string[] }> {
    const now = clock.now()
    try {
      return await transaction(db.pool, async (sql) => {
        const rows = await lockAndLoadMany(sql, ids)
        const locked = rows.map((row) => row.id)
        const players = await playersOfMany(sql, locked)
        const changes: ChangeWrite[] = []
        const again: string[] = []
        const dealt: [string, { id: string; weekday: string }[]][] = []
        const follows: (() => void)[] = []
        for (const row of rows) {
          const { campaign, w } = await working(sql, row)
          await catchUp(sql, campaign, w, now, { slice: true, players: players.get(row.id) ?? [] })
          // Caught up meanwhile (a request, another instance): nothing to do.
          if (w.nextDueAt === undefined) continue
          if (w.dirty) {
            const change = await changeOf(sql, campaign, w, now)
            changes.push(change)
            follows.push(following(campaign, w, change, row.seatsVersion ?? 0))
          } else follows.push(await marksFollowing(sql, campaign, w))
          if (w.weekdaysDealt) dealt.push([row.id, w.view.tribes])
          if (w.syncedUntil.getTime() < now.getTime()) again.push(row.id)
        }
        if (changes.length > 0 && (await saveChanges(sql, changes, now)) !== changes.length) throw new Error('a version moved under the lock')
        for (const [id, tribes] of dealt) await keepWeekdays(sql, id, tribes)
        return { wrote: changes.map((change) => change.campaignId), again, follows }
      }).then(({ follows, ...result }) => {
        // Committed: what the batch wrote is what this instance remembers of its campaigns now.
        for (const follow of follows) follow()
        return result
      })
    } catch {
      return { wrote: [], again: ids }
    }
  }

  /** A change with no calendar catch-up first (the draft, a pause). */
  async function plain<T>(campaignId: string, body: (sql: Sql, campaign: CampaignRow, w: Working, now: Date) => Promise<T>): Promise<T> {
    return transaction(db.pool, async (sql) => {
      const { campaign, w } = (await load(sql, campaignId))!
      return body(sql, campaign, w, clock.now())
    })
  }

  /**
   * The game of a campaign this instance changed lately, for a player seen giving it orders
   * (a campaign's game never changes); null for anyone else, who learns nothing of a campaign
   * before its read says they may.
   */
  const rulesetFor = (campaignId: string, userId: string): string | null => {
    const entry = known.get(campaignId)
    return entry?.tribes.has(userId) ? entry.campaign.ruleset : null
  }

  /** What this instance remembers (KNOWN_CAMPAIGNS), for the operator's gauges. */
  const remembered = () => ({ campaigns: known.size, bytes: known.bytes })

  return { change, sync, syncBatch, plain, rulesetFor, remembered, memory: known }
}

export type Locked = ReturnType<typeof lockedService>
