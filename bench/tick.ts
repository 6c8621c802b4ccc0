// `npm run bench -- tick`: one weekly tick (payout, dice reveal and commit,
// ledger rows, payout mails queued and sent) over 1,000 and 10,000 running
// campaigns on a 324-tile map, against one plain sequential read of all their
// snapshots, for campaigns of two ages: 1 week and 52 weeks of history. The
// template campaign is played week by week on the test clock (an order of each
// tribe a week, the sweep doing the calendar: lib/history.ts) and copied with
// its whole history in SQL (lib/clone.ts); every age's tick falls on the same
// Sunday, so tick(52 weeks) / tick(1 week) says what the history costs a tick.
// Each tick starts after a CHECKPOINT with autovacuum idle.
//
// The floor beside it: the tick's own statements (each batch's lock, load, players and save, with
// the values the tick gave them) replayed on a copy of the database made just before the tick, by
// as many connections as the sweep's workers, with no node work between them: what PostgreSQL
// alone takes to write what the tick writes, against the same plain read.
//
// Then a row per game that starts with a setup (world conquest, El Mapa, Open Wars, #47): a campaign
// of each made over the routes and run past its tick 0, copied as many times as the largest size,
// and its first weekly tick timed the same way, goal 10,000 campaigns in 10 s.
//
// BENCH_TICK_SIZES=1000,10000  BENCH_TICK_WEEKS=1,52  BENCH_TICK_GAMES=conquest,elmapa,openwars (none: '')
// A game that packs its stored state (conquest) also gets a row with it stored whole (`<game>_whole`), before its own.
// BENCH_PROFILE=1: a CPU profile of the sweep (.data/profiles/tick-<weeks>w-<size>.cpuprofile)
// and pg_stat_statements during it, summed up in the log and in .data/profiles/*.txt.
import { writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { manyCampaigns } from '../test/helpers/many.ts'
import { smtpReceiver } from '../test/helpers/smtp.ts'
import { rulesetIds, rulesetOf } from '../src/engine/index.ts'
import { cloneCampaign } from './lib/clone.ts'
import { runningCampaign } from './lib/game-template.ts'
import { playWeeks } from './lib/history.ts'
import { cpuOf, cpuSince, family } from './lib/proc.ts'
import { cpuProfile, startStatements, stopStatements, type CpuSummary, type StatementRow } from './lib/profile.ts'
import { benchConfig, benchServer, quiesce } from './lib/server.ts'
import type { Bench } from './run.ts'

/** The sweep's statements of one batch, as the tick sent them (its values too), to replay on the copy. */
interface Sent {
  name: string
  text: string
  values: unknown[]
}
const BATCH_STATEMENTS = /^(campaign-(lock|load)-many|campaign-save-batch|players-of-many)$/
let sent: Sent[] | null = null
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown
// The app's pools are pg's; every named statement of theirs passes here while `sent` is set.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as Partial<Sent> | undefined
  if (sent && config && typeof config === 'object' && typeof config.name === 'string' && BATCH_STATEMENTS.test(config.name))
    sent.push({ name: config.name, text: config.text!, values: config.values! })
  return clientQuery.apply(this, args)
} as typeof pg.Client.prototype.query

const SIZES = (process.env.BENCH_TICK_SIZES ?? '1000,10000').split(',').map(Number)
const AGES = (process.env.BENCH_TICK_WEEKS ?? '1,52').split(',').map(Number).filter(Boolean)
const GAMES = (
  process.env.BENCH_TICK_GAMES ??
  rulesetIds()
    .filter((id) => id !== 'weekly-turn')
    .join(',')
)
  .split(',')
  .filter(Boolean)
const PROFILE = !!process.env.BENCH_PROFILE
/** BENCH_TICK_WHOLE=0 skips the row of a packing game with its states stored whole. */
const WHOLE_TOO = process.env.BENCH_TICK_WHOLE !== '0'
const MAP = 'coast-6'
/** The measured tick is this Sunday's, 20:00 in Madrid; each template's history ends that morning. */
const SUNDAY_MORNING = Date.parse('2026-12-06T10:00:00Z')
const AFTER_TICK = new Date('2026-12-06T19:30:00Z')
const WEEK_MS = 7 * 86_400_000
const root = path.resolve(import.meta.dirname, '..')
/** The statements of the mail sender and the webhook deliveries, which run after a sweep's campaigns. */
const MAILER = /^(UPDATE outbox_mails|WITH (due|claimed|changed|busy|resting) AS)/

