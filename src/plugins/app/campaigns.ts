// Campaigns: setup, draft, the calendar, orders. Every change of a campaign
// happens in one transaction that holds the campaign's row lock, runs the
// engine, and writes the new snapshot and its log events together.
import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import { IANAZone } from 'luxon'
import type pg from 'pg'
import { compileMap, createGame, previewPools, WEEKDAYS, type GameEvent, type MapDef, type Order, type Weekday } from '../../engine/index.ts'
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts'
import { transaction, utc, UUID, type Sql } from '../../db/sql.ts'
import { windowStatus } from '../../lib/calendar.ts'
import { commitmentOf, newSeed } from '../../lib/dice.ts'
import { AppError } from '../../lib/errors.ts'
import { bundledMap } from '../../maps/index.ts'
import {
  appendEvents, CAMPAIGN_COLUMNS, catchUp, commitWeek, loadState, lockAndLoad, lockCampaign, recipientOf, requestHash, save, saveMarks, skipUntil, Working,
  type CampaignRow,
} from '../../services/campaign-store.ts'
import type { Clock } from './clock.ts'


type Tx = Prisma.TransactionClient

export type Role = 'gm' | 'player' | 'spectator'

export interface Access {
  campaign: CampaignRow
  role: Role
  /** The caller's tribe, for players. */
  tribeId: string | null
  userId: string | null
}

interface TribeRow { id: string; name: string; colour: string; weekday: string; userId: string | null }

export interface LoggedEvent { seq: number; week: number; type: string; payload: unknown; at: string }

const COLOURS = ['#c0392b', '#2471a3', '#229954', '#d68910', '#7d3c98', '#17a589', '#5d6d7e']
const INVITATION_DAYS = 14

function isoWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value)
}

/** Store functions inside a Prisma interactive transaction (setup steps that also use Prisma models). */
function prismaSql(tx: Tx): Sql {
  return { query: async <T>(text: string, params: unknown[] = []) => tx.$queryRawUnsafe<T[]>(text, ...params) }
}

export interface CampaignDatabase { prisma: PrismaClient; pool: pg.Pool }

