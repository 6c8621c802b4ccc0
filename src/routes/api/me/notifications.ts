import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { NotificationsBody, NotificationsSchema } from '../../../schemas/actions.ts'
import { bearer } from '../route-kit.ts'

export { NotificationsSchema }

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/notifications',
    {
      onRequest: fastify.authenticate,
      schema: { tags: ['accounts'], summary: 'Which mails you get', security: bearer, response: { 200: NotificationsSchema, 401: ErrorRef } },
    },
    async (request) => fastify.notifications.get(request.user.sub),
  )

  fastify.put(
    '/notifications',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change which mails you get (send only what changes)',
        security: bearer,
        body: NotificationsBody,
        response: { 200: NotificationsSchema, 400: ErrorRef, 401: ErrorRef },
      },
    },
    async (request) => fastify.notifications.update(request.user.sub, request.body),
  )

  fastify.get(
    '/calendar',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'The address of your turn-window calendar feed (iCal), to subscribe to in a calendar app',
        security: bearer,
        response: { 200: Type.Object({ url: Type.String() }), 401: ErrorRef },
      },
    },
    async (request) => ({ url: fastify.notifications.calendarUrl(request.user.sub) }),
  )

  fastify.get(
    '/calendar.ics',
    {
      schema: {
        tags: ['accounts'],
        summary: "Your turn windows as an iCal feed (weekly, in each campaign's time zone)",
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
        response: { 200: Type.String(), 400: ErrorRef, 404: ErrorRef },
      },
    },
    async (request, reply) => {
      const body = await fastify.notifications.calendar(request.query.token)
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="weekday-wars.ics"').send(body)
    },
  )
}

export default routes
