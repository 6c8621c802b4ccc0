import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError, ErrorRef } from '../../../lib/errors.ts'
import { ProfileBody } from '../../../schemas/actions.ts'
import accountRoutes from './account.ts'
import notificationRoutes from './notifications.ts'
import pushRoutes from './push.ts'
import webhookRoutes from './webhook.ts'
import { UserSchema } from '../../../schemas/accounts.ts'
import { bearer } from '../route-kit.ts'

export { UserSchema }

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // Autoload takes only index.ts from a folder, so the neighbours are registered here.
  await fastify.register(notificationRoutes)
  await fastify.register(accountRoutes)
  await fastify.register(webhookRoutes)
  await fastify.register(pushRoutes)

  fastify.get(
    '',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in user',
        security: bearer,
        response: { 200: UserSchema, 401: ErrorRef },
      },
    },
    async (request) => {
      const user = await fastify.accounts.get(request.user.sub)
      if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists; log in again')
      return user
    },
  )

  fastify.patch(
    '',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change your display name, language or time zone',
        security: bearer,
        body: ProfileBody,
        response: { 200: UserSchema, 400: ErrorRef, 401: ErrorRef },
      },
    },
    async (request) => {
      await fastify.profiles.updateMe(request.user.sub, request.body)
      const user = await fastify.accounts.get(request.user.sub)
      if (!user) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists; log in again')
      return user
    },
  )
}

export default routes
