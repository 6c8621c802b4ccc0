// nodemailer: SMTP when SMTP_URL is set, otherwise each mail becomes an .eml
// file under MAIL_DIR (and a log line), so a newcomer can read what was sent.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import type { Config } from '../../config.ts'
import type { Mailer, OutgoingMail } from '../../services/mail.ts'

export type { Mailer, OutgoingMail }

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/** Below the sender's deadline a mail (src/services/mail.ts): nodemailer's defaults are two and ten minutes. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailDir'>, log: (message: string) => void): Mailer & { close(): void } {
  if (config.smtpUrl) {
    // Pooled connections unless the URL says otherwise (?pool=false): a weekly tick queues many mails.
    const url = new URL(config.smtpUrl)
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true')
    if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '4')
    // A mail server that takes the connection and never answers fails the mail in seconds, not minutes (#45).
    for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms))
    const transport = nodemailer.createTransport(url.toString())
    return {
      via: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail })
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    via: 'files',
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail })
      await mkdir(config.mailDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`
      await writeFile(path.join(config.mailDir, name), info.message as Buffer)
      log(`mail to ${mail.to} "${mail.subject}" written to ${path.join(config.mailDir, name)}`)
    },
    close: () => transport.close(),
  }
}

export default fp<{ config: Config }>(
  async (fastify, opts) => {
    const mailer = createMailer(opts.config, (m) => fastify.log.info(m))
    fastify.decorate('mailer', mailer)
    fastify.addHook('onClose', async () => mailer.close())
  },
  { name: 'mailer' },
)
