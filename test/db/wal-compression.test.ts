// The sweep's pool writes its WAL page images uncompressed, requests keep the server's pglz
// (#32: compressing the page images of a tick was a third of an old campaign's tick).
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { connect } from '../../src/db/index.ts'
import { testDatabase, testEnv } from '../helpers/db.ts'
import { adminQuery } from '../helpers/test-support.ts'

async function walCompression(pool: { query: (sql: string) => Promise<{ rows: { wal_compression: string }[] }> }) {
  return (await pool.query('SHOW wal_compression')).rows[0]!.wal_compression
}

t.test('the system pool (the sweep, mail, webhooks) turns WAL compression off; the request pool keeps it', async (t) => {
  // The SET runs before the session is handed out, never beside its first query (which pg warns of).
  const warnings: string[] = []
  const warned = (warning: Error) => warnings.push(warning.message)
  process.on('warning', warned)
  t.teardown(() => void process.off('warning', warned))
  const db = connect(await testDatabase(t), { poolSize: 2, systemPoolSize: 2 })
  t.teardown(() => db.close())
  t.equal(await walCompression(db.pool), 'pglz', 'a request session compresses page images as the server does')
  t.equal(await walCompression(db.system), 'off', 'a system session writes them whole')
  // Both connections of the system pool at once: each new session is set, not only the first.
  const [a, b] = await Promise.all([db.system.connect(), db.system.connect()])
  try {
    t.same([await walCompression(a), await walCompression(b)], ['off', 'off'])
  } finally {
    a.release()
    b.release()
  }
  await new Promise((resolve) => setImmediate(resolve))
  t.same(
    warnings.filter((w) => /client\.query\(\)/.test(w)),
    [],
    'no query was queued behind the SET',
  )
})

t.test('a role that may not set wal_compression keeps the server’s, and its system sessions work', async (t) => {
  const { adminUrl } = testEnv()
  const url = new URL(await testDatabase(t))
  const role = `ww_nowal_${randomBytes(4).toString('hex')}`
  const password = randomBytes(12).toString('hex')
  await adminQuery(adminUrl, `CREATE ROLE ${role} LOGIN PASSWORD '${password}'`)
  t.teardown(() => adminQuery(adminUrl, `DROP ROLE IF EXISTS ${role}`).then(() => {}))
  url.username = role
  url.password = password
  const db = connect(url.toString(), { poolSize: 1, systemPoolSize: 1 })
  t.teardown(() => db.close())
  t.equal(await walCompression(db.system), 'pglz', 'the refused SET leaves the setting as it was')
  t.same((await db.system.query('SELECT 1 + 1 AS two')).rows, [{ two: 2 }], 'and the session answers')
  const client = await db.system.connect()
  try {
    await client.query('BEGIN')
    t.same((await client.query('SELECT 2 + 2 AS four')).rows, [{ four: 4 }], 'a transaction on it is not spoiled by the refusal')
    await client.query('COMMIT')
  } finally {
    client.release()
  }
})
