// The test files of a whole run, as tap is given them (scripts/test.ts). Each process that starts
// a test file loads tap, tsx and the service's modules and compiles them anew: about 6 s of CPU
// before an app test's first assertion, which made up most of the run. So the files that build
// the app (or drive a browser) run several to a process: each batch entry imports its files one
// after the other, and their tests run in that process as they would alone, each building its own
// app on its own database (they keep no state at the top level: no root hooks, no env writes).
// The pure tests stay one to a process (their coverage is the engine's, test/helpers/coverage-scope.ts),
// and so do the builds of test/scripts/, which are mostly child processes.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** Files that keep a process of their own. */
const ALONE = /^test\/(games|lib|faces|scripts)\/|^test\/[^/]+\.test\.ts$/
/** Files a batch holds at most: more share more loading, fewer balance the two jobs better at the end. */
export const BATCH_SIZE = 8
/** tap's timeout for one file, in seconds, as in package.json; a batch gets it once per file. */
const FILE_TIMEOUT_S = 300

export interface Plan {
  /** What to give tap: the batch entries, then the files that run alone. */
  files: string[]
  /** Each batch entry and the test files it runs, for the log. */
  batches: [string, string[]][]
}

/** Every test file of the run (tap's include glob, test/**\/*.test.ts), batched as above into `dir`. */
export function plan(root: string, dir: string): Plan {
  const all = readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .map((f) => `test/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
  const alone = all.filter((f) => ALONE.test(f))
  const batched = all.filter((f) => !ALONE.test(f))
  // Round robin, so that the browser files (most of the CPU) spread over the batches.
  const count = Math.ceil(batched.length / BATCH_SIZE)
  const groups: string[][] = Array.from({ length: count }, () => [])
  batched.forEach((file, i) => groups[i % count]!.push(file))
  mkdirSync(dir, { recursive: true })
  const batches = groups.map((group, i): [string, string[]] => {
    const entry = path.join(dir, `batch-${String(i + 1).padStart(2, '0')}.test.mjs`)
    const imports = group.map((f) => `await import(${JSON.stringify(pathToFileURL(path.join(root, f)).href)})`)
    writeFileSync(
      entry,
      [
        '// Written by scripts/test-batches.ts for one run: these test files in one process.',
        "import t from 'tap'",
        `t.setTimeout(${FILE_TIMEOUT_S * 1000 * group.length})`,
        ...imports,
        '',
      ].join('\n'),
    )
    return [path.relative(root, entry), group]
  })
  // The longest single files first (the builds of test/scripts/, minutes each): started last, one
  // of them kept a job busy for minutes after the other had run out of files.
  const first = alone.filter((f) => f.startsWith('test/scripts/'))
  const rest = alone.filter((f) => !first.includes(f))
  return { files: [...first, ...batches.map(([entry]) => entry), ...rest], batches }
}
