// The engine state of one campaign inside its locked transaction, and what
// the change will write with it (src/db/snapshots.ts saves it in one statement).
import { hmacRng, rulesetOf, type AnyRuleset, type AnyState, type EngineError, type MapStub } from '../engine/index.ts'
import { keepWeekdays, type CampaignRow, type CampaignStatus } from '../db/campaigns.ts'
import type { PendingMail } from '../db/outbox.ts'
import { membersOf } from '../db/roster.ts'
import { saveChange, saveMarks, type ChangeWrite, type EventWrite, type IdempotencyWrite, type LedgerWrite, type SaveGuard } from '../db/snapshot-writes.ts'
import { campaignMap, keepCampaignMap, lockAndLoad, type LoadedRow, type StoredSnapshot } from '../db/snapshots.ts'
import { inTransaction, type Sql } from '../db/sql.ts'
import { commitmentOf } from '../lib/dice.ts'
import { AppError } from '../lib/errors.ts'

/** The tribe a platform note's payload names, if any. */
export function tribeOf(payload: unknown): string | null {
  const tribe = (payload as { tribe?: unknown } | null)?.tribe
  return typeof tribe === 'string' ? tribe : null
}

/**
 * A refusal of the rules is the player's 422; the engine failing on its own
 * input is ours: a plain error, logged as a 500 with the request id, with no
 * internals in the answer.
 */
export function engineRefusal(error: EngineError, label?: string): Error {
  if (error.code === 'engine/internal_error') return new Error(`engine failure: ${error.message}`)
  const refusal = new AppError(422, error.code, label ? `${label}: ${error.message}` : error.message, error.rule)
  if (error.params) refusal.params = error.params
  return refusal
}

interface DiceEntry {
  week: number
  seed: string
  committedAt: Date
  revealedAt: Date | null
}

export class Working {
  events: EventWrite[] = []
  ledger: LedgerWrite[] = []
  mails: PendingMail[] = []
  dice: DiceEntry[] = []
  /** The game's rules: every transition of the state goes through them (#17). */
  get rules() {
    return rulesetOf(this.state.ruleset)
  }

  /**
   * The state as the platform reads it: status, week, tribes with their weekdays and turns.
   * Made once per state: an order read it five times, a game's whole view each time (#52); the
   * engine never changes a state, so a view stays true of the state it was made from.
   */
  get view(): ReturnType<ReturnType<typeof rulesetOf>['view']> {
    if (this.viewed?.state !== this.state) this.viewed = { state: this.state, view: this.rules.view(this.state) }
    return this.viewed.view
  }
  private viewed: { state: AnyState; view: ReturnType<ReturnType<typeof rulesetOf>['view']> } | undefined

  /** Set when the catch-up ran and knows the next due instant. */
  nextDueAt: Date | null | undefined
  /** The version the stored state was written at: the stored state is `version - stateVersion` changes behind. */
  stateVersion = 0
  /** A calendar or GM input changed the game in this change (a window closed, a tick): its state is stored whole. */
  systemActed = false
  /** A system action changed the tribes' weekdays in this change: their rows are written again (save). */
  weekdaysDealt = false
  constructor(
    public state: AnyState,
    readonly version: number,
    public syncedUntil: Date,
    public campaignStatus: CampaignStatus,
    readonly lastSeq = 0,
    readonly storedNextDueAt: Date | null = null,
  ) {}

  private record(events: unknown[], week: number, at: Date) {
    for (const e of events) this.events.push({ type: (e as { type: string }).type, payload: e, week, at, ...this.rules.tagEvent(e) })
  }

  system(action: unknown, at: Date) {
    const before = this.view
    const week = before.period
    const result = this.rules.applySystem(this.state, action, hmacRng)
    if (!result.ok) throw engineRefusal(result.error)
    this.record(result.events, week, at)
    this.state = result.state
    this.systemActed = true
    // A game may deal the weekdays anew (Open Wars' tick 0, W3.7): the tribes' rows follow its view (save).
    const days = (v: { tribes: { weekday: string }[] }) => v.tribes.map((t) => t.weekday).join()
    if (days(before) !== days(this.view)) this.weekdaysDealt = true
    return result.events
  }

