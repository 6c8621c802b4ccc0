// El Mapa's pages (#28): the overview with the map of tiles and the standing, the turn with the
// engine's legal options as forms (the map's armies tappable, each castle as a picture with what
// can be built and its price, the battle-plan editor), and the economy. Every page reads the
// board through the engine's `board` (via the platform's state view): nothing face down, no
// other tribe's hand or plan (M12.9).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { elMapa, type ElMapaOrder } from '../../engine/games/elmapa/index.ts'
import { BUILDINGS, CARDS, cardKind, SLOTS, TROOPS } from '../../engine/games/elmapa/catalogue.ts'
import { AppError } from '../../lib/errors.ts'
import type { Access } from '../../services/access.ts'
import { gameReads, openingsAfterTickZero, rosterOf, type BoardOf, type TypesOf } from '../game-reads.ts'
import { one, requirePlayer, type Body, type PageKit, type Req, type Strings } from '../page-kit.ts'
import { cardWord, elMapaSentence, stockWords, troopWords } from './chronicle.ts'
import { castleSvg, mapSvg, tileName } from './map-svg.ts'
import { planOf, planRows, quickPlans } from './plan-form.ts'

type Stock = { oro: number; madera: number; piedra: number }
/** What the pages read of the board: the game's view for a reader, with the platform's calendar. */
export type Board = BoardOf<TypesOf<typeof elMapa>>

/** The template of this game's page. */
export const page = (name: string) => `../games/elmapa/pages/${name}`

const KINDS = ['leva', 'soldado', 'arquero', 'caballero'] as const
const DIRS = ['N', 'E', 'S', 'W'] as const
const DELTA: Record<string, [number, number]> = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] }
const price = (c: Stock, s: Strings) => stockWords(c, s)

/** M3.3: the free slots a building may go in: of its level or higher, on two built slots; a wonder in 4a only. */
const slotsFor = (building: string, slots: Record<string, string>) =>
  Object.entries(SLOTS)
    .filter(
      ([x, slot]) => !slots[x] && slot.level >= BUILDINGS[building]!.level && slot.on.every((y) => slots[y]) && (!BUILDINGS[building]!.wonder || x === '4a'),
    )
    .map(([x]) => x)

/** The board as the reader may see it, with the campaign's tribes' colours and names and tick 0's instant. */
export async function readBoard(campaigns: FastifyInstance['campaigns'], a: Access) {
  const board = await gameReads(campaigns, elMapa).board(a)
  const { colours, names, bots } = await rosterOf(campaigns, a)
  // Before tick 0 (M2.4) the next windows are the first ones after it.
  return { board, colours, names, bots, tickZero: openingsAfterTickZero(board, a.campaign.timeZone) }
}

