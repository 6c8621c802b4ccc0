import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { hourlyPerCaller } from '../../../lib/creation-limits.ts'
import { AppError, ErrorRef } from '../../../lib/errors.ts'
import { bearer, optionalBearer } from '../route-kit.ts'

// A map's id and name, with the counts its game reports (the weekday game's tribes, tiles, cities and ports).
const MapSummary = Type.Object(
  { id: Type.String(), name: Type.String() },
  {
    additionalProperties: Type.Union([Type.String(), Type.Integer()]),
    description: "id and name, and the game's own counts: for the weekday wargame description, tribes, tiles, cities and ports",
  },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '',
    {
      schema: {
        tags: ['maps'],
        summary: 'The bundled maps, and the ones you uploaded (R1.4)',
        security: optionalBearer,
        response: { 200: Type.Object({ maps: Type.Array(MapSummary) }), 401: ErrorRef },
      },
    },
    async (request) => ({ maps: await fastify.maps.list(await fastify.optionalUser(request)) }),
  )

  fastify.post(
    '',
    {
      onRequest: fastify.authenticate,
      bodyLimit: 256 * 1024,
      config: { rateLimit: hourlyPerCaller(10) },
      schema: {
        tags: ['maps'],
        summary: 'Upload a map (docs/maps.md); every problem is named, and nothing is stored unless the map is valid (R1.4)',
        security: bearer,
        body: Type.Unknown({ description: 'A map as in docs/maps.md' }),
        response: { 201: MapSummary, 400: ErrorRef, 401: ErrorRef, 409: ErrorRef, 413: ErrorRef, 422: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => reply.code(201).send(await fastify.maps.upload(request.user.sub, request.body)),
  )

  fastify.get(
    '/:mapId',
    {
      schema: {
        tags: ['maps'],
        summary: 'One map with its tiles (docs/maps.md)',
        params: Type.Object({ mapId: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Unknown(), 404: ErrorRef },
      },
    },
    async (request) => {
      const map = await fastify.maps.get(request.params.mapId)
      if (!map) throw new AppError(404, 'map/not_found', `No map "${request.params.mapId}"`)
      return map
    },
  )
}

export default routes
