// The test files of a whole run, as tap is given them (scripts/test.ts). Each process that starts
// a test file loads tap, tsx and the service's modules and compiles them anew: about 6 s of CPU
// before an app test's first assertion, and some 2 to 3 s before a pure one's, which made up most
// of the run. So files run several to a process: each batch entry imports its files one after the
// other, and their tests run in that process as they would alone, each app test building its own
// app on its own database (they keep no state at the top level: no root hooks, no env writes).
// The pure tests (engine, lib, faces) have batches of their own, whose processes collect the
// engine's coverage (test/helpers/coverage-scope.ts). The longest files (the builds of
// test/scripts/, the two contracts, the three longest browser files) have a process each and
// start first, longest first, so that no job is left with one at the end; a file with a snapshot runs as itself
// (tap names a snapshot after the process's main file).
// tap runs three at once (package.json's tap.jobs) on these two cores: each test process waits on
// PostgreSQL, Chromium or a child server part of the time, and a third keeps the cores busy then
// (#46: six app batches took 286 s instead of 305 s side by side).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The folders of the pure tests: no app, no database, no browser. */
export const PURE = /^test\/(games|lib|faces)\/|^test\/[^/]+\.test\.ts$/
/** What an app, database or browser test imports: such a file in a pure folder (a game's face tested through its pages) is not pure. */
const USES_APP = /helpers\/(app|browser|db|campaign|test-support|notified-app)\.ts'/
/** Whether the test file `file` (from the checkout's root) is a pure one. */
export const isPure = (root: string, file: string) => PURE.test(file) && !USES_APP.test(readFileSync(path.join(root, file), 'utf8'))
/** The batch entries that hold pure tests, by name (test/helpers/coverage-scope.ts keeps coverage on in them). */
export const PURE_BATCH = /(^|\/)\.tap\/batches-\d+\/[a-z]\d*-pure-\d+\.test\.mjs$/
/**
 * The longest files, each in a process of its own, started first and longest first: the builds,
 * the HTTP and shared contracts, and the three browser files of a minute and more (a group of
 * friends in every game; El Mapa played to its end). Dealt into a batch, one made it the run's last
 * and longest, one job idle while it ran (#46); started after shorter ones, the builds' 150–190 s
 * were the run's tail (b25b06a: 874 s of tests where the same work had taken about 800).
 * In order of their time in the CI runs of 2026-11-30.
 */
const LONG = [
  /^test\/scripts\/build-if-changed\.test\.ts$/,
  /^test\/routes\/game-contract\.test\.ts$/,
  /^test\/games\/contract\.test\.ts$/,
  /^test\/routes\/pages\/browser-group\.test\.ts$/,
  /^test\/faces\/elmapa\/browser\.test\.ts$/,
  /^test\/scripts\//,
]
const longRank = (file: string) => LONG.findIndex((pattern) => pattern.test(file))
/** Files a batch holds at most: more share more loading, fewer balance the jobs better at the end. */
export const BATCH_SIZE = 8
/** tap's timeout for one file, in seconds, as in package.json; a batch gets it once per file. */
const FILE_TIMEOUT_S = 300

export interface Plan {
  /** What to give tap: the batch entries, then the files that run alone. */
  files: string[]
  /** Each batch entry and the test files it runs, for the log. */
  batches: [string, string[]][]
}

/**
 * Every test file of the run (tap's include glob, test/**\/*.test.ts) that `only` keeps, batched as above into `dir`.
 * tap starts the files in the order of their names, so the entries' names give the order: the long
 * files (a01-, a02-, …, longest first), the app and browser batches, a minute or two each (b-), then the pure batches, seconds
 * each (c-), which even out the jobs' ends.
 */
export function plan(root: string, dir: string, only: (file: string) => boolean = () => true): Plan {
  const all = readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .map((f) => `test/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.test.ts') && only(f))
    .sort()
  // A snapshot is named after the process's main file: such a file runs as itself.
  const alone = all.filter((f) => readFileSync(path.join(root, f), 'utf8').includes('matchSnapshot('))
  const long = all.filter((f) => longRank(f) >= 0 && !alone.includes(f)).sort((x, y) => longRank(x) - longRank(y))
  const rest = all.filter((f) => !alone.includes(f) && !long.includes(f))
  mkdirSync(dir, { recursive: true })
  const pure = (f: string) => isPure(root, f)
  const batches = [
    // Named by rank (a01-, a02-, …), since tap starts them in the order of their names.
    ...long.map((f, i) => entry(root, dir, `a${String(i + 1).padStart(2, '0')}-${pure(f) ? 'pure' : 'long'}-1`, [f])),
    ...dealt(rest.filter((f) => !pure(f))).map((group, i) => entry(root, dir, `b-app-${i + 1}`, group)),
    ...dealt(rest.filter(pure)).map((group, i) => entry(root, dir, `c-pure-${i + 1}`, group)),
  ]
  return { files: [...batches.map(([name]) => name), ...alone], batches }
}

/** `files` in groups of at most BATCH_SIZE, dealt round robin (the heavy ones, which sort together, spread out). */
function dealt(files: string[]): string[][] {
  const groups: string[][] = Array.from({ length: Math.ceil(files.length / BATCH_SIZE) }, () => [])
  files.forEach((file, i) => groups[i % groups.length]!.push(file))
  return groups
}

/** A batch entry that imports `group` one file after the other, written into `dir`. */
function entry(root: string, dir: string, name: string, group: string[]): [string, string[]] {
  const file = path.join(dir, `${name.replace(/\d+$/, (n) => n.padStart(2, '0'))}.test.mjs`)
  const imports = group.map((f) => `await import(${JSON.stringify(pathToFileURL(path.join(root, f)).href)})`)
  writeFileSync(
    file,
    [
      '// Written by scripts/test-batches.ts for one run: these test files in one process.',
      "import t from 'tap'",
      `t.setTimeout(${FILE_TIMEOUT_S * 1000 * group.length})`,
      ...imports,
      '',
    ].join('\n'),
  )
  return [path.relative(root, file), group]
}
