// Open Wars' turn page (#29): during setup the faction picker (every roster's counters) and the
// sealed starting army; in a window the map first, its locations with something to order
// tappable, and one card per location holding a form for each legal order the engine offers
// (recruit, move with the odds of the battle it starts, volley, spell, standing combat order).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { BUDGET, namedFaction } from '../../engine/games/openwars/setup.ts'
import { DEFAULT_ARMIES, KINDS, SPELLS, type Faction } from '../../engine/games/openwars/data.ts'
import { openWars, type OpenOrder } from '../../engine/games/openwars/index.ts'
import { neighbours } from '../../engine/games/openwars/map.ts'
import { movePaths } from '../../engine/games/openwars/options.ts'
import { fill } from '../../lib/fill.ts'
import { AppError } from '../../lib/errors.ts'
import type { Access } from '../../services/access.ts'
import { gameReads } from '../game-reads.ts'
import { one, requirePlayer, STRINGS, type Body, type PageKit, type Req, type Strings } from '../page-kit.ts'
import { openwarsSentence } from './chronicle.ts'
import { counterOf, factionName, kindName, rosters, spellName } from './names.ts'
import { moveOdds, SAMPLES } from './odds.ts'
import { legendOf, mapOf, musterOf, openwarsRead, page, placesOf } from './pages.ts'

