// The "your day" card on /campaigns (#30): each campaign whose window is open today for the
// reader's tribe, with the time left, what can be spent and what can still move (the game's
// figures, in its words), a link to the turn, and "Done", which ends the turn with the game's own order.
import type { FastifyInstance } from 'fastify'
import { DateTime } from 'luxon'
import { faceOf } from '../../faces/index.ts'
import { spendableText, timeLeft } from '../../lib/your-day.ts'
import { fill } from '../../lib/fill.ts'
import { STRINGS, type PageKit, type Req, type Route, type Viewer } from './kit.ts'

export function yourDayPages(fastify: FastifyInstance, kit: PageKit) {
  const { requireUser, accessOf, form, loginClaims } = kit

  /** The reader's cards, in their language and zone; none for someone logged out. */
  async function cards(v: Viewer) {
    if (!v.user) return []
    const s = STRINGS[v.locale]
    const now = fastify.clock.now()
    const zone = v.user.timeZone
    return (await fastify.campaigns.yourDay(v.user.id)).map((c) => {
      const closes = DateTime.fromISO(c.closesAt, { zone }).toFormat('HH:mm')
      return {
        ...c,
        // The reader's own clock; their zone named when the campaign keeps another.
        closes: fill(s.dayCloses!, { time: zone === c.campaign.timeZone ? closes : `${closes} ${zone}`, left: timeLeft(c.closesAt, now, v.locale) }, v.locale),
        spend: c.spendable.length ? fill(s.daySpend!, { what: spendableText(c.spendable, v.locale) }, v.locale) : s.dayNothingToSpend,
        moves: fill(s[faceOf(c.campaign.ruleset).movable]!, { n: c.movable }, v.locale),
      }
    })
  }

  fastify.post<Route>('/campaigns/:id/done', form(), async (request: Req, reply) => {
    await requireUser(request)
    const a = await accessOf(request, request.params.id!)
    const outcome = await fastify.campaigns.endTurn(loginClaims(request)!, a)
    return reply.redirect(`/campaigns?notice=${outcome === 'ended' ? 'turn_ended' : 'turn_already_ended'}`, 303)
  })

  return { cards }
}