const bench: Bench = async (report, log) => {
  const db = await benchServer(log)
  const smtp = await smtpReceiver()
  const postmaster = Number(readFileSync(path.join(root, '.data/bench-postgres/postmaster.pid'), 'utf8').split('\n')[0])
  const ticks = new Map<string, number>()
  try {
    for (const weeks of AGES) {
      for (const size of SIZES) {
        const url = await db.database('bench_tick')
        let app = await buildApp({ config: benchConfig({ smtpUrl: smtp.url }), databaseUrl: url })
        let admin = new pg.Client({ connectionString: db.adminUrl('bench_tick') })
        await admin.connect()
        try {
          app.clock.set(new Date(SUNDAY_MORNING - weeks * WEEK_MS))
          const { ids, users } = await manyCampaigns(app, 1, { mapId: MAP })
          const template = ids[0]!
          const played = performance.now()
          const orders = await playWeeks(app, template, weeks, [
            { userId: users.ana, weekday: 'monday' },
            { userId: users.ben, weekday: 'wednesday' },
          ])
          const history = await historyOf(admin, template)
          log(`${weeks} weeks played in ${Math.round(performance.now() - played)} ms (${orders} orders): ${JSON.stringify(history)}`)
          if (app.clock.now().getTime() !== SUNDAY_MORNING) throw new Error(`the template ends at ${app.clock.now().toISOString()}`)
          const tribes = (await app.prisma.tribe.findMany({ where: { campaignId: template } })).map((t) => t.id)
          const cloning = performance.now()
          // On the superuser's connection, which has no statement timeout: a copy of old campaigns writes a thousand rows each.
          const chunk = Math.max(10, Math.round(20_000 / history.events))
          for (let done = 1; done < size; done += chunk) await cloneCampaign(admin, template, tribes, Math.min(chunk, size - done))
          log(`${size} campaigns of ${weeks} weeks cloned in ${((performance.now() - cloning) / 1000).toFixed(1)} s`)
          // As the superuser: the app's role has a statement timeout, and 10,000 campaigns of 52 weeks hold ten million events.
          await admin.query('VACUUM ANALYZE')
          // The floor's copy, made with no session on the database (CREATE DATABASE … TEMPLATE needs none).
          await app.close()
          await admin.end()
          await db.copy('bench_tick', 'bench_tick_floor')
          app = await buildApp({ config: benchConfig({ smtpUrl: smtp.url }), databaseUrl: url })
          app.clock.set(new Date(SUNDAY_MORNING))
          admin = new pg.Client({ connectionString: db.adminUrl('bench_tick') })
          await admin.connect()
          await quiesce(admin)

          const readStart = performance.now()
          const read = await app.pg.query<{ state: unknown }>('SELECT campaign_id, state FROM game_snapshots')
          const readMs = performance.now() - readStart
          if (read.rows.length !== size) throw new Error(`expected ${size} snapshots, read ${read.rows.length}`)
          read.rows.length = 0

          smtp.mails.length = 0
          app.clock.set(AFTER_TICK)
          // The sweep catches the campaigns up, then sends the mails: the CPU and the profile of the
          // tick are taken up to the last campaign (its progress call), the mails left out.
          let tickEnd: { at: number; node: NodeJS.CpuUsage; pgMs: number } | undefined
          await quiesce(admin)
          if (PROFILE) await startStatements(admin)
          const pgBefore = cpuOf(family(postmaster))
          const nodeBefore = process.cpuUsage()
          const tick = async () =>
            app.clockwork.sweep({
              progress: (d, n) => {
                // Every backend now: the pool may have opened new ones (those missing from pgBefore count from zero).
                if (d === n) tickEnd = { at: performance.now(), node: process.cpuUsage(nodeBefore), pgMs: cpuSince(pgBefore, family(postmaster)) }
                log(`  tick ${d}/${n}`)
              },
            })
          const name = `tick-${weeks}w-${size}`
          sent = []
          const { result: sweep, summary } = PROFILE
            ? await cpuProfile(path.join(root, '.data/profiles', `${name}.cpuprofile`), tick, () => tickEnd?.at)
            : { result: await tick(), summary: null }
          const batches = batchesOf(sent)
          sent = null
          if (!tickEnd) throw new Error(`the sweep never said it was done with its campaigns (a size not a multiple of 1000?)`)
          const { node, pgMs } = tickEnd
          const statements = PROFILE ? await stopStatements(admin) : null
          if (sweep.caughtUp !== size || sweep.failed) throw new Error(`tick caught up ${sweep.caughtUp} of ${size}, ${sweep.failed} failed`)
          const paid = await app.prisma.calendarWork.count({ where: { kind: 'tick', dueAt: { gte: new Date(SUNDAY_MORNING) } } })
          if (paid !== size) throw new Error(`expected ${size} ledgered ticks this Sunday, found ${paid}`)
          // The sweep only kicked the deliveries (#45): the mails leave from their own loop, timed from here.
          const mailStart = performance.now()
          const delivered = await app.deliveries.flush()
          const mailMs = performance.now() - mailStart

          const at = `${weeks}w_${size}`
          ticks.set(at, sweep.campaignsMs)
          const floorMs = await floor(db.adminUrl('bench_tick_floor'), batches, app.config.databaseSystemPoolSize - 1, size)
          if (size === Math.max(...SIZES)) {
            report(`history_${weeks}w_events`, history.events, 'rows', `log events of one campaign after ${weeks} weeks (${orders} orders played)`)
            report(`history_${weeks}w_ledger`, history.ledger, 'rows', 'calendar_work rows of one campaign')
            report(`history_${weeks}w_snapshot_bytes`, history.snapshotBytes, 'bytes', 'its stored snapshot (pg_column_size)')
          }
          report(`tick_${at}_s`, sweep.campaignsMs / 1000, 's', size === 10000 ? 'goal <= 10' : undefined)
          report(`tick_${at}_campaigns_per_s`, size / (sweep.campaignsMs / 1000), 'campaigns/s')
          report(`read_${at}_s`, readMs / 1000, 's', 'one SELECT of every snapshot')
          report(`tick_vs_read_${at}`, sweep.campaignsMs / readMs, 'ratio', 'tick time / plain read time; goal <= 10')
          report(
            `floor_${at}_s`,
            floorMs / 1000,
            's',
            `the tick's ${batches.length} batches of statements replayed on a copy made before it, ${app.config.databaseSystemPoolSize - 1} connections, no node work between them`,
          )
          report(`floor_vs_read_${at}`, floorMs / readMs, 'ratio', 'floor time / plain read time: what PostgreSQL alone takes to write the tick')
          report(`tick_vs_floor_${at}`, sweep.campaignsMs / floorMs, 'ratio')
          report(`node_cpu_${at}_ms_per_campaign`, (node.user + node.system) / 1000 / size, 'ms', 'CPU of this process (the app) during the tick')
          report(`pg_cpu_${at}_ms_per_campaign`, pgMs / size, 'ms', "CPU of PostgreSQL's processes during the tick")
          report(
            `mails_${at}_per_s`,
            delivered.mails.sent / (mailMs / 1000),
            'mails/s',
            `${delivered.mails.sent} payout mails sent over SMTP to a local receiver by the deliveries' loop after the sweep`,
          )
          if (statements && summary) {
            // The mail sender's statements (sending the payout mails after the tick) are left out.
            const ticking = statements.filter((s) => !MAILER.test(s.query.trim()))
            const calls = ticking.reduce((sum, s) => sum + s.calls, 0)
            report(
              `statements_${at}_per_campaign`,
              calls / size,
              'statements',
              "pg_stat_statements calls of the tick (BEGIN and COMMIT included, the mail sender's left out) / campaigns",
            )
            report(`pg_exec_${at}_ms_per_campaign`, ticking.reduce((sum, s) => sum + s.totalMs, 0) / size, 'ms', 'their execution time in PostgreSQL')
            const text = describe(name, size, sweep.campaignsMs, node, pgMs, summary, statements)
            log(text)
            await writeFile(path.join(root, '.data/profiles', `${name}.txt`), text)
          }
        } finally {
          await admin.end()
          await app.close()
        }
      }
    }
    for (const ruleset of GAMES) {
      // A game that packs its stored state (Ruleset.storage) is ticked once storing it whole first, beside.
      const rules = rulesetOf(ruleset) as { storage?: unknown }
      const storage = rules.storage
      if (storage && WHOLE_TOO) {
        rules.storage = undefined
        try {
          await tickOfGame(db, smtp.url, postmaster, ruleset, Math.max(...SIZES), report, log, `${ruleset}_whole`)
        } finally {
          rules.storage = storage
        }
      }
      await tickOfGame(db, smtp.url, postmaster, ruleset, Math.max(...SIZES), report, log)
    }
    const [young, old] = [Math.min(...AGES), Math.max(...AGES)]
    for (const size of SIZES) {
      const a = ticks.get(`${young}w_${size}`)
      const b = ticks.get(`${old}w_${size}`)
      if (a && b && young !== old)
        report(`tick_${old}w_vs_${young}w_${size}`, b / a, 'ratio', `tick of ${old}-week-old campaigns / of ${young}-week-old ones; goal <= 1.2`)
    }
  } finally {
    await smtp.close()
    await db.stop()
  }
}

