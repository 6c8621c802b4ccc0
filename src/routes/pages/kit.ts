// What every page area shares: who is looking, rendering in their language,
// the login and campaign checks, and forms validated by the API's own schemas.
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler, RouteShorthandOptions } from 'fastify'
import type { TSchema } from 'typebox'
import { AppError } from '../../lib/errors.ts'
import { LRUCache } from 'lru-cache'
import { csrfUserInfo, SESSION_COOKIE } from '../../plugins/external/view.ts'
import type { Access } from '../../services/access.ts'
import type { Claims, PublicUser } from '../../services/accounts.ts'
import { FACES, faceOf } from '../../faces/index.ts'
import { one, STRINGS, type Body, type CampaignInfo, type FormOptions, type PageKit, type Strings, type Viewer } from '../../faces/page-kit.ts'

// The kit's shape and plain helpers are the faces' as much as the pages': they live below both.
export { one, scriptJson, STRINGS, type Body, type FormRoute, type PageKit, type Req, type Route, type Strings, type Viewer } from '../../faces/page-kit.ts'

/**
 * Where to go after logging in: only a path of this site. A backslash, a second
 * slash or any control character (browsers drop tabs and newlines, and read "\\"
 * as "/") could turn "/…" into another host, so such a path goes home instead.
 */
export function safeNext(next: string): string {
  return /^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/.test(next) ? next : '/campaigns'
}

/** Logs the reader in on this browser: the session cookie with a new login token. Returns nothing: a reply is thenable, and awaiting it would wait for its own sending. */
export async function setLoginCookie(fastify: FastifyInstance, reply: FastifyReply, userId: string): Promise<void> {
  reply.setCookie(SESSION_COOKIE, await fastify.issueToken(userId), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: fastify.config.publicUrl.startsWith('https:'),
    maxAge: 7 * 86_400,
  })
}

/** An action that cannot be undone runs only with its confirmation box ticked (a page-only field). */
export function confirmed(extras: Body) {
  if (one(extras.confirm) !== 'yes') throw new AppError(400, 'form/unconfirmed', 'Tick the confirmation box first: this cannot be undone')
}

/** Page-only form fields (not part of the action's schema) are kept here. */
type WithExtras = FastifyRequest & { viewer?: Viewer; formExtras?: Body }

/** The practice games on offer (#27, #50): each game with a practice setup, its name and its offer's sentence as catalogue keys. */
const PRACTICE_OFFERS = FACES.flatMap((f) => (f.practice ? [{ game: f.id, name: f.name, lead: f.practice.words.lead }] : []))

function noticeOf(request: FastifyRequest, s: Strings): string | null {
  const asked = (request.query as { notice?: unknown } | undefined)?.notice
  return typeof asked === 'string' && /^[a-z_]{1,40}$/.test(asked) ? (s[`notice_${asked}`] ?? null) : null
}

