// The campaign log (R12.1) and what is read from it: pages of events, the
// dice of a week, the day's hostile events for digests; idempotency records.
import type pg from 'pg'
import { instant, releaseSavepoint, rollbackTo, savepoint, utc, type Sql } from './sql.ts'

export interface EventRow {
  seq: number
  week: number
  type: string
  payload: unknown
  createdAt: Date
}

/** The tribe a platform note's payload names: what the log's `tribe` column files it under. */
function tribeNamed(payload: unknown): string | null {
  const tribe = (payload as { tribe?: unknown } | null)?.tribe
  return typeof tribe === 'string' ? tribe : null
}

/**
 * The log position before which no event of week `week` or later lies: the end record of the
 * week two before it, found in the small index of period ends (#32). The log is in time order
 * and a week's events come after the tick that ended the week before; two weeks back leaves a
 * week of room for a game whose first tick ends no week. A week's read then scans at most two
 * weeks of rows by the primary key, whatever the campaign's age.
 */
export function before(week: string, campaign = '$1::uuid') {
  return `COALESCE((SELECT b.seq FROM campaign_events b WHERE b.campaign_id = ${campaign} AND b.type = 'map.week_ended' AND b.week <= ${week} - 2
                    ORDER BY b.week DESC, b.seq DESC LIMIT 1), 0)`
}

/** Tries of an append that lost its numbers to an order saved at the same moment. */
const APPEND_TRIES = 5

/**
 * Appends to the campaign log outside a snapshot change, inside a transaction. It takes the
 * campaign's lock itself (again, if the caller holds it), so locked writers number their
 * events one after another (#25). An order saves without that lock, over the snapshot's
 * version: when one takes the next number first, the append is rolled back to its savepoint
 * and numbered again after it.
 */
export async function appendEvents(sql: Sql, campaignId: string, events: { type: string; payload: unknown; week: number; at: Date; tribe?: string | null }[]) {
  if (events.length === 0) return
  await sql.query(`SELECT 1 FROM campaigns WHERE id = $1::uuid FOR UPDATE`, [campaignId], 'campaign-lock-row')
  const rows = JSON.stringify(
    events.map((e, i) => ({ n: i + 1, week: e.week, type: e.type, payload: e.payload, at: e.at.toISOString(), tribe: e.tribe ?? tribeNamed(e.payload) })),
  )
  for (let attempt = 1; ; attempt++) {
    await savepoint(sql, 'append_events')
    try {
      await sql.query(
        `INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at, tribe)
         SELECT $1::uuid, COALESCE((SELECT max(seq) FROM campaign_events WHERE campaign_id = $1::uuid), 0) + e.n, e.week, e.type, e.payload,
                (e.at::timestamptz AT TIME ZONE 'UTC'), e.tribe
         FROM jsonb_to_recordset($2::jsonb) AS e(n int, week int, type text, payload jsonb, at text, tribe text)`,
        [campaignId, rows],
        'append-events',
      )
      await releaseSavepoint(sql, 'append_events')
      return
    } catch (error) {
      await rollbackTo(sql, 'append_events')
      if ((error as { code?: string }).code !== '23505' || attempt >= APPEND_TRIES) throw error
    }
  }
}

/** Up to `limit` events after `after`, oldest first. */
export async function eventsAfter(pool: pg.Pool, campaignId: string, after: number, limit: number): Promise<EventRow[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT seq, week, type, payload, ${instant('created_at', 'createdAt')} FROM campaign_events
     WHERE campaign_id = $1::uuid AND seq > $2 ORDER BY seq LIMIT $3`,
    [campaignId, after, limit],
  )
  return rows
}

/**
 * The weeks that have events, oldest first: every week that ended has its end record, and a week
 * is entered only by the tick that ends the one before, so the ended weeks, the first event's and
 * the last event's are all of them, read from the index of period ends and two probes.
 */
export async function weeksWithEvents(pool: pg.Pool, campaignId: string): Promise<number[]> {
  const { rows } = await pool.query<{ week: number }>(
    `SELECT week FROM campaign_events WHERE campaign_id = $1::uuid AND type = 'map.week_ended'
     UNION SELECT * FROM (SELECT week FROM campaign_events WHERE campaign_id = $1::uuid ORDER BY seq LIMIT 1) first
     UNION SELECT * FROM (SELECT week FROM campaign_events WHERE campaign_id = $1::uuid ORDER BY seq DESC LIMIT 1) last
     ORDER BY week`,
    [campaignId],
  )
  return rows.map((r) => r.week)
}

/** One week's events, oldest first, at most `limit`. */
export async function eventsOfWeek(pool: pg.Pool, campaignId: string, week: number, limit: number): Promise<EventRow[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT seq, week, type, payload, ${instant('created_at', 'createdAt')} FROM campaign_events
     WHERE campaign_id = $1::uuid AND seq > ${before('$2::int')} AND week = $2 ORDER BY seq LIMIT $3`,
    [campaignId, week, limit],
  )
  return rows
}

