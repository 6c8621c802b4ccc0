// What a game brings to the platform besides its rules: its face. The words its pages use for
// its period and economy, its name on the campaign form, its rule book, the shape of its orders
// and trades for the API, its scripts, and its pages. The platform's handlers hand a campaign to its face
// and hold no game's code.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TSchema } from 'typebox'
import type { Access } from '../services/access.ts'
import type { PageKit, Req, Strings } from './page-kit.ts'
import type { TradeField } from './trade-form.ts'

export type Page = (request: Req, reply: FastifyReply, a: Access) => Promise<unknown>

/** A started campaign's pages, drawn the game's way (a campaign in setup shows the platform's roster). */
export interface GamePages {
  overview: Page
  turn: Page
  /** A turn form's answer: the order given, then the turn again with its results or its refusal. */
  order: Page
  economy: Page
  history: Page
  dice: Page
  /** A small map of the scene's tribes' holdings, each asset a tap away from a trade's line (#27); a game without it takes typed lists only. */
  tradeMap?(a: Access, locale: 'en' | 'es', tribes: string[]): Promise<string | null>
  /**
   * What the GM console shows of the game (the weekday game's draft pick): the data of its
   * partial `views/games/<folder>/pages/partials/console.hbs`, or null when it shows nothing now.
   */
  console?(a: Access): Promise<Record<string, unknown> | null>
}

/** What the platform reads of one period for its recap (#30): the log of that period and the board it is drawn on. */
export interface PeriodInput {
  campaignName: string
  period: number
  /** The period's logged events in order, as the reader may read them (diplomacy not theirs left out). */
  events: readonly { type: string; payload: unknown }[]
  /** The previous period's end map (where its ships began), when there is one. */
  periodStart: unknown
  /** The campaign's board now (its map and its tribes' order), as the state view gives it. */
  board: unknown
  tribes: readonly { id: string; name: string; colour: string }[]
}

/** A period's recap (#30): its end map with its orders as arrows, and what mattered most in it, in the reader's language. */
export interface PeriodRecap {
  /** An SVG that draws alone: `css` is what its classes need outside the game's pages (an image in a mail). */
  svg: string
  css: string
  /** At most three sentences, the period's weightiest events, in the order they happened. */
  lines: string[]
}

/** A picture of a players' guide: an SVG drawn by its game's own renderer, and the sentence under it. */
export interface Picture {
  svg: string
  caption: string
}

export interface Face {
  /** The ruleset id the campaign records, and the folder of its templates (views/games/<folder>/). */
  id: string
  folder: string
  /** Catalogue keys: the game's name, one sentence of what it is (the home page's), its period ("week", "round") and its economy tab. */
  name: string
  pitch: string
  period: string
  economy: string
  /** Catalogue key of the your-day card's count of what can still move, in the game's words (its turn summary's `movable`). */
  movable: string
  /** Where its rule book is served, the catalogue key of a link to it, and the book's file by language (docs/). */
  rules: string
  rulesLabel: string
  books: { en: string; es: string }
  /**
   * Its players' guide: where it is served, the catalogue key of a link to it, its text by
   * language (docs/), and the pictures that the text's `[[picture name]]` lines stand for,
   * drawn from states its engine played, in the reader's language.
   */
  guide: { path: string; label: string; books: { en: string; es: string }; pictures(s: Strings): Record<string, Picture> }
  /** Its scripts and style sheets, served from views/games/<folder>/assets/ under /assets/games/<folder>/ on its campaigns' pages. */
  scripts: string[]
  styles: string[]
  /** The platform's scripts it configures (views/assets/, under /assets/), loaded before its own: the tap sheet over a map. */
  platformScripts?: string[]
  /** One order of this game, as the API takes it (the engine checks the rules, this the shape). */
  orderSchema: TSchema
  /** One tribe's part of a trade of this game (R11.3), as the API takes it: `from`, `to` and its assets (faces/trade-shape.ts). */
  tradeSchema: TSchema
  /** The same transfer on the scene page (#49): its fields, of kinds the platform draws and reads, and their words (faces/trade-form.ts). */
  tradeForm: readonly TradeField[]
  /**
   * The API's answers in this game's shapes: the board, the options, the events an order causes
   * (a union told apart by `type`), the economy's preview and what is held, the dice's own account.
   */
  api: { state: TSchema; options: TSchema; events: TSchema; economy: TSchema; held?: TSchema; diceDetails?: Record<string, TSchema> }
  /** Requests of the orders route that are legal as written in a documented situation (the API's examples). */
  examples?: { situation: string; orders: Record<string, { summary: string; value: unknown }> }
  /** The board of a campaign in setup, before its draft (#27): an SVG of the chosen map with what the start puts on it. */
  setupMap?(map: unknown, locale: 'en' | 'es', kit: PageKit): string
  /** Catalogue key of the GM console's button that starts a campaign in setup (the platform's "Start the campaign" without it). */
  start?: string
  /**
   * What one click of "Practice" sets up (#27, #50): for a game whose campaigns choose a map, its
   * map, and with a draft each side's first places, the newcomer's first; a game without it offers
   * none. Its words are catalogue keys: the offer's sentence, the practice campaign's banner, and
   * the notice (`notice_<passed>`) after a week passed.
   */
  practice?: { mapId?: string; homes?: [newcomer: string[], rival: string[]]; words: { lead: string; banner: string; passed: string } }
  /** A period's recap: null when the period has no end map yet; a game without it has no recap page and no map in its payout mail. */
  recap?(input: PeriodInput, s: Strings): PeriodRecap | null
  /** Its chronicle: a logged event told in the reader's words, tribes by their names; '' for one the story leaves out. */
  sentence(type: string, payload: unknown, names: ReadonlyMap<string, string>, s: Strings): string
  pages(fastify: FastifyInstance, kit: PageKit): GamePages
}
