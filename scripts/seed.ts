// `npm run db:seed`: demo users (and later a demo campaign) in an empty database.
import 'dotenv/config'
import { loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/embedded.ts'
import { migrate } from '../src/db/migrate.ts'
import { seedDemo } from '../src/services/demo.ts'
import { connect } from '../src/db/index.ts'
import { systemClock } from '../src/services/clock.ts'

const say = (m: string) => console.log(`[db:seed] ${m}`)
const config = loadConfig()
const db = await openDatabase(config, say)
const database = connect(db.url)
try {
  await migrate(db.url, { log: say })
  const outcome = await seedDemo(database, { clock: systemClock(), publicUrl: config.publicUrl })
  if (outcome.seeded) {
    say('demo data seeded; logins:')
    for (const l of outcome.logins) say(`  ${l.email}  /  ${l.password}`)
  } else {
    console.error(`[db:seed] refused: ${outcome.message}`)
    process.exitCode = outcome.reason === 'real_data' ? 1 : 0
  }
} finally {
  await database.close()
  await db.stop()
}