/** The events that draw a week's orders on the map, and the previous week's end map (where its ships began). */
export async function mapEventsOfWeek(
  pool: pg.Pool,
  campaignId: string,
  week: number,
  types: readonly string[],
): Promise<{ type: string; payload: unknown }[]> {
  const { rows } = await pool.query<{ type: string; payload: unknown }>(
    `SELECT type, payload FROM campaign_events
     WHERE campaign_id = $1::uuid AND seq > ${before('$2::int - 1')}
       AND ((week = $2 AND type = ANY($3::text[])) OR (week = $2 - 1 AND type = 'map.week_ended'))
     ORDER BY seq`,
    [campaignId, week, types],
  )
  return rows
}

/** The events the engine wrote (its types have no dot; the service's own notes do), in log order. */
export async function engineEvents(pool: pg.Pool, campaignId: string): Promise<{ seq: number; payload: unknown }[]> {
  const { rows } = await pool.query<{ seq: number; payload: unknown }>(
    `SELECT seq, payload FROM campaign_events WHERE campaign_id = $1::uuid AND position('.' in type) = 0 ORDER BY seq`,
    [campaignId],
  )
  return rows
}

/** Every week's seed and commitment (the server's view: unrevealed seeds included). */
export async function allDiceWeeks(pool: pg.Pool, campaignId: string): Promise<{ week: number; seed: string; commitment: string }[]> {
  const { rows } = await pool.query<{ week: number; seed: string; commitment: string }>(
    `SELECT week, seed, commitment FROM dice_weeks WHERE campaign_id = $1::uuid ORDER BY week`,
    [campaignId],
  )
  return rows
}

export async function revealedWeeks(pool: pg.Pool, campaignId: string): Promise<Set<number>> {
  const { rows } = await pool.query<{ week: number }>(`SELECT week FROM dice_weeks WHERE campaign_id = $1::uuid AND revealed_at IS NOT NULL`, [campaignId])
  return new Set(rows.map((r) => r.week))
}

export interface DiceWeekRow {
  week: number
  seed: string
  commitment: string
  committedAt: Date
  revealedAt: Date | null
}

export async function diceWeek(pool: pg.Pool, campaignId: string, week: number): Promise<DiceWeekRow | undefined> {
  const { rows } = await pool.query<DiceWeekRow>(
    `SELECT week, seed, commitment, ${instant('committed_at', 'committedAt')}, ${instant('revealed_at', 'revealedAt')}
     FROM dice_weeks WHERE campaign_id = $1::uuid AND week = $2`,
    [campaignId, week],
  )
  return rows[0]
}

export async function eventsOfType(pool: pg.Pool, campaignId: string, week: number, type: string): Promise<EventRow[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT seq, week, type, payload, ${instant('created_at', 'createdAt')} FROM campaign_events
     WHERE campaign_id = $1::uuid AND seq > ${before('$2::int')} AND week = $2 AND type = $3 ORDER BY seq`,
    [campaignId, week, type],
  )
  return rows
}

/** Every period's end record (`map.week_ended`), oldest first: the results page's chart (#30). */
export async function periodEnds(pool: pg.Pool, campaignId: string): Promise<{ week: number; payload: unknown }[]> {
  const { rows } = await pool.query<{ week: number; payload: unknown }>(
    `SELECT week, payload FROM campaign_events WHERE campaign_id = $1::uuid AND type = 'map.week_ended' ORDER BY seq`,
    [campaignId],
  )
  return rows
}

/** A week's events of these types, oldest first. */
export async function eventsOfTypes(pool: pg.Pool, campaignId: string, week: number, types: readonly string[]): Promise<EventRow[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT seq, week, type, payload, ${instant('created_at', 'createdAt')} FROM campaign_events
     WHERE campaign_id = $1::uuid AND seq > ${before('$2::int')} AND week = $2 AND type = ANY($3::text[]) ORDER BY seq`,
    [campaignId, week, types],
  )
  return rows
}

