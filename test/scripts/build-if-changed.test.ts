// `npm start` compiles only when the sources changed (scripts/build-if-changed.mjs, its
// prestart): an unchanged tree starts without tsc, and a changed source is always the code
// that runs next. Played on a small project of its own, with the real TypeScript.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'

// Six real builds of a tree, each a child process or two: on a machine busy with other test
// processes the file outgrew tap's 300 s for one file (a CI run of #45's session).
t.setTimeout(600_000)

const root = path.resolve(import.meta.dirname, '../..')
const SCRIPT = path.join(root, 'scripts/build-if-changed.mjs')

function project(t: Test): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ww-build-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(path.join(dir, 'src'))
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
  writeFileSync(path.join(dir, 'package-lock.json'), '{}')
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...COMPILER, types: [] }, include: ['src'] }))
  // The one global these programs use, declared: without the DOM's types each tsc takes a quarter of the time.
  writeFileSync(path.join(dir, 'src/globals.d.ts'), 'declare const console: { log(...values: unknown[]): void }\n')
  writeFileSync(
    path.join(dir, 'tsconfig.build.json'),
    JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: false, rootDir: 'src', outDir: 'dist' }, include: ['src'] }),
  )
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: string = 'one'\nconsole.log(word)\n")
  return dir
}

/** The projects' compiler settings: the language and no more (lib.dom's types are most of a small tsc's work). */
const COMPILER = { target: 'ES2023', lib: ['ES2023'], skipLibCheck: true, module: 'NodeNext', strict: true, noEmit: true }

const build = (dir: string, ...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' })
const run = (dir: string) => spawnSync(process.execPath, ['dist/server.js'], { cwd: dir, encoding: 'utf8' }).stdout.trim()
/** A file tsc never writes: it survives exactly when dist/ was not rebuilt. */
const mark = (dir: string) => writeFileSync(path.join(dir, 'dist/untouched'), '')
const rebuilt = (dir: string) => !existsSync(path.join(dir, 'dist/untouched'))

t.test('npm start runs the build step, then the compiled server, in one process', async (t) => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  t.notOk(scripts.prestart, 'no node of its own for the build step')
  t.match(scripts.start, /^node .*scripts\/start\.mjs$/)
  t.equal(scripts.build, 'node scripts/build-if-changed.mjs --force', 'npm run build always compiles')
  // scripts/start.mjs in a project of its own: it builds a changed tree, then runs what it built.
  const dir = project(t)
  mkdirSync(path.join(dir, 'scripts'))
  for (const script of ['start.mjs', 'build-if-changed.mjs', 'vendor-packages.mjs', 'bundle-app.mjs'])
    copyFileSync(path.join(root, 'scripts', script), path.join(dir, 'scripts', script))
  const start = () => spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: dir, encoding: 'utf8' })
  const first = start()
  t.equal(first.status, 0, first.stderr)
  t.match(first.stderr, /compiling/)
  t.equal(first.stdout.trim(), 'one', 'a new tree is built, then run')
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: string = 'two'\nconsole.log(word)\n")
  t.equal(start().stdout.trim(), 'two', 'a changed source is built, then run')
  await new Promise((resolve) => setTimeout(resolve, 2_100)) // past the racy window: the stamp vouches by stat()
  start()
  mark(dir)
  const warm = start()
  t.match(warm.stderr, /\[start\] dist\/ is up to date with src\/ \(checked by stat\)/, 'the server process itself found nothing changed')
  t.equal(warm.stdout.trim(), 'two')
  t.notOk(rebuilt(dir), 'an unchanged tree starts without a build')
  // .env is read before any of dist/ loads, a module the server imports included.
  writeFileSync(path.join(dir, '.env'), 'GREETING=hello from .env\n')
  writeFileSync(
    path.join(dir, 'src/greeting.ts'),
    'declare const process: { env: Record<string, string | undefined> }\nexport const greeting = process.env.GREETING\n',
  )
  writeFileSync(path.join(dir, 'src/server.ts'), "import { greeting } from './greeting.js'\nconsole.log(greeting)\n")
  t.equal(start().stdout.trim(), 'hello from .env', ".env's settings are there when the modules load")
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: number = 'three'\nconsole.log(word)\n")
  const broken = start()
  t.not(broken.status, 0, 'a failed build does not start the stale server')
  t.match(broken.stdout, /TS2322/, "the compiler's error is shown")
  t.notMatch(broken.stdout, /^two$/m, 'and the last built server is not run')
})

