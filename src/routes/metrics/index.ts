// GET /metrics: Prometheus' text format (#51). The numbers tell how busy the service is and
// how many campaigns and deliveries it holds, which is not everyone's to read: with
// METRICS_TOKEN set a scrape sends it as a bearer token; without it the route is open outside
// production and absent in production. Not in the API document: Prometheus reads it, not clients.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { errorBody } from '../../lib/errors.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()

const routes: FastifyPluginAsync = async (fastify) => {
  const { metricsToken, nodeEnv } = fastify.config
  if (!metricsToken && nodeEnv === 'production') return
  // Compared as digests of one length, in constant time: the answer's timing says nothing of the token.
  const expected = metricsToken ? digest(`Bearer ${metricsToken}`) : null

  fastify.get('', async (request, reply) => {
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('metrics/unauthorized', 'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>'))
    }
    const text = await fastify.metrics.scrape()
    return reply.header('content-type', fastify.metrics.contentType).header('cache-control', 'no-store').send(text)
  })
}

export default routes
