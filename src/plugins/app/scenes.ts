// Diplomacy scenes (R11): a GM opens a scene for some tribes; they talk and
// propose trades of land, cities and ships; every giver accepts, a GM ratifies,
// and the engine's executeTrade moves everything at once or nothing. Each step
// runs under the campaign lock and is logged. Scenes are not bound to turn windows.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { applySystem, hmacRng, type TradeTransfer } from '../../engine/index.ts'
import { sqlOf, transaction, UUID, type Sql } from '../../db/sql.ts'
import { AppError } from '../../lib/errors.ts'
import {
  appendEvents, catchUp, currentWeek, loadState, lockAndLoad, lockCampaign, queueMails, save, type PendingMail,
} from '../../services/campaign-store.ts'
import type { Access } from './campaigns.ts'

export interface SceneView {
  id: string
  title: string
  status: 'open' | 'closed'
  tribes: string[]
  createdAt: string
  closedAt: string | null
}

export interface ProposalView {
  id: string
  tribeId: string | null
  transfers: TradeTransfer[]
  givers: string[]
  answers: { tribeId: string; answer: 'accepted' | 'declined'; at: string }[]
  status: 'open' | 'accepted' | 'ratified' | 'rejected' | 'failed' | 'withdrawn'
  failureReason: string | null
  createdAt: string
  decidedAt: string | null
}

export interface MessageView { id: string; authorId: string; tribeId: string | null; body: string; at: string }

interface SceneRow { id: string; title: string; status: 'open' | 'closed'; createdAt: Date; closedAt: Date | null; tribes: string[] }
interface ProposalRow { id: string; sceneId: string; tribeId: string | null; transfers: TradeTransfer[]; status: ProposalView['status']; failureReason: string | null; createdAt: Date; decidedAt: Date | null }

const givers = (transfers: TradeTransfer[]) => [...new Set(transfers.map((t) => t.from))]

declare module 'fastify' {
  interface FastifyInstance {
    scenes: ReturnType<typeof scenesService>
  }
}

