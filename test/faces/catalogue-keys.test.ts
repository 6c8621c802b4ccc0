// What a game's face names by catalogue key (its name and pitch, period, economy tab, rule book and
// guide links, its console's start button, its practice game's words, the your-day card's count
// of what can still move) is written in both languages, and the count reads in the game's own
// words for none, one and many.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { FACES } from '../../src/faces/index.ts'
import { CATALOGUE } from '../../src/lib/catalogue.ts'
import { fill } from '../../src/lib/fill.ts'

for (const face of FACES) {
  t.test(`${face.id}: every key its face names is in English and Spanish`, async (t) => {
    const practice = face.practice ? [face.practice.words.lead, face.practice.words.banner, `notice_${face.practice.words.passed}`] : []
    for (const key of [
      face.name,
      face.pitch,
      face.period,
      face.economy,
      face.movable,
      face.rulesLabel,
      face.guide.label,
      face.start ?? 'startCampaign',
      ...practice,
    ]) {
      for (const locale of ['en', 'es'] as const) t.type(CATALOGUE[locale][key], 'string', `${key} (${locale})`)
    }
    const counts = (locale: 'en' | 'es') => [0, 1, 3].map((n) => fill(CATALOGUE[locale][face.movable]!, { n }, locale))
    for (const locale of ['en', 'es'] as const) {
      const [none, one, many] = counts(locale) as [string, string, string]
      t.notMatch(none, /\d/, `none is said in words (${locale}): ${none}`)
      t.match(one, /^1 /, `one (${locale}): ${one}`)
      t.match(many, /^3 /, `many (${locale}): ${many}`)
      t.not(one, many.replace(/^3/, '1'), `one is singular, not the plural with 1 (${locale})`)
    }
  })
}

t.test('each game counts what can move in its own words', async (t) => {
  const said = new Map(FACES.map((face) => [face.id, fill(CATALOGUE.en[face.movable]!, { n: 3 }, 'en')]))
  t.same([...said.keys()].sort(), ['conquest', 'elmapa', 'openwars', 'weekly-turn'], 'the four games')
  t.match(said.get('weekly-turn'), /^3 armies can still move\.$/)
  t.match(said.get('conquest'), /^3 territories have troops that can still move\.$/)
  t.match(said.get('openwars'), /^3 locations have units that can still move\.$/)
  t.match(said.get('elmapa'), /^3 armies can still move\.$/)
})

t.test("a game's window mails count what can move with the key its your-day card uses", async (t) => {
  for (const face of FACES) {
    for (const locale of ['en', 'es'] as const) {
      const file = path.join(import.meta.dirname, '../../views/games', face.folder, 'emails', locale, 'strings.json')
      const strings = JSON.parse(readFileSync(file, 'utf8')) as { movable?: string }
      t.equal(strings.movable, face.movable, `${face.id} (${locale}): ${path.relative(process.cwd(), file)}`)
    }
  }
})
