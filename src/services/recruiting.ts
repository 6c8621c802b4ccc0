// Campaigns looking for players (#13 part 4): a GM lists a campaign in setup on
// /campaigns/open; a newcomer joins at once ("open") or asks, and the GM accepts or
// declines ("ask"). Joining follows the invitation's rules (R2.1): a free weekday, a
// distinct name, at most seven tribes.
import { WEEKDAYS, type Weekday } from '../engine/index.ts'
import { lockCampaign } from '../db/campaigns.ts'
import { decideJoinRequest, lockJoinRequest, openCampaignRows, pendingJoinRequests, setRecruiting, upsertJoinRequest } from '../db/recruiting.ts'
import { queueMails } from '../db/outbox.ts'
import { sqlOf, transaction } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { requireGm, type Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'
import { gmNews } from './gm-news.ts'
import { checkNewTribe, foundTribe, mayPlay } from './joining.ts'
import { capacityOf, mapById } from './maps.ts'

export type RecruitingMode = 'open' | 'ask'

/** A join request the GM leaves undecided expires: the newcomer is not kept waiting for ever. */
export const REQUEST_DAYS = 14

export function recruitingService(deps: ServiceDeps) {
  const { db, clock } = deps
  const requestsSince = () => new Date(clock.now().getTime() - REQUEST_DAYS * 86_400_000)

  return {
    /** Lists the campaign as looking for players (or stops listing it, with null). */
    async setRecruiting(a: Access, mode: RecruitingMode | null) {
      requireGm(a, 'list the campaign for players')
      await transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (mode && campaign.status !== 'setup') throw new AppError(409, 'campaign/already_started', 'Players join before the draft starts', 'R3.1')
        await setRecruiting(sql, campaign.id, mode)
      })
      return { recruiting: mode }
    },

    /** Campaigns in setup looking for players that the caller is not in. */
    async openCampaigns(userId: string | null) {
      const rows = await openCampaignRows(db.pool, userId, requestsSince())
      const room = await Promise.all(rows.map(async (r) => r.tribes.length < (await capacityOf(sqlOf(db.pool), r))))
      return Promise.all(
        rows
          .filter((_, i) => room[i])
          .map(async (r) => ({
            id: r.id,
            name: r.name,
            mapId: r.mapId,
            mapName: (await mapById(db, r.mapId))?.name ?? r.mapId,
            timeZone: r.timeZone,
            weekLimit: r.weekLimit,
            joining: r.recruiting,
            gmName: r.gmName,
            requested: r.requested,
            players: r.tribes.map((t) => ({ tribeName: t.name, weekday: t.weekday as Weekday })),
            freeWeekdays: WEEKDAYS.filter((d) => !r.tribes.some((t) => t.weekday === d)),
          })),
      )
    },

    /** Joins a listed campaign at once, or asks its GM: `{ joined }` or `{ requested }`. */
    async join(campaignId: string, userId: string, input: { tribeName: string; weekday: string }) {
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, campaignId)
        if (!campaign.recruiting || campaign.status !== 'setup') throw new AppError(404, 'campaign/not_found', `No campaign ${campaignId} looking for players`)
        await mayPlay(sql, campaign.id, userId, 'you')
        const now = clock.now()
        if (campaign.recruiting === 'open') {
          const tribe = await foundTribe(sql, campaign, userId, input, now)
          return { joined: { campaignId: campaign.id, tribeId: tribe.id }, requested: false }
        }
        // Asking: the request is checked now as a join would be, so the GM sees only requests that fit.
        const { tribeName, weekday } = await checkNewTribe(sql, campaign, input)
        await upsertJoinRequest(sql, { campaignId: campaign.id, userId, tribeName, weekday, at: now })
        await queueMails(sql, campaign.id, await gmNews(sql, campaign.id, 'join_request', `${userId}/${now.getTime()}`, { tribeName, weekday }, now), now)
        return { joined: null, requested: true }
      })
    },

    async joinRequests(a: Access) {
      requireGm(a, 'see join requests')
      return (await pendingJoinRequests(db.pool, a.campaign.id, requestsSince())).map((r) => ({
        id: r.id,
        userId: r.userId,
        displayName: r.displayName,
        tribeName: r.tribeName,
        weekday: r.weekday as Weekday,
        createdAt: r.createdAt.toISOString(),
      }))
    },

    /** The GM accepts (the tribe is founded now, by the rules of R2.1) or declines a request. */
    async decideJoinRequest(a: Access, requestId: string, accept: boolean) {
      requireGm(a, 'decide join requests')
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        const request = await lockJoinRequest(sql, campaign.id, requestId)
        if (!request || request.decidedAt) throw new AppError(404, 'join/not_found', 'No pending request with this id')
        if (request.createdAt <= requestsSince())
          throw new AppError(410, 'join/expired', `This request is more than ${REQUEST_DAYS} days old and has expired; the player may ask again`)
        const now = clock.now()
        if (accept) {
          if (campaign.status !== 'setup') throw new AppError(409, 'campaign/already_started', 'Players join before the draft starts', 'R3.1')
          await mayPlay(sql, campaign.id, request.userId, request.displayName)
          await foundTribe(sql, campaign, request.userId, { tribeName: request.tribeName, weekday: request.weekday }, now)
        }
        await decideJoinRequest(sql, request.id, accept ? 'accepted' : 'declined', now)
        return { id: request.id, outcome: accept ? ('accepted' as const) : ('declined' as const) }
      })
    },
  }
}
