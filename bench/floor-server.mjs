// The floor of the orders bench (bench/orders.ts): the least a web service can
// do for an order on this machine, in a process of its own like the real
// server. Fastify 5, a `pg` Pool of the server's size, @fastify/jwt verifying
// the same bearer token, and one POST route with an order's two round trips:
// read one row by primary key (a snapshot of the same size), then one
// statement that updates it over the version read and inserts a log row;
// another (/floor-one) with that statement alone, an order's one round trip.
// No engine, no validation beyond the token: what is left is HTTP, JSON, JWT
// and two statements, so the ratio of this to pgbench -N is the ceiling for
// the real server's ratio. Configured by env: PORT, DATABASE_URL, POOL, JWT_SECRET.
import Fastify from 'fastify'
import jwt from '@fastify/jwt'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL ?? 10) })
const app = Fastify({ logger: false })
await app.register(jwt, { secret: process.env.JWT_SECRET, verify: { requiredClaims: ['exp', 'sub'] } })

app.get('/health', async () => {
  await pool.query('SELECT 1')
  return { ok: true }
})

app.post('/floor/:id', async (request, reply) => {
  await request.jwtVerify()
  const id = Number(request.params.id)
  const read = await pool.query({ name: 'floor-read', text: 'SELECT version, state FROM floor_rows WHERE id = $1', values: [id] })
  const row = read.rows[0]
  if (!row) return reply.code(404).send({ error: 'no such row' })
  // The state goes back whole, as a snapshot does: parsed by pg, changed, serialised again.
  row.state.floorMoves = (row.state.floorMoves ?? 0) + 1
  const saved = await pool.query({
    name: 'floor-save',
    text: `WITH u AS (UPDATE floor_rows SET state = $2::jsonb, version = version + 1 WHERE id = $1 AND version = $3 RETURNING version)
           INSERT INTO floor_log (row_id, version, payload) SELECT $1, u.version, $4::jsonb FROM u RETURNING version`,
    values: [id, JSON.stringify(row.state), row.version, JSON.stringify(request.body)],
  })
  if (!saved.rows[0]) return reply.code(409).send({ error: 'changed meanwhile' })
  return { version: saved.rows[0].version }
})

// The one-round-trip floor (#32): what an order built on a remembered state must still do,
// one statement that moves the version over the one known and appends the log row.
app.post('/floor-one/:id', async (request, reply) => {
  await request.jwtVerify()
  const id = Number(request.params.id)
  const saved = await pool.query({
    name: 'floor-one-save',
    text: `WITH u AS (UPDATE floor_rows SET version = version + 1 WHERE id = $1 RETURNING version)
           INSERT INTO floor_log (row_id, version, payload) SELECT $1, u.version, $2::jsonb FROM u RETURNING version`,
    values: [id, JSON.stringify(request.body)],
  })
  if (!saved.rows[0]) return reply.code(404).send({ error: 'no such row' })
  return { version: saved.rows[0].version }
})

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
process.stdout.write(`listening on ${address}\n`)
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
)