/** One game's first weekly tick over `size` copies of a campaign of it run past its setup (#47). */
async function tickOfGame(
  db: Awaited<ReturnType<typeof benchServer>>,
  smtpUrl: string,
  postmaster: number,
  ruleset: string,
  size: number,
  report: Parameters<Bench>[0],
  log: Parameters<Bench>[1],
  label = ruleset,
) {
  const url = await db.database('bench_tick')
  const app = await buildApp({ config: benchConfig({ smtpUrl }), databaseUrl: url })
  const admin = new pg.Client({ connectionString: db.adminUrl('bench_tick') })
  await admin.connect()
  try {
    // Started two Sundays before: a setup lasts at least until the next Sunday's tick (W3.4), so every
    // game is running by the measured tick, its first or second.
    const template = await runningCampaign(app, ruleset, new Date(SUNDAY_MORNING - 2 * WEEK_MS), new Date(SUNDAY_MORNING))
    const history = await historyOf(admin, template.id)
    const cloning = performance.now()
    const chunk = Math.max(10, Math.round(20_000 / history.events))
    for (let done = 1; done < size; done += chunk) await cloneCampaign(admin, template.id, template.tribes, Math.min(chunk, size - done))
    log(`${size} ${label} campaigns cloned in ${((performance.now() - cloning) / 1000).toFixed(1)} s: ${JSON.stringify(history)}`)
    await admin.query('VACUUM ANALYZE')
    await quiesce(admin)
    app.clock.set(AFTER_TICK)
    let tickEnd: { at: number; node: NodeJS.CpuUsage; pgMs: number } | undefined
    if (PROFILE) await startStatements(admin)
    const pgBefore = cpuOf(family(postmaster))
    const nodeBefore = process.cpuUsage()
    const tick = async () =>
      app.clockwork.sweep({
        progress: (done, total) => {
          if (done === total) tickEnd = { at: performance.now(), node: process.cpuUsage(nodeBefore), pgMs: cpuSince(pgBefore, family(postmaster)) }
        },
      })
    const name = `tick-${label}-${size}`
    const { result: sweep, summary } = PROFILE
      ? await cpuProfile(path.join(root, '.data/profiles', `${name}.cpuprofile`), tick, () => tickEnd?.at)
      : { result: await tick(), summary: null }
    const statements = PROFILE ? await stopStatements(admin) : null
    if (!tickEnd) throw new Error(`the sweep never said it was done with its campaigns (a size not a multiple of 1000?)`)
    if (sweep.caughtUp !== size || sweep.failed) throw new Error(`${ruleset}: tick caught up ${sweep.caughtUp} of ${size}, ${sweep.failed} failed`)
    const paid = await app.prisma.calendarWork.count({ where: { kind: 'tick', dueAt: { gte: new Date(SUNDAY_MORNING) } } })
    if (paid !== size) throw new Error(`${ruleset}: expected ${size} ledgered ticks this Sunday, found ${paid}`)
    const at = `${label}_${size}`
    report(`tick_${at}_s`, sweep.campaignsMs / 1000, 's', size === 10000 ? 'goal <= 10' : undefined)
    report(`tick_${at}_campaigns_per_s`, size / (sweep.campaignsMs / 1000), 'campaigns/s')
    report(`snapshot_${label}_bytes`, history.snapshotBytes, 'bytes', 'one stored snapshot before the tick (pg_column_size)')
    const { node, pgMs } = tickEnd
    report(`node_cpu_${at}_ms_per_campaign`, (node.user + node.system) / 1000 / size, 'ms', 'CPU of this process (the app) during the tick')
    report(`pg_cpu_${at}_ms_per_campaign`, pgMs / size, 'ms', "CPU of PostgreSQL's processes during the tick")
    if (statements && summary) {
      const text = describe(name, size, sweep.campaignsMs, node, pgMs, summary, statements)
      log(text)
      await writeFile(path.join(root, '.data/profiles', `${name}.txt`), text)
    }
  } finally {
    await admin.end()
    await app.close()
  }
}