export function elMapaPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { tabPage, stringsOf, loginClaims } = kit

  function standing(board: Board, colours: Map<string, string>, s: Strings) {
    return board.standing.map((t) => {
      const platform = board.tribes.find((x) => x.id === t.id)!
      const hand = Array.isArray(t.hand) ? t.hand.map((c) => cardWord(c, s)).join(', ') || '0' : `${t.hand[1]} / ${t.hand[2]} / ${t.hand[3]}`
      return {
        ...t,
        ...platform,
        colour: colours.get(t.id),
        stockText: stockWords(t.stock, s),
        vpTotal: t.vp.explore + t.vp.battle + t.vp.buildings,
        handText: hand,
        armies: board.armies.filter((a) => a.tribe === t.id).length,
      }
    })
  }

  async function overview(request: Req, reply: FastifyReply, a: Access) {
    const s = await stringsOf(request)
    const { board, colours, names, bots, tickZero } = await readBoard(campaigns, a)
    const result = board.result && {
      reasonText: s[`m_end_${board.result.reason}`],
      ranking: board.result.ranking.map((id) => ({ name: names.get(id) ?? id, vp: board.result!.scores.find((x) => x.id === id)?.vp ?? 0 })),
    }
    return tabPage({ request, reply, a }, 'overview', page('overview.hbs'), {
      week: board.round,
      board,
      tickZero,
      result,
      standing: standing(board, colours, s).map((t) => ({ ...t, bot: bots.has(t.id) })),
      faceDown: board.cells.filter((c) => !c.revealed).length,
      mapSvg: mapSvg(board.rows, board.cols, board.cells, board.armies, { label: `${a.campaign.name}: ${s.m_map}`, s, colours, names }),
    })
  }

  async function turn(request: Req, reply: FastifyReply, a: Access, extra: { error?: AppError; results?: string[] } = {}, status = 200) {
    requirePlayer(a)
    const s = await stringsOf(request)
    const { board, colours, names, tickZero } = await readBoard(campaigns, a)
    const orders = (((await campaigns.options(a)).options as { orders: ElMapaOrder[] } | null)?.orders ?? []) as ElMapaOrder[]
    const me = board.standing.find((t) => t.id === a.tribeId)!
    const mine = board.armies.filter((x) => x.tribe === a.tribeId)
    const canEnd = orders.some((o) => o.type === 'endTurn')
    const cellOf = (key: string) => board.cells.find((c) => c.cell === key)
    const where = (key: string) => {
      const c = cellOf(key)
      return c?.revealed ? `${key} ${tileName(c.tile ?? '', s)}` : `${key} ${s.m_faceDown}`
    }
    // M9.6: any other card of the hand boosts a card of step k, in groups of k; the reserved ones are the plan's (M9.8).
    const free = (board.you?.hand ?? []).filter((c) => !(board.you?.reserved ?? []).includes(c))
    const boostersFor = (card: string) => {
      const k = CARDS[cardKind(card)!]?.k ?? 0
      const others = free.filter((c) => c !== card)
      return k > 0 && others.length >= k ? { k, cards: others.map((c) => ({ card: c, label: cardWord(c, s) })) } : null
    }
    const armies = mine.map((army) => {
      const [r, c] = army.cell.split(',').map(Number) as [number, number]
      const steps = DIRS.filter((d) => orders.some((o) => o.type === 'step' && o.army === army.id && o.dir === d)).map((d) => {
        const to = `${r + DELTA[d]![0]},${c + DELTA[d]![1]}`
        return { dir: d, to, label: `${s[`m_dir_${d}`]} → ${where(to)}` }
      })
      const casts = orders.flatMap((o) =>
        o.type === 'cast' && o.army === army.id ? [{ card: o.card, label: cardWord(o.card, s), boosters: boostersFor(o.card) }] : [],
      )
      // M9.9: the engine offers a Teletransporte if one is legal; its reach grows by 1 per group of boosters.
      const teleports = [...new Set(orders.flatMap((o) => (o.type === 'teleport' && o.army === army.id ? [o.card] : [])))].map((card) => {
        const boosters = boostersFor(card)
        const reach = 3 + Math.floor((boosters?.cards.length ?? 0) / CARDS.teletransporte.k)
        const targets = board.cells
          .map((x) => ({ x, d: Math.abs(Number(x.cell.split(',')[0]) - r) + Math.abs(Number(x.cell.split(',')[1]) - c) }))
          .filter(({ x, d }) => x.revealed && d >= 1 && d <= reach)
          .sort((a, b) => a.d - b.d)
          .map(({ x, d }) => ({ cell: x.cell, label: `${where(x.cell)} · ${d}` }))
        return { card, label: cardWord(card, s), targets, boosters }
      })
      // M5.7: two own armies on one cell trade troops, each giving what it has.
      const exchanges = orders.some((o) => o.type === 'exchange' && o.armies.includes(army.id))
        ? mine
            .filter((other) => other.id !== army.id && other.cell === army.cell)
            .map((other) => ({
              other: other.id,
              withLabel: `${other.convoy ? s.m_convoy : s.m_army} ${other.id}`,
              give: KINDS.filter((k) => army.troops[k] > 0).map((k) => ({ kind: k, label: s[`m_kind_${k}`], max: army.troops[k] })),
              take: KINDS.filter((k) => other.troops[k] > 0).map((k) => ({ kind: k, label: s[`m_kind_${k}`], max: other.troops[k] })),
            }))
        : []
      return {
        ...army,
        troopsText: troopWords(army.troops, s),
        where: where(army.cell),
        steps,
        stepData: steps.map((x) => `${x.dir}:${x.to}`).join(' '),
        casts,
        teleports,
        exchanges,
        kindLabel: army.convoy ? s.m_convoy : s.m_army,
      }
    })
    const castles = board.cells
      .filter((c) => c.owner === a.tribeId && c.castle)
      .map((c) => {
        // The engine offers each building in its first free slot; every other slot the same rule (M3.3) admits is as legal.
        const builds = orders
          .flatMap((o) => (o.type === 'build' && o.village === c.cell ? [o] : []))
          .flatMap((o) => slotsFor(o.building, c.castle!.slots).map((slot) => ({ ...o, slot })))
        const bySlot = new Map<string, string[]>()
        for (const b of builds) bySlot.set(b.slot, [...(bySlot.get(b.slot) ?? []), b.building])
        const hires = orders.filter((o) => o.type === 'hire' && o.village === c.cell)
        const castle = c.castle!
        return {
          cell: c.cell,
          svg: castleSvg(castle.slots, bySlot, `${s.m_castle} ${c.cell}`, s),
          built: castle.built,
          reserveText: troopWords(castle.reserve, s),
          buildChoices: builds.map((b) => ({
            value: `${b.building}/${b.slot}`,
            label: `${s[`m_building_${b.building}`]} · ${b.slot} · ${price(BUILDINGS[b.building]!.cost, s)}`,
          })),
          // M9.9: Regateador, Maderero and Pedrero lower a build's price; one of a kind per build (M9.7).
          buildCards: free.filter((x) => ['regateador', 'maderero', 'pedrero'].includes(cardKind(x)!)).map((x) => ({ card: x, label: cardWord(x, s) })),
          // M3.7, M13.20: a wonder may take an investment beyond its price: oro or piedra, or troops from this castle's reserve.
          investStock: builds.some((b) => BUILDINGS[b.building]!.wonder === 'oro' || BUILDINGS[b.building]!.wonder === 'piedra'),
          investTroops: builds.some((b) => BUILDINGS[b.building]!.wonder === 'troops')
            ? KINDS.filter((k) => castle.reserve[k] > 0).map((k) => ({ kind: k, label: s[`m_kind_${k}`], max: castle.reserve[k] }))
            : [],
          hireKinds: KINDS.filter((k) => castle.reserve[k] > 0).map((k) => ({ kind: k, label: s[`m_kind_${k}`], max: castle.reserve[k] })),
          hireArmies: [...new Set(hires.map((o) => (o as { army: number | string }).army))].map((x) => ({
            value: String(x),
            label: x === 'new' ? s.m_newArmy : x === 'newConvoy' ? s.m_newConvoy : `${s.m_army} ${x}`,
          })),
        }
      })
    const prices = Object.values(BUILDINGS)
      .filter((b) => !b.out)
      .map((b) => ({ name: s[`m_building_${b.id}`], level: b.level, price: price(b.cost, s), vp: b.level + b.extraVp }))
    const banks = orders.flatMap((o) => (o.type === 'bankTrade' ? [{ value: o.exchange, label: s[`m_bank_${o.exchange}`] }] : []))
    const spells = orders.flatMap((o) =>
      o.type === 'cast' && o.army === undefined
        ? [{ card: o.card, cells: o.cells ? 'yes' : '', label: cardWord(o.card, s), boosters: boostersFor(o.card) }]
        : [],
    )
    const faceDown = board.cells.filter((c) => !c.revealed).map((c) => ({ cell: c.cell, label: `${c.cell} (${s.m_zone} ${c.code})` }))
    const hand = (board.you?.hand ?? []).map((c) => ({
      card: c,
      label: cardWord(c, s),
      timing: s[`m_timing_${CARDS[cardKind(c)!]?.timing}`],
      reserved: board.you?.reserved.includes(c) ?? false,
    }))
    const combatCards = hand.filter((c) => CARDS[cardKind(c.card)!]?.timing === 'combat')
    const canPlan = orders.some((o) => o.type === 'setBattlePlan')
    // In a window the map comes first, its armies tappable; an order's answer comes back in its sheet, even once nothing can step.
    const mapFirst = !board.setup && canEnd
    return tabPage({ request, reply, a, status }, 'turn', page('turn.hbs'), {
      week: board.round,
      board,
      you: board.you,
      me: { ...me, ...board.tribes.find((t) => t.id === a.tribeId), stockText: stockWords(me.stock, s) },
      setup: board.setup,
      tickZero,
      canEnd,
      mapFirst,
      armies,
      castles,
      prices,
      banks,
      spells,
      faceDown,
      hand,
      canPlan,
      plan: planRows(board.you?.plan, combatCards, s),
      quickPlans: canPlan ? quickPlans(board.you?.plan, s) : [],
      kinds: KINDS.map((k) => ({ kind: k, label: s[`m_kind_${k}`], move: TROOPS[k].mapMove })),
      mapSvg: mapSvg(board.rows, board.cols, board.cells, board.armies, {
        label: `${a.campaign.name}: ${s.m_map}`,
        s,
        colours,
        names,
        tappable: armies
          .filter((x) => x.steps.length || x.casts.length || x.teleports.length || x.exchanges.length)
          .reduce((at, x) => at.set(x.cell, [...(at.get(x.cell) ?? []), x.id]), new Map<string, number[]>()),
        highlight: new Set(mine.map((x) => x.cell)),
      }),
      error: extra.error,
      results: extra.results ?? [],
    })
  }

  /** A field sent once per ticked box or chosen option: every non-empty value. */
  const many = (v: string | string[] | undefined) =>
    [v ?? []]
      .flat()
      .map((x) => x.trim())
      .filter(Boolean)

  /** A form's fields as the order the API takes: numbers as numbers, empty fields left out. */
  function orderOf(body: Body): ElMapaOrder {
    const type = one(body.type)
    const n = (key: string) => Number(one(body[key]))
    switch (type) {
      case 'setBattlePlan':
        return { type, plan: planOf(body) }
      case 'step':
        return { type, army: n('army'), dir: one(body.dir) as 'N' }
      case 'hire': {
        const army = one(body.army)
        const troops = Object.fromEntries(KINDS.filter((k) => n(k) > 0).map((k) => [k, n(k)]))
        return { type, village: one(body.village), troops, army: army === 'new' || army === 'newConvoy' ? army : Number(army) }
      }
      case 'build': {
        const [building = '', slot = ''] = one(body.choice).split('/')
        const village = one(body.village)
        const order: Record<string, unknown> = { type, village, building, slot }
        if (many(body.cards).length) order.cards = many(body.cards).map((card) => ({ card }))
        const wonder = Object.hasOwn(BUILDINGS, building) ? BUILDINGS[building]!.wonder : null
        if (wonder === 'troops') {
          const invest = KINDS.filter((k) => one(body[`invest_${k}`]) !== '' && n(`invest_${k}`) !== 0).map((k) => ({ village, kind: k, n: n(`invest_${k}`) }))
          if (invest.length) order.invest = invest
        } else if (wonder && one(body.invest) !== '') order.invest = n('invest')
        return order as ElMapaOrder
      }
      case 'exchange': {
        const side = (prefix: string) =>
          Object.fromEntries(KINDS.filter((k) => one(body[`${prefix}_${k}`]) !== '' && n(`${prefix}_${k}`) !== 0).map((k) => [k, n(`${prefix}_${k}`)]))
        return { type, armies: [n('army'), n('with')], give: [side('give'), side('take')] }
      }
      case 'bankTrade':
        return { type, exchange: one(body.exchange) as 'sell-madera', n: n('n') }
      case 'cast': {
        const order: Record<string, unknown> = { type, card: one(body.card) }
        if (one(body.army)) order.army = n('army')
        if (many(body.cell).length) order.cells = many(body.cell)
        if (many(body.boosters).length) order.boosters = many(body.boosters)
        return order as ElMapaOrder
      }
      case 'teleport': {
        const order: Record<string, unknown> = { type, card: one(body.card), army: n('army'), to: one(body.to) }
        if (many(body.boosters).length) order.boosters = many(body.boosters)
        return order as ElMapaOrder
      }
      default:
        return { type } as ElMapaOrder
    }
  }

  async function order(request: Req, reply: FastifyReply, a: Access) {
    try {
      const { events } = await campaigns.orders(loginClaims(request)!, a.campaign.id, { orders: [orderOf(request.body) as never] }, undefined)
      const s = await stringsOf(request)
      const { names } = await readBoard(campaigns, a)
      const results = (events as { type: string }[]).map((e) => elMapaSentence(e.type, e, names, s)).filter(Boolean)
      return turn(request, reply, a, { results })
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 403) throw error
      return turn(request, reply, a, { error }, error.statusCode)
    }
  }

  async function economy(request: Req, reply: FastifyReply, a: Access) {
    const s = await stringsOf(request)
    const { board, colours } = await readBoard(campaigns, a)
    const { preview } = await campaigns.pools(a)
    const next = preview as Record<string, Stock>
    return tabPage({ request, reply, a }, 'pools', page('economy.hbs'), {
      week: board.round,
      board,
      standing: standing(board, colours, s).map((t) => ({ ...t, nextText: next[t.id] ? stockWords(next[t.id], s) : '–' })),
      prices: Object.values(BUILDINGS)
        .filter((b) => !b.out)
        .map((b) => ({ name: s[`m_building_${b.id}`], level: b.level, price: price(b.cost, s), vp: b.level + b.extraVp })),
      troops: KINDS.map((k) => ({ name: s[`m_kind_${k}`], price: price(TROOPS[k].price, s), hp: TROOPS[k].hp, move: TROOPS[k].mapMove })),
      decks: ([1, 2, 3] as const).map((l) => ({ level: l, deck: board.decks[l], pile: board.piles[l] })),
      treasureDeck: board.decks.treasure,
      treasurePile: board.treasurePile.length,
    })
  }

  return { overview, turn, order, economy }
}
