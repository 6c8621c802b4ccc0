import fp from 'fastify-plugin'
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
      limits: { perAddress: fastify.config.streamsPerAddress, perInstance: fastify.config.streamsPerInstance },
    })
    fastify.decorate('streams', streams)
    // Before the server closes, which waits for open connections: a stream never ends by itself.
    fastify.addHook('preClose', async () => streams.stop())
  },
  { name: 'streams', dependencies: ['prisma', 'clock', 'config'] },
)
