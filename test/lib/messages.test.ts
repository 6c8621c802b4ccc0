// Sentences through ICU MessageFormat (#27): every sentence of both catalogues is a valid message
// in its language, takes the same arguments in English and Spanish, and counts agree with their
// nouns for 0, 1 and 2: no "1 troops", no "1 tropas", no "order(s)".
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { IntlMessageFormat } from 'intl-messageformat'
import { CATALOGUE } from '../../src/lib/catalogue.ts'
import { fill } from '../../src/lib/fill.ts'
import { mailTemplates } from '../../src/services/mail-templates.ts'

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> }

/** The arguments of a message, and which of them choose a plural form. */
function argumentsOf(message: string, locale: string) {
  const names = new Set<string>()
  const plurals = new Set<string>()
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.value && element.type !== 0) names.add(element.value)
      if (element.options && element.value) {
        if (element.type === 6) plurals.add(element.value)
        for (const option of Object.values(element.options)) walk(option.value)
      }
    }
  }
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst() as Element[])
  return { names, plurals }
}

t.test('every sentence is a valid ICU message, with the same arguments in both languages', async (t) => {
  let plurals = 0
  for (const [key, english] of Object.entries(CATALOGUE.en)) {
    const spanish = CATALOGUE.es[key]!
    const en = argumentsOf(english, 'en')
    const es = argumentsOf(spanish, 'es')
    t.same([...es.names].sort(), [...en.names].sort(), `${key}: the same arguments`)
    plurals += en.plurals.size
  }
  t.ok(plurals >= 25, `${plurals} counts chosen by plural rules`)
})

t.test('no sentence puts a bare count before a noun, or writes "(s)"', async (t) => {
  const nouns =
    /\}\s+(troops?|tropas?|attackers|atacantes|defenders|defensores|orders|órdenes|resources|recursos|pools|reservas|ships|barcos|guards|guardias|times|veces)\b/
  for (const locale of ['en', 'es'] as const)
    for (const [key, sentence] of Object.entries(CATALOGUE[locale])) {
      const bare = sentence.replace(/\{\w+, plural,[^]*$/, '')
      if (nouns.test(bare) && /\{\w+\}\s+\S/.test(bare)) t.fail(`${locale} ${key}: a count with no plural form: ${sentence}`)
      if (/\w\((s|es)\)/.test(sentence)) t.fail(`${locale} ${key}: "(s)" instead of a plural form: ${sentence}`)
    }
})

t.test('plural forms for 0, 1 and 2 in English and Spanish', async (t) => {
  const said = (locale: 'en' | 'es', key: string, troops: number) =>
    fill(CATALOGUE[locale][key]!, { tribe: 'Aztecas', troops, city: '2,1', cost: troops * 10, from: '1,1', to: '2,2' }, locale)
  t.same(
    [0, 1, 2].map((n) => said('en', 'ev_recruited', n)),
    ['Aztecas recruited 0 troops at 2,1 for 0.', 'Aztecas recruited 1 troop at 2,1 for 10.', 'Aztecas recruited 2 troops at 2,1 for 20.'],
  )
  t.same(
    [0, 1, 2].map((n) => said('es', 'ev_recruited', n)),
    ['Aztecas reclutó 0 tropas en 2,1 por 0.', 'Aztecas reclutó 1 tropa en 2,1 por 10.', 'Aztecas reclutó 2 tropas en 2,1 por 20.'],
  )
  t.same(
    [0, 1, 2].map((n) => fill(CATALOGUE.es.arrow_move!, { troops: n, path: 'a → b' }, 'es')),
    ['0 tropas movidas a → b', '1 tropa movida a → b', '2 tropas movidas a → b'],
    'the participle agrees too',
  )
  t.same(
    [0, 1, 2].map((n) => fill(CATALOGUE.en.ev_siegeLoss!, { city: 'X', owner: 'Y', lost: 2, garrison: n }, 'en')),
    ['The siege of X (Y) cost 2 troops; 0 remain.', 'The siege of X (Y) cost 2 troops; 1 remains.', 'The siege of X (Y) cost 2 troops; 2 remain.'],
  )
  // Every sentence with a count, at 1 and at 2, reads differently: the plural form was chosen.
  for (const locale of ['en', 'es'] as const)
    for (const [key, sentence] of Object.entries(CATALOGUE[locale])) {
      const { names, plurals } = argumentsOf(sentence, locale)
      for (const count of plurals) {
        const params = Object.fromEntries([...names].map((name) => [name, 3]))
        const one = fill(sentence, { ...params, [count]: 1 }, locale)
        const two = fill(sentence, { ...params, [count]: 2 }, locale)
        if (one.replace('1', '2') === two) t.fail(`${locale} ${key}: ${count} = 1 reads as the plural: ${one}`)
      }
    }
})

t.test('a mail counts in its own language: "attacked once", "atacada 2 veces", "1 pool"', async (t) => {
  const mails = mailTemplates()
  const digest = (locale: 'en' | 'es', attacks: number) =>
    mails.render('digest', locale, {
      locale,
      tribeName: 'Aztecas',
      campaignName: 'C',
      day: '2026-12-07T19:00:00Z',
      timeZone: 'Europe/Madrid',
      userTimeZone: 'Europe/Madrid',
      attacks,
      troopsLost: 0,
      placesLost: [],
      shipsLost: [],
      campaignUrl: 'http://x',
      settingsUrl: 'http://x/s',
      unsubscribeUrl: 'http://x/u',
    }).text
  t.match(digest('en', 1), /attacked once\n/)
  t.match(digest('en', 2), /attacked 2 times\n/)
  t.match(digest('es', 1), /atacada una vez\n/)
  t.match(digest('es', 2), /atacada 2 veces\n/)
  const emails = path.resolve(import.meta.dirname, '../../views')
  const files = [
    ...readdirSync(path.join(emails, 'emails', 'en')).map((f) => path.join(emails, 'emails', 'en', f)),
    ...readdirSync(path.join(emails, 'emails', 'es')).map((f) => path.join(emails, 'emails', 'es', f)),
  ]
  for (const file of files) t.notMatch(readFileSync(file, 'utf8'), /\w\((s|es)\)|vez\/veces/, `${path.basename(file)}: no "(s)"`)
})
