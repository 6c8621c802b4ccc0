// What members and spectators read of a campaign: the board with the caller's
// window and MP, the pools, the log, and a week's dice.
import { rulesetOf, setsSeed, type AnyState } from '../engine/index.ts'
import type { NamedPlace } from '../engine/kernel/index.ts'
import { diceWeek, eventsAfter, mapEventsOfWeek, eventsOfType, eventsOfTypes, eventsOfWeek, revealedWeeks, weeksWithEvents } from '../db/log.ts'
import { diplomacyOfTribe } from '../db/scenes.ts'
import { readSnapshot } from '../db/snapshots.ts'
import { sqlOf } from '../db/sql.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import type { Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'
import type { Locked } from './locked.ts'
import { verifyCampaign } from './verify.ts'
import { snapshotState } from './working.ts'

/** More than any week of play logs; a bound for a page. */
const WEEK_LIMIT = 20_000

const DIPLOMACY = /^(scene|proposal)\./

/** The platform's own fields of a tribe in the board's view; a game's figures of the tribe are the rest. */
const TRIBE_KEYS = new Set(['id', 'name', 'weekday', 'phase', 'eliminated', 'windowOpen', 'nextOpening'])

/** How a reading treats calendar work that fell due: done first (a page's reading), or left to the sweep. */
export interface Reading {
  catchUp?: boolean
}

export interface LoggedEvent {
  seq: number
  week: number
  type: string
  payload: unknown
  at: string
}

/** What a reader may read of a logged event: the game's own secrets hidden (Ruleset.eventFor), and an unrevealed week's seed. */
function readable(a: Access, payload: unknown, week: number, revealed: Set<number>): unknown {
  const eventFor = rulesetOf(a.campaign.ruleset).eventFor
  return redactSeed(eventFor ? eventFor(payload, a.tribeId ?? null, a.campaign.status === 'finished') : payload, week, revealed)
}

/** The seed of an unrevealed week never leaves the server (the `setSeed` input holds it). */
function redactSeed(payload: unknown, week: number, revealed: Set<number>): unknown {
  if (!setsSeed(payload) || revealed.has(week)) return payload
  const p = payload as { action: Record<string, unknown> }
  return { ...p, action: { ...p.action, seed: null } }
}