type Move = Extract<OpenOrder, { type: 'move' }>
const pct = (x: number, locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(x)

/**
 * A form's fields as the order the API takes: numbers as numbers, empty fields left out. Untyped,
 * as the API takes it: the game's rules refuse what does not fit, with their rule id.
 */
export function orderOf(body: Body): Record<string, unknown> {
  const type = one(body.type)
  const o: Record<string, unknown> = { type }
  for (const key of ['from', 'kind', 'city', 'target', 'spell', 'targetKind', 'at', 'faction']) if (one(body[key])) o[key] = one(body[key])
  if (one(body.count)) o.count = Number(one(body.count))
  if (type === 'move')
    o.path = [
      ...one(body.via)
        .split(/[\s,;]+/)
        .filter(Boolean),
      one(body.to),
    ].filter(Boolean)
  if (type === 'setArmy')
    o.army = Object.fromEntries(
      Object.entries(body)
        .filter(([k, v]) => k.startsWith('army_') && one(v) !== '')
        .map(([k, v]) => [k.slice(5), Number(one(v))]),
    )
  if (type === 'setStanding' || type === 'setDefault') {
    const modo = one(body.modo)
    const order: Record<string, unknown> = { modo }
    if (modo === 'retirarse') {
      order.umbral = /^\d+$/.test(one(body.umbral)) ? Number(one(body.umbral)) : 'siempre'
      if (one(body.destino)) order.destino = one(body.destino)
    }
    if (one(body.retaguardia)) order.retaguardia = Number(one(body.retaguardia))
    if (one(body.hechizo)) order.hechizo = one(body.hechizo)
    o.order = type === 'setStanding' && modo === 'none' ? null : order
  }
  return o
}

export function openwarsTurn(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { tabPage, viewer, stringsOf, loginClaims } = kit
  const read = openwarsRead(fastify)

  async function turn(request: Req, reply: FastifyReply, a: Access, extra: { error?: AppError; results?: string[] } = {}, status = 200) {
    requirePlayer(a)
    const locale = (await viewer(request)).locale
    const s = STRINGS[locale]
    const { state, version, board, view, colours, names } = await read(a)
    const options = await gameReads(campaigns, openWars).options(a)
    const offered = options?.orders ?? []
    const me = board.tribes.find((t) => t.id === a.tribeId)!
    const mine = board.mine!
    const places = placesOf(board, s)
    const label = (id: string) => places.get(id) ?? id
    const setup = board.status === 'setup'

    // Setup (W1.1, W3.5): the faction picker, every roster's counters, and the sealed army.
    // W1.1 (clarified): a faction another tribe named is taken; one it only plays by default is free to choose.
    const holders = new Map(state.tribes.filter((t) => t.id !== me.id && t.faction).map((t) => [t.faction!, { name: t.name, named: namedFaction(state, t) }]))
    const mineNamed = namedFaction(
      state,
      state.tribes.find((t) => t.id === me.id)!,
    )
    const factions = setup
      ? rosters(s).map((f) => {
          // Another tribe's faction: chosen (taken), or its join-order default (only suggested, W1.1).
          const holder = holders.get(f.id as Faction)
          return {
            ...f,
            mine: f.id === me.faction,
            mineByDefault: f.id === me.faction && !mineNamed,
            takenBy: holder?.named ? holder.name : null,
            byDefaultOf: holder && !holder.named ? holder.name : null,
            canChoose: offered.some((o) => o.type === 'setFaction' && o.faction === f.id),
          }
        })
      : []
    const sealed = mine.army ?? (me.faction ? DEFAULT_ARMIES[me.faction] : {})
    const armyRows =
      setup && me.faction
        ? factions
            .find((f) => f.id === me.faction)!
            .kinds.map((k) => ({ ...k, n: sealed[k.id] ?? 0, max: k.unique || KINDS.get(k.id)!.type === 'magica' ? 1 : 4 }))
        : []

    // In a window: a card per location where the tribe has something to order.
    const g = { rows: board.rows, cols: board.cols, wrap: board.wrap }
    const at = new Set<string>()
    for (const o of offered) {
      if (o.type === 'recruit') at.add(o.city)
      if (o.type === 'move' || o.type === 'aim' || o.type === 'cast') at.add(o.from)
      if (o.type === 'setStanding') at.add(o.at)
    }
    const cell = (id: string) => board.cells.find((c) => c.id === id)!
    const cards = board.cells
      .filter((c) => at.has(c.id))
      .map((c) => {
        const stacks = c.stacks
          .filter((x) => x.tribe === me.id)
          .map((x) => {
            const moves = offered.filter((o): o is Move => o.type === 'move' && o.from === c.id && o.kind === x.kind)
            const free = Math.max(0, ...moves.map((m) => m.count))
            // Every location the stack reaches this window, nearest first, each by its shortest legal path (W5.1–W5.10).
            const paths = moves.length > 0 ? movePaths(state, me.id, c.id, x.kind, free) : new Map<string, string[]>()
            const dests = [...paths].map(([to, path]) => {
              const enemy = cell(to).stacks.some((y) => y.tribe !== me.id && y.count > 0)
              // The same board gives the same estimate: kept by the campaign's version until it changes.
              const key = `openwars-odds:${a.campaign.id}:${version}:${me.id}:${c.id}:${x.kind}:${free}:${path.join('>')}`
              const odds = enemy
                ? (JSON.parse(
                    kit.cachedSvg(key, () => JSON.stringify(moveOdds(state, me.id, { type: 'move', from: c.id, kind: x.kind, count: free, path }))),
                  ) as ReturnType<typeof moveOdds>)
                : null
              return {
                id: to,
                place: label(to),
                label: path.length > 1 ? fill(s.o_via!, { to: label(to), via: path.slice(0, -1).map(label).join(', ') }, locale) : label(to),
                enemy,
                odds: odds && {
                  taken: pct(odds.taken, locale),
                  held: pct(odds.held, locale),
                  neither: pct(odds.neither, locale),
                  survivors: odds.survivors.toFixed(1),
                },
              }
            })
            const standing = mine.orders.find((o) => o.at === c.id && o.kind === x.kind)?.order ?? null
            const magic = KINDS.get(x.kind)!.type === 'magica'
            return {
              ...counterOf(x.kind, s),
              count: x.count,
              free,
              moved: x.moved,
              counts: Array.from({ length: free }, (_, i) => free - i),
              dests,
              targets: offered
                .filter((o) => o.type === 'aim' && o.from === c.id && o.kind === x.kind)
                .map((o) => ({ id: (o as { target: string }).target, label: label((o as { target: string }).target) })),
              spells: offered
                .filter((o) => o.type === 'cast' && o.from === c.id && o.kind === x.kind)
                .map((o) => o as Extract<OpenOrder, { type: 'cast' }>)
                .map((o) => ({ value: `${o.spell}|${o.target}|${o.targetKind ?? ''}`, label: `${spellName(o.spell, s)} → ${label(o.target)}` })),
              canStand: offered.some((o) => o.type === 'setStanding' && o.at === c.id && o.kind === x.kind),
              standing: standing && { ...standing, text: standingText(standing, s, label) },
              umbralField: typeof standing?.umbral === 'number' ? String(standing.umbral) : s.o_umbral_siempre,
              magic,
              mageSpells: magic
                ? [...SPELLS.values()]
                    .filter((sp) => (sp.phase === 'C' || sp.phase === 'Cp') && (sp.faction === null || sp.faction === me.faction))
                    .map((sp) => ({ id: sp.id, name: spellName(sp.id, s) }))
                : [],
              neighbours: neighbours(g, c.id).map((id) => ({ id, label: label(id) })),
            }
          })
        const recruits = [...new Set(offered.filter((o) => o.type === 'recruit' && o.city === c.id).map((o) => (o as { kind: string }).kind))].map((k) =>
          counterOf(k, s),
        )
        return { id: c.id, label: label(c.id), stacks, recruits }
      })
    const canEnd = offered.some((o) => o.type === 'endTurn')
    const you = view.you as { windowOpen?: boolean; closesAt?: string | null; nextOpening?: string } | null
    // The window's card follows the window, not the options: an open window whose endTurn the engine
    // does not offer (a probe that failed, #46) is still open, not next week's.
    const inWindow = canEnd || (you?.windowOpen === true && (me.window === 'open' || me.window === 'started'))
    return tabPage({ request, reply, a, status }, 'turn', page('turn.hbs'), {
      week: board.round,
      board,
      me: { ...me, factionName: factionName(me.faction, s) },
      you,
      setup,
      muster: setup ? musterOf(board, a.campaign.timeZone) : null,
      factions,
      armyRows,
      budget: BUDGET,
      armyValue: armyRows.reduce((v, k) => v + k.cost * k.n, 0),
      canEnd,
      inWindow,
      cards,
      samples: SAMPLES,
      defaultOrder: {
        ...mine.defaultOrder,
        text: standingText(mine.defaultOrder, s, label),
        umbralField: typeof mine.defaultOrder.umbral === 'number' ? String(mine.defaultOrder.umbral) : s.o_umbral_siempre,
      },
      mapFirst: !setup && cards.length > 0,
      mapSvg: mapOf(board, colours, names, `${a.campaign.name}: ${s.o_map}`, s, new Set(cards.map((c) => c.id))),
      legend: legendOf(board, s),
      myStacks: board.cells.flatMap((c) =>
        c.stacks.filter((x) => x.tribe === me.id).map((x) => ({ at: label(c.id), name: kindName(x.kind, s), count: x.count })),
      ),
      error: extra.error,
      results: extra.results ?? [],
    })
  }

  async function order(request: Req, reply: FastifyReply, a: Access) {
    try {
      const o = orderOf(request.body)
      // One read serves the path below and the results' sentences: an order changes neither the map's
      // places nor the tribes' names.
      const { state, board, names } = await read(a)
      const asked = o.path
      if (o.type === 'move' && Array.isArray(asked) && asked.length === 1 && typeof o.from === 'string') {
        // A destination beyond the neighbours, as the form offers them: the shortest legal path to it (W5.1).
        const to = String(asked[0])
        if (state.cells[o.from] && !neighbours({ rows: board.rows, cols: board.cols, wrap: board.wrap }, o.from).includes(to)) {
          const path = movePaths(state, a.tribeId!, o.from, String(o.kind), Number(o.count)).get(to)
          if (path) o.path = path
        }
      }
      if (o.type === 'cast') {
        const [spell, target, targetKind] = one(request.body.choice).split('|')
        Object.assign(o, { spell, target, ...(targetKind ? { targetKind } : {}) })
      }
      const { events } = await campaigns.orders(loginClaims(request)!, a.campaign.id, { orders: [o] }, undefined)
      const s = await stringsOf(request)
      const places = placesOf(board, s)
      const said = (events as { type: string }[]).map((e) => openwarsSentence(e.type, e, names, s, (id) => places.get(id) ?? id)).filter(Boolean)
      return turn(request, reply, a, { results: said.length ? said : [s.o_done!] })
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 403) throw error
      return turn(request, reply, a, { error }, error.statusCode)
    }
  }

  return { turn, order }
}

/** A standing order in words (W6.4). */
export function standingText(
  o: { modo: string; umbral?: number | 'siempre'; destino?: string; retaguardia?: number; hechizo?: string | null },
  s: Strings,
  label: (id: string) => string,
) {
  const parts = [o.modo === 'retirarse' ? s.o_modo_retirarse! : s.o_modo_luchar!]
  if (o.modo === 'retirarse') parts.push(o.umbral === 'siempre' || o.umbral === undefined ? s.o_umbral_siempre! : `${s.o_umbral} ${o.umbral}`)
  if (o.destino) parts.push(`${s.o_destino}: ${o.destino === 'auto' ? s.o_destino_auto : label(o.destino)}`)
  if (o.retaguardia) parts.push(`${s.o_retaguardia}: ${o.retaguardia}`)
  if (o.hechizo) parts.push(`${s.o_hechizo}: ${spellName(o.hechizo, s)}`)
  return parts.join(' · ')
}
