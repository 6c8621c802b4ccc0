// Campaign rows, memberships, tribes and invitations: every statement about who
// is in a campaign. Timestamps follow src/db/sql.ts (UTC timestamp(3) columns).
import type pg from 'pg'
import { AppError } from '../lib/errors.ts'
import { instant, sqlOf, utc, UUID, type Sql } from './sql.ts'

export type CampaignStatus = 'setup' | 'draft' | 'running' | 'paused' | 'finished'

export interface CampaignRow {
  id: string
  name: string
  mapId: string
  timeZone: string
  status: CampaignStatus
  weekLimit: number | null
  public: boolean
  /** Listed on /campaigns/open: 'open' joins at once, 'ask' waits for the GM. */
  recruiting: 'open' | 'ask' | null
  /** The game it plays and the version of its rules (src/engine/rulesets.ts). */
  ruleset: string
  rulesetVersion: number
  /** One player against a passive rival, whose week a button passes (#27). */
  practice: boolean
  /** Where the game's bot covers a player (#50, the GM's choice): a player away with no stand-in; after this many windows missed in a row. */
  botAbsent: boolean
  botAfterMissed: number | null
  createdById: string
  createdAt: Date
}

export interface TribeRow {
  id: string
  name: string
  colour: string
  weekday: string
  userId: string | null
  /** Why the game's bot plays the tribe (#50), or null: a person plays it. */
  botReason: string | null
}

export interface AccessRow extends CampaignRow {
  gm: boolean
  member: boolean
  tribeId: string | null
  standIn?: boolean
  /** The stand-in also plays a tribe of their own here (#49). */
  coPlayer?: boolean
  /** Why the game's bot plays the caller's own tribe (#50), or null. */
  tribeBot?: string | null
}

/**
 * The tribe the user stands in for at the instant (the absence of its player, whose dates,
 * in the campaign's zone, hold the instant), or NULL. `user` and `at` are SQL parameters.
 */
export const standInTribe = (user: string, at: string) => `(SELECT a.tribe_id FROM absences a WHERE a.campaign_id = c.id AND a.stand_in_id = ${user}::uuid
  AND (${at}::timestamptz AT TIME ZONE c.time_zone)::date BETWEEN a.starts_on AND a.ends_on ORDER BY a.starts_on LIMIT 1)`

/**
 * The tribe a co-player stands in for on its own weekday (#49): like standInTribe, and only when
 * the instant falls on that tribe's weekday in the campaign's zone. A player who covers for a
 * friend plays both tribes, each on its day, from one account.
 */
export const standInTribeToday = (user: string, at: string) => `(SELECT a.tribe_id FROM absences a JOIN tribes st ON st.id = a.tribe_id
  WHERE a.campaign_id = c.id AND a.stand_in_id = ${user}::uuid
  AND (${at}::timestamptz AT TIME ZONE c.time_zone)::date BETWEEN a.starts_on AND a.ends_on
  AND st.weekday = lower(to_char(${at}::timestamptz AT TIME ZONE c.time_zone, 'FMDay')) ORDER BY a.starts_on LIMIT 1)`

/**
 * A player whose tribe was given to someone else, once the campaign is finished: its results and
 * recaps stay theirs (#30), the running campaign does not (#45). `user` is an SQL parameter.
 */
export const formerPlayer = (user: string) =>
  `(c.status = 'finished' AND EXISTS (SELECT 1 FROM former_players f WHERE f.campaign_id = c.id AND f.user_id = ${user}::uuid))`

/** The caller's place in campaign `c`, beside `own` (ownPlace): `user` is an SQL parameter or column. */
export function placeColumns(user: string): string {
  return `EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = ${user}::uuid AND m.role = 'gm') AS gm,
            EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = ${user}::uuid) OR own."standIn" IS NOT NULL
              OR ${formerPlayer(user)} AS member,
            COALESCE(own."today", own."tribeId", own."standIn") AS "tribeId",
            own."today" IS NOT NULL OR (own."tribeId" IS NULL AND own."standIn" IS NOT NULL) AS "standIn", own."today" IS NOT NULL AND own."tribeId" IS NOT NULL AS "coPlayer",
            own."bot" AS "tribeBot"`
}

