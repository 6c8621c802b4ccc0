// The rule book pages: /rules in the reader's language (or ?lang=), an anchor per rule id.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { renderRuleBook, serveRuleBook, type RuleBook } from '../../lib/rulebook.ts'
import { FACES } from '../../faces/index.ts'
import { STRINGS, type PageKit, type Req } from './kit.ts'

const DOCS = path.resolve(import.meta.dirname, '../../../docs')
// Read once, at first use (not at start): the books ship with the server and change only with it.
const read = new Map<string, RuleBook>()
const book = (file: string) => read.get(file) ?? read.set(file, renderRuleBook(readFileSync(path.join(DOCS, file), 'utf8'))).get(file)!
for (const face of FACES) serveRuleBook(face.rules, () => book(face.books.en))

export function rulePages(fastify: FastifyInstance, kit: PageKit) {
  for (const face of FACES) {
    const base = face.rules
    // The page links to another game's book: the next one the registry lists.
    const other = FACES[(FACES.indexOf(face) + 1) % FACES.length]!
    fastify.get(base, async (request: Req, reply) => {
      const viewer = await kit.viewer(request)
      const asked = request.query.lang
      const lang = asked === 'en' || asked === 'es' ? asked : viewer.locale
      return kit.render(request, reply, 'rules.hbs', {
        title: STRINGS[viewer.locale].rules,
        book: book(face.books[lang]),
        lang,
        other: lang === 'en' ? 'es' : 'en',
        base,
        otherGame: other === face ? null : { href: other.rules, label: STRINGS[viewer.locale][other.rulesLabel] },
        guide: face.guide.path,
      })
    })
  }
}
