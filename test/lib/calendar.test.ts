import t from 'tap'
import { dueWork, weekTickOf, windowStatus } from '../../src/lib/calendar.ts'

const at = (iso: string) => new Date(iso)

t.test('R4.2 a window is the weekday from 00:00 to 20:00 (exclusive), wall-clock in the zone', async (t) => {
  const w = windowStatus('wednesday', 'Europe/Madrid', at('2026-11-25T10:00:00Z'))
  t.same(w, { open: true, closesAt: '2026-11-25T20:00:00+01:00', nextOpening: '2026-12-02T00:00:00+01:00', opensAt: '2026-11-25T00:00:00+01:00' })
  t.equal(windowStatus('wednesday', 'Europe/Madrid', at('2026-11-25T19:00:00Z')).open, false, '20:00 itself is closed')
  t.equal(windowStatus('wednesday', 'Europe/Madrid', at('2026-11-24T23:00:00Z')).open, true, '00:00 itself is open')
})

t.test('R4.2 on daylight-saving days the window spans what the wall clock gives (Europe/Madrid)', async (t) => {
  const spring = windowStatus('sunday', 'Europe/Madrid', at('2026-03-29T12:00:00Z'))
  t.same([spring.opensAt, spring.closesAt], ['2026-03-29T00:00:00+01:00', '2026-03-29T20:00:00+02:00'], '19 real hours')
  const autumn = windowStatus('sunday', 'Europe/Madrid', at('2026-10-25T12:00:00Z'))
  t.same([autumn.opensAt, autumn.closesAt], ['2026-10-25T00:00:00+02:00', '2026-10-25T20:00:00+01:00'], '21 real hours')
  t.equal(windowStatus('sunday', 'Europe/Madrid', at('2026-10-25T18:59:59Z')).open, true)
  t.equal(windowStatus('sunday', 'Europe/Madrid', at('2026-10-25T19:00:00Z')).open, false)
})

t.test('R4.3 outside the window the next opening is an ISO-8601 instant with offset', async (t) => {
  const sunday = windowStatus('monday', 'Europe/Madrid', at('2026-03-29T12:00:00Z'))
  t.same(sunday, { open: false, closesAt: null, nextOpening: '2026-03-30T00:00:00+02:00', opensAt: '2026-03-30T00:00:00+02:00' })
  const sameDayLate = windowStatus('monday', 'Europe/Madrid', at('2026-11-23T20:30:00Z'))
  t.equal(sameDayLate.nextOpening, '2026-11-30T00:00:00+01:00', 'after 20:00 the next opening is a week later')
})

t.test('R2.2 the campaign time zone decides: the same instant, another zone, another answer', async (t) => {
  const instant = at('2026-11-25T21:30:00Z')
  t.equal(windowStatus('wednesday', 'Europe/Madrid', instant).open, false)
  t.equal(windowStatus('wednesday', 'America/New_York', instant).open, true)
  t.equal(windowStatus('thursday', 'Asia/Tokyo', instant).open, true)
})

t.test('R4.1 a week runs from Monday 00:00: the calendar gives each weekday one window and one tick per week', async (t) => {
  const tribes = [
    { id: 'mon', weekday: 'monday' as const },
    { id: 'sun', weekday: 'sunday' as const },
  ]
  // Monday 23 November 00:00 to Monday 30 November 00:00, Madrid (UTC+1).
  const week = dueWork(tribes, 'Europe/Madrid', at('2026-11-22T22:59:59Z'), at('2026-11-29T23:00:00Z'))
  t.same(
    week.map((d) => `${d.kind}${'tribe' in d ? ':' + d.tribe : ''}@${d.at.toISOString()}`),
    [
      'open:mon@2026-11-22T23:00:00.000Z',
      'close:mon@2026-11-23T19:00:00.000Z',
      'open:sun@2026-11-28T23:00:00.000Z',
      'close:sun@2026-11-29T19:00:00.000Z',
      'tick@2026-11-29T19:00:00.000Z',
      'open:mon@2026-11-29T23:00:00.000Z',
    ],
    'the next week begins with Monday 00:00',
  )
})

t.test("R2.6 a pick's week's tick: Sunday 20:00 of its Monday-to-Monday week, before it on a Sunday evening", async (t) => {
  const tick = (iso: string) => weekTickOf('Europe/Madrid', at(iso)).toISOString()
  t.equal(tick('2027-01-03T18:00:00Z'), '2027-01-03T19:00:00.000Z', 'Sunday 19:00 in Madrid: the tick is to come')
  t.equal(tick('2027-01-03T19:30:00Z'), '2027-01-03T19:00:00.000Z', 'Sunday 20:30: it has passed')
  t.equal(tick('2027-01-03T23:30:00Z'), '2027-01-10T19:00:00.000Z', 'Monday 00:30: a new week, its tick on 10 January')
  t.equal(tick('2026-03-25T12:00:00Z'), '2026-03-29T18:00:00.000Z', 'a daylight-saving Sunday: 20:00 at its own offset')
})
