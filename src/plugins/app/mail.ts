import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { mailService, type MailDeps, type MailService } from '../../services/mail.ts'

/** What app.ts hands this plugin: the faces' drawing of a period's recap (a plugin imports no face). */
export interface MailOptions {
  recaps?: (fastify: FastifyInstance, publicUrl: string) => MailDeps['recap']
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService
  }
}

export default fp(
  async (fastify, options: MailOptions) => {
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
        recap: options.recaps?.(fastify, config.publicUrl),
        confirmAddresses: config.confirmAddresses,
      }),
    )
  },
  // The payout mail's recap reads the campaign as its recipient does (#30).
  { name: 'mail', dependencies: ['prisma', 'clock', 'mailer', 'config', 'push', 'campaigns'] },
)
