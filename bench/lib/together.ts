// Before and after loaded at the same moment (`BENCH_TOGETHER=1 npm run bench -- compare`): each
// server takes half the clients on its own half of the fleet, so that both run on the same machine
// however its speed moves, and each is charged its own CPU and its own PostgreSQL backends' (found
// by the ports of its sockets). Turn about, on a shared machine, node's CPU per order moved by up to
// 30% from one pair of runs to the next (2026-12-01); loaded together, the ratio of the two sides
// held within 1–2%; but one server process can stay a tenth faster or slower than another of the
// same build for its whole life (two runs of one change gave 0.83 and 1.00), so each run starts new
// processes and the median is over process pairs. What it gives is each side's cost per order and their ratio: each side's rate
// is its share of a machine the other is using too, not what it would do alone, and a side that
// finishes first leaves the other the machine for the rest of its run.
import type pg from 'pg'
import { inARowCount, loadRun, ringLaps, type LoadJob, type LoadResult } from './load.ts'
import { cpuOf, cpuSince, rssMb, tcpPortsOf } from './proc.ts'
import { median } from './server.ts'
import type { Bench } from '../run.ts'

type Report = Parameters<Bench>[0]
type Pattern = 'in-a-row' | 'round-robin'

interface Side {
  name: 'before' | 'after'
  /** The revision it runs, for the notes. */
  label: string
  /** Its server's process, as it is now (restarted for each run). */
  pid: () => number
  /** The load for this side: the fleet's half it plays, with all the clients (halved here). */
  job: (clients: number, pattern: Pattern) => LoadJob
}

interface Sample {
  perS: number
  nodeMs: number
  pgMs: number
  p99: number
  failed: number
  /** Highest resident memory of the server during the run, MB. */
  rss: number
}

async function backendsOf(admin: pg.Client, pid: number): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[])', [tcpPortsOf(pid)])
  return rows.map((row) => row.pid)
}

/** Runs each side's job at once; each side's rate and CPU per accepted order, its backends' included. */
async function loadTogether(admin: pg.Client, sides: { pid: number; job: LoadJob }[]): Promise<Sample[]> {
  const backends = await Promise.all(sides.map((side) => backendsOf(admin, side.pid)))
  const nodeBefore = sides.map((side) => cpuOf([side.pid]))
  const pgBefore = backends.map((pids) => cpuOf(pids))
  const rss = sides.map((side) => rssMb(side.pid))
  const sampler = setInterval(() => sides.forEach((side, index) => (rss[index] = Math.max(rss[index]!, rssMb(side.pid)))), 200)
  const results: LoadResult[] = await Promise.all(sides.map((side) => loadRun(side.job))).finally(() => clearInterval(sampler))
  return Promise.all(
    sides.map(async (side, index) => {
      // A backend the pool opened during the run is counted whole: its life is the run.
      const pgPids = [...new Set([...backends[index]!, ...(await backendsOf(admin, side.pid))])]
      const result = results[index]!
      return {
        perS: result.ok / result.seconds,
        nodeMs: cpuSince(nodeBefore[index]!, [side.pid]) / result.ok,
        pgMs: cpuSince(pgBefore[index]!, pgPids) / result.ok,
        p99: result.p99,
        failed: result.non2xx + result.errors,
        rss: rss[index]!,
      }
    }),
  )
}

/** `runs` rounds of every client count and pattern, both sides at once, then the figures. */
export async function compareTogether(options: {
  admin: pg.Client
  sides: [Side, Side]
  clients: number[]
  patterns: readonly Pattern[]
  runs: number
  reset: () => Promise<void>
  /** New server processes, warmed, for every run after the first. */
  restart: () => Promise<void>
  report: Report
  log: (message: string) => void
}) {
  const { admin, sides, report, log } = options
  const samples = new Map<string, Sample[]>()
  for (let run = 1; run <= options.runs; run++) {
    if (run > 1) await options.restart()
    for (const clients of options.clients)
      for (const pattern of options.patterns) {
        await options.reset()
        const jobs = sides.map((side) => ({ ...side.job(clients, pattern), connections: half(clients) }))
        let measured = jobs.map(inARowCount)
        if (pattern === 'round-robin') {
          // The ring's first lap (reads after the reset) unmeasured, then its other laps.
          const laps = jobs.map((job) => ringLaps(job, job.orders.length))
          await Promise.all(laps.map((lap) => loadRun(lap.warm)))
          measured = laps.map((lap) => lap.measured)
        }
        const out = await loadTogether(
          admin,
          sides.map((side, index) => ({ pid: side.pid(), job: measured[index]! })),
        )
        sides.forEach((side, index) => {
          const sample = out[index]!
          if (sample.failed > 0) log(`  warning: ${side.name}, ${pattern}: ${sample.failed} requests refused or failed`)
          samples.set(`${side.name} ${pattern} ${clients}`, [...(samples.get(`${side.name} ${pattern} ${clients}`) ?? []), sample])
          log(
            `run ${run}, ${clients} clients together, ${side.name} (${side.label}), ${pattern}: ${Math.round(sample.perS)} orders/s, p99 ${sample.p99} ms, ` +
              `node ${sample.nodeMs.toFixed(3)} ms and PostgreSQL ${sample.pgMs.toFixed(3)} ms CPU per order, RSS up to ${Math.round(sample.rss)} MB`,
          )
        })
      }
  }
  for (const clients of options.clients)
    for (const pattern of options.patterns) {
      const of = (side: Side) => samples.get(`${side.name} ${pattern} ${clients}`)!
      const key = pattern.replace(/-/g, '_')
      for (const side of sides) {
        const note = { clients, note: `${side.name} (${side.label}), ${pattern}, loaded together with the other side, ${half(clients)} clients each` }
        report(`together_${side.name}_${key}_orders_per_s`, median(of(side).map((s) => s.perS)), 'orders/s', note)
        report(`together_${side.name}_${key}_node_cpu_ms_per_order`, median(of(side).map((s) => s.nodeMs)), 'ms', note)
        report(`together_${side.name}_${key}_pg_cpu_ms_per_order`, median(of(side).map((s) => s.pgMs)), 'ms', note)
        report(`together_${side.name}_${key}_p99_ms`, median(of(side).map((s) => s.p99)), 'ms', note)
        report(`together_${side.name}_${key}_rss_mb`, median(of(side).map((s) => s.rss)), 'MB', note)
      }
      const [before, after] = sides
      const ratio = (f: (s: Sample) => number) => median(of(after).map((s, i) => f(s) / f(of(before)[i]!)))
      const note = { clients, note: `after over before, run by run, loaded together, ${pattern}` }
      report(
        `together_after_vs_before_${key}_node_cpu`,
        ratio((s) => s.nodeMs),
        'ratio',
        note,
      )
      report(
        `together_after_vs_before_${key}_pg_cpu`,
        ratio((s) => s.pgMs),
        'ratio',
        note,
      )
    }
}

const half = (clients: number) => Math.max(1, Math.floor(clients / 2))
