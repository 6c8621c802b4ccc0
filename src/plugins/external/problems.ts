// How the API answers what went wrong (#31): every error of `/api` is an RFC 9457 problem
// (`application/problem+json`) that keeps the members clients already read (`code`, `message`,
// `rule`, and the `error` object of earlier versions); a known path asked with a method it does
// not take is a 405 with `Allow`, not a 404.
import { STATUS_CODES } from 'node:http'
import fp from 'fastify-plugin'
import { errorBody, type ErrorBody } from '../../lib/errors.ts'

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'

/** The problem document of an error body: RFC 9457's members, then the API's own. */
export function problemOf(status: number, body: ErrorBody) {
  const { code, message, rule } = body.error
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? `Status ${status}`,
    status,
    detail: message,
    code,
    message,
    ...(rule ? { rule } : {}),
    error: body.error,
  }
}

/** A route's path as a pattern: `/api/campaigns/:id/state` matches `/api/campaigns/<anything>/state`. */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/:[^/]+/g, '/[^/]+')
      .replace(/\/\*$/, '/.*')}/?$`,
  )

export default fp(
  async (fastify) => {
    const routes: { pattern: RegExp; methods: string[] }[] = []
    fastify.addHook('onRoute', (route) => {
      const methods = [route.method].flat()
      // Made once per route: made again for each known route, it was O(routes²) RegExps at start (#32).
      const pattern = patternOf(route.url)
      const known = routes.find((r) => r.pattern.source === pattern.source)
      if (known) known.methods.push(...methods)
      else routes.push({ pattern, methods })
    })

    // After serialisation, so that every way an error leaves (handlers, validation, limits,
    // 404/405) turns out the same.
    // A callback, not an async hook: every answer passes here, and a promise each cost them all (#52).
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode < 400 || typeof payload !== 'string' || !request.url.startsWith('/api/')) return done(null, payload)
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload)
      let body: ErrorBody
      try {
        body = JSON.parse(payload) as ErrorBody
      } catch {
        return done(null, payload)
      }
      if (typeof body?.error?.code !== 'string') return done(null, payload)
      reply.header('content-type', PROBLEM_TYPE)
      done(null, JSON.stringify(problemOf(reply.statusCode, body)))
    })

    fastify.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!
      const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))]
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send(errorBody('request/method_not_allowed', `${path} does not take ${request.method}; it takes ${allowed.join(', ')}`))
      }
      return reply.code(404).send(errorBody('not_found', `No route ${request.method} ${path}`))
    })
  },
  { name: 'problems' },
)
