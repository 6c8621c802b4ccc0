// The live stream (#31 item 6): a bot holding GET /stream hears of a new version, of a window
// opening, of a scene message it may read (and not of one it may not), resumes with Last-Event-ID,
// and is refused past the cap of streams per reader.
import t from 'tap'
import { call, setClock, mondayGame } from '../../helpers/campaign.ts'
import { sseEvents, type Heard } from '../../helpers/sse.ts'

/** Opens a stream over real HTTP; `next(match)` waits for the first event that matches. */
async function listen(base: string, token: string | null, headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const res = await fetch(base, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, signal: controller.signal })
  const heard: Heard[] = []
  const waiting: { match: (h: Heard) => boolean; resolve: (h: Heard) => void }[] = []
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        const parsed = sseEvents(buffer)
        buffer = parsed.rest
        for (const h of parsed.events) {
          heard.push(h)
          for (const w of [...waiting]) if (w.match(h)) (waiting.splice(waiting.indexOf(w), 1), w.resolve(h))
        }
      }
    } catch {
      // aborted
    }
  })()
  const next = (match: (h: Heard) => boolean) =>
    new Promise<Heard>((resolve, reject) => {
      const already = heard.find(match)
      if (already) return resolve(already)
      const timer = setTimeout(() => reject(new Error(`no such event; heard ${JSON.stringify(heard)}`)), 20_000)
      waiting.push({ match, resolve: (h) => (clearTimeout(timer), resolve(h)) })
    })
  return { res, heard, next, close: () => controller.abort() }
}

t.test('a stream tells of versions, windows and readable scene messages; resumes; is capped', async (t) => {
  const { app, table } = await mondayGame(t)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `${address}/api/campaigns/${table.id}/stream`
  const ana = table.players.ana!
  const ben = table.players.ben!

  const anaStream = await listen(url, ana.token)
  t.equal(anaStream.res.status, 200)
  t.match(anaStream.res.headers.get('content-type'), /^text\/event-stream/)
  // Written raw (hijacked), the stream still carries the security headers every answer has.
  t.equal(anaStream.res.headers.get('x-content-type-options'), 'nosniff', 'the stream carries the security headers')
  t.match(anaStream.res.headers.get('content-security-policy'), /default-src 'self'/)
  const first = await anaStream.next((h) => h.event === 'version')
  const startVersion = Number(first.id)
  t.ok(startVersion > 0, 'a new reader hears the current version first, with it as the event id')
  t.ok(
    anaStream.heard.some((h) => h.event === 'window' && h.data.tribe === ana.tribeId && h.data.open === true),
    "and that ana's window is open (Monday)",
  )

  const benStream = await listen(url, ben.token)
  await benStream.next((h) => h.event === 'version')

  t.equal((await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })).status, 200)
  const changed = await anaStream.next((h) => h.event === 'version' && Number(h.id) > startVersion)
  t.equal(changed.data.version, startVersion + 1, 'an order: the next version')
  await benStream.next((h) => h.event === 'version' && Number(h.id) > startVersion)
  t.pass('another reader of the campaign hears it too')

  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Truce', tribes: [ana.tribeId, ben.tribeId] })
  t.equal(scene.status, 201)
  const said = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/messages`, { body: 'Talk.' })
  t.equal(said.status, 201)
  const message = await anaStream.next((h) => h.event === 'scene')
  t.equal(message.data.sceneId, scene.body.id, 'a message in a scene of her tribe reaches her')

  await setClock(app, '2026-11-30T19:30:00Z') // Monday 20:30 in Madrid: ana's window has closed
  const closed = await anaStream.next((h) => h.event === 'window' && h.data.tribe === ana.tribeId && h.data.open === false)
  t.ok(closed, 'the window closing is told')

  const resumed = await listen(url, ana.token, { 'last-event-id': String(startVersion) })
  const caught = await resumed.next((h) => h.event === 'version')
  t.ok(Number(caught.id) > startVersion, 'resuming from an older version: the newer one at once')
  const current = Number(caught.id)
  const upToDate = await listen(url, ana.token, { 'last-event-id': String(current) })
  await new Promise((resolve) => setTimeout(resolve, 1500))
  t.notOk(
    upToDate.heard.some((h) => h.event === 'version'),
    'resuming from the current version: no version event to repeat',
  )

  // ana holds 3 streams now; two more fill her cap.
  const more = [await listen(url, ana.token), await listen(url, ana.token)]
  const refused = await fetch(url, { headers: { authorization: `Bearer ${ana.token}` } })
  t.equal(refused.status, 429, 'past 5 streams per reader: 429')
  t.ok(Number(refused.headers.get('retry-after')) > 0, 'with Retry-After')
  t.equal((await fetch(url)).status, 404, 'a private campaign: no stream for a stranger')
  for (const s of [anaStream, benStream, resumed, upToDate, ...more]) s.close()
})