/**
 * The caller's own tribe and why the game's bot plays it (its `bot_reason`, #50), the tribe they
 * stand in for at `at`, and that tribe again when `at` is its weekday, as a LATERAL subquery named `own`.
 */
export function ownPlace(user: string, at: string): string {
  return `(SELECT mine.id AS "tribeId", mine.bot_reason AS "bot", ${standInTribe(user, at)} AS "standIn", ${standInTribeToday(user, at)} AS "today"
           FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT t.id, t.bot_reason FROM tribes t WHERE t.campaign_id = c.id AND t.user_id = ${user}::uuid LIMIT 1) mine ON true) own`
}

export const CAMPAIGN_COLUMNS = `c.id, c.name, c.map_id AS "mapId", c.time_zone AS "timeZone", c.status::text AS status,
  c.week_limit AS "weekLimit", c.public, c.recruiting, c.ruleset, c.ruleset_version AS "rulesetVersion", c.practice,
  c.bot_absent AS "botAbsent", c.bot_after_missed AS "botAfterMissed", c.created_by_id AS "createdById", ${instant('c.created_at', 'createdAt')}`

const TRIBE_COLUMNS = `id, name, colour, weekday, user_id AS "userId", bot_reason AS "botReason"`

/** The campaign and the caller's place in it (a stand-in's too, at `at`), in one statement. */
export async function accessRow(pool: pg.Pool, campaignId: string, userId: string | null, at: Date): Promise<AccessRow | undefined> {
  const { rows } = await pool.query<AccessRow>({
    name: 'campaign-access',
    text: `SELECT ${CAMPAIGN_COLUMNS}, ${placeColumns('$2')}
     FROM campaigns c, LATERAL ${ownPlace('$2', '$3')}
     WHERE c.id = $1::uuid`,
    values: [campaignId, userId, at.toISOString()],
  })
  return rows[0]
}

/** Listed campaigns with the caller's role and their tribes, in one statement. */
export interface ListedRow extends AccessRow {
  tribes: TribeRow[]
}

/** With `at` (an SQL parameter), a stand-in within its dates counts as the tribe's player there (#30). */
const listedColumns = (at?: string) => `${CAMPAIGN_COLUMNS},
  EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = $1::uuid AND m.role = 'gm') AS gm,
  EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = $1::uuid)
    OR ${formerPlayer('$1')}${at ? ` OR ${standInTribe('$1', at)} IS NOT NULL` : ''} AS member,
  COALESCE((SELECT t.id FROM tribes t WHERE t.campaign_id = c.id AND t.user_id = $1::uuid LIMIT 1)${at ? `, ${standInTribe('$1', at)}` : ''}) AS "tribeId",
  COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour, 'weekday', t.weekday, 'userId', t.user_id)
                            ORDER BY t.created_at, t.id)
            FROM tribes t WHERE t.campaign_id = c.id), '[]') AS tribes`

/** The caller's own campaigns, newest first: one page of `limit` (one more is read to tell whether a next page exists). */
export async function campaignsOf(pool: pg.Pool, userId: string, offset: number, limit: number, at: Date): Promise<ListedRow[]> {
  const { rows } = await pool.query<ListedRow>(
    `SELECT ${listedColumns('$4')} FROM campaigns c
     WHERE c.id IN (SELECT campaign_id FROM memberships WHERE user_id = $1::uuid
                    UNION SELECT f.campaign_id FROM former_players f JOIN campaigns fc ON fc.id = f.campaign_id AND fc.status = 'finished' WHERE f.user_id = $1::uuid)
        OR c.id IN (SELECT a.campaign_id FROM absences a JOIN campaigns ac ON ac.id = a.campaign_id
                    WHERE a.stand_in_id = $1::uuid AND ($4::timestamptz AT TIME ZONE ac.time_zone)::date BETWEEN a.starts_on AND a.ends_on)
     ORDER BY c.created_at DESC, c.id LIMIT $2 OFFSET $3`,
    [userId, limit + 1, offset, at.toISOString()],
  )
  return rows
}

