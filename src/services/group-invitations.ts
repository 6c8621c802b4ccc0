// "Invite the same group again" (#49): the GM's past campaigns with players not in this one yet,
// and one step that invites all of one such group, each mailed in their own language.
import { lockCampaign } from '../db/campaigns.ts'
import { pastGroups } from '../db/recruiting.ts'
import { sqlOf, transaction } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { requireGm, type Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'
import { insertNewInvitation, invitationExpiry, mailInvitation } from './invitation-mail.ts'

export function groupInvitationsService(deps: ServiceDeps) {
  const { db, clock, publicUrl } = deps
  return {
    /** The GM's other campaigns with players not in this one yet, to invite as a group (#49). */
    async pastGroups(a: Access) {
      requireGm(a, 'invite players')
      if (a.campaign.status !== 'setup') return []
      // Names only: a player who came from the open campaigns keeps their address from the GM.
      const groups = await pastGroups(sqlOf(db.pool), a.userId!, a.campaign.id, clock.now())
      return groups.map((g) => ({ campaignId: g.campaignId, name: g.name, ruleset: g.ruleset, players: g.players.map((p) => p.displayName) }))
    },

    /**
     * "Invite this group" (#49): every player of one of the GM's past campaigns who is not in this
     * one yet gets an invitation, mailed in their own language; friends are held by no daily limit.
     */
    async inviteGroup(a: Access, createdById: string, fromCampaignId: string) {
      requireGm(a, 'invite players')
      const now = clock.now()
      const expiresAt = invitationExpiry(now)
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (campaign.status !== 'setup')
          throw new AppError(409, 'campaign/already_started', 'Players join before the draft starts; to give a tribe to someone new, invite them to it', 'R3.1')
        const group = (await pastGroups(sql, createdById, campaign.id, now)).find((g) => g.campaignId === fromCampaignId)
        if (!group) throw new AppError(404, 'group/not_found', 'None of your past campaigns with that id has players left to invite to this one')
        for (const player of group.players) {
          const email = player.email
          const token = await insertNewInvitation(sql, { campaignId: campaign.id, createdById, email, tribeId: null, at: now, expiresAt })
          const locale = player.locale === 'es' ? 'es' : 'en'
          await mailInvitation(sql, publicUrl, { campaignId: campaign.id, createdById, email, token, expiresAt, locale, period: token, now })
        }
        return { from: { id: group.campaignId, name: group.name }, invited: group.players.map((p) => p.displayName) }
      })
    },
  }
}
