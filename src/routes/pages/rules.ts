// The rule book pages: /rules in the reader's language (or ?lang=), an anchor per rule id.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { renderRuleBook, serveRuleBook, type RuleBook } from '../../lib/rulebook.ts'
import { FACES } from '../../faces/index.ts'
import { STRINGS, type PageKit, type Req } from './kit.ts'

const DOCS = path.resolve(import.meta.dirname, '../../../docs')
// Read once: the books ship with the server and change only with it.
const book = (file: string) => renderRuleBook(readFileSync(path.join(DOCS, file), 'utf8'))
// Each game's book, as the registry of game faces names it.
const BOOKS = new Map<string, Record<'en' | 'es', RuleBook>>(FACES.map((f) => [f.id, { en: book(f.books.en), es: book(f.books.es) }]))
for (const face of FACES) serveRuleBook(face.rules, BOOKS.get(face.id)!.en)

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
        book: BOOKS.get(face.id)![lang],
        lang,
        other: lang === 'en' ? 'es' : 'en',
        base,
        otherGame: other === face ? null : { href: other.rules, label: STRINGS[viewer.locale][other.rulesLabel] },
      })
    })
  }
}
