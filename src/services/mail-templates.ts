// Mail templates (views/emails): subject, text and HTML in the recipient's
// language, with instants in the campaign's time zone and the reader's.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Handlebars from 'handlebars'
import { DateTime } from 'luxon'
import { CATALOGUE } from '../lib/catalogue.ts'
import { fill } from '../lib/fill.ts'
import { spendableText, timeLeft } from '../lib/your-day.ts'
import { errorText } from '../lib/page-helpers.ts'
import { isAccountMail, type AccountMailKind, type MailKind } from '../db/outbox.ts'
import { gameFolderOf, rulesetIds } from '../engine/index.ts'

const VIEWS = path.resolve(import.meta.dirname, '../../views/emails')
/** A game's own mails: views/games/<folder>/emails/<locale>/. */
const GAME_MAILS = path.resolve(import.meta.dirname, '../../views/games')
const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

export function mailTemplates() {
  const hb = Handlebars.create()
  const cache = new Map<string, Handlebars.TemplateDelegate>()
  const strings = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(path.join(VIEWS, l, 'strings.json'), 'utf8'))])) as Record<
    Locale,
    {
      subject: Record<MailKind | AccountMailKind, string>
      footer: string
      footerAccount: string
      footerInvitation: string
      footerInvited: string
      settingsLabel: string
      unsubscribeLabel: string
      yourTime: string
    }
  >
  const compile = (key: string, source: () => string, html: boolean) => {
    let t = cache.get(key)
    if (!t) cache.set(key, (t = hb.compile(source(), { noEscape: !html, strict: false })))
    return t
  }
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b)
  /** A weekday id in the reader's language: "monday" → "Monday", "lunes". */
  hb.registerHelper('dayName', function (this: unknown, day: unknown, options: Handlebars.HelperOptions) {
    const n = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(String(day)) + 1
    if (n === 0) return String(day ?? '')
    const locale = (options.data.root as { locale: Locale }).locale === 'es' ? 'es-ES' : 'en-GB'
    return DateTime.fromObject({ weekYear: 2026, weekNumber: 10, weekday: n as 1 | 2 | 3 | 4 | 5 | 6 | 7 })
      .setLocale(locale)
      .toFormat('cccc')
  })
  hb.registerHelper('join', (list: unknown) => (Array.isArray(list) ? list.join(', ') : ''))
  /** A refusal (code, message, particulars) in the reader's language, as the pages say it: {{refusal refusal reason}}. */
  hb.registerHelper('refusal', function (this: unknown, refusal: unknown, fallback: unknown, options: Handlebars.HelperOptions) {
    const r = refusal as { code?: string; message?: string; params?: Record<string, unknown> } | undefined
    if (!r?.code) return String(fallback ?? '')
    return errorText(
      { code: r.code, message: r.message ?? String(fallback ?? ''), ...(r.params ? { params: r.params } : {}) },
      (options.data.root as { locale: Locale }).locale,
    )
  })
  /** A calendar date (YYYY-MM-DD) in words, in the reader's language: "8 December", "8 de diciembre". */
  hb.registerHelper('day', function (this: unknown, date: unknown, options: Handlebars.HelperOptions) {
    const es = (options.data.root as { locale: Locale }).locale === 'es'
    const day = DateTime.fromISO(String(date ?? ''))
    return day.isValid ? day.setLocale(es ? 'es-ES' : 'en-GB').toFormat(es ? "d 'de' LLLL" : 'd LLLL') : String(date ?? '')
  })
  // Tiles as the reader reads them (R1.5): the mail's data holds each tile's label in both languages.
  hb.registerHelper('places', function (this: unknown, list: unknown, options: Handlebars.HelperOptions) {
    const root = options.data.root as { locale: Locale; places?: Partial<Record<Locale, Record<string, string>>> }
    return Array.isArray(list) ? list.map((k) => root.places?.[root.locale]?.[String(k)] ?? String(k)).join(', ') : ''
  })
  // A count in the mail's language by its plural rules (#27): {{icu "{n, plural, one {# pool} other {# pools}}" n=count}}.
  hb.registerHelper('icu', function (this: unknown, message: unknown, options: Handlebars.HelperOptions) {
    return fill(String(message), options.hash as Record<string, string | number>, (options.data.root as { locale: Locale }).locale)
  })
  // What a game says can be spent (#30), its face's words in the reader's language: {{spendable turn.spendable}}.
  hb.registerHelper('spendable', function (this: unknown, list: unknown, options: Handlebars.HelperOptions) {
    return Array.isArray(list) ? spendableText(list as { key: string; amount: number }[], (options.data.root as { locale: Locale }).locale) : ''
  })
  // The time from the mail's writing to an instant: {{timeLeft closesAt}} ("19 h 58 min").
  hb.registerHelper('timeLeft', function (this: unknown, iso: unknown, options: Handlebars.HelperOptions) {
    const root = options.data.root as { locale: Locale; sentAt?: string }
    return typeof iso === 'string' && root.sentAt ? timeLeft(iso, new Date(root.sentAt), root.locale) : ''
  })
  // An instant in the campaign's zone, and in the reader's when that differs.
  hb.registerHelper('when', function (this: unknown, iso: unknown, options: Handlebars.HelperOptions) {
    if (typeof iso !== 'string') return ''
    const root = options.data.root as { timeZone: string; userTimeZone: string; locale: Locale }
    const fmt = (zone: string) => DateTime.fromISO(iso, { zone }).setLocale(root.locale === 'es' ? 'es-ES' : 'en-GB')
    // Each language's own long date: "Wednesday 2 December", "miércoles 2 de diciembre".
    const campaign = `${fmt(root.timeZone).toFormat(root.locale === 'es' ? "cccc d 'de' LLLL, HH:mm" : 'cccc d LLLL, HH:mm')} (${root.timeZone})`
    if (root.userTimeZone === root.timeZone) return campaign
    const mine = fmt(root.userTimeZone)
    return `${campaign}; ${mine.toFormat('cccc HH:mm')} ${strings[root.locale].yourTime} (${root.userTimeZone})`
  })
  const owned = new Map<string, boolean>()
  const gameDir = (locale: Locale, ruleset: string) => path.join(GAME_MAILS, gameFolderOf(ruleset), 'emails', locale)
  const gameHas = (locale: Locale, ruleset: string, kind: MailKind | AccountMailKind) => {
    const key = `${locale}/${ruleset}/${kind}`
    let has = owned.get(key)
    if (has === undefined) owned.set(key, (has = rulesetIds().includes(ruleset) && existsSync(path.join(gameDir(locale, ruleset), `${kind}.text.hbs`))))
    return has
  }
  const gameStrings = (locale: Locale, ruleset: string) =>
    JSON.parse(readFileSync(path.join(gameDir(locale, ruleset), 'strings.json'), 'utf8')) as {
      subject: Partial<Record<MailKind, string>>
      turnHint?: string
      /** The face catalogue key of the count of what can still move (its pages' your-day card says the same). */
      movable?: string
      /** The face catalogue keys of the game's name and its one sentence (an invitation names and describes the game). */
      game?: string
      pitch?: string
      /** The face catalogue key of what an invitation says besides (Open Wars: weekdays dealt anew at the muster, #49). */
      invitationNote?: string
    }
  /**
   * A game's words for its window mail: its one line on how a turn goes (R4.4, G2.6) and what
   * can still move in its terms (armies, territories, locations); none for a game without.
   */
  const windowWords = new Map<string, { turnHint: string | null; movable: string | null }>()
  const windowWordsOf = (locale: Locale, ruleset: unknown) => {
    if (typeof ruleset !== 'string' || !rulesetIds().includes(ruleset)) return { turnHint: null, movable: null }
    const key = `${locale}/${ruleset}`
    let words = windowWords.get(key)
    if (!words) {
      const own = existsSync(path.join(gameDir(locale, ruleset), 'strings.json')) ? gameStrings(locale, ruleset) : { turnHint: undefined, movable: undefined }
      windowWords.set(key, (words = { turnHint: own.turnHint ?? null, movable: own.movable ? (CATALOGUE[locale][own.movable] ?? null) : null }))
    }
    return words
  }
  /** The game's name and one sentence in the reader's language, for an invitation; none for a game without them. */
  const gameOf = (locale: Locale, ruleset: unknown): { name: string; pitch: string; note: string | null } | null => {
    if (typeof ruleset !== 'string' || !rulesetIds().includes(ruleset) || !existsSync(path.join(gameDir(locale, ruleset), 'strings.json'))) return null
    const own = gameStrings(locale, ruleset)
    const [name, pitch] = [own.game && CATALOGUE[locale][own.game], own.pitch && CATALOGUE[locale][own.pitch]]
    return name && pitch ? { name, pitch, note: (own.invitationNote && CATALOGUE[locale][own.invitationNote]) || null } : null
  }
  const windowContext = (locale: Locale, context: Record<string, unknown>) => {
    const words = windowWordsOf(locale, context.ruleset)
    const movable = (context.turn as { movable?: unknown } | undefined)?.movable
    return { ...context, turnHint: words.turnHint, movable: words.movable && typeof movable === 'number' ? fill(words.movable, { n: movable }, locale) : null }
  }
  return {
    render(kind: MailKind | AccountMailKind, locale: Locale, context: Record<string, unknown>): RenderedMail {
      const s = strings[locale]
      // A game's own mail of this kind (views/games/<folder>/emails/<locale>/) stands in for the platform's.
      const ruleset = typeof context.ruleset === 'string' && gameHas(locale, context.ruleset, kind) ? context.ruleset : null
      const dir = ruleset ? gameDir(locale, ruleset) : path.join(VIEWS, locale)
      const own = ruleset ? `games/${ruleset}/` : ''
      const subject = compile(
        `${locale}/${own}subject/${kind}`,
        () => (ruleset ? gameStrings(locale, ruleset).subject[kind as MailKind]! : s.subject[kind]),
        false,
      )(context)
      if (kind === 'window_open') context = windowContext(locale, context)
      if (kind === 'invitation') context = { ...context, game: gameOf(locale, context.ruleset) }
      const text = compile(`${locale}/${own}${kind}.text`, () => readFileSync(path.join(dir, `${kind}.text.hbs`), 'utf8'), false)(context)
      const body = compile(`${locale}/${own}${kind}.html`, () => readFileSync(path.join(dir, `${kind}.html.hbs`), 'utf8'), true)(context)
      const stranger = kind === 'invitation' && !context.member
      // An invitation goes to someone who does not play here yet: its footer says why it came.
      // An account's own mail says why it came and that it can be ignored: nothing to unsubscribe from (#51).
      const account = isAccountMail(kind)
      const footerKey = account ? 'footerAccount' : kind !== 'invitation' ? 'footer' : stranger ? 'footerInvitation' : 'footerInvited'
      const footer = compile(`${locale}/${footerKey}`, () => s[footerKey], true)(context)
      const layout = compile('layout', () => readFileSync(path.join(VIEWS, 'layout.html.hbs'), 'utf8'), true)
      const html = layout({ ...context, subject, body, footer, account, settingsLabel: s.settingsLabel, unsubscribeLabel: s.unsubscribeLabel })
      const links = account ? footer : `${s.settingsLabel}: ${context.settingsUrl}\n${s.unsubscribeLabel}: ${context.unsubscribeUrl}`
      return { subject, text: `${text.trim()}\n\n-- \n${links}\n`, html }
    },
  }
}
