// The pages' message catalogues: English and Spanish have the same keys, and
// every campaign status, turn phase, scene state and proposal state has a word in both.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { mergedCatalogue } from '../../src/lib/catalogue.ts'
import { STRINGS } from '../../src/routes/pages/kit.ts'

const WORDS = {
  status: ['setup', 'draft', 'running', 'paused', 'finished'],
  phase: ['closed', 'recruitment', 'actions', 'ended'],
  scene: ['open', 'closed'],
  proposal: ['open', 'accepted', 'ratified', 'rejected', 'failed', 'withdrawn'],
}

t.test('English and Spanish catalogues have the same keys, none empty', async (t) => {
  t.same(Object.keys(STRINGS.es).sort(), Object.keys(STRINGS.en).sort())
  for (const locale of ['en', 'es'] as const) {
    t.same(
      Object.entries(STRINGS[locale])
        .filter(([, v]) => !v.trim())
        .map(([k]) => k),
      [],
      `${locale}: no empty string`,
    )
  }
})

t.test('each game brings its own catalogue in both languages, and no key is in two catalogues', async (t) => {
  const games = path.resolve(import.meta.dirname, '../../views/games')
  for (const folder of readdirSync(games)) {
    const own = (lang: string) => Object.keys(JSON.parse(readFileSync(path.join(games, folder, 'i18n', `${lang}.json`), 'utf8'))).sort()
    t.ok(own('en').length > 10, `${folder}: ${own('en').length} sentences of its own`)
    t.same(own('es'), own('en'), `${folder}: the same keys in Spanish`)
    for (const key of own('en')) t.ok(STRINGS.en[key] && STRINGS.es[key], `${folder}: ${key} reaches the pages`)
  }
  const views = mkdtempSync(path.join(tmpdir(), 'ww-catalogue-'))
  for (const [dir, keys] of [
    ['pages/i18n', { turn: 'Turn' }],
    ['games/one/i18n', { round: 'Round' }],
    ['games/two/i18n', { turn: 'My turn' }],
  ] as const) {
    mkdirSync(path.join(views, dir), { recursive: true })
    writeFileSync(path.join(views, dir, 'en.json'), JSON.stringify(keys))
  }
  t.throws(
    () => mergedCatalogue('en.json', views),
    /catalogue key "turn" is in both pages\/i18n\/en.json and games\/two\/i18n\/en.json/,
    'a game rewording the platform is caught at start',
  )
})

t.test('every status, phase and proposal state is said in both languages, and differently from its code in Spanish', async (t) => {
  for (const [kind, values] of Object.entries(WORDS)) {
    for (const value of values) {
      t.ok(STRINGS.en[`${kind}_${value}`], `en ${kind} ${value}`)
      const es = STRINGS.es[`${kind}_${value}`]
      t.ok(es && es !== value, `es ${kind} ${value}: ${es}`)
    }
  }
})

t.test('every error code the service can answer with has a Spanish sentence, and the Spanish page shows it with the code in small print', async (t) => {
  const { readdir, readFile } = await import('node:fs/promises')
  const path = await import('node:path')
  const { ERRORS_ES, errorText } = await import('../../src/lib/page-helpers.ts')
  const root = path.resolve(import.meta.dirname, '../..')
  // A game the registry does not offer yet (its face comes with its Spanish) answers nobody.
  const { gameFolderOf, rulesetIds } = await import('../../src/engine/index.ts')
  const offered = new Set(rulesetIds().map(gameFolderOf))
  const unoffered = (dir: string) => {
    const game = /src\/engine\/games\/([^/]+)/.exec(dir)?.[1]
    return game !== undefined && !offered.has(game)
  }
  const files = (await readdir(path.join(root, 'src'), { withFileTypes: true, recursive: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.parentPath.includes('generated') && !unoffered(e.parentPath))
    .map((e) => path.join(e.parentPath, e.name))
  const codes = new Set<string>()
  for (const file of files) {
    for (const m of (await readFile(file, 'utf8')).matchAll(
      /(?:AppError\(\s*\d{3},\s*|AppError\.limited\(\s*|limitReached\(\s*|errorBody\(\s*|reject\(\s*|code: )'([a-z_]+\/[a-z_]+)'/g,
    ))
      codes.add(m[1]!)
    // Codes chosen by a condition (`reject(land ? 'move/no_path' : 'ship/no_path', …)`) or handed to a check.
    for (const m of (await readFile(file, 'utf8')).matchAll(
      /reject\(\s*\w+\s*\?\s*'([a-z_]+\/[a-z_]+)'\s*:\s*'([a-z_]+\/[a-z_]+)'|check(?:Merge|ShipRoom)\([^)]*'([a-z_]+\/[a-z_]+)'\)/g,
    ))
      for (const code of m.slice(1)) if (code) codes.add(code)
    // An address a user gives is checked by lib/public-address.ts, under the caller's namespace.
    for (const m of (await readFile(file, 'utf8')).matchAll(/checkPublicAddress\([^)]*namespace: '([a-z_]+)'/g))
      for (const problem of ['bad_url', 'unresolvable', 'private_address']) codes.add(`${m[1]}/${problem}`)
  }
  t.ok(codes.size > 150, `${codes.size} codes found`)
  t.same(
    [...codes].filter((c) => !ERRORS_ES[c]),
    [],
    'no code without its Spanish sentence',
  )
  const pageOnly = new Set([
    'request/csrf',
    'request/invalid',
    'internal',
    'not_found',
    'request/400',
    'request/403',
    'request/404',
    'request/405',
    'request/413',
    'request/415',
    'request/429',
  ])
  t.same(
    Object.keys(ERRORS_ES).filter((c) => !codes.has(c) && !pageOnly.has(c)),
    [],
    'no sentence for a code that no longer exists',
  )
  t.equal(errorText({ code: 'tribe/weekday_taken', message: 'monday already belongs to ana' }, 'es'), 'Ese día de la semana ya es de otra tribu.')
  t.equal(
    errorText({ code: 'tribe/weekday_taken', message: 'monday already belongs to ana' }, 'en'),
    'monday already belongs to ana',
    'English keeps the particulars',
  )
  t.equal(
    errorText({ code: 'internal', message: 'x', params: { requestId: 'req-7' } }, 'es'),
    'Algo falló de nuestro lado (petición req-7).',
    'params fill the sentence',
  )
})
