import fp from 'fastify-plugin'
import { deliveriesService, type DeliveriesService } from '../../services/deliveries.ts'

declare module 'fastify' {
  interface FastifyInstance {
    deliveries: DeliveriesService
  }
}

export default fp(
  async (fastify) => {
    const { mail, webhooks, config } = fastify
    const deliveries = deliveriesService({ mail, webhooks, log: fastify.log })
    fastify.decorate('deliveries', deliveries)
    // Its own timer besides the sweep's kick: what a request queued (an invitation) leaves within the minute even when no sweep runs.
    if (config.scheduler) fastify.addHook('onReady', async () => fastify.scheduler.every(config.sweepCron, 'deliveries', async () => deliveries.kick()))
    fastify.addHook('onClose', deliveries.close)
  },
  { name: 'deliveries', dependencies: ['config', 'mail', 'scheduler', 'webhooks'] },
)
