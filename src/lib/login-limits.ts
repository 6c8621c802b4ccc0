// Login limits by account where the caller names one (#31 item 6): a burst of wrong passwords
// for one address from one place stops that address from that place, and no one else. Before, the
// limit was per IP alone, so a burst from one client behind a shared address (a campus, a
// phone carrier's NAT, the load tests on 127.0.0.1) locked every account's login for a minute.
// A looser ceiling per place still stops one place from trying many addresses.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { AppError } from './errors.ts'

export const IP_CEILING_FACTOR = 10

/** The key of a login attempt: the place and the address it names (lower case, trimmed). */
export function loginKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  const named = typeof body?.email === 'string' ? body.email : ''
  return `${request.ip} ${named.trim().toLowerCase()}`
}

/**
 * The per-place ceiling, counted apart from the route's own limit: @fastify/rate-limit runs one
 * limit per request, so this one is asked directly (createRateLimit) and refuses by itself.
 */
export function placeCeiling(fastify: FastifyInstance, loginsAMinute: number): onRequestAsyncHookHandler {
  const count = fastify.createRateLimit({
    max: loginsAMinute * IP_CEILING_FACTOR,
    timeWindow: '1 minute',
    keyGenerator: (request) => `login-place ${request.ip}`,
  })
  return async (request) => {
    const place = await count(request)
    if (!place.isAllowed && place.isExceeded)
      throw AppError.limited('request/rate_limited', `Too many logins from this place; try again in ${place.ttlInSeconds} seconds.`, place.ttlInSeconds)
  }
}
