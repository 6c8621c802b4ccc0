import fp from 'fastify-plugin'
import { mapsService, type MapsService } from '../../services/maps.ts'

declare module 'fastify' {
  interface FastifyInstance {
    maps: MapsService
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('maps', mapsService(fastify.db))
  },
  { name: 'maps', dependencies: ['prisma'] },
)
