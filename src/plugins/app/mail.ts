import fp from 'fastify-plugin'
import { mailRecaps } from '../../faces/recap.ts'
import { mailService, type MailService } from '../../services/mail.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService
  }
}

export default fp(
  async (fastify) => {
    const { db, clock, mailer, config, push } = fastify
    // The sender runs in the deliveries' loop (#45), on the ordinary pool: the sweep's reserved connections stay the calendar's.
    fastify.decorate(
      'mail',
      mailService({
        db,
        clock,
        mailer,
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
        log: fastify.log,
        push,
        recap: mailRecaps(fastify, config.publicUrl),
      }),
    )
  },
  // The payout mail's recap reads the campaign as its recipient does (#30).
  { name: 'mail', dependencies: ['prisma', 'clock', 'mailer', 'config', 'push', 'campaigns'] },
)
