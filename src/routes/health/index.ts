import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { databaseAnswers } from '../../services/health.ts'

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
})

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
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
      try {
        await databaseAnswers(fastify.db)
        return { status: 'ok' as const, database: 'ok' as const }
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable')
        return reply.code(503).send({ status: 'error' as const, database: 'unreachable' as const })
      }
    },
  )
}

export default routes
