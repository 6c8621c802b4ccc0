// World conquest's history (the log told in sentences, the world map at a round's end) and its
// dice (every die of a round with its counter, derived again once the round's seed is out).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { conquest, TERRITORY_IDS } from '../../engine/games/conquest/index.ts'
import { d6Rounds, historyReading, verificationOf, weekEnded, wordsAndNames } from '../history-kit.ts'
import { isSystemRow } from '../../lib/chronicle.ts'
import type { Access } from '../../services/access.ts'
import type { PageKit, Req } from '../page-kit.ts'
import { CONQUEST_KINDS, conquestSentence } from './chronicle.ts'
import { page, placeNames } from './pages.ts'
import { worldSvg } from './world-svg.ts'

export function conquestHistoryPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { tabPage, stringsOf } = kit

  async function history(request: Req, reply: FastifyReply, a: Access) {
    const { s, names, colours } = await wordsAndNames(campaigns, stringsOf, request, a)
    const reading = await historyReading(campaigns, a, request.query, CONQUEST_KINDS, (e) => !isSystemRow(e.type))
    const { week, events } = reading
    const ended = weekEnded<{ owners: number[]; troops: number[] }>(events)
    const order = (await campaigns.stateView(a)).tribes.map((t) => t.id)
    const weekMap = ended
      ? worldSvg(
          TERRITORY_IDS.map((id, i) => ({ id, owner: order[ended.owners[i]!] ?? '', troops: ended.troops[i]! })),
          colours,
          names,
          { label: `${a.campaign.name}: ${s.c_round} ${week}`, names: placeNames(s) },
        )
      : ''
    return tabPage({ request, reply, a }, 'history', page('history.hbs'), {
      weekMap,
      ...reading.listed(conquest.dice.drawsOf, (e) => conquestSentence(e.type, e.payload, names, s)),
    })
  }

  async function dice(request: Req, reply: FastifyReply, a: Access) {
    const { s, names } = await wordsAndNames(campaigns, stringsOf, request, a)
    // Before the start there is no round and no die.
    const rounds = await d6Rounds(campaigns, a, conquest.dice, (e) => conquestSentence(e.type, e.payload, names, s))
    const verification = await verificationOf(campaigns, a, request.query)
    return tabPage({ request, reply, a }, 'dice', page('dice.hbs'), { rounds, verification })
  }

  return { history, dice }
}
