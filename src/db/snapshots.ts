// The game snapshot of a campaign and everything written with it: the locked
// load, and one statement that saves the snapshot, its log events, calendar
// ledger rows, dice rows and queued mails (the hot path of every order).
import type pg from 'pg'
import { CAMPAIGN_COLUMNS, ownPlace, placeColumns, type CampaignRow, type CampaignStatus } from './campaigns.ts'
import { recipientOf, type PendingMail } from './outbox.ts'
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

export interface LedgerWrite {
  kind: string
  period: string
  dueAt: Date
  outcome: 'done' | 'skipped'
}
export interface DiceWrite {
  week: number
  seed: string
  commitment: string
  committedAt: Date
  revealedAt: Date | null
}
/** An event to log; `tribe` and `played` are what SQL filters on, tagged when it is written. */
export interface EventWrite {
  type: string
  payload: unknown
  week: number
  at: Date
  tribe: string | null
  played: boolean
}
export interface IdempotencyWrite {
  userId: string
  key: string
  requestHash: string
  response: unknown
}

/** Everything one change of a campaign writes. */
export interface ChangeWrite {
  campaignId: string
  /** The new version; the change is saved only over version - 1. */
  version: number
  /** The state's JSON text as stored (written once, #52), or undefined to keep the stored one (its tail grows by this change's events). */
  state: string | undefined
  status: CampaignStatus
  /** The game's period and, once over, its ranking: copied from the game's view for SQL to read. */
  period: number
  ranking: string[] | null
  syncedUntil: Date
  nextDueAt: Date | null
  firstSeq: number
  events: EventWrite[]
  ledger: LedgerWrite[]
  dice: DiceWrite[]
  mails: PendingMail[]
  idempotency?: IdempotencyWrite | undefined
  now: Date
  /** The first snapshot of the campaign (the draft's start). */
  created?: boolean
  /** Built on a state this instance remembered rather than read: what must still hold for it to be saved. */
  guard?: SaveGuard | undefined
}

/**
 * An order built without reading (#32) is saved only if everything the read
 * would have checked still holds: the snapshot's calendar marks as
 * remembered (a marks-only save leaves the version as it was), and the
 * seats as the read found them (#52): the caller's tribe and membership, no
 * game master role, their login's token version and no revoked token of
 * theirs, all of which move seats_version when they change (triggers, in
 * the changing transaction); the caller's token is the one that read. An
 * answer kept for the Idempotency-Key needs no clause: the record's primary
 * key fails the statement (23505). Either way nothing is written, as for an
 * overtaken version, and the order is read and built again.
 */
export interface SaveGuard {
  syncedUntil: Date
  nextDueAt: Date | null
  seatsVersion: number
}

const GUARD = `AND synced_until = ${utc(17)} AND next_due_at IS NOT DISTINCT FROM ${utc(18)} AND seats_version = $19::int`

const PARAM = { log: 6, ledger: 7, dice: 8, mail: 9, idempotency: 13 } as const

/** A change's log, ledger and dice rows as its statement reads them (jsonb_to_recordset), and the last log position it takes. */
export function rowsOf(c: ChangeWrite) {
  let seq = c.firstSeq - 1
  const events = c.events.map((e) => ({ seq: ++seq, week: e.week, type: e.type, payload: e.payload, at: e.at.toISOString(), tribe: e.tribe, played: e.played }))
  const ledger = c.ledger.map((l) => ({ kind: l.kind, period: l.period, due: l.dueAt.toISOString(), outcome: l.outcome }))
  const dice = c.dice.map((d) => ({
    week: d.week,
    seed: d.seed,
    commitment: d.commitment,
    committed: d.committedAt.toISOString(),
    revealed: d.revealedAt?.toISOString() ?? null,
  }))
  return { events, ledger, dice, seq }
}

/**
 * Writes the whole change in one statement, each shape of it prepared once per
 * connection. The snapshot is written only over the version the change was
 * built on, and everything else only with it: answers false, having written
 * nothing, when another change came first. A campaign log row that another
 * writer took first fails the statement with a unique violation (23505).
 */
