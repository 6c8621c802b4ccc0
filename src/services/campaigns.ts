// Campaigns: creation, listing, pausing and resuming. Invitations and joining, the draft,
// orders and views are their own modules; campaignsService joins them into the one
// `campaigns` service.
import { IANAZone } from 'luxon'
import { rulesetIds, rulesetOf, type Weekday } from '../engine/index.ts'
import {
  campaignsOf,
  insertCampaign,
  insertMembership,
  publicCampaigns,
  tribesOfPool,
  type CampaignRow,
  type ListedRow,
  type TribeRow,
} from '../db/campaigns.ts'
import { appendEvents } from '../db/log.ts'
import { membersOf } from '../db/roster.ts'
import { transaction } from '../db/sql.ts'
import { windowStatus } from '../lib/calendar.ts'
import { AppError } from '../lib/errors.ts'
import { cleanName } from '../lib/names.ts'
import { accessService, requireGm, type Access, type Role } from './access.ts'
import { skipUntil, catchUp } from './calendar-work.ts'
import type { ServiceDeps } from './deps.ts'
import { draftService } from './draft.ts'
import { groupInvitationsService } from './group-invitations.ts'
import { invitationsService } from './invitations.ts'
import { recruitingService } from './recruiting.ts'
import { gmMailService } from './gm-news.ts'
import { botCoverService } from './bot-cover.ts'
import { resultsService } from './results.ts'
import { absencesService } from './absences.ts'
import { lockedService, openCurrentWindows } from './locked.ts'
import { mapById } from './maps.ts'
import { ordersService } from './orders.ts'
import { viewsService } from './views.ts'
import { yourDayService } from './your-day.ts'
import { save } from './working.ts'

export type { Access, Role } from './access.ts'

/** When a campaign names no game: the first the registry lists (the weekday wargame). */
const defaultRuleset = () => rulesetIds()[0]!
const MINE_PAGE = 100
const PUBLIC_PAGE = 50

export function summary(c: CampaignRow, tribes: TribeRow[], role: Role, tribeId: string | null, mapName: string) {
  return {
    id: c.id,
    name: c.name,
    ruleset: c.ruleset,
    mapId: c.mapId,
    mapName,
    timeZone: c.timeZone,
    status: c.status,
    limit: c.weekLimit,
    weekLimit: c.weekLimit,
    public: c.public,
    recruiting: c.recruiting ?? null,
    createdAt: c.createdAt.toISOString(),
    role,
    tribeId,
    tribes: tribes.map((t) => ({
      id: t.id,
      name: t.name,
      colour: t.colour,
      weekday: t.weekday as Weekday,
      hasPlayer: t.userId !== null,
      bot: t.botReason !== null,
    })),
  }
}

