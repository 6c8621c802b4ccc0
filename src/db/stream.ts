// What the live streams watch (#31): one read a poll for every watched campaign, however many
// readers watch it, and the scene messages after a point when a campaign's last one moved.
// Both go through scenes (indexed by campaign) to scene_messages (indexed by scene and position).
import type { Sql } from './sql.ts'

export interface CampaignMark {
  campaignId: string
  version: number
  /** The thread position of the campaign's newest scene message (0: none). */
  lastMessage: number
}

export async function campaignMarks(sql: Sql, campaignIds: string[]): Promise<CampaignMark[]> {
  return sql.query<CampaignMark>(
    `SELECT s.campaign_id AS "campaignId", s.version,
            COALESCE((SELECT max(m.position) FROM scenes sc JOIN scene_messages m ON m.scene_id = sc.id WHERE sc.campaign_id = s.campaign_id), 0) AS "lastMessage"
       FROM game_snapshots s WHERE s.campaign_id = ANY($1::uuid[])`,
    [campaignIds],
    'stream-marks',
  )
}

export async function messagesAfter(sql: Sql, campaignId: string, position: number): Promise<{ sceneId: string; position: number; tribeId: string | null }[]> {
  return sql.query(
    `SELECT m.scene_id AS "sceneId", m.position, m.tribe_id AS "tribeId" FROM scenes sc JOIN scene_messages m ON m.scene_id = sc.id
      WHERE sc.campaign_id = $1 AND m.position > $2 ORDER BY m.position LIMIT 100`,
    [campaignId, position],
    'stream-messages',
  )
}
