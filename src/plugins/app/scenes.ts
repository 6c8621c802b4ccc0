import fp from 'fastify-plugin'
import { scenesService, type ScenesService } from '../../services/scenes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    scenes: ScenesService
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('scenes', scenesService({ db: fastify.db, clock: fastify.clock, publicUrl: fastify.config.publicUrl }))
  },
  { name: 'scenes', dependencies: ['prisma', 'clock', 'config'] },
)
