import fp from 'fastify-plugin'
import { clockworkService, type ClockworkService } from '../../services/clockwork.ts'
import { lockedService } from '../../services/locked.ts'

declare module 'fastify' {
  interface FastifyInstance {
    clockwork: ClockworkService
  }
}

export default fp(
  async (fastify) => {
    const { db, clock, config, deliveries } = fastify
    // The sweep runs on the reserved system pool, one connection left for /health: requests
    // queueing for theirs never hold the calendar back (#25).
    const system = { ...db, pool: db.system }
    // Its saves are followed in the orders' memory of the campaigns (#52): the first order after
    // the day's windows open stays one round trip.
    const locked = lockedService(system, clock, { known: fastify.campaigns.memory })
    const clockwork = clockworkService({
      db: system,
      clock,
      sync: locked.sync,
      syncBatch: locked.syncBatch,
      // What the catch-up queued leaves at once, from the deliveries' own loops: the sweep never waits for a recipient (#45).
      deliver: deliveries.kick,
      log: fastify.log,
      concurrency: Math.max(1, config.databaseSystemPoolSize - 1),
    })
    fastify.decorate('clockwork', clockwork)
    if (config.scheduler) {
      fastify.addHook('onReady', async () => {
        // Not awaited: a long catch-up after downtime must not hold the server's start.
        clockwork
          .sweep({ progress: (d, n) => fastify.log.info(`boot catch-up: ${d}/${n} campaigns`) })
          .catch((err) => fastify.log.error({ err }, 'boot sweep failed'))
        fastify.scheduler.every(config.sweepCron, 'sweep', clockwork.sweep)
      })
    }
    // At the signal, before the requests in flight are done: the sweep stops at its current batch.
    fastify.addHook('preClose', async () => clockwork.halt())
    fastify.addHook('onClose', clockwork.settle)
  },
  { name: 'clockwork', dependencies: ['prisma', 'clock', 'campaigns', 'config', 'scheduler', 'deliveries'] },
)
