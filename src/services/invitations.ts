// Who plays what (R2.1): invitations by link or by mail, resent or revoked, joining with a
// tribe and a weekday, replacing a player (by account or by a replacement invitation), and the
// GM's roster with each tribe's missed windows and last order (#13).
import { WEEKDAYS, type Weekday } from '../engine/index.ts'
import { confirmEmail } from '../db/account-tokens.ts'
import { userByEmail, userById } from '../db/accounts.ts'
import {
  accessRow,
  deletePlayerMembership,
  insertFormerPlayer,
  insertMembership,
  invitationByToken,
  lockCampaign,
  lockInvitation,
  markInvitationAccepted,
  setTribeBot,
  setTribePlayer,
  tribeIn,
  tribesOfPool,
  type CampaignRow,
  type InvitationRow,
  type TribeRow,
} from '../db/campaigns.ts'
import { appendEvents, tribeActivity } from '../db/log.ts'
import { queueMails } from '../db/outbox.ts'
import { plainNote } from '../lib/names.ts'
import { deleteTribe, extendInvitation, openInvitations, revokeInvitation, rosterPlayers } from '../db/roster.ts'
import { currentWeek } from '../db/snapshots.ts'
import { sqlOf, transaction, type Sql } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { requireGm, type Access } from './access.ts'
import type { ServiceDeps } from './deps.ts'
import { gmNews } from './gm-news.ts'
import { insertNewInvitation, invitationExpiry, invitationUrl, mailInvitation } from './invitation-mail.ts'
import { foundTribe, mayPlay } from './joining.ts'
import { capacityOf, mapById } from './maps.ts'

/** Why an invitation can no longer be used, checked in this order; null while it can. */
function unusable(inv: InvitationRow, campaign: CampaignRow, now: Date): AppError | null {
  if (inv.acceptedAt) return new AppError(409, 'invitation/used', 'This invitation has already been used')
  if (inv.revokedAt) return new AppError(410, 'invitation/revoked', 'This invitation was revoked by the game master')
  if (campaign.status === 'finished') return new AppError(409, 'campaign/finished', 'This campaign is over')
  // Before the lapse: an invitation to join expires at the start (#30), and the start is the reason to tell.
  if (!inv.tribeId && campaign.status !== 'setup') return new AppError(409, 'campaign/already_started', 'The draft has already started', 'R3.1')
  if (inv.expiresAt <= now) return new AppError(410, 'invitation/expired', 'This invitation has expired; ask the game master for a new one')
  return null
}

export type InvitationState = 'pending' | 'expired' | 'revoked'

