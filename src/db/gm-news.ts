// How a campaign's GMs hear of their players (#49): each event by mail, or one digest a day.
import { utc, type Sql } from './sql.ts'

export type GmMail = 'each' | 'daily'

export async function setGmMail(sql: Sql, campaignId: string, mode: GmMail | null) {
  await sql.query(`UPDATE campaigns SET gm_mail = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, [campaignId, mode])
}

/** The campaign's choice, its zone, its GMs, and how many GM mails it queued since `since` (one per event, whatever the GMs). */
export async function gmMailOf(sql: Sql, campaignId: string, since: Date): Promise<{ mode: GmMail | null; timeZone: string; gms: string[]; recent: number }> {
  const [row] = await sql.query<{ mode: GmMail | null; timeZone: string; gms: string[]; recent: number }>(
    `SELECT c.gm_mail AS mode, c.time_zone AS "timeZone",
            ARRAY(SELECT m.user_id::text FROM memberships m WHERE m.campaign_id = c.id AND m.role = 'gm') AS gms,
            (SELECT count(DISTINCT o.period)::int FROM outbox_mails o WHERE o.campaign_id = c.id AND o.kind = 'gm_news' AND o.created_at > ${utc(2)}) AS recent
     FROM campaigns c WHERE c.id = $1::uuid`,
    [campaignId, since.toISOString()],
  )
  return row ?? { mode: null, timeZone: 'UTC', gms: [], recent: 0 }
}

export async function gmMailMode(sql: Sql, campaignId: string): Promise<GmMail | null> {
  const [row] = await sql.query<{ mode: GmMail | null }>(`SELECT gm_mail AS mode FROM campaigns WHERE id = $1::uuid`, [campaignId])
  return row?.mode ?? null
}
