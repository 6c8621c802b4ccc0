// RFC 8058 one-click unsubscribe: mail clients POST here; a person following
// the link with a browser GETs a small page with the same button.
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

  fastify.get(
    '',
    {
      schema: { tags: ['accounts'], summary: 'The unsubscribe confirmation page', querystring: Query, response: { 200: Type.String(), 400: Type.String() } },
    },
    async (request, reply) => {
      const token = request.query.token.replace(/[^A-Za-z0-9._-]/g, '')
      const valid = fastify.mail.readUnsubscribeToken(token) !== null
      reply.type('text/html; charset=utf-8')
      if (!valid) reply.code(400)
      return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unsubscribe · Weekday Wars</title>
<main style="font-family: system-ui, sans-serif; max-width: 30rem; margin: 2rem auto;">
${
  valid
    ? `<h1>Stop these mails?</h1><form method="post" action="/api/unsubscribe?token=${token}"><button type="submit">Unsubscribe</button></form>`
    : '<h1>This link is not valid</h1><p>Change your mail settings after logging in.</p>'
}
</main></html>`
    },
  )
}

export default routes
