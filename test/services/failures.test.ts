// Failures on our side: the database gone (503 with Retry-After, and back
// without a restart) and the engine failing on its own input (a logged 500
// with a request id, no internals in the answer).
import net from 'node:net'
import { Writable } from 'node:stream'
import t from 'tap'
import { buildApp } from '../../src/app.ts'
import { testConfig } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { testDatabase } from '../helpers/db.ts'

/** A TCP proxy to the database that can be cut and restored on the same port. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>()
  let server: net.Server | null = null
  let isUp = false
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as net.AddressInfo).port
      probe.close(() => resolve(p))
    })
  })
  const up = () =>
    new Promise<void>((resolve) => {
      if (isUp) return resolve()
      isUp = true
      server = net
        .createServer((client) => {
          const upstream = net.connect(Number(target.port), target.hostname)
          for (const s of [client, upstream]) {
            sockets.add(s)
            s.on('close', () => sockets.delete(s))
            s.on('error', () => s.destroy())
          }
          client.pipe(upstream).pipe(client)
        })
        .listen(port, '127.0.0.1', () => resolve())
    })
  const down = () =>
    new Promise<void>((resolve) => {
      if (!isUp) return resolve()
      isUp = false
      for (const s of sockets) s.destroy()
      server?.close(() => resolve())
    })
  await up()
  const url = new URL(target)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return { url: url.toString(), up, down }
}

t.test('with the database down every route answers 503 with Retry-After in the error shape, and all is well again once it is back', async (t) => {
  const proxy = await cuttableProxy(new URL(await testDatabase(t)))
  const app = await buildApp({ config: { ...testConfig(), allowTestClock: true }, databaseUrl: proxy.url })
  t.teardown(async () => {
    await proxy.up()
    await app.close()
    await proxy.down()
  })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const ana = table.players.ana!.token
  await proxy.down()
  const routes: [method: 'GET' | 'POST', url: string, token: string | null, body?: unknown][] = [
    ['GET', `/api/campaigns/${table.id}/state`, ana],
    ['POST', `/api/campaigns/${table.id}/orders`, ana, { order: { type: 'endTurn' } }],
    ['GET', '/api/campaigns/public', null],
    ['POST', '/api/auth/login', null, { email: 'nobody@example.com', password: 'whatever-it-is' }],
    ['GET', '/api/maps', ana],
  ]
  for (const [method, url, token, body] of routes) {
    const res = await app.inject({ method, url, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} })
    t.equal(res.statusCode, 503, `${method} ${url}: 503`)
    t.equal(res.headers['retry-after'], '5', `${method} ${url}: Retry-After`)
    t.equal(res.json().error.code, 'service/unavailable', `${method} ${url}: the error shape`)
  }
  const health = await app.inject({ method: 'GET', url: '/health' })
  t.equal(health.statusCode, 503)
  const page = await app.inject({ method: 'GET', url: `/campaigns/${table.id}`, headers: { 'accept-language': 'es' } })
  t.equal(page.statusCode, 503, 'a page is a 503 page')
  t.match(page.body, /no responde/, "in the reader's language")
  await proxy.up()
  let back = 0
  for (let i = 0; i < 20 && back !== 200; i++) back = (await call(app, ana, 'GET', `/api/campaigns/${table.id}/state`)).status
  t.equal(back, 200, 'the state reads again, with no restart')
  t.equal((await call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })).status, 200, 'orders are taken again')
})

t.test('an exception inside the engine is a logged 500 with a request id and no internals', async (t) => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const app = await buildApp({ config: { ...testConfig(), allowTestClock: true }, databaseUrl: await testDatabase(t) }, { logger: { level: 'error', stream } })
  t.teardown(() => app.close())
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  // A snapshot the engine cannot read: its pools are not a list.
  await app.pg.query(`UPDATE game_snapshots SET state = jsonb_set(state::jsonb, '{pools}', '"broken"')::json WHERE campaign_id = $1`, [table.id])
  const res = await app.inject({
    method: 'POST',
    url: `/api/campaigns/${table.id}/orders`,
    payload: { order: { type: 'recruit', city: '2,1', troops: 1 } },
    headers: { authorization: `Bearer ${table.players.ana!.token}` },
  })
  t.equal(res.statusCode, 500, 'a 500, not a rule refusal')
  const body = res.json()
  t.equal(body.error.code, 'internal')
  t.match(body.error.message, new RegExp(`request ${res.headers['request-id'] ?? 'req-'}`), 'the request id is named')
  t.notMatch(body.error.message, /pools|find|engine/, 'no internals')
  const logged = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; err?: { message: string } }).find((l) => l.msg === 'request failed')
  t.ok(logged, 'the failure is logged')
  t.match(logged?.err?.message, /engine failure/, 'with what failed')
  t.ok(logged?.reqId && body.error.message.includes(logged.reqId), 'under the request id the answer names')
})
