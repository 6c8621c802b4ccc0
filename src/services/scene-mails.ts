// Who hears of what happens in a diplomacy scene (#30), and when that news is stale: the
// scene's tribes' players hear of its opening, its messages (one mail a scene an hour at most)
// and its proposals (a giver learns it waits for their answer); the GMs hear of the players'
// messages and of a proposal every giver accepted, which waits for them to ratify. A mail not
// yet sent is dropped once its news is stale: the proposal decided, the scene read.
import { dropUnsentOf, type PendingMail } from '../db/outbox.ts'
import { gmsOf } from '../db/roster.ts'
import { playersOfTribes, type SceneRow } from '../db/scenes.ts'
import type { Sql } from '../db/sql.ts'
import type { Access } from './access.ts'

const HOUR_MS = 3_600_000

export function sceneNews(publicUrl: string) {
  const urlOf = (a: Access, scene: SceneRow) => `${publicUrl}/campaigns/${a.campaign.id}/scenes/${scene.id}`
  const mailsTo = (users: Iterable<string>, a: Access, scene: SceneRow, period: string, data: (userId: string) => Record<string, unknown>): PendingMail[] =>
    [...new Set(users)].map((userId) => ({
      userId,
      kind: 'scene' as const,
      period,
      data: { sceneTitle: scene.title, sceneUrl: urlOf(a, scene), ...data(userId) },
    }))
  const players = (sql: Sql, a: Access, scene: SceneRow) => playersOfTribes(sql, a.campaign.id, scene.tribes)

  return {
    /** The scene's players: it opened, a trade was ratified or failed. */
    async toPlayers(sql: Sql, a: Access, scene: SceneRow, period: string, data: Record<string, unknown>): Promise<PendingMail[]> {
      return mailsTo(await players(sql, a, scene), a, scene, period, () => data)
    },

    /** A message: everyone in the scene but its author, the GMs when a player wrote it; one mail per scene and hour. */
    async message(sql: Sql, a: Access, scene: SceneRow, now: Date): Promise<PendingMail[]> {
      const readers = [...(await players(sql, a, scene)), ...(a.role === 'gm' ? [] : await gmsOf(sql, a.campaign.id))].filter((u) => u !== a.userId)
      return mailsTo(readers, a, scene, `${scene.id}/message/${Math.floor(now.getTime() / HOUR_MS)}`, () => ({ event: 'message' }))
    },

    /** A proposal: the scene's players but its author; a giving tribe's player reads that it waits for their answer. */
    async proposed(sql: Sql, a: Access, scene: SceneRow, proposalId: string, givers: string[]): Promise<PendingMail[]> {
      const giving = new Set(await playersOfTribes(sql, a.campaign.id, givers))
      const readers = (await players(sql, a, scene)).filter((u) => u !== a.userId)
      return mailsTo(readers, a, scene, `${proposalId}/proposed`, (userId) => ({ event: 'proposed', giver: giving.has(userId) }))
    },

    /** Every giver accepted: the GMs have a proposal to ratify. */
    async toRatify(sql: Sql, a: Access, scene: SceneRow, proposalId: string): Promise<PendingMail[]> {
      return mailsTo(await gmsOf(sql, a.campaign.id), a, scene, `${proposalId}/to_ratify`, () => ({ event: 'to_ratify' }))
    },

    /** A proposal answered for good (decided, withdrawn, declined, or accepted by all): its news of waiting is stale. */
    async settled(sql: Sql, a: Access, proposalId: string, now: Date, alsoRatify: boolean) {
      const periods = [`${proposalId}/proposed`, ...(alsoRatify ? [`${proposalId}/to_ratify`] : [])]
      await dropUnsentOf(sql, a.campaign.id, 'scene', periods, 'the proposal was settled before the mail went', now)
    },

    /** The reader has seen the scene: the mails announcing its messages to them are stale. */
    async read(sql: Sql, a: Access, scene: SceneRow, now: Date) {
      await dropUnsentOf(sql, a.campaign.id, 'scene', [`${scene.id}/message/`], 'the scene was read before the mail went', now, a.userId!)
    },
  }
}