export function pageKit(fastify: FastifyInstance): PageKit {
  const { campaigns, accounts } = fastify
  // A campaign version's map looks the same to everyone: drawn once, served many times.
  const svgs = new LRUCache<string, string>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (svg) => svg.length || 1 })

  /** A drawn map (an SVG), kept by a key its game makes of campaign, version, variant and language. */
  function cachedSvg(key: string, draw: () => string): string {
    let svg = svgs.get(key)
    if (svg === undefined) svgs.set(key, (svg = draw()))
    return svg
  }

  /** The claims of a valid login cookie, or null (expired, forged, or none). */
  function loginClaims(request: FastifyRequest): Claims | null {
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return null
    try {
      return fastify.jwt.verify<Claims>(token)
    } catch {
      return null
    }
  }

  async function viewer(request: FastifyRequest): Promise<Viewer> {
    const known = (request as WithExtras).viewer
    if (known) return known
    const claims = loginClaims(request)
    let user: PublicUser | null = null
    // A logged-out cookie is no login; a database failure is an error.
    if (claims) user = await accounts.loggedIn(claims)
    // ?lang= chooses for this page (a link in a Spanish mail, the rules' language switch).
    const asked = (request.query as { lang?: unknown } | undefined)?.lang
    const wanted = asked === 'es' || asked === 'en' ? asked : (user?.locale ?? (/^\s*es\b/i.test(request.headers['accept-language'] ?? '') ? 'es' : 'en'))
    const v: Viewer = { user, locale: wanted === 'es' ? 'es' : 'en' }
    ;(request as WithExtras).viewer = v
    return v
  }

  async function render(request: FastifyRequest, reply: FastifyReply, template: string, data: Record<string, unknown>, status = 200) {
    const v = await viewer(request)
    // The diplomacy tab counts the messages its member has not read (#30).
    const campaign = data.campaign as CampaignInfo | undefined
    const unread =
      campaign && v.user && (campaign.role === 'gm' || campaign.role === 'player')
        ? await fastify.scenes.unread(campaign.id, v.user.id, campaign.role, campaign.tribeId)
        : 0
    const html = await fastify.view(template, {
      ...data,
      ...(campaign ? { campaign: { ...campaign, unread } } : {}),
      // A title given as a catalogue key is said in the reader's language.
      ...(typeof data.titleKey === 'string' ? { title: STRINGS[v.locale][data.titleKey] } : {}),
      locale: v.locale,
      s: STRINGS[v.locale],
      // The practice games' offers, each in the words of the game it practises (none: no offer).
      practiceOffers: PRACTICE_OFFERS,
      // A notice a redirect asks for (?notice=week_passed), said only when the catalogue has it.
      notice: noticeOf(request, STRINGS[v.locale]),
      user: v.user,
      csrf: reply.generateCsrf({ userInfo: csrfUserInfo(request) }),
    })
    return reply.code(status).type('text/html; charset=utf-8').send(html)
  }

  /**
   * A form's page again with what `error` refused and why, under its status; anything but a refusal
   * is thrown on before `data` (a function where it reads the database) is made.
   */
  async function renderRefusal(
    request: FastifyRequest,
    reply: FastifyReply,
    template: string,
    error: unknown,
    data: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
  ) {
    if (!(error instanceof AppError)) throw error
    return render(request, reply, template, { error, ...(typeof data === 'function' ? await data() : data) }, error.statusCode)
  }

  /** The logged-in user, or a redirect to the login page. */
  async function requireUser(request: FastifyRequest): Promise<PublicUser> {
    const v = await viewer(request)
    if (!v.user) throw new AppError(401, 'auth/unauthenticated', 'Log in first')
    return v.user
  }

  async function accessOf(request: FastifyRequest, id: string): Promise<Access> {
    const v = await viewer(request)
    try {
      return await campaigns.access(id, v.user?.id ?? null)
    } catch (error) {
      // Someone logged out may be a member: the login page first.
      if (!v.user && error instanceof AppError && error.statusCode === 404) throw new AppError(401, 'auth/unauthenticated', 'Log in first')
      throw error
    }
  }

  const campaignInfo = (a: Access): CampaignInfo => ({
    id: a.campaign.id,
    name: a.campaign.name,
    status: a.campaign.status,
    timeZone: a.campaign.timeZone,
    role: a.role,
    tribeId: a.tribeId ?? null,
    ruleset: a.campaign.ruleset,
    face: faceOf(a.campaign.ruleset),
    practice: a.campaign.practice,
    // A stand-in within the absence's dates plays the tribe: the pages say so (#30).
    standIn: a.standIn === true,
    coPlayer: a.coPlayer === true,
  })

  const stringsOf = async (request: FastifyRequest) => STRINGS[(await viewer(request)).locale]

  const tabPage: PageKit['tabPage'] = async ({ request, reply, a, status = 200 }, tab, template, data) => {
    const s = await stringsOf(request)
    const title = tab === 'overview' ? a.campaign.name : s[tab === 'pools' ? faceOf(a.campaign.ruleset).economy : tab]
    // A player whose tribe the game's bot plays is told so on every tab (#50).
    return render(request, reply, template, { title, campaign: { ...campaignInfo(a), bot: a.tribeBot ?? null }, tab, ...data }, status)
  }

  async function board(a: Access) {
    const view = await campaigns.stateView(a)
    const tribes = (await campaigns.get(a)).tribes
    return { view, tribes }
  }

  // CSRF is checked first; then the token and page-only fields leave the body, empty
  // fields count as not given, and unticked boxes as false, so that the action's
  // schema (the API's) validates exactly what the API would get.
  // @fastify/csrf-protection types its hook for any route; here it runs as a form route's preValidation.
  const csrfHook = fastify.csrfProtection as unknown as preValidationAsyncHookHandler
  function form(schema?: TSchema, options: FormOptions = {}): RouteShorthandOptions {
    const shape: preValidationAsyncHookHandler = async (request) => {
      const body = (request.body ?? {}) as Body
      const extras: Body = {}
      for (const key of ['_csrf', ...(options.extras ?? [])]) {
        extras[key] = body[key]
        delete body[key]
      }
      for (const [key, value] of Object.entries(body)) {
        if (value === '' || (typeof value === 'string' && value.trim() === '' && !schema)) delete body[key]
      }
      for (const key of options.checkboxes ?? []) body[key] ??= 'false'
      for (const key of options.lists ?? []) if (typeof body[key] === 'string') body[key] = [body[key] as string]
      ;(request as WithExtras).formExtras = extras
      request.body = body
    }
    return { preValidation: [csrfHook, shape], ...(schema ? { schema: { body: schema } } : {}) }
  }

  const extrasOf = (request: FastifyRequest): Body => (request as WithExtras).formExtras ?? {}

  return {
    cachedSvg,
    strings: (locale: 'en' | 'es') => STRINGS[locale],
    stringsOf,
    loginClaims,
    viewer,
    render,
    renderRefusal,
    requireUser,
    accessOf,
    campaignInfo,
    tabPage,
    board,
    form,
    extrasOf,
  }
}
