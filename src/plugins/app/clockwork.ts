// The weekly clockwork: a sweep finds the running campaigns whose next calendar
// work is due (window opens and closes, reminders, the Sunday tick) and catches
// each up in its own locked transaction, with a ledger row per unit of work.
// Then the outbox is drained. node-cron only starts sweeps; a sweep at boot
// catches up whatever fell due while the server was down.
import fp from 'fastify-plugin'
import { utc } from '../../db/sql.ts'
import type { DrainResult } from './mail.ts'

export interface SweepResult {
  /** Campaigns that had work due. */
  due: number
  /** Campaigns this sweep caught up (the rest were busy with another sweep or request, which catches them up). */
  caughtUp: number
  failed: number
  mails: DrainResult
  /** Time for the campaigns' catch-up, and for the whole sweep with the mails. */
  campaignsMs: number
  ms: number
}

declare module 'fastify' {
  interface FastifyInstance {
    clockwork: {
      sweep(options?: { progress?: (done: number, total: number) => void }): Promise<SweepResult>
    }
  }
}

export default fp(
  async (fastify) => {
    const { pg: pool, clock, campaigns, mail, config } = fastify
    const concurrency = Math.max(1, Math.min(8, Math.floor(config.databasePoolSize / 2)))
    let running: Promise<SweepResult> | null = null

    async function sweepOnce(options: { progress?: (done: number, total: number) => void } = {}): Promise<SweepResult> {
      const started = performance.now()
      const { rows } = await pool.query<{ id: string }>(
        `SELECT s.campaign_id AS id FROM game_snapshots s JOIN campaigns c ON c.id = s.campaign_id
         WHERE c.status = 'running' AND s.next_due_at <= ${utc(1)} ORDER BY s.next_due_at`,
        [clock.now().toISOString()],
      )
      let next = 0
      let caughtUp = 0
      let failed = 0
      let done = 0
      const worker = async () => {
        while (next < rows.length) {
          const id = rows[next++]!.id
          try {
            if (await campaigns.sync(id, { skipLocked: true })) caughtUp++
          } catch (error) {
            // One broken campaign must not stop the others; it stays due and is retried next sweep.
            failed++
            fastify.log.error({ err: error, campaign: id }, 'calendar catch-up failed')
          }
          done++
          if (done % 1000 === 0) options.progress?.(done, rows.length)
        }
      }
      await Promise.all(Array.from({ length: concurrency }, worker))
      const campaignsMs = Math.round(performance.now() - started)
      const mails = await mail.drain()
      const result = { due: rows.length, caughtUp, failed, mails, campaignsMs, ms: Math.round(performance.now() - started) }
      if (rows.length > 0 || mails.sent + mails.failed + mails.dropped > 0) fastify.log.info(result, 'sweep done')
      return result
    }

    /** One sweep at a time per instance; a caller during a sweep waits for it and then sweeps again. */
    async function sweep(options: { progress?: (done: number, total: number) => void } = {}): Promise<SweepResult> {
      while (running) await running.catch(() => {})
      running = sweepOnce(options)
      try {
        return await running
      } finally {
        running = null
      }
    }

    fastify.decorate('clockwork', { sweep })

    if (config.scheduler) {
      fastify.addHook('onReady', async () => {
        // Not awaited: a long catch-up after downtime must not hold the server's start.
        sweep({ progress: (d, n) => fastify.log.info(`boot catch-up: ${d}/${n} campaigns`) }).catch((err) => fastify.log.error({ err }, 'boot sweep failed'))
        fastify.scheduler.every(config.sweepCron, 'sweep', sweep)
      })
    }
    fastify.addHook('onClose', async () => {
      await running?.catch(() => {})
    })
  },
  { name: 'clockwork', dependencies: ['prisma', 'clock', 'campaigns', 'mail', 'config', 'scheduler'] },
)
