// Mail settings, one-click unsubscribe, and the iCal feed of a player's turn windows.
import ical, { ICalEventRepeatingFreq } from 'ical-generator'
import { DateTime } from 'luxon'
import { WEEKDAYS, type Weekday } from '../engine/index.ts'
import { calendarRows, settingsOf, turnOff, updateSettings, type SettingsRow } from '../db/accounts.ts'
import type { Database } from '../db/index.ts'
import { optOut, SETTING_OF, type NotificationSetting } from '../db/outbox.ts'
import { sqlOf } from '../db/sql.ts'
import { recheckCampaignsOf } from '../db/snapshots.ts'
import { weekdayNumber, WINDOW_CLOSES_HOUR, WINDOW_OPENS_HOUR } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import { readSigned, signValue } from '../lib/signed.ts'
import type { MailService } from './mail.ts'

export type NotificationSettings = SettingsRow

export function notificationsService(deps: { db: Database; mail: Pick<MailService, 'readUnsubscribeToken'>; publicUrl: string; secret: string }) {
  const { db, mail, publicUrl, secret } = deps

  async function get(userId: string): Promise<NotificationSettings> {
    const settings = await settingsOf(db.pool, userId)
    if (!settings) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists; log in again')
    return settings
  }

  async function update(userId: string, changes: Partial<NotificationSettings>) {
    // The next reminder instants change: let the next sweep look at this player's campaigns again.
    if (await updateSettings(db.pool, userId, changes)) await recheckCampaignsOf(db.pool, userId)
    return get(userId)
  }

  /** Turns one kind of mail off from a signed link; answers what was turned off. */
  async function unsubscribe(token: string): Promise<{ setting: NotificationSetting; email: string }> {
    const read = mail.readUnsubscribeToken(token)
    if (!read) throw new AppError(400, 'unsubscribe/bad_token', 'This unsubscribe link is not valid; change your mail settings after logging in')
    if ('address' in read) {
      await optOut(sqlOf(db.pool), read.address)
      return { setting: 'invitations', email: read.address }
    }
    const setting = SETTING_OF[read.kind]
    const email = await turnOff(db.pool, read.userId, setting)
    if (!email) throw new AppError(404, 'unsubscribe/no_user', 'This account no longer exists')
    return { setting, email }
  }

  function calendarUrl(userId: string) {
    return `${publicUrl}/api/me/calendar.ics?token=${signValue(secret, 'calendar', userId)}`
  }

  async function calendar(token: string) {
    const userId = readSigned(secret, 'calendar', token)
    if (!userId) throw new AppError(404, 'calendar/bad_token', 'No calendar for this link; copy the link again from your settings')
    const rows = await calendarRows(db.pool, userId)
    const cal = ical({ name: 'Weekday Wars', prodId: { company: 'Weekday Wars', product: 'turn windows', language: 'EN' } })
    for (const r of rows) {
      if (!(WEEKDAYS as readonly string[]).includes(r.weekday)) continue
      // The first window on or after the campaign's creation, in the campaign's own zone: the
      // recurrence then follows that zone's wall clock across daylight-saving changes (R4.2).
      let day = DateTime.fromJSDate(r.createdAt, { zone: r.timeZone }).startOf('day')
      while (day.weekday !== weekdayNumber(r.weekday as Weekday)) day = day.plus({ days: 1 })
      cal.createEvent({
        id: `${r.tribeId}@weekdaywars`,
        start: day.set({ hour: WINDOW_OPENS_HOUR }),
        end: day.set({ hour: WINDOW_CLOSES_HOUR }),
        timezone: r.timeZone,
        repeating: { freq: ICalEventRepeatingFreq.WEEKLY },
        summary: `${r.campaignName}: ${r.tribeName}'s turn`,
        description: `Your orders window in ${r.campaignName} (until ${String(WINDOW_CLOSES_HOUR).padStart(2, '0')}:00 ${r.timeZone}).`,
        url: `${publicUrl}/campaigns/${r.campaignId}`,
      })
    }
    return cal.toString()
  }

  return { get, update, unsubscribe, calendarUrl, calendar }
}

export type NotificationsService = ReturnType<typeof notificationsService>
