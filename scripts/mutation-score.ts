// `npm run mutate` ends with this: the mutation score of the kernel, of each game and of the
// whole engine, read from Stryker's JSON report (mutation-testing-report-schema), one JSON line
// per group. Score = (killed + timeout) / (killed + timeout + survived + noCoverage), in percent,
// the way Stryker counts it (compile and runtime errors and ignored mutants are not valid).
//
//   tsx scripts/mutation-score.ts [reports/mutation/mutation.json ...]
//
// Several reports (say, one run per game) are read as one; a file in more than one counts once,
// from the last report that has it.
import { readFileSync } from 'node:fs'
import path from 'node:path'

type Status = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending'
interface Mutant {
  status: Status
  mutatorName?: string
  replacement?: string
  location?: { start: { line: number; column: number } }
}
interface Report {
  files: Record<string, { source?: string; mutants: Mutant[] }>
}
interface Count {
  killed: number
  timeout: number
  survived: number
  noCoverage: number
}

// --survivors: also every mutant that survived or ran without coverage, one line each, for writing the tests that kill them.
const survivors = process.argv.includes('--survivors')
const given = process.argv.slice(2).filter((a) => a !== '--survivors')
const paths = given.length ? given : ['reports/mutation/mutation.json']
const report: Report = { files: {} }
for (const file of paths) Object.assign(report.files, (JSON.parse(readFileSync(file, 'utf8')) as Report).files)

/** The group of a source file: `kernel`, `src/engine/games/<game>/`, or null outside both. */
function groupOf(name: string): string | null {
  const p = name.split(path.sep).join('/')
  if (/(^|\/)src\/engine\/kernel\//.test(p)) return 'kernel'
  const game = /(^|\/)src\/engine\/games\/([^/]+)\//.exec(p)
  return game ? `src/engine/games/${game[2]}/` : null
}

const groups = new Map<string, Count>()
const add = (group: string, status: Status) => {
  const c = groups.get(group) ?? { killed: 0, timeout: 0, survived: 0, noCoverage: 0 }
  if (status === 'Killed') c.killed++
  else if (status === 'Timeout') c.timeout++
  else if (status === 'Survived') c.survived++
  else if (status === 'NoCoverage') c.noCoverage++
  groups.set(group, c)
}
for (const [name, { mutants }] of Object.entries(report.files)) {
  const group = groupOf(name)
  for (const m of mutants) {
    if (group) add(group, m.status)
    add('total', m.status)
  }
}

const order = [...groups.keys()].filter((g) => g !== 'total').sort((a, b) => (a === 'kernel' ? -1 : b === 'kernel' ? 1 : a.localeCompare(b)))
for (const group of [...order, 'total']) {
  const c = groups.get(group)
  if (!c) continue
  const valid = c.killed + c.timeout + c.survived + c.noCoverage
  const score = valid ? Math.round(((c.killed + c.timeout) / valid) * 10000) / 100 : null
  console.log(JSON.stringify({ group, ...c, score }))
}

if (survivors)
  for (const [name, { source, mutants }] of Object.entries(report.files)) {
    const lines = source?.split('\n') ?? []
    for (const m of mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
      const at = m.location?.start ?? { line: 0, column: 0 }
      const code = (lines[at.line - 1] ?? '').trim().slice(0, 100)
      console.log(`${name}:${at.line}:${at.column} ${m.status} ${m.mutatorName ?? ''} ${JSON.stringify(m.replacement ?? '')} | ${code}`)
    }
  }
