// The rule book pages: /rules in the reader's language (or ?lang=), an anchor per rule id.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { renderRuleBook, type RuleBook } from '../../lib/rulebook.ts'
import { STRINGS, type PageKit, type Req } from './kit.ts'

const DOCS = path.resolve(import.meta.dirname, '../../../docs')
// Read once: the books ship with the server and change only with it.
const BOOKS: Record<'en' | 'es', RuleBook> = {
  en: renderRuleBook(readFileSync(path.join(DOCS, 'RULES.md'), 'utf8')),
  es: renderRuleBook(readFileSync(path.join(DOCS, 'RULES.es.md'), 'utf8')),
}

export function rulePages(fastify: FastifyInstance, kit: PageKit) {
  fastify.get('/rules', async (request: Req, reply) => {
    const viewer = await kit.viewer(request)
    const asked = request.query.lang
    const lang = asked === 'en' || asked === 'es' ? asked : viewer.locale
    const book = BOOKS[lang]
    return kit.render(request, reply, 'rules.hbs', { title: STRINGS[viewer.locale].rules, book, lang, other: lang === 'en' ? 'es' : 'en' })
  })
}
