// `npm run bench -- tick`: one weekly tick (payout, dice reveal and commit,
// ledger rows, payout mails queued) over 1,000 and 10,000 running campaigns on
// a 324-tile map, against one plain sequential read of all their snapshots.
// BENCH_TICK_SIZES=1000,10000 by default.
import { buildApp } from '../src/app.ts'
import { manyCampaigns } from '../test/helpers/many.ts'
import { smtpReceiver } from '../test/helpers/smtp.ts'
import { cloneCampaign } from './lib/clone.ts'
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
      const {
        ids: [template],
      } = await manyCampaigns(app, 1, { mapId: MAP })
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
      report(`tick_${size}_s`, sweep.campaignsMs / 1000, 's', size === 10000 ? 'goal <= 30' : undefined)
      report(`tick_${size}_campaigns_per_s`, size / (sweep.campaignsMs / 1000), 'campaigns/s')
      report(`read_${size}_s`, readMs / 1000, 's', 'one SELECT of every snapshot')
      report(`tick_vs_read_${size}`, sweep.campaignsMs / readMs, 'ratio', 'tick time / plain read time')
      report(
        `mails_${size}_per_s`,
        sweep.mails.sent / ((sweep.ms - sweep.campaignsMs) / 1000),
        'mails/s',
        `${sweep.mails.sent} payout mails sent over SMTP to a local receiver in the sweep (at most 10,000 per sweep; the next sweep sends the rest)`,
      )
      await app.close()
    }
  } finally {
    await smtp.close()
    await db.stop()
  }
}

export default bench
