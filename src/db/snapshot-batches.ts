// The sweep's batches (#32): many locked campaigns read in two statements and their changes
// saved in one, so that a tick over thousands of campaigns pays a round trip and a commit per
// batch, not per campaign.
import { CAMPAIGN_COLUMNS } from './campaigns.ts'
import { recipientOf } from './outbox.ts'
import { rowsOf, type ChangeWrite } from './snapshot-writes.ts'
import { SNAPSHOT_COLUMNS, type LoadedRow } from './snapshots.ts'
import { utc, type Sql } from './sql.ts'

/**
 * The sweep's batch: locks those of `ids` that no one else holds, campaign and snapshot, and
 * loads them, in two statements. A campaign busy elsewhere is skipped (whoever holds it catches
 * it up); one whose campaign row was locked but not its snapshot stays out of the batch too.
 */
export async function lockAndLoadMany(sql: Sql, ids: string[]): Promise<LoadedRow[]> {
  const locked = await sql.query<{ id: string }>(
    `WITH c AS (SELECT id FROM campaigns WHERE id = ANY($1::uuid[]) FOR UPDATE SKIP LOCKED),
     s AS (SELECT campaign_id FROM game_snapshots WHERE campaign_id IN (SELECT id FROM c) FOR UPDATE SKIP LOCKED)
     SELECT campaign_id AS id FROM s`,
    [ids],
    'campaign-lock-many',
  )
  if (locked.length === 0) return []
  return sql.query<LoadedRow>(
    `SELECT ${CAMPAIGN_COLUMNS}, ${SNAPSHOT_COLUMNS}
     FROM campaigns c JOIN game_snapshots s ON s.campaign_id = c.id
     WHERE c.id = ANY($1::uuid[])`,
    [locked.map((row) => row.id)],
    'campaign-load-many',
  )
}

const STATE_SEPARATOR = '\u001e'

/**
 * Saves the changes of a locked batch in one statement: each snapshot over the version it was
 * built on, with its whole state, its log, ledger, dice and mails. Answers how many snapshots were
 * saved; fewer than the changes means a version moved under the lock, which never happens unless
 * something is wrong, and the caller then rolls the batch back. No change here is a campaign's
 * first, appends only or answers a request (those go through saveChange).
 */
export async function saveChanges(sql: Sql, changes: ChangeWrite[], now: Date): Promise<number> {
  const snapshots: unknown[] = []
  // The states go as one text beside the small fields, cut at a character JSON never holds raw
  // (a record separator, written \u001e inside a string): inside the batch's JSON they would be
  // lexed again at each reading of it, and as a text array pg would escape them character by character.
  const states: string[] = []
  const events: unknown[] = []
  const ledger: unknown[] = []
  const dice: unknown[] = []
  const mails: unknown[] = []
  for (const c of changes) {
    if (c.created || c.state === undefined || c.idempotency) throw new Error(`campaign ${c.campaignId}: a batch saves only whole states of running campaigns`)
    const rows = rowsOf(c)
    const campaign = { campaign: c.campaignId }
    states.push(c.state)
    snapshots.push({
      ...campaign,
      at: states.length,
      version: c.version,
      seq: rows.seq,
      synced: c.syncedUntil.toISOString(),
      due: c.nextDueAt?.toISOString() ?? null,
      period: c.period,
      ranking: c.ranking,
      status: c.status,
    })
    events.push(...rows.events.map((e) => ({ ...campaign, ...e })))
    ledger.push(...rows.ledger.map((l) => ({ ...campaign, ...l })))
    dice.push(...rows.dice.map((d) => ({ ...campaign, ...d })))
    mails.push(...c.mails.map((m) => ({ ...campaign, ...m, recipient: recipientOf(m) })))
  }
  const saved = 'WHERE x.campaign IN (SELECT campaign_id FROM snapshot)'
  const [row] = await sql.query<{ saved: number }>(
    `WITH snapshot AS (
       UPDATE game_snapshots s SET version = x.version, state = st.state::json, state_seq = x.seq, state_version = x.version,
              synced_until = (x.synced::timestamptz AT TIME ZONE 'UTC'), next_due_at = (x.due::timestamptz AT TIME ZONE 'UTC'),
              updated_at = ${utc(6)}, period = x.period, ranking = x.ranking
         FROM jsonb_to_recordset($1::jsonb) AS x(campaign uuid, at int, version int, seq int, synced text, due text, period int, ranking jsonb, status text)
         JOIN string_to_table($7::text, E'\\x1e') WITH ORDINALITY AS st(state, at) ON st.at = x.at
        WHERE s.campaign_id = x.campaign AND s.version = x.version - 1
       RETURNING s.campaign_id),
     log AS (
       INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at, tribe, played)
       SELECT x.campaign, x.seq, x.week, x.type, x.payload, (x.at::timestamptz AT TIME ZONE 'UTC'), x.tribe, x.played
         FROM jsonb_to_recordset($2::jsonb) AS x(campaign uuid, seq int, week int, type text, payload jsonb, at text, tribe text, played boolean) ${saved}),
     ledger AS (
       INSERT INTO calendar_work (campaign_id, kind, period, due_at, done_at, outcome)
       SELECT x.campaign, x.kind, x.period, (x.due::timestamptz AT TIME ZONE 'UTC'), ${utc(6)}, x.outcome
         FROM jsonb_to_recordset($3::jsonb) AS x(campaign uuid, kind text, period text, due text, outcome text) ${saved}),
     dice AS (
       INSERT INTO dice_weeks (campaign_id, week, seed, commitment, committed_at, revealed_at)
       SELECT x.campaign, x.week, x.seed, x.commitment, (x.committed::timestamptz AT TIME ZONE 'UTC'), (x.revealed::timestamptz AT TIME ZONE 'UTC')
         FROM jsonb_to_recordset($4::jsonb) AS x(campaign uuid, week int, seed text, commitment text, committed text, revealed text) ${saved}
       ON CONFLICT (campaign_id, week) DO UPDATE SET revealed_at = EXCLUDED.revealed_at),
     mail AS (
       INSERT INTO outbox_mails (id, campaign_id, user_id, recipient, to_address, kind, period, data, created_at, next_attempt_at)
       SELECT gen_random_uuid(), x.campaign, x."userId"::uuid, x.recipient, x."toAddress", x.kind, x.period, x.data, ${utc(6)}, ${utc(6)}
         FROM jsonb_to_recordset($5::jsonb) AS x(campaign uuid, "userId" text, recipient text, "toAddress" text, kind text, period text, data jsonb) ${saved}
       ON CONFLICT (campaign_id, recipient, kind, period) DO NOTHING),
     campaign_status AS (
       UPDATE campaigns c SET status = x.status::"CampaignStatus", updated_at = ${utc(6)}
         FROM jsonb_to_recordset($1::jsonb) AS x(campaign uuid, status text)
        WHERE c.id = x.campaign AND c.status <> x.status::"CampaignStatus" AND x.campaign IN (SELECT campaign_id FROM snapshot))
     SELECT count(*)::int AS saved FROM snapshot`,
    [
      JSON.stringify(snapshots),
      JSON.stringify(events),
      JSON.stringify(ledger),
      JSON.stringify(dice),
      JSON.stringify(mails),
      now.toISOString(),
      states.join(STATE_SEPARATOR),
    ],
    'campaign-save-batch',
  )
  return row!.saved
}