/** Stored events of these types in `week` since an instant (a day's digest). */
export async function payloadsSince(sql: Sql, campaignId: string, week: number, types: string[], since: Date): Promise<unknown[]> {
  const rows = await sql.query<{ payload: unknown }>(
    `SELECT payload FROM campaign_events WHERE campaign_id = $1::uuid AND seq > ${before('$2::int')} AND week = $2 AND type = ANY($3::text[])
        AND created_at > ${utc(4)} ORDER BY seq`,
    [campaignId, week, types, since.toISOString()],
  )
  return rows.map((r) => r.payload)
}

/**
 * Was the tribe's window taken after `since`, in `week` or the week before: an order given, or
 * the bot's day noted (#50, its orders or none)? A window missed is one without (#13). A day back from a window's close reaches no further, so
 * only the rows after the end of the week two before are read: a few dozen, however long the
 * log (#32).
 */
export async function windowTakenSince(sql: Sql, campaignId: string, tribeId: string, since: Date, week: number): Promise<boolean> {
  const rows = await sql.query<{ one: number }>(
    `SELECT 1 AS one FROM campaign_events WHERE campaign_id = $1::uuid AND seq > ${before('$4::int')} AND tribe = $2 AND (played OR type = 'order.bot') AND created_at > ${utc(3)} LIMIT 1`,
    [campaignId, tribeId, since.toISOString(), week],
    'tribe-window-taken-since',
  )
  return rows.length > 0
}

/** How many windows the tribe missed since its last order or its last hand-over to or from the bot (#50), as stored. */
export async function missedInARow(sql: Sql, campaignId: string, tribeId: string): Promise<number> {
  const [row] = await sql.query<{ missed: number }>(
    `SELECT count(*)::int AS missed FROM campaign_events e
      WHERE e.campaign_id = $1::uuid AND e.tribe = $2 AND e.type = 'window.missed'
        AND e.seq > COALESCE((SELECT max(seq) FROM campaign_events WHERE campaign_id = $1::uuid AND tribe = $2 AND (played OR type = 'tribe.bot')), 0)`,
    [campaignId, tribeId],
    'tribe-missed-in-a-row',
  )
  return row?.missed ?? 0
}

/** Whether any of these units of calendar work (kind and period, its key) is in the campaign's ledger already. */
export async function ledgered(sql: Sql, campaignId: string, units: { kind: string; period: string }[]): Promise<boolean> {
  const rows = await sql.query<{ one: number }>(
    `SELECT 1 AS one FROM calendar_work WHERE campaign_id = $1::uuid AND (kind, period) IN (SELECT * FROM unnest($2::text[], $3::text[])) LIMIT 1`,
    [campaignId, units.map((u) => u.kind), units.map((u) => u.period)],
    'calendar-work-ledgered',
  )
  return rows.length > 0
}

/**
 * The rematch of campaign `id` still in setup, if its GMs made one: found by its log's first
 * event, which names the campaign it is the rematch of.
 */
export async function rematchInSetup(sql: Sql, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await sql.query<{ id: string; name: string }>(
    `SELECT c.id, c.name FROM memberships g
       JOIN memberships m ON m.user_id = g.user_id AND m.role = 'gm'
       JOIN campaigns c ON c.id = m.campaign_id AND c.status = 'setup'
       JOIN campaign_events e ON e.campaign_id = c.id AND e.seq = 1 AND e.type = 'campaign.created'
      WHERE g.campaign_id = $1::uuid AND g.role = 'gm' AND e.payload->>'rematchOf' = $1::text
      ORDER BY c.created_at LIMIT 1`,
    [id],
    'rematch-in-setup',
  )
  return row ?? null
}

