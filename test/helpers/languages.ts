// Which words give a page away as the other language (#27): the words of one catalogue that the
// other never uses. A page in English shows none of Spanish's own words, and the reverse; the
// names people chose (campaign, tribes, accounts, maps) are taken out of the text first.
import { CATALOGUE } from '../../src/lib/catalogue.ts'

/** A catalogue's words of four letters or more, its ICU arguments and keywords left out. */
function wordsOf(sentences: Record<string, string>): Set<string> {
  const words = new Set<string>()
  for (const sentence of Object.values(sentences)) {
    const text = sentence.replace(/\{\w+(, (plural|select),)?|\b(one|other)\s*\{|[{}#]/g, ' ')
    for (const word of text.toLowerCase().match(/\p{L}{4,}/gu) ?? []) words.add(word)
  }
  return words
}

const english = wordsOf(CATALOGUE.en)
const spanish = wordsOf(CATALOGUE.es)
const ONLY = {
  en: new Set([...spanish].filter((word) => !english.has(word))),
  es: new Set([...english].filter((word) => !spanish.has(word))),
}

/** The words of `text` that belong to the other language's catalogue only, with the chosen names removed first. */
export function foreignWords(text: string, locale: 'en' | 'es', names: readonly string[]): string[] {
  let rest = text
  for (const name of [...names].sort((a, b) => b.length - a.length)) if (name) rest = rest.split(name).join(' ')
  // Time zones are identifiers ("Europe/Madrid"), not words of either language.
  rest = rest.replace(/\b[A-Z][A-Za-z_]+\/[A-Za-z_/]+\b/g, ' ')
  const found = new Set<string>()
  // Whole tokens only: a hex seed or hash ("…9cada3…") holds letters that spell a word by chance.
  for (const token of rest.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) if (/^\p{L}{4,}$/u.test(token) && ONLY[locale].has(token)) found.add(token)
  return [...found].sort()
}
