// The calendar catch-up: window opens and closes, reminders and the weekly
// tick (R4, R6.1, R9.2), each with its ledger row and its mails, applied to a
// campaign's working state under its lock. Also the provable dice's weekly
// commitment and reveal (R8.4).
import { DateTime } from 'luxon'
import { setTribeBot, type CampaignRow } from '../db/campaigns.ts'
import { ledgered, missedInARow, payloadsSince, playersOf, type PlayerRow, windowTakenSince } from '../db/log.ts'
import type { EventWrite } from '../db/snapshot-writes.ts'
import type { Sql } from '../db/sql.ts'
import { dayStart, dueWork, windowStatus, type CalendarTribe, type DueWork } from '../lib/calendar.ts'
import { commitmentOf, newSeed } from '../lib/dice.ts'
import type { Working } from './working.ts'
import { gmNews } from './gm-news.ts'
import { playBot } from './bots.ts'
import { placeLabels } from '../engine/kernel/index.ts'
import { zoneOf } from '../lib/zones.ts'

/** A fresh secret seed for `week`: its hash is published now, the seed at the week's end. */
export function commitWeek(w: Working, week: number, at: Date, seed = newSeed()) {
  w.dice.push({ week, seed, committedAt: at, revealedAt: null })
  w.note('dice.committed', { week, commitment: commitmentOf(seed) }, at)
  w.system(w.rules.actions.setSeed(seed), at)
}

/** Publishes the ending week's seed, which is still the state's current one. */
function revealWeek(w: Working, week: number, at: Date) {
  const seed = w.view.seed
  // Committed in this same catch-up (a long one): one row, revealed.
  const pending = w.dice.find((d) => d.week === week)
  if (pending) pending.revealedAt = at
  else w.dice.push({ week, seed, committedAt: at, revealedAt: at })
  w.note('dice.revealed', { week, seed, commitment: commitmentOf(seed) }, at)
}

function calendarTribes(w: Working, players: PlayerRow[]): CalendarTribe[] {
  return w.view.tribes.map((t) => {
    const p = players.find((x) => x.tribeId === t.id)
    // A stand-in is reminded even when the absent player turned reminders off (#30).
    return { id: t.id, weekday: t.weekday, reminderHours: p && (p.wantsReminder || p.standIns.length > 0) ? p.reminderHours : 0 }
  })
}

export function periodOf(due: DueWork): string {
  return 'tribe' in due ? `${due.at.toISOString()}/${due.tribe}` : due.at.toISOString()
}

const NEXT_DUE_HORIZON_MS = 8 * 86_400_000

/** Calendar work further behind than this is caught up a week per transaction (locked.sync), not in one. */
export const SLICE_MS = 7 * 86_400_000

/** Whether the campaign's calendar is more than a slice behind `now`: then its catch-up goes week by week. */
export function farBehind(w: Working, now: Date): boolean {
  return w.campaignStatus === 'running' && w.storedNextDueAt !== null && w.storedNextDueAt <= now && now.getTime() - w.syncedUntil.getTime() > SLICE_MS
}

/**
 * Brings the engine up to the calendar: window opens and closes, reminders,
 * weekly ticks, each with its ledger row and its mails. Cheap when nothing
 * is due: the stored next due instant says so without any query. With
 * `slice`, it stops after the first weekly tick (and whatever falls due at
 * that same instant): a long catch-up is then one short transaction a week,
 * which releases the campaign's lock and the event loop between weeks (#32).
 * A week's end splits no day, so a day's digest still sees the whole day.
 */
