import helmet from 'helmet'
import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { AppError } from '../../lib/errors.ts'

/** Helmet's defaults, but for images: the pages draw data: URIs. Swagger UI adds its own scripts' hashes. */
export const SECURITY_HEADERS = { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } } }

export default fp(
  async (fastify) => {
    // Helmet's headers, built once: @fastify/helmet built them again on every request, parsing
    // the CSP directives each time (5% of the server's busy time under the orders bench, #32).
    // Nothing here uses nonces or helmet's per-route options, which were all it built them anew
    // for (Swagger UI's pages set a CSP of their own after these, as they did before).
    const securityHeaders = helmet(SECURITY_HEADERS)
    fastify.addHook('onRequest', (request, reply, next) => securityHeaders(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined)))
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
