// The game snapshot of a campaign as read: the locked load, the order's one
// read, the log position and the kept map. What a change writes, and the
// statement that saves it, is in snapshot-writes.ts.
import type pg from 'pg'
import { CAMPAIGN_COLUMNS, ownPlace, placeColumns, type CampaignRow } from './campaigns.ts'
import { instant, utc, type Sql } from './sql.ts'

export interface LoadedRow extends CampaignRow {
  state: unknown | null
  version: number | null
  /** The version the stored state was written at. */
  stateVersion: number | null
  /** The engine events logged after the stored state, to replay on it. */
  tail: unknown[] | null
  syncedUntil: Date | null
  nextDueAt: Date | null
  lastSeq: number
  /** Moved whenever a fact of the campaign's seats changes (members, tribes' players, logins; #52). */
  seatsVersion: number | null
  /** The stored state's JSON in bytes: what remembering it costs (known-campaigns), without writing it out again. */
  stateBytes: number | null
}

/** Engine events (a platform note's type has a dot) logged after the stored state: its tail. */
const TAIL = `(SELECT json_agg(e.payload ORDER BY e.seq) FROM campaign_events e
               WHERE e.campaign_id = s.campaign_id AND e.seq > s.state_seq AND position('.' in e.type) = 0)`

/** A snapshot row `s` of campaign `c`: its stored state, the tail to replay on it, the calendar marks and the log position. */
export const SNAPSHOT_COLUMNS = `s.state, s.version, s.state_version AS "stateVersion", ${TAIL} AS tail,
            ${instant('s.synced_until', 'syncedUntil')}, ${instant('s.next_due_at', 'nextDueAt')},
            COALESCE((SELECT max(e.seq) FROM campaign_events e WHERE e.campaign_id = c.id), 0)::int AS "lastSeq", s.seats_version AS "seatsVersion",
            octet_length(s.state::text) AS "stateBytes"`

/**
 * Locks the campaign row and its snapshot row, campaign first. Orders take no
 * lock: they save over the version they read, so a locked change must hold the
 * snapshot row too, or an order could save under it. With `skipLocked` (the
 * sweep), a busy campaign answers false: whoever holds it catches it up.
 */
export async function lockCampaignAndSnapshot(sql: Sql, id: string, options: { skipLocked?: boolean } = {}): Promise<boolean> {
  const skip = options.skipLocked ? ' SKIP LOCKED' : ''
  // A CTE runs only when read: the snapshot count is read so that its row is locked.
  const [row] = await sql.query<{ locked: boolean }>(
    `WITH c AS (SELECT id FROM campaigns WHERE id = $1::uuid FOR UPDATE${skip}),
     s AS (SELECT campaign_id FROM game_snapshots WHERE campaign_id IN (SELECT id FROM c) FOR UPDATE)
     SELECT EXISTS (SELECT 1 FROM c) AS locked, (SELECT count(*) FROM s)::int AS snapshots`,
    [id],
    options.skipLocked ? 'campaign-lock-skip' : 'campaign-lock',
  )
  return row!.locked
}

/**
 * Locks the campaign, then reads its snapshot and log position. The lock is a
 * statement of its own: a statement that waited for the lock would read the
 * other rows as they were before it waited.
 */
export async function lockAndLoad(sql: Sql, id: string, options: { skipLocked?: boolean } = {}): Promise<LoadedRow | null> {
  if (!(await lockCampaignAndSnapshot(sql, id, options))) return null
  const rows = await sql.query<LoadedRow>(
    `SELECT ${CAMPAIGN_COLUMNS}, ${SNAPSHOT_COLUMNS}
     FROM campaigns c LEFT JOIN game_snapshots s ON s.campaign_id = c.id
     WHERE c.id = $1::uuid`,
    [id],
    'campaign-load',
  )
  return rows[0] ?? null
}

/** What a caller's change reads, beside the campaign: their place in it, their login, a stored answer. */
export interface ChangeRow extends LoadedRow {
  gm: boolean
  member: boolean
  tribeId: string | null
  /** The caller plays the tribe as a stand-in for its absent player. */
  standIn: boolean
  /** Null when the user no longer exists. */
  tokenVersion: number | null
  revoked: boolean
  seen: { requestHash: string; response: unknown } | null
}

/**
 * One statement, no lock: the campaign, its snapshot and log position, the
 * caller's place in it, whether their login still stands, and the answer kept
 * for an Idempotency-Key. The change built on it is saved only if the
 * snapshot's version is still the one read here (saveChange). Always one row;
 * its campaign columns are null when there is no such campaign.
 */
