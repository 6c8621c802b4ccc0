// The weekly clockwork: a sweep finds the running campaigns whose next calendar
// work is due (window opens and closes, reminders, the Sunday tick) and catches
// them up in batches, a locked transaction each, with a ledger row per unit of work.
// Then it kicks the deliveries (src/services/deliveries.ts) and ends: mails, pushes and
// webhooks leave from loops of their own, so no recipient holds the calendar (#45). The
// scheduler only starts sweeps; a sweep at boot catches up whatever fell due while the
// server was down.
import type { Database } from '../db/index.ts'
import { dueCampaigns } from '../db/snapshots.ts'
import type { Clock } from './clock.ts'

export interface SweepResult {
  /** Campaigns that had work due. */
  due: number
  /** Campaigns this sweep caught up (the rest were busy with another sweep or request, which catches them up). */
  caughtUp: number
  failed: number
  /** Time for the campaigns' catch-up, and for the whole sweep (the same but for finding them). */
  campaignsMs: number
  ms: number
}

interface Logger {
  info(obj: object, message?: string): void
  error(obj: object, message: string): void
}

type Progress = (done: number, total: number) => void

/**
 * Due campaigns caught up in one transaction: one commit (one WAL flush) for so many. Each holds
 * its campaigns' locks for the batch's time (about a millisecond a campaign), which an order on
 * one of them waits for.
 */
const SWEEP_BATCH = 25

export function clockworkService(deps: {
  db: Database
  clock: Clock
  sync: (campaignId: string, options: { skipLocked: boolean; due: boolean }) => Promise<boolean>
  syncBatch: (campaignIds: string[]) => Promise<{ wrote: string[]; again: string[] }>
  /** Starts the deliveries of what the sweep queued; never waits for them. */
  deliver: () => void
  concurrency: number
  log: Logger
}) {
  const { db, clock, sync, syncBatch, deliver, concurrency, log } = deps
  let running: Promise<SweepResult> | null = null
  // Set at shutdown: the batches under way commit, no new one starts, and what is left stays due
  // for the next start's boot sweep (#51).
  let halted = false
  // Who hears of each sweep's end (the metrics, #51), a sweep that threw included.
  const listeners: ((result: SweepResult | null) => void)[] = []
  const tell = (result: SweepResult | null) => {
    for (const listener of listeners) listener(result)
  }

  async function sweepOnce(options: { progress?: Progress } = {}): Promise<SweepResult> {
    const started = performance.now()
    const ids = await dueCampaigns(db.pool, clock.now())
    let next = 0
    const caughtUp = new Set<string>()
    let failed = 0
    let done = 0
    const worker = async () => {
      while (next < ids.length && !halted) {
        const batch = ids.slice(next, next + SWEEP_BATCH)
        next += batch.length
        const { wrote, again } = await syncBatch(batch)
        for (const id of wrote) caughtUp.add(id)
        for (const id of again) {
          if (halted) break
          try {
            if (await sync(id, { skipLocked: true, due: true })) caughtUp.add(id)
          } catch (error) {
            // One broken campaign must not stop the others; it stays due and is retried next sweep.
            failed++
            log.error({ err: error, campaign: id }, 'calendar catch-up failed')
          }
        }
        const before = done
        done += batch.length
        if (Math.floor(done / 1000) > Math.floor(before / 1000)) options.progress?.(done, ids.length)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    const campaignsMs = Math.round(performance.now() - started)
    deliver()
    const result = { due: ids.length, caughtUp: caughtUp.size, failed, campaignsMs, ms: Math.round(performance.now() - started) }
    if (halted && caughtUp.size + failed < ids.length) log.info(result, 'sweep stopped for shutdown: the rest is caught up at the next start')
    else if (ids.length > 0) log.info(result, 'sweep done')
    return result
  }

  /** One sweep at a time per instance; a caller during a sweep waits for it and then sweeps again. */
  async function sweep(options: { progress?: Progress } = {}): Promise<SweepResult> {
    while (running) await running.catch(() => {})
    if (halted) return { due: 0, caughtUp: 0, failed: 0, campaignsMs: 0, ms: 0 }
    running = sweepOnce(options)
    try {
      const result = await running
      tell(result)
      return result
    } catch (error) {
      tell(null)
      throw error
    } finally {
      running = null
    }
  }

  /** Calls `listener` at the end of every sweep with what it did, or null when it failed. */
  function onSweep(listener: (result: SweepResult | null) => void) {
    listeners.push(listener)
  }

  /** Shutdown's first step: a sweep under way finishes the batches it has begun and starts no other; no sweep starts after. */
  function halt() {
    halted = true
  }

  /** Waits for a sweep under way (shutdown, after `halt`). */
  async function settle() {
    await running?.catch(() => {})
  }

  return { sweep, halt, settle, onSweep }
}

export type ClockworkService = ReturnType<typeof clockworkService>
