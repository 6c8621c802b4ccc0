// Compiles src/ into dist/ only when what the compile reads has changed since
// the last build: `npm start` runs it first (prestart), so a warm start costs a
// few milliseconds of hashing instead of a ten-second tsc. Plain .mjs run by
// plain node, because going through tsx would itself cost a few hundred ms.
//
//   node scripts/build-if-changed.mjs            build if the inputs changed
//   node scripts/build-if-changed.mjs --force    always build (npm run build)
//   node scripts/build-if-changed.mjs --install  as the first, but say so and do
//                                                nothing where TypeScript is not installed
//                                                (npm ci --omit=dev with a shipped dist/)
//
// The stamp is a hash of the inputs' contents, not of their times: a checkout or
// a copy changes every mtime and should not cost a build, and an edit that
// keeps the mtime (rsync -t, a restore from backup) must not be missed.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** What tsc reads besides src/: its settings, and what decides the types of the dependencies. */
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json']
const STAMP = path.join('dist', '.build-stamp')

/** A hash of every file under src/ (paths and contents) and of INPUT_FILES. */
export function inputsHash(root) {
  const hash = createHash('sha256')
  const add = (rel) => {
    const file = path.join(root, rel)
    hash.update(rel + '\0')
    hash.update(existsSync(file) ? readFileSync(file) : '(missing)')
    hash.update('\0')
  }
  const src = path.join(root, 'src')
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)))
    .sort()
  for (const rel of files) add(rel)
  for (const rel of INPUT_FILES) add(rel)
  return hash.digest('hex')
}

function stampOf(root) {
  try {
    return readFileSync(path.join(root, STAMP), 'utf8').trim()
  } catch {
    return undefined
  }
}

/** Builds dist/ from scratch (no output of a deleted source survives); the stamp is written only after tsc succeeded. */
function build(root, hash) {
  const require = createRequire(path.join(root, 'package.json'))
  const tsc = require.resolve('typescript/bin/tsc')
  rmSync(path.join(root, 'dist'), { recursive: true, force: true })
  const { status, signal } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
  if (status !== 0) return status ?? (signal ? 1 : 0)
  writeFileSync(path.join(root, STAMP), hash + '\n')
  return 0
}

/** Returns the process's exit code: 0 when dist/ is up to date, built or not. */
export function main(argv, root = process.cwd()) {
  const force = argv.includes('--force')
  const install = argv.includes('--install')
  if (install && !hasTypescript(root)) {
    console.error('[build] TypeScript is not installed (a production install?); dist/ is left as it is')
    return 0
  }
  const hash = inputsHash(root)
  if (!force && existsSync(path.join(root, 'dist/server.js')) && stampOf(root) === hash) {
    console.error('[build] dist/ is up to date with src/; nothing to compile')
    return 0
  }
  console.error(force ? '[build] compiling src/ into dist/' : '[build] src/ changed since the last build (or dist/ is missing); compiling')
  return build(root, hash)
}

function hasTypescript(root) {
  try {
    createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc')
    return true
  } catch {
    return false
  }
}

if (import.meta.filename === process.argv[1]) process.exitCode = main(process.argv.slice(2))
