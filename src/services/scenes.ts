// Diplomacy scenes (R11): a GM opens a scene for some tribes; they talk and
// propose trades of land, cities and ships; every giver accepts, a GM ratifies,
// and the engine's executeTrade moves everything at once or nothing. Each step
// runs under the campaign lock and is logged. Scenes are not bound to turn windows.
import { hmacRng, rulesetOf, type Transfer as TradeTransfer } from '../engine/index.ts'
import { lockCampaign, tribesOf as campaignsTribes, tribesNamed } from '../db/campaigns.ts'
import { appendEvents } from '../db/log.ts'
import { queueMails, type PendingMail } from '../db/outbox.ts'
import {
  acceptedBy,
  closeScene,
  insertMessage,
  insertProposal,
  insertScene,
  lockProposal,
  markSceneRead,
  unreadByScene,
  unreadInCampaign,
  messagesOf,
  proposalsOf,
  saveAnswer,
  sceneRows,
  setProposalStatus,
  type ProposalRow,
  type ProposalStatus,
  type SceneRow,
} from '../db/scenes.ts'
import { currentWeek, readSnapshot } from '../db/snapshots.ts'
import { sqlOf, transaction, type Sql } from '../db/sql.ts'
import { AppError } from '../lib/errors.ts'
import { cleanName, plainNote } from '../lib/names.ts'
import type { Access } from './access.ts'
import { catchUp } from './calendar-work.ts'
import { gmNews } from './gm-news.ts'
import { sceneNews } from './scene-mails.ts'
import type { ServiceDeps } from './deps.ts'
import { engineRefusal, load, snapshotState, save } from './working.ts'

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
  status: ProposalStatus
  failureReason: string | null
  createdAt: string
  decidedAt: string | null
}

export interface MessageView {
  id: string
  authorId: string
  tribeId: string | null
  body: string
  at: string
}

const givers = (transfers: TradeTransfer[]) => [...new Set(transfers.map((t) => t.from))]
const iso = (d: Date | null) => d?.toISOString() ?? null

function viewOf(scene: SceneRow): SceneView {
  return {
    id: scene.id,
    title: scene.title,
    status: scene.status,
    tribes: scene.tribes,
    createdAt: scene.createdAt.toISOString(),
    closedAt: iso(scene.closedAt),
  }
}

function requireGm(a: Access, what: string) {
  if (a.role !== 'gm') throw new AppError(403, 'scene/gm_only', `Only a game master may ${what}`, 'R11.3')
}

function requireLive(p: ProposalRow) {
  if (p.status !== 'open' && p.status !== 'accepted') throw new AppError(409, 'proposal/decided', `This proposal is already ${p.status}`, 'R11.3')
}

