// Campaign pages: the list (and creating one), the map with the calendar, the pools.
import type { FastifyInstance } from 'fastify'
import { SHIP_COST, TROOP_COST } from '../../engine/index.ts'
import { AppError } from '../../lib/errors.ts'
import { BUNDLED_MAPS } from '../../maps/index.ts'
import { CreateCampaignBody } from '../../schemas/actions.ts'
import { gameChoices } from './faces.ts'
import type { Games } from './games.ts'
import { mapOf, STRINGS, type PageKit, type Req, type Route } from './kit.ts'

const maps = () => BUNDLED_MAPS.map((m) => ({ id: m.id, name: m.name }))

export function campaignPages(fastify: FastifyInstance, kit: PageKit, games: Games) {
  const { campaigns } = fastify
  const { render, requireUser, accessOf, campaignInfo, board, form, viewer } = kit

  /** Your campaigns (every one) and, apart, a page of the public ones. */
  async function lists(userId: string | null, query: Record<string, string>) {
    const page = (name: string) => Math.max(1, Math.min(100_000, Number.parseInt(query[name] ?? '1', 10) || 1))
    const mine = await campaigns.list(userId, page('page'))
    const open = await campaigns.listPublic(userId, page('publicPage'))
    return { campaigns: mine.campaigns, nextPage: mine.nextPage, publicCampaigns: open.campaigns, nextPublicPage: open.nextPage }
  }

  fastify.get('/campaigns', async (request: Req, reply) => {
    const v = await viewer(request)
    return render(request, reply, 'campaigns.hbs', { title: STRINGS[v.locale].campaigns, ...(await lists(v.user?.id ?? null, request.query)), maps: maps(), games: gameChoices(request.query.game) })
  })

  fastify.post<Route>('/campaigns', { ...form(CreateCampaignBody), config: { rateLimit: { max: fastify.config.campaignRateLimit, timeWindow: '1 hour' } } }, async (request: Req, reply) => {
    const user = await requireUser(request)
    try {
      const created = await campaigns.create(user.id, request.body as unknown as Parameters<typeof campaigns.create>[1])
      return reply.redirect(`/campaigns/${created.id}/gm`, 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return render(request, reply, 'campaigns.hbs', { error, ...(await lists(user.id, {})), maps: maps(), values: request.body, games: gameChoices((request.body as { ruleset?: unknown }).ruleset) }, error.statusCode)
    }
  })

  fastify.get('/campaigns/:id', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    const game = games(a)
    if (game && a.campaign.status !== 'setup') return game.overview(request, reply, a)
    if (a.campaign.status === 'setup') {
      return render(request, reply, 'campaign.hbs', { title: a.campaign.name, campaign: campaignInfo(a), tab: 'overview', tribes: (await campaigns.get(a)).tribes, mapSvg: '' })
    }
    const { view, tribes } = await board(a)
    const colours = new Map(tribes.map((t) => [t.id, t.colour]))
    return render(request, reply, 'campaign.hbs', {
      title: a.campaign.name, campaign: campaignInfo(a), tab: 'overview', week: view.week,
      mapSvg: kit.mapSvg(a.campaign.id, view.version, 'board', (await kit.viewer(request)).locale, () => [mapOf(view), tribes, { label: a.campaign.name }]),
      tribes: view.tribes.map((t) => ({ ...t, colour: colours.get(t.id) })),
      finished: view.status === 'finished',
      ranking: view.ranking?.map((id) => { const t = view.tribes.find((x) => x.id === id); return { name: t?.name ?? id, eliminated: t?.eliminated ?? false } }) ?? null,
    })
  })

  fastify.get('/campaigns/:id/pools', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    const game = games(a)
    if (game) return game.economy(request, reply, a)
    const { view, tribes } = await board(a)
    const { pools, preview } = await campaigns.pools(a)
    const name = new Map(tribes.map((t) => [t.id, t.name]))
    const colour = new Map(tribes.map((t) => [t.id, t.colour]))
    const highlight = new Map<string, string>()
    const rows = pools.map((p, i) => {
      const label = `P${i + 1}`
      for (const c of p.cities) highlight.set(c, label)
      return { ...p, label, tribeName: name.get(p.tribe), colour: colour.get(p.tribe), troops: Math.floor(p.balance / TROOP_COST), ships: Math.floor(p.balance / SHIP_COST) }
    })
    return render(request, reply, 'pools.hbs', {
      title: STRINGS.en.pools, campaign: campaignInfo(a), tab: 'pools', week: view.week, pools: rows,
      preview: preview.map((p) => ({ ...p, tribeName: name.get(p.tribe) })),
      mapSvg: kit.mapSvg(a.campaign.id, view.version, 'pools', (await kit.viewer(request)).locale, () => [mapOf(view), tribes, { highlight, label: a.campaign.name }]),
    })
  })
}
