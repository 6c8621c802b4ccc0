import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import helmet from 'helmet'
import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { AppError } from '../../lib/errors.ts'

/** Helmet's defaults, but for images: the pages draw data: URIs. Swagger UI adds its own scripts' hashes. */
export const SECURITY_HEADERS = { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } } }

/** The headers a helmet middleware sets, read from a real response it ran on once, unsent. */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const request = new IncomingMessage(new Socket())
  const response = new ServerResponse(request)
  middleware(request, response, (error?: unknown) => {
    if (error) throw error as Error
  })
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)])
}

export default fp(
  async (fastify) => {
    // Helmet's headers, taken once from helmet itself and set on every answer as they are:
    // @fastify/helmet built them again on every request, parsing the CSP directives each time
    // (5% of the server's busy time under the orders bench, #32), and helmet's own chain of
    // middlewares cost an order 3% more (#52). Nothing here uses nonces or helmet's per-route
    // options, the only things that vary by request (Swagger UI's pages set a CSP of their own
    // after these, as they did before).
    // They go in the reply's own headers, not the raw response's: an answer whose headers all come
    // from the reply is written by Node's writeHead as they are, while one raw header makes it copy
    // every header into a second table first (an order allocated 5 kB for headers, #52).
    const securityHeaders = headersOf(helmet(SECURITY_HEADERS))
    fastify.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of securityHeaders) reply.header(name, value)
      done()
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
