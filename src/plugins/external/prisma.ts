import { PrismaPg } from '@prisma/adapter-pg'
import fp from 'fastify-plugin'
import pg from 'pg'
import { PrismaClient } from '../../generated/prisma/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient
    /** The pool under Prisma's adapter, for the plain-SQL hot paths (src/db/sql.ts). */
    pg: pg.Pool
  }
}

export interface Database {
  prisma: PrismaClient
  pool: pg.Pool
  close(): Promise<void>
}

export function openPrisma(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize })
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => {})
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  return {
    prisma,
    pool,
    async close() {
      await prisma.$disconnect()
      await pool.end()
    },
  }
}

export default fp<{ databaseUrl: string; config: { databasePoolSize: number } }>(
  async (fastify, opts) => {
    const db = openPrisma(opts.databaseUrl, opts.config.databasePoolSize)
    fastify.decorate('prisma', db.prisma)
    fastify.decorate('pg', db.pool)
    fastify.addHook('onClose', async () => {
      await db.close()
    })
  },
  { name: 'prisma' },
)
