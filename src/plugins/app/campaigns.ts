import fp from 'fastify-plugin'
import { campaignsService, type CampaignsService } from '../../services/campaigns.ts'

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignsService
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('campaigns', campaignsService({ db: fastify.db, clock: fastify.clock, publicUrl: fastify.config.publicUrl }))
  },
  { name: 'campaigns', dependencies: ['prisma', 'clock', 'config'] },
)
