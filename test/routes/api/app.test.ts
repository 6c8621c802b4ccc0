import t from 'tap'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { app, serverOptions } from '../../../src/app.ts'
import { SECURITY_HEADERS } from '../../../src/plugins/external/security.ts'
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
    ['/health/ready', 'get'],
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

t.test('every answer carries the headers helmet gives for our settings, built once (#32)', async (t) => {
  // What helmet's own middleware sets on a bare response, for the settings the service uses.
  const expected: Record<string, string> = {}
  const removed: string[] = []
  helmet(SECURITY_HEADERS)(
    {} as never,
    {
      setHeader: (name: string, value: string) => (expected[name.toLowerCase()] = value),
      removeHeader: (name: string) => removed.push(name.toLowerCase()),
    } as never,
    () => {},
  )
  t.match(expected['content-security-policy'], /img-src 'self' data:/, 'the pages may draw data: images')
  t.ok(Object.keys(expected).length >= 10, `helmet sets its ${Object.keys(expected).length} headers`)
  const app = await buildTestApp(t)
  for (const [what, url] of [
    ['the API', '/health'],
    ['a page', '/'],
    ['a page in Spanish', '/?lang=es'],
    ['an unknown route', '/api/nothing-here'],
    ['a missing page', '/no-such-page'],
  ] as const) {
    const res = await app.inject({ method: 'GET', url })
    for (const [name, value] of Object.entries(expected)) t.equal(res.headers[name], value, `${what}: ${name}`)
    for (const name of removed) t.notOk(res.headers[name], `${what}: no ${name}`)
  }
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
