// What a game master hears of their campaign's players (#30): a tribe joined, a player asks
// to join, an absence declared, a window missed, a player asking for a scene. Each is also in the GM's inbox until dealt
// with; the mail only says it happened, to every GM of the campaign, in their language.
import type { PendingMail } from '../db/outbox.ts'
import { gmsOf } from '../db/roster.ts'
import type { Sql } from '../db/sql.ts'

export type GmEvent = 'joined' | 'join_request' | 'absence' | 'missed' | 'scene_asked'

export async function gmNews(sql: Sql, campaignId: string, event: GmEvent, period: string, data: Record<string, unknown>): Promise<PendingMail[]> {
  return (await gmsOf(sql, campaignId)).map((userId) => ({ userId, kind: 'gm_news' as const, period: `${event}/${period}`, data: { ...data, event } }))
}
