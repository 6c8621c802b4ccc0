// The players' guides (#27): each game's first week, step by step, in the reader's language, with
// pictures its face draws from states its engine played. Read and drawn once per game and language.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { renderGuide } from '../../lib/rulebook.ts'
import { FACES } from '../../faces/index.ts'
import { STRINGS, type PageKit, type Req } from './kit.ts'

const DOCS = path.resolve(import.meta.dirname, '../../../docs')
const drawn = new Map<string, ReturnType<typeof renderGuide>>()

export function guidePages(fastify: FastifyInstance, kit: PageKit) {
  for (const face of FACES) {
    const { guide } = face
    const of = (lang: 'en' | 'es') => {
      const key = `${face.id}:${lang}`
      return (
        drawn.get(key) ??
        drawn.set(key, renderGuide(readFileSync(path.join(DOCS, guide.books[lang]), 'utf8'), guide.pictures(STRINGS[lang]), face.rules)).get(key)!
      )
    }
    fastify.get(guide.path, async (request: Req, reply) => {
      const lang = (await kit.viewer(request)).locale
      const page = of(lang)
      return kit.render(request, reply, 'guide.hbs', {
        title: page.title,
        guide: page,
        other: lang === 'en' ? 'es' : 'en',
        base: guide.path,
        rules: { href: face.rules, label: STRINGS[lang][face.rulesLabel] },
        folder: face.folder,
        styles: face.styles,
      })
    })
  }
}
