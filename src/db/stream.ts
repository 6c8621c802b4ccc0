// What the live streams watch (#31, #45): one read a beat for every watched campaign, however many
// readers watch it; the scene messages after a point, once for all of a campaign's readers, each
// with the tribes that may read it; and every reader's place, checked again every beat.
// Messages go through scenes (indexed by campaign) to scene_messages (indexed by scene and position).
import { CAMPAIGN_COLUMNS, ownPlace, placeColumns, type AccessRow } from './campaigns.ts'
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

export interface StreamMessage {
  sceneId: string
  position: number
  /** The tribe that spoke; null for a GM. */
  tribeId: string | null
  /** The scene's tribes: their players (and the GMs) may read it. */
  tribes: string[]
}

/** Up to `limit` messages after `position`, in thread order. */
export async function messagesAfter(sql: Sql, campaignId: string, position: number, limit: number): Promise<StreamMessage[]> {
  return sql.query<StreamMessage>(
    `SELECT m.scene_id AS "sceneId", m.position, m.tribe_id AS "tribeId",
            ARRAY(SELECT st.tribe_id::text FROM scene_tribes st WHERE st.scene_id = m.scene_id) AS tribes
       FROM scenes sc JOIN scene_messages m ON m.scene_id = sc.id
      WHERE sc.campaign_id = $1::uuid AND m.position > $2 ORDER BY m.position LIMIT $3`,
    [campaignId, position, limit],
    'stream-messages',
  )
}

/** A reader to check: the campaign, the account (null: anonymous) and its login's id. */
export interface ReaderKey {
  campaignId: string
  userId: string | null
  jti: string
}

/** A reader's place now, as accessRow reads it, with whether its login still stands; `i` is its key's index, from 1. */
export interface ReaderPlaceRow extends AccessRow {
  i: number
  tokenVersion: number | null
  revoked: boolean
}

/** Every reader's place in one statement; a campaign that is gone has no row. */
export async function readerPlaces(sql: Sql, keys: ReaderKey[], at: Date): Promise<ReaderPlaceRow[]> {
  return sql.query<ReaderPlaceRow>(
    `SELECT k.i::int AS i, ${CAMPAIGN_COLUMNS}, ${placeColumns('k.u')},
            (SELECT u.token_version FROM users u WHERE u.id = k.u) AS "tokenVersion",
            EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = k.j) AS revoked
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) WITH ORDINALITY AS k(c, u, j, i)
       JOIN campaigns c ON c.id = k.c, LATERAL ${ownPlace('k.u', '$4')}`,
    [keys.map((k) => k.campaignId), keys.map((k) => k.userId), keys.map((k) => k.jti), at.toISOString()],
    'stream-places',
  )
}