export async function catchUp(sql: Sql, campaign: CampaignRow, w: Working, now: Date, options: { slice?: boolean; players?: PlayerRow[] } = {}): Promise<void> {
  if (w.campaignStatus !== 'running' || w.view.status !== 'running') return
  // The mark never moves back: an instance whose clock is behind another's (or a
  // clock stepped back) finds the work up to the mark done, and does it never again.
  if (now <= w.syncedUntil) return
  if (w.storedNextDueAt && now < w.storedNextDueAt) {
    w.syncedUntil = now
    return
  }
  // The sweep's batch reads every campaign's players at once.
  const players = options.players ?? (await playersOf(sql, campaign.id))
  let tribes = calendarTribes(w, players)
  // A slice reads the calendar a week and a day ahead only (which always holds a Sunday's tick):
  // listing all the weeks still to do at each slice would make the catch-up N² again.
  // The last week or less is done in one go, as it always was (a sweep a minute does a few units).
  const sliced = options.slice === true && now.getTime() - w.syncedUntil.getTime() > SLICE_MS
  const horizon = sliced ? new Date(Math.min(now.getTime(), w.syncedUntil.getTime() + SLICE_MS + 86_400_000)) : now
  let work = dueWork(tribes, campaign.timeZone, w.syncedUntil, horizon)
  let until = horizon
  const tick = sliced ? work.findIndex((d) => d.kind === 'tick') : -1
  if (tick >= 0) {
    let end = tick + 1
    while (end < work.length && work[end]!.at.getTime() === work[tick]!.at.getTime()) end++
    if (end < work.length || horizon < now) {
      until = work[tick]!.at
      work = work.slice(0, end)
    }
  }
  // Events of this catch-up are recorded in time order from here on (digests look back from the end).
  const first = w.events.length
  for (let i = 0; i < work.length; i++) {
    const due = work[i]!
    if (w.view.status !== 'running') break
    await doDue(sql, campaign, w, due, players, now, first)
    w.ledger.push({ kind: due.kind, period: periodOf(due), dueAt: due.at, outcome: 'done' })
    // A game may deal the weekdays anew at a tick (Open Wars' tick 0, W3.7): the rest of the
    // calendar follows the weekdays its view gives from then on.
    if (due.kind === 'tick') {
      const dealt = calendarTribes(w, players)
      if (dealt.some((t, j) => t.id !== tribes[j]?.id || t.weekday !== tribes[j]?.weekday)) {
        tribes = dealt
        work = [...work.slice(0, i + 1), ...dueWork(tribes, campaign.timeZone, due.at, until).filter((d) => d.kind !== 'tick' || d.at > due.at)]
      }
    }
  }
  // Before `now` when the slice ended early: the campaign stays due, and a crash leaves the rest to the next sweep.
  const running = w.view.status === 'running'
  w.syncedUntil = running ? until : now
  w.nextDueAt = running ? nextDue(tribes, campaign.timeZone, until) : null
}

/**
 * A practice campaign's week, passed on the player's word (#27): the window closes (with its
 * siege check), the rival's window opens and its bot plays it (#50), the weekly tick pays out,
 * and the window opens again with full MP (R4.5), all
 * at `now`, each with its ledger row and its mails, as the calendar would do them. Whether it
 * passed: a second pass at the same instant (a double click, requests at once, one after the
 * other under the campaign's lock) finds that instant's week in the ledger, and passes none (#45).
 */
export async function passWeek(sql: Sql, campaign: CampaignRow, w: Working, now: Date, tribe: string): Promise<boolean> {
  const players = await playersOf(sql, campaign.id)
  // The tribes a bot plays (the practice rival, #50) have their window in the week passed: opened, played, closed.
  const bots = players
    .filter((p) => p.bot && p.tribeId !== tribe)
    .flatMap((p): DueWork[] => [
      { at: now, kind: 'open', tribe: p.tribeId },
      { at: now, kind: 'close', tribe: p.tribeId },
    ])
  // A game that waits for its first tick (a setup, so that players have time for it) has waited
  // enough once its one player passes the week: its tick is told the first instant it accepts.
  const notBefore = w.rules.tickZeroNotBefore?.(w.state) ?? null
  const tick: DueWork = notBefore !== null && notBefore > now.getTime() ? { at: now, kind: 'tick', gameAt: notBefore } : { at: now, kind: 'tick' }
  const week: DueWork[] = [{ at: now, kind: 'close', tribe }, ...bots, tick, { at: now, kind: 'open', tribe }]
  const units = week.map((due) => ({ kind: due.kind, period: periodOf(due) }))
  if (units.some((u) => w.ledger.some((l) => l.kind === u.kind && l.period === u.period)) || (await ledgered(sql, campaign.id, units))) return false
  const first = w.events.length
  for (const due of week) {
    if (w.view.status !== 'running') break
    await doDue(sql, campaign, w, due, players, now, first)
    w.ledger.push({ kind: due.kind, period: periodOf(due), dueAt: due.at, outcome: 'done' })
  }
  return true
}

