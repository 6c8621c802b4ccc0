// Campaigns looking for players: /campaigns/open lists them, each with a join form (at once,
// or a request to the GM, as the GM chose).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { JoinBody } from '../../schemas/actions.ts'
import { one, STRINGS, type PageKit, type Req, type Route } from './kit.ts'

export function openPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { render, requireUser, form, viewer } = kit

  async function openPage(
    request: Req,
    reply: FastifyReply,
    extra: { error?: AppError; failed?: string; form?: { tribeName: string; weekday: string }; requested?: boolean } = {},
  ) {
    const v = await viewer(request)
    const list = (await campaigns.openCampaigns(v.user?.id ?? null)).map((c) => ({
      ...c,
      failed: extra.failed === c.id,
      weekdays: c.freeWeekdays.map((d) => ({ weekday: d, selected: extra.failed === c.id && extra.form?.weekday === d })),
    }))
    return render(request, reply, 'open.hbs', { title: STRINGS[v.locale].openCampaigns, campaigns: list, ...extra }, extra.error?.statusCode ?? 200)
  }

  fastify.get('/campaigns/open', async (request: Req, reply) => openPage(request, reply, request.query.requested === '1' ? { requested: true } : {}))

  fastify.post<Route>('/campaigns/:id/join', form(JoinBody), async (request: Req, reply) => {
    const user = await requireUser(request)
    const input = { tribeName: one(request.body.tribeName), weekday: one(request.body.weekday) }
    try {
      const out = await campaigns.join(request.params.id!, user.id, input)
      return reply.redirect(out.joined ? `/campaigns/${out.joined.campaignId}` : '/campaigns/open?requested=1', 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 404) throw error
      return openPage(request, reply, { error, failed: request.params.id!, form: input })
    }
  })
}
