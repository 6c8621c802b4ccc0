// `npm run bench -- pages`: server time to render the campaign page, the pools
// page and the turn page with its legal options (a player of a 7-tribe campaign on
// coast-7, 378 tiles; goal p50 <= 20 ms), and GET …/options (goal p50 <= 5 ms), by
// app.inject, beside the JSON state of the same campaign as the baseline.
import { buildApp } from '../src/app.ts'
import { WEEKDAYS } from '../src/engine/index.ts'
import type { GameState } from '../src/engine/games/weekday/index.ts'
import { benchConfig, benchServer, percentile } from './lib/server.ts'
import type { Bench } from './run.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 200)

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const app = await buildApp({ config: benchConfig(), databaseUrl: await db.database('bench_pages') })
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
    const { order } = await app.campaigns.start(access)
    const { state } = await app.campaigns.snapshot(c.id)
    const cities = (state as GameState).map.tiles.filter((t) => t.city).map((t) => `${t.q},${t.r}`)
    for (const tribeId of [...order, ...[...order].reverse()]) await app.campaigns.pick(access, { tribeId, city: cities.shift()! })
    const cookie = `ww_session=${viewer}`

    const time = async (url: string, headers: Record<string, string> = { cookie }) => {
      const xs: number[] = []
      for (let i = 0; i < RUNS + 20; i++) {
        const t0 = performance.now()
        const res = await app.inject({ method: 'GET', url, headers })
        const ms = performance.now() - t0
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`)
        if (i >= 20) xs.push(ms) // the first ones warm the template and JIT caches
      }
      return xs
    }
    const baseline = await time(`/api/campaigns/${c.id}/state`)
    const campaign = await time(`/campaigns/${c.id}`)
    const pools = await time(`/campaigns/${c.id}/pools`)
    // Player 0 plays on Mondays: at 09:00 its window is open, so the turn page carries its options.
    const turn = await time(`/campaigns/${c.id}/turn`)
    const options = await time(`/api/campaigns/${c.id}/options`, { authorization: `Bearer ${viewer}` })
    report('state_json_p50_ms', percentile(baseline, 50), 'ms', 'GET /api/campaigns/{id}/state, the baseline')
    report('campaign_page_p50_ms', percentile(campaign, 50), 'ms', 'goal <= 20')
    report('campaign_page_p99_ms', percentile(campaign, 99), 'ms')
    report('pools_page_p50_ms', percentile(pools, 50), 'ms', 'goal <= 20')
    report('pools_page_p99_ms', percentile(pools, 99), 'ms')
    report('turn_page_p50_ms', percentile(turn, 50), 'ms', "goal <= 20; with the legal options and this window's arrows")
    report('turn_page_p99_ms', percentile(turn, 99), 'ms')
    report('options_p50_ms', percentile(options, 50), 'ms', 'goal <= 5; GET /api/campaigns/{id}/options')
    report('options_p99_ms', percentile(options, 99), 'ms')
    report('campaign_page_vs_json', percentile(campaign, 50) / percentile(baseline, 50), 'ratio')
  } finally {
    await app.close()
    await db.stop()
  }
}

export default bench