function scenesService(fastify: FastifyInstance) {
  const { pg: pool, clock, config } = fastify

  const iso = (d: Date | null) => d?.toISOString() ?? null

  async function sceneRows(sql: Sql, campaignId: string, sceneId?: string): Promise<SceneRow[]> {
    return sql.query<SceneRow>(
      `SELECT s.id, s.title, s.status::text AS status, (s.created_at AT TIME ZONE 'UTC') AS "createdAt", (s.closed_at AT TIME ZONE 'UTC') AS "closedAt",
              COALESCE(array_agg(st.tribe_id::text ORDER BY st.tribe_id) FILTER (WHERE st.tribe_id IS NOT NULL), '{}') AS tribes
       FROM scenes s LEFT JOIN scene_tribes st ON st.scene_id = s.id
       WHERE s.campaign_id = $1::uuid ${sceneId ? 'AND s.id = $2::uuid' : ''}
       GROUP BY s.id ORDER BY s.created_at`,
      sceneId ? [campaignId, sceneId] : [campaignId],
    )
  }

  /** The scene if the caller may see it: GMs and the participating tribes' players. Anyone else: 404. */
  async function visibleScene(sql: Sql, a: Access, sceneId: string): Promise<SceneRow> {
    const notFound = new AppError(404, 'scene/not_found', `No scene ${sceneId} in this campaign`)
    if (!UUID.test(sceneId)) throw notFound
    const [scene] = await sceneRows(sql, a.campaign.id, sceneId)
    if (!scene || !(a.role === 'gm' || (a.tribeId && scene.tribes.includes(a.tribeId)))) throw notFound
    return scene
  }

  function viewOf(scene: SceneRow): SceneView {
    return { id: scene.id, title: scene.title, status: scene.status, tribes: scene.tribes, createdAt: scene.createdAt.toISOString(), closedAt: iso(scene.closedAt) }
  }

  function requireGm(a: Access, what: string) {
    if (a.role !== 'gm') throw new AppError(403, 'scene/gm_only', `Only a game master may ${what}`, 'R11.3')
  }

  function requireOpen(scene: SceneRow) {
    if (scene.status !== 'open') throw new AppError(409, 'scene/closed', 'This scene is closed', 'R11.3')
  }

  /** A step of a scene: under the campaign lock, with its log entry. */
  async function step<T>(a: Access, fn: (sql: Sql, now: Date, log: (type: string, payload: Record<string, unknown>) => void, mail: (m: PendingMail[]) => void) => Promise<T>): Promise<T> {
    return transaction(pool, async (sql) => {
      await lockCampaign(sql, a.campaign.id)
      const now = clock.now()
      const entries: { type: string; payload: Record<string, unknown> }[] = []
      const mails: PendingMail[] = []
      const out = await fn(sql, now, (type, payload) => entries.push({ type, payload }), (m) => mails.push(...m))
      const week = await currentWeek(sql, a.campaign.id)
      await appendEvents(sql, a.campaign.id, entries.map((e) => ({ ...e, week, at: now })))
      await queueMails(sql, a.campaign.id, mails, now)
      return out
    })
  }

  /** Scene mails to the participating tribes' players (they may turn diplomacy mails off). */
  async function sceneMails(sql: Sql, a: Access, scene: SceneRow, period: string, data: Record<string, unknown>): Promise<PendingMail[]> {
    const players = await sql.query<{ userId: string }>(
      `SELECT user_id AS "userId" FROM tribes WHERE campaign_id = $1::uuid AND id = ANY($2::uuid[]) AND user_id IS NOT NULL`, [a.campaign.id, scene.tribes])
    const sceneUrl = `${config.publicUrl}/campaigns/${a.campaign.id}/scenes/${scene.id}`
    return players.map((p) => ({ userId: p.userId, kind: 'scene' as const, period, data: { sceneTitle: scene.title, sceneUrl, ...data } }))
  }

  async function proposalRow(sql: Sql, a: Access, sceneId: string, proposalId: string): Promise<ProposalRow> {
    const notFound = new AppError(404, 'proposal/not_found', `No proposal ${proposalId} in this scene`)
    if (!UUID.test(proposalId)) throw notFound
    const [row] = await sql.query<ProposalRow>(
      `SELECT id, scene_id AS "sceneId", tribe_id AS "tribeId", transfers, status::text AS status, failure_reason AS "failureReason",
              (created_at AT TIME ZONE 'UTC') AS "createdAt", (decided_at AT TIME ZONE 'UTC') AS "decidedAt"
       FROM proposals WHERE id = $1::uuid AND scene_id = $2::uuid AND campaign_id = $3::uuid FOR UPDATE`, [proposalId, sceneId, a.campaign.id])
    if (!row) throw notFound
    return row
  }

  async function proposalViews(sql: Sql, a: Access, sceneId: string, proposalId?: string): Promise<ProposalView[]> {
    const rows = await sql.query<ProposalRow>(
      `SELECT id, tribe_id AS "tribeId", transfers, status::text AS status, failure_reason AS "failureReason",
              (created_at AT TIME ZONE 'UTC') AS "createdAt", (decided_at AT TIME ZONE 'UTC') AS "decidedAt"
       FROM proposals WHERE scene_id = $1::uuid AND campaign_id = $2::uuid ${proposalId ? 'AND id = $3::uuid' : ''} ORDER BY created_at`,
      proposalId ? [sceneId, a.campaign.id, proposalId] : [sceneId, a.campaign.id])
    const answers = await sql.query<{ proposalId: string; tribeId: string; answer: 'accepted' | 'declined'; at: Date }>(
      `SELECT proposal_id AS "proposalId", tribe_id AS "tribeId", answer, (answered_at AT TIME ZONE 'UTC') AS at
       FROM proposal_answers WHERE proposal_id = ANY($1::uuid[]) ORDER BY answered_at`, [rows.map((r) => r.id)])
    return rows.map((r) => ({
      id: r.id, tribeId: r.tribeId, transfers: r.transfers, givers: givers(r.transfers),
      answers: answers.filter((x) => x.proposalId === r.id).map((x) => ({ tribeId: x.tribeId, answer: x.answer, at: x.at.toISOString() })),
      status: r.status, failureReason: r.failureReason, createdAt: r.createdAt.toISOString(), decidedAt: iso(r.decidedAt),
    }))
  }

  async function setStatus(sql: Sql, proposalId: string, status: ProposalView['status'], now: Date, reason: string | null = null) {
    await sql.query(
      `UPDATE proposals SET status = $2::"ProposalStatus", failure_reason = $3, decided_at = CASE WHEN $2 IN ('open', 'accepted') THEN NULL ELSE ($4::timestamptz AT TIME ZONE 'UTC') END
       WHERE id = $1::uuid`, [proposalId, status, reason, now.toISOString()])
  }

  /** The scene, locked, for a step by a participant (or a GM); its proposal too when named. */
  async function forStep(sql: Sql, a: Access, sceneId: string) {
    const scene = await visibleScene(sql, a, sceneId)
    requireOpen(scene)
    return scene
  }

  return {
    async open(a: Access, input: { title: string; tribes: string[] }): Promise<SceneView> {
      requireGm(a, 'open a diplomacy scene')
      if (a.campaign.status === 'setup') throw new AppError(409, 'scene/not_started', 'Scenes open once the draft has started', 'R11.3')
      const wanted = [...new Set(input.tribes)]
      return step(a, async (sql, now, log, mail) => {
        const known = await sql.query<{ id: string }>(`SELECT id FROM tribes WHERE campaign_id = $1::uuid AND id = ANY($2::uuid[])`, [a.campaign.id, wanted.filter((t) => UUID.test(t))])
        const unknown = wanted.filter((t) => !known.some((k) => k.id === t))
        if (unknown.length) throw new AppError(422, 'scene/unknown_tribe', `No tribe ${unknown.join(', ')} in this campaign`, 'R11.3')
        const [scene] = await sql.query<{ id: string }>(
          `INSERT INTO scenes (id, campaign_id, title, status, opened_by_id, created_at) VALUES (gen_random_uuid(), $1::uuid, $2, 'open', $3::uuid, ($4::timestamptz AT TIME ZONE 'UTC')) RETURNING id`,
          [a.campaign.id, input.title.trim(), a.userId, now.toISOString()])
        await sql.query(`INSERT INTO scene_tribes (campaign_id, scene_id, tribe_id) SELECT $1::uuid, $2::uuid, unnest($3::uuid[])`, [a.campaign.id, scene!.id, wanted])
        const [row] = await sceneRows(sql, a.campaign.id, scene!.id)
        log('scene.opened', { scene: row!.id, tribes: wanted })
        mail(await sceneMails(sql, a, row!, `${row!.id}/opened`, { event: 'opened' }))
        return viewOf(row!)
      })
    },

    async list(a: Access): Promise<SceneView[]> {
      const rows = await sceneRows(sqlOf(pool), a.campaign.id)
      return rows.filter((s) => a.role === 'gm' || (a.tribeId && s.tribes.includes(a.tribeId))).map(viewOf)
    },

    async get(a: Access, sceneId: string) {
      return transaction(pool, async (sql) => {
        const scene = await visibleScene(sql, a, sceneId)
        const messages = await sql.query<{ id: string; authorId: string; tribeId: string | null; body: string; at: Date }>(
          `SELECT id, author_id AS "authorId", tribe_id AS "tribeId", body, (created_at AT TIME ZONE 'UTC') AS at
           FROM scene_messages WHERE scene_id = $1::uuid ORDER BY position`, [scene.id])
        return {
          ...viewOf(scene),
          messages: messages.map((m): MessageView => ({ id: m.id, authorId: m.authorId, tribeId: m.tribeId, body: m.body, at: m.at.toISOString() })),
          proposals: await proposalViews(sql, a, scene.id),
        }
      })
    },

    async say(a: Access, sceneId: string, body: string): Promise<MessageView> {
      return step(a, async (sql, now, log) => {
        const scene = await forStep(sql, a, sceneId)
        const tribeId = a.role === 'gm' ? null : a.tribeId
        const [m] = await sql.query<{ id: string }>(
          `INSERT INTO scene_messages (id, campaign_id, scene_id, author_id, tribe_id, body, created_at)
           VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, ($6::timestamptz AT TIME ZONE 'UTC')) RETURNING id`,
          [a.campaign.id, scene.id, a.userId, tribeId, body, now.toISOString()])
        // The text stays in the scene: a public campaign's log must not show private talks.
        log('scene.message', { scene: scene.id, message: m!.id, tribe: tribeId })
        return { id: m!.id, authorId: a.userId!, tribeId, body, at: now.toISOString() }
      })
    },

    async propose(a: Access, sceneId: string, input: { transfers: TradeTransfer[]; resources?: unknown }): Promise<ProposalView> {
      if (input.resources !== undefined || input.transfers.some((t) => 'resources' in t)) {
        throw new AppError(422, 'trade/resources_not_tradeable', 'Resources can never be traded: propose land tiles, cities and ships', 'R11.1')
      }
      return step(a, async (sql, now, log, mail) => {
        const scene = await forStep(sql, a, sceneId)
        const outsiders = [...new Set(input.transfers.flatMap((t) => [t.from, t.to]))].filter((t) => !scene.tribes.includes(t))
        if (outsiders.length) throw new AppError(422, 'proposal/not_in_scene', `Only the scene's tribes trade here; not ${outsiders.join(', ')}`, 'R11.3')
        // Checked against today's map now (a clear error early); checked again at ratification.
        // The campaign lock is already held by this step: a plain read of the snapshot is enough.
        const [snap] = await sql.query<{ state: unknown }>('SELECT state FROM game_snapshots WHERE campaign_id = $1::uuid', [a.campaign.id])
        if (!snap) throw new AppError(409, 'campaign/not_started', 'The draft has not started yet', 'R3.1')
        const dry = applySystem(loadState(snap.state), { type: 'executeTrade', transfers: input.transfers }, hmacRng)
        if (!dry.ok) throw new AppError(422, dry.error.code, dry.error.message, dry.error.rule)
        const transfers = input.transfers.map((t) => ({ from: t.from, to: t.to, tiles: t.tiles ?? [], ships: t.ships ?? [] }))
        const [p] = await sql.query<{ id: string }>(
          `INSERT INTO proposals (id, campaign_id, scene_id, created_by_id, tribe_id, transfers, status, created_at)
           VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::jsonb, 'open', ($6::timestamptz AT TIME ZONE 'UTC')) RETURNING id`,
          [a.campaign.id, scene.id, a.userId, a.role === 'gm' ? null : a.tribeId, JSON.stringify(transfers), now.toISOString()])
        log('proposal.made', { scene: scene.id, proposal: p!.id, tribe: a.role === 'gm' ? null : a.tribeId })
        mail(await sceneMails(sql, a, scene, `${p!.id}/proposed`, { event: 'proposed' }))
        return (await proposalViews(sql, a, scene.id, p!.id))[0]!
      })
    },

    async answer(a: Access, sceneId: string, proposalId: string, answer: 'accept' | 'decline' | 'withdraw'): Promise<ProposalView> {
      return step(a, async (sql, now, log) => {
        const scene = await forStep(sql, a, sceneId)
        const p = await proposalRow(sql, a, scene.id, proposalId)
        const giving = givers(p.transfers)
        const mine = a.tribeId && giving.includes(a.tribeId)
        if (answer === 'withdraw') {
          if (!(mine || (a.tribeId && p.tribeId === a.tribeId))) throw new AppError(403, 'proposal/not_yours', 'Only the proposing tribe or a giving tribe may withdraw it', 'R11.3')
        } else if (!mine) {
          throw new AppError(403, 'proposal/not_a_giver', 'Only a tribe that gives something in this proposal answers it', 'R11.3')
        }
        if (p.status !== 'open' && p.status !== 'accepted') throw new AppError(409, 'proposal/decided', `This proposal is already ${p.status}`, 'R11.3')
        if (answer === 'withdraw') {
          await setStatus(sql, p.id, 'withdrawn', now)
          log('proposal.withdrawn', { proposal: p.id, tribe: a.tribeId })
        } else {
          await sql.query(
            `INSERT INTO proposal_answers (campaign_id, proposal_id, tribe_id, answer, answered_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, ($5::timestamptz AT TIME ZONE 'UTC'))
             ON CONFLICT (proposal_id, tribe_id) DO UPDATE SET answer = EXCLUDED.answer, answered_at = EXCLUDED.answered_at`,
            [a.campaign.id, p.id, a.tribeId, answer === 'accept' ? 'accepted' : 'declined', now.toISOString()])
          if (answer === 'decline') {
            await setStatus(sql, p.id, 'rejected', now, 'declined by a giving tribe')
            log('proposal.declined', { proposal: p.id, tribe: a.tribeId })
          } else {
            const accepted = await sql.query<{ tribeId: string }>(`SELECT tribe_id AS "tribeId" FROM proposal_answers WHERE proposal_id = $1::uuid AND answer = 'accepted'`, [p.id])
            if (giving.every((g) => accepted.some((x) => x.tribeId === g))) await setStatus(sql, p.id, 'accepted', now)
            log('proposal.accepted', { proposal: p.id, tribe: a.tribeId })
          }
        }
        return (await proposalViews(sql, a, scene.id, p.id))[0]!
      })
    },

    /** Ratify (every giver has accepted): the engine trades, or the proposal fails naming the asset; or reject. */
    async decide(a: Access, sceneId: string, proposalId: string, decision: 'ratify' | 'reject'): Promise<ProposalView> {
      requireGm(a, `${decision} a proposal`)
      return transaction(pool, async (sql) => {
        const loaded = await lockAndLoad(sql, a.campaign.id)
        const { campaign, w } = loaded!
        const now = clock.now()
        await catchUp(sql, campaign, w, now)
        const scene = await forStep(sql, a, sceneId)
        const p = await proposalRow(sql, a, scene.id, proposalId)
        if (p.status !== 'open' && p.status !== 'accepted') throw new AppError(409, 'proposal/decided', `This proposal is already ${p.status}`, 'R11.3')
        if (decision === 'reject') {
          await setStatus(sql, p.id, 'rejected', now, 'rejected by a game master')
          w.note('proposal.rejected', { proposal: p.id }, now)
        } else {
          if (p.status !== 'accepted') {
            const accepted = await sql.query<{ tribeId: string }>(`SELECT tribe_id AS "tribeId" FROM proposal_answers WHERE proposal_id = $1::uuid AND answer = 'accepted'`, [p.id])
            const waiting = givers(p.transfers).filter((g) => !accepted.some((x) => x.tribeId === g))
            const names = waiting.map((id) => w.state.tribes.find((t) => t.id === id)?.name ?? id)
            throw new AppError(409, 'proposal/not_accepted', `Every giving tribe accepts before a GM ratifies; waiting for ${names.join(', ')}`, 'R11.3')
          }
          try {
            w.system({ type: 'executeTrade', transfers: p.transfers }, now)
            await setStatus(sql, p.id, 'ratified', now)
            w.note('proposal.ratified', { proposal: p.id }, now)
            w.mails.push(...await sceneMails(sql, a, scene, `${p.id}/ratified`, { event: 'ratified' }))
          } catch (error) {
            if (!(error instanceof AppError)) throw error
            // Nothing moves (R11.3): the engine refused the whole trade.
            await setStatus(sql, p.id, 'failed', now, error.message)
            w.note('proposal.failed', { proposal: p.id, code: error.code, reason: error.message }, now)
            w.mails.push(...await sceneMails(sql, a, scene, `${p.id}/failed`, { event: 'failed', reason: error.message }))
          }
        }
        await save(sql, campaign, w, now)
        return (await proposalViews(sql, a, scene.id, p.id))[0]!
      })
    },

    async close(a: Access, sceneId: string): Promise<SceneView> {
      requireGm(a, 'close a scene')
      return step(a, async (sql, now, log) => {
        const scene = await forStep(sql, a, sceneId)
        await sql.query(`UPDATE scenes SET status = 'closed', closed_at = ($2::timestamptz AT TIME ZONE 'UTC') WHERE id = $1::uuid`, [scene.id, now.toISOString()])
        await sql.query(
          `UPDATE proposals SET status = 'withdrawn', failure_reason = 'the scene was closed', decided_at = ($2::timestamptz AT TIME ZONE 'UTC')
           WHERE scene_id = $1::uuid AND status IN ('open', 'accepted')`, [scene.id, now.toISOString()])
        log('scene.closed', { scene: scene.id })
        return viewOf((await sceneRows(sql, a.campaign.id, scene.id))[0]!)
      })
    },
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('scenes', scenesService(fastify))
  },
  { name: 'scenes', dependencies: ['prisma', 'clock', 'config', 'campaigns'] },
)
