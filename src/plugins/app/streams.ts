import fp from 'fastify-plugin'
import type { Weekday } from '../../engine/index.ts'
import { streamsService, type StreamsService } from '../../services/streams.ts'

declare module 'fastify' {
  interface FastifyInstance {
    streams: StreamsService
  }
}

export default fp(
  async (fastify) => {
    const streams = streamsService({
      db: fastify.db,
      clock: fastify.clock,
      tribesOf: async (a) => (await fastify.campaigns.get(a)).tribes.map((tribe) => ({ id: tribe.id, weekday: tribe.weekday as Weekday })),
      visibleScenes: (a) => fastify.scenes.list(a),
    })
    fastify.decorate('streams', streams)
    fastify.addHook('onClose', async () => streams.stop())
  },
  { name: 'streams', dependencies: ['prisma', 'clock', 'campaigns', 'scenes'] },
)
