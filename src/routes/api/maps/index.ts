import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { randomBytes } from 'node:crypto'
import { compileMap, validateMap, type MapDef } from '../../../engine/index.ts'
import type { Prisma } from '../../../generated/prisma/client.ts'
import { AppError, ErrorRef } from '../../../lib/errors.ts'
import { BUNDLED_MAPS, bundledMap } from '../../../maps/index.ts'

const MapSummary = Type.Object({
  id: Type.String(), name: Type.String(), description: Type.String(), tribes: Type.Integer(),
  tiles: Type.Integer(), cities: Type.Integer(), ports: Type.Integer(),
})

function summaryOf(m: MapDef) {
  const c = compileMap(m)
  return { id: m.id, name: m.name, description: m.description ?? '', tribes: m.tribes, tiles: c.size, cities: c.cityCount, ports: [...c.port].filter(Boolean).length }
}
const summaries = BUNDLED_MAPS.map(summaryOf)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('', {
    schema: { tags: ['maps'], summary: 'The bundled maps, and the ones you uploaded (R1.4)', response: { 200: Type.Object({ maps: Type.Array(MapSummary) }), 401: ErrorRef } },
  }, async (request) => {
    const userId = await fastify.optionalUser(request)
    const mine = userId ? await fastify.prisma.uploadedMap.findMany({ where: { createdById: userId }, orderBy: { createdAt: 'asc' } }) : []
    return { maps: [...summaries, ...mine.map((m) => summaryOf(m.definition as unknown as MapDef))] }
  })

  fastify.post('', {
    onRequest: fastify.authenticate,
    schema: {
      tags: ['maps'], summary: 'Upload a map (docs/maps.md); every problem is named, and nothing is stored unless the map is valid (R1.4)',
      security: [{ bearerAuth: [] }],
      body: Type.Unknown({ description: 'A map as in docs/maps.md' }),
      response: { 201: MapSummary, 400: ErrorRef, 401: ErrorRef, 422: ErrorRef },
    },
  }, async (request, reply) => {
    const problems = validateMap(request.body)
    if (problems.length > 0) {
      const listed = problems.slice(0, 20).map((p) => `${p.code}: ${p.message}`).join('; ')
      throw new AppError(422, 'map/invalid', `The map has ${problems.length} problem(s): ${listed}${problems.length > 20 ? '; …' : ''}`, 'R1.4')
    }
    const given = request.body as MapDef
    // A suffix keeps uploads apart from bundled maps and from each other.
    const map: MapDef = { ...given, id: `${given.id.slice(0, 50)}-${randomBytes(4).toString('hex')}` }
    await fastify.prisma.uploadedMap.create({ data: { id: map.id, name: map.name, definition: map as unknown as Prisma.InputJsonValue, createdById: request.user.sub } })
    return reply.code(201).send(summaryOf(map))
  })

  fastify.get('/:mapId', {
    schema: {
      tags: ['maps'], summary: 'One map with its tiles (docs/maps.md)', params: Type.Object({ mapId: Type.String({ maxLength: 64 }) }),
      response: { 200: Type.Unknown(), 404: ErrorRef },
    },
  }, async (request) => {
    const map = bundledMap(request.params.mapId) ?? (await fastify.prisma.uploadedMap.findUnique({ where: { id: request.params.mapId } }))?.definition
    if (!map) throw new AppError(404, 'map/not_found', `No map "${request.params.mapId}"`)
    return map
  })
}

export default routes