/** A running campaign where a tribe of the caller (or one the caller stands in for) has its weekday today. */
export interface OpenTurnRow extends CampaignRow {
  tribeId: string
  tribeName: string
  weekday: string
  standIn: boolean
}

/**
 * The caller's tribes whose window holds `at` (their weekday, before 20:00 in the campaign's
 * zone), a stand-in's within its dates too (#30): the "your day" card reads these campaigns only.
 */
export async function openTurnsOf(pool: pg.Pool, userId: string, at: Date, limit: number): Promise<OpenTurnRow[]> {
  const { rows } = await pool.query<OpenTurnRow>({
    name: 'campaign-open-turns',
    text: `SELECT ${CAMPAIGN_COLUMNS}, t.id AS "tribeId", t.name AS "tribeName", t.weekday, t.user_id IS DISTINCT FROM $1::uuid AS "standIn"
     FROM campaigns c JOIN tribes t ON t.campaign_id = c.id
     WHERE c.status = 'running'
       AND c.id IN (SELECT campaign_id FROM memberships WHERE user_id = $1::uuid AND role = 'player' UNION SELECT campaign_id FROM absences WHERE stand_in_id = $1::uuid)
       AND (t.user_id = $1::uuid OR t.id = ${standInTribe('$1', '$2')})
       AND array_position(ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], t.weekday) = extract(isodow FROM $2::timestamptz AT TIME ZONE c.time_zone)
       AND ($2::timestamptz AT TIME ZONE c.time_zone)::time < '20:00'
     ORDER BY c.created_at DESC, c.id LIMIT $3`,
    values: [userId, at.toISOString(), limit],
  })
  return rows
}

/** Public campaigns the caller is not in, newest first, one page. */
export async function publicCampaigns(pool: pg.Pool, userId: string | null, offset: number, limit: number): Promise<ListedRow[]> {
  const { rows } = await pool.query<ListedRow>(
    `SELECT ${listedColumns()} FROM campaigns c
     WHERE c.public AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = $1::uuid)
       AND NOT ${formerPlayer('$1')}
     ORDER BY c.created_at DESC, c.id LIMIT $2 OFFSET $3`,
    [userId, limit + 1, offset],
  )
  return rows
}

export async function tribesOf(sql: Sql, campaignId: string): Promise<TribeRow[]> {
  return sql.query<TribeRow>(`SELECT ${TRIBE_COLUMNS} FROM tribes WHERE campaign_id = $1::uuid ORDER BY created_at, id`, [campaignId])
}

export const tribesOfPool = (pool: pg.Pool, campaignId: string) => tribesOf(sqlOf(pool), campaignId)

