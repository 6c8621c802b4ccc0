// The rule book pages: /rules in the reader's language (or ?lang=), an anchor per rule id.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { renderRuleBook, type RuleBook } from '../../lib/rulebook.ts'
import { STRINGS, type PageKit, type Req } from './kit.ts'

const DOCS = path.resolve(import.meta.dirname, '../../../docs')
// Read once: the books ship with the server and change only with it.
const book = (file: string) => renderRuleBook(readFileSync(path.join(DOCS, file), 'utf8'))
const BOOKS: Record<'weekly' | 'conquest', Record<'en' | 'es', RuleBook>> = {
  weekly: { en: book('RULES.md'), es: book('RULES.es.md') },
  conquest: { en: book('RULES-CONQUEST.md'), es: book('RULES-CONQUEST.es.md') },
}

export function rulePages(fastify: FastifyInstance, kit: PageKit) {
  for (const [game, base] of [['weekly', '/rules'], ['conquest', '/rules/conquest']] as const) {
    fastify.get(base, async (request: Req, reply) => {
      const viewer = await kit.viewer(request)
      const asked = request.query.lang
      const lang = asked === 'en' || asked === 'es' ? asked : viewer.locale
      return kit.render(request, reply, 'rules.hbs', {
        title: STRINGS[viewer.locale].rules, book: BOOKS[game][lang], lang, other: lang === 'en' ? 'es' : 'en', base,
        otherGame: game === 'weekly' ? { href: '/rules/conquest', label: STRINGS[viewer.locale].c_rulesLink } : { href: '/rules', label: STRINGS[viewer.locale].c_rulesWeekly },
      })
    })
  }
}
