// A week's reads of the log start from the end record of the week two before it (#32: the week
// index holds only the periods' ends, so an order writes one index entry fewer per event). Each
// reader must answer what a plain scan of the whole log answers, for every week of a campaign of
// each game (world conquest's first tick ends no round; Open Wars and El Mapa wait for tick 0 and
// end at their round limit), and rests on the log being in week order.
import t, { type Test } from 'tap'
import type pg from 'pg'
import { eventsOfType, eventsOfTypes, eventsOfWeek, mapEventsOfWeek, windowTakenSince, payloadsSince, weeksWithEvents } from '../../src/db/log.ts'
import { sqlOf } from '../../src/db/sql.ts'
import { playWeeks } from '../../bench/lib/history.ts'
import { buildTestApp } from '../helpers/app.ts'
import { call, setClock, setUp } from '../helpers/campaign.ts'
import { manyCampaigns } from '../helpers/many.ts'

const WEEK_MS = 7 * 86_400_000

async function plain(pool: pg.Pool, campaignId: string, where: string, params: unknown[] = []) {
  const { rows } = await pool.query<{ seq: number; week: number; type: string; payload: unknown; tribe: string | null; played: boolean; at: Date }>(
    `SELECT seq, week, type, payload, tribe, played, created_at AT TIME ZONE 'UTC' AS at FROM campaign_events WHERE campaign_id = $1::uuid AND ${where} ORDER BY seq`,
    [campaignId, ...params],
  )
  return rows
}

async function readsAgree(t: Test, pool: pg.Pool, campaignId: string) {
  const all = await plain(pool, campaignId, 'true')
  t.ok(
    all.every((e, i) => i === 0 || all[i - 1]!.week <= e.week),
    'the log is in week order: no event of a week comes after one of a later week',
  )
  const weeks = [...new Set(all.map((e) => e.week))].sort((a, b) => a - b)
  t.ok(weeks.length >= 4, `the campaign has weeks of history (${weeks.join(', ')})`)
  t.same(await weeksWithEvents(pool, campaignId), weeks, 'the weeks with events, from the period ends and two probes')
  const types = [...new Set(all.map((e) => e.type))]
  for (const week of [...weeks, weeks.at(-1)! + 1]) {
    const ofWeek = all.filter((e) => e.week === week)
    t.same(
      (await eventsOfWeek(pool, campaignId, week, 10_000)).map((e) => e.seq),
      ofWeek.map((e) => e.seq),
      `week ${week}: its ${ofWeek.length} events`,
    )
    t.same(
      (await eventsOfWeek(pool, campaignId, week, 3)).map((e) => e.seq),
      ofWeek.slice(0, 3).map((e) => e.seq),
      `week ${week}: its first three`,
    )
    const some = types.filter((_, i) => i % 2 === 0)
    t.same(
      (await eventsOfTypes(pool, campaignId, week, some)).map((e) => e.seq),
      ofWeek.filter((e) => some.includes(e.type)).map((e) => e.seq),
      `week ${week}: events of some types`,
    )
    t.same(
      (await eventsOfType(pool, campaignId, week, 'map.week_ended')).map((e) => e.seq),
      ofWeek.filter((e) => e.type === 'map.week_ended').map((e) => e.seq),
      `week ${week}: its end record`,
    )
    t.same(
      await mapEventsOfWeek(pool, campaignId, week, some),
      all
        .filter((e) => (e.week === week && some.includes(e.type)) || (e.week === week - 1 && e.type === 'map.week_ended'))
        .map(({ type, payload }) => ({ type, payload })),
      `week ${week}: what draws its map`,
    )
    // A window is taken by an order or by the bot's day (#50), with or without orders.
    const took = (e: (typeof all)[number]) => e.played || e.type === 'order.bot'
    for (const tribe of new Set(all.filter(took).map((e) => e.tribe!))) {
      const played = all.filter((e) => took(e) && e.tribe === tribe && e.week >= week - 1)
      t.equal(
        await windowTakenSince(sqlOf(pool), campaignId, tribe, new Date(0), week),
        played.length > 0,
        `week ${week}: whether a tribe played since it began`,
      )
      if (played.length === 0) continue
      const last = played.at(-1)!.at
      t.equal(
        await windowTakenSince(sqlOf(pool), campaignId, tribe, new Date(last.getTime() - 1), week),
        true,
        `week ${week}: an order a moment after the instant asked`,
      )
      t.equal(await windowTakenSince(sqlOf(pool), campaignId, tribe, last, week), false, `week ${week}: none after the tribe's last order`)
    }
    t.same(
      await payloadsSince(sqlOf(pool), campaignId, week, types, new Date(0)),
      ofWeek.map((e) => e.payload),
      `week ${week}: the payloads a digest reads`,
    )
  }
}

t.test('a weekday campaign of six weeks: every week read from the period ends answers as a scan of the whole log', async (t) => {
  const app = await buildTestApp(t)
  app.clock.set(new Date('2026-11-29T10:00:00Z')) // a Sunday morning
  const { ids, users } = await manyCampaigns(app, 1)
  const played = await playWeeks(app, ids[0]!, 6, [
    { userId: users.ana, weekday: 'monday' },
    { userId: users.ben, weekday: 'wednesday' },
  ])
  t.ok(played >= 6, `orders were played (${played})`)
  await readsAgree(t, app.pg, ids[0]!)
})

t.test('a world conquest campaign of five rounds, whose first tick ends no round, answers the same', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'conquest' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)).status, 200, 'started')
  for (let week = 1; week <= 5; week++) await setClock(app, new Date(Date.parse('2026-12-01T09:00:00Z') + week * WEEK_MS).toISOString())
  await readsAgree(t, app.pg, table.id)
})

for (const ruleset of ['openwars', 'elmapa']) {
  t.test(`an ${ruleset} campaign of eight rounds, played to its end, answers the same`, async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true })
    await setClock(app, '2026-12-01T09:00:00Z')
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset, weekLimit: 8 })
    t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)).status, 200, 'started')
    for (let week = 1; week <= 10; week++) await setClock(app, new Date(Date.parse('2026-12-01T09:00:00Z') + week * WEEK_MS).toISOString())
    t.equal((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.status, 'finished', 'the round limit ended it')
    await readsAgree(t, app.pg, table.id)
  })
}
