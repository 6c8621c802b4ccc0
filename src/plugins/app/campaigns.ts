import fp from 'fastify-plugin'
import { campaignsService, type CampaignsService } from '../../services/campaigns.ts'
import { lockedService } from '../../services/locked.ts'
import { practiceService } from '../../services/practice.ts'

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignsService
    practice: ReturnType<typeof practiceService>
  }
}

export default fp(
  async (fastify) => {
    const deps = { db: fastify.db, clock: fastify.clock, publicUrl: fastify.config.publicUrl }
    const campaigns = campaignsService(deps)
    fastify.decorate('campaigns', campaigns)
    fastify.decorate('practice', practiceService(deps, lockedService(deps.db, deps.clock), campaigns))
  },
  { name: 'campaigns', dependencies: ['prisma', 'clock', 'config'] },
)
