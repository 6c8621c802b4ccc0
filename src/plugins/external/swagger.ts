import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { ErrorSchema } from '../../lib/errors.ts'
import { finishDocument, type OpenApiDocument } from '../../lib/openapi.ts'

export default fp(
  async (fastify) => {
    fastify.addSchema(ErrorSchema)
    await fastify.register(swagger, {
      // Shared schemas keep their own names in components.schemas (Error, each game's order).
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
      // 3.1: its schemas are JSON Schema 2020-12, which is what TypeBox writes (examples, if/then).
      transformObject: (documents) =>
        'openapiObject' in documents ? finishDocument(documents.openapiObject as OpenApiDocument, fastify.config.publicUrl) : documents.swaggerObject,
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Weekday Wars API',
          description: 'Asynchronous weekly-turn territorial wargame. Rule ids (R4.3…) refer to docs/RULES.md.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    })
    await fastify.register(swaggerUi, { routePrefix: '/docs', staticCSP: true })
  },
  { name: 'swagger', dependencies: ['security'] },
)
