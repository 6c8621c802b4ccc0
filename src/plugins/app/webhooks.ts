import fp from 'fastify-plugin'
import { webhooksService, type WebhooksService } from '../../services/webhooks.ts'

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksService
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'webhooks',
      // Called from the deliveries' loop (#45), on the ordinary pool: the sweep's reserved connections stay the calendar's.
      webhooksService({ db: fastify.db, clock: fastify.clock, allowPrivate: fastify.config.allowPrivateWebhooks, log: fastify.log }),
    )
  },
  { name: 'webhooks', dependencies: ['prisma', 'clock', 'config'] },
)
