// The practice campaign (#27): one click gives a newcomer a private two-tribe campaign of the game
// they choose (#50), on a small map where the game lets one be chosen, against a rival the game's bot plays (#50), refereed by the service, with the newcomer's
// window open now; a button passes the week there and then, so a payout comes in minutes.
// Practice costs its player, not everyone (#45): passes are limited a minute and a day, and a
// pass leaves only its own payout mail in the outbox (the earlier weeks' unsent ones go).
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { rulesetOf, type Weekday } from '../engine/index.ts'
import { setTribeBot, tribesOfPool } from '../db/campaigns.ts'
import { sqlOf } from '../db/sql.ts'
import { systemUser, userByEmail } from '../db/accounts.ts'
import { collapseUnsent } from '../db/outbox.ts'
import { lockPracticePasses, practicePasses } from '../db/practice.ts'
import { AppError } from '../lib/errors.ts'
import { hashPassword } from '../lib/password.ts'
import type { Access } from './access.ts'
import { catchUp, passWeek, periodOf } from './calendar-work.ts'
import type { CampaignsService } from './campaigns.ts'
import type { ServiceDeps } from './deps.ts'
import type { Locked } from './locked.ts'
import { save } from './working.ts'

/** What a game offers for practice: its map (a game with its own board needs none), and in a draft the places each side picks (the newcomer's first). */
export interface PracticeSetup {
  ruleset: string
  mapId?: string | undefined
  homes?: [newcomer: string[], rival: string[]] | undefined
  /** The words of the campaign the newcomer reads: its name and the two tribes'. */
  name: string
  tribes: [newcomer: string, rival: string]
}

/** The accounts that referee and play the rival; nobody can log in as them (their password is random and thrown away) and they get no mail. */
const REFEREE = 'referee@practice.weekdaywars.invalid'
const RIVAL = 'rival@practice.weekdaywars.invalid'
const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
/** A window this short would close before a newcomer has read the page: the campaign's zone is moved instead. */
const LATEST_START_HOUR = 17
/** Weeks a player passes at most, across their practice campaigns: a minute's and a day's. */
export const PASSES_PER_MINUTE = 5
export const PASSES_PER_DAY = 50

/**
 * The newcomer's own zone while it leaves a few hours of today's window (00:00–20:00, R4.2);
 * later in the day, a fixed-offset zone where it is mid-morning now, so the window is open.
 */
export function practiceZone(own: string, now: Date): string {
  const local = DateTime.fromJSDate(now).setZone(own)
  if (local.isValid && local.hour < LATEST_START_HOUR) return own
  const utcHour = now.getUTCHours()
  // Etc/GMT zones count west as positive: Etc/GMT-3 is three hours ahead of UTC.
  let ahead = 10 - utcHour
  if (ahead < -12) ahead += 24
  if (ahead > 14) ahead -= 24
  return ahead === 0 ? 'Etc/UTC' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`
}

type Steps = Pick<CampaignsService, 'create' | 'invite' | 'accept' | 'start' | 'pick' | 'snapshot' | 'access'>

export function practiceService(deps: ServiceDeps, locked: Locked, campaigns: Steps) {
  const { db, clock } = deps
  const bot = async (email: string, displayName: string) =>
    (await userByEmail(db, email)) ?? systemUser(db, { email, displayName, passwordHash: await hashPassword(randomBytes(24).toString('base64url')) })
  const bots = async () => ({ referee: await bot(REFEREE, 'Practice referee'), rival: await bot(RIVAL, 'Practice rival') })

  return {
    /** A new practice campaign for `userId`, running, with the newcomer's window open: its id. */
    async createPractice(user: { id: string; timeZone: string }, setup: PracticeSetup): Promise<{ id: string; tribeId: string }> {
      const userId = user.id
      const { referee, rival } = await bots()
      const now = clock.now()
      const timeZone = practiceZone(user.timeZone, now)
      const today = DateTime.fromJSDate(now).setZone(timeZone).weekday
      const created = await campaigns.create(referee.id, {
        name: setup.name,
        ...(setup.mapId ? { mapId: setup.mapId } : {}),
        ruleset: setup.ruleset,
        timeZone,
        practice: true,
      })
      const gm = await campaigns.access(created.id, referee.id)
      const seats: [string, string, Weekday][] = [
        [userId, setup.tribes[0], WEEKDAYS[today - 1]!],
        // The rival plays the day after, so its window never shares the newcomer's.
        [rival.id, setup.tribes[1], WEEKDAYS[today % 7]!],
      ]
      for (const [player, tribeName, weekday] of seats) {
        const invitation = await campaigns.invite(gm, referee.id)
        await campaigns.accept(invitation.token, player, { tribeName, weekday })
      }
      await campaigns.start(gm)
      const tribes = await tribesOfPool(db.pool, created.id)
      const mine = tribes.find((t) => t.userId === userId)!
      const homes = new Map(tribes.map((t) => [t.id, [...(setup.homes?.[t.userId === userId ? 0 : 1] ?? [])]]))
      // In a draft, the referee picks for both, in whatever order the draw gave (R3.4).
      for (;;) {
        const { state } = await campaigns.snapshot(created.id)
        const onTheClock = rulesetOf(state.ruleset).view(state).draft?.onTheClock
        if (!onTheClock) break
        await campaigns.pick(gm, { tribeId: onTheClock, choice: homes.get(onTheClock)!.shift()! })
      }
      // The rival is the game's bot (#50) from then on, once the referee has placed it on the practice's
      // own starting cities: it plays each of its windows, those a pass brings included.
      const rivalTribe = tribes.find((t) => t.userId === rival.id)
      if (rivalTribe) await setTribeBot(sqlOf(db.pool), created.id, rivalTribe.id, 'practice')
      return { id: created.id, tribeId: mine.id }
    },

    /** The week passes for the newcomer at once: the window closes, the rival's bot plays its window, the tick pays, the window opens again. */
    async passPracticeWeek(a: Access) {
      if (!a.campaign.practice) throw new AppError(409, 'practice/not_practice', 'Only a practice campaign lets a player pass the week')
      if (a.role !== 'player' || !a.tribeId) throw new AppError(403, 'practice/not_player', 'Only the practice campaign’s player passes its week')
      const tribeId = a.tribeId
      const userId = a.userId!
      return locked.plain(a.campaign.id, async (sql, campaign, w, now) => {
        if (campaign.status !== 'running') throw new AppError(409, 'campaign/not_running', `The campaign is ${campaign.status}`)
        await lockPracticePasses(sql, userId)
        const passes = await practicePasses(sql, userId, now)
        if (passes.lastDay >= PASSES_PER_DAY)
          throw AppError.limited('practice/too_many', `A player passes at most ${PASSES_PER_DAY} practice weeks a day; play on tomorrow`, 86_400)
        if (passes.lastMinute >= PASSES_PER_MINUTE)
          throw AppError.limited('practice/too_fast', `A player passes at most ${PASSES_PER_MINUTE} practice weeks a minute; wait a moment`, 60)
        await catchUp(sql, campaign, w, now)
        const before = w.view.period
        await passWeek(sql, campaign, w, now, tribeId)
        const version = await save(sql, campaign, w, now)
        // This week's payout is the news: the mails of weeks passed before it, not sent yet, are stale.
        await collapseUnsent(sql, campaign.id, { userId, kind: 'payout', period: periodOf({ at: now, kind: 'tick' }) }, 'a later practice week passed', now)
        return { version, period: w.view.period, passed: w.view.period !== before }
      })
    },
  }
}
