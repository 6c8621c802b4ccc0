import { readFileSync } from 'node:fs'
import { Agent } from 'node:https'
import { rootCertificates } from 'node:tls'
import fp from 'fastify-plugin'
import { pushService, type PushService } from '../../services/push.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService
  }
}

export default fp(
  async (fastify) => {
    const { db, clock, config } = fastify
    // An extra authority is trusted beside the system's, not instead of them.
    const agent = config.pushCaFile ? new Agent({ ca: [...rootCertificates, readFileSync(config.pushCaFile, 'utf8')] }) : undefined
    fastify.decorate('push', pushService({ db, clock, vapid: config.vapid, allowPrivate: config.allowPrivateWebhooks, log: fastify.log, agent }))
  },
  { name: 'push', dependencies: ['prisma', 'clock', 'config'] },
)
