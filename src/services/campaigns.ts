// Campaigns: creation, listing, invitations and joining (R2), replacing a
// player, pausing and resuming. The draft, orders and views are their own
// modules; campaignsService joins them into the one `campaigns` service.
import { randomBytes } from 'node:crypto'
import { IANAZone } from 'luxon'
import { WEEKDAYS, type Weekday } from '../engine/index.ts'
import { userByEmail, userById } from '../db/accounts.ts'
import {
  campaignsOf, deletePlayerMembership, insertCampaign, insertInvitation, insertMembership, insertTribe, lockCampaign, lockInvitation, publicCampaigns,
  markInvitationAccepted, rolesOf, setTribePlayer, tribeIn, tribesOf, tribesOfPool, type CampaignRow, type ListedRow, type TribeRow,
} from '../db/campaigns.ts'
import { appendEvents } from '../db/log.ts'
import { invitationsInLastDay, queueMails } from '../db/outbox.ts'
import { currentWeek } from '../db/snapshots.ts'
import { transaction } from '../db/sql.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import { cleanName, nameSkeleton } from '../lib/names.ts'
import { accessService, requireGm, type Access, type Role } from './access.ts'
import { skipUntil, catchUp } from './calendar-work.ts'
import type { ServiceDeps } from './deps.ts'
import { draftService } from './draft.ts'
import { lockedService, openCurrentWindows } from './locked.ts'
import { mapById } from './maps.ts'
import { ordersService } from './orders.ts'
import { viewsService } from './views.ts'
import { save } from './working.ts'

export type { Access, Role } from './access.ts'

const COLOURS = ['#c0392b', '#2471a3', '#229954', '#d68910', '#7d3c98', '#17a589', '#5d6d7e']
const INVITATION_DAYS = 14
const INVITATIONS_PER_GM_DAY = 20
const INVITATIONS_PER_ADDRESS_DAY = 3
const MINE_PAGE = 100
const PUBLIC_PAGE = 50

function isoWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value)
}

export function summary(c: CampaignRow, tribes: TribeRow[], role: Role, tribeId: string | null, mapName: string) {
  return {
    id: c.id, name: c.name, mapId: c.mapId, mapName, timeZone: c.timeZone, status: c.status,
    weekLimit: c.weekLimit, public: c.public, createdAt: c.createdAt.toISOString(),
    role, tribeId,
    tribes: tribes.map((t) => ({ id: t.id, name: t.name, colour: t.colour, weekday: t.weekday as Weekday, hasPlayer: t.userId !== null })),
  }
}

