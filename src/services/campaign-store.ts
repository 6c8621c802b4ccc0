// The locked campaign transaction, in plain SQL (see src/db/sql.ts for why).
// Everything that changes a campaign's game state goes through here: lock the
// campaign row, load its snapshot, catch up with the calendar, run the change,
// and write the snapshot, log events, calendar ledger, dice and queued mails in
// one statement before COMMIT.
import { createHash } from 'node:crypto'
import {
  applyOrder, applySystem, hmacRng, SHIP_COST, TROOP_COST,
  type GameEvent, type GameState, type MapDef, type Order, type SystemAction, type Weekday,
} from '../engine/index.ts'
import { dayStart, dueWork, windowStatus, type CalendarTribe, type DueWork } from '../lib/calendar.ts'
import { commitmentOf, newSeed } from '../lib/dice.ts'
import { AppError } from '../lib/errors.ts'
import { instant, utc, UUID, type Sql } from '../db/sql.ts'
import { bundledMap } from '../maps/index.ts'

export interface CampaignRow {
  id: string
  name: string
  mapId: string
  timeZone: string
  status: 'setup' | 'draft' | 'running' | 'paused' | 'finished'
  weekLimit: number | null
  public: boolean
  createdById: string
  createdAt: Date
}

export const CAMPAIGN_COLUMNS = `c.id, c.name, c.map_id AS "mapId", c.time_zone AS "timeZone", c.status::text AS status,
  c.week_limit AS "weekLimit", c.public, c.created_by_id AS "createdById", ${instant('c.created_at', 'createdAt')}`

/** Engine events and the service's own (dotted types: `dice.committed`, `campaign.paused`). */
export interface PendingEvent { type: string; payload: unknown; week: number; at: Date }

/** A mail for the outbox; `data` is what its template needs. */
export interface PendingMail { userId: string | null; toAddress?: string; kind: MailKind; period: string; data: Record<string, unknown> }

/** The outbox's uniqueness key for a recipient. */
export function recipientOf(mail: Pick<PendingMail, 'userId' | 'toAddress'>): string {
  return mail.userId ? `user:${mail.userId}` : (mail.toAddress ?? '').toLowerCase()
}

export type MailKind = 'window_open' | 'reminder' | 'payout' | 'digest' | 'invitation' | 'scene'

interface LedgerEntry { kind: DueWork['kind']; period: string; dueAt: Date; outcome: 'done' | 'skipped' }
interface DiceWrite { week: number; seed: string; committedAt: Date; revealedAt: Date | null }

/** A campaign's player as the calendar and the mails need them. */
export interface Player {
  tribeId: string
  userId: string
  weekday: Weekday
  mailWindowOpen: boolean
  mailReminder: boolean
  mailPayout: boolean
  mailDigest: boolean
  reminderHours: number
}

/** The engine state of one campaign inside its locked transaction, and what to write with it. */
export class Working {
  events: PendingEvent[] = []
  ledger: LedgerEntry[] = []
  mails: PendingMail[] = []
  dice: DiceWrite[] = []
  /** Set when the catch-up ran and knows the next due instant. */
  nextDueAt: Date | null | undefined
  constructor(
    public state: GameState,
    readonly version: number,
    public syncedUntil: Date,
    public campaignStatus: CampaignRow['status'],
    readonly lastSeq = 0,
    readonly storedNextDueAt: Date | null = null,
  ) {}

  private record(events: GameEvent[], week: number, at: Date) {
    for (const e of events) this.events.push({ type: e.type, payload: e, week, at })
  }

  system(action: SystemAction, at: Date) {
    const result = applySystem(this.state, action, hmacRng)
    if (!result.ok) throw new AppError(422, result.error.code, result.error.message, result.error.rule)
    this.record(result.events, this.state.week, at)
    this.state = result.state
    return result.events
  }

  order(tribe: string, order: Order, at: Date, label = 'order') {
    const result = applyOrder(this.state, tribe, order, hmacRng)
    if (!result.ok) throw new AppError(422, result.error.code, `${label}: ${result.error.message}`, result.error.rule)
    this.record(result.events, this.state.week, at)
    this.state = result.state
    return result.events
  }

  note(type: string, payload: unknown, at: Date) {
    this.events.push({ type, payload, week: this.state.week, at })
  }

