// What a game master hears of their campaign's players (#30): a tribe joined, a player asks
// to join, an absence declared, a window missed (and a tribe handed to the bot for it), a player asking for a scene. Each is also in the
// GM's inbox until dealt with; the mail only says it happened, to every GM of the campaign, in
// their language: one mail each, or one digest a day (#49), as the GM chose. With no choice, the
// mails come one by one until the day gets busy, then gather into the next morning's digest.
import { DateTime } from 'luxon'
import { gmMailMode, gmMailOf, setGmMail, type GmMail } from '../db/gm-news.ts'
import type { PendingMail } from '../db/outbox.ts'
import { sqlOf, type Sql } from '../db/sql.ts'
import { requireGm, type Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'

export type GmEvent = 'joined' | 'join_request' | 'absence' | 'missed' | 'bot_missed' | 'scene_asked' | 'left' | 'gm_handed'

/** More GM mails than this in a day, and a campaign that left the choice to us sends a digest. */
export const BUSY_DAY = 5
/** The digest goes out at this hour of the campaign's day, before the day's windows get going. */
export const DIGEST_HOUR = 8

/** The next digest hour after `now`, in the campaign's zone. */
export function nextDigest(now: Date, timeZone: string): Date {
  const local = DateTime.fromJSDate(now, { zone: timeZone })
  const today = local.set({ hour: DIGEST_HOUR, minute: 0, second: 0, millisecond: 0 })
  return (today > local ? today : today.plus({ days: 1 })).toJSDate()
}

export async function gmNews(sql: Sql, campaignId: string, event: GmEvent, period: string, data: Record<string, unknown>, now: Date): Promise<PendingMail[]> {
  const { mode, timeZone, gms, recent } = await gmMailOf(sql, campaignId, new Date(now.getTime() - 24 * 3600_000))
  const key = `${event}/${period}`
  if (mode === 'each' || (mode === null && recent < BUSY_DAY))
    return gms.map((userId) => ({ userId, kind: 'gm_news' as const, period: key, data: { ...data, event } }))
  const at = nextDigest(now, timeZone)
  const items = [{ ...data, event, key }]
  return gms.map((userId) => ({ userId, kind: 'gm_news' as const, period: `digest/${at.toISOString()}`, data: { items }, notBefore: at, gather: true }))
}

/** The GM's choice of how they hear of their players: null leaves it to how busy the day is. */
export function gmMailService({ db }: Pick<ServiceDeps, 'db'>) {
  return {
    async gmMail(a: Access): Promise<GmMail | null> {
      requireGm(a, 'choose how game masters hear of their players')
      return gmMailMode(sqlOf(db.pool), a.campaign.id)
    },
    async setGmMail(a: Access, mode: GmMail | null) {
      requireGm(a, 'choose how game masters hear of their players')
      await setGmMail(sqlOf(db.pool), a.campaign.id, mode)
      return { gmMail: mode }
    },
  }
}
