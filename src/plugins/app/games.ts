// Each game's order shape, shared under its own name, so that the OpenAPI document lists one
// order schema per game (components.schemas) and the orders route can point at them.
import fp from 'fastify-plugin'
import { FACES } from '../../faces/index.ts'

export default fp(
  async (fastify) => {
    for (const face of FACES) fastify.addSchema(face.orderSchema)
  },
  { name: 'games', dependencies: ['swagger'] },
)
