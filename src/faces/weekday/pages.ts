// The weekday game's pages: the overview (the map with the calendar), the turn (the tribe's
// window and MP, a form for each order, the results and any rule error beside its form), the
// pools, and the GM console's draft pick.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { onTheClock, SHIP_COST, TROOP_COST, type GameState, type Order, type Pool, type TribeOptions } from '../../engine/games/weekday/index.ts'
import { weeklyTurn } from '../../engine/games/weekday/index.ts'
import { AppError } from '../../lib/errors.ts'
import type { Access } from '../../services/access.ts'
import { gameReads, rosterOf, type BoardOf, type TypesOf } from '../game-reads.ts'
import { one, requirePlayer, scriptJson, STRINGS, type Body, type PageKit, type Req, type TurnAgain } from '../page-kit.ts'
import type { GamePages } from '../face.ts'
import { sentence } from './chronicle.ts'
import { arrowsOf, shipsOfWeekEnd } from './map-arrows.ts'
import { mapOf, mapSvg, titled } from './map.ts'
import { withOdds } from './odds.ts'
import { placeTitle } from './map-svg.ts'
import { placeLabel, placeLabels } from './places.ts'

/** What the pages read of the board: the game's view for a reader, with the platform's calendar. */
export type Board = BoardOf<TypesOf<typeof weeklyTurn>>

/** Each pool with money left: one-tap recruits of as many troops as each city may take, and a ship per port. */
function recruitCard(pools: Pool[], options: TribeOptions, place: (tile: string) => string) {
  return pools
    .filter((pool) => pool.balance > 0)
    .map((pool) => ({
      cities: pool.cities.map(place).join(', '),
      balance: pool.balance,
      recruits: options.recruit.filter((r) => pool.cities.includes(r.city)).map((r) => ({ city: r.city, name: place(r.city), troops: r.maxTroops })),
      ships: options.buildShip
        .filter((b, i, all) => pool.cities.includes(b.port) && all.findIndex((x) => x.port === b.port) === i)
        .map((b) => ({ ...b, portName: place(b.port), seaName: place(b.sea), cost: SHIP_COST })),
    }))
    .filter((pool) => pool.recruits.length + pool.ships.length > 0)
}

/** The template of this game's page. */
export const page = (name: string) => `../games/weekday/pages/${name}`

type FieldKind = 'tile' | 'tiles' | 'ship' | 'number' | 'check'
// Each field is labelled with the strings' word for its name.
const ORDER_FORMS: { type: Order['type']; rule: string; fields: [name: string, kind: FieldKind][] }[] = [
  {
    type: 'recruit',
    rule: 'R5',
    fields: [
      ['city', 'tile'],
      ['troops', 'number'],
    ],
  },
  {
    type: 'move',
    rule: 'R7',
    fields: [
      ['from', 'tile'],
      ['to', 'tile'],
      ['via', 'tiles'],
      ['troops', 'number'],
    ],
  },
  {
    type: 'buildShip',
    rule: 'R5.6',
    fields: [
      ['port', 'tile'],
      ['sea', 'tile'],
    ],
  },
  {
    type: 'embark',
    rule: 'R10.2',
    fields: [
      ['from', 'tile'],
      ['ship', 'ship'],
      ['troops', 'number'],
    ],
  },
  {
    type: 'disembark',
    rule: 'R10.4',
    fields: [
      ['ship', 'ship'],
      ['to', 'tile'],
      ['troops', 'number'],
    ],
  },
  {
    type: 'shipMove',
    rule: 'R10.3',
    fields: [
      ['ship', 'ship'],
      ['to', 'tile'],
    ],
  },
  {
    type: 'portAssault',
    rule: 'R10.6',
    fields: [
      ['ship', 'ship'],
      ['port', 'tile'],
      ['troops', 'number'],
      ['occupy', 'check'],
    ],
  },
  {
    type: 'board',
    rule: 'R10.7',
    fields: [
      ['ship', 'ship'],
      ['target', 'ship'],
    ],
  },
  {
    type: 'crewTransfer',
    rule: 'R10.8',
    fields: [
      ['from', 'ship'],
      ['to', 'ship'],
      ['troops', 'number'],
    ],
  },
  { type: 'endTurn', rule: 'R4.6', fields: [] },
]