export async function saveChange(sql: Sql, c: ChangeWrite): Promise<boolean> {
  const { events, ledger, dice, seq } = rowsOf(c)
  const idempotency = c.idempotency
  const statement = saveStatement(c, events.length > 0, ledger.length > 0, dice.length > 0, c.mails.length > 0, idempotency !== undefined)
  const [row] = await sql.query<{ saved: boolean }>(
    statement.text,
    [
      c.campaignId,
      c.version,
      c.state ?? null,
      c.syncedUntil.toISOString(),
      c.nextDueAt?.toISOString() ?? null,
      jsonRows(events),
      jsonRows(ledger),
      jsonRows(dice),
      c.mails.length === 0 ? NO_ROWS : JSON.stringify(c.mails.map((m) => ({ ...m, recipient: recipientOf(m) }))),
      c.now.toISOString(),
      c.status,
      c.version - 1,
      idempotency === undefined ? NO_ROWS : JSON.stringify([idempotency]),
      c.period,
      c.ranking === null ? null : JSON.stringify(c.ranking),
      seq,
      ...(c.guard ? guardValues(c.guard) : []),
    ],
    statement.name,
  )
  return row!.saved
}

/** Most changes write no ledger, dice, mail or kept answer: their parameter is this one text. */
const NO_ROWS = '[]'
const jsonRows = (rows: readonly unknown[]) => (rows.length === 0 ? NO_ROWS : JSON.stringify(rows))

/**
 * The save's statement for a change's shape (what it writes), prepared once per connection under
 * its name. Its text depends on nothing else: building it took a twentieth of an order's CPU
 * (#32), and naming the shape for every save took a few percent more (#52), so both are kept by a
 * number made of the shape's flags.
 */
const saveStatements = new Map<number, { name: string; text: string }>()

function saveStatement(c: ChangeWrite, log: boolean, ledger: boolean, dice: boolean, mail: boolean, idempotency: boolean): { name: string; text: string } {
  const mode = c.created ? 0 : c.state === undefined ? 1 : 2
  const key = mode | (log ? 4 : 0) | (ledger ? 8 : 0) | (dice ? 16 : 0) | (mail ? 32 : 0) | (idempotency ? 64 : 0) | (c.guard ? 128 : 0)
  let statement = saveStatements.get(key)
  if (statement === undefined) {
    const flags: Record<keyof typeof PARAM, boolean> = { log, ledger, dice, mail, idempotency }
    const used = (Object.keys(PARAM) as (keyof typeof PARAM)[]).filter((name) => flags[name])
    const name = `campaign-save-${['new', 'append', 'update'][mode]}-${used.join('-')}${c.guard ? '-guarded' : ''}`
    statement = { name, text: saveText(c, used) }
    saveStatements.set(key, statement)
  }
  return statement
}

