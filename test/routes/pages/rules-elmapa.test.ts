// El Mapa's rule book (#28): the same M rules in English and Spanish, served at /rules/elmapa with
// an anchor each; an M id anywhere on the pages links there.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { renderRuleBook, ruleHref } from '../../../src/lib/rulebook.ts'
import '../../../src/routes/pages/rules.ts'
import { buildTestApp } from '../../helpers/app.ts'

const mIds = (markdown: string) => [...markdown.matchAll(/^- \*\*(M\d+\.\d+)\*\*/gm)].map((m) => m[1])

t.test("M12.11 El Mapa's rule book: the same rules in both languages, served at /rules/elmapa with an anchor each; M ids link there", async (t) => {
  const en = readFileSync('docs/RULES-ELMAPA.md', 'utf8')
  const es = readFileSync('docs/RULES-ELMAPA.es.md', 'utf8')
  t.ok(mIds(en).length > 100, `${mIds(en).length} rules`)
  t.same(mIds(es), mIds(en), 'every rule in both, in the same order')
  const clarified = (markdown: string, word: string) =>
    markdown
      .split(/^- \*\*/m)
      .filter((rule) => /^M\d/.test(rule) && rule.includes(word))
      .map((rule) => rule.slice(0, rule.indexOf('*')))
  t.same(clarified(es, 'aclarado'), clarified(en, 'clarified'), 'the same rules are marked as clarified')
  t.same(
    renderRuleBook(es).sections.map((s) => s.id),
    renderRuleBook(en).sections.map((s) => s.id),
    'the same sections',
  )
  t.equal(ruleHref('M12.11'), '/rules/elmapa#M12.11')
  const app = await buildTestApp(t)
  for (const [lang, title] of [
    ['en', 'Weekday Wars: rules of "El Mapa" (exploration and castles)'],
    ['es', 'Weekday Wars: reglas de «El Mapa» (exploración y castillos)'],
  ] as const) {
    const page = await app.inject({ method: 'GET', url: `/rules/elmapa?lang=${lang}` })
    t.equal(page.statusCode, 200)
    t.match(page.body, `<h1 lang="${lang}">${title.replace(/"/g, '&quot;')}</h1>`)
    for (const id of mIds(en)) t.ok(page.body.includes(`<li id="${id}">`), `${lang}: ${id} has its anchor`)
    t.match(page.body, '<p class="guide-link"><a href="/guide/elmapa">')
  }
})
