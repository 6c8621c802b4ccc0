import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { Supervision } from '../../db/embedded.ts'
import { databaseAnswers } from '../../services/health.ts'
import { readiness, type Readiness } from '../../services/operations.ts'

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

const ReadySchema = Type.Object({
  status: Type.Enum(['ready', 'not_ready'], { type: 'string' }),
  database: Type.Enum(['ok', 'unreachable', 'restarting'], { type: 'string' }),
  /** `pending`: not applied yet (MIGRATE_ON_START=false, or a start under way); `unfinished`, `edited`: see docs/migrations.md. */
  migrations: Type.Enum(['ok', 'pending', 'unfinished', 'edited', 'unchecked'], { type: 'string' }),
  /** The migrations `migrations` is about. */
  names: Type.Optional(Type.Array(Type.String())),
  /** Migrations applied by newer code than this instance's (a rolling deploy): reported, and no reason to take it out of service. */
  newer: Type.Optional(Type.Array(Type.String())),
  detail: Type.Optional(Type.String()),
})

const restarting = (supervised: Supervision) => `the embedded PostgreSQL exited (${supervised.lastExit}) and is being started again`

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
            detail: restarting(supervised),
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

  fastify.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers and has every migration of this code',
        description:
          'For a load balancer or an orchestrator: 503 takes the instance out of service until the database answers and carries its migrations. Liveness is `/health`, which does not look at the migrations.',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (request, reply) => {
      const supervised = opts.supervision?.()
      const { ready, ...found }: Readiness =
        supervised?.state === 'restarting'
          ? { ready: false, database: 'restarting', migrations: 'unchecked', detail: restarting(supervised) }
          : await readiness(fastify.db)
      if (ready) return { status: 'ready' as const, ...found }
      request.log.warn({ readiness: found }, 'readiness check: not ready')
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'not_ready' as const, ...found })
    },
  )
}

export default routes
