// The GM console: invitations, the draft, pause and resume, replacing a player.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { InviteBody, PickBody, ReplacePlayerBody } from '../../schemas/actions.ts'
import type { Access } from '../../services/access.ts'
import { one, STRINGS, type Body, type PageKit, type Req, type Route } from './kit.ts'

export function gmPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { render, requireUser, accessOf, campaignInfo, board, form } = kit

  async function gmPage(request: Req, reply: FastifyReply, a: Access, extra: { error?: AppError; invitation?: { url: string } } = {}) {
    if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', 'Only a game master may use the console', 'R2.3')
    const tribes = (await campaigns.get(a)).tribes
    let onTheClock = null
    let freeCities: string[] = []
    if (a.campaign.status === 'draft') {
      const { view } = await board(a)
      const draft = view.draft!
      const snake = [...draft.order, ...[...draft.order].reverse()]
      const next = snake[draft.picks.length]
      onTheClock = tribes.find((t) => t.id === next) ?? null
      const taken = new Set(draft.picks.map((p) => p.city))
      freeCities = view.map.tiles.filter((t) => t.city && !taken.has(t.tile)).map((t) => t.tile)
    }
    return render(request, reply, 'gm.hbs', { title: STRINGS.en.console, campaign: campaignInfo(a), tab: 'gm', tribes, onTheClock, freeCities, ...extra }, extra.error?.statusCode ?? 200)
  }

  fastify.get('/campaigns/:id/gm', async (request: Req, reply) => {
    await requireUser(request)
    return gmPage(request, reply, await accessOf(request, request.params.id!))
  })

  const gmActions: Record<string, [form: ReturnType<typeof form>, act: (a: Access, body: Body, extras: Body, userId: string) => Promise<{ invitation?: { url: string } } | void>]> = {
    invitations: [form(InviteBody), async (a, body, _x, userId) => ({ invitation: await campaigns.invite(a, userId, { email: one(body.email) || undefined }) })],
    draft: [form(), async (a) => { await campaigns.startDraft(a) }],
    pick: [form(PickBody), async (a, body) => { await campaigns.pick(a, { city: one(body.city), tribeId: one(body.tribeId) || undefined }) }],
    pause: [form(), async (a) => { await campaigns.setPaused(a, true) }],
    resume: [form(), async (a) => { await campaigns.setPaused(a, false) }],
    replace: [form(ReplacePlayerBody, { extras: ['tribeId'] }), async (a, body, extras) => { await campaigns.replacePlayer(a, one(extras.tribeId), one(body.email)) }],
  }
  for (const [name, [options, act]] of Object.entries(gmActions)) {
    fastify.post<Route>(`/campaigns/:id/gm/${name}`, options, async (request: Req, reply) => {
      const user = await requireUser(request)
      let a = await accessOf(request, request.params.id!)
      if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', 'Only a game master may use the console', 'R2.3')
      try {
        const out = await act(a, request.body, kit.extrasOf(request), user.id)
        if (out?.invitation) {
          a = await campaigns.access(a.campaign.id, user.id)
          return gmPage(request, reply, a, { invitation: out.invitation })
        }
        return reply.redirect(`/campaigns/${a.campaign.id}/gm`, 303)
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode === 404) throw error
        return gmPage(request, reply, await campaigns.access(a.campaign.id, user.id), { error })
      }
    })
  }
}