export function campaignsService({ prisma, pool }: CampaignDatabase, clock: Clock, publicUrl: string) {
  /** Opens the windows that are open right now (at the start, and on resume). */
  function openCurrentWindows(campaign: CampaignRow, w: Working, now: Date) {
    for (const t of w.state.tribes) {
      if (t.eliminated) continue
      const open = windowStatus(t.weekday, campaign.timeZone, now).open
      if (open && t.phase === 'closed') w.system({ type: 'openWindow', tribe: t.id }, now)
    }
  }

  /** Who the caller is in this campaign, in one query. Private campaigns do not exist for outsiders. */
  async function access(campaignId: string, userId: string | null): Promise<Access> {
    if (!UUID.test(campaignId)) throw new AppError(404, 'campaign/not_found', `No campaign ${campaignId}`)
    const rows = await pool.query<CampaignRow & { gm: boolean; member: boolean; tribeId: string | null }>({
      name: 'campaign-access',
      text: `SELECT ${CAMPAIGN_COLUMNS},
              EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = $2::uuid AND m.role = 'gm') AS gm,
              EXISTS (SELECT 1 FROM memberships m WHERE m.campaign_id = c.id AND m.user_id = $2::uuid) AS member,
              (SELECT t.id FROM tribes t WHERE t.campaign_id = c.id AND t.user_id = $2::uuid LIMIT 1) AS "tribeId"
       FROM campaigns c WHERE c.id = $1::uuid`,
      values: [campaignId, userId],
    })
    const row = rows.rows[0]
    if (!row || (!row.public && !row.member)) throw new AppError(404, 'campaign/not_found', `No campaign ${campaignId}`)
    const { gm, member: _member, tribeId, ...campaign } = row
    const role: Role = gm ? 'gm' : tribeId ? 'player' : 'spectator'
    return { campaign, role, tribeId: role === 'player' ? tribeId : null, userId }
  }

  /** A bundled map, or an uploaded one (R1.4). */
  async function mapById(id: string): Promise<MapDef | undefined> {
    const bundled = bundledMap(id)
    if (bundled) return bundled
    const uploaded = await prisma.uploadedMap.findUnique({ where: { id } })
    return uploaded?.definition as MapDef | undefined
  }

  function requireGm(a: Access, what: string) {
    if (a.role !== 'gm') throw new AppError(403, 'campaign/gm_only', `Only a game master may ${what}`, 'R2.3')
  }

  async function tribesOf(db: Tx | PrismaClient, campaignId: string): Promise<TribeRow[]> {
    return db.tribe.findMany({ where: { campaignId }, orderBy: { createdAt: 'asc' } })
  }

  /**
   * Runs `body` under the campaign lock after catching up with the calendar.
   * A refused change never rolls the catch-up back: when the catch-up did work,
   * the body runs after a savepoint, and on a refusal the catch-up alone commits.
   */
  async function change<T>(campaignId: string, body: (sql: Sql, campaign: CampaignRow, w: Working, now: Date) => Promise<T>): Promise<T & { version: number }> {
    const outcome = await transaction(pool, async (sql) => {
      const { campaign, w } = (await lockAndLoad(sql, campaignId))!
      const now = clock.now()
      await catchUp(sql, campaign, w, now)
      const caughtUp = w.dirty || w.nextDueAt !== undefined
      const reset = w.mark()
      if (caughtUp) await sql.query('SAVEPOINT change')
      try {
        const out = await body(sql, campaign, w, now)
        const version = await save(sql, campaign, w, now)
        return { ok: true as const, value: { ...out, version } }
      } catch (error) {
        if (!caughtUp || !(error instanceof AppError || error instanceof StoredAnswer)) throw error
        await sql.query('ROLLBACK TO SAVEPOINT change')
        reset()
        if (w.dirty) await save(sql, campaign, w, now)
        else await saveMarks(sql, campaign, w)
        return { ok: false as const, error }
      }
    })
    if (!outcome.ok) throw outcome.error
    return outcome.value
  }

  /** Applies calendar work that fell due since the last change, if any. */
  async function sync(campaignId: string, options: { skipLocked?: boolean } = {}): Promise<boolean> {
    const now = clock.now()
    const due = await pool.query(
      `SELECT 1 FROM game_snapshots s JOIN campaigns c ON c.id = s.campaign_id
       WHERE s.campaign_id = $1::uuid AND c.status = 'running' AND s.next_due_at <= ${utc(2)}`,
      [campaignId, now.toISOString()],
    )
    if (due.rowCount === 0) return false
    return transaction(pool, async (sql) => {
      const loaded = await lockAndLoad(sql, campaignId, options)
      if (!loaded) return false
      const { campaign, w } = loaded
      await catchUp(sql, campaign, w, now)
      if (w.nextDueAt === undefined) return false
      if (w.dirty) await save(sql, campaign, w, now)
      else await saveMarks(sql, campaign, w)
      return w.dirty
    })
  }

  function summary(c: CampaignRow, tribes: TribeRow[], role: Role, tribeId: string | null) {
    const map = bundledMap(c.mapId)
    return {
      id: c.id, name: c.name, mapId: c.mapId, mapName: map?.name ?? c.mapId, timeZone: c.timeZone, status: c.status,
      weekLimit: c.weekLimit, public: c.public, createdAt: c.createdAt.toISOString(),
      role, tribeId,
      tribes: tribes.map((t) => ({ id: t.id, name: t.name, colour: t.colour, weekday: t.weekday as Weekday, hasPlayer: t.userId !== null })),
    }
  }

  return {
    access,

    async create(userId: string, input: { name: string; mapId: string; timeZone?: string | undefined; weekLimit?: number | undefined; public?: boolean | undefined }) {
      const timeZone = input.timeZone ?? 'Europe/Madrid'
      if (!IANAZone.isValidZone(timeZone)) throw new AppError(400, 'campaign/invalid_time_zone', `"${timeZone}" is not an IANA time zone`, 'R2.2')
      if (!(await mapById(input.mapId))) throw new AppError(400, 'campaign/unknown_map', `No map "${input.mapId}"; see GET /api/maps, or upload one with POST /api/maps`, 'R1.4')
      const campaign = await prisma.$transaction(async (tx) => {
        const c = await tx.campaign.create({
          data: { name: input.name.trim(), mapId: input.mapId, timeZone, weekLimit: input.weekLimit ?? null, public: input.public ?? false, createdById: userId },
        })
        await tx.membership.create({ data: { campaignId: c.id, userId, role: 'gm' } })
        await tx.campaignEvent.create({ data: { campaignId: c.id, seq: 1, week: 0, type: 'campaign.created', payload: { name: c.name, mapId: c.mapId, timeZone } } })
        return c
      })
      return summary(campaign as CampaignRow, [], 'gm', null)
    },

    async list(userId: string | null) {
      const memberships = userId ? await prisma.membership.findMany({ where: { userId } }) : []
      const ids = [...new Set(memberships.map((m) => m.campaignId))]
      const campaigns = await prisma.campaign.findMany({
        where: { OR: [{ id: { in: ids } }, { public: true }] },
        orderBy: { createdAt: 'desc' },
        take: 200,
      })
      return Promise.all(campaigns.map(async (c) => {
        const a = await access(c.id, userId)
        return summary(c as CampaignRow, await tribesOf(prisma, c.id), a.role, a.tribeId)
      }))
    },

    async get(a: Access) {
      return summary(a.campaign, await tribesOf(prisma, a.campaign.id), a.role, a.tribeId)
    },

    /** An invitation link; with `email`, it is also mailed (through the outbox) to that address. */
    async invite(a: Access, createdById: string, input: { email?: string | undefined; locale?: 'en' | 'es' | undefined } = {}) {
      requireGm(a, 'invite players')
      if (a.campaign.status !== 'setup') throw new AppError(409, 'campaign/already_started', 'Players join before the draft starts', 'R3.1')
      const token = randomBytes(18).toString('base64url')
      const expiresAt = new Date(clock.now().getTime() + INVITATION_DAYS * 86_400_000)
      const url = `${publicUrl}/invitations/${token}`
      const email = input.email?.trim().toLowerCase()
      await prisma.$transaction(async (tx) => {
        await tx.invitation.create({ data: { token, campaignId: a.campaign.id, createdById, expiresAt } })
        if (!email) return
        const [invitee, gm] = await Promise.all([tx.user.findUnique({ where: { email } }), tx.user.findUnique({ where: { id: createdById } })])
        const mail = { userId: invitee?.id ?? null, toAddress: email }
        await tx.outboxMail.create({
          data: {
            campaignId: a.campaign.id, ...mail, recipient: recipientOf(mail), kind: 'invitation', period: token,
            data: { gmName: gm?.displayName ?? 'A game master', invitationUrl: url, expiresAt: expiresAt.toISOString(), locale: input.locale ?? 'en' },
            createdAt: clock.now(), nextAttemptAt: clock.now(),
          },
        })
      })
      return { token, url, expiresAt: expiresAt.toISOString(), mailedTo: email ?? null }
    },

    async accept(token: string, userId: string, input: { tribeName: string; weekday: string; colour?: string | undefined }) {
      if (!isoWeekday(input.weekday)) throw new AppError(400, 'tribe/bad_weekday', `"${input.weekday}" is not a weekday (monday … sunday)`, 'R2.1')
      return prisma.$transaction(async (tx) => {
        const inv = await tx.invitation.findUnique({ where: { token } })
        if (!inv) throw new AppError(404, 'invitation/not_found', 'No such invitation')
        const campaign = await lockCampaign(prismaSql(tx), inv.campaignId)
        if (inv.acceptedAt) throw new AppError(409, 'invitation/used', 'This invitation has already been used')
        if (inv.expiresAt <= clock.now()) throw new AppError(410, 'invitation/expired', 'This invitation has expired; ask the game master for a new one')
        if (campaign.status !== 'setup') throw new AppError(409, 'campaign/already_started', 'The draft has already started', 'R3.1')
        const members = await tx.membership.findMany({ where: { campaignId: campaign.id, userId } })
        if (members.some((m) => m.role === 'gm')) throw new AppError(409, 'tribe/gm_cannot_play', 'A game master does not play a tribe', 'R2.3')
        if (members.some((m) => m.role === 'player')) throw new AppError(409, 'tribe/already_playing', 'You already play a tribe in this campaign', 'R2.1')
        const tribes = await tribesOf(tx, campaign.id)
        if (tribes.length >= 7) throw new AppError(409, 'campaign/full', 'A campaign has at most 7 tribes', 'R2.1')
        const taken = tribes.find((t) => t.weekday === input.weekday)
        if (taken) throw new AppError(409, 'tribe/weekday_taken', `${input.weekday} already belongs to ${taken.name}`, 'R2.1')
        if (tribes.some((t) => t.name.toLowerCase() === input.tribeName.trim().toLowerCase())) {
          throw new AppError(409, 'tribe/name_taken', `A tribe is already called ${input.tribeName.trim()}`)
        }
        const colour = input.colour ?? COLOURS.find((c) => !tribes.some((t) => t.colour === c)) ?? COLOURS[0]!
        const tribe = await tx.tribe.create({ data: { campaignId: campaign.id, name: input.tribeName.trim(), colour, weekday: input.weekday, userId } })
        await tx.membership.create({ data: { campaignId: campaign.id, userId, role: 'player' } })
        await tx.invitation.update({ where: { token }, data: { acceptedAt: clock.now(), acceptedById: userId } })
        await appendEvents(prismaSql(tx), campaign.id, [{ type: 'tribe.joined', payload: { tribe: tribe.id, name: tribe.name, weekday: tribe.weekday }, week: 0, at: clock.now() }])
        return { campaignId: campaign.id, tribe: { id: tribe.id, name: tribe.name, colour: tribe.colour, weekday: tribe.weekday as Weekday, hasPlayer: true } }
      })
    },

    async startDraft(a: Access) {
      requireGm(a, 'start the draft')
      return transaction(pool, async (sql) => {
        const campaign = await lockCampaign(sql, a.campaign.id)
        if (campaign.status !== 'setup') throw new AppError(409, 'draft/already_started', 'The draft has already started', 'R3.1')
        const tribes = await sql.query<TribeRow>(
          `SELECT id, name, colour, weekday, user_id AS "userId" FROM tribes WHERE campaign_id = $1::uuid ORDER BY created_at, id`, [campaign.id])
        if (tribes.length < 2) throw new AppError(409, 'draft/too_few_tribes', `A campaign needs 2 to 7 tribes; it has ${tribes.length}`, 'R2.1')
        const seed = newSeed()
        const created = createGame({
          map: (await mapById(campaign.mapId))!,
          tribes: tribes.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday as Weekday })),
          seed,
          weekLimit: campaign.weekLimit,
        })
        if (!created.ok) throw new AppError(422, created.error.code, created.error.message, created.error.rule)
        const now = clock.now()
        const [{ lastSeq }] = await sql.query<{ lastSeq: number }>(`SELECT COALESCE(max(seq), 0)::int AS "lastSeq" FROM campaign_events WHERE campaign_id = $1::uuid`, [campaign.id]) as [{ lastSeq: number }]
        const w = new Working(created.state, 0, now, 'draft', lastSeq)
        // The draw's seed is committed and revealed at once: the order is public anyway (R3.1).
        w.dice.push({ week: 0, seed, committedAt: now, revealedAt: now })
        w.note('dice.committed', { week: 0, commitment: commitmentOf(seed) }, now)
        w.system({ type: 'startDraft' }, now)
        w.note('dice.revealed', { week: 0, seed, commitment: commitmentOf(seed) }, now)
        const version = await save(sql, campaign, w, now, { created: true })
        return { version, order: w.state.draft!.order }
      })
    },

    async pick(a: Access, input: { city: string; tribeId?: string | undefined }) {
      const tribeId = a.role === 'gm' ? input.tribeId : a.tribeId
      if (a.role === 'spectator') throw new AppError(403, 'draft/not_a_player', 'Only the tribe on the clock or a game master may pick', 'R3.4')
      if (a.role === 'gm' && !tribeId) throw new AppError(400, 'draft/tribe_required', 'A game master picking for a tribe names it in tribeId', 'R3.4')
      if (a.role === 'player' && input.tribeId && input.tribeId !== a.tribeId) throw new AppError(403, 'orders/not_your_tribe', 'You pick only for your own tribe', 'R2.3')
      return transaction(pool, async (sql) => {
        const { campaign, w } = (await lockAndLoad(sql, a.campaign.id))!
        if (campaign.status !== 'draft') throw new AppError(409, 'draft/not_drafting', `There is no draft going on (the campaign is ${campaign.status})`, 'R3.2')
        const now = clock.now()
        const events = w.order(tribeId!, { type: 'draftPick', city: input.city }, now, 'pick')
        if (w.state.status === 'running') {
          // The last pick starts the campaign (R3.5): the first week's dice, then the calendar.
          w.campaignStatus = 'running'
          commitWeek(w, w.state.week, now)
          w.syncedUntil = now
          w.nextDueAt = now
          openCurrentWindows(campaign, w, now)
        }
        const version = await save(sql, campaign, w, now)
        return { version, events }
      })
    },

    sync,

    async orders(a: Access, input: { tribeId?: string | undefined; orders: Order[] }, idempotencyKey: string | undefined) {
      if (a.role === 'gm') throw new AppError(403, 'orders/gm_cannot_play', 'A game master never plays orders for a tribe', 'R2.3')
      if (a.role !== 'player' || !a.tribeId || !a.userId) throw new AppError(403, 'orders/not_a_player', 'Only a tribe\'s player gives its orders')
      if (input.tribeId && input.tribeId !== a.tribeId) throw new AppError(403, 'orders/not_your_tribe', 'You give orders only to your own tribe')
      const hash = requestHash(input.orders)
      const userId = a.userId
      const tribeId = a.tribeId
      try {
        return await change(a.campaign.id, async (sql, campaign, w, now) => {
          if (idempotencyKey) {
            const [seen] = await sql.query<{ requestHash: string; response: unknown }>(
              `SELECT request_hash AS "requestHash", response FROM idempotency_records WHERE campaign_id = $1::uuid AND user_id = $2::uuid AND key = $3`,
              [campaign.id, userId, idempotencyKey])
            if (seen) {
              if (seen.requestHash !== hash) throw new AppError(422, 'idempotency/key_reused', 'This Idempotency-Key was used for a different request')
              throw new StoredAnswer(seen.response)
            }
          }
          if (w.campaignStatus === 'paused') throw new AppError(409, 'campaign/paused', 'The campaign is paused by its game master')
          if (w.campaignStatus !== 'running') throw new AppError(409, 'campaign/not_running', `Orders are taken while the campaign runs (it is ${w.campaignStatus})`)
          const tribe = w.state.tribes.find((t) => t.id === tribeId)!
          if (tribe.phase === 'closed' && !tribe.eliminated) {
            const next = windowStatus(tribe.weekday, campaign.timeZone, now).nextOpening
            throw new AppError(409, 'turn/window_closed', `${tribe.name} gives orders only on ${tribe.weekday}, 00:00–20:00 ${campaign.timeZone}; the next window opens at ${next}`, 'R4.3')
          }
          const events: GameEvent[] = []
          input.orders.forEach((order, i) => {
            events.push(...w.order(tribeId, order, now, input.orders.length > 1 ? `orders[${i}]` : 'order'))
          })
          const response = { events, version: w.version + 1 }
          if (idempotencyKey) {
            await sql.query(
              `INSERT INTO idempotency_records (campaign_id, user_id, key, request_hash, status, response, created_at)
               VALUES ($1::uuid, $2::uuid, $3, $4, 200, $5::jsonb, ${utc(6)})`,
              [campaign.id, userId, idempotencyKey, hash, JSON.stringify(response), now.toISOString()])
          }
          return { events }
        })
      } catch (e) {
        if (e instanceof StoredAnswer) return e.response as { events: GameEvent[]; version: number }
        throw e
      }
    },

    async setPaused(a: Access, paused: boolean) {
      requireGm(a, paused ? 'pause the campaign' : 'resume the campaign')
      return transaction(pool, async (sql) => {
        const { campaign, w } = (await lockAndLoad(sql, a.campaign.id))!
        const now = clock.now()
        if (paused) {
          if (campaign.status !== 'running') throw new AppError(409, 'campaign/not_running', `Only a running campaign can be paused (it is ${campaign.status})`)
          await catchUp(sql, campaign, w, now)
          w.campaignStatus = 'paused'
          w.note('campaign.paused', {}, now)
        } else {
          if (campaign.status !== 'paused') throw new AppError(409, 'campaign/not_paused', 'The campaign is not paused')
          // A paused campaign accrues no work: the periods it skipped are recorded as skipped, not replayed.
          w.note('campaign.resumed', { skippedFrom: w.syncedUntil.toISOString(), skippedTo: now.toISOString() }, now)
          skipUntil(campaign, w, now)
          w.campaignStatus = 'running'
          for (const t of w.state.tribes) {
            if (!t.eliminated && t.phase !== 'closed' && !windowStatus(t.weekday, campaign.timeZone, now).open) w.system({ type: 'closeWindow', tribe: t.id }, now)
          }
          openCurrentWindows(campaign, w, now)
        }
        const version = await save(sql, campaign, w, now)
        return { status: w.campaignStatus, version }
      })
    },

    async replacePlayer(a: Access, tribeId: string, email: string) {
      requireGm(a, 'replace a player')
      return prisma.$transaction(async (tx) => {
        const campaign = await lockCampaign(prismaSql(tx), a.campaign.id)
        const tribe = await tx.tribe.findFirst({ where: { id: tribeId, campaignId: campaign.id } })
        if (!tribe) throw new AppError(404, 'tribe/not_found', `No tribe ${tribeId} in this campaign`)
        const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() } })
        if (!user) throw new AppError(404, 'user/not_found', `No account with email ${email}`)
        const members = await tx.membership.findMany({ where: { campaignId: campaign.id, userId: user.id } })
        if (members.some((m) => m.role === 'gm')) throw new AppError(409, 'tribe/gm_cannot_play', 'A game master does not play a tribe', 'R2.3')
        if (members.some((m) => m.role === 'player')) throw new AppError(409, 'tribe/already_playing', `${email} already plays a tribe here`)
        if (tribe.userId) await tx.membership.deleteMany({ where: { campaignId: campaign.id, userId: tribe.userId, role: 'player' } })
        await tx.membership.create({ data: { campaignId: campaign.id, userId: user.id, role: 'player' } })
        await tx.tribe.update({ where: { id: tribe.id }, data: { userId: user.id } })
        const week = (await tx.gameSnapshot.findUnique({ where: { campaignId: campaign.id }, select: { state: true } }))?.state as { week?: number } | undefined
        await appendEvents(prismaSql(tx), campaign.id, [{ type: 'tribe.player_replaced', payload: { tribe: tribe.id }, week: week?.week ?? 0, at: clock.now() }])
        return { tribeId: tribe.id, userId: user.id }
      })
    },

    async snapshot(campaignId: string) {
      await sync(campaignId)
      const snap = await prisma.gameSnapshot.findUnique({ where: { campaignId } })
      if (!snap) throw new AppError(409, 'campaign/not_started', 'The draft has not started yet', 'R3.1')
      return { state: loadState(snap.state), version: snap.version }
    },

    async stateView(a: Access) {
      const { state, version } = await this.snapshot(a.campaign.id)
      const now = clock.now()
      const map = compileMap(state.map)
      const mine = a.tribeId ? state.tribes.find((t) => t.id === a.tribeId) : undefined
      const tribes = state.tribes.map((t) => {
        const w = windowStatus(t.weekday, a.campaign.timeZone, now)
        return { id: t.id, name: t.name, weekday: t.weekday, phase: t.phase, eliminated: t.eliminated, windowOpen: w.open && t.phase !== 'closed', nextOpening: w.nextOpening }
      })
      let you = null
      if (mine) {
        const w = windowStatus(mine.weekday, a.campaign.timeZone, now)
        you = {
          tribeId: mine.id,
          phase: mine.phase,
          windowOpen: mine.phase !== 'closed',
          closesAt: mine.phase !== 'closed' ? w.closesAt : null,
          nextOpening: w.nextOpening,
          armies: Object.entries(state.armies).filter(([, x]) => x.tribe === mine.id).map(([tile, x]) => ({ tile, troops: x.troops, mp: x.mp })),
          ships: Object.values(state.ships).filter((s) => s.tribe === mine.id).map((s) => ({ id: s.id, tile: s.tile, crew: s.crew, mp: s.mp })),
        }
      }
      return {
        version,
        status: a.campaign.status === 'paused' ? 'paused' : state.status,
        week: state.week,
        map: { id: state.map.id, name: state.map.name, tiles: state.map.tiles.map((t, i) => ({ tile: map.keys[i]!, q: t.q, r: t.r, terrain: t.terrain, city: !!t.city, port: map.port[i] === 1, owner: state.owners[i] ?? null })) },
        armies: Object.entries(state.armies).map(([tile, x]) => ({ tile, tribe: x.tribe, troops: x.troops })),
        ships: Object.values(state.ships).map((s) => ({ id: s.id, tribe: s.tribe, tile: s.tile, crew: s.crew })),
        besieged: state.besieged,
        draft: state.draft ? { order: state.draft.order, picks: state.draft.picks } : null,
        ranking: state.ranking,
        tribes,
        you,
      }
    },

    async pools(a: Access) {
      const { state } = await this.snapshot(a.campaign.id)
      return { week: state.week, pools: state.pools, preview: previewPools(state) }
    },

    async events(a: Access, after: number, limit: number): Promise<{ events: LoggedEvent[]; next: number | null }> {
      await sync(a.campaign.id)
      const rows = await prisma.campaignEvent.findMany({
        where: { campaignId: a.campaign.id, seq: { gt: after } },
        orderBy: { seq: 'asc' },
        take: limit + 1,
      })
      const revealed = new Set((await prisma.diceWeek.findMany({ where: { campaignId: a.campaign.id, revealedAt: { not: null } }, select: { week: true } })).map((d) => d.week))
      const page = rows.slice(0, limit).map((r) => ({
        seq: r.seq, week: r.week, type: r.type, at: r.createdAt.toISOString(),
        payload: redactSeed(r.payload, r.type, r.week, revealed),
      }))
      return { events: page, next: rows.length > limit ? page[page.length - 1]!.seq : null }
    },

    async dice(a: Access, week: number) {
      await sync(a.campaign.id)
      const d = await prisma.diceWeek.findUnique({ where: { campaignId_week: { campaignId: a.campaign.id, week } } })
      if (!d) throw new AppError(404, 'dice/no_week', `No dice for week ${week} yet`)
      const rolls = await prisma.campaignEvent.findMany({ where: { campaignId: a.campaign.id, week, type: 'combat' }, orderBy: { seq: 'asc' } })
      return {
        week,
        commitment: d.commitment,
        committedAt: d.committedAt.toISOString(),
        seed: d.revealedAt ? d.seed : null,
        revealedAt: d.revealedAt?.toISOString() ?? null,
        algorithm: 'd4 = (first 4 bytes of HMAC-SHA-256(key = seed, message = decimal counter), big-endian) mod 4 + 1; commitment = SHA-256(seed)',
        rolls: rolls.map((r) => {
          const p = r.payload as { counter: number; roll: number; attackers: number; defenders: number; a: number; d: number; attack: number; defence: number; tile: string }
          return { seq: r.seq, counter: p.counter, roll: p.roll, tile: p.tile, attackers: p.attackers, defenders: p.defenders, a: p.a, d: p.d, attack: p.attack, defence: p.defence }
        }),
      }
    },
  }
}

/** Thrown inside the transaction to roll it back and answer with the stored response of a retried request. */
class StoredAnswer {
  constructor(readonly response: unknown) {}
}

/** The seed of an unrevealed week never leaves the server (the `setSeed` input holds it). */
function redactSeed(payload: unknown, type: string, week: number, revealed: Set<number>): unknown {
  const p = payload as { action?: { type?: string } }
  if (type !== 'system' || p.action?.type !== 'setSeed' || revealed.has(week)) return payload
  return { ...p, action: { type: 'setSeed', seed: null } }
}

export type CampaignsService = ReturnType<typeof campaignsService>

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignsService
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('campaigns', campaignsService({ prisma: fastify.prisma, pool: fastify.pg }, fastify.clock, fastify.config.publicUrl))
  },
  { name: 'campaigns', dependencies: ['prisma', 'clock', 'config'] },
)
