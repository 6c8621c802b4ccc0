// Turn windows in a campaign's time zone (R2.2, R4.1–R4.3), with luxon so
// daylight-saving days get whatever real time their wall-clock bounds give.
import { DateTime } from 'luxon'
import { WEEKDAYS, type Weekday } from '../engine/index.ts'

export const WINDOW_OPENS_HOUR = 0
export const WINDOW_CLOSES_HOUR = 20

export interface WindowStatus {
  open: boolean
  /** When the current window closes (only while open). */
  closesAt: string | null
  /** The next opening after `now` (ISO-8601 with offset). */
  nextOpening: string
  /** The window this instant belongs to, or the next one. */
  opensAt: string
}

export function weekdayNumber(day: Weekday): number {
  return WEEKDAYS.indexOf(day) + 1 // luxon: Monday = 1
}

function windowOn(date: DateTime) {
  const opens = date.set({ hour: WINDOW_OPENS_HOUR, minute: 0, second: 0, millisecond: 0 })
  const closes = date.set({ hour: WINDOW_CLOSES_HOUR, minute: 0, second: 0, millisecond: 0 })
  return { opens, closes }
}

export function windowStatus(day: Weekday, zone: string, now: Date): WindowStatus {
  const local = DateTime.fromJSDate(now, { zone })
  const target = weekdayNumber(day)
  let date = local.startOf('day')
  const ahead = (target - date.weekday + 7) % 7
  date = date.plus({ days: ahead })
  let { opens, closes } = windowOn(date)
  const open = ahead === 0 && local >= opens && local < closes
  if (!open && local >= opens) ({ opens, closes } = windowOn(date.plus({ days: 7 })))
  const iso = (d: DateTime) => d.toISO({ suppressMilliseconds: true })!
  return {
    open,
    closesAt: open ? iso(closes) : null,
    nextOpening: iso(open ? windowOn(date.plus({ days: 7 })).opens : opens),
    opensAt: iso(opens),
  }
}

/** Monday 00:00 of the week holding `now`, in the zone (R4.1). */
export function weekStart(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).startOf('week').toISO({ suppressMilliseconds: true })!
}
