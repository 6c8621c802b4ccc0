// Catalogue sentences through ICU MessageFormat (intl-messageformat, #27): plural and select
// forms in each language's own rules ("{n, plural, one {# troop} other {# troops}}"), so no
// sentence says "1 troops" or "1 tropas". A plain {name} is an ICU argument too, so every older
// sentence reads as before. Formatters are compiled once per sentence and language.
import { IntlMessageFormat } from 'intl-messageformat'

export type Locale = 'en' | 'es'
type Params = Record<string, string | number>

const compiled = new Map<string, IntlMessageFormat>()

function formatter(template: string, locale: Locale): IntlMessageFormat {
  const key = `${locale}\u0000${template}`
  let message = compiled.get(key)
  if (!message) {
    // Tags stay text: a sentence never carries markup, and "<" in a tribe's name is data.
    message = new IntlMessageFormat(template, locale, undefined, { ignoreTag: true })
    compiled.set(key, message)
  }
  return message
}

/**
 * A catalogue sentence with its parameters filled in, in `locale`'s plural rules. A parameter the
 * caller forgot stays visible as {name} rather than failing the page: the catalogue test formats
 * every sentence with its parameters, so this is a last resort, not a way of working.
 */
export function fill(template: string, params: Params, locale: Locale = 'en'): string {
  try {
    return String(formatter(template, locale).format(params))
  } catch {
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
  }
}
