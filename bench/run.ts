// `npm run bench -- <name>` runs bench/<name>.ts; `npm run bench` runs them all.
// Each bench prints one JSON line per figure and the lot goes to bench/results/<name>.json.
// Benches report ratios against a baseline measured in the same process, since
// these machines are noisy; tests never assert on speed.
import { cpus, totalmem } from 'node:os'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface Figure {
  bench: string
  metric: string
  clients?: number
  value: number
  unit: string
  note?: string
}
/** `extra` is a note, or a note and the number of concurrent clients the figure was measured with. */
export type Report = (metric: string, value: number, unit: string, extra?: string | { note?: string; clients?: number }) => void
export type Bench = (report: Report, log: (message: string) => void) => Promise<void>

const here = import.meta.dirname
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
/** A bench's file by its name: the platform's in bench/, a game's own in bench/games/<game>/ as `<game>-<name>`. */
const files = new Map<string, string>()
for (const f of await readdir(here)) if (f.endsWith('.ts') && f !== 'run.ts') files.set(f.slice(0, -3), path.join(here, f))
for (const game of await readdir(path.join(here, 'games'))) {
  for (const f of await readdir(path.join(here, 'games', game)))
    if (f.endsWith('.ts')) files.set(`${game}-${f.slice(0, -3)}`, path.join(here, 'games', game, f))
}
const available = [...files.keys()].sort()
const names = wanted.length ? wanted : available
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`no bench named "${name}"; available: ${available.join(', ')}`)
    process.exit(2)
  }
}

await mkdir(path.join(here, 'results'), { recursive: true })
for (const name of names) {
  const figures: Figure[] = []
  const report: Report = (metric, value, unit, extra) => {
    const { note, clients } = typeof extra === 'string' ? { note: extra, clients: undefined } : (extra ?? {})
    const figure: Figure = {
      bench: name,
      metric,
      ...(clients !== undefined ? { clients } : {}),
      value: Math.round(value * 1000) / 1000,
      unit,
      ...(note ? { note } : {}),
    }
    figures.push(figure)
    console.log(JSON.stringify(figure))
  }
  const log = (message: string) => console.error(`[bench ${name}] ${message}`)
  const mod = (await import(files.get(name)!)) as { default: Bench }
  await mod.default(report, log)
  // `npm run bench:table` writes docs/BENCHMARKS.md's table from these files.
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`
  await writeFile(path.join(here, 'results', `${name}.json`), JSON.stringify({ bench: name, date: new Date().toISOString(), machine, figures }, null, 2) + '\n')
}