export function invitationsService(deps: ServiceDeps) {
  const { db, clock, publicUrl } = deps
  const urlOf = (token: string) => invitationUrl(publicUrl, token)

  /** A GM's invitation, locked; refused when it is not this campaign's or already used. */
  async function ownInvitation(sql: Sql, a: Access, token: string) {
    const inv = await lockInvitation(sql, token)
    if (!inv || inv.campaignId !== a.campaign.id) throw new AppError(404, 'invitation/not_found', 'No such invitation in this campaign')
    if (inv.acceptedAt) throw new AppError(409, 'invitation/used', 'This invitation has already been used')
    return inv
  }

  /** The user takes over an existing tribe; its former player leaves the campaign. */
  async function takeOver(sql: Sql, campaignId: string, tribeId: string, userId: string, status?: CampaignRow['status']): Promise<TribeRow> {
    const tribe = await tribeIn(sql, campaignId, tribeId)
    if (!tribe) throw new AppError(404, 'tribe/not_found', `No tribe ${tribeId} in this campaign`)
    const now = clock.now()
    // A person takes the tribe from the bot too (#50): a seat the GM gave it, a tribe handed to it.
    if (tribe.botReason !== null) await setTribeBot(sql, campaignId, tribe.id, null)
    // A tribe kept for its player before the start (a rematch's, #30): the player joins; nobody is replaced.
    if (!tribe.userId && status === 'setup') {
      await insertMembership(sql, campaignId, userId, 'player')
      await setTribePlayer(sql, tribe.id, userId)
      await appendEvents(sql, campaignId, [{ type: 'tribe.joined', payload: { tribe: tribe.id, name: tribe.name, weekday: tribe.weekday }, week: 0, at: now }])
      await queueMails(sql, campaignId, await gmNews(sql, campaignId, 'joined', tribe.id, { tribeName: tribe.name, weekday: tribe.weekday }, now), now)
      return { ...tribe, userId }
    }
    if (tribe.userId) {
      await deletePlayerMembership(sql, campaignId, tribe.userId)
      await insertFormerPlayer(sql, campaignId, tribe.userId, tribe.id, now)
    }
    await insertMembership(sql, campaignId, userId, 'player')
    await setTribePlayer(sql, tribe.id, userId)
    await appendEvents(sql, campaignId, [{ type: 'tribe.player_replaced', payload: { tribe: tribe.id }, week: await currentWeek(sql, campaignId), at: now }])
    const data = { tribeName: tribe.name, weekday: tribe.weekday }
    await queueMails(
      sql,
      campaignId,
      [
        { userId, kind: 'player_replaced', period: `${tribe.id}:${now.getTime()}`, data: { ...data, role: 'new' } },
        ...(tribe.userId
          ? [{ userId: tribe.userId, kind: 'player_replaced' as const, period: `${tribe.id}:${now.getTime()}`, data: { ...data, role: 'former' } }]
          : []),
      ],
      now,
    )
    return { ...tribe, userId }
  }

  return {
    /**
     * An invitation link; with `email`, it is also mailed (through the outbox) to that address.
     * With `tribeId`, a replacement: whoever accepts takes over that tribe, at any time before
     * the end; without it, a new tribe joins, before the draft only (R3.1).
     */
    async invite(
      a: Access,
      createdById: string,
      input: { email?: string | undefined; locale?: 'en' | 'es' | undefined; tribeId?: string | undefined; note?: string | undefined } = {},
    ) {
      requireGm(a, 'invite players')
      const now = clock.now()
      const expiresAt = invitationExpiry(now)
      const email = input.email?.trim().toLowerCase() || null
      const note = plainNote(input.note)
      const token = await transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        let tribe: { name: string; weekday: string } | null = null
        if (input.tribeId) {
          if (campaign.status === 'finished') throw new AppError(409, 'campaign/finished', 'This campaign is over')
          tribe = (await tribeIn(sql, campaign.id, input.tribeId)) ?? null
          if (!tribe) throw new AppError(404, 'tribe/not_found', `No tribe ${input.tribeId} in this campaign`)
        } else if (campaign.status !== 'setup') {
          throw new AppError(409, 'campaign/already_started', 'Players join before the draft starts; to give a tribe to someone new, invite them to it', 'R3.1')
        }
        const campaignId = campaign.id
        const token = await insertNewInvitation(sql, { campaignId, createdById, email, tribeId: input.tribeId ?? null, at: now, expiresAt })
        const locale = input.locale ?? 'en'
        if (email) await mailInvitation(sql, publicUrl, { campaignId, createdById, email, token, expiresAt, locale, period: token, now, note, tribe })
        return token
      })
      return { token, url: urlOf(token), expiresAt: expiresAt.toISOString(), mailedTo: email, tribeId: input.tribeId ?? null }
    },

    /**
     * What the invitation's landing page shows to whoever holds the link, logged in or not:
     * the campaign, its GM, its map and zone, which weekdays are free, or why it cannot be used.
     */
    async invitation(token: string) {
      const inv = await invitationByToken(db.pool, token)
      const campaign = inv && (await accessRow(db.pool, inv.campaignId, null, clock.now()))
      if (!inv || !campaign) throw new AppError(404, 'invitation/not_found', 'No such invitation')
      const [tribes, gm, map] = await Promise.all([tribesOfPool(db.pool, campaign.id), userById(db, inv.createdById), mapById(db, campaign.mapId)])
      const problem = unusable(inv, campaign, clock.now())
      const tribe = inv.tribeId ? (tribes.find((t) => t.id === inv.tribeId) ?? null) : null
      return {
        token,
        campaign: {
          id: campaign.id,
          name: campaign.name,
          timeZone: campaign.timeZone,
          status: campaign.status,
          mapId: campaign.mapId,
          mapName: map?.name ?? campaign.mapId,
        },
        gmName: gm?.displayName ?? null,
        expiresAt: inv.expiresAt.toISOString(),
        email: inv.email,
        problem: problem
          ? { code: problem.code, message: problem.message, statusCode: problem.statusCode, ...(problem.rule ? { rule: problem.rule } : {}) }
          : null,
        // `kept`: a tribe kept for its player, a rematch's (#30): the player plays it again, nobody is replaced.
        tribe: tribe ? { id: tribe.id, name: tribe.name, weekday: tribe.weekday as Weekday, kept: tribe.userId === null } : null,
        weekdays: WEEKDAYS.map((weekday) => ({ weekday, takenBy: tribes.find((t) => t.weekday === weekday)?.name ?? null })),
        full: tribes.length >= (await capacityOf(sqlOf(db.pool), campaign)),
      }
    },

    /**
     * Joins with an invitation: a new tribe with its name and weekday, or, with a replacement
     * invitation, the tribe it names (name and weekday are then the tribe's own).
     */
    async accept(token: string, userId: string, input: { tribeName?: string | undefined; weekday?: string | undefined; colour?: string | undefined }) {
      return transaction(db.pool, async (sql) => {
        const inv = await lockInvitation(sql, token)
        if (!inv) throw new AppError(404, 'invitation/not_found', 'No such invitation')
        const campaign = await lockCampaign(sql, inv.campaignId)
        const problem = unusable(inv, campaign, clock.now())
        if (problem) throw problem
        await mayPlay(sql, campaign.id, userId, 'you')
        const tribe = inv.tribeId
          ? await takeOver(sql, campaign.id, inv.tribeId, userId, campaign.status)
          : await foundTribe(sql, campaign, userId, input, clock.now())
        await markInvitationAccepted(sql, token, userId, clock.now())
        // An invitation mailed to the account's own address, accepted: the address is the person's (#51).
        const invitee = inv.email ? await userById(sql, userId) : null
        if (invitee && invitee.email === inv.email!.trim().toLowerCase()) await confirmEmail(sql, userId, clock.now())
        return { campaignId: campaign.id, tribe: { id: tribe.id, name: tribe.name, colour: tribe.colour, weekday: tribe.weekday as Weekday, hasPlayer: true } }
      })
    },

    /**
     * Invitations to tribes kept for their players (a rematch's, #30), inside the caller's
     * transaction: each mailed to its player, in their language, within the daily limits.
     */
    async inviteToTribes(
      sql: Sql,
      a: Access,
      createdById: string,
      invites: readonly { tribe: { id: string; name: string; weekday: string }; email: string; locale: 'en' | 'es' }[],
    ) {
      const now = clock.now()
      const expiresAt = invitationExpiry(now)
      const campaignId = a.campaign.id
      for (const { tribe, email, locale } of invites) {
        const token = await insertNewInvitation(sql, { campaignId, createdById, email, tribeId: tribe.id, at: now, expiresAt })
        const given = { name: tribe.name, weekday: tribe.weekday }
        await mailInvitation(sql, publicUrl, { campaignId, createdById, email, token, expiresAt, locale, period: token, now, tribe: given, rematch: true })
      }
    },

    /** Gives a tribe to someone who has an account; to anyone else, `invite` with the tribe. */
    async replacePlayer(a: Access, tribeId: string, email: string) {
      requireGm(a, 'replace a player')
      const user = await userByEmail(db, email.trim().toLowerCase())
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (campaign.status === 'finished') throw new AppError(409, 'campaign/finished', 'This campaign is over')
        if (!(await tribeIn(sql, campaign.id, tribeId))) throw new AppError(404, 'tribe/not_found', `No tribe ${tribeId} in this campaign`)
        if (!user) throw new AppError(404, 'user/not_found', `No account with email ${email}; invite that address to the tribe instead`)
        await mayPlay(sql, campaign.id, user.id, email)
        const tribe = await takeOver(sql, campaign.id, tribeId, user.id)
        return { tribeId: tribe.id, userId: user.id }
      })
    },

    /**
     * The GM hands a tribe to the game's bot (a player who left, one who stopped playing) or
     * back to a person (#50): from the next window its orders are the bot's, or its player's again.
     * A player takes their own tribe back from the bot that took it over for missed windows.
     */
    async setBot(a: Access, tribeId: string, plays: boolean) {
      const own = a.role === 'player' && !a.standIn && a.tribeId === tribeId && !plays
      if (!own) requireGm(a, 'hand a tribe to the bot')
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (campaign.status === 'finished') throw new AppError(409, 'campaign/finished', 'This campaign is over')
        const tribe = await tribeIn(sql, campaign.id, tribeId)
        if (!tribe) throw new AppError(404, 'tribe/not_found', `No tribe ${tribeId} in this campaign`)
        if (!plays && !tribe.userId)
          throw new AppError(409, 'tribe/no_player', `Nobody plays ${tribe.name}: invite a player to it before taking it from the bot`)
        if (own && tribe.botReason !== null && tribe.botReason !== 'missed')
          throw new AppError(403, 'tribe/bot_by_gm', `The game master handed ${tribe.name} to the bot: ask them to give it back`)
        if (plays !== (tribe.botReason !== null)) {
          const now = clock.now()
          await setTribeBot(sql, campaign.id, tribe.id, plays ? 'gm' : null)
          const payload = { tribe: tribe.id, plays, ...(own ? { reason: 'player' } : {}) }
          await appendEvents(sql, campaign.id, [{ type: 'tribe.bot', payload, week: await currentWeek(sql, campaign.id), at: now }])
        }
        return { tribeId: tribe.id, bot: plays }
      })
    },

    /** Mails a pending invitation again, valid for another two weeks from now. */
    async resendInvitation(a: Access, createdById: string, token: string, locale: 'en' | 'es' = 'en') {
      requireGm(a, 'resend an invitation')
      const now = clock.now()
      return transaction(db.pool, async (sql) => {
        const inv = await ownInvitation(sql, a, token)
        if (inv.revokedAt) throw new AppError(410, 'invitation/revoked', 'This invitation was revoked; create a new one')
        if (!inv.email) throw new AppError(409, 'invitation/no_address', 'This invitation was never mailed: share its link instead')
        const expiresAt = invitationExpiry(now)
        await extendInvitation(sql, token, expiresAt)
        const tribe = inv.tribeId ? ((await tribeIn(sql, a.campaign.id, inv.tribeId)) ?? null) : null
        const period = `${token}:${now.getTime()}`
        await mailInvitation(sql, publicUrl, { campaignId: a.campaign.id, createdById, email: inv.email, token, expiresAt, locale, period, now, tribe })
        return { token, url: urlOf(token), expiresAt: expiresAt.toISOString(), mailedTo: inv.email }
      })
    },

    /**
     * The GM removes a tribe before the start: a campaign filled by strangers, or by one who
     * never plays, can still be started. Its player is told by mail.
     */
    async removeTribe(a: Access, tribeId: string): Promise<{ hadPlayer: boolean }> {
      requireGm(a, 'remove a tribe')
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (campaign.status !== 'setup')
          throw new AppError(
            409,
            'campaign/already_started',
            'A tribe is removed before the start only; to give it to someone else, replace its player',
            'R3.1',
          )
        const tribe = await tribeIn(sql, campaign.id, tribeId)
        if (!tribe) throw new AppError(404, 'tribe/not_found', `No tribe ${tribeId} in this campaign`)
        await deleteTribe(sql, campaign.id, tribe.id)
        const now = clock.now()
        await appendEvents(sql, campaign.id, [
          { type: 'tribe.removed', payload: { tribe: tribe.id, name: tribe.name, weekday: tribe.weekday }, week: 0, at: now },
        ])
        if (tribe.userId)
          await queueMails(sql, campaign.id, [{ userId: tribe.userId, kind: 'tribe_removed', period: `${tribe.id}`, data: { tribeName: tribe.name } }], now)
        return { hadPlayer: tribe.userId !== null }
      })
    },

    async revokeInvitation(a: Access, token: string) {
      requireGm(a, 'revoke an invitation')
      await transaction(db.pool, async (sql) => {
        await lockCampaign(sql, a.campaign.id)
        await ownInvitation(sql, a, token)
        await revokeInvitation(sql, token, clock.now())
      })
    },

    /** Who plays what: tribes with their players, missed windows and last order; open invitations. */
    async roster(a: Access) {
      requireGm(a, 'see the roster')
      const [tribes, players, activity, invitations] = await Promise.all([
        tribesOfPool(db.pool, a.campaign.id),
        rosterPlayers(db.pool, a.campaign.id),
        tribeActivity(db.pool, a.campaign.id),
        openInvitations(db.pool, a.campaign.id),
      ])
      const now = clock.now()
      return {
        tribes: tribes.map((t) => {
          const player = players.find((p) => p.tribeId === t.id)
          const seen = activity.get(t.id)
          return {
            id: t.id,
            name: t.name,
            colour: t.colour,
            weekday: t.weekday as Weekday,
            player: player ? { userId: player.userId, displayName: player.displayName, email: player.email } : null,
            bot: t.botReason !== null,
            missedWindows: seen?.missed ?? 0,
            lastOrderAt: seen?.lastOrderAt?.toISOString() ?? null,
          }
        }),
        invitations: invitations.map((i) => ({
          token: i.token,
          url: urlOf(i.token),
          email: i.email,
          tribeId: i.tribeId,
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
          state: (i.revokedAt ? 'revoked' : i.expiresAt <= now ? 'expired' : 'pending') as InvitationState,
        })),
      }
    },
  }
}
