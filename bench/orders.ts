// `npm run bench -- orders`: accepted orders/s over HTTP with 64 concurrent
// clients and their p99 latency, against `pgbench -N` TPS on the same database
// server as the ceiling (Debian's pgbench; skipped with a note if missing).
// The clients run in a worker thread (bench/orders-client.mjs), apart from the server's event loop.
import { execFileSync, spawnSync } from 'node:child_process'
import { Worker } from 'node:worker_threads'
import { buildApp } from '../src/app.ts'
import { benchConfig, benchServer, percentile } from './lib/server.ts'
import type { Bench } from './run.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4)
const HOMES: [city: string, next: string][] = [['2,1', '3,1'], ['3,3', '4,3']]

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const url = await db.database('bench_orders')
  const pgUrl = await db.database('bench_pgbench', { migrated: false })
  const app = await buildApp({ config: benchConfig({ loginRateLimit: 100_000, databasePoolSize: Number(process.env.BENCH_POOL ?? 20) }), databaseUrl: url })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  let now = new Date('2026-11-30T09:00:00Z') // a Monday morning in Madrid
  app.clock.set(now)

  log(`setting up ${CLIENTS} campaigns`)
  const players: { token: string; campaign: string }[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const gm = await app.accounts.register({ email: `gm${i}@bench.test`, password: 'bench-password', displayName: 'GM' })
    const c = await app.campaigns.create(gm.id, { name: `bench ${i}`, mapId: 'coast-2' })
    const ids: string[] = []
    for (const [k, weekday] of [[0, 'monday'], [1, 'tuesday']] as const) {
      const user = await app.accounts.register({ email: `p${i}-${k}@bench.test`, password: 'bench-password', displayName: 'P' })
      const inv = await app.campaigns.invite(await app.campaigns.access(c.id, gm.id), gm.id)
      await app.campaigns.accept(inv.token, user.id, { tribeName: `T${k}`, weekday })
      ids.push(user.id)
    }
    const access = await app.campaigns.access(c.id, gm.id)
    const { order } = await app.campaigns.startDraft(access)
    const mine = (await app.prisma.tribe.findFirstOrThrow({ where: { campaignId: c.id, userId: ids[0] } })).id
    const cities = { [mine]: ['2,1', '3,3'] } as Record<string, string[]>
    const others = ['8,1', '9,3']
    for (const tribeId of [...order, ...[...order].reverse()]) {
      await app.campaigns.pick(access, { tribeId, city: (cities[tribeId] ?? others).shift()! })
    }
    players.push({ token: app.jwt.sign({ sub: ids[0]! }), campaign: c.id })
  }

  const latencies: number[] = []
  let accepted = 0
  let refused = 0
  let busy = 0
  const client = new Worker(new URL('./orders-client.mjs', import.meta.url), { workerData: { base, players, homes: HOMES } })
  client.postMessage({ floor: true })
  const floor = await new Promise<{ n: number; busy: number }>((resolve) => client.once('message', resolve))
  const floorPerS = floor.n / (floor.busy / 1000)
  for (let round = 0; round < ROUNDS; round++) {
    client.postMessage({ forward: round % 2 === 0 })
    const done = await new Promise<{ latencies: number[]; accepted: number; refused: number; busy: number }>((resolve) => client.once('message', resolve))
    latencies.push(...done.latencies)
    accepted += done.accepted
    refused += done.refused
    busy += done.busy
    // Next Monday: the windows reopen with fresh MP. Catch up outside the timed part.
    now = new Date(now.getTime() + 7 * 86_400_000)
    app.clock.set(now)
    await Promise.all(players.map((p) => app.campaigns.sync(p.campaign)))
  }
  await client.terminate()
  log(`${accepted} accepted, ${refused} refused in ${ROUNDS} rounds`)
  const ordersPerS = accepted / (busy / 1000)
  report('orders_per_s', ordersPerS, 'orders/s', `${CLIENTS} concurrent clients, one campaign each`)
  report('health_per_s', floorPerS, 'requests/s', 'GET /health (one SELECT 1) with the same clients: the HTTP floor of this machine')
  report('orders_vs_health', ordersPerS / floorPerS, 'ratio')
  report('p50_ms', percentile(latencies, 50), 'ms')
  report('p99_ms', percentile(latencies, 99), 'ms', 'goal <= 50')
  await app.close()

  const pgbench = spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).status === 0 ? 'pgbench' : '/usr/lib/postgresql/15/bin/pgbench'
  try {
    execFileSync(pgbench, ['-i', '-q', pgUrl], { stdio: 'pipe' })
    const out = execFileSync(pgbench, ['-N', '-n', '-c', String(CLIENTS), '-j', '2', '-T', '10', pgUrl], { encoding: 'utf8' })
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1])
    report('pgbench_tps', tps, 'tx/s', `pgbench -N -c ${CLIENTS} on the same server`)
    report('orders_vs_pgbench', ordersPerS / tps, 'ratio', 'goal >= 0.5')
  } catch (error) {
    log(`pgbench not run: ${(error as Error).message.split('\n')[0]}`)
  }
  await db.stop()
}

export default bench
