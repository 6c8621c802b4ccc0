// The pages a game draws its own way, by the game a campaign plays (#17). The weekday wargame's
// are the platform's own handlers; another game lists its pages here, and those handlers hand
// its campaigns over.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Access } from '../../services/access.ts'
import { conquestHistoryPages } from './conquest/history.ts'
import { conquestPages } from './conquest/pages.ts'
import type { PageKit, Req } from './kit.ts'

type Page = (request: Req, reply: FastifyReply, a: Access) => Promise<unknown>
export interface GamePages { overview: Page; turn: Page; order: Page; economy: Page; history: Page; dice: Page }
export type Games = (a: Access) => GamePages | undefined

export function gamePages(fastify: FastifyInstance, kit: PageKit): Games {
  const pages: Record<string, GamePages> = { conquest: { ...conquestPages(fastify, kit), ...conquestHistoryPages(fastify, kit) } }
  return (a) => pages[a.campaign.ruleset]
}
