// The server-rendered pages. They call the same services as the API; forms
// post here with a CSRF token and the login cookie, and every action works
// without JavaScript. Errors are HTML pages (or the form again, with the error
// and its rule id beside it) with the error's 4xx status.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { WEEKDAYS, SHIP_COST, TROOP_COST, type GameEvent, type Order } from '../../engine/index.ts'
import { AppError } from '../../lib/errors.ts'
import { renderMapSvg, type MapData } from '../../lib/map-svg.ts'
import { BUNDLED_MAPS } from '../../maps/index.ts'
import type { Access } from '../../plugins/app/campaigns.ts'
import type { PublicUser } from '../../plugins/app/accounts.ts'
import { SESSION_COOKIE } from '../../plugins/external/view.ts'

/** Pages live at the site root, not under /pages. */
export const prefixOverride = ''

const VIEWS = path.resolve(import.meta.dirname, '../../../views')
type Strings = Record<string, string>
const STRINGS: Record<'en' | 'es', Strings> = {
  en: JSON.parse(readFileSync(path.join(VIEWS, 'pages/i18n/en.json'), 'utf8')),
  es: JSON.parse(readFileSync(path.join(VIEWS, 'pages/i18n/es.json'), 'utf8')),
}
const ASSETS: Record<string, [type: string, body: string]> = {
  'app.css': ['text/css; charset=utf-8', readFileSync(path.join(VIEWS, 'assets/app.css'), 'utf8')],
  'app.js': ['text/javascript; charset=utf-8', readFileSync(path.join(VIEWS, 'assets/app.js'), 'utf8')],
}

type Body = Record<string, string | string[] | undefined>
type Route = { Params: Record<string, string>; Body: Body; Querystring: Record<string, string> }
type Req = FastifyRequest<Route>

interface Viewer { user: PublicUser | null; locale: 'en' | 'es' }

const ORDER_FORMS: { type: Order['type']; rule: string; fields: [name: string, kind: 'tile' | 'ship' | 'number' | 'check', label: string][] }[] = [
  { type: 'recruit', rule: 'R5', fields: [['city', 'tile', 'city'], ['troops', 'number', 'troops']] },
  { type: 'move', rule: 'R7', fields: [['from', 'tile', 'from'], ['to', 'tile', 'to'], ['troops', 'number', 'troops']] },
  { type: 'buildShip', rule: 'R5.6', fields: [['port', 'tile', 'port'], ['sea', 'tile', 'sea']] },
  { type: 'embark', rule: 'R10.2', fields: [['from', 'tile', 'from'], ['ship', 'ship', 'ship'], ['troops', 'number', 'troops']] },
  { type: 'disembark', rule: 'R10.4', fields: [['ship', 'ship', 'ship'], ['to', 'tile', 'to'], ['troops', 'number', 'troops']] },
  { type: 'shipMove', rule: 'R10.3', fields: [['ship', 'ship', 'ship'], ['to', 'tile', 'to']] },
  { type: 'portAssault', rule: 'R10.6', fields: [['ship', 'ship', 'ship'], ['port', 'tile', 'port'], ['troops', 'number', 'troops'], ['occupy', 'check', 'occupy']] },
  { type: 'board', rule: 'R10.7', fields: [['ship', 'ship', 'ship'], ['target', 'ship', 'target']] },
  { type: 'crewTransfer', rule: 'R10.8', fields: [['from', 'ship', 'from'], ['to', 'ship', 'to'], ['troops', 'number', 'troops']] },
  { type: 'endTurn', rule: 'R4.6', fields: [] },
]

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? ''

