// The turn page: the tribe's window and MP, a form for each order, the results
// and any rule error beside its form.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { onTheClock, type GameEvent, type Order } from '../../engine/index.ts'
import { AppError } from '../../lib/errors.ts'
import type { Access } from '../../services/access.ts'
import { arrowsOf, shipsOfWeekEnd } from '../../lib/map-arrows.ts'
import { sentence } from '../../lib/chronicle.ts'
import type { Games } from './games.ts'
import { mapOf, one, scriptJson, STRINGS, titled, type Body, type PageKit, type Req, type Route } from './kit.ts'

type FieldKind = 'tile' | 'tiles' | 'ship' | 'number' | 'check'
const ORDER_FORMS: { type: Order['type']; rule: string; fields: [name: string, kind: FieldKind, label: string][] }[] = [
  { type: 'recruit', rule: 'R5', fields: [['city', 'tile', 'city'], ['troops', 'number', 'troops']] },
  { type: 'move', rule: 'R7', fields: [['from', 'tile', 'from'], ['to', 'tile', 'to'], ['via', 'tiles', 'via'], ['troops', 'number', 'troops']] },
  { type: 'buildShip', rule: 'R5.6', fields: [['port', 'tile', 'port'], ['sea', 'tile', 'sea']] },
  { type: 'embark', rule: 'R10.2', fields: [['from', 'tile', 'from'], ['ship', 'ship', 'ship'], ['troops', 'number', 'troops']] },
  { type: 'disembark', rule: 'R10.4', fields: [['ship', 'ship', 'ship'], ['to', 'tile', 'to'], ['troops', 'number', 'troops']] },
  { type: 'shipMove', rule: 'R10.3', fields: [['ship', 'ship', 'ship'], ['to', 'tile', 'to']] },
  { type: 'portAssault', rule: 'R10.6', fields: [['ship', 'ship', 'ship'], ['port', 'tile', 'port'], ['troops', 'number', 'troops'], ['occupy', 'check', 'occupy']] },
  { type: 'board', rule: 'R10.7', fields: [['ship', 'ship', 'ship'], ['target', 'ship', 'target']] },
  { type: 'crewTransfer', rule: 'R10.8', fields: [['from', 'ship', 'from'], ['to', 'ship', 'to'], ['troops', 'number', 'troops']] },
  { type: 'endTurn', rule: 'R4.6', fields: [] },
]

export function turnPages(fastify: FastifyInstance, kit: PageKit, games: Games) {
  const { campaigns } = fastify
  const { render, requireUser, accessOf, campaignInfo, form, viewer, loginClaims } = kit

  async function turnPage(request: Req, reply: FastifyReply, a: Access, extra: { error?: AppError; failed?: string; results?: GameEvent[]; values?: Body } = {}, status = 200) {
    if (a.role !== 'player') throw new AppError(403, 'orders/not_a_player', a.role === 'gm' ? 'A game master never plays orders for a tribe (R2.3)' : 'Only a tribe\'s player has a turn here', 'R2.3')
    const [{ view, options, weekEvents, weekStart, windowFrom }, { tribes }] = await Promise.all([campaigns.turn(a), campaigns.get(a)])
    const v = await viewer(request)
    const s = STRINGS[v.locale]
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const viewerZone = v.user?.timeZone ?? a.campaign.timeZone
    // The draft (R3.2): who is on the clock, and for that tribe the free cities, marked on the map.
    const drafting = view.status === 'draft' && view.draft ? view.draft : null
    const clock = drafting ? onTheClock(drafting) : null
    const free = drafting ? view.map.tiles.filter((t) => t.city && t.owner === null) : []
    const myPick = clock !== null && clock === a.tribeId
    const draft = drafting && {
      onClock: names.get(clock ?? '') ?? '', mine: myPick,
      free: free.map((t) => ({ tile: t.tile, chosen: extra.failed === 'draftPick' && one(extra.values?.city) === t.tile })),
      picks: drafting.picks.map((p) => ({ tribe: names.get(p.tribe) ?? p.tribe, city: p.city })),
    }
    const highlight = new Map(myPick ? free.map((t) => [t.tile, s.freeCity] as [string, string]) : [])
    return render(request, reply, 'turn.hbs', {
      draft, drafting: !!drafting,
      title: s.turn, campaign: campaignInfo(a), tab: 'turn', week: view.week, you: view.you, tribe: tribes.find((t) => t.id === a.tribeId),
      viewerZone, otherZone: viewerZone !== a.campaign.timeZone, now: fastify.clock.now().toISOString(),
      mapSvg: kit.mapSvg(a.campaign.id, view.version, myPick ? 'draft-free' : `turn:${a.tribeId}`, v.locale, () => [mapOf(view), tribes, {
        label: a.campaign.name, highlight,
        arrows: drafting ? [] : titled(arrowsOf(weekEvents, shipsOfWeekEnd(weekStart), { tribe: a.tribeId!, from: windowFrom }), s),
      }]),
      // What the map's script offers: only what the engine found legal now.
      turnData: drafting || !options ? null : scriptJson({ options, strings: Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('ui_'))), send: s.send, troops: s.troops }),
      tileKeys: view.map.tiles.map((t) => t.tile),
      forms: ORDER_FORMS.map((f) => ({
        type: f.type, rule: f.rule, label: s[f.type],
        fields: f.fields.map(([name, kind, label]) => ({ name, kind, label: s[label], value: extra.failed === f.type ? one(extra.values?.[name]) : '' })),
      })),
      error: extra.error, failed: extra.failed,
      // The answer to a form (not to the map's script) keeps the forms open.
      formsUsed: request.method === 'POST' && request.headers['x-ww-map'] !== '1',
      results: (extra.results ?? []).map((e) => ({ text: sentence(e.type, e, names, s), combat: e.type === 'combat' })).filter((r) => r.text),
    }, status)
  }

  fastify.get('/campaigns/:id/turn', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    await requireUser(request)
    return games(a)?.turn(request, reply, a) ?? turnPage(request, reply, a)
  })

  fastify.post<Route>('/campaigns/:id/turn', form(), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    const game = games(a)
    if (game) return game.order(request, reply, a)
    const type = one(request.body.type)
    if (type === 'draftPick') {
      try {
        const { events } = await campaigns.pick(a, { city: one(request.body.city) })
        return turnPage(request, reply, a, { results: events })
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 403) throw error
        return turnPage(request, reply, a, { error, failed: type, values: request.body }, error.statusCode)
      }
    }
    const orderForm = ORDER_FORMS.find((f) => f.type === type)
    if (!orderForm) throw new AppError(400, 'orders/unknown_type', `Unknown order type "${type}"`)
    const order: Record<string, unknown> = { type }
    for (const [name, kind] of orderForm.fields) {
      const raw = one(request.body[name])
      if (kind === 'tiles') continue
      order[name] = kind === 'number' ? Number(raw) : kind === 'check' ? raw === 'true' : raw
    }
    // A move along chosen tiles (R7.3): the tiles passed through, then the destination.
    const via = one(request.body.via)
    if (type === 'move' && via) order.path = [...via.split(/[\s;]+/).filter(Boolean), one(request.body.to)]
    try {
      const { events } = await campaigns.orders(loginClaims(request)!, a.campaign.id, { orders: [order as Order] }, undefined)
      return turnPage(request, reply, a, { results: events })
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500 || error.statusCode === 403) throw error
      return turnPage(request, reply, a, { error, failed: type, values: request.body }, error.statusCode)
    }
  })
}
