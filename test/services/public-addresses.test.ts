// #45 problem 6: the addresses the server calls for a user (a webhook, a device's push service).
// Every IPv6 spelling of a private, loopback or link-local IPv4 address is refused, as that
// address itself is; and a call goes to the address that was checked, even when the name
// resolves elsewhere by then (DNS rebinding: checked as one address, called at another).
import dns, { type LookupAddress } from 'node:dns'
import dnsPromises from 'node:dns/promises'
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { syncBuiltinESMExports } from 'node:module'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import t, { type Test } from 'tap'
import { buildTestApp, register } from '../helpers/app.ts'
import { call, setClock } from '../helpers/campaign.ts'
import { notifiedApp } from '../helpers/notified-app.ts'

/** A private, loopback or link-local IPv4 address in each IPv6 form that leads to it. */
const REFUSED = [
  // IPv4-compatible, dotted and in hex (the form a URL keeps).
  'http://[::127.0.0.1]/hook',
  'http://[::7f00:1]/hook',
  'http://[::10.0.0.7]/hook',
  // IPv4-mapped and IPv4-translated.
  'http://[::ffff:169.254.169.254]/hook',
  'http://[::ffff:a9fe:a9fe]/hook',
  'http://[::ffff:0:192.168.1.1]/hook',
  'http://[0:0:0:0:ffff:0:c0a8:101]/hook',
  // NAT64: the well-known prefix with a private address, and the local-use prefix whatever it carries.
  'http://[64:ff9b::10.0.0.7]/hook',
  'http://[64:ff9b::a9fe:a9fe]/hook',
  'http://[64:ff9b:1::a00:7]/hook',
  'http://[64:ff9b:1:0:0:0:808:808]/hook',
  // 6to4 around the loopback and the metadata service.
  'http://[2002:7f00:1::1]/hook',
  'http://[2002:a9fe:a9fe::]/hook',
  // Teredo: server 65.54.227.120, client 127.0.0.1 (inverted: 80ff:fffe) and 10.0.0.7 (f5ff:fff8).
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
  'http://[2001:0:4136:e378:8000:63bf:f5ff:fff8]/hook',
  // Teredo with a private server.
  'http://[2001:0:c0a8:101:8000:63bf:f7f7:f7f7]/hook',
  // ISATAP, under a global prefix: both forms of its interface identifier.
  'http://[2001:db9::5efe:127.0.0.1]/hook',
  'http://[2606:4700::200:5efe:a9fe:a9fe]/hook',
  'http://[2606:4700:0:0:0:5efe:a00:7]/hook',
] as const

/** Public: an IPv4 address a translator reaches, and plain global IPv6. */
const ALLOWED = ['http://[64:ff9b::8.8.8.8]/hook', 'http://[::ffff:8.8.8.8]/hook', 'http://[2606:4700:4700::1111]/hook', 'http://8.8.8.8/hook'] as const

t.test('every IPv6 form of a private, loopback or link-local IPv4 address is refused, for a webhook and for a push endpoint', async (t) => {
  const app = await buildTestApp(t)
  const { token } = await register(app, 'hook@example.com')
  const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), auth: Buffer.alloc(16, 2).toString('base64url') }
  for (const url of REFUSED) {
    const hook = await call(app, token, 'PUT', '/api/me/webhook', { url })
    t.match(hook, { status: 400, body: { error: { code: 'webhook/private_address' } } }, `webhook ${url}: refused`)
    const device = await call(app, token, 'POST', '/api/me/push/devices', { endpoint: url.replace('http:', 'https:'), keys })
    t.match(device, { status: 400, body: { error: { code: 'push/private_address' } } }, `push ${url}: refused`)
  }
  const mapped = await call(app, token, 'PUT', '/api/me/webhook', { url: 'http://[::127.0.0.1]/hook' })
  t.match(mapped.body.error.message, /leads to 127\.0\.0\.1, a loopback address/, 'the refusal names the address it leads to')
  t.same((await call(app, token, 'GET', '/api/me/webhook')).body, { url: null }, 'nothing stored')
  t.same((await call(app, token, 'GET', '/api/me/push')).body.devices, [], 'no device stored')
  for (const url of ALLOWED) t.equal((await call(app, token, 'PUT', '/api/me/webhook', { url })).status, 200, `${url}: public, taken`)
})

/**
 * The resolver, as the process sees it (dns.lookup, which connections use, and dns/promises):
 * `name` answers `first` once it is armed, then `later` ever after. Other names resolve as usual.
 */
