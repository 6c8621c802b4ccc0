// A period's recap page (#30): the map as the period ended with its orders as arrows, and the
// three events that weighed most, in the reader's language. A public campaign's recap is anyone's
// to read and share; a private one's is its members' (and former players'): a 404 to anyone else.
import type { FastifyInstance } from 'fastify'
import { faceOf } from '../../faces/index.ts'
import { periodRecap } from '../../faces/recap.ts'
import { AppError } from '../../lib/errors.ts'
import { fill } from '../../lib/fill.ts'
import { STRINGS, type PageKit, type Req } from './kit.ts'

export function recapPages(fastify: FastifyInstance, kit: PageKit) {
  const { render, accessOf, campaignInfo, viewer } = kit

  fastify.get('/campaigns/:id/recap/:period', async (request: Req, reply) => {
    const a = await accessOf(request, request.params.id!)
    const asked = request.params.period ?? ''
    const period = /^\d{1,6}$/.test(asked) ? Number(asked) : null
    const noRecap = () => new AppError(404, 'recap/not_found', `No recap of period ${asked} in this campaign yet`)
    if (period === null) throw noRecap()
    const { locale } = await viewer(request)
    const recap = await periodRecap(fastify.campaigns, a, period, locale)
    if (!recap) throw noRecap()
    const s = STRINGS[locale]
    const face = faceOf(a.campaign.ruleset)
    const path = `/campaigns/${a.campaign.id}/recap/${period}`
    const heading = fill(s.recap_title!, { period: s[face.period]!, n: period }, locale)
    return render(request, reply, 'recap.hbs', {
      // A shared link's tab and preview name the campaign too.
      title: `${a.campaign.name}: ${heading}`,
      heading,
      campaign: campaignInfo(a),
      tab: 'history',
      period,
      lines: recap.lines,
      svg: recap.svg,
      isPublic: a.campaign.public,
      shareUrl: `${fastify.config.publicUrl}${path}`,
    })
  })
}