export function scenesService({ db, clock, publicUrl }: ServiceDeps) {
  const news = sceneNews(publicUrl)
  /** The scene if the caller may see it: GMs and the participating tribes' players. Anyone else: 404. */
  async function visibleScene(sql: Sql, a: Access, sceneId: string): Promise<SceneRow> {
    const [scene] = await sceneRows(sql, a.campaign.id, sceneId)
    if (!scene || !(a.role === 'gm' || (a.tribeId && scene.tribes.includes(a.tribeId)))) {
      // A co-player standing in is the absent tribe today: their own tribe's scenes wait for another day (#49).
      if (a.coPlayer)
        throw new AppError(
          404,
          'scene/stand_in_day',
          "Today you play an absent player's tribe: only its scenes open for you today, and your own tribe's on any other day",
        )
      throw new AppError(404, 'scene/not_found', `No scene ${sceneId} in this campaign`)
    }
    return scene
  }

  /** The scene, for a step by a participant or a GM: it must be open. */
  async function forStep(sql: Sql, a: Access, sceneId: string) {
    const scene = await visibleScene(sql, a, sceneId)
    if (scene.status !== 'open') throw new AppError(409, 'scene/closed', 'This scene is closed', 'R11.3')
    return scene
  }

  async function proposal(sql: Sql, a: Access, sceneId: string, proposalId: string): Promise<ProposalRow> {
    const row = await lockProposal(sql, a.campaign.id, sceneId, proposalId)
    if (!row) throw new AppError(404, 'proposal/not_found', `No proposal ${proposalId} in this scene`)
    return row
  }

  async function proposalViews(sql: Sql, a: Access, sceneId: string, proposalId?: string): Promise<ProposalView[]> {
    const { rows, answers } = await proposalsOf(sql, a.campaign.id, sceneId, proposalId)
    return rows.map((r) => ({
      id: r.id,
      tribeId: r.tribeId,
      transfers: r.transfers,
      givers: givers(r.transfers),
      answers: answers.filter((x) => x.proposalId === r.id).map((x) => ({ tribeId: x.tribeId, answer: x.answer, at: x.at.toISOString() })),
      status: r.status,
      failureReason: r.failureReason,
      createdAt: r.createdAt.toISOString(),
      decidedAt: iso(r.decidedAt),
    }))
  }

  /** A step of a scene: under the campaign lock, with its log entry and its mails. */
  async function step<T>(
    a: Access,
    fn: (sql: Sql, now: Date, log: (type: string, payload: Record<string, unknown>) => void, mail: (m: PendingMail[]) => void) => Promise<T>,
  ): Promise<T> {
    return transaction(db.pool, async (sql) => {
      await lockCampaign(sql, a.campaign.id)
      const now = clock.now()
      const entries: { type: string; payload: Record<string, unknown> }[] = []
      const mails: PendingMail[] = []
      const out = await fn(
        sql,
        now,
        (type, payload) => entries.push({ type, payload }),
        (m) => mails.push(...m),
      )
      const week = await currentWeek(sql, a.campaign.id)
      await appendEvents(
        sql,
        a.campaign.id,
        entries.map((e) => ({ ...e, week, at: now })),
      )
      await queueMails(sql, a.campaign.id, mails, now)
      return out
    })
  }

  return {
    async open(a: Access, input: { title: string; tribes: string[] }): Promise<SceneView> {
      requireGm(a, 'open a diplomacy scene')
      if (a.campaign.status === 'setup') throw new AppError(409, 'scene/not_started', 'Scenes open once the draft has started', 'R11.3')
      const wanted = [...new Set(input.tribes)]
      return step(a, async (sql, now, log, mail) => {
        const known = await tribesNamed(sql, a.campaign.id, wanted)
        const unknown = wanted.filter((t) => !known.includes(t))
        if (unknown.length) throw new AppError(422, 'scene/unknown_tribe', `No tribe ${unknown.join(', ')} in this campaign`, 'R11.3')
        const id = await insertScene(sql, { campaignId: a.campaign.id, title: cleanName(input.title, 'title'), openedById: a.userId, tribes: wanted, at: now })
        const [row] = await sceneRows(sql, a.campaign.id, id)
        log('scene.opened', { scene: id, tribes: wanted })
        mail(await news.toPlayers(sql, a, row!, `${id}/opened`, { event: 'opened' }))
        return viewOf(row!)
      })
    },

    /** The scenes the caller sees, each with the messages by others they have not read (#30). */
    /** A player asks the GMs for a scene with some tribes (#30): one mail to each GM a tribe and day at most. */
    async ask(a: Access, input: { tribes: string[]; note?: string | undefined }): Promise<{ asked: true }> {
      if (a.role !== 'player' || !a.tribeId) throw new AppError(403, 'scene/not_a_player', "Only a tribe's player asks for a scene; a GM opens one", 'R11.3')
      if (a.campaign.status === 'setup' || a.campaign.status === 'finished')
        throw new AppError(409, 'scene/not_running', 'Scenes are asked for while the campaign is under way', 'R11.3')
      const wanted = [...new Set(input.tribes)].filter((t) => t !== a.tribeId)
      const note = plainNote(input.note)
      return transaction(db.pool, async (sql) => {
        const known = await tribesNamed(sql, a.campaign.id, wanted)
        const unknown = wanted.filter((t) => !known.includes(t))
        if (unknown.length || wanted.length === 0)
          throw new AppError(422, 'scene/unknown_tribe', `No tribe ${unknown.join(', ') || '(none given)'} in this campaign`, 'R11.3')
        const tribes = (await campaignsTribes(sql, a.campaign.id)).filter((t) => t.id === a.tribeId || wanted.includes(t.id))
        const by = tribes.find((t) => t.id === a.tribeId)!.name
        const now = clock.now()
        const day = now.toISOString().slice(0, 10)
        const data = { tribeName: by, others: tribes.filter((t) => t.id !== a.tribeId).map((t) => t.name), note }
        await queueMails(sql, a.campaign.id, await gmNews(sql, a.campaign.id, 'scene_asked', `${a.tribeId}/${day}`, data, now), now)
        return { asked: true as const }
      })
    },

    async list(a: Access): Promise<(SceneView & { unread: number })[]> {
      const sql = sqlOf(db.pool)
      const rows = (await sceneRows(sql, a.campaign.id)).filter((s) => a.role === 'gm' || (a.tribeId && s.tribes.includes(a.tribeId)))
      const unread = a.userId
        ? await unreadByScene(
            sql,
            a.campaign.id,
            a.userId,
            rows.map((r) => r.id),
          )
        : new Map<string, number>()
      return rows.map((r) => ({ ...viewOf(r), unread: unread.get(r.id) ?? 0 }))
    },

    /** Unread messages in all the scenes a member sees: the diplomacy tab's count. */
    async unread(campaignId: string, userId: string, role: string, tribeId: string | null): Promise<number> {
      if (role !== 'gm' && !tribeId) return 0
      return unreadInCampaign(db.pool, campaignId, userId, role === 'gm' ? null : tribeId)
    },

    async get(a: Access, sceneId: string) {
      return transaction(db.pool, async (sql) => {
        const scene = await visibleScene(sql, a, sceneId)
        const messages = await messagesOf(sql, scene.id)
        // Read now: its unread count falls to 0 and a mail announcing its messages to this reader is not sent.
        if (a.userId) {
          await markSceneRead(sql, a.campaign.id, scene.id, a.userId, clock.now())
          await news.read(sql, a, scene, clock.now())
        }
        return {
          ...viewOf(scene),
          messages: messages.map((m): MessageView => ({ id: m.id, authorId: m.authorId, tribeId: m.tribeId, body: m.body, at: m.at.toISOString() })),
          proposals: await proposalViews(sql, a, scene.id),
        }
      })
    },

    async say(a: Access, sceneId: string, body: string): Promise<MessageView> {
      return step(a, async (sql, now, log, mail) => {
        const scene = await forStep(sql, a, sceneId)
        const tribeId = a.role === 'gm' ? null : a.tribeId
        mail(await news.message(sql, a, scene, now))
        const id = await insertMessage(sql, { campaignId: a.campaign.id, sceneId: scene.id, authorId: a.userId, tribeId, body, at: now })
        // The text stays in the scene: a public campaign's log must not show private talks.
        log('scene.message', { scene: scene.id, message: id, tribe: tribeId })
        return { id, authorId: a.userId!, tribeId, body, at: now.toISOString() }
      })
    },

    /** `input`: its transfers in the game's shape, checked by the caller (faces/trade-shape.ts); the game says what a trade may hold. */
    async propose(a: Access, sceneId: string, input: { transfers: readonly TradeTransfer[] } & Record<string, unknown>): Promise<ProposalView> {
      // What a trade may hold is the game's word (R11.1, G9.3, W8.3, M10.3).
      const shaped = rulesetOf(a.campaign.ruleset).tradeOf(input)
      if (!shaped.ok) throw engineRefusal(shaped.error)
      return step(a, async (sql, now, log, mail) => {
        const scene = await forStep(sql, a, sceneId)
        const outsiders = [...new Set(input.transfers.flatMap((t) => [t.from, t.to]))].filter((t) => !scene.tribes.includes(t))
        if (outsiders.length) throw new AppError(422, 'proposal/not_in_scene', `Only the scene's tribes trade here; not ${outsiders.join(', ')}`, 'R11.3')
        // Checked against today's map now (a clear error early); checked again at ratification.
        // The campaign lock is already held by this step: a plain read of the snapshot is enough.
        const snap = await readSnapshot(sql, a.campaign.id)
        if (!snap) throw new AppError(409, 'campaign/not_started', 'The draft has not started yet', 'R3.1')
        const state = await snapshotState(sql, a.campaign.id, snap)
        const rules = rulesetOf(state.ruleset)
        const dry = rules.applySystem(state, rules.actions.executeTrade(shaped.trade), hmacRng)
        if (!dry.ok) throw engineRefusal(dry.error)
        const transfers = [...shaped.trade]
        const tribeId = a.role === 'gm' ? null : a.tribeId
        const id = await insertProposal(sql, { campaignId: a.campaign.id, sceneId: scene.id, createdById: a.userId, tribeId, transfers, at: now })
        log('proposal.made', { scene: scene.id, proposal: id, tribe: tribeId })
        const giving = givers(transfers)
        // Proposing what one's own tribe gives is accepting it: the others' answers are what it waits for.
        if (tribeId && giving.includes(tribeId)) {
          await saveAnswer(sql, { campaignId: a.campaign.id, proposalId: id, tribeId, answer: 'accepted', at: now })
          log('proposal.accepted', { proposal: id, tribe: tribeId })
        }
        if (giving.every((g) => g === tribeId)) {
          // Nobody else gives: it waits for a GM alone (R11.3), as when the last giver accepts.
          await setProposalStatus(sql, id, 'accepted', now)
          mail(await news.toRatify(sql, a, scene, id))
        } else mail(await news.proposed(sql, a, scene, id, giving))
        return (await proposalViews(sql, a, scene.id, id))[0]!
      })
    },

    async answer(a: Access, sceneId: string, proposalId: string, answer: 'accept' | 'decline' | 'withdraw'): Promise<ProposalView> {
      return step(a, async (sql, now, log, mail) => {
        const scene = await forStep(sql, a, sceneId)
        const p = await proposal(sql, a, scene.id, proposalId)
        const giving = givers(p.transfers)
        const mine = a.tribeId && giving.includes(a.tribeId)
        if (answer === 'withdraw') {
          if (!(mine || (a.tribeId && p.tribeId === a.tribeId)))
            throw new AppError(403, 'proposal/not_yours', 'Only the proposing tribe or a giving tribe may withdraw it', 'R11.3')
        } else if (!mine) {
          throw new AppError(403, 'proposal/not_a_giver', 'Only a tribe that gives something in this proposal answers it', 'R11.3')
        }
        requireLive(p)
        // Accepting again (a proposer who gives has accepted by proposing) changes nothing and says nothing new.
        if (answer === 'accept' && (await acceptedBy(sql, p.id)).includes(a.tribeId!)) return (await proposalViews(sql, a, scene.id, p.id))[0]!
        if (answer === 'withdraw') {
          await setProposalStatus(sql, p.id, 'withdrawn', now)
          await news.settled(sql, a, p.id, now, true)
          log('proposal.withdrawn', { proposal: p.id, tribe: a.tribeId })
        } else {
          await saveAnswer(sql, {
            campaignId: a.campaign.id,
            proposalId: p.id,
            tribeId: a.tribeId!,
            answer: answer === 'accept' ? 'accepted' : 'declined',
            at: now,
          })
          if (answer === 'decline') {
            await setProposalStatus(sql, p.id, 'rejected', now, 'declined by a giving tribe')
            await news.settled(sql, a, p.id, now, true)
            log('proposal.declined', { proposal: p.id, tribe: a.tribeId })
          } else {
            const accepted = await acceptedBy(sql, p.id)
            if (giving.every((g) => accepted.includes(g))) {
              await setProposalStatus(sql, p.id, 'accepted', now)
              // Nobody waits for a player any more: the GMs do the rest (R11.3).
              await news.settled(sql, a, p.id, now, false)
              mail(await news.toRatify(sql, a, scene, p.id))
            }
            log('proposal.accepted', { proposal: p.id, tribe: a.tribeId })
          }
        }
        return (await proposalViews(sql, a, scene.id, p.id))[0]!
      })
    },

    /** Ratify (every giver has accepted): the engine trades, or the proposal fails naming the asset; or reject. */
    async decide(a: Access, sceneId: string, proposalId: string, decision: 'ratify' | 'reject'): Promise<ProposalView> {
      requireGm(a, `${decision} a proposal`)
      return transaction(db.pool, async (sql) => {
        const { campaign, w } = (await load(sql, a.campaign.id))!
        const now = clock.now()
        await catchUp(sql, campaign, w, now)
        const scene = await forStep(sql, a, sceneId)
        const p = await proposal(sql, a, scene.id, proposalId)
        requireLive(p)
        await news.settled(sql, a, p.id, now, true)
        if (decision === 'reject') {
          await setProposalStatus(sql, p.id, 'rejected', now, 'rejected by a game master')
          w.note('proposal.rejected', { proposal: p.id }, now)
        } else {
          if (p.status !== 'accepted') {
            const accepted = await acceptedBy(sql, p.id)
            const waiting = givers(p.transfers).filter((g) => !accepted.includes(g))
            const names = waiting.map((id) => w.view.tribes.find((t) => t.id === id)?.name ?? id)
            throw new AppError(409, 'proposal/not_accepted', `Every giving tribe accepts before a GM ratifies; waiting for ${names.join(', ')}`, 'R11.3')
          }
          try {
            w.system(w.rules.actions.executeTrade(p.transfers), now)
            await setProposalStatus(sql, p.id, 'ratified', now)
            w.note('proposal.ratified', { proposal: p.id }, now)
            w.mails.push(...(await news.toPlayers(sql, a, scene, `${p.id}/ratified`, { event: 'ratified' })))
          } catch (error) {
            if (!(error instanceof AppError)) throw error
            // Nothing moves (R11.3): the engine refused the whole trade.
            await setProposalStatus(sql, p.id, 'failed', now, error.message)
            w.note('proposal.failed', { proposal: p.id, code: error.code, reason: error.message }, now)
            // The reason is said in each reader's language at sending: its code, particulars and English words.
            const reason = { code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) }
            w.mails.push(...(await news.toPlayers(sql, a, scene, `${p.id}/failed`, { event: 'failed', reason: error.message, refusal: reason })))
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
        await closeScene(sql, scene.id, now)
        log('scene.closed', { scene: scene.id })
        return viewOf((await sceneRows(sql, a.campaign.id, scene.id))[0]!)
      })
    },
  }
}

export type ScenesService = ReturnType<typeof scenesService>
