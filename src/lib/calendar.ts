// Turn windows in a campaign's time zone (R2.2, R4.1–R4.3), with luxon so
// daylight-saving days get whatever real time their wall-clock bounds give.
import { DateTime } from 'luxon'
import { WEEKDAYS, type Weekday } from '../engine/index.ts'
import { zoneOf } from './zones.ts'

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
  const local = DateTime.fromJSDate(now, { zone: zoneOf(zone) })
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
  /** `gameAt`: the instant the game is told, when it is not `at` (a practice week passed before a setup's wait is over, #50). */
  | { at: Date; kind: 'tick'; gameAt?: number }
  | { at: Date; kind: 'remind'; tribe: string }

const KIND_ORDER = { close: 0, tick: 1, open: 2, remind: 3 } as const

export interface CalendarTribe {
  id: string
  weekday: Weekday
  /** A reminder this many hours before the window closes (none when absent or 0). */
  reminderHours?: number | undefined
}

/** A local date's window in a zone, as instants (ms). */
interface LocalDay {
  weekday: number
  opens: number
  closes: number
}

// The sweep asks the same few zones about the same few days for thousands of
// campaigns; each answer costs luxon a time zone lookup through Intl.
const localDays = new Map<string, LocalDay>()
const LOCAL_DAYS_KEPT = 20_000

function localDay(zone: string, utcDate: Date): LocalDay {
  const year = utcDate.getUTCFullYear()
  const month = utcDate.getUTCMonth() + 1
  const day = utcDate.getUTCDate()
  const key = `${zone} ${year}-${month}-${day}`
  let found = localDays.get(key)
  if (!found) {
    if (localDays.size >= LOCAL_DAYS_KEPT) localDays.clear()
    const { opens, closes } = windowOn(DateTime.fromObject({ year, month, day }, { zone: zoneOf(zone) }))
    found = { weekday: ((utcDate.getUTCDay() + 6) % 7) + 1, opens: opens.toMillis(), closes: closes.toMillis() }
    localDays.set(key, found)
  }
  return found
}

/** The local calendar date of an instant in a zone, as midnight UTC of that date (for day-by-day stepping). */
function localDate(zone: string, at: Date): number {
  const local = DateTime.fromJSDate(at, { zone: zoneOf(zone) })
  return Date.UTC(local.year, local.month - 1, local.day)
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
  const last = localDate(zone, to)
  for (let date = localDate(zone, from); date <= last; date += 86_400_000) {
    const day = localDay(zone, new Date(date))
    for (const t of byDay.get(day.weekday) ?? []) {
      due.push({ at: new Date(day.opens), kind: 'open', tribe: t.id })
      due.push({ at: new Date(day.closes), kind: 'close', tribe: t.id })
      if (t.reminderHours && t.reminderHours > 0) {
        const remind = day.closes - t.reminderHours * 3_600_000
        if (remind > day.opens) due.push({ at: new Date(remind), kind: 'remind', tribe: t.id })
      }
    }
    if (day.weekday === 7) due.push({ at: new Date(day.closes), kind: 'tick' })
  }
  return due.filter((d) => d.at > from && d.at <= to).sort((a, b) => a.at.getTime() - b.at.getTime() || KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
}

/** The start of the local day holding `at` (a window's opening, for a close instant). */
export function dayStart(zone: string, at: Date): Date {
  return DateTime.fromJSDate(at, { zone: zoneOf(zone) })
    .startOf('day')
    .toJSDate()
}

/** The first weekly tick (Sunday 20:00 in `zone`) at or after `at`. */
export function firstTickAtOrAfter(zone: string, at: Date): Date {
  const local = DateTime.fromJSDate(at, { zone: zoneOf(zone) })
  let tick = local.set({ weekday: 7, hour: WINDOW_CLOSES_HOUR, minute: 0, second: 0, millisecond: 0 })
  if (tick < local) tick = tick.plus({ weeks: 1 })
  return tick.toJSDate()
}

/** The weekly tick of the week (Monday to Monday in `zone`) holding `at`: before `at` on a Sunday evening (R2.6). */
export function weekTickOf(zone: string, at: Date): Date {
  return DateTime.fromJSDate(at, { zone: zoneOf(zone) })
    .set({ weekday: 7, hour: WINDOW_CLOSES_HOUR, minute: 0, second: 0, millisecond: 0 })
    .toJSDate()
}
