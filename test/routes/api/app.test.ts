import t from 'tap'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import { app, serverOptions } from '../../../src/app.ts'
import { buildTestApp, testConfig } from '../../helpers/app.ts'
import { testDatabase } from '../../helpers/db.ts'

t.test('GET /health checks the database', async (t) => {
  const app = await buildTestApp(t)
  const res = await app.inject({ method: 'GET', url: '/health' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 'ok', database: 'ok' })
})

t.test('unknown routes get a JSON 404 in the error shape', async (t) => {
  const app = await buildTestApp(t)
  const res = await app.inject({ method: 'GET', url: '/api/nothing-here?x=1' })
  t.equal(res.statusCode, 404)
  t.match(res.headers['content-type'], /application\/problem\+json/)
  t.same(res.json().error, { code: 'not_found', message: 'No route GET /api/nothing-here' })
})

t.test('OpenAPI at /docs/json lists every route with response schemas', async (t) => {
  const app = await buildTestApp(t)
  const res = await app.inject({ method: 'GET', url: '/docs/json' })
  t.equal(res.statusCode, 200)
  const spec = res.json()
  for (const [path, method] of [
    ['/api/auth/register', 'post'],
    ['/api/auth/login', 'post'],
    ['/api/me', 'get'],
    ['/health', 'get'],
  ] as const) {
    const op = spec.paths[path]?.[method]
    t.ok(op, `${method.toUpperCase()} ${path} documented`)
    t.ok(op && Object.keys(op.responses).length >= 2, `${path} has a schema per status code`)
  }
  const ui = await app.inject({ method: 'GET', url: '/docs/' })
  t.equal(ui.statusCode, 200)
})

t.test('security headers are set (helmet)', async (t) => {
  const app = await buildTestApp(t)
  const res = await app.inject({ method: 'GET', url: '/health' })
  t.equal(res.headers['x-content-type-options'], 'nosniff')
  t.ok(res.headers['content-security-policy'])
})

t.test('a 500 does not leak internals', async (t) => {
  const config = testConfig()
  const fastify = Fastify({ ...serverOptions(config), logger: false })
  await fastify.register(fp(app), { config, databaseUrl: await testDatabase(t) })
  fastify.get('/boom', async () => {
    throw new Error('password=hunter2 at /srv/src/secret.ts:12')
  })
  t.teardown(() => fastify.close())
  const res = await fastify.inject({ method: 'GET', url: '/boom' })
  t.equal(res.statusCode, 500)
  t.equal(res.json().error.code, 'internal')
  t.notMatch(res.body, /hunter2|secret\.ts/)
  t.match(res.json().error.message, /request req-/, 'names the request id for the operator')
})
