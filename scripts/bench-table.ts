// `npm run bench:table`: the benchmark table of docs/BENCHMARKS.md, written from bench/results/*.json
// (what `npm run bench` last measured), between the bench:start and bench:end markers.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Figure } from '../bench/run.ts'

const root = path.resolve(import.meta.dirname, '..')
const dir = path.join(root, 'bench/results')
const START = '<!-- bench:start (npm run bench:table writes this table) -->'
const END = '<!-- bench:end -->'

interface Results {
  bench: string
  date: string
  machine: string
  figures: Figure[]
}

const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()
const rows: string[] = []
const machines = new Set<string>()
for (const file of files) {
  const parsed = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Results | Figure[]
  if (Array.isArray(parsed)) {
    console.error(`${file}: from before results carried their date; run npm run bench -- ${file.slice(0, -5)}`)
    continue
  }
  machines.add(parsed.machine)
  for (const f of parsed.figures) {
    const value = Math.abs(f.value) >= 100 ? Math.round(f.value).toLocaleString('en') : String(f.value)
    rows.push(`| \`${parsed.bench}\` | ${f.metric} | ${f.clients ?? ''} | ${value} ${f.unit} | ${f.note ?? ''} | ${parsed.date.slice(0, 10)} |`)
  }
}
const table = [
  START,
  `Measured on ${[...machines].join('; ')}.`,
  '',
  '| bench | metric | clients | value | note | date |',
  '|---|---|---|---|---|---|',
  ...rows,
  END,
].join('\n')
const docPath = path.join(root, 'docs/BENCHMARKS.md')
const doc = await readFile(docPath, 'utf8')
const from = doc.indexOf(START)
const to = doc.indexOf(END)
if (from < 0 || to < 0) throw new Error(`docs/BENCHMARKS.md has no ${START} … ${END} markers`)
await writeFile(docPath, doc.slice(0, from) + table + doc.slice(to + END.length))
console.log(`docs/BENCHMARKS.md: ${rows.length} figures from ${files.length} benches`)