export async function readForChange(sql: Sql, c: { campaignId: string; userId: string; jti: string; key: string | null; at: Date }): Promise<ChangeRow> {
  const rows = await sql.query<ChangeRow>(READ_FOR_CHANGE, [c.campaignId, c.userId, c.jti, c.key, c.at.toISOString()], 'campaign-read-for-change')
  return rows[0]!
}

// Built once: assembling it for every read took 3% of the orders' CPU (#52).
const READ_FOR_CHANGE = `SELECT ${CAMPAIGN_COLUMNS}, ${SNAPSHOT_COLUMNS}, ${placeColumns('$2')},
            (SELECT u.token_version FROM users u WHERE u.id = $2::uuid) AS "tokenVersion",
            EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $3) AS revoked,
            (SELECT json_build_object('requestHash', i.request_hash, 'response', i.response) FROM idempotency_records i
             WHERE i.campaign_id = c.id AND i.user_id = $2::uuid AND i.key = $4) AS seen
     FROM (SELECT $1::uuid AS id) wanted LEFT JOIN campaigns c ON c.id = wanted.id LEFT JOIN game_snapshots s ON s.campaign_id = c.id
       LEFT JOIN LATERAL ${ownPlace('$2', '$5')} ON true`

export async function lastSeq(sql: Sql, campaignId: string): Promise<number> {
  const [row] = await sql.query<{ lastSeq: number }>(`SELECT COALESCE(max(seq), 0)::int AS "lastSeq" FROM campaign_events WHERE campaign_id = $1::uuid`, [
    campaignId,
  ])
  return row!.lastSeq
}

/** Whether a running campaign has calendar work due at `now` (one indexed read). */
export async function isDue(pool: pg.Pool, campaignId: string, now: Date): Promise<boolean> {
  const due = await pool.query(
    `SELECT 1 FROM game_snapshots s JOIN campaigns c ON c.id = s.campaign_id
     WHERE s.campaign_id = $1::uuid AND c.status = 'running' AND s.next_due_at <= ${utc(2)}`,
    [campaignId, now.toISOString()],
  )
  return (due.rowCount ?? 0) > 0
}

/** The running campaigns whose calendar work is due, soonest first (the sweep). */
export async function dueCampaigns(pool: pg.Pool, now: Date): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT s.campaign_id AS id FROM game_snapshots s JOIN campaigns c ON c.id = s.campaign_id
     WHERE c.status = 'running' AND s.next_due_at <= ${utc(1)} ORDER BY s.next_due_at`,
    [now.toISOString()],
  )
  return rows.map((r) => r.id)
}

/** A snapshot as stored: the state, the engine events after it (`tail`, to replay on it) and the campaign's version. */
export interface StoredSnapshot {
  state: unknown
  tail: unknown[] | null
  version: number
}

export async function readSnapshot(sql: Sql, campaignId: string): Promise<StoredSnapshot | undefined> {
  const [row] = await sql.query<StoredSnapshot>(
    `SELECT s.state, ${TAIL} AS tail, s.version FROM game_snapshots s WHERE s.campaign_id = $1::uuid`,
    [campaignId],
    'snapshot-read',
  )
  return row
}

/** The current week of a started campaign (0 before the draft), for log entries outside a snapshot change. */
export async function currentWeek(sql: Sql, campaignId: string): Promise<number> {
  const rows = await sql.query<{ period: number }>(`SELECT period FROM game_snapshots WHERE campaign_id = $1::uuid`, [campaignId])
  return rows[0]?.period ?? 0
}

/** The next reminder instants of a player changed: the next sweep looks at their campaigns again. */
export async function recheckCampaignsOf(pool: pg.Pool, userId: string) {
  await pool.query(
    `UPDATE game_snapshots s SET next_due_at = LEAST(s.next_due_at, s.synced_until)
     FROM tribes t WHERE t.campaign_id = s.campaign_id AND t.user_id = $1::uuid AND s.next_due_at IS NOT NULL`,
    [userId],
  )
}

/** Keeps the map a campaign starts on (once; a second call changes nothing). */
export async function keepCampaignMap(sql: Sql, campaignId: string, hash: string, definition: unknown) {
  await sql.query(
    `INSERT INTO campaign_maps (campaign_id, hash, definition, created_at) VALUES ($1::uuid, $2, $3::jsonb, now() AT TIME ZONE 'UTC')
     ON CONFLICT (campaign_id) DO NOTHING`,
    [campaignId, hash, JSON.stringify(definition)],
  )
}

export async function campaignMap(sql: Sql, campaignId: string): Promise<{ hash: string; definition: unknown } | undefined> {
  const [row] = await sql.query<{ hash: string; definition: unknown }>(`SELECT hash, definition FROM campaign_maps WHERE campaign_id = $1::uuid`, [campaignId])
  return row
}
