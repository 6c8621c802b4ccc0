import fp from 'fastify-plugin'
import { inboxService, type InboxService } from '../../services/inbox.ts'

declare module 'fastify' {
  interface FastifyInstance {
    inbox: InboxService
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('inbox', inboxService({ db: fastify.db, clock: fastify.clock, publicUrl: fastify.config.publicUrl }))
  },
  { name: 'inbox', dependencies: ['prisma', 'clock', 'config'] },
)
