// A real SMTP receiver on 127.0.0.1 (the smtp-server package) that keeps every mail.
import { SMTPServer } from 'smtp-server'
import net from 'node:net'

export interface ReceivedMail {
  to: string[]
  raw: string
  headers: Record<string, string>
  subject: string
  messageId: string
  text: string
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), enough for our own headers. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/)
  const head = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim())
  }
  return { headers, body }
}

function decodeBody(body: string, encoding = ''): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n')
    return Buffer.from(
      bytes.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8')
  }
  if (/base64/i.test(encoding)) return Buffer.from(body, 'base64').toString('utf8')
  return body.replace(/\r\n/g, '\n')
}

/** Headers, and the text/plain part decoded (multipart/alternative as nodemailer writes it). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHead(raw)
  let text = decodeBody(body, headers['content-transfer-encoding'])
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1]
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const p = splitHead(part.replace(/^\r?\n/, ''))
      if (/text\/plain/.test(p.headers['content-type'] ?? '')) text = decodeBody(p.body, p.headers['content-transfer-encoding'])
    }
  }
  return { to, raw, headers, subject: headers.subject ?? '', messageId: headers['message-id'] ?? '', text }
}

export async function smtpReceiver(options: { failFirst?: number } = {}) {
  const mails: ReceivedMail[] = []
  let failures = options.failFirst ?? 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (failures > 0) {
          failures--
          const error = new Error('try again later') as Error & { responseCode: number }
          error.responseCode = 451
          return callback(error)
        }
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        )
        callback()
      })
    },
  })
  // Port 0: the system picks a free one as it binds, so no other process can take it in between.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
