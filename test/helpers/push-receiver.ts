// A push service of our own for tests (#30): an HTTPS server that takes Web Push requests as
// a browser vendor's would, checks their VAPID authorisation, and decrypts each payload with
// the keys of the device it made up (RFC 8291, aes128gcm), as the device itself would.
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import ece from 'http_ece'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures')
export const PUSH_CA_FILE = path.join(FIXTURES, 'push-receiver.crt')

export interface ReceivedPush {
  device: string
  /** The decrypted payload, parsed. */
  message: { title: string; body: string; url: string; tag: string; kind: string }
  headers: Record<string, string | string[] | undefined>
}

export async function pushReceiver() {
  const devices = new Map<string, { curve: ReturnType<typeof createECDH>; auth: Buffer }>()
  const received: ReceivedPush[] = []
  /** Devices whose subscription the service says has expired: it answers 410 Gone. */
  const gone = new Set<string>()
  /** Devices the service is failing for: it answers 503, at once. */
  const failing = new Set<string>()
  /** Devices the service takes requests for and never answers (#45): the connection stays open until the test ends. */
  const silent = new Set<string>()
  /** Requests that came for silent devices. */
  let unanswered = 0
  /** Requests by device, answered or not. */
  const asked = new Map<string, number>()
  const server = createServer({ key: readFileSync(path.join(FIXTURES, 'push-receiver.key')), cert: readFileSync(PUSH_CA_FILE) }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '')
      const device = devices.get(id)
      asked.set(id, (asked.get(id) ?? 0) + 1)
      if (silent.has(id)) return void unanswered++
      if (failing.has(id)) return res.writeHead(503).end()
      if (!device || gone.has(id)) return res.writeHead(device ? 410 : 404).end()
      // What a real push service refuses: no VAPID signature, or a payload not encrypted for the device.
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(String(req.headers.authorization))) return res.writeHead(401).end()
      if (req.headers['content-encoding'] !== 'aes128gcm') return res.writeHead(415).end()
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.curve, authSecret: device.auth })
        received.push({ device: id, message: JSON.parse(plain.toString('utf8')), headers: req.headers })
        res.writeHead(201).end()
      } catch {
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    received,
    gone,
    failing,
    silent,
    unanswered: () => unanswered,
    asked: (id: string) => asked.get(id) ?? 0,
    /** A new device: its id here, and its subscription as PushSubscription.toJSON() gives it. */
    device() {
      const id = randomUUID()
      const curve = createECDH('prime256v1')
      curve.generateKeys()
      const auth = randomBytes(16)
      devices.set(id, { curve, auth })
      return {
        id,
        subscription: { endpoint: `${base}/push/${id}`, keys: { p256dh: curve.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // The silent devices' requests are still open: close cuts them.
        server.closeAllConnections()
      }),
  }
}