  /** Whether anything would be written besides the snapshot's sync mark. */
  get dirty(): boolean {
    return this.events.length + this.ledger.length + this.mails.length + this.dice.length > 0
  }

  /** A point to return to: the engine state is never mutated, so references suffice. */
  mark() {
    const at = { state: this.state, status: this.campaignStatus, events: this.events.length, ledger: this.ledger.length, mails: this.mails.length, dice: this.dice.length }
    return () => {
      this.state = at.state
      this.campaignStatus = at.status
      this.events.length = at.events
      this.ledger.length = at.ledger
      this.mails.length = at.mails
      this.dice.length = at.dice
    }
  }
}

/**
 * The stored snapshot leaves out a bundled map, which never changes during a
 * campaign: most of the state's bytes. Loading puts it back (the same object
 * each time, so its compiled form is cached too). An uploaded map stays in the
 * snapshot; its ids are unique per upload, so one object per id is kept too.
 */
export function storedState(state: GameState): unknown {
  return bundledMap(state.map.id) ? { ...state, map: { id: state.map.id } } : state
}

const uploadedMaps = new Map<string, MapDef>()

export function loadState(json: unknown): GameState {
  const stored = json as GameState
  let map: MapDef | undefined = bundledMap(stored.map.id)
  if (!map && Array.isArray(stored.map.tiles)) {
    map = uploadedMaps.get(stored.map.id)
    if (!map) uploadedMaps.set(stored.map.id, (map = stored.map))
  }
  if (!map) throw new Error(`campaign map ${stored.map.id} is neither bundled nor in the snapshot`)
  return { ...stored, map }
}

