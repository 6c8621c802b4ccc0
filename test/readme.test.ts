// The README is a newcomer's two-minute read (#48): at most 200 lines, its games table the games
// this server registers (each with its rule book), and no link to a file or heading that is gone.
// The detail lives in the documents it links, so their own links are held to the same rule.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { rulesetIds } from '../src/engine/index.ts'

const root = path.resolve(import.meta.dirname, '..')
const README = path.join(root, 'README.md')
const readme = readFileSync(README, 'utf8')

/** The text without fenced blocks and code spans, where brackets are code, not links. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')

/** Every relative link of a Markdown file: the file it names and the heading, if any. */
function relativeLinks(file: string): { target: string; anchor: string | null }[] {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [file_, anchor] = href.split('#') as [string, string | undefined]
      return { target: file_ === '' ? file : path.resolve(path.dirname(file), file_), anchor: anchor ?? null }
    })
}

/** The anchors GitHub gives a Markdown file's headings. */
function anchorsOf(file: string): Set<string> {
  const headings = prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} +(.+?) *$/gm)
  return new Set(
    [...headings].map((m) =>
      m[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  )
}

t.test('the README is read in two minutes: at most 200 lines', async (t) => {
  const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)
  t.ok(lines <= 200, `README.md has ${lines} lines; move the detail into the documents it links`)
})

t.test('the games table lists exactly the registered games, each with its rule book and an id from it', async (t) => {
  const section = readme.slice(readme.indexOf('\n## The games\n'))
  t.not(readme.indexOf('\n## The games\n'), -1, 'README.md has a "The games" section')
  const rows = section
    .slice(0, section.indexOf('\n## ', 1) + 1 || undefined)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its rule
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => /^`[^`]+`$/.test(cells[2] ?? ''))
  const listed = rows.map((cells) => cells[2]!.slice(1, -1))
  t.same([...listed].sort(), [...rulesetIds()].sort(), 'one row per ruleset id of src/engine/registry.ts')
  for (const cells of rows) {
    const id = cells[2]!.slice(1, -1)
    const book = /\]\((docs\/RULES[^)]*\.md)\)/.exec(cells[4] ?? '')?.[1]
    t.ok(book && existsSync(path.join(root, book)), `${id}: a rule book docs/RULES*.md that exists (${book})`)
    const ids = /ids `([A-Z])…` \(`([A-Z]\d+(?:\.\d+)*)`\)/.exec(cells[4] ?? '')
    t.ok(ids, `${id}: its rule ids' letter and an example`)
    if (!book || !ids || !existsSync(path.join(root, book))) continue
    t.equal(ids[2]![0], ids[1], `${id}: the example ${ids[2]} has the letter ${ids[1]}`)
    t.ok(readFileSync(path.join(root, book), 'utf8').includes(`**${ids[2]}**`), `${id}: ${book} holds the rule ${ids[2]}`)
  }
})

t.test('every relative link of the README, and of the documents it links, names a file and heading that exist', async (t) => {
  const linked = relativeLinks(README)
  t.ok(linked.length >= 20, `the README links its documents (${linked.length} links found)`)
  const documents = [README, ...new Set(linked.map((l) => l.target).filter((f) => f.endsWith('.md') && existsSync(f)))]
  const broken: string[] = []
  for (const document of documents) {
    for (const { target, anchor } of relativeLinks(document)) {
      const where = `${path.relative(root, document)} → ${path.relative(root, target)}${anchor ? `#${anchor}` : ''}`
      if (!existsSync(target)) broken.push(`${where}: no such file`)
      else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) broken.push(`${where}: no such heading`)
    }
  }
  t.same(broken, [], `${documents.length} documents' links all resolve`)
})
