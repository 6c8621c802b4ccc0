// Test and demo tooling; registered only with ALLOW_TEST_CLOCK=true.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError, ErrorRef } from '../../../lib/errors.ts'
import { bearer } from '../route-kit.ts'

const EARLIEST_YEAR = 2000
const LATEST_YEAR = 2200
// Ten years: a demo or a test walks a campaign through its weeks; a jump beyond would hold every
// campaign's catch-up for minutes (#31 item 4) and mail a decade of reminders.
const MAX_JUMP_WEEKS = 520
const WEEK_MS = 7 * 86_400_000

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  if (!fastify.config.allowTestClock) return
  fastify.post(
    '/clock',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['dev'],
        summary: 'Set the service clock (only with ALLOW_TEST_CLOCK=true; any logged-in user)',
        security: bearer,
        description:
          'Moving the clock runs the calendar sweep, then waits for the deliveries it caused (mails, pushes, webhooks), so a week can be walked through in seconds.',
        body: Type.Object({ now: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]) }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            now: Type.String(),
            sweep: Type.Object({
              due: Type.Integer(),
              caughtUp: Type.Integer(),
              failed: Type.Integer(),
              campaignsMs: Type.Integer(),
              ms: Type.Integer(),
              mails: Type.Object({ sent: Type.Integer(), failed: Type.Integer(), dropped: Type.Integer() }),
            }),
          }),
          400: ErrorRef,
          401: ErrorRef,
        },
      },
    },
    async (request) => {
      const at = request.body.now === null ? null : new Date(request.body.now)
      // Calendars, zones and the log's timestamp(3) columns are only sane within these years.
      if (at && !(at.getUTCFullYear() >= EARLIEST_YEAR && at.getUTCFullYear() <= LATEST_YEAR)) {
        throw new AppError(400, 'clock/out_of_range', `The clock can be set between ${EARLIEST_YEAR} and ${LATEST_YEAR} only (got ${request.body.now})`)
      }
      const jumpWeeks = Math.abs((at ?? new Date()).getTime() - fastify.clock.now().getTime()) / WEEK_MS
      if (jumpWeeks > MAX_JUMP_WEEKS) {
        throw new AppError(
          400,
          'clock/jump_too_far',
          `The clock moves at most ${MAX_JUMP_WEEKS} weeks at a time (this jump is ${Math.round(jumpWeeks)} weeks); move it in steps`,
        )
      }
      fastify.clock.set(at)
      const sweep = await fastify.clockwork.sweep()
      // The sweep never waits for its deliveries (#45); a test or a demo reads what they did.
      const sent = await fastify.deliveries.flush()
      return { now: fastify.clock.now().toISOString(), sweep: { ...sweep, mails: sent.mails } }
    },
  )
}

export default routes
