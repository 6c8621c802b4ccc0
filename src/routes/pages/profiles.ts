// Profiles: /users/{id} (a player's campaigns, ranks, windows played and missed) and /me
// (your name, language and time zone).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { ProfileBody } from '../../schemas/actions.ts'
import { one, type PageKit, type Req, type Route } from './kit.ts'

export function profilePages(fastify: FastifyInstance, kit: PageKit) {
  const { profiles, accounts } = fastify
  const { render, requireUser, form, viewer, stringsOf } = kit

  fastify.get('/users/:id', async (request: Req, reply) => {
    const v = await viewer(request)
    const profile = await profiles.profile(request.params.id!, v.user?.id ?? null)
    return render(request, reply, 'profile.hbs', { title: profile.user.displayName, profile, own: v.user?.id === profile.user.id })
  })

  async function mePage(request: Req, reply: FastifyReply, userId: string, extra: { error?: AppError; saved?: string; form?: Record<string, string> } = {}) {
    const me = (await accounts.get(userId))!
    const s = await stringsOf(request)
    return render(
      request,
      reply,
      'me.hbs',
      {
        title: s.profileMine,
        me,
        // #51: an address that waits for its confirmation says so where the person looks first.
        unconfirmed: fastify.config.confirmAddresses && !me.emailConfirmed,
        form: extra.form ?? { displayName: me.displayName, timeZone: me.timeZone, locale: me.locale },
        ...extra,
      },
      extra.error?.statusCode ?? 200,
    )
  }

  // ?saved= says what was just saved: 1 the profile, password or email a change of /me/account, confirmed the address (#51).
  const SAVED = ['1', 'password', 'email', 'confirmed']
  fastify.get('/me', async (request: Req, reply) =>
    mePage(request, reply, (await requireUser(request)).id, SAVED.includes(request.query.saved ?? '') ? { saved: request.query.saved! } : {}),
  )

  fastify.post<Route>('/me', form(ProfileBody), async (request: Req, reply) => {
    const user = await requireUser(request)
    const body = { displayName: one(request.body.displayName), locale: one(request.body.locale) as 'en' | 'es', timeZone: one(request.body.timeZone) }
    try {
      await profiles.updateMe(user.id, body)
      // The next page is in the language just chosen: the viewer was read before the change.
      return reply.redirect('/me?saved=1', 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return mePage(request, reply, user.id, { error, form: body })
    }
  })
}
