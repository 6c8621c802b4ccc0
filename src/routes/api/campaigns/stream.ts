// GET /api/campaigns/{id}/stream: the campaign's changes as Server-Sent Events (services/streams.ts).
import type { OutgoingHttpHeaders } from 'node:http'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { STREAMS_PER_ACCOUNT, type StreamEvent } from '../../../services/streams.ts'
import { IdParams } from './schemas.ts'
import { optionalBearer } from '../route-kit.ts'

const KEEPALIVE_MS = 15_000
/** Bytes a reader may leave unread: one that reads no more is dropped, not buffered for. */
const MOST_BUFFERED = 256 * 1024

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:id/stream',
    {
      // Its time is the reader's stay, not the service's speed (plugins/app/metrics.ts).
      config: { longLived: true },
      schema: {
        tags: ['play'],
        summary: 'What changes, as it changes (Server-Sent Events): versions, windows, scene messages for you',
        description: `text/event-stream. \`version\` (id: the campaign version; reconnect with Last-Event-ID to hear at once of a newer one), \`window\` ({ tribe, open }: a tribe's window opened or closed), \`scene\` ({ sceneId, position, tribeId }: a message in a scene you may read). Read as /events is, and checked again every beat: a logout, a replacement or a removal ends the stream. At most ${STREAMS_PER_ACCOUNT} streams per account, and a cap per address and per instance (429 with Retry-After).`,
        security: optionalBearer,
        params: IdParams,
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 20 })) }),
        response: {
          200: { description: 'An event stream that stays open', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          400: ErrorRef,
          404: ErrorRef,
          429: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const user = await fastify.optionalUser(request)
      const access = await fastify.campaigns.access(request.params.id, user)
      const write = (event: StreamEvent) => {
        if (reply.raw.writableLength > MOST_BUFFERED) return void reply.raw.destroy()
        reply.raw.write(`${event.id ? `id: ${event.id}\n` : ''}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`)
      }
      const queued: StreamEvent[] = []
      let live = false
      let ended = false
      const close = await fastify.streams.open({
        access,
        claims: user ? request.user : null,
        address: request.ip,
        lastEventId: request.headers['last-event-id'],
        send: (event) => (live ? write(event) : queued.push(event)),
        end: () => (live ? reply.raw.end() : (ended = true)),
      })
      reply.hijack()
      // A hijacked answer is written raw: the reply's headers (security's) go with it.
      const kept: OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) kept[name] = value
      reply.raw.writeHead(200, {
        ...kept,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      reply.raw.write(`retry: 3000\n\n`)
      live = true
      for (const event of queued) write(event)
      const keepalive = setInterval(() => reply.raw.write(': keepalive\n\n'), KEEPALIVE_MS)
      const done = () => {
        clearInterval(keepalive)
        close()
      }
      reply.raw.on('close', done)
      // The client went away, or the service ended the stream, while it was being opened.
      if (reply.raw.destroyed) done()
      else if (ended) reply.raw.end()
    },
  )
}

export default routes