function saveText(c: ChangeWrite, used: (keyof typeof PARAM)[]): string {
  const snapshotWrite = c.created
    ? `INSERT INTO game_snapshots (campaign_id, version, state, state_seq, state_version, synced_until, next_due_at, updated_at, period, ranking)
       SELECT $1::uuid, $2, $3::json, $16::int, $2, ${utc(4)}, ${utc(5)}, ${utc(10)}, $14::int, $15::jsonb WHERE $12::int = 0 RETURNING 1`
    : `UPDATE game_snapshots SET version = $2, synced_until = ${utc(4)}, next_due_at = ${utc(5)}, updated_at = ${utc(10)},
         period = $14::int, ranking = $15::jsonb${c.state === undefined ? '' : ', state = $3::json, state_seq = $16::int, state_version = $2'}
       WHERE campaign_id = $1::uuid AND version = $12::int ${c.guard ? GUARD : ''} RETURNING 1`
  const withSnapshot = 'WHERE EXISTS (SELECT 1 FROM snapshot)'
  const parts: [name: keyof typeof PARAM, sql: string][] = [
    [
      'log',
      `INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at, tribe, played)
       SELECT $1::uuid, e.seq, e.week, e.type, e.payload, (e.at::timestamptz AT TIME ZONE 'UTC'), e.tribe, e.played
       FROM jsonb_to_recordset($6::jsonb) AS e(seq int, week int, type text, payload jsonb, at text, tribe text, played boolean) ${withSnapshot}`,
    ],
    [
      'ledger',
      `INSERT INTO calendar_work (campaign_id, kind, period, due_at, done_at, outcome)
       SELECT $1::uuid, l.kind, l.period, (l.due::timestamptz AT TIME ZONE 'UTC'), ${utc(10)}, l.outcome
       FROM jsonb_to_recordset($7::jsonb) AS l(kind text, period text, due text, outcome text) ${withSnapshot}`,
    ],
    [
      'dice',
      `INSERT INTO dice_weeks (campaign_id, week, seed, commitment, committed_at, revealed_at)
       SELECT $1::uuid, d.week, d.seed, d.commitment, (d.committed::timestamptz AT TIME ZONE 'UTC'), (d.revealed::timestamptz AT TIME ZONE 'UTC')
       FROM jsonb_to_recordset($8::jsonb) AS d(week int, seed text, commitment text, committed text, revealed text) ${withSnapshot}
       ON CONFLICT (campaign_id, week) DO UPDATE SET revealed_at = EXCLUDED.revealed_at`,
    ],
    [
      'mail',
      `INSERT INTO outbox_mails (id, campaign_id, user_id, recipient, to_address, kind, period, data, created_at, next_attempt_at)
       SELECT gen_random_uuid(), $1::uuid, m."userId"::uuid, m.recipient, m."toAddress", m.kind, m.period, m.data, ${utc(10)}, ${utc(10)}
       FROM jsonb_to_recordset($9::jsonb) AS m("userId" text, recipient text, "toAddress" text, kind text, period text, data jsonb) ${withSnapshot}
       ON CONFLICT (campaign_id, recipient, kind, period) DO NOTHING`,
    ],
    [
      'idempotency',
      `INSERT INTO idempotency_records (campaign_id, user_id, key, request_hash, status, response, created_at)
       SELECT $1::uuid, i."userId"::uuid, i.key, i."requestHash", 200, i.response, ${utc(10)}
       FROM json_to_recordset($13::json) AS i("userId" text, key text, "requestHash" text, response json) ${withSnapshot}`,
    ],
  ]
  // Unused parameters are still typed, so every shape takes the same sixteen.
  const typed = parts.filter(([name]) => !used.includes(name)).map(([name]) => `${name} AS (SELECT $${PARAM[name]}::jsonb)`)
  // A change that only appends to the log keeps the campaign's status (changeOf): it has no
  // campaigns row to look at (#52).
  const status =
    c.state === undefined
      ? `kept_status AS (SELECT $11::"CampaignStatus")`
      : `campaign_status AS (UPDATE campaigns SET status = $11::"CampaignStatus", updated_at = ${utc(10)}
       WHERE id = $1::uuid AND status <> $11::"CampaignStatus" AND EXISTS (SELECT 1 FROM snapshot))`
  if (c.state === undefined) typed.push('kept_state AS (SELECT $3::json, $16::int)')
  return `WITH snapshot AS (${snapshotWrite}),
     ${[...parts.filter(([name]) => used.includes(name)).map(([name, text]) => `${name} AS (${text})`), ...typed, status].join(',\n     ')}
     SELECT EXISTS (SELECT 1 FROM snapshot) AS saved`
}

function guardValues(g: SaveGuard): unknown[] {
  return [g.syncedUntil.toISOString(), g.nextDueAt?.toISOString() ?? null, g.seatsVersion]
}

/** Stores only the calendar marks, after a catch-up that found nothing to do, if the snapshot is still at `version`. */
export async function saveMarks(sql: Sql, campaignId: string, version: number, syncedUntil: Date, nextDueAt: Date | null): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE game_snapshots SET synced_until = ${utc(2)}, next_due_at = ${utc(3)} WHERE campaign_id = $1::uuid AND version = $4::int RETURNING 1`,
    [campaignId, syncedUntil.toISOString(), nextDueAt?.toISOString() ?? null, version],
    'campaign-save-marks',
  )
  return rows.length > 0
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