  order(tribe: string, order: unknown, at: Date, label = 'order') {
    const week = this.view.period
    const result = this.rules.applyOrder(this.state, tribe, order, hmacRng)
    if (!result.ok) throw engineRefusal(result.error, label)
    this.record(result.events, week, at)
    this.state = result.state
    return result.events
  }

  /** A batch, all or nothing; only its last order may roll dice (R8.4). */
  batch(tribe: string, orders: unknown[], at: Date) {
    const week = this.view.period
    const result = this.rules.applyBatch(this.state, tribe, orders, hmacRng)
    if (!result.ok) {
      const label = orders.length > 1 && 'index' in result ? `orders[${result.index}]` : 'order'
      throw engineRefusal(result.error, label)
    }
    this.record(result.events, week, at)
    this.state = result.state
    return result.events
  }

  /** A note of the platform's own (its type has a dot), filed under the tribe its payload names. */
  note(type: string, payload: unknown, at: Date) {
    this.events.push({ type, payload, week: this.view.period, at, tribe: tribeOf(payload), played: false })
  }

  /** Whether anything would be written besides the snapshot's sync mark. */
  get dirty(): boolean {
    return this.events.length + this.ledger.length + this.mails.length + this.dice.length > 0
  }

  /** A point to return to: the engine state is never mutated, so references suffice. */
  mark() {
    const at = {
      state: this.state,
      systemActed: this.systemActed,
      status: this.campaignStatus,
      events: this.events.length,
      ledger: this.ledger.length,
      mails: this.mails.length,
      dice: this.dice.length,
    }
    return () => {
      this.state = at.state
      this.systemActed = at.systemActed
      this.campaignStatus = at.status
      this.events.length = at.events
      this.ledger.length = at.ledger
      this.mails.length = at.mails
      this.dice.length = at.dice
    }
  }
}

/**
 * The stored snapshot of a game that plays a chosen map names it by id and content hash
 * instead of holding it (most of the state's bytes). The campaign's own copy is kept once,
 * at the start, in campaign_maps: a bundled map regenerated with other content has another
 * hash, and the campaign goes on with the copy it started with. Loading gives the same map
 * object each time, so a game's compiled form of it is cached too.
 */
type KeptMap = { id: string; name: string }
const hashes = new WeakMap<object, string>()
const byHash = new Map<string, KeptMap>()

export function hashOf(rules: AnyRuleset, map: KeptMap): string {
  let hash = hashes.get(map)
  if (hash === undefined) hashes.set(map, (hash = rules.mapHash(map)))
  return hash
}

/** A stub holds nothing but the map's id and hash; anything more is a map held inline. */
const isStub = (map: KeptMap | MapStub): map is MapStub => Object.keys(map).every((k) => k === 'id' || k === 'hash')

/** The map a started campaign plays, for a game whose campaigns choose theirs. */
export function chosenMapOf(state: AnyState): KeptMap | null {
  const map = rulesetOf(state.ruleset).maps?.of(state)
  return map && !isStub(map) ? map : null
}

export function storedState(state: AnyState): unknown {
  const rules = rulesetOf(state.ruleset)
  const map = rules.maps?.of(state)
  // A game on a board of its own keeps it; a chosen map is stored once, apart, and named here.
  const withStub = !rules.maps || !map || isStub(map) ? state : rules.maps.with(state, { id: map.id, hash: hashOf(rules, map) })
  return rules.storage ? rules.storage.pack(withStub) : withStub
}

class MapNotLoaded extends Error {}

/** The state of a stored snapshot whose map is bundled as it was, inline, or already loaded. */
export function loadState(json: unknown): AnyState {
  const rules = rulesetOf((json as AnyState).ruleset)
  const stored = rules.storage ? rules.storage.unpack(json) : (json as AnyState)
  const maps = rules.maps
  const stub = maps?.of(stored)
  if (!maps || !stub) return stored
  if (!isStub(stub)) {
    // An older snapshot that holds its map: one object per hash.
    const hash = rules.mapHash(stub)
    let map = byHash.get(hash)
    if (!map) byHash.set(hash, (map = stub))
    return maps.with(stored, map)
  }
  const bundled = maps.bundled.find((m) => m.id === stub.id)
  if (bundled && (stub.hash === undefined || hashOf(rules, bundled) === stub.hash)) return maps.with(stored, bundled)
  const kept = stub.hash ? byHash.get(stub.hash) : undefined
  if (kept) return maps.with(stored, kept)
  throw new MapNotLoaded(`campaign map ${stub.id} (${stub.hash ?? 'no hash'}) is not loaded`)
}

