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

export type DueWork =
  | { at: Date; kind: 'open'; tribe: string }
  | { at: Date; kind: 'close'; tribe: string }
  | { at: Date; kind: 'tick' }
  | { at: Date; kind: 'remind'; tribe: string }

const KIND_ORDER = { close: 0, tick: 1, open: 2, remind: 3 } as const

export interface CalendarTribe {
  id: string
  weekday: Weekday
  /** A reminder this many hours before the window closes (none when absent or 0). */
  reminderHours?: number | undefined
}

/**
 * Calendar work due in (from, to]: window opens (R4.5) and closes (R9.2) of
 * each tribe's weekday, and the weekly tick on Sunday 20:00 after that hour's
 * siege check (R6.1). In time order; at one instant closes, then the tick, then opens.
 */
export function dueWork(tribes: CalendarTribe[], zone: string, from: Date, to: Date): DueWork[] {
  const due: DueWork[] = []
  if (to <= from) return due
  const byDay = new Map<number, CalendarTribe[]>()
  for (const t of tribes) byDay.set(weekdayNumber(t.weekday), [...(byDay.get(weekdayNumber(t.weekday)) ?? []), t])
  const end = DateTime.fromJSDate(to, { zone })
  for (let day = DateTime.fromJSDate(from, { zone }).startOf('day'); day <= end; day = day.plus({ days: 1 })) {
    const { opens, closes } = windowOn(day)
    for (const t of byDay.get(day.weekday) ?? []) {
      due.push({ at: opens.toJSDate(), kind: 'open', tribe: t.id })
      due.push({ at: closes.toJSDate(), kind: 'close', tribe: t.id })
      if (t.reminderHours && t.reminderHours > 0) {
        const remind = closes.minus({ hours: t.reminderHours })
        if (remind > opens) due.push({ at: remind.toJSDate(), kind: 'remind', tribe: t.id })
      }
    }
    if (day.weekday === 7) due.push({ at: closes.toJSDate(), kind: 'tick' })
  }
  return due
    .filter((d) => d.at > from && d.at <= to)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
}

/** The start of the local day holding `at` (a window's opening, for a close instant). */
export function dayStart(zone: string, at: Date): Date {
  return DateTime.fromJSDate(at, { zone }).startOf('day').toJSDate()
}
