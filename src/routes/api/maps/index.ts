import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { compileMap } from '../../../engine/index.ts'
import { AppError, ErrorRef } from '../../../lib/errors.ts'
import { BUNDLED_MAPS, bundledMap } from '../../../maps/index.ts'

const MapSummary = Type.Object({
  id: Type.String(), name: Type.String(), description: Type.String(), tribes: Type.Integer(),
  tiles: Type.Integer(), cities: Type.Integer(), ports: Type.Integer(),
})

const summaries = BUNDLED_MAPS.map((m) => {
  const c = compileMap(m)
  return { id: m.id, name: m.name, description: m.description ?? '', tribes: m.tribes, tiles: c.size, cities: c.cityCount, ports: [...c.port].filter(Boolean).length }
})

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('', {
    schema: { tags: ['maps'], summary: 'The bundled maps (R1.4)', response: { 200: Type.Object({ maps: Type.Array(MapSummary) }) } },
  }, async () => ({ maps: summaries }))

  fastify.get('/:mapId', {
    schema: {
      tags: ['maps'], summary: 'One bundled map with its tiles (docs/maps.md)', params: Type.Object({ mapId: Type.String({ maxLength: 64 }) }),
      response: { 200: Type.Unknown(), 404: ErrorRef },
    },
  }, async (request) => {
    const map = bundledMap(request.params.mapId)
    if (!map) throw new AppError(404, 'map/not_found', `No bundled map "${request.params.mapId}"`)
    return map
  })
}

export default routes
