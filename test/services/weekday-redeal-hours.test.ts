// The platform's path for a game that deals the weekdays anew (Open Wars' tick 0 on a Sunday at
// 20:00, W3.7), read at every hour of the re-deal day and of the day after, and then three times a
// day for the rest of the week (#46): the tribes' rows hold the game's deal, and each tribe's
// window is open exactly on its new weekday from 00:00 to 20:00 local. The deal is run by the
// clock's sweep in one app and by the first request after 20:00 in the other (at several hours),
// on an ordinary Sunday, on both Europe/Madrid daylight-saving Sundays, and on the Chilean Sunday
// whose midnight does not exist (the clocks jump from 00:00 to 01:00).
import { DateTime } from 'luxon'
import t from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, setClock, setUp, type App, type Table } from '../helpers/campaign.ts'

const JOINED = { ana: 'monday', ben: 'wednesday', cleo: 'friday', dani: 'sunday' }

const SCENARIOS = [
  { label: 'a Sunday with no midnight', zone: 'America/Santiago', sunday: '2026-09-06', hours: 23 },
  { label: 'the Sunday the clocks go back', zone: 'Europe/Madrid', sunday: '2026-10-25', hours: 25 },
  { label: 'an ordinary Sunday', zone: 'Europe/Madrid', sunday: '2026-12-06', hours: 24 },
  { label: 'the Sunday the clocks go forward', zone: 'Europe/Madrid', sunday: '2027-03-28', hours: 23 },
]

interface Tribe {
  id: string
  weekday: string
  windowOpen: boolean
  nextOpening: string
}

/** Every instant of the local day on the hour, whatever its length. */
function hoursOf(day: DateTime): DateTime[] {
  const out: DateTime[] = []
  for (let at = day.startOf('day'); at.hasSame(day, 'day'); at = at.plus({ hours: 1 })) out.push(at)
  return out
}

/** The next local 00:00 of `weekday` after `at` (today's when it has not come yet). */
function nextMidnight(at: DateTime, weekday: string): DateTime {
  // From one day's start to the next: a day whose midnight does not exist starts at 01:00.
  for (let day = at.startOf('day'); ; day = day.plus({ days: 1 }).startOf('day')) if (day > at && day.toFormat('cccc').toLowerCase() === weekday) return day
}

async function started(app: App, scenario: (typeof SCENARIOS)[number], count: number): Promise<Table[]> {
  const tuesday = DateTime.fromISO(`${scenario.sunday}T10:00`, { zone: scenario.zone }).minus({ days: 5 })
  await setClock(app, tuesday.toUTC().toISO()!)
  const tables: Table[] = []
  for (let n = 0; n < count; n++) {
    const table = await setUp(app, JOINED, { ruleset: 'openwars', timeZone: scenario.zone })
    const start = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)
    if (start.status !== 200) throw new Error(`start: ${JSON.stringify(start.body)}`)
    tables.push(table)
  }
  return tables
}

/** Reads the board as its GM would at `at` and checks rows, deal and windows; answers what failed. */
async function check(app: App, table: Table, at: DateTime, tickZero: DateTime): Promise<string[]> {
  const state = await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)
  if (state.status !== 200) return [`state: ${state.status}`]
  const tribes = state.body.tribes as Tribe[]
  const rows = (await app.pg.query<{ id: string; weekday: string }>('SELECT id::text, weekday FROM tribes WHERE campaign_id = $1::uuid', [table.id])).rows
  const wrong: string[] = []
  const local = at.toFormat('ccc HH:mm ZZ')
  for (const tribe of tribes) {
    const row = rows.find((r) => r.id === tribe.id)
    if (row?.weekday !== tribe.weekday) wrong.push(`${local}: the row of ${tribe.id} says ${row?.weekday}, the game ${tribe.weekday}`)
    // W3.4: no window opens during setup; from tick 0 on, a tribe's window is its weekday's 00:00 to 20:00.
    const open = at >= tickZero && at.toFormat('cccc').toLowerCase() === tribe.weekday && at.hour < 20
    if (tribe.windowOpen !== open) wrong.push(`${local}: the ${tribe.weekday} window is ${tribe.windowOpen ? 'open' : 'closed'}`)
    const next = nextMidnight(at, tribe.weekday)
    if (+new Date(tribe.nextOpening) !== +next) wrong.push(`${local}: the ${tribe.weekday} window opens next at ${tribe.nextOpening}, not ${next.toISO()}`)
  }
  if (new Set(tribes.map((x) => x.weekday)).size !== tribes.length) wrong.push(`${local}: two tribes share a weekday`)
  return wrong
}

