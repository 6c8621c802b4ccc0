// The PostgreSQL of a test run (scripts/test.ts, scripts/flaky.ts): DATABASE_URL's server, or an
// embedded one in a temporary folder of its own on a free port (two runs at once never meet),
// with a freshly migrated template that each test file clones (test/helpers/db.ts).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startEmbedded, type Database } from '../src/db/embedded.ts'
import { migrate } from '../src/db/migrate.ts'
import { adminQuery, freePort, withDatabase } from '../test/helpers/test-support.ts'

export const TEMPLATE = 'ww_test_template'

export interface TestDatabase {
  /** What a test process needs to clone the template (test/helpers/db.ts reads them). */
  env: { WW_TEST_ADMIN_URL: string; WW_TEST_TEMPLATE: string }
  stop(): Promise<void>
}

export async function startTestDatabase(say: (m: string) => void): Promise<TestDatabase> {
  let db: Database
  let dataDir: string | undefined
  if (process.env.DATABASE_URL) {
    say('using the PostgreSQL server of DATABASE_URL')
    db = { url: process.env.DATABASE_URL, adminUrl: process.env.DATABASE_URL, embedded: false, async stop() {} }
  } else {
    const port = Number(process.env.EMBEDDED_PG_TEST_PORT ?? 0) || (await freePort())
    dataDir = mkdtempSync(path.join(tmpdir(), 'ww-test-'))
    chmodSync(dataDir, 0o755) // the server runs as the postgres user when we are root
    db = await startEmbedded({ dataDir: path.join(dataDir, 'postgres'), port, database: 'postgres', log: say, disposable: true })
    say(`embedded PostgreSQL for tests on port ${port} in ${dataDir}`)
  }
  const stop = async () => {
    await db.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const adminUrl = withDatabase(db.adminUrl, 'postgres')
    // Leftovers of an interrupted run would only waste disk.
    const { rows } = await adminQuery(adminUrl, `SELECT datname FROM pg_database WHERE datname LIKE 't\\_%' OR datname = '${TEMPLATE}'`)
    for (const row of rows) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`)
    await adminQuery(adminUrl, `CREATE DATABASE "${TEMPLATE}"`)
    await migrate(withDatabase(adminUrl, TEMPLATE))
    say(`template database ${TEMPLATE} migrated`)
    return { env: { WW_TEST_ADMIN_URL: adminUrl, WW_TEST_TEMPLATE: TEMPLATE }, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
