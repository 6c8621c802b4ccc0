// What the platform's pages hand a game's face: who is looking, rendering in their language, the
// login and campaign checks, forms validated by the API's own schemas. The platform's page routes
// build it (src/routes/pages/kit.ts); the faces only use it, so its shape lives here, below both,
// and no face imports a route.
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { Static, TSchema } from 'typebox'
import { CATALOGUE } from '../lib/catalogue.ts'
import { AppError } from '../lib/errors.ts'
import type { Access } from '../services/access.ts'
import type { Claims, PublicUser } from '../services/accounts.ts'
import type { CampaignsService } from '../services/campaigns.ts'

export type Strings = Record<string, string>
/** The platform's and every game's sentences, by language. */
export const STRINGS: Record<'en' | 'es', Strings> = CATALOGUE

export type Body = Record<string, string | string[] | undefined>
export type Route = { Params: Record<string, string>; Body: Body; Querystring: Record<string, string> }
export type Req = FastifyRequest<Route>
/** What a turn page shows again after a form's order: the refusal, the order that failed, the results, the form's values. */
export interface TurnAgain<Result = string> {
  error?: AppError
  failed?: string
  results?: Result[]
  values?: Body
}
/** A form route whose body its schema (PageKit.form) has checked and converted: the body is that schema's type. */
export type FormRoute<S extends TSchema> = Omit<Route, 'Body'> & { Body: Static<S> }

export interface Viewer {
  user: PublicUser | null
  locale: 'en' | 'es'
}

/** The first value of a form field, trimmed. */
export const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? ''

/** JSON for a `<script type="application/json">`: nothing in it can close the script element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** What the campaign pages' layout reads of the game's face (faces/face.ts's Face has it all). */
export interface FaceOnPages {
  folder: string
  period: string
  economy: string
  guide: { path: string }
  scripts: string[]
  styles: string[]
  platformScripts?: string[]
}

/** What every campaign page's template knows of its campaign. */
export interface CampaignInfo {
  id: string
  name: string
  status: string
  timeZone: string
  role: Access['role']
  tribeId: string | null
  ruleset: string
  face: FaceOnPages
  practice: boolean
  /** A stand-in within the absence's dates plays the tribe: the pages say so (#30). */
  standIn: boolean
  /** The stand-in plays a tribe of their own here too, the absent one on its day (#49). */
  coPlayer: boolean
}

/** Options of a form route: page-only fields, checkboxes (unticked is false) and fields that are lists. */
export interface FormOptions {
  extras?: string[]
  checkboxes?: string[]
  lists?: string[]
}

export interface PageKit {
  /** A drawn map (an SVG), kept by a key its game makes of campaign, version, variant and language. */
  cachedSvg(key: string, draw: () => string): string
  strings(locale: 'en' | 'es'): Strings
  /** The reader's catalogue: the language the page asks for (`?lang`), else their account's, else their browser's. */
  stringsOf(request: FastifyRequest): Promise<Strings>
  /** The claims of a valid login cookie, or null (expired, forged, or none). */
  loginClaims(request: FastifyRequest): Claims | null
  viewer(request: FastifyRequest): Promise<Viewer>
  render(request: FastifyRequest, reply: FastifyReply, template: string, data: Record<string, unknown>, status?: number): Promise<FastifyReply>
  /** The form's page again with the refusal `error` under its status; anything else is thrown on. */
  renderRefusal(
    request: FastifyRequest,
    reply: FastifyReply,
    template: string,
    error: unknown,
    data: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
  ): Promise<FastifyReply>
  /** The logged-in user, or a 401 that sends the reader to the login page. */
  requireUser(request: FastifyRequest): Promise<PublicUser>
  accessOf(request: FastifyRequest, id: string): Promise<Access>
  campaignInfo(a: Access): CampaignInfo
  /**
   * A campaign tab's page: its title in the reader's words (the campaign's name on the overview,
   * the game's own word for its economy tab, the tab's word elsewhere) and the campaign's header,
   * then the face's `data`.
   */
  tabPage(
    at: { request: FastifyRequest; reply: FastifyReply; a: Access; status?: number },
    tab: 'overview' | 'turn' | 'pools' | 'history' | 'dice',
    template: string,
    data: Record<string, unknown>,
  ): Promise<FastifyReply>
  board(a: Access): Promise<{
    view: Awaited<ReturnType<CampaignsService['stateView']>>
    tribes: Awaited<ReturnType<CampaignsService['get']>>['tribes']
  }>
  /** A form route validated by `schema` (the API's), with the CSRF check first. */
  form(schema?: TSchema, options?: FormOptions): RouteShorthandOptions
  /** The page-only fields the form route took out of the body. */
  extrasOf(request: FastifyRequest): Body
}

/** A turn page is its tribe's player's: a game master never plays orders for a tribe (R2.3). */
export function requirePlayer(a: Access): asserts a is Access & { role: 'player'; tribeId: string } {
  if (a.role !== 'player' || !a.tribeId)
    throw new AppError(
      403,
      'orders/not_a_player',
      a.role === 'gm' ? 'A game master never plays orders for a tribe (R2.3)' : "Only a tribe's player has a turn here",
      'R2.3',
    )
}