export async function lockCampaign(sql: Sql, id: string): Promise<CampaignRow> {
  const rows = await sql.query<CampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = $1::uuid FOR UPDATE`, [id])
  if (!rows[0]) throw new AppError(404, 'campaign/not_found', `No campaign ${id}`)
  return rows[0]
}

interface LoadedRow extends CampaignRow {
  state: unknown | null
  version: number | null
  syncedUntil: Date | null
  nextDueAt: Date | null
  lastSeq: number
}

/**
 * Locks the campaign, then reads its snapshot and log position. The lock is a
 * statement of its own: a statement that waited for the lock would read the
 * other rows as they were before it waited.
 * `skipLocked` (the sweep) answers null instead of waiting for a busy campaign:
 * whoever holds the lock catches it up.
 */
export async function lockAndLoad(sql: Sql, id: string, options: { skipLocked?: boolean } = {}): Promise<{ campaign: CampaignRow; w: Working } | null> {
  if (!UUID.test(id)) throw new AppError(404, 'campaign/not_found', `No campaign ${id}`)
  const locked = await sql.query(`SELECT 1 FROM campaigns WHERE id = $1::uuid FOR UPDATE${options.skipLocked ? ' SKIP LOCKED' : ''}`, [id],
    options.skipLocked ? 'campaign-lock-skip' : 'campaign-lock')
  const rows = locked.length === 0 ? [] : await sql.query<LoadedRow>(
    `SELECT ${CAMPAIGN_COLUMNS}, s.state, s.version, ${instant('s.synced_until', 'syncedUntil')}, ${instant('s.next_due_at', 'nextDueAt')},
            COALESCE((SELECT max(e.seq) FROM campaign_events e WHERE e.campaign_id = c.id), 0)::int AS "lastSeq"
     FROM campaigns c LEFT JOIN game_snapshots s ON s.campaign_id = c.id
     WHERE c.id = $1::uuid`, [id], 'campaign-load')
  const row = locked.length > 0 ? rows[0] : undefined
  if (!row) {
    if (options.skipLocked) return null
    throw new AppError(404, 'campaign/not_found', `No campaign ${id}`)
  }
  if (row.state === null) throw new AppError(409, 'campaign/not_started', 'The draft has not started yet', 'R3.1')
  const { state, version, syncedUntil, nextDueAt, lastSeq, ...campaign } = row
  return { campaign, w: new Working(loadState(state), version!, syncedUntil!, campaign.status, lastSeq, nextDueAt) }
}

/** Queues mails outside a snapshot change (scenes, invitations), in the caller's transaction. */
export async function queueMails(sql: Sql, campaignId: string, mails: PendingMail[], now: Date) {
  if (mails.length === 0) return
  await sql.query(
    `INSERT INTO outbox_mails (id, campaign_id, user_id, recipient, to_address, kind, period, data, created_at, next_attempt_at)
     SELECT gen_random_uuid(), $1::uuid, m."userId"::uuid, m.recipient, m."toAddress", m.kind, m.period, m.data, ${utc(3)}, ${utc(3)}
     FROM jsonb_to_recordset($2::jsonb) AS m("userId" text, recipient text, "toAddress" text, kind text, period text, data jsonb)
     ON CONFLICT (campaign_id, recipient, kind, period) DO NOTHING`,
    [campaignId, JSON.stringify(mails.map((m) => ({ ...m, recipient: recipientOf(m) }))), now.toISOString()],
  )
}

/** The current week of a started campaign (0 before the draft), for log entries outside a snapshot change. */
export async function currentWeek(sql: Sql, campaignId: string): Promise<number> {
  const rows = await sql.query<{ week: number }>(`SELECT (state->>'week')::int AS week FROM game_snapshots WHERE campaign_id = $1::uuid`, [campaignId])
  return rows[0]?.week ?? 0
}

/** Appends to the campaign log outside a snapshot change; the caller holds the campaign lock. */
export async function appendEvents(sql: Sql, campaignId: string, events: PendingEvent[]) {
  if (events.length === 0) return
  await sql.query(
    `INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at)
     SELECT $1::uuid, COALESCE((SELECT max(seq) FROM campaign_events WHERE campaign_id = $1::uuid), 0) + e.n, e.week, e.type, e.payload,
            (e.at::timestamptz AT TIME ZONE 'UTC')
     FROM jsonb_to_recordset($2::jsonb) AS e(n int, week int, type text, payload jsonb, at text)`,
    [campaignId, JSON.stringify(events.map((e, i) => ({ n: i + 1, week: e.week, type: e.type, payload: e.payload, at: e.at.toISOString() })))],
  )
}

/**
 * Writes everything the change produced in one statement: the snapshot, the
 * log events, ledger rows, dice rows, outbox mails and the campaign status.
 */
export async function save(sql: Sql, campaign: CampaignRow, w: Working, now: Date, options: { created?: boolean } = {}): Promise<number> {
  const version = w.version + 1
  const status = w.state.status === 'finished' ? 'finished' : w.campaignStatus
  const nextDueAt = status === 'running' ? (w.nextDueAt === undefined ? w.storedNextDueAt : w.nextDueAt) : null
  let seq = w.lastSeq
  const events = w.events.map((e) => ({ seq: ++seq, week: e.week, type: e.type, payload: e.payload, at: e.at.toISOString() }))
  const ledger = w.ledger.map((l) => ({ kind: l.kind, period: l.period, due: l.dueAt.toISOString(), outcome: l.outcome }))
  const dice = w.dice.map((d) => ({ week: d.week, seed: d.seed, commitment: commitmentOf(d.seed), committed: d.committedAt.toISOString(), revealed: d.revealedAt?.toISOString() ?? null }))
  const snapshotWrite = options.created
    ? `INSERT INTO game_snapshots (campaign_id, version, state, synced_until, next_due_at, updated_at)
       VALUES ($1::uuid, $2, $3::jsonb, ${utc(4)}, ${utc(5)}, ${utc(10)})`
    : `UPDATE game_snapshots SET version = $2, state = $3::jsonb, synced_until = ${utc(4)}, next_due_at = ${utc(5)}, updated_at = ${utc(10)}
       WHERE campaign_id = $1::uuid`
  // Only the parts with rows go into the statement; each shape is prepared once per connection.
  const parts: [name: string, sql: string, rows: unknown[]][] = [
    ['log', `INSERT INTO campaign_events (campaign_id, seq, week, type, payload, created_at)
       SELECT $1::uuid, e.seq, e.week, e.type, e.payload, (e.at::timestamptz AT TIME ZONE 'UTC')
       FROM jsonb_to_recordset($6::jsonb) AS e(seq int, week int, type text, payload jsonb, at text)`, events],
    ['ledger', `INSERT INTO calendar_work (campaign_id, kind, period, due_at, done_at, outcome)
       SELECT $1::uuid, l.kind, l.period, (l.due::timestamptz AT TIME ZONE 'UTC'), ${utc(10)}, l.outcome
       FROM jsonb_to_recordset($7::jsonb) AS l(kind text, period text, due text, outcome text)`, ledger],
    ['dice', `INSERT INTO dice_weeks (campaign_id, week, seed, commitment, committed_at, revealed_at)
       SELECT $1::uuid, d.week, d.seed, d.commitment, (d.committed::timestamptz AT TIME ZONE 'UTC'), (d.revealed::timestamptz AT TIME ZONE 'UTC')
       FROM jsonb_to_recordset($8::jsonb) AS d(week int, seed text, commitment text, committed text, revealed text)
       ON CONFLICT (campaign_id, week) DO UPDATE SET revealed_at = EXCLUDED.revealed_at`, dice],
    ['mail', `INSERT INTO outbox_mails (id, campaign_id, user_id, recipient, to_address, kind, period, data, created_at, next_attempt_at)
       SELECT gen_random_uuid(), $1::uuid, m."userId"::uuid, m.recipient, m."toAddress", m.kind, m.period, m.data, ${utc(10)}, ${utc(10)}
       FROM jsonb_to_recordset($9::jsonb) AS m("userId" text, recipient text, "toAddress" text, kind text, period text, data jsonb)
       ON CONFLICT (campaign_id, recipient, kind, period) DO NOTHING`, w.mails],
  ]
  const used = parts.filter(([, , rows]) => rows.length > 0)
  const unused = parts.filter(([, , rows]) => rows.length === 0)
  // Unused parameters are still typed, so every shape takes the same eleven.
  const typed = unused.map(([name]) => `${name} AS (SELECT $${{ log: 6, ledger: 7, dice: 8, mail: 9 }[name]}::jsonb)`)
  await sql.query(
    `WITH snapshot AS (${snapshotWrite}),
     ${[...used.map(([name, text]) => `${name} AS (${text})`), ...typed].join(',\n     ')}
     UPDATE campaigns SET status = $11::"CampaignStatus", updated_at = ${utc(10)}
     WHERE id = $1::uuid AND status <> $11::"CampaignStatus"`,
    [
      campaign.id, version, JSON.stringify(storedState(w.state)), w.syncedUntil.toISOString(), nextDueAt?.toISOString() ?? null,
      JSON.stringify(events), JSON.stringify(ledger), JSON.stringify(dice), JSON.stringify(w.mails.map((m) => ({ ...m, recipient: recipientOf(m) }))), now.toISOString(), status,
    ],
    `campaign-save-${options.created ? 'new' : 'update'}-${used.map(([name]) => name).join('-')}`,
  )
  return version
}

/**
 * Stores only the calendar marks (synced until, next due), after a catch-up
 * that found nothing to do: the version stays, since the game did not change.
 */
export async function saveMarks(sql: Sql, campaign: CampaignRow, w: Working) {
  const nextDueAt = w.nextDueAt === undefined ? w.storedNextDueAt : w.nextDueAt
  await sql.query(`UPDATE game_snapshots SET synced_until = ${utc(2)}, next_due_at = ${utc(3)} WHERE campaign_id = $1::uuid`,
    [campaign.id, w.syncedUntil.toISOString(), nextDueAt?.toISOString() ?? null])
}

/** A fresh secret seed for `week`: its hash is published now, the seed at the week's end. */
export function commitWeek(w: Working, week: number, at: Date, seed = newSeed()) {
  w.dice.push({ week, seed, committedAt: at, revealedAt: null })
  w.note('dice.committed', { week, commitment: commitmentOf(seed) }, at)
  w.system({ type: 'setSeed', seed }, at)
}

/** Publishes the ending week's seed, which is still the state's current one. */
function revealWeek(w: Working, week: number, at: Date) {
  const seed = w.state.rng.seed
  // Committed in this same catch-up (a long one): one row, revealed.
  const pending = w.dice.find((d) => d.week === week)
  if (pending) pending.revealedAt = at
  else w.dice.push({ week, seed, committedAt: at, revealedAt: at })
  w.note('dice.revealed', { week, seed, commitment: commitmentOf(seed) }, at)
}

export async function playersOf(sql: Sql, campaignId: string): Promise<Player[]> {
  return sql.query<Player>(
    `SELECT t.id AS "tribeId", u.id AS "userId", t.weekday, u.mail_window_open AS "mailWindowOpen", u.mail_reminder AS "mailReminder",
            u.mail_payout AS "mailPayout", u.mail_digest AS "mailDigest", u.reminder_hours AS "reminderHours"
     FROM tribes t JOIN users u ON u.id = t.user_id WHERE t.campaign_id = $1::uuid`,
    [campaignId],
  )
}

function calendarTribes(w: Working, players: Player[]): CalendarTribe[] {
  return w.state.tribes.map((t) => {
    const p = players.find((x) => x.tribeId === t.id)
    return { id: t.id, weekday: t.weekday, reminderHours: p?.mailReminder ? p.reminderHours : 0 }
  })
}

export function periodOf(due: DueWork): string {
  return 'tribe' in due ? `${due.at.toISOString()}/${due.tribe}` : due.at.toISOString()
}

const NEXT_DUE_HORIZON_MS = 8 * 86_400_000

/**
 * Brings the engine up to the calendar: window opens and closes, reminders,
 * weekly ticks, each with its ledger row and its mails. Cheap when nothing
 * is due: the stored next due instant says so without any query.
 */
export async function catchUp(sql: Sql, campaign: CampaignRow, w: Working, now: Date): Promise<void> {
  if (w.campaignStatus !== 'running' || w.state.status !== 'running') return
  if (w.storedNextDueAt && now < w.storedNextDueAt) {
    w.syncedUntil = now
    return
  }
  const players = await playersOf(sql, campaign.id)
  const tribes = calendarTribes(w, players)
  for (const due of dueWork(tribes, campaign.timeZone, w.syncedUntil, now)) {
    if (w.state.status !== 'running') break
    await doDue(sql, campaign, w, due, players)
    w.ledger.push({ kind: due.kind, period: periodOf(due), dueAt: due.at, outcome: 'done' })
  }
  w.syncedUntil = now
  w.nextDueAt = w.state.status === 'running' ? dueWork(tribes, campaign.timeZone, now, new Date(now.getTime() + NEXT_DUE_HORIZON_MS))[0]?.at ?? null : null
}

/** Records the calendar work a pause skipped, without doing it (a paused campaign accrues nothing). */
export function skipUntil(campaign: CampaignRow, w: Working, now: Date) {
  const tribes = w.state.tribes.map((t) => ({ id: t.id, weekday: t.weekday }))
  for (const due of dueWork(tribes, campaign.timeZone, w.syncedUntil, now)) {
    w.ledger.push({ kind: due.kind, period: periodOf(due), dueAt: due.at, outcome: 'skipped' })
  }
  w.syncedUntil = now
  w.nextDueAt = now
}

async function doDue(sql: Sql, campaign: CampaignRow, w: Working, due: DueWork, players: Player[]) {
  const base = { campaignId: campaign.id, campaignName: campaign.name, timeZone: campaign.timeZone }
  if (due.kind === 'open') {
    const tribe = w.state.tribes.find((t) => t.id === due.tribe)
    if (!tribe || tribe.eliminated) return
    w.system({ type: 'openWindow', tribe: due.tribe }, due.at)
    const player = players.find((p) => p.tribeId === due.tribe)
    if (player?.mailWindowOpen) {
      const closesAt = windowStatus(tribe.weekday, campaign.timeZone, due.at).closesAt
      w.mails.push({ userId: player.userId, kind: 'window_open', period: periodOf(due), data: { ...base, tribeName: tribe.name, opensAt: due.at.toISOString(), closesAt } })
    }
  } else if (due.kind === 'remind') {
    const tribe = w.state.tribes.find((t) => t.id === due.tribe)
    const player = players.find((p) => p.tribeId === due.tribe)
    // A tribe that ended its turn early (R4.6) is not nagged.
    if (!tribe || tribe.eliminated || tribe.phase === 'closed' || tribe.phase === 'ended' || !player?.mailReminder) return
    const closesAt = windowStatus(tribe.weekday, campaign.timeZone, due.at).closesAt
    w.mails.push({ userId: player.userId, kind: 'reminder', period: periodOf(due), data: { ...base, tribeName: tribe.name, closesAt, hours: player.reminderHours } })
  } else if (due.kind === 'close') {
    const from = w.events.length
    w.system({ type: 'closeWindow', tribe: due.tribe }, due.at)
    await queueDigests(sql, campaign, w, due, players, w.events.slice(from))
  } else {
    const ending = w.state.week
    // The map as it stood at the week's end, compactly (tribe indices), for the history page.
    const order = new Map(w.state.tribes.map((t, i) => [t.id, i]))
    w.note('map.week_ended', {
      week: ending,
      owners: w.state.owners.map((o) => (o === null ? -1 : order.get(o)!)),
      armies: Object.entries(w.state.armies).map(([tile, a]) => [tile, a.tribe === null ? -1 : order.get(a.tribe)!, a.troops]),
      ships: Object.values(w.state.ships).map((x) => [x.id, x.tile, order.get(x.tribe)!, x.crew]),
      besieged: w.state.besieged,
    }, due.at)
    w.system({ type: 'weeklyPayout' }, due.at)
    revealWeek(w, ending, due.at)
    if (w.state.status === 'running') commitWeek(w, w.state.week, due.at)
    queuePayouts(campaign, w, due, players)
  }
}

const HOSTILE = ['combat', 'tileTaken', 'shipTaken', 'siegeLoss', 'eliminated']

interface Hurt { attacks: number; troopsLost: number; tilesLost: string[]; shipsLost: string[]; siegeLosses: number; eliminated: boolean }

/**
 * The day's digest: after a window closes (and its siege check), every player
 * whose tribe was attacked or lost something that day gets one mail.
 */
async function queueDigests(sql: Sql, campaign: CampaignRow, w: Working, due: DueWork, players: Player[], closing: PendingEvent[]) {
  const since = dayStart(campaign.timeZone, due.at)
  const stored = await sql.query<{ payload: GameEvent }>(
    `SELECT payload FROM campaign_events WHERE campaign_id = $1::uuid AND week = $2 AND type = ANY($3::text[]) AND created_at > ${utc(4)}`,
    [campaign.id, w.state.week, HOSTILE, since.toISOString()],
  )
  const pending = w.events.filter((e) => e.at > since && HOSTILE.includes(e.type) && !closing.includes(e)).concat(closing.filter((e) => HOSTILE.includes(e.type)))
  const hurt = new Map<string, Hurt>()
  const of = (tribe: string) => hurt.get(tribe) ?? hurt.set(tribe, { attacks: 0, troopsLost: 0, tilesLost: [], shipsLost: [], siegeLosses: 0, eliminated: false }).get(tribe)!
  for (const e of [...stored.map((r) => r.payload), ...pending.map((p) => p.payload as GameEvent)]) {
    if (e.type === 'combat' && e.defender) {
      const h = of(e.defender)
      h.attacks++
      h.troopsLost += e.defenders - e.defenderSurvivors
    } else if (e.type === 'tileTaken' && e.from) of(e.from).tilesLost.push(e.tile)
    else if (e.type === 'shipTaken') of(e.from).shipsLost.push(e.ship)
    else if (e.type === 'siegeLoss') {
      of(e.owner).siegeLosses += e.lost
      of(e.owner).troopsLost += e.lost
    } else if (e.type === 'eliminated') of(e.tribe).eliminated = true
  }
  const names = new Map(w.state.tribes.map((t) => [t.id, t.name]))
  for (const [tribe, h] of hurt) {
    const player = players.find((p) => p.tribeId === tribe)
    if (!player?.mailDigest) continue
    w.mails.push({
      userId: player.userId, kind: 'digest', period: periodOf(due),
      data: { campaignId: campaign.id, campaignName: campaign.name, timeZone: campaign.timeZone, tribeName: names.get(tribe), day: since.toISOString(), ...h },
    })
  }
}

function queuePayouts(campaign: CampaignRow, w: Working, due: DueWork, players: Player[]) {
  for (const player of players) {
    if (!player.mailPayout) continue
    const tribe = w.state.tribes.find((t) => t.id === player.tribeId)
    if (!tribe || tribe.eliminated) continue
    const pools = w.state.pools.filter((p) => p.tribe === tribe.id).map((p) => ({
      cities: p.cities, tiles: p.tiles, payout: p.payout, balance: p.balance,
      troops: Math.floor(p.balance / TROOP_COST), ships: Math.floor(p.balance / SHIP_COST),
    }))
    w.mails.push({
      userId: player.userId, kind: 'payout', period: periodOf(due),
      data: {
        campaignId: campaign.id, campaignName: campaign.name, timeZone: campaign.timeZone, tribeName: tribe.name,
        week: w.state.week, total: pools.reduce((s, p) => s + p.payout, 0), pools, troopCost: TROOP_COST, shipCost: SHIP_COST,
        finished: w.state.status === 'finished',
      },
    })
  }
}

/** A stable hash of a request body, for Idempotency-Key checks. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex')
}
