import fp from 'fastify-plugin'
import { notificationsService, type NotificationsService } from '../../services/notifications.ts'

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService
  }
}

export default fp(
  async (fastify) => {
    const { db, mail, config } = fastify
    fastify.decorate('notifications', notificationsService({ db, mail, publicUrl: config.publicUrl, secret: config.jwtSecret }))
  },
  { name: 'notifications', dependencies: ['prisma', 'config', 'mail'] },
)