export function viewsService({ db, clock }: ServiceDeps, locked: Locked) {
  /**
   * Who talks with whom is the business of the scene's tribes and the GM (#13): anyone else
   * reads no scene or proposal event (a ratified trade still shows, as the engine's tradeExecuted).
   */
  async function diplomacyReader(a: Access): Promise<(e: LoggedEvent) => boolean> {
    if (a.role === 'gm') return () => true
    const mine = await diplomacyOfTribe(db.pool, a.campaign.id, a.tribeId)
    return (e) => {
      // An absence is the absent tribe's business and the GMs' (#30): announced to the others, it invites an attack.
      if (e.type.startsWith('absence.')) return (e.payload as { tribe?: string }).tribe === a.tribeId
      if (!DIPLOMACY.test(e.type)) return true
      const p = e.payload as { scene?: string; proposal?: string }
      return (p.scene !== undefined && mine.scenes.has(p.scene)) || (p.proposal !== undefined && mine.proposals.has(p.proposal))
    }
  }

  /**
   * The campaign's state, caught up with the calendar first unless `catchUp` is false: a reading
   * made for a mail (a payout's recap) does no calendar work, which is the sweep's. Done there, it
   * held the campaign's lock while the sweep passed by, and the sweep skips a campaign busy
   * elsewhere, trusting its holder to catch it up: the work fell to the mail loop, at its own pace (#46).
   */
  async function snapshot(campaignId: string, { catchUp = true }: Reading = {}) {
    if (catchUp) await locked.sync(campaignId)
    const sql = sqlOf(db.pool)
    const snap = await readSnapshot(sql, campaignId)
    if (!snap) throw new AppError(409, 'campaign/not_started', 'The draft has not started yet', 'R3.1')
    return { state: await snapshotState(sql, campaignId, snap), version: snap.version }
  }

  const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

  function viewOf(a: Access, state: AnyState, version: number) {
    const now = clock.now()
    const rules = rulesetOf(state.ruleset)
    const view = rules.view(state)
    const { mine, tribes: own, ...board } = rules.board(state, a.tribeId ?? null) as { mine: object | null; tribes?: unknown }
    // A game's own figures of each tribe (Open Wars' faction, gold, mana) go under a key of their
    // own (#48): the platform's fields never mix with a game's, nor either overwrites the other.
    const figures = new Map(
      (Array.isArray(own) ? (own as { id: string }[]) : []).map((t) => [t.id, Object.fromEntries(Object.entries(t).filter(([key]) => !TRIBE_KEYS.has(key)))]),
    )
    // While the game master holds the campaign no window is open, whatever the calendar says.
    const paused = a.campaign.status === 'paused'
    const tribes = view.tribes.map((t) => {
      const w = windowStatus(t.weekday, a.campaign.timeZone, now)
      const theirs = figures.get(t.id)
      return {
        id: t.id,
        name: t.name,
        weekday: t.weekday,
        phase: t.phase ?? t.turn,
        eliminated: t.eliminated,
        windowOpen: !paused && w.open && t.turn !== 'closed' && t.turn !== 'free',
        nextOpening: w.nextOpening,
        ...(theirs ? { figures: theirs } : {}),
      }
    })
    const me = a.tribeId ? view.tribes.findIndex((t) => t.id === a.tribeId) : -1
    let you = null
    if (me >= 0 && mine) {
      const t = view.tribes[me]!
      const w = windowStatus(t.weekday, a.campaign.timeZone, now)
      // Setup's orders ('free') go in at any hour, which is no window: both flags say so alike (#50).
      const open = !paused && t.turn !== 'closed' && t.turn !== 'free'
      you = {
        tribeId: t.id,
        phase: t.phase ?? t.turn,
        windowOpen: open,
        closesAt: open ? w.closesAt : null,
        nextOpening: w.nextOpening,
        ...mine,
      }
    }
    // The game counts time in epoch ms; the API says every instant as ISO 8601 (#50).
    const tickZero = rules.tickZeroNotBefore ? { tickZeroNotBefore: isoOrNull(rules.tickZeroNotBefore(state)) } : {}
    return {
      version,
      status: a.campaign.status === 'paused' ? 'paused' : view.status,
      week: view.period,
      progress: view.progress ?? null,
      ...board,
      // Which game's board this is: the API's answer is one of the games' shapes, told apart by it (#50).
      ruleset: state.ruleset,
      ...tickZero,
      tribes,
      you,
    }
  }

  return {
    snapshot,

    async stateView(a: Access, reading: Reading = {}) {
      const { state, version } = await snapshot(a.campaign.id, reading)
      return viewOf(a, state, version)
    },

    /**
     * The turn page's reading, from one snapshot: the board, the tribe's legal
     * options, and this week's map events with where its ships began, so the page
     * can draw the orders of the tribe's latest window.
     */
    async turn(a: Access) {
      const { state, version } = await snapshot(a.campaign.id)
      const options = a.role === 'player' && a.tribeId ? rulesetOf(state.ruleset).legalOptions(state, a.tribeId) : null
      const rules = rulesetOf(state.ruleset)
      const rows = await mapEventsOfWeek(db.pool, a.campaign.id, rules.view(state).period, rules.mapEvents ?? [])
      const weekEnd = rows.find((r) => r.type === 'map.week_ended')?.payload
      const events = rows.filter((r) => r.type !== 'map.week_ended').map((r) => r.payload)
      // What the tribe holds to spend (a game that keeps its economy apart from the board).
      const held = options ? (rules.heldEconomy?.(state) ?? null) : null
      return { view: viewOf(a, state, version), options, held, weekEvents: events, weekStart: weekEnd }
    },

    /** What the caller's tribe may order now, each option checked by the engine; null for a GM or a spectator. */
    async options(a: Access) {
      const { state, version } = await snapshot(a.campaign.id)
      return { version, ruleset: state.ruleset, options: a.role === 'player' && a.tribeId ? rulesetOf(state.ruleset).legalOptions(state, a.tribeId) : null }
    },

    /** The named places of the campaign's map (R1.5), for the platform's pages that list tiles; none before the draft. */
    async places(a: Access): Promise<readonly NamedPlace[]> {
      if (a.campaign.status === 'setup') return []
      const { state } = await snapshot(a.campaign.id)
      return rulesetOf(state.ruleset).places?.(state) ?? []
    },

    async pools(a: Access) {
      const { state } = await snapshot(a.campaign.id)
      const rules = rulesetOf(state.ruleset)
      const period = rules.view(state).period
      return { week: period, period, pools: rules.heldEconomy?.(state) ?? [], preview: rules.previewEconomy(state) }
    },

    async events(a: Access, after: number, limit: number): Promise<{ events: LoggedEvent[]; next: number | null }> {
      await locked.sync(a.campaign.id)
      const rows = await eventsAfter(db.pool, a.campaign.id, after, limit + 1)
      const [revealed, mayRead] = await Promise.all([revealedWeeks(db.pool, a.campaign.id), diplomacyReader(a)])
      const page = rows.slice(0, limit).map((r) => ({
        seq: r.seq,
        week: r.week,
        type: r.type,
        at: r.createdAt.toISOString(),
        payload: readable(a, r.payload, r.week, revealed),
      }))
      return { events: page.filter(mayRead), next: rows.length > limit ? page[page.length - 1]!.seq : null }
    },

    /** The weeks with events, and one week's log (the latest when none is named), for the history. */
    async week(
      a: Access,
      week: number | null,
      { catchUp = true }: Reading = {},
    ): Promise<{ weeks: number[]; week: number; events: LoggedEvent[]; weekStart: unknown }> {
      if (catchUp) await locked.sync(a.campaign.id)
      const weeks = await weeksWithEvents(db.pool, a.campaign.id)
      const shown = week !== null && weeks.includes(week) ? week : (weeks.at(-1) ?? 0)
      const rows = await eventsOfWeek(db.pool, a.campaign.id, shown, WEEK_LIMIT)
      const [revealed, mayRead] = await Promise.all([revealedWeeks(db.pool, a.campaign.id), diplomacyReader(a)])
      // Where the week's ships began: the previous week's end map.
      const weekStart = shown > 0 ? (await eventsOfType(db.pool, a.campaign.id, shown - 1, 'map.week_ended'))[0]?.payload : undefined
      return {
        weeks,
        week: shown,
        weekStart,
        events: rows
          .map((r) => ({ seq: r.seq, week: r.week, type: r.type, at: r.createdAt.toISOString(), payload: readable(a, r.payload, r.week, revealed) }))
          .filter(mayRead),
      }
    },

    /** Replays the whole log and compares the result with the stored state (R12.2). */
    async verify(a: Access) {
      await locked.sync(a.campaign.id)
      return verifyCampaign(db, a.campaign.id, a.campaign)
    },

    async dice(a: Access, week: number) {
      await locked.sync(a.campaign.id)
      const d = await diceWeek(db.pool, a.campaign.id, week)
      if (!d) throw new AppError(404, 'dice/no_week', `No dice for week ${week} yet`)
      const rules = rulesetOf(a.campaign.ruleset)
      const { sides } = rules.dice
      const logged = await eventsOfTypes(db.pool, a.campaign.id, week, rules.dice.events)
      return {
        sides,
        /** Every die the game drew this period, from what it logged, in log order. */
        draws: logged.flatMap((r) => rules.dice.drawsOf(r.payload).map((d) => ({ seq: r.seq, ...d }))),
        week,
        commitment: d.commitment,
        committedAt: d.committedAt.toISOString(),
        seed: d.revealedAt ? d.seed : null,
        revealedAt: d.revealedAt?.toISOString() ?? null,
        algorithm: `d${sides} = (first 4 bytes of HMAC-SHA-256(key = seed, message = decimal counter), big-endian) mod ${sides} + 1; commitment = SHA-256(seed)`,
        // The game's own account of the period's dice (the weekday game's battles and draft draw).
        ...(rules.dice.details?.(logged, d.revealedAt ? d.seed : null) ?? {}),
      }
    },
  }
}
