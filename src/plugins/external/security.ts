import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import sensible from '@fastify/sensible'
import fp from 'fastify-plugin'
import { AppError } from '../../lib/errors.ts'

export default fp(
  async (fastify) => {
    await fastify.register(sensible)
    await fastify.register(helmet, {
      // Swagger UI ships inline scripts and styles of its own; it adds their hashes.
      contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } },
    })
    // Opt-in per route (login, register), so reads are never throttled.
    await fastify.register(rateLimit, {
      global: false,
      // RateLimit-Limit, -Remaining, -Reset on every limited answer, Retry-After on a 429.
      enableDraftSpec: true,
      errorResponseBuilder: (_request, context) => new AppError(429, 'request/rate_limited', `Too many attempts; try again in ${context.after}.`),
    })
  },
  { name: 'security' },
)