/** The instants read: every hour of the re-deal Sunday, then each day's opening, last hour and close to the next Sunday. */
function walk(sunday: DateTime): DateTime[] {
  const days = [1, 2, 3, 4, 5, 6].map((n) => sunday.plus({ days: n }).startOf('day'))
  return [...hoursOf(sunday), ...days.flatMap((day) => [day, day.set({ hour: 19 }), day.set({ hour: 20 })])]
}

t.test('W3.7 #46 the re-dealt weekdays at every hour of the re-deal day, tick 0 run by the sweep', async (t) => {
  for (const scenario of SCENARIOS) {
    // An app for each: a campaign left behind would be caught up across the months to the next.
    const app = await buildTestApp(t, { allowTestClock: true })
    const [table] = await started(app, scenario, 1)
    const sunday = DateTime.fromISO(scenario.sunday, { zone: scenario.zone })
    const tickZero = sunday.set({ hour: 20 })
    const joined = (await call(app, table!.gm, 'GET', `/api/campaigns/${table!.id}/state`)).body.tribes as Tribe[]
    t.equal(hoursOf(sunday).length, scenario.hours, `${scenario.label}: ${scenario.hours} hours`)
    const wrong: string[] = []
    for (const at of walk(sunday)) {
      await setClock(app, at.toUTC().toISO()!)
      wrong.push(...(await check(app, table!, at, tickZero)))
    }
    t.same(wrong, [], `${scenario.label}: rows, deal and windows agree at all ${walk(sunday).length} instants`)
    const dealt = (await call(app, table!.gm, 'GET', `/api/campaigns/${table!.id}/state`)).body.tribes as Tribe[]
    t.same(dealt.map((x) => x.weekday).sort(), joined.map((x) => x.weekday).sort(), `${scenario.label}: tick 0 dealt the joined weekdays again`)
    const moves = joined.flatMap((x) => {
      const now = dealt.find((y) => y.id === x.id)!.weekday
      return now === x.weekday ? [] : [`${x.weekday} → ${now}`]
    })
    t.ok(moves.length > 0, `${scenario.label}: tick 0 moved tribes to other weekdays (${moves.join(', ')})`)
  }
})

t.test('W3.7 #46 the re-dealt weekdays at every hour, tick 0 run by the first request after 20:00', async (t) => {
  for (const scenario of SCENARIOS) {
    // Two campaigns of five accounts each: more sign-ups than a minute allows one address.
    const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 100 })
    const sunday = DateTime.fromISO(scenario.sunday, { zone: scenario.zone })
    const tickZero = sunday.set({ hour: 20 })
    // The first read after tick 0 at 20:00 sharp, and on Monday at 09:00 (the hour of the flake).
    const firsts = [tickZero, sunday.plus({ days: 1 }).set({ hour: 9 })]
    const tables = await started(app, scenario, firsts.length)
    const wrong: string[] = []
    for (const at of walk(sunday)) {
      // No sweep: each campaign runs the calendar it owes when it is read.
      app.clock.set(at.toJSDate())
      for (const [n, table] of tables.entries()) if (at >= firsts[n]!) wrong.push(...(await check(app, table, at, tickZero)))
    }
    t.same(wrong, [], `${scenario.label}: rows, deal and windows agree from each first read on`)
  }
})
