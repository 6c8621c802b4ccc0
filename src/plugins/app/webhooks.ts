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
      webhooksService({ db: { ...fastify.db, pool: fastify.db.system }, clock: fastify.clock, allowPrivate: fastify.config.allowPrivateWebhooks }),
    )
  },
  { name: 'webhooks', dependencies: ['prisma', 'clock', 'config'] },
)
