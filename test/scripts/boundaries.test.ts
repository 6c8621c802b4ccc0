// `npm run depcruise` (.dependency-cruiser.cjs) holds the layers (#48): an import circle, or an
// import from a lower layer up to a higher one, fails it. Played on a small tree of its own with
// the project's own configuration, one planted fault at a time, as the CLI reports them.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'

const root = path.resolve(import.meta.dirname, '../..')

/** The rules broken by a tree of `files` (path → its imports), as depcruise names them: "rule: from". */
function broken(files: Record<string, string[]>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'ww-layers-'))
  try {
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', allowImportingTsExtensions: true, noEmit: true } }))
    for (const [file, imports] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      const lines = imports.map((to, i) => `import * as m${i} from '${path.relative(path.dirname(file), to).replace(/^(?!\.)/, './')}'\nconsole.log(m${i})`)
      writeFileSync(path.join(dir, file), `${lines.join('\n')}\nexport const here = 1\n`)
    }
    // As `npm run depcruise` runs it: its errors one a line ("error <rule>: <from> → <to>"), its status.
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', '--config', path.join(root, '.dependency-cruiser.cjs')],
      { cwd: dir, encoding: 'utf8' },
    )
    const rules = [...new Set([...run.stdout.matchAll(/^\s*error ([a-z-]+): (\S+)/gm)].map((m) => `${m[1]}: ${m[2]}`))].sort()
    if ((run.status === 0) !== (rules.length === 0))
      throw new Error(`depcruise ended ${run.status} with ${rules.join(', ') || 'no error'}: ${run.stdout}${run.stderr}`)
    return rules
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The layers as they are: routes over faces over services over db and the engine, lib under all. */
const LAYERED = {
  'src/routes/pages/kit.ts': ['src/faces/page-kit.ts', 'src/faces/index.ts'],
  'src/faces/index.ts': ['src/faces/weekday/pages.ts'],
  'src/faces/weekday/pages.ts': ['src/faces/page-kit.ts', 'src/services/campaigns.ts'],
  'src/faces/page-kit.ts': ['src/lib/catalogue.ts'],
  'src/plugins/app/mail.ts': ['src/services/mail.ts'],
  'src/services/mail.ts': ['src/db/sql.ts', 'src/services/words.ts'],
  'src/services/words.ts': [],
  'src/services/campaigns.ts': ['src/db/sql.ts', 'src/lib/catalogue.ts'],
  'src/db/sql.ts': [],
  'src/lib/catalogue.ts': [],
}

t.test('#48 the layers as they are pass', async (t) => {
  t.same(broken(LAYERED), [])
})

t.test('#48 a planted import circle or upward import fails it, each named', async (t) => {
  const planted = broken({
    ...LAYERED,
    // The circle #48 found: the faces' page kit importing the routes' kit, which imports the faces.
    'src/faces/page-kit.ts': ['src/lib/catalogue.ts', 'src/routes/pages/kit.ts'],
    // A circle inside one layer.
    'src/services/loop-a.ts': ['src/services/loop-b.ts'],
    'src/services/loop-b.ts': ['src/services/loop-a.ts'],
    // One import upward from each lower layer.
    'src/plugins/app/games.ts': ['src/faces/index.ts'],
    'src/services/views.ts': ['src/faces/page-kit.ts'],
    'src/db/campaigns.ts': ['src/services/words.ts'],
    'src/lib/names.ts': ['src/db/sql.ts'],
  })
  const circular = planted.filter((line) => line.startsWith('no-circular')).map((line) => line.split(': ')[1]!)
  const faces = ['src/faces/index.ts', 'src/faces/page-kit.ts', 'src/faces/weekday/pages.ts', 'src/routes/pages/kit.ts']
  t.ok(
    circular.some((file) => faces.includes(file)),
    'no-circular finds the circle through the page kit',
    { found: circular },
  )
  t.ok(
    circular.some((file) => file.startsWith('src/services/loop-')),
    'and the one inside the services',
    { found: circular },
  )
  t.ok(
    circular.every((file) => faces.includes(file) || file.startsWith('src/services/loop-')),
    'and no module outside them',
    { found: circular },
  )
  t.same(
    planted.filter((line) => !line.startsWith('no-circular')),
    [
      'faces-sit-below-the-routes: src/faces/page-kit.ts',
      'lib-is-the-floor: src/lib/names.ts',
      'nothing-imports-upward: src/db/campaigns.ts',
      'plugins-wire-services: src/plugins/app/games.ts',
      'services-import-no-pages: src/services/views.ts',
    ],
    'each upward import by its layer rule',
  )
})
