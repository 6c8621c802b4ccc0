// The message catalogue a reader's pages are written from: the platform's own sentences
// (views/pages/i18n/) and each game's (views/games/<folder>/i18n/), one catalogue per language.
// A key belongs to one of them only: a game cannot silently reword the platform or another game.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const VIEWS = path.resolve(import.meta.dirname, '../../views')

export type Catalogue = Record<string, string>

/** One catalogue file, the platform's and every game's, merged; a key found twice is a mistake caught at start. */
export function mergedCatalogue(file: string, views = VIEWS): Catalogue {
  const parts = [
    path.join(views, 'pages/i18n', file),
    ...readdirSync(path.join(views, 'games')).map((folder) => path.join(views, 'games', folder, 'i18n', file)),
  ]
  const merged: Catalogue = {}
  const from = new Map<string, string>()
  for (const part of parts.filter((p) => existsSync(p))) {
    for (const [key, text] of Object.entries(JSON.parse(readFileSync(part, 'utf8')) as Catalogue)) {
      if (from.has(key)) throw new Error(`catalogue key "${key}" is in both ${from.get(key)} and ${path.relative(views, part)}`)
      from.set(key, path.relative(views, part))
      merged[key] = text
    }
  }
  return merged
}

/** The pages' sentences by language. */
export const CATALOGUE: Record<'en' | 'es', Catalogue> = { en: mergedCatalogue('en.json'), es: mergedCatalogue('es.json') }

const LANGUAGE_OF = new WeakMap<Catalogue, 'en' | 'es'>([
  [CATALOGUE.en, 'en'],
  [CATALOGUE.es, 'es'],
])

/** The language a catalogue is written in, for its plural rules (a catalogue not from here reads as English). */
export function languageOf(words: Catalogue): 'en' | 'es' {
  return LANGUAGE_OF.get(words) ?? 'en'
}

/** Error sentences by code for Spanish readers; an English reader gets the error's own message. */
export const ERRORS_ES: Catalogue = mergedCatalogue('errors.es.json')
