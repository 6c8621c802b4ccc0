// What the benches share: one embedded PostgreSQL under .data/bench-postgres,
// fresh migrated databases on it, the app's bench config, percentiles.
import path from 'node:path'
import type { Config } from '../../src/config.ts'
import { loadConfig } from '../../src/config.ts'
import { startEmbedded } from '../../src/db/embedded.ts'
import { migrate } from '../../src/db/migrate.ts'
import { adminQuery, freePort, withDatabase } from '../../test/helpers/test-support.ts'

const root = path.resolve(import.meta.dirname, '../..')

export async function benchServer(log: (message: string) => void) {
  const db = await startEmbedded({ dataDir: path.join(root, '.data/bench-postgres'), port: await freePort(), database: 'postgres', log })
  const admin = withDatabase(db.adminUrl, 'postgres')
  return {
    /** A fresh database of this name; migrated unless told otherwise. */
    async database(name: string, options: { migrated?: boolean } = {}): Promise<string> {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await adminQuery(admin, `CREATE DATABASE ${name}`)
      const url = withDatabase(db.adminUrl, name)
      if (options.migrated !== false) await migrate(url)
      return url
    },
    stop: () => db.stop(),
  }
}

export function benchConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', DATA_DIR: path.join(root, '.data') }),
    allowTestClock: true,
    ...overrides,
  }
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
