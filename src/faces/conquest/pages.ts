// World conquest's pages (#17): the overview with the world map and the standing, the turn with
// the engine's legal options as forms (the setup list, then every order of a window), and the
// economy. The platform's handlers hand a conquest campaign to these (see ./index.ts).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { BY_ID, conquest, TERRITORY_IDS, type TerritoryOptions } from '../../engine/games/conquest/index.ts'
import { AppError } from '../../lib/errors.ts'
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Access } from '../../services/access.ts'
import { gameReads, openingsAfterTickZero, rosterOf, type BoardOf, type TypesOf } from '../game-reads.ts'
import { one, requirePlayer, STRINGS, type Body, type PageKit, type Req, type Strings, type TurnAgain } from '../page-kit.ts'
import { attackOdds } from './odds.ts'
import { battleRounds } from './battle-words.ts'
import { inGoodsOrder } from './chronicle.ts'
import { worldSvg } from './world-svg.ts'

type Board = BoardOf<TypesOf<typeof conquest>>

/** A territory's name in the reader's language (#27); the book's Spanish name if the catalogue lacks it. */
export const placeName = (id: string, s: Strings) => s[`c_territory_${id}`] ?? BY_ID.get(id)?.name ?? id

/** Every territory's name in the reader's language, for the world map's titles. */
export const placeNames = (s: Strings): Record<string, string> => Object.fromEntries(TERRITORY_IDS.map((id) => [id, placeName(id, s)]))

/** The template of this game's page. */
export const page = (name: string) => `../games/conquest/pages/${name}`

const GOOD_KEYS = ['basic', 'oil', 'net', 'lithium', 'nuclear', 'tribes', 'tech', 'niobium', 'virus', 'labour', 'tank', 'artillery', 'missile', 'bio'] as const
const OBJECTIVES = ['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7', 'O8', 'O9', 'O10']

/** A stock as words: "3 Básicos, 1 Petróleo"; empty kinds left out. */
const goods = (g: Record<string, number>, s: Strings) =>
  GOOD_KEYS.filter((k) => g[k]! > 0)
    .map((k) => `${g[k]} ${s[`c_good_${k}`]}`)
    .join(', ')