t.test('compiles a new tree, skips an unchanged one, recompiles a changed source', async (t) => {
  const dir = project(t)
  const first = build(dir)
  t.equal(first.status, 0, first.stderr)
  t.equal(run(dir), 'one')

  mark(dir)
  const again = build(dir)
  t.equal(again.status, 0)
  t.match(again.stderr, /up to date/)
  t.notOk(rebuilt(dir), 'an unchanged tree is not compiled')

  // A new mtime with the same bytes (a checkout, a copy) is no change.
  utimesSync(path.join(dir, 'src/server.ts'), new Date(), new Date(Date.now() + 60_000))
  build(dir)
  t.notOk(rebuilt(dir), 'a touched but unchanged source is not compiled')

  writeFileSync(path.join(dir, 'src/server.ts'), "const word: string = 'two'\nconsole.log(word)\n")
  const changed = build(dir)
  t.equal(changed.status, 0, changed.stderr)
  t.ok(rebuilt(dir), 'a changed source is compiled')
  t.equal(run(dir), 'two', 'and the next start runs the new code')

  mark(dir)
  writeFileSync(path.join(dir, 'src/extra.ts'), 'export const extra = 1\n')
  build(dir)
  t.ok(rebuilt(dir), 'a new source file is compiled')

  mark(dir)
  const tsconfig = JSON.parse(readFileSync(path.join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> }
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, target: 'ES2022' } }))
  build(dir)
  t.ok(rebuilt(dir), "a change of the compiler's settings is compiled")

  mark(dir)
  t.equal(build(dir, '--force').status, 0)
  t.ok(rebuilt(dir), '--force (npm run build) always compiles')
})

t.test('a failed compile is tried again at the next start', async (t) => {
  const dir = project(t)
  t.equal(build(dir).status, 0)
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: number = 'three'\nconsole.log(word)\n")
  t.not(build(dir).status, 0, 'a type error fails the build, so npm start does not run stale code')
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: string = 'three'\nconsole.log(word)\n")
  t.equal(build(dir).status, 0)
  t.equal(run(dir), 'three')
  // Broken again and put back as it was when it last built: that build's dist/ is gone, so it compiles.
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: number = 'three'\nconsole.log(word)\n")
  t.not(build(dir).status, 0)
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: string = 'three'\nconsole.log(word)\n")
  const back = build(dir)
  t.equal(back.status, 0)
  t.notMatch(back.stderr, /up to date/)
  t.equal(run(dir), 'three')
})

t.test('an edit that keeps the size and the mtime is compiled, once the stamp vouches by stat()', async (t) => {
  const dir = project(t)
  t.equal(build(dir).status, 0)
  // Inputs changed within two seconds of their reading are read again, not trusted by stat():
  // past that, the next start notes their stat in the stamp and the one after skips reading them.
  await new Promise((resolve) => setTimeout(resolve, 2_100))
  t.match(build(dir).stderr, /up to date/)
  t.match(readFileSync(path.join(dir, 'dist/.build-stamp'), 'utf8'), /^[0-9a-f]{64}\n[0-9a-f]{64}\n$/, 'the stamp holds the stat of the inputs')
  mark(dir)
  t.match(build(dir).stderr, /up to date/)
  t.notOk(rebuilt(dir), 'an unchanged tree is not compiled')

  // rsync -t, a restore from backup: other bytes, the same size and the same mtime.
  const file = path.join(dir, 'src/server.ts')
  const { atime, mtime } = statSync(file)
  writeFileSync(file, "const word: string = 'six'\nconsole.log(word)\n")
  utimesSync(file, atime, mtime)
  const changed = build(dir)
  t.equal(changed.status, 0, changed.stderr)
  t.ok(rebuilt(dir), 'the edit is compiled')
  t.equal(run(dir), 'six')
})