/** Like loadState, reading the campaign's kept map when this process has not seen it yet. */
export async function loadStateOf(sql: Sql, campaignId: string, json: unknown): Promise<AnyState> {
  try {
    return loadState(json)
  } catch (error) {
    if (!(error instanceof MapNotLoaded)) throw error
    const kept = await campaignMap(sql, campaignId)
    if (!kept) throw new Error(`campaign ${campaignId}: ${error.message}, and no copy is kept`)
    const map = kept.definition as KeptMap
    byHash.set(kept.hash, map)
    hashes.set(map, kept.hash)
    return loadState(json)
  }
}

/**
 * The state now: the stored one with the engine events logged after it replayed on it (orders
 * append their events and store the whole state only every so many changes, #32). The replay
 * checks every recorded effect, so a tail that does not fit its state fails loudly.
 */
export function withTail(state: AnyState, tail: readonly unknown[] | null): AnyState {
  if (!tail || tail.length === 0) return state
  const replayed = rulesetOf(state.ruleset).replay(state, tail, hmacRng)
  if (!replayed.ok) throw new Error(`the log after the stored state does not replay on it: ${replayed.message}`)
  return replayed.state
}

/** The state now of a snapshot as read (readSnapshot): its stored state with its tail replayed. */
export async function snapshotState(sql: Sql, campaignId: string, snapshot: StoredSnapshot): Promise<AnyState> {
  return withTail(await loadStateOf(sql, campaignId, snapshot.state), snapshot.tail)
}

/** Another change of the campaign was saved after this one read it: nothing of this one was written. */
export class ChangeConflict extends Error {
  constructor(campaignId: string) {
    super(`campaign ${campaignId} changed while this change was built`)
  }
}

/** The working state of a loaded snapshot row (a started campaign). */
export async function working(sql: Sql, row: LoadedRow): Promise<{ campaign: CampaignRow; w: Working }> {
  if (row.state === null) throw new AppError(409, 'campaign/not_started', 'The draft has not started yet', 'R3.1')
  const { state, version, stateVersion, stateBytes: _stateBytes, tail, syncedUntil, nextDueAt, lastSeq, ...campaign } = row
  const stored = await loadStateOf(sql, campaign.id, state)
  // A campaign from before maps were kept: it keeps the map it has now.
  const rules = rulesetOf(stored.ruleset)
  const chosen = chosenMapOf(stored)
  const storedMap = rules.maps?.of(state as AnyState)
  if (chosen && !(storedMap && isStub(storedMap) && storedMap.hash !== undefined)) await keepCampaignMap(sql, campaign.id, hashOf(rules, chosen), chosen)
  const w = new Working(withTail(stored, tail), version!, syncedUntil!, campaign.status, lastSeq, nextDueAt)
  w.stateVersion = stateVersion!
  return { campaign, w }
}

/** Locks and loads a started campaign; null only for a busy one under `skipLocked`. */
export async function load(
  sql: Sql,
  id: string,
  options: { skipLocked?: boolean } = {},
): Promise<{ campaign: CampaignRow; w: Working; seatsVersion: number } | null> {
  const row = await lockAndLoad(sql, id, options)
  if (!row) {
    if (options.skipLocked) return null
    throw new AppError(404, 'campaign/not_found', `No campaign ${id}`)
  }
  return { ...(await working(sql, row)), seatsVersion: row.seatsVersion ?? 0 }
}

/** The end (R2.5): every GM and player gets the ranking, their own tribe marked. */
function gameOverMails(campaign: CampaignRow, w: Working, members: Awaited<ReturnType<typeof membersOf>>): PendingMail[] {
  const view = w.view
  const ranked = (view.ranking ?? []).map((id, i) => {
    const tribe = view.tribes.find((t) => t.id === id)
    return { rank: i + 1, id, name: tribe?.name ?? id, eliminated: tribe?.eliminated ?? false }
  })
  return members.map((m) => ({
    userId: m.userId,
    kind: 'game_over',
    period: 'end',
    data: {
      winner: ranked[0]?.name ?? '',
      weekLimit: view.endedByLimit ? campaign.weekLimit : null,
      ranking: ranked.map(({ id, ...r }) => ({ ...r, you: id === m.tribeId })),
    },
  }))
}