function rebinding(t: Test, name: string, first: string, later: string) {
  const realLookup = dns.lookup
  const realPromises = dnsPromises.lookup
  let armed = false
  let asked = 0
  const answer = (): LookupAddress => ({ address: armed && asked++ === 0 ? first : armed ? later : first, family: 4 })
  const patched = ((host: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (e: Error | null, a: string | LookupAddress[], f?: number) => void
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all
    if (host !== name) return (realLookup as (...args: unknown[]) => void)(host, options, callback)
    const a = answer()
    process.nextTick(() => (all ? done(null, [a]) : done(null, a.address, a.family)))
  }) as typeof dns.lookup
  dns.lookup = patched
  dnsPromises.lookup = (async (host: string, options?: { all?: boolean }) => {
    if (host !== name) return realPromises(host, options as never)
    const a = answer()
    return options?.all ? [a] : a
  }) as typeof dnsPromises.lookup
  syncBuiltinESMExports()
  t.teardown(() => {
    dns.lookup = realLookup
    dnsPromises.lookup = realPromises
    syncBuiltinESMExports()
  })
  return {
    /** From now on: `first` once, then `later`. */
    arm: () => {
      armed = true
      asked = 0
    },
    asked: () => asked,
  }
}

/** Listens on `host`, at `port` when given; counts what comes. */
async function listening(t: Test, server: Server, host: string, port = 0) {
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return (server.address() as AddressInfo).port
}

t.test('a webhook is called at the address checked, not where its name resolves by the time of the call', async (t) => {
  // Private addresses are allowed here (the test's receivers are local): the pinning is not a switch.
  const app = await buildTestApp(t, { allowTestClock: true, allowPrivateWebhooks: true })
  await setClock(app, '2026-12-02T09:00:00Z')
  const hits = { checked: 0, elsewhere: 0 }
  const checked = createHttpServer((req, res) => req.resume().on('end', () => (hits.checked++, res.writeHead(204).end())))
  const elsewhere = createHttpServer((req, res) => req.resume().on('end', () => (hits.elsewhere++, res.writeHead(204).end())))
  const port = await listening(t, checked, '127.0.0.1')
  await listening(t, elsewhere, '127.0.0.2', port)
  const resolver = rebinding(t, 'hooks.rebind.test', '127.0.0.1', '127.0.0.2')

  const ana = await register(app, `ana-${Math.random().toString(36).slice(2)}@example.com`)
  t.equal((await call(app, ana.token, 'PUT', '/api/me/webhook', { url: `http://hooks.rebind.test:${port}/hook` })).status, 200)
  const setup = {
    ruleset: 'weekly-turn',
    mapId: 'coast-2',
    homes: [
      ['2,1', '3,3'],
      ['8,1', '9,3'],
    ] as [string[], string[]],
    name: 'P',
    tribes: ['A', 'B'] as [string, string],
  }
  await app.practice.createPractice({ id: ana.user.id, timeZone: 'Europe/Madrid' }, setup)
  resolver.arm()
  await setClock(app, '2026-12-02T09:01:00Z')
  t.equal(hits.checked, 1, 'the change reached the address checked')
  t.equal(hits.elsewhere, 0, 'and nothing went where the name resolved next')
  t.equal(resolver.asked(), 1, 'the name was resolved once for the call')
})

t.test("a push is sent to the address checked, not where its push service's name resolves by the time of the call", async (t) => {
  const { app, push } = await notifiedApp(t)
  const fixtures = path.resolve(import.meta.dirname, '../fixtures')
  const tls = { key: readFileSync(path.join(fixtures, 'push-receiver.key')), cert: readFileSync(path.join(fixtures, 'push-receiver.crt')) }
  let elsewhere = 0
  const impostor = createHttpsServer(tls, (req, res) => req.resume().on('end', () => (elsewhere++, res.writeHead(201).end())))
  const device = push.device()
  const port = Number(new URL(device.subscription.endpoint).port)
  await listening(t, impostor as unknown as Server, '127.0.0.2', port)
  // The receiver's certificate names localhost: the name is one the test resolves itself.
  const resolver = rebinding(t, 'localhost', '127.0.0.1', '127.0.0.2')
  const endpoint = device.subscription.endpoint.replace('127.0.0.1', 'localhost')

  const ana = await register(app, `ana-${Math.random().toString(36).slice(2)}@example.com`)
  t.equal((await call(app, ana.token, 'POST', '/api/me/push/devices', { ...device.subscription, endpoint })).status, 201)
  resolver.arm()
  const outcome = await app.push.deliver(ana.user.id, { title: 'T', body: 'B', url: 'https://x.example/', tag: 't', kind: 'payout' })
  t.match(outcome, { delivered: 1, failed: 0 }, 'the push went through')
  t.equal(push.received.length, 1, 'to the push service checked')
  t.equal(elsewhere, 0, 'and not where the name resolved next')
  t.equal(resolver.asked(), 1, 'the name was resolved once for the call')
})
