import fp from 'fastify-plugin'
import { systemClock, type Clock } from '../../services/clock.ts'

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock
  }
}

export default fp(
  async (fastify) => {
    const clock = systemClock()
    if (fastify.config.allowTestClock && fastify.config.testClockNow) clock.set(fastify.config.testClockNow)
    fastify.decorate('clock', clock)
  },
  { name: 'clock', dependencies: ['config'] },
)
