// What a change of a campaign writes, and the one statement that saves it all over the version it
// was built on: the snapshot, its log events, calendar ledger rows, dice rows, queued mails and
// a kept answer (the hot path of every order), and the calendar marks alone.
import type { CampaignStatus } from './campaigns.ts'
import { recipientOf, type PendingMail } from './outbox.ts'
import { utc, type Sql } from './sql.ts'

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
