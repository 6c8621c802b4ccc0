// The embedded PostgreSQL: a generated superuser password kept in DATA_DIR
// (owner-only), loopback only, and the service connecting as a role that owns
// its database and is no superuser (so no COPY … TO PROGRAM).
import { chmodSync, existsSync, mkdtempSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import t from 'tap'
import { openDatabase, startEmbedded } from '../../src/db/embedded.ts'
import { migrate } from '../../src/db/migrate.ts'
import { freePort } from '../helpers/test-support.ts'

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

t.test('no well-known password, loopback only, and the service is no superuser', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ww-embedded-'))
  chmodSync(dir, 0o755) // the server runs as the postgres user when we are root
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const dataDir = path.join(dir, 'postgres')
  const port = await freePort()
  let db = await startEmbedded({ dataDir, port, database: 'weekday_wars' })
  try {
    const passwordFile = `${dataDir}.password`
    t.ok(existsSync(passwordFile), 'the superuser password is generated into the data folder')
    t.equal(statSync(passwordFile).mode & 0o777, 0o600, 'readable by its owner only')
    await t.rejects(
      query(`postgresql://postgres:postgres@127.0.0.1:${port}/postgres`, 'SELECT 1'),
      /password authentication failed/,
      'postgres/postgres is refused',
    )
    t.same(await query(db.url, 'SHOW listen_addresses'), [{ listen_addresses: '127.0.0.1' }], 'it listens on 127.0.0.1 only')
    t.same(await query(db.url, 'SHOW wal_compression'), [{ wal_compression: 'pglz' }], 'it compresses the page images it writes to the WAL (#32)')
    const session = new pg.Client({ connectionString: db.url })
    await session.connect()
    try {
      await session.query('SET wal_compression = off')
      t.same(
        (await session.query('SHOW wal_compression')).rows,
        [{ wal_compression: 'off' }],
        'the service may turn it off in a session of its own (the sweep, #32)',
      )
    } finally {
      await session.end()
    }
    const [me] = await query(db.url, `SELECT current_user AS name, rolsuper AS super FROM pg_roles WHERE rolname = current_user`)
    t.same(me, { name: 'weekday_wars_app', super: false }, 'the service connects as a role of its own, no superuser')
    await t.rejects(
      query(db.url, `COPY (SELECT 1) TO PROGRAM 'true'`),
      /permission denied|must be superuser|pg_execute_server_program/,
      'COPY … TO PROGRAM is refused',
    )
    await migrate(db.url)
    const [owner] = await query(db.url, `SELECT tableowner FROM pg_tables WHERE tablename = 'campaigns'`)
    t.same(owner, { tableowner: 'weekday_wars_app' }, 'it migrates its own database')
    // A cluster of an older version: the default password, and tables owned by the superuser.
    await query(db.adminUrl, `ALTER TABLE campaigns OWNER TO postgres`)
    await query(db.adminUrl, `ALTER ROLE postgres PASSWORD 'postgres'`)
  } finally {
    await db.stop()
  }
  await rm(`${dataDir}.password`)
  db = await startEmbedded({ dataDir, port, database: 'weekday_wars' })
  try {
    await t.rejects(
      query(`postgresql://postgres:postgres@127.0.0.1:${port}/postgres`, 'SELECT 1'),
      /password authentication failed/,
      "an old cluster's default password is changed at start",
    )
    const [owner] = await query(db.url, `SELECT tableowner FROM pg_tables WHERE tablename = 'campaigns'`)
    t.same(owner, { tableowner: 'weekday_wars_app' }, "its tables are handed to the service's role")
    t.same(await query(db.url, 'SELECT count(*)::int AS n FROM campaigns'), [{ n: 0 }], 'which reads them')
    // A tool run beside the service (npm run backup) uses its server as it is.
    const beside = await openDatabase({ dataDir: dir, embeddedPgPort: port }, () => {}, { attach: true })
    t.match(beside, { url: db.url, adminUrl: db.adminUrl, embedded: true }, 'a tool that attaches connects to the running server')
    await beside.stop()
    t.same(await query(db.url, 'SELECT 1 AS up'), [{ up: 1 }], 'and leaves it running when it is done')
  } finally {
    await db.stop()
  }
})
