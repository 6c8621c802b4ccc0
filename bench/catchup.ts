// `npm run bench -- catchup`: one running campaign (7 tribes on coast-7, reminders on)
// caught up 1, 10 and 100 weeks at once by the sweep, as after a clock jump or
// downtime (#31 item 4, #32); a fresh database for each size, and a first week
// caught up unmeasured (warm caches and prepared statements). Each size is caught
// up REPS times over (the median per week is reported), and the ratio
// per-week(100) / per-week(1), which is flat when a catch-up is linear in its weeks.
// During the 100-week catch-ups another process asks `GET /health` every 20 ms,
// open loop, and its p99 says whether a catch-up starves other requests.
// BENCH_CATCHUP_WEEKS=1,10,100 and BENCH_CATCHUP_REPS=3 by default.
import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import { WEEKDAYS } from '../src/engine/index.ts'
import type { GameState } from '../src/engine/games/weekday/index.ts'
import { benchConfig, benchServer, median, percentile } from './lib/server.ts'
import type { Bench } from './run.ts'

const SIZES = (process.env.BENCH_CATCHUP_WEEKS ?? '1,10,100').split(',').map(Number)
const REPS = Number(process.env.BENCH_CATCHUP_REPS ?? 3)
const WEEK_MS = 7 * 86_400_000
const START = new Date('2026-11-30T09:00:00Z') // a Monday morning in Madrid
const HEALTH_EVERY_MS = 20

// The prober: a process of its own, so its timing is not held up by the catch-up it
// measures. It fires a request every 20 ms without waiting for the last one (a stall
// shows in every request sent during it) and prints the latencies when told to stop.
const PROBER = `
const url = process.argv[1], every = Number(process.argv[2]), ms = []
let pending = 0, stopping = false
const finish = () => { if (stopping && pending === 0) { process.stdout.write(JSON.stringify(ms)); process.exit(0) } }
const timer = setInterval(() => {
  const t0 = performance.now(); pending++
  fetch(url).then((r) => r.arrayBuffer()).then(() => ms.push(performance.now() - t0), () => ms.push(Infinity)).finally(() => { pending--; finish() })
}, every)
process.stdin.on('data', () => {}).on('end', () => { stopping = true; clearInterval(timer); finish() })
process.stdout.write('ready\\n')
`

function prober(url: string) {
  const child = spawn(process.execPath, ['-e', PROBER, url, String(HEALTH_EVERY_MS)], { stdio: ['pipe', 'pipe', 'inherit'] })
  let out = ''
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.startsWith('ready\n')) resolve()
    })
  })
  const done = new Promise<number[]>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.slice('ready\n'.length)) as number[]) : reject(new Error(`prober exited ${code}`))))
  })
  return {
    ready,
    stop: () => {
      child.stdin.end()
      return done
    },
  }
}

/** A started 7-tribe campaign, a tribe a weekday, every player with a reminder 4 hours before the close. */
async function sevenTribes(app: FastifyInstance): Promise<string> {
  const gm = await app.accounts.register({ email: 'gm@bench.test', password: 'bench-password', displayName: 'GM' })
  const c = await app.campaigns.create(gm.id, { name: 'Seven', mapId: 'coast-7' })
  for (const [i, weekday] of WEEKDAYS.entries()) {
    const user = await app.accounts.register({ email: `p${i}@bench.test`, password: 'bench-password', displayName: `Player ${i}` })
    const inv = await app.campaigns.invite(await app.campaigns.access(c.id, gm.id), gm.id)
    await app.campaigns.accept(inv.token, user.id, { tribeName: `Tribe ${i + 1}`, weekday })
  }
  const access = await app.campaigns.access(c.id, gm.id)
  const { order } = await app.campaigns.start(access)
  const { state } = await app.campaigns.snapshot(c.id)
  const cities = (state as GameState).map.tiles.filter((t) => t.city).map((t) => `${t.q},${t.r}`)
  for (const tribeId of [...order, ...[...order].reverse()]) await app.campaigns.pick(access, { tribeId, city: cities.shift()! })
  return c.id
}

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  try {
    const perWeek = new Map<number, number>()
    const largest = Math.max(...SIZES)
    for (const weeks of SIZES) {
      const app = await buildApp({ config: benchConfig(), databaseUrl: await db.database('bench_catchup') })
      try {
        app.clock.set(START)
        const id = await sevenTribes(app)
        const jump = async (by: number) => {
          app.clock.set(new Date(app.clock.now().getTime() + by * WEEK_MS))
          const sweep = await app.clockwork.sweep()
          if (sweep.caughtUp !== 1 || sweep.failed) throw new Error(`${by} weeks: caught up ${sweep.caughtUp}, ${sweep.failed} failed`)
          return sweep.campaignsMs
        }
        await jump(1)
        await app.listen({ port: 0, host: '127.0.0.1' })
        const health = weeks === largest ? prober(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/health`) : null
        await health?.ready
        const times: number[] = []
        for (let rep = 0; rep < REPS; rep++) times.push((await jump(weeks)) / weeks)
        const latencies = await health?.stop()
        const ticks = await app.prisma.calendarWork.count({ where: { campaignId: id, kind: 'tick' } })
        if (ticks !== 1 + REPS * weeks) throw new Error(`${weeks} weeks: expected ${1 + REPS * weeks} ledgered ticks, found ${ticks}`)
        const ms = median(times)
        perWeek.set(weeks, ms)
        log(`${weeks} weeks: ${times.map((x) => x.toFixed(1)).join(', ')} ms a week`)
        report(`per_week_${weeks}_ms`, ms, 'ms', `median of ${REPS} catch-ups of ${weeks} weeks, 7 tribes`)
        if (latencies) {
          report('health_p50_ms', median(latencies), 'ms', `GET /health every ${HEALTH_EVERY_MS} ms from another process during the ${weeks}-week catch-ups`)
          report('health_p99_ms', percentile(latencies, 99), 'ms', `${latencies.length} requests; goal <= 100`)
          report('health_max_ms', Math.max(...latencies), 'ms')
        }
      } finally {
        await app.close()
      }
    }
    const smallest = Math.min(...SIZES)
    report(`per_week_${largest}_vs_${smallest}`, perWeek.get(largest)! / perWeek.get(smallest)!, 'ratio', 'about 1 when a catch-up is linear in its weeks')
  } finally {
    await db.stop()
  }
}

export default bench
