import { PrismaPg } from '@prisma/adapter-pg'
import fp from 'fastify-plugin'
import { PrismaClient } from '../../generated/prisma/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient
  }
}

export function createPrisma(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) })
}

export default fp<{ databaseUrl: string }>(
  async (fastify, opts) => {
    const prisma = createPrisma(opts.databaseUrl)
    fastify.decorate('prisma', prisma)
    fastify.addHook('onClose', async () => {
      await prisma.$disconnect()
    })
  },
  { name: 'prisma' },
)
