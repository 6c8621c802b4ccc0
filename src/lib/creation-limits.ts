// What makes something to keep (a campaign, a rematch's campaign, an uploaded map) is limited to
// so many an hour by caller: the token's user, counted after authentication (preHandler), or the
// address when there is none.
import type { FastifyRequest } from 'fastify'

/** The route's `rateLimit` config: at most `max` an hour for each caller. */
export function hourlyPerCaller(max: number) {
  return {
    max,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => (request.user as { sub?: string } | undefined)?.sub ?? request.ip,
  }
}
