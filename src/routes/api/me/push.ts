// Web Push devices (#30): a browser subscribes with the server's VAPID key and hands its
// subscription here; every notification it wants then reaches it (see /api/me/notifications).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { PushEndpointBody, PushSubscriptionBody } from '../../../schemas/actions.ts'
import { bearer } from '../route-kit.ts'

export const PushDevice = Type.Object(
  {
    endpoint: Type.String(),
    label: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastPushedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'PushDevice' },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/push',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "The server's VAPID public key (PushManager.subscribe's applicationServerKey) and your subscribed devices",
        security: bearer,
        response: { 200: Type.Object({ publicKey: Type.String(), devices: Type.Array(PushDevice) }), 401: ErrorRef },
      },
    },
    async (request) => ({ publicKey: fastify.push.publicKey, devices: await fastify.push.devices(request.user.sub) }),
  )

  fastify.post(
    '/push/devices',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Turn notifications on for a device: its Web Push subscription',
        security: bearer,
        body: PushSubscriptionBody,
        response: { 201: PushDevice, 400: ErrorRef, 401: ErrorRef },
      },
    },
    async (request, reply) => {
      const device = await fastify.push.subscribe(request.user.sub, request.body)
      return reply.code(201).send({ ...device, lastPushedAt: null })
    },
  )

  fastify.delete(
    '/push/devices',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Turn notifications off for a device',
        security: bearer,
        body: PushEndpointBody,
        response: { 204: Type.Null(), 400: ErrorRef, 401: ErrorRef, 404: ErrorRef },
      },
    },
    async (request, reply) => {
      await fastify.push.unsubscribe(request.user.sub, request.body.endpoint)
      return reply.code(204).send(null)
    },
  )
}

export default routes
