// Absences: a player declares dates away; the GM sees every absence and names stand-ins.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { Access } from '../../services/access.ts'
import { AbsenceBody } from '../../schemas/actions.ts'
import { one, type PageKit, type Req, type Route } from './kit.ts'

/** No tribe's id: the reader plays none, so the take-back finds nothing to take. */
const NO_TRIBE = '00000000-0000-4000-8000-000000000000'

export function absencePages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { render, requireUser, accessOf, campaignInfo, form, stringsOf } = kit

  async function absencePage(
    request: Req,
    reply: FastifyReply,
    a: Access,
    extra: { error?: AppError; form?: Record<string, string>; done?: boolean; botBack?: boolean } = {},
  ) {
    const s = await stringsOf(request)
    // The absences whose stand-in the reader may name, with the co-players to choose from (#49).
    const choices = await campaigns.standInChoices(a)
    return render(
      request,
      reply,
      'absences.hbs',
      {
        title: s.absences,
        // A player whose tribe the game's bot plays is told why, and may take it back from a bot that took it over (#50).
        campaign: { ...campaignInfo(a), bot: a.tribeBot ?? null },
        cover: a.role === 'player' ? { absent: a.campaign.botAbsent, afterMissed: a.campaign.botAfterMissed } : null,
        tab: 'absences',
        absences: (await campaigns.absences(a)).map((absence) => ({ ...absence, choices: choices.get(absence.id) ?? null })),
        gm: a.role === 'gm',
        mayDeclare: a.role === 'player' && !a.standIn,
        form: extra.form ?? {},
        ...extra,
      },
      extra.error?.statusCode ?? 200,
    )
  }

  fastify.get('/campaigns/:id/absences', async (request: Req, reply) => {
    await requireUser(request)
    const done = request.query.done === '1' ? { done: true } : request.query.done === 'bot' ? { botBack: true } : {}
    return absencePage(request, reply, await accessOf(request, request.params.id!), done)
  })

  fastify.post<Route>('/campaigns/:id/absences/bot', form(), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    try {
      // Only the tribe's own player takes it back here; anyone else meets setBot's refusal.
      await campaigns.setBot(a, a.tribeId ?? NO_TRIBE, false)
      return reply.redirect(`/campaigns/${a.campaign.id}/absences?done=bot`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error
      return absencePage(request, reply, a, { error })
    }
  })

  fastify.post<Route>('/campaigns/:id/absences', form(AbsenceBody), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    const input = { from: one(request.body.from), to: one(request.body.to), note: one(request.body.note) }
    try {
      await campaigns.declareAbsence(a, input)
      return reply.redirect(`/campaigns/${a.campaign.id}/absences?done=1`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 403) throw error
      return absencePage(request, reply, a, { error, form: input })
    }
  })

  fastify.post<Route>('/campaigns/:id/absences/:absenceId/stand-in', form(undefined, { extras: ['email', 'userId'] }), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    const extras = kit.extrasOf(request)
    // A co-player chosen from the list, else an address (empty: no stand-in).
    const userId = one(extras.userId)
    try {
      await campaigns.setStandIn(a, request.params.absenceId!, userId ? { userId } : { email: one(extras.email) || null })
      return reply.redirect(`/campaigns/${a.campaign.id}/absences?done=1`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 403) throw error
      return absencePage(request, reply, a, { error })
    }
  })
}
