// Diplomacy scenes (R11): scenes and their tribes, messages, proposals and answers.
import type pg from 'pg'
import type { Transfer as TradeTransfer } from '../engine/index.ts'
import { instant, utc, UUID, type Sql } from './sql.ts'

export type ProposalStatus = 'open' | 'accepted' | 'ratified' | 'rejected' | 'failed' | 'withdrawn'

export interface SceneRow {
  id: string
  title: string
  status: 'open' | 'closed'
  createdAt: Date
  closedAt: Date | null
  tribes: string[]
}
export interface ProposalRow {
  id: string
  sceneId: string
  tribeId: string | null
  transfers: TradeTransfer[]
  status: ProposalStatus
  failureReason: string | null
  createdAt: Date
  decidedAt: Date | null
}
export interface MessageRow {
  id: string
  authorId: string
  tribeId: string | null
  body: string
  at: Date
}
export interface AnswerRow {
  proposalId: string
  tribeId: string
  answer: 'accepted' | 'declined'
  at: Date
}

export async function sceneRows(sql: Sql, campaignId: string, sceneId?: string): Promise<SceneRow[]> {
  if (sceneId !== undefined && !UUID.test(sceneId)) return []
  return sql.query<SceneRow>(
    `SELECT s.id, s.title, s.status::text AS status, ${instant('s.created_at', 'createdAt')}, ${instant('s.closed_at', 'closedAt')},
            COALESCE(array_agg(st.tribe_id::text ORDER BY st.tribe_id) FILTER (WHERE st.tribe_id IS NOT NULL), '{}') AS tribes
     FROM scenes s LEFT JOIN scene_tribes st ON st.scene_id = s.id
     WHERE s.campaign_id = $1::uuid ${sceneId ? 'AND s.id = $2::uuid' : ''}
     GROUP BY s.id ORDER BY s.created_at`,
    sceneId ? [campaignId, sceneId] : [campaignId],
  )
}

export async function insertScene(sql: Sql, s: { campaignId: string; title: string; openedById: string | null; tribes: string[]; at: Date }): Promise<string> {
  const [scene] = await sql.query<{ id: string }>(
    `INSERT INTO scenes (id, campaign_id, title, status, opened_by_id, created_at) VALUES (gen_random_uuid(), $1::uuid, $2, 'open', $3::uuid, ${utc(4)}) RETURNING id`,
    [s.campaignId, s.title, s.openedById, s.at.toISOString()],
  )
  await sql.query(`INSERT INTO scene_tribes (campaign_id, scene_id, tribe_id) SELECT $1::uuid, $2::uuid, unnest($3::uuid[])`, [
    s.campaignId,
    scene!.id,
    s.tribes,
  ])
  return scene!.id
}

export async function closeScene(sql: Sql, sceneId: string, at: Date) {
  await sql.query(`UPDATE scenes SET status = 'closed', closed_at = ${utc(2)} WHERE id = $1::uuid`, [sceneId, at.toISOString()])
  await sql.query(
    `UPDATE proposals SET status = 'withdrawn', failure_reason = 'the scene was closed', decided_at = ${utc(2)}
     WHERE scene_id = $1::uuid AND status IN ('open', 'accepted')`,
    [sceneId, at.toISOString()],
  )
}

/** The players of these tribes (scene mails). */
export async function playersOfTribes(sql: Sql, campaignId: string, tribes: string[]): Promise<string[]> {
  const rows = await sql.query<{ userId: string }>(
    `SELECT user_id AS "userId" FROM tribes WHERE campaign_id = $1::uuid AND id = ANY($2::uuid[]) AND user_id IS NOT NULL`,
    [campaignId, tribes],
  )
  return rows.map((r) => r.userId)
}

export async function messagesOf(sql: Sql, sceneId: string): Promise<MessageRow[]> {
  return sql.query<MessageRow>(
    `SELECT id, author_id AS "authorId", tribe_id AS "tribeId", body, ${instant('created_at', 'at')}
     FROM scene_messages WHERE scene_id = $1::uuid ORDER BY position`,
    [sceneId],
  )
}

