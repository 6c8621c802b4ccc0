// Handlebars helpers for the pages.
import type Handlebars from 'handlebars'
import { DateTime } from 'luxon'
import { ERRORS_ES, languageOf } from './catalogue.ts'
import { fill } from './fill.ts'
import { ruleHref } from './rulebook.ts'

export { ERRORS_ES }

/**
 * An error in the reader's language: the Spanish sentence of its code (the platform's and the
 * games' catalogues), else the error's own message, which names its particulars. `{name}`
 * takes the error's params when it has them.
 */
export function errorText(error: { code: string; message: string; params?: Record<string, unknown> }, locale: string): string {
  const sentence = locale === 'es' ? ERRORS_ES[error.code] : undefined
  if (sentence === undefined) return error.message
  // The particulars the refusal carries (tiles, counts), in the sentence's own plural rules.
  return fill(sentence, (error.params ?? {}) as Record<string, string | number>, 'es')
}

/**
 * A map's name in the reader's language (#49): a bundled or a game's own map is named in its game's
 * catalogue (`map_<id>`); a map a GM uploaded keeps the name it was given.
 */
export function mapNameIn(words: Record<string, string> | undefined, id: unknown, given: unknown): string {
  return words?.[`map_${String(id)}`] ?? String(given ?? id ?? '')
}

/** A zone's name for people: IANA's fixed offsets count west as positive (Etc/GMT+11 is eleven hours behind UTC). */
export function zoneName(zone: string): string {
  if (zone === 'Etc/UTC' || zone === 'Etc/GMT' || zone === 'UTC') return 'UTC'
  const fixed = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone)
  return fixed ? `UTC${fixed[1] === '+' ? '−' : '+'}${fixed[2]}` : zone.replaceAll('_', ' ')
}

export function registerHelpers(hb: typeof Handlebars) {
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b)
  hb.registerHelper('not', (a: unknown) => !a)
  hb.registerHelper('or', (...args: unknown[]) => args.slice(0, -1).some(Boolean))
  hb.registerHelper('join', (list: unknown) => (Array.isArray(list) ? list.join(', ') : ''))
  hb.registerHelper('uri', (value: unknown) => encodeURIComponent(String(value ?? '')))
  hb.registerHelper('json', (value: unknown) => JSON.stringify(value))
  /** {{mapName s mapId name}}: the map's name in the page's language (mapNameIn). */
  hb.registerHelper('mapName', (words: unknown, id: unknown, given: unknown) => mapNameIn(words as Record<string, string> | undefined, id, given))
  /** A catalogue sentence with its arguments, in the catalogue's plural rules: {{icu s.periodOfLimit period=p n=n limit=l}}. */
  hb.registerHelper('icu', function (this: unknown, sentence: unknown, options: Handlebars.HelperOptions) {
    const words = (options.data.root as { s?: Record<string, string> }).s
    return fill(String(sentence ?? ''), options.hash as Record<string, string | number>, words ? languageOf(words) : 'en')
  })
  /** A word of the reader's catalogue by kind and value ({{word s "status" campaign.status}}); the value itself when the catalogue lacks it. */
  hb.registerHelper('word', (strings: unknown, kind: unknown, value: unknown) => {
    const found = (strings as Record<string, string> | undefined)?.[`${String(kind)}_${String(value)}`]
    return found ?? value
  })
  /** An error's sentence in the page's language: {{errorText error}}. */
  hb.registerHelper('errorText', function (this: unknown, error: unknown, options: Handlebars.HelperOptions) {
    const e = error as { code?: string; message?: string; params?: Record<string, unknown> } | undefined
    if (!e?.code) return e?.message ?? ''
    return errorText(
      { code: e.code, message: e.message ?? '', ...(e.params ? { params: e.params } : {}) },
      (options.data.root as { locale?: string }).locale ?? 'en',
    )
  })
  /** A rule id as a link to its rule ({{ruleLink "R8.3"}}); anything else as plain text. */
  hb.registerHelper('ruleLink', (rule: unknown) => {
    const href = ruleHref(rule)
    return href ? new hb.SafeString(`<a href="${href}">${String(rule)}</a>`) : String(rule ?? '')
  })
  /**
   * An instant in a zone, in the page's language: {{when iso zone}}; when the reader lives in
   * another zone, their own wall-clock time follows ("Mon 30 Nov, 10:00 (03:00 your time)").
   */
  hb.registerHelper('when', function (this: unknown, iso: unknown, zone: unknown, options: Handlebars.HelperOptions) {
    if (typeof iso !== 'string' || !iso) return ''
    const root = options.data.root as { locale?: string; user?: { timeZone?: string } | null; s?: Record<string, string> }
    const locale = root.locale === 'es' ? 'es-ES' : 'en-GB'
    const there = typeof zone === 'string' ? zone : 'UTC'
    const at = DateTime.fromISO(iso, { zone: there }).setLocale(locale)
    const text = at.toFormat('ccc d LLL, HH:mm')
    const mine = root.user?.timeZone
    if (!mine || mine === there || at.setZone(mine).toFormat('ccc HH:mm') === at.toFormat('ccc HH:mm')) return text
    const local = at.setZone(mine)
    return `${text} (${local.toFormat(local.hasSame(at, 'day') ? 'HH:mm' : 'ccc HH:mm')} ${root.s?.yourTime ?? ''})`
  })
  /** A calendar date (YYYY-MM-DD) in words, in the page's language: {{date "2026-12-07"}} is "7 December" or "7 de diciembre" (#49). */
  hb.registerHelper('date', function (this: unknown, iso: unknown, options: Handlebars.HelperOptions) {
    if (typeof iso !== 'string' || !iso) return ''
    const es = (options.data.root as { locale?: string }).locale === 'es'
    const day = DateTime.fromISO(iso, { zone: 'UTC' })
    return day.isValid ? day.setLocale(es ? 'es-ES' : 'en-GB').toFormat(es ? "d 'de' LLLL" : 'd LLLL') : iso
  })
  /** A time zone as a person reads it: a fixed offset (Etc/GMT+11, a practice game's) as "UTC−11" (#49). */
  hb.registerHelper('zone', (name: unknown) => zoneName(String(name ?? '')))
  /** A GM inbox line (#30) in the page's language, its dates in words: {{inboxText s kind subject from to}}. */
  hb.registerHelper('inboxText', (strings: unknown, kind: unknown, subject: unknown, from: unknown, to: unknown) => {
    const words = strings as Record<string, string>
    const language = languageOf(words)
    const day = (d: unknown) =>
      typeof d === 'string'
        ? DateTime.fromISO(d)
            .setLocale(language === 'es' ? 'es-ES' : 'en-GB')
            .toFormat(language === 'es' ? "d 'de' LLLL" : 'd LLLL')
        : ''
    return fill(words[`inbox_${String(kind)}`] ?? String(kind), { subject: String(subject ?? ''), from: day(from), to: day(to) }, language)
  })
}