export function campaignsService(deps: ServiceDeps) {
  const { db, clock, publicUrl } = deps
  const access = accessService(db)
  const locked = lockedService(db, clock)
  const mapName = async (id: string) => (await mapById(db, id))?.name ?? id

  async function listed(rows: ListedRow[], size: number, page: number) {
    const campaigns = await Promise.all(rows.slice(0, size).map(async ({ gm, member: _member, tribeId, tribes, ...c }) => {
      const role: Role = gm ? 'gm' : tribeId ? 'player' : 'spectator'
      return summary(c, tribes, role, role === 'player' ? tribeId : null, await mapName(c.mapId))
    }))
    return { campaigns, nextPage: rows.length > size ? page + 1 : null }
  }

  return {
    access,
    sync: locked.sync,
    ...draftService(deps, locked),
    ...ordersService(locked),
    ...viewsService(deps, locked),

    async create(userId: string, input: { name: string; mapId: string; timeZone?: string | undefined; weekLimit?: number | undefined; public?: boolean | undefined }) {
      const name = cleanName(input.name, 'name')
      const timeZone = input.timeZone ?? 'Europe/Madrid'
      if (!IANAZone.isValidZone(timeZone)) throw new AppError(400, 'campaign/invalid_time_zone', `"${timeZone}" is not an IANA time zone`, 'R2.2')
      const map = await mapById(db, input.mapId)
      if (!map) throw new AppError(400, 'campaign/unknown_map', `No map "${input.mapId}"; see GET /api/maps, or upload one with POST /api/maps`, 'R1.4')
      const campaign = await transaction(db.pool, async (sql) => {
        const c = await insertCampaign(sql, { name, mapId: input.mapId, timeZone, weekLimit: input.weekLimit ?? null, public: input.public ?? false, createdById: userId })
        await insertMembership(sql, c.id, userId, 'gm')
        await appendEvents(sql, c.id, [{ type: 'campaign.created', payload: { name: c.name, mapId: c.mapId, timeZone }, week: 0, at: clock.now() }])
        return c
      })
      return summary(campaign, [], 'gm', null, map.name)
    },

    /** Your own campaigns, every one of them, page by page, newest first (one query a page). */
    async list(userId: string | null, page = 1) {
      if (!userId) return { campaigns: [], nextPage: null }
      return listed(await campaignsOf(db.pool, userId, (page - 1) * MINE_PAGE, MINE_PAGE), MINE_PAGE, page)
    },

    /** Public campaigns you are not in, a separate list, page by page (one query a page). */
    async listPublic(userId: string | null, page = 1) {
      return listed(await publicCampaigns(db.pool, userId, (page - 1) * PUBLIC_PAGE, PUBLIC_PAGE), PUBLIC_PAGE, page)
    },

    async get(a: Access) {
      return summary(a.campaign, await tribesOfPool(db.pool, a.campaign.id), a.role, a.tribeId, await mapName(a.campaign.mapId))
    },

    /** An invitation link; with `email`, it is also mailed (through the outbox) to that address. */
    async invite(a: Access, createdById: string, input: { email?: string | undefined; locale?: 'en' | 'es' | undefined } = {}) {
      requireGm(a, 'invite players')
      if (a.campaign.status !== 'setup') throw new AppError(409, 'campaign/already_started', 'Players join before the draft starts', 'R3.1')
      const token = randomBytes(18).toString('base64url')
      const now = clock.now()
      const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000)
      const url = `${publicUrl}/invitations/${token}`
      const email = input.email?.trim().toLowerCase()
      const [invitee, gm] = email ? await Promise.all([userByEmail(db, email), userById(db, createdById)]) : [null, null]
      await transaction(db.pool, async (sql) => {
        if (email) {
          // The service is no mail relay: a few invitations a day, by a GM and to an address.
          const sent = await invitationsInLastDay(sql, createdById, email, now)
          if (sent.byGm >= INVITATIONS_PER_GM_DAY) throw new AppError(429, 'invitation/too_many', `A game master mails at most ${INVITATIONS_PER_GM_DAY} invitations a day; share the link instead`)
          if (sent.toAddress >= INVITATIONS_PER_ADDRESS_DAY) throw new AppError(429, 'invitation/too_many_to_address', `This address got ${INVITATIONS_PER_ADDRESS_DAY} invitations today; share the link instead`)
        }
        await insertInvitation(sql, { token, campaignId: a.campaign.id, createdById, expiresAt })
        if (!email) return
        // To someone without an account, nothing the inviter wrote: no name, no campaign name.
        const member = invitee !== null
        await queueMails(sql, a.campaign.id, [{
          userId: invitee?.id ?? null, toAddress: email, kind: 'invitation', period: token,
          data: {
            member, invitedBy: createdById, invitationUrl: url, expiresAt: expiresAt.toISOString(), locale: input.locale ?? 'en',
            ...(member ? { gmName: gm?.displayName ?? 'A game master' } : {}),
          },
        }], now)
      })
      return { token, url, expiresAt: expiresAt.toISOString(), mailedTo: email ?? null }
    },

    async accept(token: string, userId: string, input: { tribeName: string; weekday: string; colour?: string | undefined }) {
      if (!isoWeekday(input.weekday)) throw new AppError(400, 'tribe/bad_weekday', `"${input.weekday}" is not a weekday (monday … sunday)`, 'R2.1')
      const tribeName = cleanName(input.tribeName, 'tribeName')
      return transaction(db.pool, async (sql) => {
        const inv = await lockInvitation(sql, token)
        if (!inv) throw new AppError(404, 'invitation/not_found', 'No such invitation')
        const campaign = await lockCampaign(sql, inv.campaignId)
        if (inv.acceptedAt) throw new AppError(409, 'invitation/used', 'This invitation has already been used')
        if (inv.expiresAt <= clock.now()) throw new AppError(410, 'invitation/expired', 'This invitation has expired; ask the game master for a new one')
        if (campaign.status !== 'setup') throw new AppError(409, 'campaign/already_started', 'The draft has already started', 'R3.1')
        const roles = await rolesOf(sql, campaign.id, userId)
        if (roles.includes('gm')) throw new AppError(409, 'tribe/gm_cannot_play', 'A game master does not play a tribe', 'R2.3')
        if (roles.includes('player')) throw new AppError(409, 'tribe/already_playing', 'You already play a tribe in this campaign', 'R2.1')
        const tribes = await tribesOf(sql, campaign.id)
        if (tribes.length >= 7) throw new AppError(409, 'campaign/full', 'A campaign has at most 7 tribes', 'R2.1')
        const taken = tribes.find((t) => t.weekday === input.weekday)
        if (taken) throw new AppError(409, 'tribe/weekday_taken', `${input.weekday} already belongs to ${taken.name}`, 'R2.1')
        const alike = tribes.find((t) => nameSkeleton(t.name) === nameSkeleton(tribeName))
        if (alike) throw new AppError(409, 'tribe/name_taken', alike.name === tribeName ? `A tribe is already called ${tribeName}` : `"${tribeName}" looks too much like the tribe ${alike.name}; choose another name`)
        const colour = input.colour ?? COLOURS.find((c) => !tribes.some((t) => t.colour === c)) ?? COLOURS[0]!
        const tribe = await insertTribe(sql, campaign.id, { name: tribeName, colour, weekday: input.weekday, userId })
        await insertMembership(sql, campaign.id, userId, 'player')
        await markInvitationAccepted(sql, token, userId, clock.now())
        await appendEvents(sql, campaign.id, [{ type: 'tribe.joined', payload: { tribe: tribe.id, name: tribe.name, weekday: tribe.weekday }, week: 0, at: clock.now() }])
        return { campaignId: campaign.id, tribe: { id: tribe.id, name: tribe.name, colour: tribe.colour, weekday: tribe.weekday as Weekday, hasPlayer: true } }
      })
    },

    async setPaused(a: Access, paused: boolean) {
      requireGm(a, paused ? 'pause the campaign' : 'resume the campaign')
      return locked.plain(a.campaign.id, async (sql, campaign, w, now) => {
        if (paused) {
          if (campaign.status !== 'running') throw new AppError(409, 'campaign/not_running', `Only a running campaign can be paused (it is ${campaign.status})`)
          await catchUp(sql, campaign, w, now)
          w.campaignStatus = 'paused'
          w.note('campaign.paused', {}, now)
        } else {
          if (campaign.status !== 'paused') throw new AppError(409, 'campaign/not_paused', 'The campaign is not paused')
          // A paused campaign accrues no work: the periods it skipped are recorded as skipped, not replayed.
          w.note('campaign.resumed', { skippedFrom: w.syncedUntil.toISOString(), skippedTo: now.toISOString() }, now)
          const skipped = skipUntil(campaign, w, now)
          w.campaignStatus = 'running'
          // A window that closed while paused is closed now, and one open now is a fresh window
          // (R4.5: full MP, recruitment first), even on the same weekday a week later. The
          // skipped closes did no siege check, and neither does the resume (R9.2).
          const closedWhilePaused = new Set(skipped.flatMap((d) => (d.kind === 'close' ? [d.tribe] : [])))
          for (const t of w.state.tribes) {
            if (t.eliminated || t.phase === 'closed') continue
            if (closedWhilePaused.has(t.id) || !windowStatus(t.weekday, campaign.timeZone, now).open) w.system({ type: 'closeWindow', tribe: t.id, siege: false }, now)
          }
          openCurrentWindows(campaign, w, now)
        }
        const version = await save(sql, campaign, w, now)
        return { status: w.campaignStatus, version }
      })
    },

    async replacePlayer(a: Access, tribeId: string, email: string) {
      requireGm(a, 'replace a player')
      const user = await userByEmail(db, email.trim().toLowerCase())
      return transaction(db.pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        const tribe = await tribeIn(sql, campaign.id, tribeId)
        if (!tribe) throw new AppError(404, 'tribe/not_found', `No tribe ${tribeId} in this campaign`)
        if (!user) throw new AppError(404, 'user/not_found', `No account with email ${email}`)
        const roles = await rolesOf(sql, campaign.id, user.id)
        if (roles.includes('gm')) throw new AppError(409, 'tribe/gm_cannot_play', 'A game master does not play a tribe', 'R2.3')
        if (roles.includes('player')) throw new AppError(409, 'tribe/already_playing', `${email} already plays a tribe here`)
        if (tribe.userId) await deletePlayerMembership(sql, campaign.id, tribe.userId)
        await insertMembership(sql, campaign.id, user.id, 'player')
        await setTribePlayer(sql, tribe.id, user.id)
        await appendEvents(sql, campaign.id, [{ type: 'tribe.player_replaced', payload: { tribe: tribe.id }, week: await currentWeek(sql, campaign.id), at: clock.now() }])
        return { tribeId: tribe.id, userId: user.id }
      })
    },
  }
}

export type CampaignsService = ReturnType<typeof campaignsService>
