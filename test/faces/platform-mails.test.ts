// #48: the platform's own mails are every game's fallback (a game without its own mail of a kind
// gets the platform's), so they speak no game's words: no rule id of any book, no city, ship or
// tile. The weekday game's payout, "your pick" and game-over mails live in its own folder.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'

const VIEWS = path.resolve(import.meta.dirname, '../../views')
const RULE_ID = /\b[RGMW]\d+(\.\d+)?\b/
const GAME_WORDS = /\b(cities|city|ciudad(es)?|tiles?|casillas?|ships?|barcos?|draft)\b/i

for (const locale of ['en', 'es']) {
  t.test(`#48 the platform's ${locale} mails name no game's rules or things`, async (t) => {
    const dir = path.join(VIEWS, 'emails', locale)
    const files = readdirSync(dir).filter((f) => f.endsWith('.hbs'))
    t.ok(files.length >= 25, `${files.length} templates read`)
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8').replace(/\{\{[^}]*\}\}/g, ' ')
      t.equal(RULE_ID.exec(text)?.[0] ?? null, null, `${file}: no rule id`)
      t.equal(GAME_WORDS.exec(text)?.[0] ?? null, null, `${file}: no game's word`)
    }
    const subjects = JSON.parse(readFileSync(path.join(dir, 'strings.json'), 'utf8')).subject as Record<string, string>
    for (const [kind, subject] of Object.entries(subjects)) t.equal(GAME_WORDS.exec(subject)?.[0] ?? null, null, `the ${kind} subject: no game's word`)
  })
}

t.test('#48 the weekday game keeps its own payout, pick and game-over mails, with their rules', async (t) => {
  for (const locale of ['en', 'es'])
    for (const kind of ['payout', 'draft_pick', 'game_over']) {
      const text = readFileSync(path.join(VIEWS, 'games', 'weekday', 'emails', locale, `${kind}.text.hbs`), 'utf8')
      t.match(text, /\(R\d+(\.\d+)?\)/, `${locale} ${kind}: its book's rule`)
    }
})
