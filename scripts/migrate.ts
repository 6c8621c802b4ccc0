// `npm run db:migrate`: apply pending migrations to DATABASE_URL, or to the embedded database.
import 'dotenv/config'
import { loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/embedded.ts'
import { MigrationError, migrate } from '../src/db/migrate.ts'

const say = (m: string) => console.log(`[db:migrate] ${m}`)
const config = loadConfig()
const db = await openDatabase(config, say)
try {
  const result = await migrate(db.url, { log: say })
  say(result.applied.length ? `applied ${result.applied.length} migration(s)` : `nothing to apply (${result.alreadyApplied} already applied)`)
} catch (error) {
  console.error(`[db:migrate] ${error instanceof MigrationError ? error.message : (error as Error).stack}`)
  process.exitCode = 1
} finally {
  await db.stop()
}