export function conquestPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { tabPage, viewer, stringsOf, loginClaims } = kit
  const reads = gameReads(campaigns, conquest)

  async function read(a: Access) {
    const board = await reads.board(a)
    const { tribes, colours, names, bots } = await rosterOf(campaigns, a)
    // During setup (G1.13, G1.14) the next windows are the first ones after tick 0.
    return { board, tribes, colours, names, bots, tickZero: openingsAfterTickZero(board, a.campaign.timeZone) }
  }

  function map(board: Board, colours: Map<string, string>, names: Map<string, string>, label: string, s: Strings, highlight?: Set<string>, wrapped = false) {
    return worldSvg(board.territories, colours, names, {
      label,
      names: placeNames(s),
      wrapped,
      ...(highlight ? { highlight } : {}),
    })
  }

  function objectiveText(id: string | null, s: Strings, board: Board, names: Map<string, string>) {
    if (!id) return null
    let text = s[`c_objective_${id}`] ?? id
    if (id === 'O9' && board.you?.o9Target)
      text = `${text} ${s.c_target}: ${names.get(board.you.o9Target) ?? board.you.o9Target}.${board.you.o9Fallback ? ` ${s.c_o9Fallback}` : ''}`
    return text.replace('{count}', String(board.you?.bigCount ?? 24))
  }

  async function overview(request: Req, reply: FastifyReply, a: Access) {
    const v = await viewer(request)
    const s = STRINGS[v.locale]
    const { board, colours, names, bots, tickZero } = await read(a)
    const standing = board.standing.map((t) => {
      const platform = board.tribes.find((x) => x.id === t.id)!
      return {
        ...t,
        ...platform,
        colour: colours.get(t.id),
        bot: bots.has(t.id),
        objectiveText: t.objective ? `${t.objective}: ${s[`c_objective_${t.objective}`]}` : null,
      }
    })
    const result = board.result && {
      ...board.result,
      reasonText: s[`c_end_${board.result.reason}`],
      ranking: board.result.ranking.map((id) => ({
        name: names.get(id) ?? id,
        winner: board.result!.winners.includes(id),
        eliminated: board.standing.find((x) => x.id === id)?.eliminated ?? false,
      })),
    }
    return tabPage({ request, reply, a }, 'overview', page('overview.hbs'), {
      week: board.round,
      progress: (board as { progress?: unknown }).progress,
      board,
      tickZero,
      standing,
      result,
      objectives: OBJECTIVES.map((id) => ({ id, text: s[`c_objective_${id}`]!.replace('{count}', board.tribesAtStart === 2 ? '30' : '24') })),
      mapSvg: map(board, colours, names, `${a.campaign.name}: ${s.c_worldMap}`, s),
    })
  }

  async function turn(request: Req, reply: FastifyReply, a: Access, extra: TurnAgain = {}, status = 200) {
    requirePlayer(a)
    const v = await viewer(request)
    const s = STRINGS[v.locale]
    const { board, colours, names, tickZero } = await read(a)
    const options = await reads.options(a)
    const mine = board.territories.filter((t) => t.owner === a.tribeId)
    const label = (id: string) => `${placeName(id, s)} (${id})`
    const choices = (ids: string[]) => ids.map((id) => ({ id, label: label(id), troops: board.territories.find((t) => t.id === id)?.troops ?? 0 }))
    const cards = (options?.territories ?? []).map((o: TerritoryOptions) => {
      const x = board.territories.find((t) => t.id === o.id)!
      return {
        ...o,
        label: label(o.id),
        troops: x.troops,
        guards: x.guards,
        wall: x.wall,
        planes: x.planes,
        ships: x.ships,
        stock: goods(x.stock, s),
        incoming: goods(x.incoming, s),
        // #27: no target chosen for the player; each with its odds (G6.3), from everything that may leave.
        attackChoices: o.attacks.map((id) => {
          const target = board.territories.find((t) => t.id === id)!
          const odds = attackOdds(x, target, o.canLeave, v.locale, s)
          return {
            id,
            label: label(id),
            troops: target.troops,
            odds,
            win: s.c_odds_win!.replace('{chance}', odds.win).replace('{troops}', String(o.canLeave)),
            title: s.c_odds_title!.replace('{target}', label(id)),
          }
        }),
        allSent: s.c_odds_all!.replace('{troops}', String(o.canLeave)),
        moveChoices: choices(o.moves),
        flyChoices: choices(o.fly),
        sailChoices: choices(o.sail),
        strikes: (['airStrike', 'navalBombard', 'fireArtillery', 'launchMissile', 'releaseBio'] as const)
          .filter((k) => o[k].length > 0)
          .map((k) => ({ type: k, label: s[`c_order_${k}`], targets: choices(o[k]) })),
        buildChoices: o.builds.map((b) => ({ ...b, label: s[`c_build_${b.kind}`] })),
        gatherCounts: Array.from({ length: o.gather }, (_, i) => i + 1),
      }
    })
    const me = board.tribes.find((t) => t.id === a.tribeId)
    const mapFirst = !board.setup && (options?.canEndTurn ?? false) && cards.length > 0
    return tabPage({ request, reply, a, status }, 'turn', page('turn.hbs'), {
      week: board.round,
      progress: (board as { progress?: unknown }).progress,
      board,
      you: board.you,
      me,
      objective: objectiveText(board.you?.objective ?? null, s, board, names),
      setup: board.setup,
      tickZero,
      canOrder: options?.canOrder ?? false,
      canEndTurn: options?.canEndTurn ?? false,
      cards,
      list: (board.standing.find((t) => t.id === a.tribeId)?.reinforcementList ?? []).join(' '),
      mine: mine.map((t) => ({ id: t.id, label: label(t.id), troops: t.troops, stock: goods(t.stock, s) })),
      // In a window with orders to give, the map comes first and marks the territories that can act.
      mapFirst,
      // The map tapped on: every link's other end a phone's width away at most.
      mapSvg: map(board, colours, names, `${a.campaign.name}: ${s.c_worldMap}`, s, new Set((mapFirst ? cards : mine).map((t) => t.id)), true),
      error: extra.error,
      failed: extra.failed,
      results: extra.results ?? [],
    })
  }

  /** A form's fields as the order the API takes: numbers as numbers, empty fields left out. */
  /** Untyped, as the API takes an order: the game's rules refuse what does not fit, with their rule id. */
  function orderOf(body: Body): Record<string, unknown> {
    const type = one(body.type)
    const order: Record<string, unknown> = { type }
    for (const key of ['from', 'to', 'at', 'target', 'kind']) if (one(body[key])) order[key] = one(body[key])
    for (const key of ['troops', 'count']) if (one(body[key])) order[key] = Number(one(body[key]))
    if (type === 'setReinforcements')
      order.list = one(body.list)
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((x) => x.toLowerCase())
    return order
  }

  function sentences(events: { type: string }[], s: Strings, names: Map<string, string>): string[] {
    const n = (id: string) => names.get(id) ?? id
    return events.flatMap((e) => {
      const x = e as Record<string, unknown> & { type: string }
      if (x.type === 'battle')
        return [
          `${s.c_said_battle} ${x.from} → ${x.to}: ${x.conquered ? fill(s.c_said_conquered!, { survivors: Number(x.survivors) }, languageOf(s)) : s.c_said_repelled}`,
          ...battleRounds(x, n, s),
        ]
      if (x.type === 'bombarded')
        return [`${s[`c_order_${x.kind as string}`]} ${x.from} → ${x.target}: −${x.removed}${x.planeLost ? ` (${s.c_said_planeLost})` : ''}`]
      if (x.type === 'gathered')
        return [
          `${s.c_order_gather} ${x.at}: +${inGoodsOrder(x.gained)
            .map(([k, v]) => `${v} ${s[`c_good_${k}`]}`)
            .join(', ')}`,
        ]
      if (x.type === 'built') return [`${s.c_order_build} ${x.at}: ${x.count} × ${s[`c_build_${x.kind as string}`]}`]
      if (x.type === 'moved') return [`${s[`c_order_${x.kind as string}`]} ${x.from} → ${x.to}: ${x.troops}`]
      if (x.type === 'guarded') return [`${s.c_order_guard} ${x.at}: ${x.troops}`]
      if (x.type === 'reinforcementsSet') return [`${s.c_said_list} ${(x.list as string[]).join(', ')}`]
      if (x.type === 'turnEnded') return [s.c_said_turnEnded!]
      if (x.type === 'eliminated') return [`${n(x.tribe as string)} ✝`]
      if (x.type === 'campaignEnded') return [s.c_said_ended!]
      return []
    })
  }

  async function order(request: Req, reply: FastifyReply, a: Access) {
    const type = one(request.body.type)
    try {
      const { events } = await campaigns.orders(loginClaims(request)!, a.campaign.id, { orders: [orderOf(request.body)] }, undefined)
      const { names } = await read(a)
      return turn(request, reply, a, { results: sentences(events as { type: string }[], await stringsOf(request), names) })
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 403) throw error
      return turn(request, reply, a, { error, failed: type, values: request.body }, error.statusCode)
    }
  }

  async function economy(request: Req, reply: FastifyReply, a: Access) {
    const v = await viewer(request)
    const s = STRINGS[v.locale]
    const { board, names, colours } = await read(a)
    const preview = await reads.preview(a)
    const stocks = TERRITORY_IDS.map((id) => board.territories.find((t) => t.id === id)!)
      .filter(Boolean)
      .map((t) => ({
        id: t.id,
        name: placeName(t.id, s),
        owner: names.get(t.owner) ?? t.owner,
        colour: colours.get(t.owner),
        troops: t.troops,
        stock: goods(t.stock, s),
        incoming: goods(t.incoming, s),
      }))
      .filter((t) => t.stock || t.incoming)
    return tabPage({ request, reply, a }, 'pools', page('economy.hbs'), {
      week: board.round,
      progress: (board as { progress?: unknown }).progress,
      board,
      preview: preview.map((p) => ({
        ...p,
        name: names.get(p.tribe) ?? p.tribe,
        colour: colours.get(p.tribe),
      })),
      stocks,
    })
  }

  return { overview, turn, order, economy }
}
