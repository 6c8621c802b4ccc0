// Open Wars' overview and economy (#29): the map of location cards, each tribe's faction, pools,
// army value and score, the ranking once over, and the next collection of each tribe. The
// engine's board is read from the campaign's snapshot (what anyone may see, W10.8, and the
// reader's own secrets), the calendar from the platform's view.
import { rosterOf } from '../game-reads.ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { CARDS } from '../../engine/games/openwars/data.ts'
import { openWars } from '../../engine/games/openwars/index.ts'
import type { Access } from '../../services/access.ts'
import { gameReads } from '../game-reads.ts'
import type { PageKit, Req, Strings } from '../page-kit.ts'
import { bandSvg } from './band-svg.ts'
import { cardName, factionName, keywordName, typeName } from './names.ts'
import { firstTickAtOrAfter } from '../../lib/calendar.ts'

export type EngineBoard = ReturnType<typeof openWars.board>

/** The template of this game's page. */
export const page = (name: string) => `../games/openwars/pages/${name}`

/** Every location's name for the chronicle and the forms: "Pradera (r3c1)". */
export const placesOf = (board: { cells: { id: string; card: string }[] }, s: Strings) =>
  new Map(board.cells.map((c) => [c.id, `${cardName(c.card, s)} (${c.id})`]))

export function openwarsRead(fastify: FastifyInstance) {
  const { campaigns } = fastify
  const reads = gameReads(campaigns, openWars)
  return async function read(a: Access) {
    const { state: s0, version } = await reads.state(a)
    const board = openWars.board(s0, a.tribeId ?? null)
    const view = await reads.board(a)
    const { colours, names, bots } = await rosterOf(campaigns, a)
    return { state: s0, version, board, view, colours, names, bots }
  }
}

/** W3.6: tick 0, the muster, while in setup (its instant, for the pages that say when weekdays are dealt anew, W3.7). */
export function musterOf(board: { tickZeroNotBefore: number | null }, zone: string): string | null {
  return board.tickZeroNotBefore === null ? null : firstTickAtOrAfter(zone, new Date(board.tickZeroNotBefore)).toISOString()
}

export function mapOf(board: EngineBoard, colours: Map<string, string>, names: Map<string, string>, label: string, s: Strings, highlight?: Set<string>) {
  return bandSvg(board.cells, s, { rows: board.rows, cols: board.cols, label, colours, names, ...(highlight ? { highlight } : {}) })
}

/** The map's legend: every card on the board with its terrain, entry cost, yields and characteristic. */
export function legendOf(board: EngineBoard, s: Strings) {
  return [...new Set(board.cells.map((c) => c.card))]
    .sort()
    .map((id) => CARDS.get(id)!)
    .map((c) => ({
      id: c.id,
      name: cardName(c.id, s),
      type: typeName(c.type, s),
      entry: c.entry,
      gold: c.gold,
      mana: c.mana,
      keyword: keywordName(c.keyword, s),
      keywordHelp: c.keyword ? (s[`o_keywordHelp_${c.keyword}`] ?? '') : '',
      at: board.cells
        .filter((x) => x.card === c.id)
        .map((x) => x.id)
        .join(' '),
    }))
}

export function openwarsPages(fastify: FastifyInstance, kit: PageKit) {
  const reads = gameReads(fastify.campaigns, openWars)
  const { tabPage, stringsOf } = kit
  const read = openwarsRead(fastify)

  async function overview(request: Req, reply: FastifyReply, a: Access) {
    const s = await stringsOf(request)
    const { board, view, colours, names, bots } = await read(a)
    const standing = board.tribes.map((t) => {
      const p = view.tribes.find((x) => x.id === t.id)
      return {
        ...t,
        ...p,
        colour: colours.get(t.id),
        bot: bots.has(t.id),
        factionName: factionName(t.faction, s),
        locations: board.cells.filter((c) => c.controller === t.id).length,
      }
    })
    const result = board.result && {
      reasonText: s[`o_end_${board.result.reason}`],
      ranking: board.result.ranking.map((id, i) => ({ rank: board.result!.ranks[i], name: names.get(id) ?? id, winner: board.result!.ranks[i] === 1 })),
    }
    return tabPage({ request, reply, a }, 'overview', page('overview.hbs'), {
      week: board.round,
      board,
      setup: board.status === 'setup',
      muster: musterOf(board, a.campaign.timeZone),
      standing,
      result,
      legend: legendOf(board, s),
      mapSvg: mapOf(board, colours, names, `${a.campaign.name}: ${s.o_map}`, s),
    })
  }

  async function economy(request: Req, reply: FastifyReply, a: Access) {
    const s = await stringsOf(request)
    const { board, colours } = await read(a)
    const preview = await reads.preview(a)
    const rows = board.tribes.map((t) => ({
      name: t.name,
      colour: colours.get(t.id),
      faction: factionName(t.faction, s),
      gold: t.gold,
      mana: t.mana,
      armyValue: t.armyValue,
      score: t.score,
      next: preview[t.id] ?? null,
      eliminated: t.eliminated,
    }))
    return tabPage({ request, reply, a }, 'pools', page('economy.hbs'), {
      week: board.round,
      board,
      rows,
      legend: legendOf(board, s),
    })
  }

  return { overview, economy }
}
