// What scripts/test.ts reads from tap: its TAP as a whole run's log, and the per-file TAP that tap
// writes with --output-dir (the assertions counted, the failures shown, the slowest files named).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { Parser, type Result } from 'tap-parser'

/**
 * A whole run's log: a line per file or batch as it ends, from tap's own TAP (its `tap` reporter).
 * tap's default reporter redraws its screen for every assertion: in a log that is noise, and it
 * cost a fifth more CPU than the tests of a pure batch themselves (#46). A failure's details
 * are printed from the files' TAP once the run ends (failures()).
 */
export function progress(line: string): string | undefined {
  const ended = /^(not )?ok \d+ - (\S+)(?: # time=([\d.]+)ms)?/.exec(line)
  if (ended) return `${ended[1] ? 'FAILED' : 'ok    '} ${ended[2]}${ended[3] ? ` (${(Number(ended[3]) / 1000).toFixed(1)} s)` : ''}`
  return /^# (?!Subtest)/.test(line) ? line : undefined
}

/**
 * What a failed file said: its failed assertions with their diagnostics, and every comment (a
 * failing test prints the seeds that replay it), under the names of the subtests they belong to.
 */
export function failures(dir: string, failed: string[]): string[] {
  const shown: string[] = []
  for (const file of failed) {
    const text = readFileSync(path.join(dir, file), 'utf8')
    shown.push(`--- ${file.replace(/\.tap$/, '')} ---`)
    let diagnostics: string | undefined
    for (const line of text.split('\n')) {
      const indent = /^\s*/.exec(line)![0]
      if (diagnostics !== undefined) {
        shown.push(line)
        if (line === `${diagnostics}...`) diagnostics = undefined
      } else if (/^\s*not ok /.test(line)) {
        shown.push(line)
      } else if (/^\s*---$/.test(line) && /^\s*not ok /.test(shown.at(-1) ?? '')) {
        diagnostics = indent
        shown.push(line)
      } else if (/^\s*# /.test(line)) shown.push(line)
    }
  }
  return shown
}

/**
 * The assertions in tap's per-file TAP (--output-dir), counted as tap counts them for its
 * `# { total: N, pass: N }`: every result a file's parser reports (nested ones bubble up).
 */
export function counted(dir: string): { pass: number; fail: number; skip: number; todo: number; failedFiles: string[] } {
  const count = { pass: 0, fail: 0, skip: 0, todo: 0, failedFiles: [] as string[] }
  for (const file of tapFiles(dir)) {
    const failedBefore = count.fail
    // A file that ended early (a crash, a timeout) is a failure even when no assertion of it failed.
    const parser = new Parser((results) => {
      if (!results.ok && count.fail === failedBefore) count.fail++
      if (!results.ok) count.failedFiles.push(file)
    })
    parser.on('result', (r: Result) => {
      if (r.todo) count.todo++
      else if (r.skip) count.skip++
      else if (r.ok) count.pass++
      else count.fail++
    })
    parser.end(readFileSync(path.join(dir, file)))
  }
  return count
}

// A file only: the batches' folder under the checkout, `.tap/`, ends in `.tap` too.
export const tapFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tap') && statSync(path.join(dir, f)).isFile())

/** The files that took longest, from the per-file TAP that tap writes with --output-dir. */
export function slowest(dir: string, count: number): string[] {
  const times: [string, number][] = []
  for (const file of tapFiles(dir)) {
    const ms = /# time=([\d.]+)ms\s*$/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1]
    if (ms) times.push([file.replace(/\.tap$/, ''), Number(ms) / 1000])
  }
  return times
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([file, s]) => `${s.toFixed(1).padStart(6)} s  ${file}`)
}