/** The statements sent, cut into the sweep's batches: each begins with its lock. */
function batchesOf(statements: Sent[]): Sent[][] {
  const batches: Sent[][] = []
  for (const statement of statements) {
    if (statement.name === 'campaign-lock-many') batches.push([])
    batches.at(-1)?.push(statement)
  }
  return batches
}

/**
 * The batches replayed on the copy, a transaction each, by `workers` connections taking the next
 * batch as the sweep's workers do, after a CHECKPOINT as the tick; as the sweep's sessions, with
 * uncompressed WAL page images. Answers the ms taken; every campaign must have been saved.
 */
async function floor(url: string, batches: Sent[][], workers: number, size: number): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: workers }, async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query('SET wal_compression = off')
      return client
    }),
  )
  try {
    await clients[0]!.query('CHECKPOINT')
    let next = 0
    let saved = 0
    const started = performance.now()
    await Promise.all(
      clients.map(async (client) => {
        while (next < batches.length) {
          const batch = batches[next++]!
          await client.query('BEGIN')
          for (const statement of batch) {
            const { rows } = await client.query(statement)
            if (statement.name === 'campaign-save-batch') saved += (rows[0] as { saved: number }).saved
          }
          await client.query('COMMIT')
        }
      }),
    )
    const ms = performance.now() - started
    if (saved !== size) throw new Error(`the floor saved ${saved} campaigns of ${size}`)
    return ms
  } finally {
    await Promise.all(clients.map((client) => client.end()))
  }
}

