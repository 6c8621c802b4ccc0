// The process: configuration, database, migrations, listening, shutdown.
// Everything the service does lives in app.ts.
import 'dotenv/config'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openDatabase } from './db/embedded.ts'
import { migrate } from './db/migrate.ts'
import { seedDemo } from './services/demo.ts'

function say(message: string) {
  process.stdout.write(`[weekday-wars] ${message}\n`)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`[weekday-wars] configuration error: ${error.message}\nSee .env.example for every variable.\n`)
    process.exit(1)
  }
  throw error
}

const db = await openDatabase(config, say)
let app: Awaited<ReturnType<typeof buildApp>> | undefined

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) process.stderr.write(`[weekday-wars] shutting down after an error: ${err.stack ?? err}\n`)
  else if (signal) say(`${signal} received, shutting down`)
  await app?.close()
  await db.stop()
})

try {
  // The migrations wait on the database while the app loads its modules (#32: a warm start in a
  // second); the app is ready only once they are done.
  const migrated = config.migrateOnStart
    ? migrate(db.url, { log: say }).then((result) =>
        say(result.applied.length ? `applied ${result.applied.length} migration(s)` : 'database schema is up to date'),
      )
    : Promise.resolve()
  migrated.catch(() => {}) // awaited below; this only keeps a failure from being reported as unhandled first
  app = await buildApp({ config, databaseUrl: db.url, schemaReady: migrated })
  if (config.seedDemo) {
    const outcome = await seedDemo(app.db, { clock: app.clock, publicUrl: config.publicUrl })
    if (outcome.seeded) {
      say(`seeded demo data: a public campaign in progress, ${config.publicUrl}/campaigns/${outcome.campaignId} ; demo logins:`)
      for (const login of outcome.logins) say(`  ${login.email}  /  ${login.password}`)
    }
  }
  await app.listen({ host: config.host, port: config.port })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  say(`listening on http://${config.host}:${port}  (API docs: /docs, health: /health)`)
} catch (error) {
  process.stderr.write(`[weekday-wars] could not start: ${(error as Error).message}\n`)
  await app?.close().catch(() => {})
  await db.stop().catch(() => {})
  process.exit(1)
}
