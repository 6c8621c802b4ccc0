// The data layer: every SQL statement and Prisma query of the service, by
// aggregate. Services call these functions and never build SQL themselves.
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '../generated/prisma/client.ts'

/** The two handles on one PostgreSQL pool: Prisma for cold paths, plain SQL for hot ones. */
export interface Database { prisma: PrismaClient; pool: pg.Pool }

export { transaction, sqlOf, UUID, type Sql } from './sql.ts'

/** Opens one pg pool and the Prisma client on top of it. */
export function connect(connectionString: string, poolSize = 10): Database & { close(): Promise<void> } {
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