t.test("the packages are bundled into dist/vendor/, and the program's imports bind as from node_modules", async (t) => {
  const dir = project(t)
  writeFileSync(
    path.join(dir, 'src/server.ts'),
    [
      "import fp from 'fastify-plugin'",
      "import { LRUCache } from 'lru-cache'",
      "import pg from 'pg'",
      "import { Type } from 'typebox'",
      '// CommonJS (a default and a name found by Node), ES modules, a package of both kinds.',
      'console.log([typeof fp, typeof pg.Pool, new LRUCache<string, number>({ max: 3 }).max, Type.String().type].join(" "))',
      '',
    ].join('\n'),
  )
  const built = build(dir)
  t.equal(built.status, 0, built.stderr)
  t.match(built.stderr, /4 package imports bundled into dist\/vendor\//)
  t.ok(readdirSync(path.join(dir, 'dist/vendor')).includes('fastify-plugin.mjs'))
  const server = readFileSync(path.join(dir, 'dist/server.js'), 'utf8')
  t.match(server, /from ["']\.\/vendor\/typebox\.mjs["']/, 'the compiled imports point at dist/vendor/')
  t.notMatch(server, /from ["']pg["']/)
  t.equal(run(dir), 'function function 3 string')
})

t.test('a package esbuild cannot bundle leaves every import on node_modules, and the program runs', async (t) => {
  const dir = project(t)
  // node_modules of symlinks to the real packages, plus one that requires a file of an extension
  // Node loads as JavaScript and esbuild has no loader for.
  rmSync(path.join(dir, 'node_modules'))
  mkdirSync(path.join(dir, 'node_modules/fragile'), { recursive: true })
  for (const name of readdirSync(path.join(root, 'node_modules'))) symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name))
  writeFileSync(path.join(dir, 'node_modules/fragile/package.json'), JSON.stringify({ name: 'fragile', main: 'index.js', types: 'index.d.ts' }))
  writeFileSync(path.join(dir, 'node_modules/fragile/index.js'), "module.exports = { word: require('./word.cfg') }\n")
  writeFileSync(path.join(dir, 'node_modules/fragile/word.cfg'), "module.exports = 'plain'\n")
  writeFileSync(path.join(dir, 'node_modules/fragile/index.d.ts'), 'export declare const word: string\n')
  writeFileSync(
    path.join(dir, 'src/server.ts'),
    ["import { word } from 'fragile'", "import { Type } from 'typebox'", 'console.log(word, Type.String().type)', ''].join('\n'),
  )
  const built = build(dir)
  t.equal(built.status, 0, built.stderr)
  t.match(
    built.stderr,
    /the packages could not be bundled \(No loader is configured for "\.cfg" files: node_modules\/fragile\/word\.cfg\); dist\/ loads them from node_modules/,
    'the build says which file it could not bundle',
  )
  t.notOk(existsSync(path.join(dir, 'dist/vendor')), 'no half-made dist/vendor/ is left')
  const server = readFileSync(path.join(dir, 'dist/server.js'), 'utf8')
  t.match(server, /from ["']fragile["']/, 'the compiled imports still name the packages')
  t.match(server, /from ["']typebox["']/)
  t.equal(run(dir), 'plain string', 'and the program runs as it would have')
})

/** A server that autoloads two routes sharing a module that counts and reads a file found from its own folder. */
function autoloading(t: Test, extra: Record<string, string> = {}): string {
  const dir = project(t)
  const files: Record<string, string> = {
    'src/server.ts': [
      "import { readdirSync } from 'node:fs'",
      "import path from 'node:path'",
      "import { bump, note } from './lib/shared.js'",
      'const said: string[] = []',
      "const routes = path.join(import.meta.dirname, 'routes')",
      "for (const name of readdirSync(routes).filter((f) => f.endsWith('.js')).sort())",
      '  said.push(((await import(path.join(routes, name))) as { default: () => string }).default())',
      "console.log([...said, bump(), note()].join(' '))",
    ].join('\n'),
    'src/lib/shared.ts': [
      "import { readFileSync } from 'node:fs'",
      "import path from 'node:path'",
      'let count = 0',
      'export const bump = () => ++count',
      "export const note = () => readFileSync(path.resolve(import.meta.dirname, '../../note.txt'), 'utf8').trim()",
    ].join('\n'),
    'src/routes/a.ts': "import { bump } from '../lib/shared.js'\nexport default () => `a${bump()}`\n",
    'src/routes/b.ts': "import { bump } from '../lib/shared.js'\nexport default () => `b${bump()}`\n",
    'note.txt': 'noted\n',
    'tsconfig.json': JSON.stringify({
      compilerOptions: { ...COMPILER, types: ['node'] },
      include: ['src'],
    }),
    ...extra,
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  return dir
}

t.test("src/'s own modules are bundled into the files autoload reads, one copy of each, their paths kept", async (t) => {
  const dir = autoloading(t)
  const built = build(dir)
  t.equal(built.status, 0, built.stderr)
  t.match(built.stderr, /4 modules of src\/ bundled into 4 files/, 'server, a, b and a chunk for shared')
  t.ok(existsSync(path.join(dir, 'dist/routes/a.js')) && existsSync(path.join(dir, 'dist/routes/b.js')), 'the autoloaded modules keep their names')
  t.notOk(existsSync(path.join(dir, 'dist/lib')), 'a module only imported is in a shared chunk, not a file of its own')
  t.ok(readdirSync(path.join(dir, 'dist/chunks')).length > 0)
  t.equal(run(dir), 'a1 b2 3 noted', 'the shared module is made once, and finds note.txt from the folder it had')
  // dist/ and what it reads may move together.
  const moved = `${dir}-moved`
  renameSync(dir, moved)
  t.teardown(() => rmSync(moved, { recursive: true, force: true }))
  t.equal(run(moved), 'a1 b2 3 noted', 'the paths are relative to where dist/ is')
})

t.test("a module asking import.meta what the bundle cannot keep leaves dist/'s modules one per file, and the program runs", async (t) => {
  const dir = autoloading(t, {
    'src/routes/c.ts': "export default () => (import.meta.resolve('./a.js').endsWith('/routes/a.js') ? 'c' : 'elsewhere')\n",
  })
  const built = build(dir)
  t.equal(built.status, 0, built.stderr)
  t.match(built.stderr, /dist\/'s own modules could not be bundled \(routes\/c\.js uses import\.meta beyond its url, filename and dirname\)/)
  t.ok(existsSync(path.join(dir, 'dist/lib/shared.js')), "tsc's files are left as they were")
  t.notOk(existsSync(path.join(dir, 'dist/chunks')) || existsSync(path.join(dir, 'dist.bundle')), 'no half-made bundle is left')
  t.equal(run(dir), 'a1 b2 c 3 noted')
})
