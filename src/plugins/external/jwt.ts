import jwt from '@fastify/jwt'
import fp from 'fastify-plugin'

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
    })
  },
  { name: 'jwt', dependencies: ['config'] },
)
