import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { Supervision } from '../../db/embedded.ts'
import { databaseAnswers } from '../../services/health.ts'

// Enums, not unions of literals: fast-json-stringify serializes an enum as it is, while a union
// (anyOf) makes it build an Ajv to choose a branch, 40 ms of the first answer after a start (#32).
const HealthSchema = Type.Object({
  status: Type.Enum(['ok', 'error'], { type: 'string' }),
  database: Type.Enum(['ok', 'unreachable', 'restarting'], { type: 'string' }),
  /** What is wrong, for the operator: the database's error, or how the embedded server last exited. */
  detail: Type.Optional(Type.String()),
  /** Times the embedded PostgreSQL was started again after it exited on its own (#45). */
  restarts: Type.Optional(Type.Integer()),
})

const routes: FastifyPluginAsyncTypebox<{ supervision?: () => Supervision }> = async (fastify, opts) => {
  fastify.get(
    '',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database check',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      const supervised = opts.supervision?.()
      const restarts = supervised ? { restarts: supervised.restarts } : {}
      if (supervised?.state === 'restarting') {
        return reply
          .code(503)
          .header('retry-after', '2')
          .send({
            status: 'error' as const,
            database: 'restarting' as const,
            detail: `the embedded PostgreSQL exited (${supervised.lastExit}) and is being started again`,
            ...restarts,
          })
      }
      try {
        await databaseAnswers(fastify.db)
        return { status: 'ok' as const, database: 'ok' as const, ...restarts }
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable')
        return reply
          .code(503)
          .header('retry-after', '2')
          .send({ status: 'error' as const, database: 'unreachable' as const, detail: String((error as Error).message ?? error), ...restarts })
      }
    },
  )
}

export default routes