export default async function pages(fastify: FastifyInstance) {
  const { campaigns, accounts, scenes, notifications } = fastify

  async function viewer(request: FastifyRequest): Promise<Viewer> {
    const token = request.cookies[SESSION_COOKIE]
    let user: PublicUser | null = null
    if (token) {
      try {
        user = await accounts.get(fastify.jwt.verify<{ sub: string }>(token).sub)
      } catch { /* an expired or foreign cookie is no login */ }
    }
    const wanted = user?.locale ?? (/^\s*es\b/i.test(request.headers['accept-language'] ?? '') ? 'es' : 'en')
    return { user, locale: wanted === 'es' ? 'es' : 'en' }
  }

  async function render(request: FastifyRequest, reply: FastifyReply, template: string, data: Record<string, unknown>, status = 200) {
    const v = (request as FastifyRequest & { viewer?: Viewer }).viewer ?? await viewer(request)
    const html = await fastify.view(template, { ...data, locale: v.locale, s: STRINGS[v.locale], user: v.user, csrf: reply.generateCsrf() })
    return reply.code(status).type('text/html; charset=utf-8').send(html)
  }

  /** The logged-in user, or a redirect to the login page. */
  async function requireUser(request: FastifyRequest): Promise<PublicUser> {
    const v = await viewer(request)
    ;(request as FastifyRequest & { viewer?: Viewer }).viewer = v
    if (!v.user) throw new AppError(401, 'auth/unauthenticated', 'Log in first')
    return v.user
  }

  async function accessOf(request: FastifyRequest, id: string): Promise<Access> {
    const v = await viewer(request)
    ;(request as FastifyRequest & { viewer?: Viewer }).viewer = v
    try {
      return await campaigns.access(id, v.user?.id ?? null)
    } catch (error) {
      // Someone logged out may be a member: the login page first.
      if (!v.user && error instanceof AppError && error.statusCode === 404) throw new AppError(401, 'auth/unauthenticated', 'Log in first')
      throw error
    }
  }

  const campaignInfo = (a: Access) => ({ id: a.campaign.id, name: a.campaign.name, status: a.campaign.status, timeZone: a.campaign.timeZone, role: a.role })

  async function board(a: Access) {
    const view = await campaigns.stateView(a)
    const tribes = (await campaigns.get(a)).tribes
    return { view, tribes }
  }

  fastify.setErrorHandler(async (error: Error & { statusCode?: number; code?: string; rule?: string; validation?: unknown }, request, reply) => {
    if (error instanceof AppError && error.statusCode === 401) {
      return reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 302)
    }
    const status = error instanceof AppError ? error.statusCode : error.validation ? 400 : error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, 'page failed')
    const code = error instanceof AppError ? error.code : error.code?.startsWith('FST_CSRF') ? 'request/csrf' : status >= 500 ? 'internal' : `request/${status}`
    const message = status >= 500 ? `Something went wrong on our side (request ${request.id}).`
      : code === 'request/csrf' ? 'This form is out of date; go back, reload the page and try again.' : error.message
    return render(request, reply, 'error.hbs', { title: String(status), status, error: { code, message, rule: (error as AppError).rule } }, status)
  })

  // preHandler, not onRequest: the token comes in the form body, parsed by then.
  const csrf = { preHandler: fastify.csrfProtection }

  fastify.get('/assets/:file', async (request: Req, reply) => {
    const asset = ASSETS[request.params.file!]
    if (!asset) throw new AppError(404, 'not_found', 'No such file')
    return reply.type(asset[0]).header('cache-control', 'public, max-age=300').send(asset[1])
  })

  fastify.get('/', async (_request, reply) => reply.redirect('/campaigns', 302))
  fastify.get('/favicon.ico', async (_request, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send())

  // ---- accounts ----
  fastify.get('/login', async (request: Req, reply) => render(request, reply, 'login.hbs', { title: STRINGS.en.login, next: request.query.next ?? '' }))

  const loginCookie = (reply: FastifyReply, userId: string) => reply.setCookie(SESSION_COOKIE, fastify.jwt.sign({ sub: userId }), {
    httpOnly: true, sameSite: 'lax', path: '/', secure: fastify.config.publicUrl.startsWith('https:'), maxAge: 7 * 86_400,
  })
  const safeNext = (next: string) => (next.startsWith('/') && !next.startsWith('//') ? next : '/campaigns')

  fastify.post<Route>('/login', { ...csrf, config: { rateLimit: { max: fastify.config.loginRateLimit, timeWindow: '1 minute' } } }, async (request: Req, reply) => {
    const email = one(request.body.email)
    try {
      const user = await accounts.login(email, one(request.body.password))
      loginCookie(reply, user.id)
      return reply.redirect(safeNext(one(request.body.next)), 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return render(request, reply, 'login.hbs', { error, email, next: one(request.body.next) }, error.statusCode)
    }
  })

  fastify.get('/register', async (request, reply) => render(request, reply, 'register.hbs', {}))

  fastify.post<Route>('/register', { ...csrf, config: { rateLimit: { max: fastify.config.loginRateLimit, timeWindow: '1 minute' } } }, async (request: Req, reply) => {
    const form = { email: one(request.body.email), displayName: one(request.body.displayName) }
    try {
      const password = one(request.body.password)
      if (password.length < 8) throw new AppError(400, 'auth/weak_password', 'A password has at least 8 characters')
      if (!form.displayName) throw new AppError(400, 'auth/name_required', 'Choose the name others will see')
      const locale = one(request.body.locale) === 'es' ? 'es' : 'en'
      const user = await accounts.register({ ...form, password, locale, timeZone: one(request.body.timeZone) || undefined })
      loginCookie(reply, user.id)
      return reply.redirect('/campaigns', 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return render(request, reply, 'register.hbs', { error, form }, error.statusCode)
    }
  })

  fastify.post('/logout', csrf, async (_request, reply) => reply.clearCookie(SESSION_COOKIE, { path: '/' }).redirect('/login', 303))

  // ---- campaigns ----
  fastify.get('/campaigns', async (request, reply) => {
    const v = await viewer(request)
    ;(request as FastifyRequest & { viewer?: Viewer }).viewer = v
    const list = await campaigns.list(v.user?.id ?? null)
    return render(request, reply, 'campaigns.hbs', { title: STRINGS[v.locale].campaigns, campaigns: list, maps: BUNDLED_MAPS.map((m) => ({ id: m.id, name: m.name })) })
  })

  fastify.post('/campaigns', csrf, async (request: Req, reply) => {
    const user = await requireUser(request)
    try {
      const created = await campaigns.create(user.id, {
        name: one(request.body.name), mapId: one(request.body.mapId), timeZone: one(request.body.timeZone) || undefined, public: one(request.body.public) === 'true',
      })
      if (!created.name) throw new AppError(400, 'campaign/name_required', 'A campaign needs a name')
      return reply.redirect(`/campaigns/${created.id}/gm`, 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const list = await campaigns.list(user.id)
      return render(request, reply, 'campaigns.hbs', { error, campaigns: list, maps: BUNDLED_MAPS.map((m) => ({ id: m.id, name: m.name })) }, error.statusCode)
    }
  })

  fastify.get('/campaigns/:id', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    if (a.campaign.status === 'setup') {
      return render(request, reply, 'campaign.hbs', { title: a.campaign.name, campaign: campaignInfo(a), tab: 'overview', tribes: (await campaigns.get(a)).tribes, mapSvg: '' })
    }
    const { view, tribes } = await board(a)
    const colours = new Map(tribes.map((t) => [t.id, t.colour]))
    return render(request, reply, 'campaign.hbs', {
      title: a.campaign.name, campaign: campaignInfo(a), tab: 'overview', week: view.week,
      mapSvg: renderMapSvg(mapOf(view), tribes, { label: a.campaign.name }),
      tribes: view.tribes.map((t) => ({ ...t, colour: colours.get(t.id) })),
    })
  })

  fastify.get('/campaigns/:id/pools', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
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
      mapSvg: renderMapSvg(mapOf(view), tribes, { highlight, label: a.campaign.name }),
    })
  })

  async function turnPage(request: Req, reply: FastifyReply, a: Access, extra: { error?: AppError; failed?: string; results?: GameEvent[]; values?: Body } = {}, status = 200) {
    if (a.role !== 'player') throw new AppError(403, 'orders/not_a_player', a.role === 'gm' ? 'A game master never plays orders for a tribe (R2.3)' : 'Only a tribe\'s player has a turn here', 'R2.3')
    const { view, tribes } = await board(a)
    const v = (request as FastifyRequest & { viewer?: Viewer }).viewer!
    const s = STRINGS[v.locale]
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const viewerZone = v.user?.timeZone ?? a.campaign.timeZone
    return render(request, reply, 'turn.hbs', {
      title: s.turn, campaign: campaignInfo(a), tab: 'turn', week: view.week, you: view.you, tribe: tribes.find((t) => t.id === a.tribeId),
      viewerZone, otherZone: viewerZone !== a.campaign.timeZone, now: fastify.clock.now().toISOString(),
      mapSvg: renderMapSvg(mapOf(view), tribes, { label: a.campaign.name }),
      tileKeys: view.map.tiles.map((t) => t.tile),
      forms: ORDER_FORMS.map((f) => ({
        type: f.type, rule: f.rule, label: s[f.type],
        fields: f.fields.map(([name, kind, label]) => ({ name, kind, label: s[label], value: extra.failed === f.type ? one(extra.values?.[name]) : '' })),
      })),
      error: extra.error, failed: extra.failed,
      results: (extra.results ?? []).map((e) => (e.type === 'combat' ? { combat: e } : { text: describe(e, names) })),
    }, status)
  }

  fastify.get('/campaigns/:id/turn', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    if (!(request as FastifyRequest & { viewer?: Viewer }).viewer?.user) throw new AppError(401, 'auth/unauthenticated', 'Log in first')
    return turnPage(request, reply, a)
  })

  fastify.post('/campaigns/:id/turn', csrf, async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    const type = one(request.body.type)
    const form = ORDER_FORMS.find((f) => f.type === type)
    if (!form) throw new AppError(400, 'orders/unknown_type', `Unknown order type "${type}"`)
    const order: Record<string, unknown> = { type }
    for (const [name, kind] of form.fields) {
      const raw = one(request.body[name])
      order[name] = kind === 'number' ? Number(raw) : kind === 'check' ? raw === 'true' : raw
    }
    try {
      const { events } = await campaigns.orders(a, { orders: [order as Order] }, undefined)
      return turnPage(request, reply, a, { results: events })
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 403) throw error
      return turnPage(request, reply, a, { error, failed: type, values: request.body }, error.statusCode)
    }
  })

  fastify.get('/campaigns/:id/history', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    const tribes = (await campaigns.get(a)).tribes
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const { events } = await campaigns.events(a, 0, 5000)
    const filter = { type: request.query.type ?? '', week: request.query.week ?? '' }
    const shown = events.filter((e) => (!filter.type || e.type === filter.type) && (!filter.week || String(e.week) === filter.week))
    let weekMap = ''
    const ended = filter.week ? events.find((e) => e.type === 'map.week_ended' && String((e.payload as { week: number }).week) === filter.week) : undefined
    if (ended && a.campaign.status !== 'setup') {
      const p = ended.payload as { owners: number[]; armies: [string, number, number][]; ships: [string, string, number, number][]; besieged: string[] }
      const { view } = await board(a)
      const id = (i: number) => (i < 0 ? null : view.tribes[i]?.id ?? null)
      weekMap = renderMapSvg({
        tiles: view.map.tiles.map((t, i) => ({ ...t, owner: id(p.owners[i] ?? -1) })),
        armies: p.armies.map(([tile, tribe, troops]) => ({ tile, tribe: id(tribe), troops })),
        ships: p.ships.map(([shipId, tile, tribe, crew]) => ({ id: shipId, tile, tribe: id(tribe)!, crew })),
        besieged: p.besieged,
      }, tribes, { label: `${a.campaign.name}, week ${filter.week}` })
    }
    return render(request, reply, 'history.hbs', {
      title: STRINGS.en.history, campaign: campaignInfo(a), tab: 'history', filter, weekMap,
      types: [...new Set(events.map((e) => e.type))].sort(),
      weeks: [...new Set(events.map((e) => String(e.week)))],
      events: shown.slice(-500).reverse().map((e) => ({ ...e, summary: describe(e.payload as GameEvent, names) })),
    })
  })

  fastify.get('/campaigns/:id/dice', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    const weeks = []
    let algorithm = ''
    if (a.campaign.status !== 'setup') {
      const { view } = await board(a)
      for (let week = view.week; week >= 0; week--) {
        try {
          const d = await campaigns.dice(a, week)
          algorithm = d.algorithm
          weeks.push(d)
        } catch (error) {
          if (!(error instanceof AppError && error.statusCode === 404)) throw error
        }
      }
    }
    return render(request, reply, 'dice.hbs', { title: STRINGS.en.dice, campaign: campaignInfo(a), tab: 'dice', weeks, algorithm })
  })

  // ---- diplomacy ----
  const participant = (request: FastifyRequest, a: Access) => {
    if (!(request as FastifyRequest & { viewer?: Viewer }).viewer?.user) throw new AppError(401, 'auth/unauthenticated', 'Log in first')
    if (a.role === 'spectator') throw new AppError(403, 'scene/not_a_participant', 'Diplomacy scenes are for the campaign\'s tribes and game masters', 'R11.3')
  }

  fastify.get('/campaigns/:id/scenes', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    participant(request, a)
    return scenesPage(request, reply, a)
  })

  async function scenesPage(request: Req, reply: FastifyReply, a: Access, error?: AppError) {
    const tribes = (await campaigns.get(a)).tribes
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const list = (await scenes.list(a)).map((s) => ({ ...s, tribeNames: s.tribes.map((t) => names.get(t)).join(', ') }))
    return render(request, reply, 'scenes.hbs', { title: STRINGS.en.scenes, campaign: campaignInfo(a), tab: 'scenes', scenes: list, tribes, error }, error?.statusCode ?? 200)
  }

  fastify.post('/campaigns/:id/scenes', csrf, async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    const picked = request.body.tribes
    const tribes = Array.isArray(picked) ? picked : picked ? [picked] : []
    try {
      const title = one(request.body.title)
      if (!title) throw new AppError(400, 'scene/title_required', 'A scene needs a title')
      if (tribes.length < 2) throw new AppError(400, 'scene/too_few_tribes', 'A scene is for at least two tribes', 'R11.3')
      const scene = await scenes.open(a, { title, tribes })
      return reply.redirect(`/campaigns/${a.campaign.id}/scenes/${scene.id}`, 303)
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 403) throw error
      return scenesPage(request, reply, a, error)
    }
  })

  async function scenePage(request: Req, reply: FastifyReply, a: Access, sceneId: string, error?: AppError) {
    participant(request, a)
    const scene = await scenes.get(a, sceneId)
    const tribes = (await campaigns.get(a)).tribes
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const s = STRINGS[(request as FastifyRequest & { viewer?: Viewer }).viewer!.locale]
    return render(request, reply, 'scene.hbs', {
      title: scene.title, campaign: campaignInfo(a), tab: 'scenes', scene, open: scene.status === 'open',
      tribeNames: scene.tribes.map((t) => names.get(t)).join(', '),
      sceneTribes: scene.tribes.map((id) => ({ id, name: names.get(id) })),
      messages: scene.messages.map((m) => ({ ...m, author: m.tribeId ? names.get(m.tribeId) : s.gm })),
      proposals: scene.proposals.map((p) => {
        const live = p.status === 'open' || p.status === 'accepted'
        const actions: string[] = []
        if (live && a.role === 'gm') actions.push('ratify', 'reject')
        if (live && a.tribeId && p.givers.includes(a.tribeId)) actions.push('accept', 'decline')
        if (live && a.tribeId && (p.givers.includes(a.tribeId) || p.tribeId === a.tribeId)) actions.push('withdraw')
        return {
          ...p, actions,
          lines: p.transfers.map((t) => `${names.get(t.from)} ${s.gives} ${[...(t.tiles ?? []), ...(t.ships ?? [])].join(', ')} ${s.givesTo} ${names.get(t.to)}`),
          answersText: p.answers.map((x) => `${names.get(x.tribeId)}: ${x.answer}`).join(' · '),
        }
      }),
      transferRows: [1, 2],
      error,
    }, error?.statusCode ?? 200)
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

  fastify.post('/campaigns/:id/scenes/:sceneId/messages', csrf, async (request: Req, reply) =>
    sceneAction(request, reply, (a, id) => {
      const body = one(request.body.body)
      if (!body) throw new AppError(400, 'scene/empty_message', 'Write something first')
      return scenes.say(a, id, body)
    }))

  fastify.post('/campaigns/:id/scenes/:sceneId/proposals', csrf, async (request: Req, reply) =>
    sceneAction(request, reply, (a, id) => {
      // Tile keys hold a comma (3,3), so lists are separated by spaces or semicolons.
      const list = (v: string) => v.split(/[\s;]+/).map((x) => x.trim()).filter(Boolean)
      const transfers = [1, 2, 3].map((i) => ({ from: one(request.body[`from${i}`]), to: one(request.body[`to${i}`]), tiles: list(one(request.body[`tiles${i}`])), ships: list(one(request.body[`ships${i}`])) }))
        .filter((t) => t.from || t.to || t.tiles.length || t.ships.length)
      if (transfers.length === 0) throw new AppError(400, 'proposal/empty', 'Say what each tribe gives', 'R11.3')
      if (transfers.some((t) => !t.from || !t.to)) throw new AppError(400, 'proposal/incomplete', 'Each line needs a giving and a receiving tribe', 'R11.3')
      return scenes.propose(a, id, { transfers })
    }))

  for (const action of ['accept', 'decline', 'withdraw', 'ratify', 'reject'] as const) {
    fastify.post(`/campaigns/:id/scenes/:sceneId/proposals/:proposalId/${action}`, csrf, async (request: Req, reply) =>
      sceneAction(request, reply, (a, id) => (action === 'ratify' || action === 'reject'
        ? scenes.decide(a, id, request.params.proposalId!, action)
        : scenes.answer(a, id, request.params.proposalId!, action))))
  }

  fastify.post('/campaigns/:id/scenes/:sceneId/close', csrf, async (request: Req, reply) => sceneAction(request, reply, (a, id) => scenes.close(a, id)))

  // ---- the GM console ----
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

  const gmActions: Record<string, (a: Access, body: Body, userId: string) => Promise<{ invitation?: { url: string } } | void>> = {
    invitations: async (a, body, userId) => ({ invitation: await campaigns.invite(a, userId, { email: one(body.email) || undefined }) }),
    draft: async (a) => { await campaigns.startDraft(a) },
    pick: async (a, body) => { await campaigns.pick(a, { city: one(body.city), tribeId: one(body.tribeId) }) },
    pause: async (a) => { await campaigns.setPaused(a, true) },
    resume: async (a) => { await campaigns.setPaused(a, false) },
    replace: async (a, body) => { await campaigns.replacePlayer(a, one(body.tribeId), one(body.email)) },
  }
  for (const [name, act] of Object.entries(gmActions)) {
    fastify.post(`/campaigns/:id/gm/${name}`, csrf, async (request: Req, reply) => {
      const user = await requireUser(request)
      let a = await accessOf(request, request.params.id!)
      if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', 'Only a game master may use the console', 'R2.3')
      try {
        const out = await act(a, request.body, user.id)
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

  // ---- invitations and settings ----
  fastify.get('/invitations/:token', async (request: Req, reply) => {
    await requireUser(request)
    return render(request, reply, 'invitation.hbs', { token: request.params.token, weekdays: WEEKDAYS })
  })

  fastify.post('/invitations/:token', csrf, async (request: Req, reply) => {
    const user = await requireUser(request)
    try {
      const joined = await campaigns.accept(request.params.token!, user.id, { tribeName: one(request.body.tribeName), weekday: one(request.body.weekday) })
      return reply.redirect(`/campaigns/${joined.campaignId}`, 303)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return render(request, reply, 'invitation.hbs', { token: request.params.token, weekdays: WEEKDAYS, error }, error.statusCode)
    }
  })

  async function settingsPage(request: Req, reply: FastifyReply, userId: string, extra: { error?: AppError; saved?: boolean } = {}) {
    const settings = await notifications.get(userId)
    const s = STRINGS[(request as FastifyRequest & { viewer?: Viewer }).viewer!.locale]
    const toggles = (['windowOpen', 'reminder', 'payout', 'digest', 'diplomacy'] as const).map((name) => ({
      name, on: settings[name], label: s[`mail${name[0]!.toUpperCase()}${name.slice(1)}`],
    }))
    return render(request, reply, 'notifications.hbs', { title: s.notifications, settings, toggles, calendarUrl: notifications.calendarUrl(userId), ...extra }, extra.error?.statusCode ?? 200)
  }

  fastify.get('/me/notifications', async (request: Req, reply) => settingsPage(request, reply, (await requireUser(request)).id))

  fastify.post('/me/notifications', csrf, async (request: Req, reply) => {
    const user = await requireUser(request)
    const hours = Number(one(request.body.reminderHours))
    if (!Number.isInteger(hours) || hours < 1 || hours > 19) {
      return settingsPage(request, reply, user.id, { error: new AppError(400, 'notifications/bad_hours', 'The reminder comes 1 to 19 hours before the window closes') })
    }
    const on = (name: string) => one(request.body[name]) === 'true'
    await notifications.update(user.id, { windowOpen: on('windowOpen'), reminder: on('reminder'), payout: on('payout'), digest: on('digest'), diplomacy: on('diplomacy'), reminderHours: hours })
    return settingsPage(request, reply, user.id, { saved: true })
  })
}

function mapOf(view: { map: { tiles: MapData['tiles'] }; armies: MapData['armies']; ships: MapData['ships']; besieged: string[] }): MapData {
  return { tiles: view.map.tiles, armies: view.armies, ships: view.ships, besieged: view.besieged }
}

/** One line about an event, for the history and the turn results. */
function describe(e: GameEvent | Record<string, unknown>, names: Map<string, string>): string {
  const n = (id: unknown) => (typeof id === 'string' ? names.get(id) ?? id : 'neutral')
  const x = e as Record<string, unknown>
  switch (x.type) {
    case 'moved': return `${n(x.tribe)}: ${x.troops} from ${x.from} to ${(x.path as string[]).at(-1)}`
    case 'recruited': return `${n(x.tribe)}: ${x.troops} troops at ${x.city} (cost ${x.cost})`
    case 'combat': return `${n(x.attacker)} attacks ${x.tile} (${n(x.defender)}): d4 ${x.roll}, ${x.attack} against ${x.defence}, ${x.result} wins`
    case 'tileTaken': return `${x.tile} passes from ${n(x.from)} to ${n(x.to)}`
    case 'siegeLoss': return `${x.city} (${n(x.owner)}) loses ${x.lost} to the siege`
    case 'payout': return `payout of week ${x.week}`
    case 'eliminated': return `${n(x.tribe)} is eliminated`
    case 'windowOpened': case 'windowClosed': case 'turnEnded': return n(x.tribe)
    case 'shipBuilt': return `${n(x.tribe)}: ship ${x.ship} at ${x.sea}`
    default: return ''
  }
}
