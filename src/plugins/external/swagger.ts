import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { ErrorSchema } from '../../lib/errors.ts'
import { finishDocument, type OpenApiDocument } from '../../lib/openapi.ts'

export default fp(
  async (fastify) => {
    fastify.addSchema(ErrorSchema)
    // The operations @fastify/rate-limit counts: only their answers carry RateLimit-* (#50).
    const limited = new Set<string>()
    fastify.addHook('onRoute', (route) => {
      if (!(route.config as { rateLimit?: unknown } | undefined)?.rateLimit) return
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
      for (const method of [route.method].flat()) limited.add(`${method.toLowerCase()} ${path}`)
    })
    await fastify.register(swagger, {
      // Shared schemas keep their own names in components.schemas (Error, each game's order).
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
      // 3.1: its schemas are JSON Schema 2020-12, which is what TypeBox writes (examples, if/then).
      transformObject: (documents) =>
        'openapiObject' in documents ? finishDocument(documents.openapiObject as OpenApiDocument, fastify.config.publicUrl, limited) : documents.swaggerObject,
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