export async function insertMessage(
  sql: Sql,
  m: { campaignId: string; sceneId: string; authorId: string | null; tribeId: string | null; body: string; at: Date },
): Promise<string> {
  const [row] = await sql.query<{ id: string }>(
    `INSERT INTO scene_messages (id, campaign_id, scene_id, author_id, tribe_id, body, created_at)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, ${utc(6)}) RETURNING id`,
    [m.campaignId, m.sceneId, m.authorId, m.tribeId, m.body, m.at.toISOString()],
  )
  return row!.id
}

/** One proposal of a scene, locked for a step on it. */
export async function lockProposal(sql: Sql, campaignId: string, sceneId: string, proposalId: string): Promise<ProposalRow | undefined> {
  if (!UUID.test(proposalId)) return undefined
  const [row] = await sql.query<ProposalRow>(
    `SELECT id, scene_id AS "sceneId", tribe_id AS "tribeId", transfers, status::text AS status, failure_reason AS "failureReason",
            ${instant('created_at', 'createdAt')}, ${instant('decided_at', 'decidedAt')}
     FROM proposals WHERE id = $1::uuid AND scene_id = $2::uuid AND campaign_id = $3::uuid FOR UPDATE`,
    [proposalId, sceneId, campaignId],
  )
  return row
}

export async function proposalsOf(sql: Sql, campaignId: string, sceneId: string, proposalId?: string): Promise<{ rows: ProposalRow[]; answers: AnswerRow[] }> {
  const rows = await sql.query<ProposalRow>(
    `SELECT id, scene_id AS "sceneId", tribe_id AS "tribeId", transfers, status::text AS status, failure_reason AS "failureReason",
            ${instant('created_at', 'createdAt')}, ${instant('decided_at', 'decidedAt')}
     FROM proposals WHERE scene_id = $1::uuid AND campaign_id = $2::uuid ${proposalId ? 'AND id = $3::uuid' : ''} ORDER BY created_at`,
    proposalId ? [sceneId, campaignId, proposalId] : [sceneId, campaignId],
  )
  const answers = await sql.query<AnswerRow>(
    `SELECT proposal_id AS "proposalId", tribe_id AS "tribeId", answer, ${instant('answered_at', 'at')}
     FROM proposal_answers WHERE proposal_id = ANY($1::uuid[]) ORDER BY answered_at`,
    [rows.map((r) => r.id)],
  )
  return { rows, answers }
}

export async function insertProposal(
  sql: Sql,
  p: { campaignId: string; sceneId: string; createdById: string | null; tribeId: string | null; transfers: TradeTransfer[]; at: Date },
): Promise<string> {
  const [row] = await sql.query<{ id: string }>(
    `INSERT INTO proposals (id, campaign_id, scene_id, created_by_id, tribe_id, transfers, status, created_at)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::jsonb, 'open', ${utc(6)}) RETURNING id`,
    [p.campaignId, p.sceneId, p.createdById, p.tribeId, JSON.stringify(p.transfers), p.at.toISOString()],
  )
  return row!.id
}

export async function setProposalStatus(sql: Sql, proposalId: string, status: ProposalStatus, at: Date, reason: string | null = null) {
  await sql.query(
    `UPDATE proposals SET status = $2::"ProposalStatus", failure_reason = $3, decided_at = CASE WHEN $2 IN ('open', 'accepted') THEN NULL ELSE ${utc(4)} END
     WHERE id = $1::uuid`,
    [proposalId, status, reason, at.toISOString()],
  )
}

export async function saveAnswer(sql: Sql, a: { campaignId: string; proposalId: string; tribeId: string; answer: 'accepted' | 'declined'; at: Date }) {
  await sql.query(
    `INSERT INTO proposal_answers (campaign_id, proposal_id, tribe_id, answer, answered_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, ${utc(5)})
     ON CONFLICT (proposal_id, tribe_id) DO UPDATE SET answer = EXCLUDED.answer, answered_at = EXCLUDED.answered_at`,
    [a.campaignId, a.proposalId, a.tribeId, a.answer, a.at.toISOString()],
  )
}

