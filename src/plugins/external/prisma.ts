import { PrismaPg } from '@prisma/adapter-pg'
import fp from 'fastify-plugin'
import { PrismaClient } from '../../generated/prisma/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient
  }
}

export function createPrisma(connectionString: string, poolSize = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: poolSize }) })
}

export default fp<{ databaseUrl: string; config: { databasePoolSize: number } }>(
  async (fastify, opts) => {
    const prisma = createPrisma(opts.databaseUrl, opts.config.databasePoolSize)
    fastify.decorate('prisma', prisma)
    fastify.addHook('onClose', async () => {
      await prisma.$disconnect()
    })
  },
  { name: 'prisma' },
)
