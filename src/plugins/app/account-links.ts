// Account links (#51): password resets, sign-in links, changes of password and address.
import fp from 'fastify-plugin'
import { accountLinksService, type AccountLinksService } from '../../services/account-links.ts'

declare module 'fastify' {
  interface FastifyInstance {
    accountLinks: AccountLinksService
  }
}

export default fp(
  async (fastify) => {
    const { db, clock, config, deliveries, log } = fastify
    const accountLinks = accountLinksService({ db, clock, publicUrl: config.publicUrl, queued: () => deliveries.kick(), log })
    fastify.decorate('accountLinks', accountLinks)
    // Before any onClose (the deliveries', the pool's): a link asked for just before is still queued.
    fastify.addHook('preClose', accountLinks.settled)
  },
  { name: 'account-links', dependencies: ['accounts', 'clock', 'config', 'deliveries'] },
)