export async function acceptedBy(sql: Sql, proposalId: string): Promise<string[]> {
  const rows = await sql.query<{ tribeId: string }>(`SELECT tribe_id AS "tribeId" FROM proposal_answers WHERE proposal_id = $1::uuid AND answer = 'accepted'`, [
    proposalId,
  ])
  return rows.map((r) => r.tribeId)
}

/** The scenes and proposals a tribe takes part in: what of the diplomacy log its player may read. */
export async function diplomacyOfTribe(pool: pg.Pool, campaignId: string, tribeId: string | null): Promise<{ scenes: Set<string>; proposals: Set<string> }> {
  if (!tribeId) return { scenes: new Set(), proposals: new Set() }
  const { rows } = await pool.query<{ scene: string; proposal: string | null }>(
    `SELECT st.scene_id AS scene, p.id AS proposal FROM scene_tribes st LEFT JOIN proposals p ON p.scene_id = st.scene_id
      WHERE st.campaign_id = $1::uuid AND st.tribe_id = $2::uuid`,
    [campaignId, tribeId],
  )
  return { scenes: new Set(rows.map((r) => r.scene)), proposals: new Set(rows.flatMap((r) => (r.proposal ? [r.proposal] : []))) }
}

/** The member has read the scene up to now (#30). */
export async function markSceneRead(sql: Sql, campaignId: string, sceneId: string, userId: string, at: Date) {
  await sql.query(
    `INSERT INTO scene_reads (campaign_id, scene_id, user_id, read_at) VALUES ($1::uuid, $2::uuid, $3::uuid, ${utc(4)})
     ON CONFLICT (scene_id, user_id) DO UPDATE SET read_at = GREATEST(scene_reads.read_at, EXCLUDED.read_at)`,
    [campaignId, sceneId, userId, at.toISOString()],
    'scene-read',
  )
}

/** Messages by others the member has not read, by scene, in the scenes given (those the member sees). */
export async function unreadByScene(sql: Sql, campaignId: string, userId: string, scenes: string[]): Promise<Map<string, number>> {
  if (scenes.length === 0) return new Map()
  const rows = await sql.query<{ sceneId: string; unread: number }>(
    `SELECT m.scene_id AS "sceneId", count(*)::int AS unread
     FROM scene_messages m LEFT JOIN scene_reads r ON r.scene_id = m.scene_id AND r.user_id = $2::uuid
     WHERE m.campaign_id = $1::uuid AND m.scene_id = ANY($3::uuid[]) AND m.author_id <> $2::uuid AND (r.read_at IS NULL OR m.created_at > r.read_at)
     GROUP BY m.scene_id`,
    [campaignId, userId, scenes],
    'unread-by-scene',
  )
  return new Map(rows.map((r) => [r.sceneId, r.unread]))
}

/** Messages by others the member has not read in the campaign's scenes they see (a GM: all; a player: their tribe's). */
export async function unreadInCampaign(pool: pg.Pool, campaignId: string, userId: string, tribeId: string | null): Promise<number> {
  const { rows } = await pool.query<{ unread: number }>(
    `SELECT count(*)::int AS unread
     FROM scenes s JOIN scene_messages m ON m.scene_id = s.id
     LEFT JOIN scene_reads r ON r.scene_id = s.id AND r.user_id = $2::uuid
     WHERE s.campaign_id = $1::uuid AND m.author_id <> $2::uuid AND (r.read_at IS NULL OR m.created_at > r.read_at)
       AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM scene_tribes st WHERE st.scene_id = s.id AND st.tribe_id = $3::uuid))`,
    [campaignId, userId, tribeId],
  )
  return rows[0]!.unread
}
