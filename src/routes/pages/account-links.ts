// Account pages by mail (#51): a forgotten password, a sign-in link, your password and address.
// A mailed link lands on a page that asks before it acts (a button, a form), so the visit of a
// mail scanner spends nothing; asking for a link shows the same page for any address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { loginKey, placeCeiling } from '../../lib/login-limits.ts'
import { ChangeEmailBody, ChangePasswordBody, CloseAccountBody, LinkBody, LinkRequestBody, ResetPasswordBody } from '../../schemas/actions.ts'
import { SESSION_COOKIE } from '../../plugins/external/view.ts'
import { confirmed, setLoginCookie, type FormRoute, type PageKit, type Req, type Route } from './kit.ts'

type Asked = 'reset' | 'signIn'
type Landing = 'reset' | 'signIn' | 'confirmEmail' | 'confirmAddress'
const PURPOSE = { reset: 'password_reset', signIn: 'sign_in', confirmEmail: 'email_change', confirmAddress: 'email_confirm' } as const

export function accountLinkPages(fastify: FastifyInstance, kit: PageKit) {
  const { accountLinks } = fastify
  const { render, requireUser, form, extrasOf } = kit
  const linkLimit = { rateLimit: { max: fastify.config.loginRateLimit, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: loginKey } }
  const ceiling = placeCeiling(fastify, fastify.config.loginRateLimit)

  const loginCookie = (reply: FastifyReply, userId: string) => setLoginCookie(fastify, reply, userId)

  // Asking for a link: a reset or a sign-in, by address.
  const askPage = (request: FastifyRequest, reply: FastifyReply, mode: Asked, extra: { sent?: boolean; email?: string; error?: AppError } = {}) =>
    render(request, reply, 'mail-link.hbs', { titleKey: mode === 'reset' ? 'forgotTitle' : 'signInLinkTitle', mode, ...extra }, extra.error?.statusCode ?? 200)

  for (const [path, mode] of [
    ['/forgot-password', 'reset'],
    ['/sign-in-link', 'signIn'],
  ] as const) {
    fastify.get(path, async (request: Req, reply) => askPage(request, reply, mode, { email: request.query.email ?? '' }))
    fastify.post<FormRoute<typeof LinkRequestBody>>(path, { ...form(LinkRequestBody), onRequest: ceiling, config: linkLimit }, async (request, reply) => {
      if (mode === 'reset') accountLinks.requestPasswordReset(request.body.email)
      else accountLinks.requestSignIn(request.body.email)
      // The same page whether or not the address has an account.
      return askPage(request, reply, mode, { sent: true, email: request.body.email })
    })
  }

  // Landing from a link: a page that says what the link does, or that it no longer works.
  const landing = async (request: FastifyRequest, reply: FastifyReply, mode: Landing, error?: AppError) => {
    // The link's query on arrival, the form's field when a refusal shows the page again.
    const token = (request.query as { token?: string }).token ?? (request.body as { token?: string } | undefined)?.token ?? ''
    const stands = await accountLinks.linkStands(token, PURPOSE[mode])
    const titleKey = { reset: 'resetTitle', signIn: 'signInTitle', confirmEmail: 'confirmEmailTitle', confirmAddress: 'confirmAddressTitle' }[mode]
    return render(request, reply, 'use-link.hbs', { titleKey, mode, token, stands, error }, error?.statusCode ?? (stands ? 200 : 400))
  }

  const spend = async (request: FastifyRequest, reply: FastifyReply, mode: Landing, act: () => Promise<{ id: string }>, next: string) => {
    try {
      const user = await act()
      await loginCookie(reply, user.id)
      return reply.redirect(next, 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return landing(request, reply, mode, error)
    }
  }

  fastify.get('/reset-password', async (request: Req, reply) => landing(request, reply, 'reset'))
  fastify.post<FormRoute<typeof ResetPasswordBody>>('/reset-password', { ...form(ResetPasswordBody), onRequest: ceiling }, async (request, reply) =>
    spend(request, reply, 'reset', () => accountLinks.resetPassword(request.body.token, request.body.password), '/me?saved=password'),
  )
  fastify.get('/sign-in', async (request: Req, reply) => landing(request, reply, 'signIn'))
  fastify.post<FormRoute<typeof LinkBody>>('/sign-in', { ...form(LinkBody), onRequest: ceiling }, async (request, reply) =>
    spend(request, reply, 'signIn', () => accountLinks.signIn(request.body.token), '/campaigns'),
  )
  fastify.get('/confirm-address', async (request: Req, reply) => landing(request, reply, 'confirmAddress'))
  fastify.post<FormRoute<typeof LinkBody>>('/confirm-address', { ...form(LinkBody), onRequest: ceiling }, async (request, reply) =>
    spend(request, reply, 'confirmAddress', () => accountLinks.confirmAddress(request.body.token), '/me?saved=confirmed'),
  )
  fastify.post<Route>('/me/confirm-address', form(), async (request: Req, reply) => {
    const user = await requireUser(request)
    try {
      if (!user.emailConfirmed) await accountLinks.mailConfirmation(user.id, true)
      return accountPage(request, reply, { sentTo: user.email })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return accountPage(request, reply, { error, which: 'confirm' })
    }
  })
  fastify.get('/confirm-email', async (request: Req, reply) => landing(request, reply, 'confirmEmail'))
  fastify.post<FormRoute<typeof LinkBody>>('/confirm-email', { ...form(LinkBody), onRequest: ceiling }, async (request, reply) =>
    spend(request, reply, 'confirmEmail', () => accountLinks.confirmEmailChange(request.body.token), '/me?saved=email'),
  )

  // Your password and address, on one page.
  const accountPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { error?: AppError; which?: 'password' | 'email' | 'close' | 'confirm'; sentTo?: string; email?: string } = {},
  ) => {
    const user = await requireUser(request)
    const unconfirmed = fastify.config.confirmAddresses && !user.emailConfirmed
    return render(request, reply, 'me-account.hbs', { titleKey: 'accountTitle', me: user, unconfirmed, ...extra }, extra.error?.statusCode ?? 200)
  }
  fastify.get('/me/account', async (request: Req, reply) => accountPage(request, reply))
  fastify.post<FormRoute<typeof ChangePasswordBody>>('/me/password', form(ChangePasswordBody), async (request, reply) => {
    const user = await requireUser(request)
    try {
      await accountLinks.changePassword(user.id, request.body.currentPassword, request.body.newPassword)
      // Every login ended with the change: this one goes on with a new cookie.
      await loginCookie(reply, user.id)
      return reply.redirect('/me?saved=password', 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return accountPage(request, reply, { error, which: 'password' })
    }
  })
  fastify.post<FormRoute<typeof ChangeEmailBody>>(
    '/me/email',
    { ...form(ChangeEmailBody), config: { rateLimit: linkLimit.rateLimit } },
    async (request, reply) => {
      const user = await requireUser(request)
      try {
        await accountLinks.requestEmailChange(user.id, request.body.password, request.body.email)
        return accountPage(request, reply, { sentTo: request.body.email })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return accountPage(request, reply, { error, which: 'email', email: request.body.email })
      }
    },
  )

  // Your data as one file, and leaving.
  fastify.get('/me/export', async (request: Req, reply) => {
    const data = await fastify.accountClosing.export((await requireUser(request)).id)
    return reply
      .header('content-disposition', `attachment; filename="weekday-wars-${data.exportedAt.slice(0, 10)}.json"`)
      .type('application/json')
      .send(JSON.stringify(data, null, 2))
  })
  fastify.post<FormRoute<typeof CloseAccountBody>>(
    '/me/close',
    { ...form(CloseAccountBody, { extras: ['confirm'] }), config: { rateLimit: linkLimit.rateLimit } },
    async (request, reply) => {
      const user = await requireUser(request)
      try {
        confirmed(extrasOf(request))
        await fastify.accountClosing.close(user.id, request.body.password)
        return reply.clearCookie(SESSION_COOKIE, { path: '/' }).redirect('/login?notice=account_closed', 303)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return accountPage(request, reply, { error, which: 'close' })
      }
    },
  )
}
