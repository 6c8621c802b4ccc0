import fp from 'fastify-plugin'
import { clockworkService, type ClockworkService } from '../../services/clockwork.ts'

declare module 'fastify' {
  interface FastifyInstance {
    clockwork: ClockworkService
  }
}

export default fp(async (fastify) => {
  const { db, clock, campaigns, mail, config } = fastify
  const clockwork = clockworkService({
    db, clock, sync: campaigns.sync, drain: () => mail.drain(), log: fastify.log,
    concurrency: Math.max(1, Math.min(8, Math.floor(config.databasePoolSize / 2))),
  })
  fastify.decorate('clockwork', clockwork)
  if (config.scheduler) {
    fastify.addHook('onReady', async () => {
      // Not awaited: a long catch-up after downtime must not hold the server's start.
      clockwork.sweep({ progress: (d, n) => fastify.log.info(`boot catch-up: ${d}/${n} campaigns`) }).catch((err) => fastify.log.error({ err }, 'boot sweep failed'))
      fastify.scheduler.every(config.sweepCron, 'sweep', clockwork.sweep)
    })
  }
  fastify.addHook('onClose', clockwork.settle)
}, { name: 'clockwork', dependencies: ['prisma', 'clock', 'campaigns', 'mail', 'config', 'scheduler'] })
