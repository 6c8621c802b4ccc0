// `npm run bench -- pages`: server time to render the campaign page and the
// pools page of a 7-tribe campaign on coast-7 (goal p50 <= 20 ms), by
// app.inject, beside the JSON state of the same campaign as the baseline.
import path from 'node:path'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { startEmbedded } from '../src/db/embedded.ts'
import { migrate } from '../src/db/migrate.ts'
import { WEEKDAYS } from '../src/engine/index.ts'
import { adminQuery, freePort, withDatabase } from '../src/db/test-support.ts'
import type { Bench } from './run.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 200)

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}

const bench: Bench = async (report, log) => {
  const root = path.resolve(import.meta.dirname, '..')
  const db = await startEmbedded({ dataDir: path.join(root, '.data/bench-postgres'), port: await freePort(), database: 'postgres', log })
  const admin = withDatabase(db.url, 'postgres')
  await adminQuery(admin, 'DROP DATABASE IF EXISTS bench_pages WITH (FORCE)')
  await adminQuery(admin, 'CREATE DATABASE bench_pages')
  const url = withDatabase(db.url, 'bench_pages')
  await migrate(url)
  const config = { ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', DATA_DIR: path.join(root, '.data') }), allowTestClock: true }
  const app = await buildApp({ config, databaseUrl: url })
  try {
    app.clock.set(new Date('2026-11-30T09:00:00Z'))
    log('setting up a 7-tribe campaign on coast-7')
    const gm = await app.accounts.register({ email: 'gm@bench.test', password: 'bench-password', displayName: 'GM' })
    const c = await app.campaigns.create(gm.id, { name: 'Seven', mapId: 'coast-7', public: true })
    let viewer = ''
    for (const [i, weekday] of WEEKDAYS.entries()) {
      const user = await app.accounts.register({ email: `p${i}@bench.test`, password: 'bench-password', displayName: `Player ${i}` })
      const inv = await app.campaigns.invite(await app.campaigns.access(c.id, gm.id), gm.id)
      await app.campaigns.accept(inv.token, user.id, { tribeName: `Tribe ${i + 1}`, weekday })
      if (i === 0) viewer = app.jwt.sign({ sub: user.id })
    }
    const access = await app.campaigns.access(c.id, gm.id)
    const { order } = await app.campaigns.startDraft(access)
    const { state } = await app.campaigns.snapshot(c.id)
    const cities = state.map.tiles.filter((t) => t.city).map((t) => `${t.q},${t.r}`)
    for (const tribeId of [...order, ...[...order].reverse()]) await app.campaigns.pick(access, { tribeId, city: cities.shift()! })
    const cookie = `ww_session=${viewer}`

    const time = async (url: string) => {
      const xs: number[] = []
      for (let i = 0; i < RUNS + 20; i++) {
        const t0 = performance.now()
        const res = await app.inject({ method: 'GET', url, headers: { cookie } })
        const ms = performance.now() - t0
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`)
        if (i >= 20) xs.push(ms) // the first ones warm the template and JIT caches
      }
      return xs
    }
    const baseline = await time(`/api/campaigns/${c.id}/state`)
    const campaign = await time(`/campaigns/${c.id}`)
    const pools = await time(`/campaigns/${c.id}/pools`)
    report('state_json_p50_ms', percentile(baseline, 50), 'ms', 'GET /api/campaigns/{id}/state, the baseline')
    report('campaign_page_p50_ms', percentile(campaign, 50), 'ms', 'goal <= 20')
    report('campaign_page_p99_ms', percentile(campaign, 99), 'ms')
    report('pools_page_p50_ms', percentile(pools, 50), 'ms', 'goal <= 20')
    report('pools_page_p99_ms', percentile(pools, 99), 'ms')
    report('campaign_page_vs_json', percentile(campaign, 50) / percentile(baseline, 50), 'ratio')
  } finally {
    await app.close()
    await db.stop()
  }
}

export default bench
