// El Mapa's rule book (#28): the same M rules in English and Spanish, served at /rules/elmapa with
// an anchor each; an M id anywhere on the pages links there.
import t from 'tap'
import { ruleHref } from '../../../src/lib/rulebook.ts'
import '../../../src/routes/pages/rules.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { booksInStep } from '../../helpers/rule-books.ts'

t.test("M12.11 El Mapa's rule book: the same rules in both languages, served at /rules/elmapa with an anchor each; M ids link there", async (t) => {
  const ids = booksInStep(t, 'M', 'docs/RULES-ELMAPA.md', 'docs/RULES-ELMAPA.es.md')
  t.ok(ids.length > 100, `${ids.length} rules`)
  t.equal(ruleHref('M12.11'), '/rules/elmapa#M12.11')
  const app = await buildTestApp(t)
  for (const [lang, title] of [
    ['en', 'Weekday Wars: rules of "El Mapa" (exploration and castles)'],
    ['es', 'Weekday Wars: reglas de «El Mapa» (exploración y castillos)'],
  ] as const) {
    const page = await app.inject({ method: 'GET', url: `/rules/elmapa?lang=${lang}` })
    t.equal(page.statusCode, 200)
    t.match(page.body, `<h1 lang="${lang}">${title.replace(/"/g, '&quot;')}</h1>`)
    for (const id of ids) t.ok(page.body.includes(`<li id="${id}">`), `${lang}: ${id} has its anchor`)
    t.match(page.body, '<p class="guide-link"><a href="/guide/elmapa">')
  }
})
