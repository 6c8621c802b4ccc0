// RFC 8058 one-click unsubscribe: mail clients POST here (JSON answers); a person following a
// mail's link gets the page /unsubscribe (routes/pages/account.ts) in their language.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'

const Query = Type.Object({ token: Type.String({ minLength: 1, maxLength: 500 }) })

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One-click unsubscribe (List-Unsubscribe-Post)',
        querystring: Query,
        response: { 200: Type.Object({ unsubscribed: Type.String(), email: Type.String() }), 400: ErrorRef, 404: ErrorRef },
      },
    },
    async (request) => {
      const { setting, email } = await fastify.notifications.unsubscribe(request.query.token)
      return { unsubscribed: setting, email }
    },
  )

  // Mails sent before the page moved link here: a person's browser is sent on to the page.
  fastify.get(
    '',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Where older mails link: sends a browser on to the unsubscribe page (/unsubscribe)',
        querystring: Query,
        response: { 303: Type.Null({ description: 'See Other: the unsubscribe page' }), 400: ErrorRef },
      },
    },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  )
}

export default routes
