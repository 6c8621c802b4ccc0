// Diplomacy pages (R11): the scenes, one scene's thread and proposals, and their actions.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { AskSceneBody, OpenSceneBody, SceneMessageBody } from '../../schemas/actions.ts'
import type { Access } from '../../services/access.ts'
import { checkTradeShape, faceOf, type GamePages } from '../../faces/index.ts'
import { readTransfer, sayAssets, tradeInputs } from '../../faces/trade-form.ts'
import { placeLabeller } from '../../engine/kernel/index.ts'
import { fill } from '../../lib/fill.ts'
import { confirmed, one, STRINGS, type PageKit, type Req, type Route } from './kit.ts'

export function scenePages(fastify: FastifyInstance, kit: PageKit, pages: (ruleset: string) => GamePages) {
  const { campaigns, scenes } = fastify
  const { render, requireUser, accessOf, campaignInfo, form, viewer } = kit

  const participant = async (request: FastifyRequest, a: Access) => {
    if (!(await viewer(request)).user) throw new AppError(401, 'auth/unauthenticated', 'Log in first')
    if (a.role === 'spectator') throw new AppError(403, 'scene/not_a_participant', "Diplomacy scenes are for the campaign's tribes and game masters", 'R11.3')
  }

  fastify.get('/campaigns/:id/scenes', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    await participant(request, a)
    return scenesPage(request, reply, a)
  })

  async function scenesPage(request: Req, reply: FastifyReply, a: Access, error?: AppError) {
    const tribes = (await campaigns.get(a)).tribes
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const list = (await scenes.list(a)).map((s) => ({ ...s, tribeNames: s.tribes.map((t) => names.get(t)).join(', ') }))
    return render(
      request,
      reply,
      'scenes.hbs',
      { titleKey: 'scenes', campaign: campaignInfo(a), tab: 'scenes', scenes: list, tribes, error },
      error?.statusCode ?? 200,
    )
  }

  // A player asks the GMs for a scene (#30); the page says it was asked.
  fastify.post<Route>('/campaigns/:id/scenes/ask', form(AskSceneBody, { lists: ['tribes'] }), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    try {
      await scenes.ask(a, { tribes: (request.body.tribes as string[] | undefined) ?? [], note: one(request.body.note) || undefined })
      return reply.redirect(`/campaigns/${a.campaign.id}/scenes?notice=scene_asked`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 403) throw error
      return scenesPage(request, reply, a, error)
    }
  })

  fastify.post<Route>('/campaigns/:id/scenes', form(OpenSceneBody, { lists: ['tribes'] }), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    try {
      const scene = await scenes.open(a, { title: one(request.body.title), tribes: request.body.tribes as string[] })
      return reply.redirect(`/campaigns/${a.campaign.id}/scenes/${scene.id}`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 403) throw error
      return scenesPage(request, reply, a, error)
    }
  })

  async function scenePage(request: Req, reply: FastifyReply, a: Access, sceneId: string, error?: AppError) {
    await participant(request, a)
    const scene = await scenes.get(a, sceneId)
    const tribes = (await campaigns.get(a)).tribes
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const { locale } = await viewer(request)
    const s = STRINGS[locale]
    // The game's transfer (#49): its fields on the form, and each stored transfer in its words.
    const fields = faceOf(a.campaign.ruleset).tradeForm
    // A place a trade gives reads as its name (R1.5); the face names what is not a place.
    const label = placeLabeller(scene.proposals.length ? await campaigns.places(a) : [])
    const place = (id: string) => label(id, locale)
    // A scene of two tribes: the first line is what one (the reader's) gives the other, the second what comes back.
    const two = a.tribeId === scene.tribes[1] ? [...scene.tribes].reverse() : scene.tribes
    const pair = two.length === 2 ? [two, [...two].reverse()] : []
    return render(
      request,
      reply,
      'scene.hbs',
      {
        title: scene.title,
        campaign: campaignInfo(a),
        tab: 'scenes',
        scene,
        open: scene.status === 'open',
        tribeNames: scene.tribes.map((t) => names.get(t)).join(', '),
        sceneTribes: scene.tribes.map((id) => ({ id, name: names.get(id) })),
        messages: scene.messages.map((m) => ({ ...m, author: m.tribeId ? names.get(m.tribeId) : s.gm })),
        proposals: scene.proposals.map((p) => {
          const live = p.status === 'open' || p.status === 'accepted'
          const actions: string[] = []
          if (live && a.role === 'gm') actions.push('ratify', 'reject')
          // A giver who proposed it, or answered it already, has accepted: declining is left to them.
          const accepted = p.answers.some((x) => x.tribeId === a.tribeId && x.answer === 'accepted')
          if (live && a.tribeId && p.givers.includes(a.tribeId)) actions.push(...(accepted ? [] : ['accept']), 'decline')
          if (live && a.tribeId && (p.givers.includes(a.tribeId) || p.tribeId === a.tribeId)) actions.push('withdraw')
          return {
            ...p,
            actions,
            // Each transfer in the game's words: "ana gives 3 gold and r2c4 to ben".
            lines: p.transfers.map((t) => `${names.get(t.from)} ${s.gives} ${sayAssets(fields, { ...t }, s, place)} ${s.givesTo} ${names.get(t.to)}`),
            // In the reader's words, not the API's ("Lusitanos: aceptada", #30).
            answersText: p.answers.map((x) => `${names.get(x.tribeId)}: ${s[`answer_${x.answer}`] ?? x.answer}`).join(' · '),
          }
        }),
        transferRows: [1, 2].map((n) => ({
          n,
          legend: fill(s.transferLine!, { n }, locale),
          from: scene.tribes.map((id) => ({ id, name: names.get(id), selected: pair[n - 1]?.[0] === id })),
          to: scene.tribes.map((id) => ({ id, name: names.get(id), selected: pair[n - 1]?.[1] === id })),
          inputs: tradeInputs(fields, s, n),
        })),
        // A tap on a tile of the small map puts it in its owner's line (the page's trade script).
        tradeMap: scene.status === 'open' ? await pages(a.campaign.ruleset).tradeMap?.(a, locale, scene.tribes) : null,
        error,
      },
      error?.statusCode ?? 200,
    )
  }

  fastify.get('/campaigns/:id/scenes/:sceneId', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    return scenePage(request, reply, a, request.params.sceneId!)
  })

  /** A scene action: do it, then back to the scene; a refusal shows the scene with the error. */
  async function sceneAction(request: Req, reply: FastifyReply, act: (a: Access, sceneId: string) => Promise<unknown>) {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    const sceneId = request.params.sceneId!
    try {
      await act(a, sceneId)
      return reply.redirect(`/campaigns/${a.campaign.id}/scenes/${sceneId}`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 404 || error.statusCode === 403) throw error
      return scenePage(request, reply, a, sceneId, error)
    }
  }

  fastify.post<Route>('/campaigns/:id/scenes/:sceneId/messages', form(SceneMessageBody), async (request: Req, reply) =>
    sceneAction(request, reply, (a, id) => scenes.say(a, id, one(request.body.body))),
  )

  fastify.post<Route>('/campaigns/:id/scenes/:sceneId/proposals', form(), async (request: Req, reply) =>
    sceneAction(request, reply, (a, id) => {
      // Each line as the game's form drew it (#49); a line that gives nothing is left out, even with its tribes chosen.
      const fields = faceOf(a.campaign.ruleset).tradeForm
      const field = (name: string) => one(request.body[name])
      const transfers = [1, 2, 3]
        .map((i) => ({ from: field(`from${i}`), to: field(`to${i}`), ...readTransfer(fields, field, i) }))
        .filter((t) => Object.keys(t).length > 2)
      if (transfers.length === 0) throw new AppError(400, 'proposal/empty', 'Say what each tribe gives', 'R11.3')
      if (transfers.some((t) => !t.from || !t.to)) throw new AppError(400, 'proposal/incomplete', 'Each line needs a giving and a receiving tribe', 'R11.3')
      // What was typed in a field is checked against the game's transfer: a count that is no number is a 400 naming it.
      checkTradeShape(a.campaign.ruleset, { transfers })
      return scenes.propose(a, id, { transfers })
    }),
  )

  // Ratify, reject and close cannot be undone: they ask for the confirmation box.
  for (const action of ['accept', 'decline', 'withdraw', 'ratify', 'reject'] as const) {
    const final = action === 'ratify' || action === 'reject'
    fastify.post<Route>(
      `/campaigns/:id/scenes/:sceneId/proposals/:proposalId/${action}`,
      form(undefined, { extras: ['confirm'] }),
      async (request: Req, reply) =>
        sceneAction(request, reply, async (a, id) => {
          if (!final) return scenes.answer(a, id, request.params.proposalId!, action)
          confirmed(kit.extrasOf(request))
          return scenes.decide(a, id, request.params.proposalId!, action)
        }),
    )
  }

  fastify.post<Route>('/campaigns/:id/scenes/:sceneId/close', form(undefined, { extras: ['confirm'] }), async (request: Req, reply) =>
    sceneAction(request, reply, async (a, id) => {
      confirmed(kit.extrasOf(request))
      return scenes.close(a, id)
    }),
  )
}
