// `npm start` compiles only when the sources changed (scripts/build-if-changed.mjs, its
// prestart): an unchanged tree starts without tsc, and a changed source is always the code
// that runs next. Played on a small project of its own, with the real TypeScript.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'

const root = path.resolve(import.meta.dirname, '../..')
const SCRIPT = path.join(root, 'scripts/build-if-changed.mjs')

function project(t: Test): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ww-build-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(path.join(dir, 'src'))
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
  writeFileSync(path.join(dir, 'package-lock.json'), '{}')
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2023', module: 'NodeNext', strict: true, noEmit: true, types: [] }, include: ['src'] }),
  )
  writeFileSync(
    path.join(dir, 'tsconfig.build.json'),
    JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: false, rootDir: 'src', outDir: 'dist' }, include: ['src'] }),
  )
  writeFileSync(path.join(dir, 'src/server.ts'), "const word: string = 'one'\nconsole.log(word)\n")
  return dir
}

const build = (dir: string, ...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' })
const run = (dir: string) => spawnSync(process.execPath, ['dist/server.js'], { cwd: dir, encoding: 'utf8' }).stdout.trim()
/** A file tsc never writes: it survives exactly when dist/ was not rebuilt. */
const mark = (dir: string) => writeFileSync(path.join(dir, 'dist/untouched'), '')
const rebuilt = (dir: string) => !existsSync(path.join(dir, 'dist/untouched'))

t.test('npm start runs the build step, then the compiled server', async (t) => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  t.equal(scripts.prestart, 'node scripts/build-if-changed.mjs')
  t.match(scripts.start, /dist\/server\.js$/)
  t.equal(scripts.build, 'node scripts/build-if-changed.mjs --force', 'npm run build always compiles')
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
