// Mail settings, one-click unsubscribe, and the iCal feed of a player's turn windows.
import fp from 'fastify-plugin'
import ical, { ICalEventRepeatingFreq } from 'ical-generator'
import { DateTime } from 'luxon'
import { WEEKDAYS, type Weekday } from '../../engine/index.ts'
import { weekdayNumber, WINDOW_CLOSES_HOUR, WINDOW_OPENS_HOUR } from '../../lib/calendar.ts'
import { AppError } from '../../lib/errors.ts'
import { readSigned, signValue } from '../../lib/signed.ts'
import { SETTING_COLUMN, SETTING_OF, type NotificationSetting } from './mail.ts'

export interface NotificationSettings {
  windowOpen: boolean
  reminder: boolean
  payout: boolean
  digest: boolean
  diplomacy: boolean
  reminderHours: number
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: {
      get(userId: string): Promise<NotificationSettings>
      update(userId: string, changes: Partial<NotificationSettings>): Promise<NotificationSettings>
      /** Turns one kind of mail off from a signed link; answers what was turned off. */
      unsubscribe(token: string): Promise<{ setting: NotificationSetting; email: string }>
      calendarUrl(userId: string): string
      calendar(token: string): Promise<string>
    }
  }
}

const SELECT = `mail_window_open AS "windowOpen", mail_reminder AS reminder, mail_payout AS payout, mail_digest AS digest,
  mail_diplomacy AS diplomacy, reminder_hours AS "reminderHours"`

export default fp(
  async (fastify) => {
    const { pg: pool, config, mail } = fastify

    async function get(userId: string): Promise<NotificationSettings> {
      const { rows } = await pool.query<NotificationSettings>(`SELECT ${SELECT} FROM users WHERE id = $1::uuid`, [userId])
      if (!rows[0]) throw new AppError(401, 'auth/unauthenticated', 'This account no longer exists; log in again')
      return rows[0]
    }

    async function update(userId: string, changes: Partial<NotificationSettings>) {
      const sets: string[] = []
      const values: unknown[] = [userId]
      for (const [key, column] of Object.entries(SETTING_COLUMN) as [NotificationSetting, string][]) {
        if (changes[key] !== undefined) sets.push(`${column} = $${values.push(changes[key])}`)
      }
      if (changes.reminderHours !== undefined) sets.push(`reminder_hours = $${values.push(changes.reminderHours)}`)
      if (sets.length > 0) {
        await pool.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, values)
        // The next reminder instants change: let the next sweep look at this player's campaigns again.
        await pool.query(
          `UPDATE game_snapshots s SET next_due_at = LEAST(s.next_due_at, s.synced_until)
           FROM tribes t WHERE t.campaign_id = s.campaign_id AND t.user_id = $1::uuid AND s.next_due_at IS NOT NULL`, [userId])
      }
      return get(userId)
    }

    async function unsubscribe(token: string) {
      const read = mail.readUnsubscribeToken(token)
      if (!read) throw new AppError(400, 'unsubscribe/bad_token', 'This unsubscribe link is not valid; change your mail settings after logging in')
      const setting = SETTING_OF[read.kind]
      if (!setting) throw new AppError(400, 'unsubscribe/bad_token', 'This kind of mail has no setting')
      const { rows } = await pool.query<{ email: string }>(`UPDATE users SET ${SETTING_COLUMN[setting]} = false WHERE id = $1::uuid RETURNING email`, [read.userId])
      if (!rows[0]) throw new AppError(404, 'unsubscribe/no_user', 'This account no longer exists')
      return { setting, email: rows[0].email }
    }

    function calendarUrl(userId: string) {
      return `${config.publicUrl}/api/me/calendar.ics?token=${signValue(config.jwtSecret, 'calendar', userId)}`
    }

    async function calendar(token: string) {
      const userId = readSigned(config.jwtSecret, 'calendar', token)
      if (!userId) throw new AppError(404, 'calendar/bad_token', 'No calendar for this link; copy the link again from your settings')
      const { rows } = await pool.query<{ tribeId: string; tribeName: string; weekday: Weekday; campaignId: string; campaignName: string; timeZone: string; createdAt: Date }>(
        `SELECT t.id AS "tribeId", t.name AS "tribeName", t.weekday, c.id AS "campaignId", c.name AS "campaignName", c.time_zone AS "timeZone",
                (c.created_at AT TIME ZONE 'UTC') AS "createdAt"
         FROM tribes t JOIN campaigns c ON c.id = t.campaign_id
         WHERE t.user_id = $1::uuid AND c.status IN ('setup', 'draft', 'running', 'paused') ORDER BY c.created_at`, [userId])
      const cal = ical({ name: 'Weekday Wars', prodId: { company: 'Weekday Wars', product: 'turn windows', language: 'EN' } })
      for (const r of rows) {
        if (!(WEEKDAYS as readonly string[]).includes(r.weekday)) continue
        // The first window on or after the campaign's creation, in the campaign's own zone: the
        // recurrence then follows that zone's wall clock across daylight-saving changes (R4.2).
        let day = DateTime.fromJSDate(r.createdAt, { zone: r.timeZone }).startOf('day')
        while (day.weekday !== weekdayNumber(r.weekday)) day = day.plus({ days: 1 })
        cal.createEvent({
          id: `${r.tribeId}@weekdaywars`,
          start: day.set({ hour: WINDOW_OPENS_HOUR }),
          end: day.set({ hour: WINDOW_CLOSES_HOUR }),
          timezone: r.timeZone,
          repeating: { freq: ICalEventRepeatingFreq.WEEKLY },
          summary: `${r.campaignName}: ${r.tribeName}'s turn`,
          description: `Your orders window in ${r.campaignName} (until ${String(WINDOW_CLOSES_HOUR).padStart(2, '0')}:00 ${r.timeZone}).`,
          url: `${config.publicUrl}/campaigns/${r.campaignId}`,
        })
      }
      return cal.toString()
    }

    fastify.decorate('notifications', { get, update, unsubscribe, calendarUrl, calendar })
  },
  { name: 'notifications', dependencies: ['prisma', 'config', 'mail'] },
)
