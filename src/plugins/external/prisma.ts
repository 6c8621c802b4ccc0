// The database: one pg pool with Prisma's client on top (src/db).
import fp from 'fastify-plugin'
import type pg from 'pg'
import type { Config } from '../../config.ts'
import { connect, type Database } from '../../db/index.ts'
import type { PrismaClient } from '../../generated/prisma/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    prisma: PrismaClient
    /** The pool under Prisma's adapter, for the plain-SQL hot paths (src/db/sql.ts). */
    pg: pg.Pool
  }
}

export default fp<{ databaseUrl: string; config: Config }>(
  async (fastify, opts) => {
    const c = opts.config
    const db = connect(
      opts.databaseUrl,
      {
        poolSize: c.databasePoolSize,
        systemPoolSize: c.databaseSystemPoolSize,
        acquireTimeoutMs: c.databaseAcquireTimeoutMs,
        statementTimeoutMs: c.databaseStatementTimeoutMs,
        lockTimeoutMs: c.databaseLockTimeoutMs,
        idleInTransactionTimeoutMs: c.databaseIdleInTransactionTimeoutMs,
      },
      c.snapshotEvery,
      c.knownCampaigns,
      c.knownCampaignsMb,
    )
    fastify.decorate('db', {
      prisma: db.prisma,
      pool: db.pool,
      system: db.system,
      snapshotEvery: db.snapshotEvery,
      knownCampaigns: db.knownCampaigns,
      knownCampaignsMb: db.knownCampaignsMb,
    })
    fastify.decorate('prisma', db.prisma)
    fastify.decorate('pg', db.pool)
    fastify.addHook('onClose', async () => {
      await db.close()
    })
  },
  { name: 'prisma' },
)
