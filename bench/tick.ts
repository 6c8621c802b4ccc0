// `npm run bench -- tick`: one weekly tick (payout, dice reveal and commit,
// ledger rows, payout mails queued) over 1,000 and 10,000 running campaigns on
// a 324-tile map, against one plain sequential read of all their snapshots.
// BENCH_TICK_SIZES=1000,10000 by default.
import { buildApp } from '../src/app.ts'
import { manyCampaigns } from '../test/helpers/many.ts'
import { smtpReceiver } from '../test/helpers/smtp.ts'
import { benchConfig, benchServer } from './lib/server.ts'
import type { Bench } from './run.ts'

const SIZES = (process.env.BENCH_TICK_SIZES ?? '1000,10000').split(',').map(Number)
const MAP = 'coast-6'

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const smtp = await smtpReceiver()
  try {
    for (const size of SIZES) {
      const app = await buildApp({ config: benchConfig({ smtpUrl: smtp.url }), databaseUrl: await db.database('bench_tick') })
      app.clock.set(new Date('2026-12-06T10:00:00Z')) // Sunday morning in Madrid
      const { ids: [template] } = await manyCampaigns(app, 1, { mapId: MAP })
      const tribes = (await app.prisma.tribe.findMany({ where: { campaignId: template! } })).map((t) => t.id)
      log(`${size} campaigns: cloning the template in SQL`)
      for (let done = 1; done < size; done += 1000) {
        await cloneCampaign(app.pg, template!, tribes, Math.min(1000, size - done))
        if ((done - 1) % 5000 === 0 && done > 1) log(`  ${done}/${size}`)
      }
      await app.pg.query('VACUUM ANALYZE')

      const readStart = performance.now()
      const read = await app.pg.query<{ state: unknown }>('SELECT campaign_id, state FROM game_snapshots')
      const readMs = performance.now() - readStart
      if (read.rows.length !== size) throw new Error(`expected ${size} snapshots, read ${read.rows.length}`)

      smtp.mails.length = 0
      app.clock.set(new Date('2026-12-06T19:30:00Z')) // after Sunday 20:00 in Madrid
      const sweep = await app.clockwork.sweep({ progress: (d, n) => log(`  tick ${d}/${n}`) })
      if (sweep.caughtUp !== size || sweep.failed) throw new Error(`tick caught up ${sweep.caughtUp} of ${size}, ${sweep.failed} failed`)
      const paid = await app.prisma.calendarWork.count({ where: { kind: 'tick' } })
      if (paid !== size) throw new Error(`expected ${size} ledgered ticks, found ${paid}`)
      report(`tick_${size}_s`, sweep.campaignsMs / 1000, 's', size === 10000 ? 'goal <= 60' : undefined)
      report(`tick_${size}_campaigns_per_s`, size / (sweep.campaignsMs / 1000), 'campaigns/s')
      report(`read_${size}_s`, readMs / 1000, 's', 'one SELECT of every snapshot')
      report(`tick_vs_read_${size}`, sweep.campaignsMs / readMs, 'ratio', 'tick time / plain read time')
      report(`mails_${size}_per_s`, sweep.mails.sent / ((sweep.ms - sweep.campaignsMs) / 1000), 'mails/s', `${sweep.mails.sent} payout mails sent over SMTP to a local receiver in the sweep (at most 10,000 per sweep; the next sweep sends the rest)`)
      await app.close()
    }
  } finally {
    await smtp.close()
    await db.stop()
  }
}

/** `count` copies of a running campaign: new ids for it and its tribes, everything else the same. */
async function cloneCampaign(pool: import('pg').Pool, template: string, tribes: string[], count: number) {
  const swap = tribes.reduce((expr, _t, i) => `replace(${expr}, $${i + 3}, md5(n.id::text || $${i + 3})::uuid::text)`, 's.state::text')
  await pool.query(
    `WITH n AS (SELECT gen_random_uuid() AS id, g FROM generate_series(1, $2::int) g),
     c AS (INSERT INTO campaigns (id, name, map_id, time_zone, status, week_limit, public, created_by_id, created_at, updated_at)
           SELECT n.id, c.name || ' #' || n.g, c.map_id, c.time_zone, c.status, c.week_limit, c.public, c.created_by_id, c.created_at, c.updated_at
           FROM campaigns c, n WHERE c.id = $1::uuid),
     m AS (INSERT INTO memberships (campaign_id, user_id, role, created_at) SELECT n.id, m.user_id, m.role, m.created_at FROM memberships m, n WHERE m.campaign_id = $1::uuid),
     t AS (INSERT INTO tribes (id, campaign_id, name, colour, weekday, user_id, created_at)
           SELECT md5(n.id::text || t.id::text)::uuid, n.id, t.name, t.colour, t.weekday, t.user_id, t.created_at FROM tribes t, n WHERE t.campaign_id = $1::uuid),
     d AS (INSERT INTO dice_weeks (campaign_id, week, seed, commitment, committed_at, revealed_at)
           SELECT n.id, d.week, d.seed, d.commitment, d.committed_at, d.revealed_at FROM dice_weeks d, n WHERE d.campaign_id = $1::uuid)
     INSERT INTO game_snapshots (campaign_id, version, state, synced_until, next_due_at, updated_at)
     SELECT n.id, s.version, (${swap})::jsonb, s.synced_until, s.next_due_at, s.updated_at FROM game_snapshots s, n WHERE s.campaign_id = $1::uuid`,
    [template, count, ...tribes],
  )
}

export default bench
