// #47 refusals name a rule of their own book: every rule id a game's engine cites (the rule of a
// refusal, of a check, of an event) is a rule its book defines, under the book's own letter. A
// refusal that names a rule the book does not have sends the player to nothing.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { ruleIds } from '../helpers/rule-books.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** Each engine folder and the book its rules come from. */
const BOOKS: Record<string, { book: string; letter: string }> = {
  weekday: { book: 'docs/RULES.md', letter: 'R' },
  conquest: { book: 'docs/RULES-CONQUEST.md', letter: 'G' },
  elmapa: { book: 'docs/RULES-ELMAPA.md', letter: 'M' },
  openwars: { book: 'docs/RULES-OPENWARS.md', letter: 'W' },
}

t.test('every registered game folder has its book here', async (t) => {
  const folders = readdirSync(path.join(root, 'src/engine/games'), { withFileTypes: true }).filter((e) => e.isDirectory())
  t.same(folders.map((e) => e.name).sort(), Object.keys(BOOKS).sort())
})

for (const [folder, { book, letter }] of Object.entries(BOOKS)) {
  t.test(`${folder}: every rule id its engine names as a rule is one of ${book}`, async (t) => {
    const defined = new Set(ruleIds(readFileSync(path.join(root, book), 'utf8'), letter))
    t.ok(defined.size > 50, `${defined.size} rules in the book`)
    const dir = path.join(root, 'src/engine/games', folder)
    const cited = new Map<string, string>()
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
      const file = path.join(entry.parentPath, entry.name)
      // A rule passed as an argument or a field: a quoted id alone, not one mentioned in a sentence.
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([A-Z]\d+\.\d+)['"`]/g)) cited.set(m[1]!, path.relative(root, file))
    }
    t.ok(cited.size > 20, `${cited.size} rule ids cited by the engine`)
    const foreign = [...cited].filter(([id]) => !id.startsWith(letter)).map(([id, file]) => `${id} (${file})`)
    t.same(foreign, [], `the engine cites only ${letter} rules`)
    const missing = [...cited].filter(([id]) => id.startsWith(letter) && !defined.has(id)).map(([id, file]) => `${id} (${file})`)
    t.same(missing, [], 'each is a rule of the book')
  })
}