function nextDue(tribes: CalendarTribe[], timeZone: string, after: Date): Date | null {
  return dueWork(tribes, timeZone, after, new Date(after.getTime() + NEXT_DUE_HORIZON_MS))[0]?.at ?? null
}

/** A campaign starts (the draft's end): the calendar is done up to `now`, and its next due instant known, so the first order does no catch-up. */
export function startCalendar(campaign: CampaignRow, w: Working, now: Date, players: PlayerRow[]): void {
  w.syncedUntil = now
  w.nextDueAt = nextDue(calendarTribes(w, players), campaign.timeZone, now)
}

/** Records the calendar work a pause skipped, without doing it (a paused campaign accrues nothing); answers that work. */
export function skipUntil(campaign: CampaignRow, w: Working, now: Date): DueWork[] {
  w.nextDueAt = now
  if (now <= w.syncedUntil) return []
  const tribes = w.view.tribes.map((t) => ({ id: t.id, weekday: t.weekday }))
  const skipped = dueWork(tribes, campaign.timeZone, w.syncedUntil, now)
  for (const due of skipped) w.ledger.push({ kind: due.kind, period: periodOf(due), dueAt: due.at, outcome: 'skipped' })
  w.syncedUntil = now
  return skipped
}

/**
 * The GM's "after N windows missed in a row" (#50): the tribe's Nth miss in a row hands it to the
 * game's bot, from its next window until its player takes it back. The misses are counted in this
 * catch-up's own events first (a long one closes several windows), then in the stored log.
 */
async function botAfterMissed(sql: Sql, campaign: CampaignRow, w: Working, player: PlayerRow, limit: number, at: Date) {
  let missed = 0
  let streakEnds = false
  for (let i = w.events.length - 1; i >= 0 && !streakEnds; i--) {
    const e = w.events[i]!
    if (e.tribe !== player.tribeId) continue
    if (e.played || e.type === 'tribe.bot') streakEnds = true
    else if (e.type === 'window.missed') missed++
  }
  if (!streakEnds) missed += await missedInARow(sql, campaign.id, player.tribeId)
  if (missed < limit) return
  await setTribeBot(sql, campaign.id, player.tribeId, 'missed')
  player.bot = 'missed'
  w.note('tribe.bot', { tribe: player.tribeId, plays: true, reason: 'missed', missed }, at)
  // The GMs hear of it as of the miss itself, and the inbox keeps it while the bot plays the tribe.
  const tribeName = w.view.tribes.find((t) => t.id === player.tribeId)?.name
  w.mails.push(...(await gmNews(sql, campaign.id, 'bot_missed', `${player.tribeId}/${at.toISOString()}`, { tribeName, missed }, at)))
}

/** Whether the tribe's player is away with no stand-in on the day of `at` (in the campaign's zone). */
function awayOn(player: PlayerRow, timeZone: string, at: Date): boolean {
  const day = DateTime.fromJSDate(at, { zone: zoneOf(timeZone) }).toISODate()!
  return player.away.some((a) => a.from <= day && day <= a.to)
}

/** Who stands in for the tribe's player on the day of `at` (in the campaign's zone), if anyone: their windows are theirs (#30). */
function standInOn(player: PlayerRow, timeZone: string, at: Date): string | null {
  const day = DateTime.fromJSDate(at, { zone: zoneOf(timeZone) }).toISODate()!
  return player.standIns.find((s) => s.from <= day && day <= s.to)?.userId ?? null
}

/**
 * Whether the game's bot plays the tribe's window of the day of `at` (#50): a tribe handed to it,
 * or a player's window while they are away with no stand-in, where the GM chose so, as its opening
 * finds them (the bot gives its orders and notes its day, nobody is mailed).
 */
