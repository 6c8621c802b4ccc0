// A Server-Sent Events reader for the stream tests, over real HTTP (node:http, so that a test
// can open streams from another loopback address: the caps per address count them apart).
import http from 'node:http'

export interface Heard {
  event: string
  id?: string
  data: Record<string, unknown>
}

/** The whole events at the front of an SSE text (comments and keep-alives skipped), and what is left after them. */
export function sseEvents(text: string): { events: Heard[]; rest: string } {
  const events: Heard[] = []
  let rest = text
  let end: number
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end)
    rest = rest.slice(end + 2)
    const fields = Object.fromEntries(
      block
        .split('\n')
        .filter((line) => !line.startsWith(':') && line.includes(': '))
        .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
    )
    if (fields.event) events.push({ event: fields.event, ...(fields.id ? { id: fields.id } : {}), data: JSON.parse(fields.data ?? '{}') })
  }
  return { events, rest }
}

export interface Listener {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body, when the answer was not a stream (a refusal). */
  body: string
  heard: Heard[]
  /** Resolves with the first event that matches, heard already or to come. */
  next(match: (h: Heard) => boolean, waitMs?: number): Promise<Heard>
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>
  close(): void
}

/** Opens `url` with a bearer token (or none) and parses what it streams. */
export function listen(url: string, token: string | null, options: { headers?: Record<string, string>; from?: string } = {}): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (res) => {
        const heard: Heard[] = []
        const waiting: { match: (h: Heard) => boolean; resolve: (h: Heard) => void }[] = []
        let buffer = ''
        let body = ''
        const streaming = /^text\/event-stream/.test(res.headers['content-type'] ?? '')
        let ended!: () => void
        const listener: Listener = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          get body() {
            return body
          },
          heard,
          next: (match, waitMs = 20_000) =>
            new Promise<Heard>((resolve, reject) => {
              const already = heard.find(match)
              if (already) return resolve(already)
              const timer = setTimeout(
                () => reject(new Error(`no such event in ${waitMs} ms; heard ${heard.length}, the last: ${JSON.stringify(heard.slice(-3))}`)),
                waitMs,
              )
              waiting.push({ match, resolve: (h) => (clearTimeout(timer), resolve(h)) })
            }),
          ended: new Promise<void>((resolve) => (ended = resolve)),
          close: () => request.destroy(),
        }
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          if (!streaming) return void (body += chunk)
          buffer += chunk
          const parsed = sseEvents(buffer)
          buffer = parsed.rest
          for (const h of parsed.events) {
            heard.push(h)
            for (const w of [...waiting]) if (w.match(h)) (waiting.splice(waiting.indexOf(w), 1), w.resolve(h))
          }
        })
        res.on('close', () => ended())
        res.on('error', () => ended())
        if (streaming) resolve(listener)
        else res.on('end', () => resolve(listener))
      },
    )
    request.on('error', reject)
  })
}
