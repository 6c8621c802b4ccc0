// Account pages: log in, register, log out, join by invitation, mail settings.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { loginKey, placeCeiling } from '../../lib/login-limits.ts'
import { SESSION_COOKIE } from '../../plugins/external/view.ts'
import { DateTime } from 'luxon'
import { fill } from '../../lib/fill.ts'
import {
  AcceptInvitationBody,
  LoginBody,
  NOTICE_KINDS,
  NotificationsSchema,
  PushEndpointBody,
  PushSubscriptionBody,
  pushNameOf,
  RegisterBody,
} from '../../schemas/actions.ts'
import { one, safeNext, setLoginCookie, STRINGS, type FormRoute, type PageKit, type Req, type Route } from './kit.ts'

export function accountPages(fastify: FastifyInstance, kit: PageKit) {
  const { accounts, campaigns, notifications } = fastify
  const { render, renderRefusal, requireUser, form, extrasOf } = kit
  const rateLimit = { rateLimit: { max: fastify.config.loginRateLimit, timeWindow: '1 minute' } }
  const loginLimit = { rateLimit: { ...rateLimit.rateLimit, hook: 'preHandler' as const, keyGenerator: loginKey } }
  const ceiling = placeCeiling(fastify, fastify.config.loginRateLimit)

  const loginCookie = (reply: FastifyReply, userId: string) => setLoginCookie(fastify, reply, userId)

  fastify.get('/login', async (request: Req, reply) => render(request, reply, 'login.hbs', { titleKey: 'login', next: request.query.next ?? '' }))

  fastify.post<Route>('/login', { ...form(LoginBody, { extras: ['next'] }), onRequest: ceiling, config: loginLimit }, async (request: Req, reply) => {
    const email = one(request.body.email)
    const next = one(extrasOf(request).next)
    try {
      const user = await accounts.login(email, one(request.body.password))
      await loginCookie(reply, user.id)
      return reply.redirect(safeNext(next), 303)
    } catch (error) {
      return renderRefusal(request, reply, 'login.hbs', error, { email, next })
    }
  })

  // `next` carries an invitation (or any page of the site) through registering.
  fastify.get('/register', async (request: Req, reply) => render(request, reply, 'register.hbs', { next: request.query.next ?? '' }))

  fastify.post<FormRoute<typeof RegisterBody>>('/register', { ...form(RegisterBody, { extras: ['next'] }), config: rateLimit }, async (request, reply) => {
    const body = request.body
    const next = one(extrasOf(request).next)
    try {
      const user = await accounts.register(body)
      if (fastify.config.confirmAddresses) await fastify.accountLinks.mailConfirmation(user.id)
      await loginCookie(reply, user.id)
      return reply.redirect(safeNext(next), 303)
    } catch (error) {
      return renderRefusal(request, reply, 'register.hbs', error, { next, form: { email: body.email, displayName: body.displayName, timeZone: body.timeZone } })
    }
  })

  // Logging out ends this login for good: the cookie's token is revoked, not only forgotten.
  fastify.post<Route>('/logout', form(), async (request, reply) => {
    const claims = kit.loginClaims(request)
    if (claims) await accounts.logout(claims)
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).redirect('/login', 303)
  })

  fastify.post<Route>('/logout-everywhere', form(), async (request, reply) => {
    const user = await requireUser(request)
    await accounts.logoutEverywhere(user.id)
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).redirect('/login', 303)
  })

  // The invitation's landing page: anyone holding the link sees what it offers; a member of
  // the site joins from it, anyone else logs in or registers and comes back to it.
  async function invitationPage(request: Req, reply: FastifyReply, extra: { error?: AppError; form?: { tribeName: string; weekday: string } } = {}) {
    const token = request.params.token!
    const v = await kit.viewer(request)
    const invitation = await campaigns.invitation(token)
    const next = encodeURIComponent(`/invitations/${token}`)
    const chosen = extra.form?.weekday
    const weekdays = invitation.weekdays.map((d) => ({ ...d, selected: d.weekday === chosen }))
    const firstFree = weekdays.find((d) => !d.takenBy)
    if (!chosen && firstFree) firstFree.selected = true
    return render(
      request,
      reply,
      'invitation.hbs',
      {
        title: STRINGS[v.locale].invitationTitle,
        invitation,
        weekdays,
        next,
        loggedIn: v.user !== null,
        open: invitation.problem === null && !(invitation.full && !invitation.tribe),
        ...extra,
      },
      extra.error?.statusCode ?? 200,
    )
  }

  fastify.get('/invitations/:token', async (request: Req, reply) => invitationPage(request, reply))

  fastify.post<Route>('/invitations/:token', form(AcceptInvitationBody), async (request: Req, reply) => {
    const user = await requireUser(request)
    const tribeName = one(request.body.tribeName)
    const weekday = one(request.body.weekday)
    try {
      const joined = await campaigns.accept(request.params.token!, user.id, { tribeName: tribeName || undefined, weekday: weekday || undefined })
      return reply.redirect(`/campaigns/${joined.campaignId}`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'invitation/not_found') throw error
      return invitationPage(request, reply, { error, form: { tribeName, weekday } })
    }
  })

  async function settingsPage(request: FastifyRequest, reply: FastifyReply, userId: string, extra: { error?: AppError; saved?: boolean } = {}) {
    const settings = await notifications.get(userId)
    const { locale } = await kit.viewer(request)
    const s = STRINGS[locale]
    // One row a kind: its mail switch and its push switch (#30).
    const toggles = NOTICE_KINDS.map((name) => ({
      name,
      on: settings[name],
      pushName: pushNameOf(name),
      pushOn: settings[pushNameOf(name)],
      label: s[`mail${name[0]!.toUpperCase()}${name.slice(1)}`],
    }))
    const devices = (await fastify.push.devices(userId)).map((d) => ({
      endpoint: d.endpoint,
      label: d.label,
      added: fill(
        s.pushAdded!,
        {
          date: DateTime.fromISO(d.createdAt)
            .setLocale(locale === 'es' ? 'es-ES' : 'en-GB')
            .toLocaleString(DateTime.DATE_MED),
        },
        locale,
      ),
    }))
    return render(
      request,
      reply,
      'notifications.hbs',
      { title: s.notifications, settings, toggles, devices, pushKey: fastify.push.publicKey, calendarUrl: notifications.calendarUrl(userId), ...extra },
      extra.error?.statusCode ?? 200,
    )
  }

  fastify.get('/me/notifications', async (request: Req, reply) => settingsPage(request, reply, (await requireUser(request)).id))

  fastify.post<FormRoute<typeof NotificationsSchema>>(
    '/me/notifications',
    form(NotificationsSchema, { checkboxes: NOTICE_KINDS.flatMap((name) => [name, pushNameOf(name)]) }),
    async (request, reply) => {
      const user = await requireUser(request)
      await notifications.update(user.id, request.body)
      return settingsPage(request, reply, user.id, { saved: true })
    },
  )

  // A device turned on by the settings page's script (its subscription as JSON, the CSRF token in a header) …
  fastify.post<FormRoute<typeof PushSubscriptionBody>>('/me/push/devices', form(PushSubscriptionBody), async (request, reply) => {
    const user = await requireUser(request)
    const device = await fastify.push.subscribe(user.id, request.body)
    return reply.code(201).send(device)
  })

  // … and off, by the script or by the list's button (a plain form).
  fastify.post<Route>('/me/push/off', form(PushEndpointBody), async (request: Req, reply) => {
    const user = await requireUser(request)
    await fastify.push.unsubscribe(user.id, one(request.body.endpoint))
    return reply.redirect('/me/notifications?notice=device_removed', 303)
  })

  // The link in every mail: a page in the reader's language, one button; the API's one-click POST is for mail clients.
  const unsubscribePage = (request: Req, reply: FastifyReply, data: { token?: string; error?: AppError; done?: { label: string; email: string } }) =>
    kit
      .viewer(request)
      .then((v) => render(request, reply, 'unsubscribe.hbs', { title: STRINGS[v.locale].unsubscribeTitle, ...data }, data.error?.statusCode ?? 200))
  const badLink = () => new AppError(400, 'unsubscribe/bad_token', 'This unsubscribe link is not valid; change your mail settings after logging in')

  fastify.get('/unsubscribe', async (request: Req, reply) => {
    const token = one(request.query.token)
    if (!fastify.mail.readUnsubscribeToken(token)) return unsubscribePage(request, reply, { error: badLink() })
    return unsubscribePage(request, reply, { token })
  })

  fastify.post<Route>('/unsubscribe', form(undefined, { extras: ['token'] }), async (request: Req, reply) => {
    try {
      const { setting, email } = await notifications.unsubscribe(one(extrasOf(request).token))
      const s = await kit.stringsOf(request)
      return unsubscribePage(request, reply, { done: { label: s[`mail${setting[0]!.toUpperCase()}${setting.slice(1)}`] ?? setting, email } })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return unsubscribePage(request, reply, { error })
    }
  })
}
