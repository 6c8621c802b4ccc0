// Campaign pages: the list (and creating one), a campaign's roster before its start, and
// the doors to its game's own pages.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { FACES, faceOf, gameChoices, type GamePages } from '../../faces/index.ts'
import { AppError } from '../../lib/errors.ts'
import { CreateCampaignBody } from '../../schemas/actions.ts'
import { bundledMaps } from '../../services/maps.ts'
import { one, STRINGS, type FormRoute, type PageKit, type Req, type Route } from './kit.ts'
import { yourDayPages } from './your-day.ts'

const maps = () => bundledMaps().map((m) => ({ id: m.id, name: m.name }))

export function campaignPages(fastify: FastifyInstance, kit: PageKit, pages: (ruleset: string) => GamePages) {
  const { campaigns } = fastify
  const { render, renderRefusal, requireUser, accessOf, campaignInfo, form, viewer, stringsOf } = kit
  const yourDay = yourDayPages(fastify, kit)

  /** Your campaigns (every one) and, apart, a page of the public ones. */
  async function lists(userId: string | null, query: Record<string, string>) {
    const page = (name: string) => Math.max(1, Math.min(100_000, Number.parseInt(query[name] ?? '1', 10) || 1))
    const mine = await campaigns.list(userId, page('page'))
    const open = await campaigns.listPublic(userId, page('publicPage'))
    return { campaigns: mine.campaigns, nextPage: mine.nextPage, publicCampaigns: open.campaigns, nextPublicPage: open.nextPage }
  }

  fastify.get('/campaigns', async (request: Req, reply) => {
    const v = await viewer(request)
    return render(request, reply, 'campaigns.hbs', {
      title: STRINGS[v.locale].campaigns,
      // What waits for a GM across the campaigns they run (#30).
      inbox: v.user ? await fastify.inbox.of(v.user.id) : [],
      // Today's open windows of the reader's tribes, each with its figures and "Done" (#30).
      yourDay: await yourDay.cards(v),
      ...(await lists(v.user?.id ?? null, request.query)),
      maps: maps(),
      games: gameChoices(request.query.game),
    })
  })

  fastify.post<FormRoute<typeof CreateCampaignBody>>(
    '/campaigns',
    { ...form(CreateCampaignBody), config: { rateLimit: { max: fastify.config.campaignRateLimit, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const user = await requireUser(request)
      try {
        const created = await campaigns.create(user.id, request.body)
        return reply.redirect(`/campaigns/${created.id}/gm`, 303)
      } catch (error) {
        return renderRefusal(request, reply, 'campaigns.hbs', error, async () => ({
          ...(await lists(user.id, {})),
          maps: maps(),
          values: request.body,
          games: gameChoices(request.body.ruleset),
        }))
      }
    },
  )

  // One click, a practice campaign of the chosen game running with the newcomer's turn open (#27,
  // #50), on a server whose games include one with a practice setup; with no game named, the first.
  const practiced = FACES.filter((f) => f.practice)
  if (practiced.length > 0)
    fastify.post<Route>(
      '/practice',
      { ...form(undefined, { extras: ['game'] }), config: { rateLimit: { max: fastify.config.campaignRateLimit, timeWindow: '1 hour' } } },
      async (request: Req, reply) => {
        const user = await requireUser(request)
        const s = await stringsOf(request)
        const named = one(kit.extrasOf(request).game)
        const face = named ? practiced.find((f) => f.id === named) : practiced[0]
        if (!face?.practice)
          throw new AppError(400, 'practice/no_such_game', `No practice game "${named}": choose one of ${practiced.map((f) => f.id).join(', ')}`)
        const created = await fastify.practice.createPractice(user, {
          ruleset: face.id,
          mapId: face.practice.mapId,
          homes: face.practice.homes,
          name: s.practiceName!,
          tribes: [s.practiceTribe!, s.practiceRival!],
        })
        return reply.redirect(`/campaigns/${created.id}/turn`, 303)
      },
    )
  fastify.post<Route>('/campaigns/:id/practice/week', form(), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    await fastify.practice.passPracticeWeek(a)
    return reply.redirect(`/campaigns/${a.campaign.id}/pools?notice=${faceOf(a.campaign.ruleset).practice?.words.passed ?? ''}`, 303)
  })

  // A campaign in setup shows its roster; once started, its game draws the overview.
  fastify.get('/campaigns/:id', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    if (a.campaign.status !== 'setup') return pages(a.campaign.ruleset).overview(request, reply, a)
    // The map the draft will be played on, seen before it (#27).
    const face = faceOf(a.campaign.ruleset)
    const map = face.setupMap ? await fastify.maps.get(a.campaign.mapId) : undefined
    return render(request, reply, 'campaign.hbs', {
      setupMap: map && face.setupMap ? face.setupMap(map, (await viewer(request)).locale, kit) : null,
      title: a.campaign.name,
      campaign: campaignInfo(a),
      tab: 'overview',
      tribes: (await campaigns.get(a)).tribes,
    })
  })

  // Every other page of a campaign is its game's: the turn (and a turn form's answer), the
  // economy (/pools, its first name, and /economy), the history and the dice.
  const game =
    (name: 'turn' | 'economy' | 'history' | 'dice', login = false) =>
    async (request: Req, reply: FastifyReply) => {
      const a = await accessOf(request, request.params.id!)
      if (login) await requireUser(request)
      return pages(a.campaign.ruleset)[name](request, reply, a)
    }
  fastify.get('/campaigns/:id/turn', game('turn', true))
  fastify.get('/campaigns/:id/pools', game('economy'))
  fastify.get('/campaigns/:id/economy', game('economy'))
  fastify.get('/campaigns/:id/history', game('history'))
  fastify.get('/campaigns/:id/dice', game('dice'))
  fastify.post<Route>('/campaigns/:id/turn', form(), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    return pages(a.campaign.ruleset).order(request, reply, a)
  })
}