export async function lockCampaign(sql: Sql, id: string): Promise<CampaignRow> {
  const rows = UUID.test(id) ? await sql.query<CampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = $1::uuid FOR UPDATE`, [id]) : []
  if (!rows[0]) throw new AppError(404, 'campaign/not_found', `No campaign ${id}`)
  return rows[0]
}

export async function insertCampaign(
  sql: Sql,
  input: {
    name: string
    mapId: string
    timeZone: string
    weekLimit: number | null
    public: boolean
    createdById: string
    ruleset: string
    rulesetVersion: number
    practice?: boolean
  },
): Promise<CampaignRow> {
  const [row] = await sql.query<CampaignRow>(
    `INSERT INTO campaigns AS c (id, name, map_id, time_zone, status, week_limit, public, created_by_id, ruleset, ruleset_version, practice, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3, 'setup', $4, $5, $6::uuid, $7, $8, $9, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
     RETURNING ${CAMPAIGN_COLUMNS}`,
    [input.name, input.mapId, input.timeZone, input.weekLimit, input.public, input.createdById, input.ruleset, input.rulesetVersion, input.practice ?? false],
  )
  return row!
}

/** A replaced player keeps a read-only view of the campaign (#30); a second replacement keeps the last date. */
export async function insertFormerPlayer(sql: Sql, campaignId: string, userId: string, tribeId: string, at: Date) {
  await sql.query(
    `INSERT INTO former_players (campaign_id, user_id, tribe_id, left_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4::timestamptz AT TIME ZONE 'UTC')
     ON CONFLICT (campaign_id, user_id) DO UPDATE SET tribe_id = EXCLUDED.tribe_id, left_at = EXCLUDED.left_at`,
    [campaignId, userId, tribeId, at.toISOString()],
  )
}

/** The start: invitations to join (not those to take over a tribe) expire at once. */
export async function expireJoinInvitations(sql: Sql, campaignId: string, at: Date) {
  await sql.query(
    `UPDATE invitations SET expires_at = $2::timestamptz AT TIME ZONE 'UTC'
     WHERE campaign_id = $1::uuid AND tribe_id IS NULL AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2::timestamptz AT TIME ZONE 'UTC'`,
    [campaignId, at.toISOString()],
  )
}

export async function insertMembership(sql: Sql, campaignId: string, userId: string, role: 'gm' | 'player') {
  await sql.query(`INSERT INTO memberships (campaign_id, user_id, role, created_at) VALUES ($1::uuid, $2::uuid, $3::"MemberRole", now() AT TIME ZONE 'UTC')`, [
    campaignId,
    userId,
    role,
  ])
}

export async function rolesOf(sql: Sql, campaignId: string, userId: string): Promise<('gm' | 'player')[]> {
  const rows = await sql.query<{ role: 'gm' | 'player' }>(`SELECT role::text AS role FROM memberships WHERE campaign_id = $1::uuid AND user_id = $2::uuid`, [
    campaignId,
    userId,
  ])
  return rows.map((r) => r.role)
}

export async function deletePlayerMembership(sql: Sql, campaignId: string, userId: string) {
  await sql.query(`DELETE FROM memberships WHERE campaign_id = $1::uuid AND user_id = $2::uuid AND role = 'player'`, [campaignId, userId])
}

/** A tribe; without a player, one kept for whoever accepts its invitation (a rematch's, #30). */
export async function insertTribe(
  sql: Sql,
  campaignId: string,
  tribe: { name: string; colour: string; weekday: string; userId: string | null },
): Promise<TribeRow> {
  const [row] = await sql.query<TribeRow>(
    `INSERT INTO tribes (id, campaign_id, name, colour, weekday, user_id, created_at)
     VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4, $5::uuid, clock_timestamp() AT TIME ZONE 'UTC') RETURNING ${TRIBE_COLUMNS}`,
    [campaignId, tribe.name, tribe.colour, tribe.weekday, tribe.userId],
  )
  return row!
}

export async function tribeIn(sql: Sql, campaignId: string, tribeId: string): Promise<TribeRow | undefined> {
  if (!UUID.test(tribeId)) return undefined
  const [row] = await sql.query<TribeRow>(`SELECT ${TRIBE_COLUMNS} FROM tribes WHERE campaign_id = $1::uuid AND id = $2::uuid`, [campaignId, tribeId])
  return row
}

export async function tribesNamed(sql: Sql, campaignId: string, ids: string[]): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(`SELECT id FROM tribes WHERE campaign_id = $1::uuid AND id = ANY($2::uuid[])`, [
    campaignId,
    ids.filter((t) => UUID.test(t)),
  ])
  return rows.map((r) => r.id)
}

export async function setTribePlayer(sql: Sql, tribeId: string, userId: string) {
  await sql.query(`UPDATE tribes SET user_id = $2::uuid WHERE id = $1::uuid`, [tribeId, userId])
}

/** Where the game's bot covers the campaign's players (#50). */
export async function setBotCover(sql: Sql, campaignId: string, cover: { absent: boolean; afterMissed: number | null }) {
  await sql.query(`UPDATE campaigns SET bot_absent = $2, bot_after_missed = $3, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1::uuid`, [
    campaignId,
    cover.absent,
    cover.afterMissed,
  ])
}

/** The game's bot plays the tribe from now on, for `reason` (#50), or (null) a person again. */
export async function setTribeBot(sql: Sql, campaignId: string, tribeId: string, reason: string | null) {
  await sql.query(`UPDATE tribes SET bot_reason = $3 WHERE campaign_id = $1::uuid AND id = $2::uuid`, [campaignId, tribeId, reason])
}

// ---- invitations ----

export interface InvitationRow {
  token: string
  campaignId: string
  createdById: string
  email: string | null
  tribeId: string | null
  createdAt: Date
  expiresAt: Date
  acceptedAt: Date | null
  revokedAt: Date | null
}

export async function insertInvitation(
  sql: Sql,
  inv: { token: string; campaignId: string; createdById: string; email: string | null; tribeId: string | null; at: Date; expiresAt: Date },
) {
  await sql.query(
    `INSERT INTO invitations (token, campaign_id, created_by_id, email, tribe_id, created_at, expires_at) VALUES ($1, $2::uuid, $3::uuid, $4, $5::uuid, ${utc(6)}, ${utc(7)})`,
    [inv.token, inv.campaignId, inv.createdById, inv.email, inv.tribeId, inv.at.toISOString(), inv.expiresAt.toISOString()],
  )
}

const INVITATION_COLUMNS = `token, campaign_id AS "campaignId", created_by_id AS "createdById", email, tribe_id AS "tribeId",
  ${instant('created_at', 'createdAt')}, ${instant('expires_at', 'expiresAt')}, ${instant('accepted_at', 'acceptedAt')}, ${instant('revoked_at', 'revokedAt')}`

/** The invitation as its landing page reads it, unlocked. */
export async function invitationByToken(pool: pg.Pool, token: string): Promise<InvitationRow | undefined> {
  const {
    rows: [row],
  } = await pool.query<InvitationRow>(`SELECT ${INVITATION_COLUMNS} FROM invitations WHERE token = $1`, [token])
  return row
}

/** The invitation, locked: two people accepting one token at once are served one after the other. */
export async function lockInvitation(sql: Sql, token: string): Promise<InvitationRow | undefined> {
  const [row] = await sql.query<InvitationRow>(`SELECT ${INVITATION_COLUMNS} FROM invitations WHERE token = $1 FOR UPDATE`, [token])
  return row
}

export async function markInvitationAccepted(sql: Sql, token: string, userId: string, at: Date) {
  await sql.query(`UPDATE invitations SET accepted_at = ${utc(3)}, accepted_by_id = $2::uuid WHERE token = $1`, [token, userId, at.toISOString()])
}

/** The addresses of the campaign's game masters. */
export async function gmAddresses(sql: Sql, campaignId: string): Promise<string[]> {
  const rows = await sql.query<{ email: string }>(
    `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.campaign_id = $1::uuid AND m.role = 'gm'`,
    [campaignId],
  )
  return rows.map((r) => r.email)
}

/**
 * The weekdays a game's view gives its tribes now, written into their rows (a game may deal them
 * anew, Open Wars' W3.7). Two steps: the (campaign, weekday) key is checked row by row, so a
 * swap first moves each changed row to a value no weekday has.
 */
export async function keepWeekdays(sql: Sql, campaignId: string, tribes: readonly { id: string; weekday: string }[]) {
  const rows = JSON.stringify(tribes.map((t) => ({ id: t.id, weekday: t.weekday })))
  const changed = `FROM jsonb_to_recordset($2::jsonb) AS v(id text, weekday text) WHERE t.campaign_id = $1::uuid AND t.id::text = v.id AND t.weekday <> v.weekday`
  await sql.query(`UPDATE tribes t SET weekday = '~' || t.id::text ${changed}`, [campaignId, rows])
  await sql.query(`UPDATE tribes t SET weekday = v.weekday ${changed}`, [campaignId, rows])
}
