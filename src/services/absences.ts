// Absences (#13 part 7): a player declares dates away (in the campaign's zone, both days
// included); the GM sees them, and may pause the campaign or name a stand-in, who plays the
// tribe's own windows within those dates only, each order logged as given by the stand-in.
import { DateTime } from 'luxon'
import { userByEmail, userById } from '../db/accounts.ts'
import {
  absencesDeclaredSince,
  absencesOf,
  insertAbsence,
  lockAbsence,
  overlappingAbsence,
  playersWithTribes,
  setStandIn,
  standInElsewhere,
} from '../db/absences.ts'
import { appendEvents } from '../db/log.ts'
import { lockCampaign, tribeIn, tribesOf } from '../db/campaigns.ts'
import { queueMails } from '../db/outbox.ts'
import { currentWeek } from '../db/snapshots.ts'
import { transaction } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import type { Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'
import { gmNews } from './gm-news.ts'
import { mayStandIn } from './joining.ts'

const MAX_DAYS = 62
/** Declarations one tribe may make in 24 hours: each is a line of the public log. */
const DECLARATIONS_PER_DAY = 3
// The limit counts the last 24 hours: a day is the longest wait it implies.
const DAY_S = 86_400
const DATE = /^\d{4}-\d{2}-\d{2}$/

export function absencesService(deps: ServiceDeps) {
  const { db, clock } = deps
  const today = (a: Access) => DateTime.fromJSDate(clock.now(), { zone: a.campaign.timeZone }).toISODate()!
  const view = (r: Awaited<ReturnType<typeof absencesOf>>[number]) => ({
    id: r.id,
    tribeId: r.tribeId,
    tribeName: r.tribeName,
    from: r.startsOn,
    to: r.endsOn,
    note: r.note,
    standIn: r.standInId ? { userId: r.standInId, displayName: r.standInName ?? '' } : null,
  })

  return {
    /** The tribe's player declares an absence: from and to are dates in the campaign's zone, both included. */
    async declareAbsence(a: Access, input: { from: string; to: string; note?: string | undefined }) {
      if (a.role !== 'player' || !a.tribeId || a.standIn) throw new AppError(403, 'absence/not_a_player', "Only a tribe's own player declares its absences")
      if (a.campaign.status === 'finished') throw new AppError(409, 'campaign/finished', 'This campaign is over')
      const from = DateTime.fromISO(input.from, { zone: a.campaign.timeZone })
      const to = DateTime.fromISO(input.to, { zone: a.campaign.timeZone })
      if (!DATE.test(input.from) || !DATE.test(input.to) || !from.isValid || !to.isValid)
        throw new AppError(400, 'absence/bad_dates', 'Give the dates as YYYY-MM-DD')
      if (to < from) throw new AppError(400, 'absence/bad_dates', 'The absence ends before it starts')
      if (input.to < today(a)) throw new AppError(400, 'absence/in_the_past', 'This absence is already over')
      if (to.diff(from, 'days').days + 1 > MAX_DAYS)
        throw new AppError(
          400,
          'absence/too_long',
          `An absence lasts at most ${MAX_DAYS} days; for longer, ask the game master to give the tribe to someone else`,
        )
      const note = input.note?.trim().slice(0, 500) || null
      const now = clock.now()
      // Under the campaign's lock, as every write to its log: the log's numbers stay one sequence (#25).
      const id = await transaction(db.pool, async (sql) => {
        await lockCampaign(sql, a.campaign.id)
        const overlap = await overlappingAbsence(sql, { campaignId: a.campaign.id, tribeId: a.tribeId!, startsOn: input.from, endsOn: input.to })
        if (overlap)
          throw new AppError(
            409,
            'absence/overlaps',
            `Your absence from ${overlap.startsOn} to ${overlap.endsOn} already covers some of these days; ask the game master to change it`,
          )
        if ((await absencesDeclaredSince(sql, a.campaign.id, a.tribeId!, new Date(now.getTime() - 86_400_000))) >= DECLARATIONS_PER_DAY) {
          throw AppError.limited('absence/too_many', `A tribe declares at most ${DECLARATIONS_PER_DAY} absences a day; try again tomorrow`, DAY_S)
        }
        const absence = await insertAbsence(sql, {
          campaignId: a.campaign.id,
          tribeId: a.tribeId!,
          declaredById: a.userId!,
          startsOn: input.from,
          endsOn: input.to,
          note,
          at: now,
        })
        await appendEvents(sql, a.campaign.id, [
          { type: 'absence.declared', payload: { tribe: a.tribeId, from: input.from, to: input.to }, week: await currentWeek(sql, a.campaign.id), at: now },
        ])
        const tribeName = (await tribeIn(sql, a.campaign.id, a.tribeId!))?.name
        await queueMails(sql, a.campaign.id, await gmNews(sql, a.campaign.id, 'absence', absence, { tribeName, from: input.from, to: input.to }, now), now)
        return absence
      })
      return { id, tribeId: a.tribeId, from: input.from, to: input.to, note, standIn: null }
    },

    /** Absences not yet over: all of them for the GM, the tribe's own for its player. */
    async absences(a: Access) {
      if (a.role !== 'gm' && (a.role !== 'player' || !a.tribeId))
        throw new AppError(403, 'absence/not_a_player', "Only the game master and the tribe's player see its absences")
      return (await absencesOf(db.pool, a.campaign.id, today(a), a.role === 'gm' ? null : a.tribeId)).map(view)
    },

    /**
     * Absences whose stand-in the caller may name, each with the players of the other tribes to
     * choose from (#49): every absence for the GM, the tribe's own for its player.
     */
    async standInChoices(a: Access) {
      const mine = a.role === 'gm' ? null : a.role === 'player' && a.tribeId && !a.standIn ? a.tribeId : undefined
      if (mine === undefined || a.campaign.status === 'finished') return new Map<string, { userId: string; label: string }[]>()
      const [absences, players] = await Promise.all([absencesOf(db.pool, a.campaign.id, today(a), mine), playersWithTribes(db.pool, a.campaign.id)])
      return new Map(
        absences.map((absence) => [
          absence.id,
          players.filter((p) => p.tribeId !== absence.tribeId).map((p) => ({ userId: p.userId, label: `${p.displayName} (${p.tribeName})` })),
        ]),
      )
    },

    /**
     * The GM, or the absent tribe's own player (#49), names (or, with null, removes) the stand-in
     * of an absence: an account that plays no tribe here, or a player of another tribe, by address
     * or, for a co-player, by account.
     */
    async setStandIn(a: Access, absenceId: string, who: { email: string | null } | { userId: string }) {
      const email = 'email' in who && who.email ? who.email.trim().toLowerCase() : null
      const named = email ? await userByEmail(db, email) : 'userId' in who ? await userById(db, who.userId) : null
      return transaction(db.pool, async (sql) => {
        await lockCampaign(sql, a.campaign.id)
        const absence = await lockAbsence(sql, a.campaign.id, absenceId)
        if (!absence) throw new AppError(404, 'absence/not_found', 'No such absence in this campaign')
        const byPlayer = a.role === 'player' && !a.standIn && a.tribeId === absence.tribeId
        if (a.role !== 'gm' && !byPlayer)
          throw new AppError(403, 'absence/not_yours', "Only the game master and the absent tribe's own player name its stand-in", 'R2.3')
        if (email && !named) throw new AppError(404, 'user/not_found', `No account with email ${email}; the stand-in registers first`)
        const user = named
        let coPlayerTribe: { id: string; name: string } | null = null
        if ('userId' in who) {
          // By account: a player of this campaign, chosen from its roster.
          const tribe = named ? (await tribesOf(sql, a.campaign.id)).find((t) => t.userId === named.id) : undefined
          if (!named || !tribe) throw new AppError(404, 'user/not_found', 'No player of this campaign with that account')
        }
        if (user) {
          // A GM, the GM's other mailbox, or the tribe's own player would see what they must not, or play it twice.
          coPlayerTribe = await mayStandIn(sql, a.campaign.id, user.id, email ?? user.displayName, absence.tribeId)
          const busy = await standInElsewhere(sql, {
            campaignId: a.campaign.id,
            userId: user.id,
            absenceId: absence.id,
            startsOn: absence.startsOn,
            endsOn: absence.endsOn,
          })
          if (busy)
            throw new AppError(
              409,
              'absence/stand_in_busy',
              `${email ?? user.displayName} already stands in for ${busy.tribeName} from ${busy.startsOn} to ${busy.endsOn}; one account stands in for one tribe a day`,
            )
        }
        await setStandIn(sql, absence.id, user?.id ?? null)
        const now = clock.now()
        await appendEvents(sql, a.campaign.id, [
          {
            type: 'absence.stand_in',
            payload: { tribe: absence.tribeId, from: absence.startsOn, to: absence.endsOn, standIn: user?.id ?? null, by: byPlayer ? 'player' : 'gm' },
            week: await currentWeek(sql, a.campaign.id),
            at: now,
          },
        ])
        // Whoever stands in sees what the tribe sees: its player is told, always.
        // The stand-in is told too (#30): the link, the dates, and that the tribe's mails come to them then;
        // a co-player also that they play both tribes, each on its own day (#49).
        const tribe = await tribeIn(sql, a.campaign.id, absence.tribeId)
        const player = tribe?.userId
        if (user && player) {
          const data = {
            tribeName: absence.tribeName,
            standInName: user.displayName,
            from: absence.startsOn,
            to: absence.endsOn,
            namedBy: byPlayer ? 'player' : 'gm',
            ...(coPlayerTribe && tribe ? { coPlayer: { ownTribe: coPlayerTribe.name, weekday: tribe.weekday } } : {}),
          }
          await queueMails(
            sql,
            a.campaign.id,
            [
              { userId: player, kind: 'stand_in', period: `${absence.id}:${now.getTime()}`, data: { ...data, role: 'player' } },
              { userId: user.id, kind: 'stand_in', period: `${absence.id}:${now.getTime()}`, data: { ...data, role: 'standIn' } },
            ],
            now,
          )
        }
        return { ...view(absence), standIn: user ? { userId: user.id, displayName: user.displayName } : null }
      })
    },
  }
}