function botPlaysWindow(campaign: CampaignRow, player: PlayerRow | undefined, at: Date): boolean {
  if (!player) return false
  if (player.bot) return true
  return campaign.botAbsent && !standInOn(player, campaign.timeZone, at) && awayOn(player, campaign.timeZone, at)
}

/** What a tribe can spend and how many of its armies can move, as its game counts them (#30). */
function turnFigures(w: Working, tribe: string) {
  const { spendable, movable } = w.rules.turnSummary(w.state, tribe)
  return { spendable, movable }
}

// `now` is when the work is done: after a clock jump (a pause, a stopped server) it can be
// after the window closed, and then a window-open mail or a reminder would tell a lie.
async function doDue(sql: Sql, campaign: CampaignRow, w: Working, due: DueWork, players: PlayerRow[], now: Date, first: number) {
  const base = { campaignId: campaign.id, campaignName: campaign.name, timeZone: campaign.timeZone }
  if (due.kind === 'open') {
    const tribe = w.view.tribes.find((t) => t.id === due.tribe)
    if (!tribe || tribe.eliminated) return
    w.system(w.rules.actions.openWindow(due.tribe), due.at)
    const player = players.find((p) => p.tribeId === due.tribe)
    if (botPlaysWindow(campaign, player, due.at)) {
      playBot(w, due.tribe, due.at, periodOf(due))
      return
    }
    const standIn = player && standInOn(player, campaign.timeZone, due.at)
    // A turn the game keeps free (world conquest's setup, before tick 0) opens no window to announce (#30).
    if (w.view.tribes.find((t) => t.id === due.tribe)?.turn === 'free') return
    const closesAt = windowStatus(tribe.weekday, campaign.timeZone, due.at).closesAt
    if ((standIn || player?.wantsWindowOpen) && closesAt !== null && Date.parse(closesAt) > now.getTime()) {
      w.mails.push({
        userId: standIn ?? player!.userId,
        kind: 'window_open',
        period: periodOf(due),
        // What the "your day" card shows (#30), the game's figures: written in the reader's language when sent.
        data: { ...base, tribeName: tribe.name, opensAt: due.at.toISOString(), closesAt, standIn: standIn !== null, turn: turnFigures(w, due.tribe) },
      })
    }
  } else if (due.kind === 'remind') {
    const tribe = w.view.tribes.find((t) => t.id === due.tribe)
    const player = players.find((p) => p.tribeId === due.tribe)
    // A tribe that ended its turn early (R4.6) is not nagged.
    const standIn = player && standInOn(player, campaign.timeZone, due.at)
    if (!tribe || tribe.eliminated || tribe.turn === 'closed' || tribe.turn === 'ended' || tribe.turn === 'free' || !(standIn || player?.wantsReminder)) return
    const closesAt = windowStatus(tribe.weekday, campaign.timeZone, due.at).closesAt
    if (closesAt === null || Date.parse(closesAt) <= now.getTime()) return
    w.mails.push({
      userId: standIn ?? player!.userId,
      kind: 'reminder',
      period: periodOf(due),
      data: { ...base, tribeName: tribe.name, closesAt, hours: player!.reminderHours, standIn: standIn !== null },
    })
  } else if (due.kind === 'close') {
    const tribe = w.view.tribes.find((t) => t.id === due.tribe)
    // A window that ends without a single order is noted (a tribe still recruiting may have given
    // none, or only recruits): the GM's roster and the player's profile count them. The tribe's
    // previous window was a week before, so a day back covers this one. A window the bot played
    // is not its player's to miss: its opening noted the bot's day, whatever has changed since
    // (an absence declared, the tribe taken back), in this catch-up's events or in the log.
    const player = players.find((p) => p.tribeId === due.tribe)
    const since = new Date(due.at.getTime() - 86_400_000)
    if (
      tribe &&
      !tribe.eliminated &&
      tribe.turn === 'open' &&
      !w.events.some((e) => e.tribe === tribe.id && (e.played || e.type === 'order.bot') && e.at > since) &&
      !(await windowTakenSince(sql, campaign.id, tribe.id, since, w.view.period))
    ) {
      w.note('window.missed', { tribe: tribe.id }, due.at)
      w.mails.push(...(await gmNews(sql, campaign.id, 'missed', `${tribe.id}/${periodOf(due)}`, { tribeName: tribe.name }, due.at)))
      if (player && campaign.botAfterMissed !== null) await botAfterMissed(sql, campaign, w, player, campaign.botAfterMissed, due.at)
    }
    const from = w.events.length
    w.system(w.rules.actions.closeWindow(due.tribe, true), due.at)
    await queueDigests(sql, campaign, w, due, players, from, first)
  } else {
    const ending = w.view.period
    // The map as it stood at the week's end, for the history page.
    w.note('map.week_ended', w.rules.periodEnd(w.state), due.at)
    w.system(w.rules.actions.tick(due.gameAt ?? due.at.getTime()), due.at)
    // A tick that does not end the week (a game waiting for its first real tick) keeps its seed.
    if (w.view.period === ending && w.view.status === 'running') return
    revealWeek(w, ending, due.at)
    // The tick that ends the campaign pays for a week nobody will play: no payout mail (#30).
    if (w.view.status !== 'running') return
    commitWeek(w, w.view.period, due.at)
    queuePayouts(campaign, w, due, players, ending)
  }
}

