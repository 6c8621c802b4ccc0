// The services built from the one ServiceDeps (the database, the clock, the site's URL): the
// campaigns, their practice runs, their diplomacy scenes and the game masters' inbox.
import fp from 'fastify-plugin'
import { campaignsService, type CampaignsService } from '../../services/campaigns.ts'
import { inboxService, type InboxService } from '../../services/inbox.ts'
import { lockedService } from '../../services/locked.ts'
import { practiceService } from '../../services/practice.ts'
import { scenesService, type ScenesService } from '../../services/scenes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignsService
    practice: ReturnType<typeof practiceService>
    scenes: ScenesService
    inbox: InboxService
  }
}

export default fp(
  async (fastify) => {
    const deps = { db: fastify.db, clock: fastify.clock, publicUrl: fastify.config.publicUrl }
    const campaigns = campaignsService(deps)
    fastify.decorate('campaigns', campaigns)
    fastify.decorate('practice', practiceService(deps, lockedService(deps.db, deps.clock), campaigns))
    fastify.decorate('scenes', scenesService(deps))
    fastify.decorate('inbox', inboxService(deps))
  },
  { name: 'campaigns', dependencies: ['prisma', 'clock', 'config'] },
)