async function historyOf(admin: pg.Client, campaign: string) {
  const { rows } = await admin.query<{ events: number; eventBytes: number; ledger: number; dice: number; snapshotBytes: number; stateTextBytes: number }>(
    `SELECT (SELECT count(*)::int FROM campaign_events WHERE campaign_id = $1) AS events,
            (SELECT sum(pg_column_size(payload))::int FROM campaign_events WHERE campaign_id = $1) AS "eventBytes",
            (SELECT count(*)::int FROM calendar_work WHERE campaign_id = $1) AS ledger,
            (SELECT count(*)::int FROM dice_weeks WHERE campaign_id = $1) AS dice,
            (SELECT pg_column_size(state)::int FROM game_snapshots WHERE campaign_id = $1) AS "snapshotBytes",
            (SELECT octet_length(state::text)::int FROM game_snapshots WHERE campaign_id = $1) AS "stateTextBytes"`,
    [campaign],
  )
  return rows[0]!
}

function describe(name: string, size: number, ms: number, node: NodeJS.CpuUsage, pgMs: number, cpu: CpuSummary, statements: StatementRow[]): string {
  const per = (x: number) => (x / size).toFixed(3)
  const lines = [
    `${name}: ${ms} ms wall for the campaigns; node ${Math.round((node.user + node.system) / 1000)} ms CPU, PostgreSQL ${Math.round(pgMs)} ms CPU meanwhile`,
    `node profile of the campaigns' part, by place (ms of ${Math.round(cpu.totalMs)} sampled):`,
    ...cpu.byPlace.map(([p, t]) => `  ${t.toFixed(0).padStart(7)}  ${p}`),
    'node profile by function (self time):',
    ...cpu.byFunction.map(([f, t]) => `  ${t.toFixed(0).padStart(7)}  ${f}`),
    'statements of the whole sweep, mails too (calls per campaign, ms per campaign, mean ms, rows per call, shared blocks hit+read per call):',
    ...statements
      .slice(0, 20)
      .map(
        (s) =>
          `  ${per(s.calls).padStart(7)}  ${per(s.totalMs).padStart(7)}  ${(s.totalMs / s.calls).toFixed(3).padStart(7)}  ${(s.rows / s.calls).toFixed(1).padStart(6)}  ${((s.sharedHit + s.sharedRead) / s.calls).toFixed(1).padStart(7)}  ${s.query.replace(/\s+/g, ' ').slice(0, 160)}`,
      ),
  ]
  return lines.join('\n') + '\n'
}

export default bench
