// The rule book pages (issue 13): /rules in English and Spanish, an anchor per rule id, the
// same rules in both books, and rule ids linked wherever the pages show them.
import { readFileSync } from 'node:fs'
import { booksInStep } from '../../helpers/rule-books.ts'
import t from 'tap'
import { renderRuleBook, ruleHref } from '../../../src/lib/rulebook.ts'
// Serving the books (the rule pages' module) is what makes their ids link.
import '../../../src/routes/pages/rules.ts'
import { buildTestApp } from '../../helpers/app.ts'

const english = readFileSync('docs/RULES.md', 'utf8')
const spanish = readFileSync('docs/RULES.es.md', 'utf8')
const idsIn = (markdown: string) => [...markdown.matchAll(/^- \*\*(R\d+\.\d+)\*\*/gm)].map((m) => m[1])

t.test('the Spanish rule book has exactly the rules of the English one, in the same order and sections', async (t) => {
  t.ok(idsIn(english).length >= 60, `${idsIn(english).length} rules`)
  t.same(idsIn(spanish), idsIn(english))
  const sections = (markdown: string) => [...markdown.matchAll(/^## (\d+)\. /gm)].map((m) => m[1])
  t.same(sections(spanish), sections(english))
  const clarified = (markdown: string, word: string) =>
    markdown
      .split(/^- \*\*/m)
      .filter((rule) => /^R\d/.test(rule) && rule.includes(word))
      .map((rule) => rule.slice(0, rule.indexOf('*')))
  t.same(clarified(spanish, 'aclarado'), clarified(english, 'clarified'), 'the same rules are marked as clarified')
})

t.test('a rule book renders with an anchor per rule, its sections listed, cross-references linked and code left alone', async (t) => {
  const book = renderRuleBook(english)
  t.same(book.ids, idsIn(english))
  t.equal(book.title, 'Weekday Wars: rules of the weekly-turn variant')
  t.notMatch(book.html, /<h1>/, "the title is the page's to place")
  t.equal(book.sections.length, 12)
  t.same(book.sections[7], { id: 's8', title: '8. Combat' })
  t.match(book.html, '<li id="R8.3"><a class="rule-id" href="#R8.3"><strong>R8.3</strong></a>')
  t.match(book.html, 'points back (<a href="#R7.3">R7.3</a>, <a href="#R10.3">R10.3</a>)', 'a rule named in another links to it')
  t.match(renderRuleBook('- **R1.1** See `R8.3` and R8.3.').html, '<code>R8.3</code> and <a href="#R8.3">R8.3</a>', 'code is not linked')
  t.notMatch(renderRuleBook('- **R1.1** <script>alert(1)</script>').html, /<script>/, 'markup in a book is text')
  t.equal(ruleHref('R10.6'), '/rules#R10.6')
  t.equal(ruleHref('R10'), null)
  t.equal(ruleHref('javascript:alert(1)'), null)
})

t.test("/rules in the reader's language, or the one asked for; every rule reachable by its anchor; linked from every page", async (t) => {
  const app = await buildTestApp(t)
  const get = (url: string, language = 'en') => app.inject({ method: 'GET', url, headers: { 'accept-language': language } })
  const en = await get('/rules')
  t.equal(en.statusCode, 200)
  t.match(en.body, '<html lang="en">')
  t.match(en.body, '<h1 lang="en">Weekday Wars: rules of the weekly-turn variant</h1>')
  for (const id of idsIn(english)) t.ok(en.body.includes(`<li id="${id}">`), `${id} has its anchor`)
  t.match(en.body, '<a href="/rules?lang=es" lang="es" hreflang="es">Leer en español</a>')
  const es = await get('/rules', 'es-MX,es;q=0.9')
  t.match(es.body, '<html lang="es">')
  t.match(es.body, '<h1 lang="es">Weekday Wars: reglas de la variante de turno semanal</h1>')
  t.match(es.body, /<li id="R8\.3">[^]*?Gana el atacante|<li id="R8\.3">[^]*?gana el atacante/)
  t.match(es.body, '<a href="/rules">Reglas</a>', 'the menu in Spanish')
  const asked = await get('/rules?lang=es')
  t.match(asked.body, '<html lang="es">', 'the page around it follows the language asked for (?lang= chooses for any page)')
  t.match(asked.body, '<article class="rule-book" lang="es">', 'the book says which language it is in')
  t.match((await get('/rules?lang=fr')).body, '<article class="rule-book" lang="en">', "an unknown language falls back to the reader's")
  t.match((await get('/login')).body, '<a href="/rules">Rules</a>', 'the menu links to the rules')
})

t.test(
  "G1.8 G8.2 world conquest's rule book: the same rules in English and Spanish, served at /rules/conquest with an anchor each; G ids link there",
  async (t) => {
    const ids = booksInStep(t, 'G', 'docs/RULES-CONQUEST.md', 'docs/RULES-CONQUEST.es.md')
    t.equal(ids.length, 94)
    t.equal(ruleHref('G6.3'), '/rules/conquest#G6.3')
    const app = await buildTestApp(t)
    const page = await app.inject({ method: 'GET', url: '/rules/conquest?lang=es' })
    t.equal(page.statusCode, 200)
    t.match(page.body, '<h1 lang="es">Weekday Wars: reglas de «Conquista» (conquista del mundo)</h1>')
    for (const id of ids) t.ok(page.body.includes(`<li id="${id}">`), `${id} has its anchor`)
    t.match(page.body, '<a href="/rules/conquest?lang=en" lang="en" hreflang="en">')
    t.match((await app.inject({ method: 'GET', url: '/rules' })).body, '<a href="/rules/conquest">World conquest rules</a>', "each book links the other game's")
  },
)

t.test("W1.1 W6.7 Open Wars' rule book: the same rules in English and Spanish, served at /rules/openwars with an anchor each; W ids link there", async (t) => {
  const ids = booksInStep(t, 'W', 'docs/RULES-OPENWARS.md', 'docs/RULES-OPENWARS.es.md')
  t.equal(ids.length, 140)
  t.equal(ruleHref('W6.7'), '/rules/openwars#W6.7')
  const app = await buildTestApp(t)
  const page = await app.inject({ method: 'GET', url: '/rules/openwars?lang=es' })
  t.equal(page.statusCode, 200)
  t.match(page.body, '<h1 lang="es">Weekday Wars: reglas de «Open Wars» (wargame táctico de fantasía)</h1>')
  for (const id of ids) t.ok(page.body.includes(`<li id="${id}">`), `${id} has its anchor`)
  t.match(page.body, '<a href="/rules/openwars?lang=en" lang="en" hreflang="en">')
  t.match(
    (await app.inject({ method: 'GET', url: '/rules/conquest' })).body,
    '<a href="/rules/openwars">Open Wars rules</a>',
    'the book before it in the registry links it',
  )
})

t.test('#27 the served books speak to players: the notes for developers live in docs/rule-books.md', async (t) => {
  const app = await buildTestApp(t)
  const developers = [
    /Tests cite|los tests citan|t\.test\(/i,
    /write it down here|se escribe aquí|se escribe como/i,
    /<h2>Implementer|<h2>Notas para quien implementa|the engine must hold|el motor debe guardar/i,
    /asserted by a test|un test de los datos/i,
    /seed file|fichero semilla|weekly-turn-variant\.es\.txt/i,
    /What the source says|Qué dice la fuente/i,
  ]
  for (const url of [
    '/rules?lang=en',
    '/rules?lang=es',
    '/rules/conquest?lang=en',
    '/rules/conquest?lang=es',
    '/rules/openwars?lang=en',
    '/rules/openwars?lang=es',
  ]) {
    const page = await app.inject({ method: 'GET', url })
    t.equal(page.statusCode, 200, url)
    for (const sentence of developers) t.notMatch(page.body, sentence, `${url}: no ${sentence.source}`)
    t.match(
      page.body,
      /id like <code>[RGW]\d+\.\d+<\/code>|id como <code>[GW]6\.\d+<\/code>|identificador como <code>R4\.3<\/code>/,
      `${url}: says what the ids are for`,
    )
  }
  const notes = readFileSync('docs/rule-books.md', 'utf8').replace(/\s+/g, ' ')
  for (const kept of ["t.test('R8.3 tie kills both sides', ...)", '#### N1. State the engine must hold', '#### N3. Edge cases', 'must be asserted by a test'])
    t.ok(notes.includes(kept), `docs/rule-books.md keeps: ${kept}`)
})
