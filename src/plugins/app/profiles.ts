import fp from 'fastify-plugin'
import { profilesService, type ProfilesService } from '../../services/profiles.ts'

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfilesService
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('profiles', profilesService({ db: fastify.db }))
  },
  { name: 'profiles', dependencies: ['prisma'] },
)
