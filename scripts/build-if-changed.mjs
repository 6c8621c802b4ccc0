// Compiles src/ into dist/ only when what the compile reads has changed since
// the last build: `npm start` runs it first (prestart), so a warm start costs a
// few milliseconds of checking instead of a ten-second tsc. Plain .mjs run by
// plain node, because going through tsx would itself cost a few hundred ms.
//
//   node scripts/build-if-changed.mjs            build if the inputs changed
//   node scripts/build-if-changed.mjs --force    always build (npm run build)
//   node scripts/build-if-changed.mjs --install  as the first, but say so and do
//                                                nothing where TypeScript is not installed
//                                                (npm ci --omit=dev with a shipped dist/)
//
// A build is tsc, then the packages bundled into dist/vendor/ (scripts/vendor-packages.mjs), then
// dist/'s own modules into the files autoload reads and their shared chunks (scripts/bundle-app.mjs).
//
// The stamp is a hash of the inputs' contents, not of their times: a checkout or
// a copy changes every mtime and should not cost a build, and an edit that
// keeps the mtime (rsync -t, a restore from backup) must not be missed. Reading
// every input at each start is skipped when their stat() is what the stamp saw:
// path, size, mtime, inode and ctime. The ctime is what keeps the guarantee: the
// kernel sets it to the current time at every write, rename or utimes(), and
// nothing can set it back, so an edit that restores the mtime still changes it.
// As git does with its index ("racy git"), no stat is kept when an input's ctime
// is too close to the moment it was read: an edit within the same clock tick
// could leave it unchanged, so the next start reads the contents instead.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** What tsc reads besides src/: its settings, and what decides the types of the dependencies. */
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json']
/** The build's own code: a changed way of building is a reason to build again. */
const BUILD_FILES = [import.meta.filename, path.join(import.meta.dirname, 'vendor-packages.mjs'), path.join(import.meta.dirname, 'bundle-app.mjs')]
const STAMP = path.join('dist', '.build-stamp')
/** How close to its reading an input's ctime makes its stat unfit to vouch for it (clock ticks of coarse file systems). */
const RACY_MS = 2_000

/** Every input: the files under src/, INPUT_FILES and BUILD_FILES, as paths relative to root (or absolute for BUILD_FILES). */
function inputs(root) {
  const src = path.join(root, 'src')
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)))
    .sort()
  return [...files, ...INPUT_FILES, ...BUILD_FILES]
}

/** An input's name in the hash: BUILD_FILES by their file name, so that a moved or copied tree hashes the same. */
const nameOf = (rel) => (path.isAbsolute(rel) ? `(build)/${path.basename(rel)}` : rel)

/** A hash of every input's path and contents. */
export function inputsHash(root, files = inputs(root)) {
  const hash = createHash('sha256')
  for (const rel of files) {
    const file = path.resolve(root, rel)
    hash.update(nameOf(rel) + '\0')
    hash.update(existsSync(file) ? readFileSync(file) : '(missing)')
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** A hash of every input's path and stat(); undefined when one was changed too recently to be trusted (see the header). */
export function inputsStat(root, files = inputs(root), now = Date.now()) {
  const hash = createHash('sha256')
  for (const rel of files) {
    const s = statSync(path.resolve(root, rel), { bigint: true, throwIfNoEntry: false })
    if (s && Number(s.ctimeNs / 1_000_000n) > now - RACY_MS) return undefined
    hash.update(`${rel}\0${s ? `${s.size} ${s.mtimeNs} ${s.ctimeNs} ${s.ino} ${s.dev}` : '(missing)'}\0`)
  }
  return hash.digest('hex')
}

/** The stamp: the inputs' hash, then (when they were fit to vouch) their stat's. */
function stampOf(root) {
  try {
    const [hash, stat] = readFileSync(path.join(root, STAMP), 'utf8').split('\n')
    return { hash, stat: stat || undefined }
  } catch {
    return {}
  }
}

function writeStamp(root, hash, stat) {
  writeFileSync(path.join(root, STAMP), `${hash}\n${stat ?? ''}\n`)
}

/** Builds dist/ from scratch (no output of a deleted source survives); the stamp is written only after tsc succeeded. */
async function build(root, hash, stat) {
  const require = createRequire(path.join(root, 'package.json'))
  const tsc = require.resolve('typescript/bin/tsc')
  rmSync(path.join(root, 'dist'), { recursive: true, force: true })
  const { status, signal } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
  if (status !== 0) return status ?? (signal ? 1 : 0)
  // Loaded only here: a start with nothing to build does not pay for it.
  const { vendorPackages } = await import('./vendor-packages.mjs')
  const { vendored } = await vendorPackages(root)
  if (vendored.length) console.error(`[build] ${vendored.length} package imports bundled into dist/vendor/`)
  const { bundleApp } = await import('./bundle-app.mjs')
  const { modules, bundled } = await bundleApp(root)
  if (modules) console.error(`[build] ${modules} modules of src/ bundled into ${bundled} files`)
  writeStamp(root, hash, stat)
  return 0
}

/** Whether dist/ is built and the inputs' stat() is the one the stamp noted: up to date without reading them. */
function vouched(root, stat = inputsStat(root), stamp = stampOf(root)) {
  return stat !== undefined && stamp.stat === stat && existsSync(path.join(root, 'dist/server.js'))
}

/** The check `npm start` makes in the server's own process (scripts/start.mjs): true when nothing needs a look. */
export const upToDateByStat = (root = process.cwd()) => vouched(root)

/** Resolves to the process's exit code: 0 when dist/ is up to date, built or not. */
export async function main(argv, root = process.cwd()) {
  const force = argv.includes('--force')
  const install = argv.includes('--install')
  if (install && !hasTypescript(root)) {
    console.error('[build] TypeScript is not installed (a production install?); dist/ is left as it is')
    return 0
  }
  const files = inputs(root)
  // Taken before the contents are read: an input written meanwhile differs from it next time.
  const stat = inputsStat(root, files)
  const stamp = stampOf(root)
  const built = existsSync(path.join(root, 'dist/server.js'))
  if (!force && vouched(root, stat, stamp)) {
    console.error('[build] dist/ is up to date with src/; nothing to compile')
    return 0
  }
  const hash = inputsHash(root, files)
  if (!force && built && stamp.hash === hash) {
    // Touched or copied, not changed: the stat is noted so that the next start need not read them.
    writeStamp(root, hash, stat)
    console.error('[build] dist/ is up to date with src/; nothing to compile')
    return 0
  }
  console.error(force ? '[build] compiling src/ into dist/' : '[build] src/ changed since the last build (or dist/ is missing); compiling')
  return build(root, hash, stat)
}

function hasTypescript(root) {
  try {
    createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc')
    return true
  } catch {
    return false
  }
}

if (import.meta.filename === process.argv[1]) process.exitCode = await main(process.argv.slice(2))