export function campaignsService(deps: ServiceDeps) {
  const { db, clock } = deps
  const access = accessService(db, clock)
  const locked = lockedService(db, clock, { knownCampaigns: db.knownCampaigns, knownCampaignsMb: db.knownCampaignsMb })
  const mapName = async (id: string) =>
    rulesetIds()
      .map((r) => rulesetOf(r).fixedMap)
      .find((m) => m?.id === id)?.name ??
    (await mapById(db, id))?.name ??
    id

  async function listed(rows: ListedRow[], size: number, page: number) {
    const campaigns = await Promise.all(
      rows.slice(0, size).map(async ({ gm, member: _member, tribeId, tribes, ...c }) => {
        const role: Role = gm ? 'gm' : tribeId ? 'player' : 'spectator'
        return summary(c, tribes, role, role === 'player' ? tribeId : null, await mapName(c.mapId))
      }),
    )
    return { campaigns, nextPage: rows.length > size ? page + 1 : null }
  }

  const orders = ordersService(locked)
  const views = viewsService(deps, locked)
  return {
    access,
    sync: locked.sync,
    remembered: locked.remembered,
    /** What the orders remember of campaigns (#32), for the sweep to follow what it saves. */
    memory: locked.memory,
    ...draftService(deps, locked),
    ...orders,
    ...views,
    // The "your day" card (#30): its figures from the snapshot, its "Done" through the orders.
    ...yourDayService(deps, views.snapshot, orders.orders),
    ...invitationsService(deps),
    ...groupInvitationsService(deps),
    ...recruitingService(deps),
    ...resultsService(deps, locked),
    ...absencesService(deps),
    ...gmMailService(deps),
    ...botCoverService(deps),

    async create(
      userId: string,
      input: {
        name: string
        mapId?: string | undefined
        ruleset?: string | undefined
        timeZone?: string | undefined
        limit?: number | undefined
        weekLimit?: number | undefined
        public?: boolean | undefined
        /** Only the practice service makes one (#27); the API's schema has no such field. */
        practice?: boolean
      },
    ) {
      const name = cleanName(input.name, 'name')
      const timeZone = input.timeZone ?? 'Europe/Madrid'
      if (!IANAZone.isValidZone(timeZone)) throw new AppError(400, 'campaign/invalid_time_zone', `"${timeZone}" is not an IANA time zone`, 'R2.2')
      const rulesetId = input.ruleset ?? defaultRuleset()
      if (!rulesetIds().includes(rulesetId))
        throw new AppError(400, 'campaign/unknown_game', `No game "${rulesetId}" on this server; one of ${rulesetIds().join(', ')}`)
      const rules = rulesetOf(rulesetId)
      // Each game says what limit it takes (world conquest: 4 to 52 rounds, G1.7): refused now, not at the start.
      // `limit` is the neutral name; `weekLimit`, its first one, is still taken.
      if (input.limit !== undefined && input.weekLimit !== undefined && input.limit !== input.weekLimit)
        throw withParams(new AppError(400, 'campaign/bad_limit', 'Give the period limit once: limit (or its old name weekLimit)'), { reason: 'twice' })
      const limit = input.limit ?? input.weekLimit ?? null
      const limitProblem = rules.checkLimit(limit)
      // The game's own bounds reach the reader's sentence; a game with no upper bound gives none.
      if (limitProblem)
        throw withParams(new AppError(400, 'campaign/bad_limit', `limit: ${limitProblem.message}`, limitProblem.rule), {
          reason: 'range',
          min: limitProblem.params?.min ?? 1,
          max: limitProblem.params?.max ?? 'none',
        })
      // A game with a board of its own plays that board, whatever map was named.
      const map = rules.fixedMap ?? (input.mapId ? await mapById(db, input.mapId) : null)
      if (!map) throw new AppError(400, 'campaign/unknown_map', `No map "${input.mapId ?? ''}"; see GET /api/maps, or upload one with POST /api/maps`, 'R1.4')
      const mapId = rules.fixedMap?.id ?? input.mapId!
      const campaign = await transaction(db.pool, async (sql) => {
        const c = await insertCampaign(sql, {
          name,
          mapId,
          timeZone,
          weekLimit: limit,
          public: input.public ?? false,
          createdById: userId,
          ruleset: rules.id,
          rulesetVersion: rules.version,
          practice: input.practice ?? false,
        })
        await insertMembership(sql, c.id, userId, 'gm')
        await appendEvents(sql, c.id, [{ type: 'campaign.created', payload: { name: c.name, mapId: c.mapId, timeZone }, week: 0, at: clock.now() }])
        return c
      })
      return summary(campaign, [], 'gm', null, map.name)
    },

    /** Your own campaigns, every one of them, page by page, newest first (one query a page). */
    async list(userId: string | null, page = 1) {
      if (!userId) return { campaigns: [], nextPage: null }
      return listed(await campaignsOf(db.pool, userId, (page - 1) * MINE_PAGE, MINE_PAGE, clock.now()), MINE_PAGE, page)
    },

    /** Public campaigns you are not in, a separate list, page by page (one query a page). */
    async listPublic(userId: string | null, page = 1) {
      return listed(await publicCampaigns(db.pool, userId, (page - 1) * PUBLIC_PAGE, PUBLIC_PAGE), PUBLIC_PAGE, page)
    },

    async get(a: Access) {
      return summary(a.campaign, await tribesOfPool(db.pool, a.campaign.id), a.role, a.tribeId, await mapName(a.campaign.mapId))
    },

    async setPaused(a: Access, paused: boolean) {
      requireGm(a, paused ? 'pause the campaign' : 'resume the campaign')
      // Weeks of work due before the pause are done a week per transaction (#32); the pause's own catch-up then finds the rest.
      if (paused) await locked.sync(a.campaign.id)
      return locked.plain(a.campaign.id, async (sql, campaign, w, now) => {
        if (paused) {
          if (campaign.status !== 'running') throw new AppError(409, 'campaign/not_running', `Only a running campaign can be paused (it is ${campaign.status})`)
          await catchUp(sql, campaign, w, now)
          w.campaignStatus = 'paused'
          w.note('campaign.paused', {}, now)
          // Everyone but the GM who paused it, who knows (#30).
          for (const m of await membersOf(sql, campaign.id))
            if (m.userId !== a.userId) w.mails.push({ userId: m.userId, kind: 'campaign_paused', period: `${now.getTime()}`, data: {} })
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
          for (const t of w.view.tribes) {
            if (t.eliminated || t.turn === 'closed' || t.turn === 'free') continue
            if (closedWhilePaused.has(t.id) || !windowStatus(t.weekday, campaign.timeZone, now).open) w.system(w.rules.actions.closeWindow(t.id, false), now)
          }
          openCurrentWindows(campaign, w, now)
          for (const m of await membersOf(sql, campaign.id)) {
            if (m.userId === a.userId) continue
            const window = m.weekday ? windowStatus(m.weekday as Weekday, campaign.timeZone, now) : null
            const tribe = window ? { tribeName: m.tribeName, windowOpen: window.open, closesAt: window.closesAt, nextOpening: window.nextOpening } : {}
            w.mails.push({ userId: m.userId, kind: 'campaign_resumed', period: `${now.getTime()}`, data: tribe })
          }
        }
        const version = await save(sql, campaign, w, now)
        return { status: w.campaignStatus, version }
      })
    },
  }
}

export type CampaignsService = ReturnType<typeof campaignsService>

/** An error with the particulars its sentence names, in the reader's language. */
function withParams(error: AppError, params: Record<string, string | number>): AppError {
  error.params = params
  return error
}
