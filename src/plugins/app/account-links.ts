// An account's own business (#51): password resets, sign-in links, changes of password and
// address, the export of its data and its closing.
import fp from 'fastify-plugin'
import { accountClosingService, type AccountClosingService } from '../../services/account-closing.ts'
import { accountLinksService, type AccountLinksService } from '../../services/account-links.ts'

declare module 'fastify' {
  interface FastifyInstance {
    accountLinks: AccountLinksService
    accountClosing: AccountClosingService
  }
}

export default fp(
  async (fastify) => {
    const { db, clock, config, deliveries, log } = fastify
    const accountLinks = accountLinksService({ db, clock, publicUrl: config.publicUrl, queued: () => deliveries.kick(), log })
    fastify.decorate('accountLinks', accountLinks)
    fastify.decorate('accountClosing', accountClosingService({ db, clock }))
    // Before any onClose (the deliveries', the pool's): a link asked for just before is still queued.
    fastify.addHook('preClose', accountLinks.settled)
  },
  { name: 'account-links', dependencies: ['accounts', 'clock', 'config', 'deliveries'] },
)
