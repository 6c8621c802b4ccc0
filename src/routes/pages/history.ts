// The history (the log with filters, and the map at the end of a week) and the dice page.
import type { FastifyInstance } from 'fastify'
import type { GameEvent } from '../../engine/index.ts'
import { AppError } from '../../lib/errors.ts'
import { arrowsOf, shipsOfWeekEnd } from '../../lib/map-arrows.ts'
import { isSystemRow, KINDS, sentence } from '../../lib/chronicle.ts'
import type { Games } from './games.ts'
import { STRINGS, titled, type PageKit, type Req } from './kit.ts'

export function historyPages(fastify: FastifyInstance, kit: PageKit, games: Games) {
  const { campaigns } = fastify
  const { render, accessOf, campaignInfo, board } = kit

  fastify.get('/campaigns/:id/history', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    const game = games(a)
    if (game && a.campaign.status !== 'setup') return game.history(request, reply, a)
    const tribes = (await campaigns.get(a)).tribes
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    const asked = /^\d{1,6}$/.test(request.query.week ?? '') ? Number(request.query.week) : null
    const { weeks, week, events, weekStart } = await campaigns.week(a, asked)
    const v = await kit.viewer(request)
    // The story by default; the log's machinery (orders as sent, windows, dice) when asked, or when its type is chosen.
    const kind = KINDS[request.query.kind ?? ''] ? request.query.kind! : ''
    const filter = { type: request.query.type ?? '', kind, week: String(week), system: request.query.system === '1' }
    const shown = events.filter((e) => (filter.type ? e.type === filter.type : kind ? KINDS[kind]!(e.type) : filter.system || !isSystemRow(e.type)))
    let weekMap = ''
    const ended = events.find((e) => e.type === 'map.week_ended')
    if (ended && a.campaign.status !== 'setup') {
      const p = ended.payload as { owners: number[]; armies: [string, number, number][]; ships: [string, string, number, number][]; besieged: string[] }
      const { view } = await board(a)
      const id = (i: number) => (i < 0 ? null : view.tribes[i]?.id ?? null)
      const arrows = titled(arrowsOf(events.map((e) => e.payload as GameEvent), shipsOfWeekEnd(weekStart)), STRINGS[v.locale])
      weekMap = kit.mapSvg(a.campaign.id, -1, `week:${week}`, v.locale, () => [{
        tiles: view.map.tiles.map((t, i) => ({ ...t, owner: id(p.owners[i] ?? -1) })),
        armies: p.armies.map(([tile, tribe, troops]) => ({ tile, tribe: id(tribe), troops })),
        ships: p.ships.map(([shipId, tile, tribe, crew]) => ({ id: shipId, tile, tribe: id(tribe)!, crew })),
        besieged: p.besieged,
      }, tribes, { label: `${a.campaign.name}, week ${week}`, arrows }])
    }
    return render(request, reply, 'history.hbs', {
      title: STRINGS[v.locale].history, campaign: campaignInfo(a), tab: 'history', filter, weekMap,
      kinds: Object.keys(KINDS),
      weeks: weeks.map(String),
      events: shown.reverse().map((e) => ({ ...e, summary: sentence(e.type, e.payload, names, STRINGS[v.locale]) })),
    })
  })

  fastify.get('/campaigns/:id/dice', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    const game = games(a)
    if (game && a.campaign.status !== 'setup') return game.dice(request, reply, a)
    const weeks = []
    let algorithm = ''
    if (a.campaign.status !== 'setup') {
      const { view } = await board(a)
      for (let week = view.week; week >= 0; week--) {
        try {
          const d = await campaigns.dice(a, week)
          algorithm = d.algorithm
          weeks.push(d)
        } catch (error) {
          if (!(error instanceof AppError && error.statusCode === 404)) throw error
        }
      }
    }
    // The replay is asked for (it reads the whole log), not run on every view.
    const verification = request.query.verify === '1' && a.campaign.status !== 'setup' ? await campaigns.verify(a) : null
    return render(request, reply, 'dice.hbs', { title: STRINGS.en.dice, campaign: campaignInfo(a), tab: 'dice', weeks, algorithm, verification })
  })
}
