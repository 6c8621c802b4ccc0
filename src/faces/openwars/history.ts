// Open Wars' history (the log told in sentences, every battle turn by turn in the order of
// initiative, the map at a round's end) and its dice (every d6 with its counter, derived again
// once the round's seed is out).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { openWars } from '../../engine/games/openwars/index.ts'
import { isSystemRow } from '../../lib/chronicle.ts'
import type { Access } from '../../services/access.ts'
import type { LoggedEvent } from '../../services/views.ts'
import type { PageKit, Req } from '../page-kit.ts'
import { d6Rounds, historyReading, verificationOf, weekEnded, wordsAndNames } from '../history-kit.ts'
import { bandSvg } from './band-svg.ts'
import { OPENWARS_KINDS, openwarsSentence } from './chronicle.ts'
import { openwarsRead, page, placesOf } from './pages.ts'

/** The orders the history tells (the others are secret, W10.8, or said elsewhere). */
const TOLD_ORDERS = new Set(['move', 'recruit', 'aim', 'cast', 'endTurn', 'setFaction'])
const told = (e: { type: string; payload: unknown }) =>
  e.type === 'order' ? TOLD_ORDERS.has(((e.payload as { order?: { type?: string } }).order?.type ?? '') as string) : !isSystemRow(e.type)

export function openwarsHistoryPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { tabPage, stringsOf } = kit
  const read = openwarsRead(fastify)

  async function history(request: Req, reply: FastifyReply, a: Access) {
    const s = await stringsOf(request)
    const { board, colours, names } = await read(a)
    const places = placesOf(board, s)
    const reading = await historyReading(campaigns, a, request.query, OPENWARS_KINDS, told)
    const { week, events } = reading
    const ended = weekEnded<{ controllers: number[]; units: number[] }>(events)
    const order = board.tribes.map((t) => t.id)
    const weekMap =
      ended && ended.controllers?.length === board.cells.length
        ? bandSvg(
            board.cells.map((c, i) => ({
              id: c.id,
              card: c.card,
              controller: ended.controllers[i]! >= 0 ? order[ended.controllers[i]!]! : null,
              // The round's end map keeps each location's unit count, not its kinds.
              stacks: ended.units[i]! > 0 && ended.controllers[i]! >= 0 ? [{ tribe: order[ended.controllers[i]!]!, kind: '', count: ended.units[i]! }] : [],
            })),
            s,
            { rows: board.rows, cols: board.cols, label: `${a.campaign.name}: ${s.o_round} ${week}`, colours, names },
          )
        : ''
    return tabPage({ request, reply, a }, 'history', page('history.hbs'), {
      weekMap,
      ...reading.listed(openWars.dice.drawsOf, (e) => openwarsSentence(e.type, e.payload, names, s, (id) => places.get(id) ?? id)),
    })
  }

  async function dice(request: Req, reply: FastifyReply, a: Access) {
    const { s, names } = await wordsAndNames(campaigns, stringsOf, request, a)
    // Tick 0's roll-offs draw from the setup seed, which the muster reveals (CLARIFIED 14, W3.7).
    const seedOf = (e: LoggedEvent, roundSeed: string | null) =>
      e.type === 'mustered' ? ((e.payload as { setupSeed?: string }).setupSeed ?? roundSeed) : roundSeed
    const rounds = await d6Rounds(campaigns, a, openWars.dice, (e) => openwarsSentence(e.type, e.payload, names, s), seedOf)
    const verification = await verificationOf(campaigns, a, request.query)
    return tabPage({ request, reply, a }, 'dice', page('dice.hbs'), { rounds, verification })
  }

  return { history, dice }
}
