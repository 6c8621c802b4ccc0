// The weekday game's history (the log with filters, and the map at the end of a week) and its
// dice page (each week's commitment, seed and battles, and the replay on request).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { isSystemRow } from '../../lib/chronicle.ts'
import type { Access } from '../../services/access.ts'
import { STRINGS, type PageKit, type Req } from '../page-kit.ts'
import { KINDS, sentence } from './chronicle.ts'
import { mapSvg } from './map.ts'
import { gameReads } from '../game-reads.ts'
import { page } from './pages.ts'
import { placeLabel } from './places.ts'
import { weekEndMap } from './recap.ts'
import { weeklyTurn } from '../../engine/games/weekday/index.ts'
import { historyReading } from '../history-kit.ts'

export function weekdayHistoryPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { tabPage } = kit

  async function history(request: Req, reply: FastifyReply, a: Access) {
    const tribes = (await campaigns.get(a)).tribes
    const names = new Map(tribes.map((t) => [t.id, t.name]))
    // The story by default; the log's machinery (orders as sent, windows, dice) when asked, or when its type is chosen.
    const reading = await historyReading(campaigns, a, request.query, KINDS, (e) => !isSystemRow(e.type))
    const { week, events, weekStart } = reading
    const v = await kit.viewer(request)
    let weekMap = ''
    const ended = events.find((e) => e.type === 'map.week_ended')
    // A campaign in setup has no board yet: its few events name no tiles.
    const view = a.campaign.status !== 'setup' ? await gameReads(campaigns, weeklyTurn).board(a) : null
    const place = view ? placeLabel(view.map, v.locale) : String
    if (ended && view) {
      weekMap = mapSvg(kit, a.campaign.id, -1, `week:${week}`, v.locale, () =>
        weekEndMap(view, tribes, ended.payload, events, weekStart, STRINGS[v.locale], `${a.campaign.name}, week ${week}`, place),
      )
    }
    return tabPage({ request, reply, a }, 'history', page('history.hbs'), {
      weekMap,
      ...reading.listed(weeklyTurn.dice.drawsOf, (e) => sentence(e.type, e.payload, names, STRINGS[v.locale], place)),
    })
  }

  async function dice(request: Req, reply: FastifyReply, a: Access) {
    const weeks = []
    let algorithm = ''
    if (a.campaign.status !== 'setup') {
      const { week: current } = await campaigns.stateView(a)
      for (let week = current; week >= 0; week--) {
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
    return tabPage({ request, reply, a }, 'dice', page('dice.hbs'), { weeks, algorithm, verification })
  }

  return { history, dice }
}
