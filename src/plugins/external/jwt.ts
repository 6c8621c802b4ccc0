import jwt from '@fastify/jwt'
import fp from 'fastify-plugin'

/** An account id: the only subject a login token may name. */
const UUID_SUB = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; tv?: number; jti?: string; iat?: number; exp?: number }
    user: { sub: string; tv?: number; jti?: string; exp?: number }
  }
}

export default fp(
  async (fastify) => {
    await fastify.register(jwt, {
      secret: fastify.config.jwtSecret,
      sign: { expiresIn: fastify.config.jwtExpiresIn },
      // Every token this service signs has both; one without them was not made here to be
      // trusted: no expiry would be a login for ever, a sub that is no account id a 500 (#25).
      verify: { requiredClaims: ['exp', 'sub'], allowedSub: [UUID_SUB] },
    })
  },
  { name: 'jwt', dependencies: ['config'] },
)
