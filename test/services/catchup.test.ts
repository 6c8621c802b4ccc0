// A long catch-up (a clock jump, a server down for weeks) is done a week per
// transaction (#32): each week is committed on its own, the campaign's lock and
// the event loop are free between weeks, and the work done is the same as ever:
// every unit once, in order, with its events, dice and mails. No timing here.
import t from 'tap'
import { call, mondayGame } from '../helpers/campaign.ts'

const WEEK_MS = 7 * 86_400_000

t.test('a catch-up of 30 weeks commits week by week, and other requests are answered while it runs', async (t) => {
  const { app, table } = await mondayGame(t)
  const ticks = async () =>
    Number((await app.pg.query(`SELECT count(*) AS n FROM calendar_work WHERE campaign_id = $1 AND kind = 'tick'`, [table.id])).rows[0].n)
  const versionOf = async () => (await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: table.id } })).version
  const before = await versionOf()
  t.equal(await ticks(), 0)

  app.clock.set(new Date(app.clock.now().getTime() + 30 * WEEK_MS))
  let done = false
  const sweep = app.clockwork.sweep().finally(() => (done = true))
  // What another connection sees while the sweep runs, and whether another request gets through.
  const seen = new Set<number>()
  let answeredDuring = 0
  while (!done) {
    seen.add(await ticks())
    const health = await app.inject({ method: 'GET', url: '/health' })
    if (health.statusCode === 200 && !done) answeredDuring++
  }
  const result = await sweep
  t.equal(result.failed, 0)
  t.equal(result.caughtUp, 1)
  t.ok(
    [...seen].some((n) => n > 0 && n < 30),
    `weeks were committed one by one while the sweep ran (ticks seen: ${[...seen].sort((a, b) => a - b).join(', ')})`,
  )
  t.ok(answeredDuring > 0, `GET /health answered during the catch-up (${answeredDuring} times)`)
  t.ok((await versionOf()) - before >= 30, 'a version a week')

  // The work itself, as one catch-up always did it.
  t.equal(await ticks(), 30, 'a tick a week')
  const units = await app.prisma.calendarWork.groupBy({ by: ['kind'], where: { campaignId: table.id }, _count: true })
  t.same(Object.fromEntries(units.map((u) => [u.kind, u._count])), { tick: 30, open: 60, close: 60, remind: 60 }, 'each unit once')
  const start = new Date('2026-11-30T09:00:00Z')
  const paid = await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id, type: 'payout', createdAt: { gt: start } }, select: { week: true } })
  t.same(
    paid.map((p) => p.week).sort((a, b) => a - b),
    Array.from({ length: 30 }, (_, i) => i + 1),
    'a payout at the end of each week, none twice',
  )
  const seqs = (await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id }, select: { seq: true }, orderBy: { seq: 'asc' } })).map((e) => e.seq)
  t.same(
    seqs,
    seqs.map((_, i) => i + 1),
    'the log is numbered without a gap',
  )
  // Each week's seed is committed as the week before ends (in the slice before) and revealed as it ends.
  const dice = (await app.prisma.diceWeek.findMany({ where: { campaignId: table.id }, orderBy: { week: 'asc' } })).filter((d) => d.week > 0)
  t.same(
    dice.filter((d) => d.revealedAt !== null).map((d) => d.week),
    Array.from({ length: 30 }, (_, i) => i + 1),
    'every ended week revealed its seed',
  )
  t.ok(
    dice.every((d) => d.revealedAt === null || d.committedAt < d.revealedAt),
    'each committed before its week ended',
  )
  const synced = await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: table.id } })
  t.same(synced.syncedUntil, app.clock.now(), 'caught up to now')
  t.ok(synced.nextDueAt! > app.clock.now(), 'and no longer due')
})

t.test('an order on a campaign weeks behind: the calendar is caught up week by week first, then the order is applied', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const before = (await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: table.id } })).version
  // 20 weeks on, Monday 11:00 in Madrid: ana's window is open; no sweep ran meanwhile.
  app.clock.set(new Date('2027-04-19T09:00:00Z'))
  const res = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
  t.equal(res.status, 200, JSON.stringify(res.body))
  t.equal(await app.prisma.calendarWork.count({ where: { campaignId: table.id, kind: 'tick' } }), 20, 'the 20 ticks were done')
  const opens = await app.prisma.calendarWork.findMany({
    where: { campaignId: table.id, kind: 'open', period: { endsWith: ana.tribeId } },
    orderBy: { dueAt: 'desc' },
  })
  t.equal(opens.length, 20, "ana's window opened every Monday")
  t.same(opens[0]!.dueAt, new Date('2027-04-18T22:00:00Z'), 'today at 00:00 in Madrid the last time')
  t.ok(res.body.version - before > 20, 'in a transaction a week, then the order')
  const last = await app.prisma.campaignEvent.findFirstOrThrow({ where: { campaignId: table.id }, orderBy: { seq: 'desc' } })
  t.same([last.type, last.tribe, last.createdAt], ['turnEnded', ana.tribeId, app.clock.now()], 'the order is the last thing in the log')
})