/**
 * What a change writes, over the version it was built on (see save). With `snapshotEvery`
 * (players' orders), the change appends its events and stores the whole state only when the
 * stored one is that many changes behind; a calendar or GM change, a change of status or of
 * period always stores it, so that a window's close leaves no tail.
 */
export async function changeOf(
  sql: Sql,
  campaign: CampaignRow,
  w: Working,
  now: Date,
  options: { created?: boolean; idempotency?: IdempotencyWrite; snapshotEvery?: number; guard?: SaveGuard | undefined } = {},
): Promise<ChangeWrite> {
  const version = w.version + 1
  const status = w.view.status === 'finished' ? 'finished' : w.campaignStatus
  const appendOnly =
    options.snapshotEvery !== undefined && !options.created && !w.systemActed && status === campaign.status && version - w.stateVersion < options.snapshotEvery
  if (status === 'finished' && campaign.status !== 'finished') w.mails.push(...gameOverMails(campaign, w, await membersOf(sql, campaign.id)))
  return {
    campaignId: campaign.id,
    version,
    state: appendOnly ? undefined : JSON.stringify(storedState(w.state)),
    status,
    syncedUntil: w.syncedUntil,
    nextDueAt: status === 'running' ? (w.nextDueAt === undefined ? w.storedNextDueAt : w.nextDueAt) : null,
    period: w.view.period,
    ranking: w.view.ranking,
    firstSeq: w.lastSeq + 1,
    events: w.events,
    ledger: w.ledger,
    mails: w.mails,
    now,
    idempotency: options.idempotency,
    // Built on a remembered state (#32): saved only if the guard holds.
    guard: options.guard,
    dice: w.dice.map((d) => ({ ...d, commitment: commitmentOf(d.seed) })),
    ...(options.created ? { created: true } : {}),
  }
}

/** Writes everything the change produced over the version it was built on (changeOf); answers the new version. */
export async function save(
  sql: Sql,
  campaign: CampaignRow,
  w: Working,
  now: Date,
  options: { created?: boolean; idempotency?: IdempotencyWrite; snapshotEvery?: number } = {},
): Promise<number> {
  return (await saveWrite(sql, campaign, w, now, options)).version
}

/** save, answering what was written; with `guard`, only if the guard still holds (saveChange). */
export async function saveWrite(
  sql: Sql,
  campaign: CampaignRow,
  w: Working,
  now: Date,
  options: { created?: boolean; idempotency?: IdempotencyWrite; snapshotEvery?: number; guard?: SaveGuard } = {},
): Promise<ChangeWrite> {
  // The tribes' rows follow a new deal in two statements (keepWeekdays): outside a transaction a
  // reader between them saw a tribe with no weekday, and a failure between the save and them left
  // the rows on the old deal for good while the game played the new one (#46). The change is
  // built again under the campaign's lock, in one transaction.
  if (w.weekdaysDealt && !inTransaction()) throw new WeekdaysNeedALock(campaign.id)
  const change = await changeOf(sql, campaign, w, now, options)
  if (!(await saveChange(sql, change))) throw new ChangeConflict(campaign.id)
  // Every reader of a tribe's weekday (the "your day" card, the calendar feed, the pages) reads the game's.
  if (w.weekdaysDealt) await keepWeekdays(sql, campaign.id, w.view.tribes)
  return change
}

/** A change that deals the weekdays anew, met outside a transaction: nothing was written. */
export class WeekdaysNeedALock extends Error {
  constructor(campaignId: string) {
    super(`campaign ${campaignId} deals its weekdays anew: its change is saved in one transaction`)
  }
}

/** Stores only the calendar marks (the version stays: the game did not change). */
export async function saveSyncMarks(sql: Sql, campaign: CampaignRow, w: Working): Promise<{ version: number; syncedUntil: Date; nextDueAt: Date | null }> {
  const nextDueAt = w.nextDueAt === undefined ? w.storedNextDueAt : w.nextDueAt
  if (!(await saveMarks(sql, campaign.id, w.version, w.syncedUntil, nextDueAt))) throw new ChangeConflict(campaign.id)
  return { version: w.version, syncedUntil: w.syncedUntil, nextDueAt }
}