/**
 * The day's digest: after a window closes (and its checks), every player
 * whose tribe was attacked or lost something that day gets one mail.
 */
async function queueDigests(sql: Sql, campaign: CampaignRow, w: Working, due: DueWork, players: PlayerRow[], from: number, first: number) {
  const since = dayStart(campaign.timeZone, due.at)
  const hostile = w.rules.hostileEvents
  const stored = await payloadsSince(sql, campaign.id, w.view.period, [...hostile], since)
  // The events recorded before this catch-up are few (none in the sweep); those of the catch-up
  // are in time order, so the day's are found from the end. Scanning all the pending events at
  // each close made a catch-up of N weeks cost N² (#32).
  let day = from
  while (day > first && w.events[day - 1]!.at > since) day--
  const today = (e: EventWrite) => e.at > since && hostile.includes(e.type)
  const pending = [
    ...w.events.slice(0, first).filter(today),
    ...w.events.slice(day, from).filter(today),
    ...w.events.slice(from).filter((e) => hostile.includes(e.type)),
  ]
  const hurt = w.rules.digest([...stored, ...pending.map((p) => p.payload)] as never[])
  const names = new Map(w.view.tribes.map((t) => [t.id, t.name]))
  const places = w.rules.places?.(w.state) ?? []
  for (const [tribe, h] of hurt) {
    const player = players.find((p) => p.tribeId === tribe)
    if (!player?.wantsDigest) continue
    w.mails.push({
      userId: player.userId,
      kind: 'digest',
      period: periodOf(due),
      data: {
        campaignId: campaign.id,
        campaignName: campaign.name,
        timeZone: campaign.timeZone,
        tribeName: names.get(tribe),
        day: since.toISOString(),
        ...h,
        // The mail is written later, in its reader's language: the lost tiles' names in both (R1.5).
        ...(h.placesLost.length && places.length ? { places: placeLabels(places, h.placesLost) } : {}),
      },
    })
  }
}

/** Each player's payout mail; it carries the recap of the period that ended (#30), drawn when it is sent (none for a setup's period 0). */
function queuePayouts(campaign: CampaignRow, w: Working, due: DueWork, players: PlayerRow[], ended: number) {
  for (const player of players) {
    if (!player.wantsPayout || !player.tribeId) continue
    const data = w.rules.tickMail(w.state, player.tribeId)
    const tribe = w.view.tribes.find((t) => t.id === player.tribeId)
    if (!data || !tribe) continue
    w.mails.push({
      userId: player.userId,
      kind: 'payout',
      period: periodOf(due),
      data: {
        campaignId: campaign.id,
        campaignName: campaign.name,
        timeZone: campaign.timeZone,
        tribeName: tribe.name,
        ...data,
        ...(ended > 0 ? { recapPeriod: ended } : {}),
      },
    })
  }
}
