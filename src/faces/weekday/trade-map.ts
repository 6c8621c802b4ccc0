// The small map a trade proposal is built on (R11.2, #27): only the land of the scene's tribes,
// each tile marked with its owner, so that a tap can put it in the giving tribe's line.
import type { FastifyInstance } from 'fastify'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { PageKit } from '../page-kit.ts'
import type { Access } from '../../services/access.ts'
import { mapOf, mapWords } from './map.ts'
import { renderMapSvg } from './map-svg.ts'
import { weeklyTurn } from '../../engine/games/weekday/index.ts'
import { gameReads } from '../game-reads.ts'
import { placeLabel } from './places.ts'

export async function tradeMap(fastify: FastifyInstance, kit: PageKit, a: Access, locale: 'en' | 'es', tribeIds: string[]): Promise<string | null> {
  const view = await gameReads(fastify.campaigns, weeklyTurn).board(a)
  if (!view.map) return null
  const tribes = (await fastify.campaigns.get(a)).tribes
  const board = mapOf(view)
  const theirs = new Set(board.tiles.filter((t) => t.owner !== null && tribeIds.includes(t.owner) && t.terrain !== 'sea').map((t) => t.tile))
  if (theirs.size === 0) return null
  const s = kit.strings(locale)
  const svg = renderMapSvg(
    { tiles: board.tiles.filter((t) => theirs.has(t.tile)), armies: board.armies.filter((x) => theirs.has(x.tile)), ships: [], besieged: [] },
    tribes,
    { label: fill(s.tradeMapLabel!, { campaign: a.campaign.name }, languageOf(s)), words: mapWords(s), places: placeLabel(view.map, locale) },
  )
  return `<figure class="trade-map">${svg}<figcaption>${s.tradeMapHelp}</figcaption></figure>`
}
