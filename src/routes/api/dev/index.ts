// Test and demo tooling; registered only with ALLOW_TEST_CLOCK=true.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  if (!fastify.config.allowTestClock) return
  fastify.post('/clock', {
    schema: {
      tags: ['dev'], summary: 'Set the service clock (only with ALLOW_TEST_CLOCK=true)',
      body: Type.Object({ now: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]) }, { additionalProperties: false }),
      response: { 200: Type.Object({ now: Type.String() }), 400: ErrorRef },
    },
  }, async (request) => {
    fastify.clock.set(request.body.now === null ? null : new Date(request.body.now))
    return { now: fastify.clock.now().toISOString() }
  })
}

export default routes