export function weekdayPages(fastify: FastifyInstance, kit: PageKit): Omit<GamePages, 'history' | 'dice'> {
  const { campaigns } = fastify
  const { tabPage, viewer, loginClaims } = kit
  const reads = gameReads(campaigns, weeklyTurn)

  async function read(a: Access) {
    const view = await reads.board(a)
    const tribes = (await campaigns.get(a)).tribes
    return { view, tribes }
  }

  async function overview(request: Req, reply: FastifyReply, a: Access) {
    const view = await reads.board(a)
    const { tribes, colours, bots } = await rosterOf(campaigns, a)
    const { locale } = await viewer(request)
    return tabPage({ request, reply, a }, 'overview', page('overview.hbs'), {
      week: view.week,
      progress: view.progress,
      mapSvg: mapSvg(kit, a.campaign.id, view.version, 'board', locale, () => [
        mapOf(view),
        tribes,
        { label: a.campaign.name, places: placeLabel(view.map, locale) },
      ]),
      tribes: view.tribes.map((t) => ({ ...t, colour: colours.get(t.id), bot: bots.has(t.id) })),
      finished: view.status === 'finished',
      ranking:
        view.ranking?.map((id) => {
          const t = view.tribes.find((x) => x.id === id)
          return { name: t?.name ?? id, eliminated: t?.eliminated ?? false }
        }) ?? null,
    })
  }

  async function turn(request: Req, reply: FastifyReply, a: Access, extra: TurnAgain<unknown> = {}, status = 200) {
    requirePlayer(a)
    const [reading, { tribes }] = await Promise.all([reads.turn(a), campaigns.get(a)])
    const { view, options, weekEvents } = reading
    // The orders of the tribe's latest window: from its last opening on.
    const opened = weekEvents.findLastIndex((e) => e.type === 'windowOpened' && e.tribe === a.tribeId)
    const windowFrom = opened < 0 ? weekEvents.length : opened
    const v = await viewer(request)
    const s = STRINGS[v.locale]
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const place = placeLabel(view.map, v.locale)
    const viewerZone = v.user?.timeZone ?? a.campaign.timeZone
    // The draft (R3.2): who is on the clock, and for that tribe the free cities, marked on the map.
    const drafting = view.status === 'draft' && view.draft ? view.draft : null
    const clock = drafting ? onTheClock(drafting) : null
    const free = drafting ? view.map.tiles.filter((t) => t.city && t.owner === null) : []
    const myPick = clock !== null && clock === a.tribeId
    const draft = drafting && {
      onClock: names.get(clock ?? '') ?? '',
      mine: myPick,
      free: free.map((t) => ({ tile: t.tile, name: place(t.tile), chosen: extra.failed === 'draftPick' && one(extra.values?.city) === t.tile })),
      picks: drafting.picks.map((p) => ({ tribe: names.get(p.tribe) ?? p.tribe, city: place(p.city) })),
    }
    const highlight = new Map(myPick ? free.map((t) => [t.tile, s.freeCity!] as [string, string]) : [])
    // R5.5: recruiting ends with the first action order, so the window starts with what each pool can buy.
    const myPools = ((reading.held ?? []) as Pool[]).filter((p) => p.tribe === a.tribeId)
    const beforeFirstAction = !drafting && view.you?.phase === 'recruitment'
    const unspent = beforeFirstAction ? myPools.reduce((sum, p) => sum + p.balance, 0) : 0
    const recruitFirst =
      beforeFirstAction && options && (options.recruit.length > 0 || options.buildShip.length > 0) ? recruitCard(myPools, options, place) : null
    return tabPage({ request, reply, a, status }, 'turn', page('turn.hbs'), {
      draft,
      drafting: !!drafting,
      recruitFirst,
      canEndTurn: !drafting && (options?.endTurn ?? false),
      week: view.week,
      progress: view.progress,
      you: view.you && {
        ...view.you,
        armies: (view.you.armies as { tile: string }[] | undefined)?.map((x) => ({ ...x, place: place(x.tile) })),
        ships: (view.you.ships as { tile: string }[] | undefined)?.map((x) => ({ ...x, place: place(x.tile) })),
      },
      tribe: tribes.find((t) => t.id === a.tribeId),
      viewerZone,
      otherZone: viewerZone !== a.campaign.timeZone,
      now: fastify.clock.now().toISOString(),
      mapSvg: mapSvg(kit, a.campaign.id, view.version, myPick ? 'draft-free' : `turn:${a.tribeId}`, v.locale, () => [
        mapOf(view),
        tribes,
        {
          label: a.campaign.name,
          highlight,
          places: place,
          arrows: drafting ? [] : titled(arrowsOf(weekEvents, shipsOfWeekEnd(reading.weekStart), { tribe: a.tribeId!, from: windowFrom }), s),
        },
      ]),
      // What the map's script offers: only what the engine found legal now.
      turnData:
        drafting || !options
          ? null
          : scriptJson({
              options: withOdds(options),
              firstMoveLoses: unspent,
              places: placeLabels(view.map, v.locale),
              strings: Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('ui_'))),
              send: s.send,
              troops: s.troops,
            }),
      tileKeys: view.map.tiles.map((t) => ({ key: t.tile, name: place(t.tile) === t.tile ? null : place(t.tile) })),
      forms: ORDER_FORMS.map((f) => ({
        type: f.type,
        rule: f.rule,
        label: s[f.type],
        fields: f.fields.map(([name, kind]) => ({ name, kind, label: s[name], value: extra.failed === f.type ? one(extra.values?.[name]) : '' })),
      })),
      error: extra.error,
      failed: extra.failed,
      // The answer to a form (not to the map's script) keeps the forms open.
      formsUsed: request.method === 'POST' && request.headers['x-ww-map'] !== '1',
      results: (extra.results ?? [])
        .map((e) => e as { type: string })
        .map((e) => ({ text: sentence(e.type, e, names, s, place), combat: e.type === 'combat' }))
        .filter((r) => r.text),
    })
  }

  /** A form's fields as the order the API takes: untyped, and the game's rules refuse what does not fit, with their rule id. */
  function orderOf(type: string, body: Body): Record<string, unknown> {
    const orderForm = ORDER_FORMS.find((f) => f.type === type)
    if (!orderForm) throw new AppError(400, 'orders/unknown_type', `Unknown order type "${type}"`)
    const order: Record<string, unknown> = { type }
    for (const [name, kind] of orderForm.fields) {
      const raw = one(body[name])
      if (kind === 'tiles') continue
      order[name] = kind === 'number' ? Number(raw) : kind === 'check' ? raw === 'true' : raw
    }
    // A move along chosen tiles (R7.3): the tiles passed through, then the destination.
    const via = one(body.via)
    if (type === 'move' && via) order.path = [...via.split(/[\s;]+/).filter(Boolean), one(body.to)]
    return order
  }

  async function order(request: Req, reply: FastifyReply, a: Access) {
    const type = one(request.body.type)
    // An unknown form is an error page of its own, not a refusal beside a form.
    const given = type === 'draftPick' ? null : orderOf(type, request.body)
    try {
      const { events } = given
        ? await campaigns.orders(loginClaims(request)!, a.campaign.id, { orders: [given] }, undefined)
        : await campaigns.pick(a, { choice: one(request.body.city) })
      return turn(request, reply, a, { results: events })
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 403) throw error
      return turn(request, reply, a, { error, failed: type, values: request.body }, error.statusCode)
    }
  }

  async function economy(request: Req, reply: FastifyReply, a: Access) {
    const { view, tribes } = await read(a)
    const reading = await campaigns.pools(a)
    const pools = reading.pools as GameState['pools']
    const preview = reading.preview as { tribe: string; cities: string[] }[]
    const { locale } = await viewer(request)
    const place = placeLabel(view.map, locale)
    const name = new Map(tribes.map((t) => [t.id, t.name]))
    const colour = new Map(tribes.map((t) => [t.id, t.colour]))
    const highlight = new Map<string, string>()
    const rows = pools.map((p, i) => {
      const label = `P${i + 1}`
      for (const c of p.cities) highlight.set(c, label)
      return {
        ...p,
        cities: p.cities.map(place),
        label,
        tribeName: name.get(p.tribe),
        colour: colour.get(p.tribe),
        troops: Math.floor(p.balance / TROOP_COST),
        ships: Math.floor(p.balance / SHIP_COST),
      }
    })
    return tabPage({ request, reply, a }, 'pools', page('pools.hbs'), {
      week: view.week,
      progress: view.progress,
      pools: rows,
      preview: preview.map((p) => ({ ...p, cities: p.cities.map(place), tribeName: name.get(p.tribe) })),
      mapSvg: mapSvg(kit, a.campaign.id, view.version, 'pools', locale, () => [mapOf(view), tribes, { highlight, label: a.campaign.name, places: place }]),
    })
  }

  /** The GM console's pick for the tribe on the clock (R3.4): who it is, and the free cities. */
  async function console(a: Access) {
    if (a.campaign.status !== 'draft') return null
    const { view, tribes } = await read(a)
    const draft = view.draft
    if (!draft) return null
    const next = onTheClock(draft)
    const taken = new Set(draft.picks.map((p) => p.city))
    return {
      onTheClock: tribes.find((t) => t.id === next) ?? null,
      // The console's language is the template's to choose: each city's label in both.
      freeCities: view.map.tiles
        .filter((t) => t.city && !taken.has(t.tile))
        .map((t) => ({ tile: t.tile, en: placeTitle(t.tile, placeLabel(view.map, 'en')), es: placeTitle(t.tile, placeLabel(view.map, 'es')) })),
    }
  }

  return { overview, turn, order, economy, console }
}
