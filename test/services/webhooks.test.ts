// Signed webhooks (#31 item 6): a change of a campaign reaches each member's webhook as a signed
// POST; a receiver that fails is tried again with backoff; private addresses are refused unless
// the test switch allows them.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { buildTestApp, register } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'

interface Received {
  headers: IncomingMessage['headers']
  body: string
}

async function receiver(t: Test, answers: number[]) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.writeHead(answers.shift() ?? 204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received }
}

t.test('a change is posted to each member with a webhook, signed; a failure is tried again after the backoff', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, allowPrivateWebhooks: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const hook = await receiver(t, [500])
  const ana = table.players.ana!
  const set = await call(app, ana.token, 'PUT', '/api/me/webhook', { url: hook.url })
  t.equal(set.status, 200)
  t.match(set.body.secret, /^[A-Za-z0-9_-]{40,}$/, 'a secret, shown once')
  t.same((await call(app, ana.token, 'GET', '/api/me/webhook')).body, { url: hook.url }, 'reading it back shows the address, not the secret')

  const given = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(given.status, 200)
  await setClock(app, '2026-11-30T09:01:00Z')
  t.equal(hook.received.length, 1, 'the sweep after the order calls the webhook once')
  const [first] = hook.received
  const body = JSON.parse(first!.body)
  t.match(body, { type: 'campaign.changed', campaignId: table.id, version: given.body.version })
  t.equal(first!.headers['webhook-id'], body.id, 'Webhook-Id names the delivery (receivers drop repeats by it)')
  const [, stamp, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(first!.headers['webhook-signature'] as string)!
  t.equal(mac, createHmac('sha256', set.body.secret).update(`${stamp}.${first!.body}`).digest('hex'), 'signed with the secret over "<t>.<body>"')

  await setClock(app, '2026-11-30T09:01:30Z')
  t.equal(hook.received.length, 1, 'the receiver answered 500: not tried again before a minute')
  await setClock(app, '2026-11-30T09:02:10Z')
  t.equal(hook.received.length, 2, 'tried again after the first backoff')
  t.equal(JSON.parse(hook.received[1]!.body).id, body.id, 'the same delivery')
  await setClock(app, '2026-11-30T09:30:00Z')
  t.equal(hook.received.length, 2, 'answered 204: delivered, never sent again')
  const row = await app.prisma.webhookDelivery.findFirstOrThrow({ where: { id: body.id } })
  t.equal(row.attempts, 2)
  t.ok(row.deliveredAt, 'marked delivered')
  t.equal(row.campaignId, table.id, 'the delivery carries its campaign')

  t.equal((await call(app, ana.token, 'DELETE', '/api/me/webhook')).status, 204)
  await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
  await setClock(app, '2026-11-30T09:31:00Z')
  t.equal(hook.received.length, 2, 'no webhook, no call')
})

t.test('private, loopback and link-local addresses are refused unless the test switch allows them', async (t) => {
  const app = await buildTestApp(t)
  const { token } = await register(app, 'hook@example.com')
  for (const [url, code] of [
    ['http://127.0.0.1:8080/hook', 'webhook/private_address'],
    ['http://169.254.169.254/latest/meta-data', 'webhook/private_address'],
    ['http://10.0.0.7/hook', 'webhook/private_address'],
    ['http://[::1]/hook', 'webhook/private_address'],
    ['http://localhost/hook', 'webhook/private_address'],
    ['ftp://example.com/hook', 'webhook/bad_url'],
    ['https://user:pw@example.com/hook', 'webhook/bad_url'],
    ['not a url at all', 'webhook/bad_url'],
    ['https://no-such-host.invalid/hook', 'webhook/unresolvable'],
  ] as const) {
    const res = await call(app, token, 'PUT', '/api/me/webhook', { url })
    t.equal(res.status, 400, `${url}: 400`)
    t.equal(res.body.error.code, code, `${url}: ${code}`)
  }
  t.same((await call(app, token, 'GET', '/api/me/webhook')).body, { url: null }, 'nothing stored')
  const none = await call(app, token, 'DELETE', '/api/me/webhook')
  t.equal(none.status, 404)
  t.equal(none.body.error.code, 'webhook/none', 'removing a webhook one does not have')
})