/** Per tribe: windows missed and the last order's instant (the GM's roster). */
export async function tribeActivity(pool: pg.Pool, campaignId: string): Promise<Map<string, { missed: number; lastOrderAt: Date | null }>> {
  const { rows } = await pool.query<{ tribe: string; missed: number; last_order_at: Date | null }>(
    `SELECT tribe, count(*) FILTER (WHERE type = 'window.missed')::int AS missed, max(created_at) FILTER (WHERE played) AT TIME ZONE 'UTC' AS last_order_at
       FROM campaign_events WHERE campaign_id = $1::uuid AND tribe IS NOT NULL AND (played OR type = 'window.missed') GROUP BY 1`,
    [campaignId],
  )
  return new Map(rows.map((r) => [r.tribe, { missed: r.missed, lastOrderAt: r.last_order_at }]))
}

/** A campaign's players with their notification settings, as the calendar and the mails need them: a kind is wanted by mail or by push (#30). */
export interface PlayerRow {
  tribeId: string
  /** Null for a tribe nobody plays any more that the game's bot plays (#50): it wants no mail. */
  userId: string | null
  weekday: string
  wantsWindowOpen: boolean
  wantsReminder: boolean
  wantsPayout: boolean
  wantsDigest: boolean
  reminderHours: number
  /** The tribe's absences with a stand-in not yet over (dates in the campaign's zone): their windows go to the stand-in (#30). */
  standIns: { from: string; to: string; userId: string }[]
  /** The tribe's absences with no stand-in not yet over (dates in the campaign's zone): the bot may play them (#50). */
  away: { from: string; to: string }[]
  /** Why the game's bot plays the tribe (#50), or null: its player does. */
  bot: string | null
}

// A kind is wanted by mail, or by push on a device the player turned on (#30).
const wants = (kind: string) => `(u.mail_${kind} OR (u.push_${kind} AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id)))`
// The absences that can still matter: those that end on or after the day the calendar's
// catch-up starts from (the campaign's stored sync mark, two days of time-zone slack), never the
// database's clock, so a catch-up days behind still sees the stand-ins of the windows it does.
const SINCE_SYNCED = `COALESCE((SELECT s.synced_until::date FROM game_snapshots s WHERE s.campaign_id = t.campaign_id) - 2, a.ends_on)`

const PLAYER_COLUMNS = `t.id AS "tribeId", u.id AS "userId", t.weekday, t.bot_reason AS "bot", ${wants('window_open')} AS "wantsWindowOpen",
            ${wants('reminder')} AS "wantsReminder", ${wants('payout')} AS "wantsPayout",
            ${wants('digest')} AS "wantsDigest", u.reminder_hours AS "reminderHours",
            COALESCE((SELECT json_agg(json_build_object('from', a.starts_on::text, 'to', a.ends_on::text, 'userId', a.stand_in_id))
                      FROM absences a WHERE a.campaign_id = t.campaign_id AND a.tribe_id = t.id AND a.stand_in_id IS NOT NULL
                        AND a.ends_on >= ${SINCE_SYNCED}), '[]') AS "standIns",
            COALESCE((SELECT json_agg(json_build_object('from', a.starts_on::text, 'to', a.ends_on::text))
                      FROM absences a WHERE a.campaign_id = t.campaign_id AND a.tribe_id = t.id AND a.stand_in_id IS NULL
                        AND a.ends_on >= ${SINCE_SYNCED}), '[]') AS "away"`

/** The tribes someone plays: a person, or the game's bot (#50) for a tribe whose player left. */
const PLAYED_TRIBES = `tribes t LEFT JOIN users u ON u.id = t.user_id`
const PLAYED = `(t.user_id IS NOT NULL OR t.bot_reason IS NOT NULL)`

export async function playersOf(sql: Sql, campaignId: string): Promise<PlayerRow[]> {
  return sql.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM ${PLAYED_TRIBES} WHERE t.campaign_id = $1::uuid AND ${PLAYED}`, [campaignId])
}

/** The players of several campaigns in one read (the sweep's batch), by campaign. */
export async function playersOfMany(sql: Sql, campaignIds: string[]): Promise<Map<string, PlayerRow[]>> {
  const rows = await sql.query<PlayerRow & { campaignId: string }>(
    `SELECT t.campaign_id AS "campaignId", ${PLAYER_COLUMNS} FROM ${PLAYED_TRIBES} WHERE t.campaign_id = ANY($1::uuid[]) AND ${PLAYED}`,
    [campaignIds],
    'players-of-many',
  )
  const byCampaign = new Map<string, PlayerRow[]>(campaignIds.map((id) => [id, []]))
  for (const { campaignId, ...player } of rows) byCampaign.get(campaignId)?.push(player)
  return byCampaign
}
