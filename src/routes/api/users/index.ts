import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorRef } from '../../../lib/errors.ts'
import { optionalBearer } from '../route-kit.ts'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])
const ProfileCampaign = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  role: Type.Union([Type.Literal('gm'), Type.Literal('player')]),
  tribeName: Nullable(Type.String()),
  rank: Nullable(Type.Integer({ description: 'Place in the final ranking (R2.5), for a finished campaign' })),
  of: Nullable(Type.Integer()),
  played: Type.Integer({ description: 'Windows in which the tribe gave orders' }),
  missed: Type.Integer({ description: 'Windows it let pass (window.missed)' }),
})
export const ProfileSchema = Type.Object(
  {
    user: Type.Object({ id: Type.String(), displayName: Type.String(), since: Type.String() }),
    current: Type.Array(ProfileCampaign),
    finished: Type.Array(ProfileCampaign),
    windows: Type.Object({ played: Type.Integer(), missed: Type.Integer() }),
  },
  { title: 'Profile' },
)

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: "A player's profile: name, campaigns (those you may see), finished ones with the rank, windows played and missed",
        security: optionalBearer,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: ProfileSchema, 401: ErrorRef, 404: ErrorRef },
      },
    },
    async (request) => fastify.profiles.profile(request.params.id, await fastify.optionalUser(request)),
  )
}

export default routes
