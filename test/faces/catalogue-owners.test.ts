// Whose words a page says (#48): the platform's pages and code read only the platform's
// catalogue, so nothing the platform shows speaks one game's language; a game's face reads the
// platform's catalogue and its own, never another game's. The catalogue merges every file into
// one at start (src/lib/catalogue.ts), so a misplaced key would still work: this test is what
// keeps each word with its owner.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { FACES } from '../../src/faces/index.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const keysOf = (file: string) => new Set(Object.keys(JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, string>))

function filesUnder(dir: string, skip: (file: string) => boolean = () => false): string[] {
  const absolute = path.join(ROOT, dir)
  return readdirSync(absolute).flatMap((name) => {
    const file = path.join(dir, name)
    if (skip(file)) return []
    if (statSync(path.join(ROOT, file)).isDirectory()) return filesUnder(file, skip)
    return /\.(ts|hbs|js)$/.test(name) ? [file] : []
  })
}

/** The catalogue keys a file reads by name: `s.key`, `../s.key`, `s['key']`, `lookup s "key"`, a page's title key. */
function keysRead(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  const read = new Set<string>()
  for (const m of text.matchAll(/(?<![\w$.])(?:\.\.\/)*s[!?]?\.([A-Za-z_]\w*)/g)) read.add(m[1]!)
  for (const m of text.matchAll(/(?<![\w$.])(?:\.\.\/)*s\[['"]([^'"\]]+)['"]\]/g)) read.add(m[1]!)
  for (const m of text.matchAll(/lookup (?:\.\.\/)*s ['"]([^'"]+)['"]/g)) read.add(m[1]!)
  // A page's title by key: `titleKey: 'key'`, `tab: 'key'` and tabPage's tab argument.
  for (const m of text.matchAll(/\b(?:titleKey|tab): '(\w+)'/g)) read.add(m[1]!)
  for (const m of text.matchAll(/tabPage\([^)]*\), '(\w+)'/g)) read.add(m[1]!)
  return read
}

const platformKeys = keysOf('views/pages/i18n/en.json')
const gameKeys = new Map(FACES.map((face) => [face.folder, keysOf(`views/games/${face.folder}/i18n/en.json`)]))
/** Which catalogue a key is in: 'platform' or a game's folder. */
const ownerOf = (key: string) => (platformKeys.has(key) ? 'platform' : ([...gameKeys].find(([, keys]) => keys.has(key))?.[0] ?? null))

function misplaced(files: string[], allowed: (owner: string) => boolean): string[] {
  return files.flatMap((file) =>
    [...keysRead(file)].flatMap((key) => {
      const owner = ownerOf(key)
      // A name no catalogue has is some other `s` (a step, a state): not a word of a page.
      return owner !== null && !allowed(owner) ? [`${file}: ${key} (${owner}'s)`] : []
    }),
  )
}

t.test("the platform's pages and code read no game's words", async (t) => {
  const gameFolders = new Set(FACES.map((face) => face.folder))
  const platformFiles = [
    ...filesUnder('views/pages'),
    ...filesUnder('src/routes'),
    ...filesUnder('src/services'),
    ...filesUnder('src/lib'),
    ...filesUnder('src/faces', (file) => gameFolders.has(path.basename(file)) && statSync(path.join(ROOT, file)).isDirectory()),
  ]
  t.ok(platformFiles.length > 100, `${platformFiles.length} platform files read`)
  t.same(
    misplaced(platformFiles, (owner) => owner === 'platform'),
    [],
    'every key a platform file names is in views/pages/i18n/',
  )
})

for (const face of FACES) {
  t.test(`${face.id}: its face reads the platform's words and its own, no other game's`, async (t) => {
    const files = [...filesUnder(`views/games/${face.folder}`), ...filesUnder(`src/faces/${face.folder}`)]
    t.ok(files.length > 3, `${files.length} files of its face`)
    t.same(
      misplaced(files, (owner) => owner === 'platform' || owner === face.folder),
      [],
      `every key it names is the platform's or in views/games/${face.folder}/i18n/`,
    )
  })
}

t.test("a key only one game reads lives in that game's catalogue", async (t) => {
  const readers = new Map<string, Set<string>>()
  const note = (key: string, reader: string) => readers.set(key, (readers.get(key) ?? new Set()).add(reader))
  const gameFolders = new Set(FACES.map((face) => face.folder))
  for (const face of FACES)
    for (const file of [...filesUnder(`views/games/${face.folder}`), ...filesUnder(`src/faces/${face.folder}`)])
      for (const key of keysRead(file)) note(key, face.folder)
  for (const dir of ['views/pages', 'views/emails', 'src/routes', 'src/services', 'src/lib'])
    for (const file of filesUnder(dir)) for (const key of keysRead(file)) note(key, 'platform')
  for (const file of filesUnder('src/faces', (f) => gameFolders.has(path.basename(f)))) for (const key of keysRead(file)) note(key, 'platform')
  const oneGames = [...platformKeys].filter((key) => {
    const who = readers.get(key)
    return who !== undefined && who.size === 1 && !who.has('platform')
  })
  t.same(oneGames, [], "platform keys read by one game's face only")
})
