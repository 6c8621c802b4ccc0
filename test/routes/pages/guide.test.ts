// The players' guides (#27): each game's first week in English and Spanish, with pictures that the
// game's own map renderer draws from a campaign its engine played, linked from the home page,
// the rule book and the turn page. axe-core and screenshots: game-contract.test.ts and
// browser-pages.test.ts.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { FACES } from '../../../src/faces/index.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { mondayGame } from '../../helpers/campaign.ts'
import { foreignWords } from '../../helpers/languages.ts'
import { visitor } from '../../helpers/pages.ts'

/** What a reader sees of a page: its text and the titles and labels of its pictures, without markup. */
const shown = (html: string) =>
  html
    .replace(/<style>[^]*?<\/style>/g, ' ')
    .replace(/aria-label="([^"]*)"/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

// The example campaigns' tribes: names, as a campaign's are, not words of either language.
const NAMES = ['Astures', 'Bracari']

for (const face of FACES) {
  t.test(`${face.id}: the guide at ${face.guide.path} in English and Spanish, drawn by the game's renderer`, async (t) => {
    const app = await buildTestApp(t)
    for (const lang of ['en', 'es'] as const) {
      const page = await app.inject({ method: 'GET', url: `${face.guide.path}?lang=${lang}` })
      t.equal(page.statusCode, 200, `${lang}: 200`)
      t.match(page.body, `<html lang="${lang}">`)
      const pictures = face.guide.pictures(CATALOGUE[lang])
      t.ok(Object.keys(pictures).length >= 2, 'at least two pictures')
      for (const [name, picture] of Object.entries(pictures)) {
        t.match(picture.svg, /^<svg class="(map|world|band)" viewBox="[^"]+" role="img" aria-label="[^"]+"/, `${name}: an SVG of the game's map renderer`)
        t.ok(page.body.includes(`<figure class="guide-picture">${picture.svg}<figcaption>`), `${lang}: ${name} is on the page, with its caption`)
      }
      const markdown = readFileSync(`docs/${face.guide.books[lang]}`, 'utf8')
      t.notMatch(page.body, /\[\[picture/, 'every picture placeholder is filled')
      t.equal((markdown.match(/^\[\[picture \w+\]\]$/gm) ?? []).length, Object.keys(pictures).length, 'the text places every picture once')
      const unlinked = [...new Set(markdown.match(/\b[RGMW]\d+\.\d+\b/g))].filter((id) => !page.body.includes(`<a href="${face.rules}#${id}">${id}</a>`))
      t.same(unlinked, [], 'every rule id named links to the rule book')
      t.match(page.body, `<a href="${face.rules}">`, 'and so does the page')
      t.match(page.body, `<link rel="stylesheet" href="/assets/games/${face.folder}/`, "with the game's map styles")
      t.same(foreignWords(shown(page.body), lang, NAMES), [], `no ${lang === 'en' ? 'Spanish' : 'English'} word on the ${lang} page`)
    }
  })
}

t.test('the weekday guide shows what the engine played: the recruit, the first move, the payout and an attack with its odds', async (t) => {
  const app = await buildTestApp(t)
  const page = (await app.inject({ method: 'GET', url: '/guide?lang=en' })).body
  t.match(page, 'One troop recruited in 1,1 for 10 from its pool, then 4 troops moved two steps to 3,1')
  t.match(page, /the tick paid the Astures 24 in 2 pools/)
  t.match(
    page,
    '4 Astures attack 3 Bracari in the open. Before it was sent, the turn page said it wins on 3 of the 4 rolls of the d4. The die showed 3: 2 survivors',
  )
  t.match(page, /<g class="arrow arrow-attack"><title>[^<]+<\/title>/, 'the attack drawn as an arrow')
  t.match(page, '<a href="/rules#R5.5">R5.5</a>', 'recruitment before the first move links its rule')
  const es = (await app.inject({ method: 'GET', url: '/guide/conquest?lang=es' })).body
  t.match(es, /Lunes: 6 tropas de [^<]+ atacan [^<]+\. Los dados/)
})

t.test('"New here?" links: the home page, both rule books and the turn page lead to the guides', async (t) => {
  const { app, table } = await mondayGame(t)
  const home = (await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'es' } })).body
  t.match(home, '¿Primera vez? Aprende a jugar: <a href="/guide">Weekday Wars: cómo se juega</a> · <a href="/guide/conquest">')
  for (const face of FACES) {
    const rules = (await app.inject({ method: 'GET', url: face.rules })).body
    t.match(rules, `<p class="guide-link"><a href="${face.guide.path}">New here? Read the guide</a></p>`, `${face.rules} links its guide`)
  }
  const ana = visitor(app)
  await ana.login((await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } })).email, 'correct horse battery')
  t.match((await ana.get(`/campaigns/${table.id}/turn`)).body, '<p class="guide-link"><a href="/guide">New here? Read the guide</a></p>', 'the turn page')
})
