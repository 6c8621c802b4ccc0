// A period's recap (#30), for its page and for the payout mail: the period's log and the board
// read for the reader, drawn by the campaign's face; the mail's map drawn once more as a PNG.
import type { FastifyInstance } from 'fastify'
import { LRUCache } from 'lru-cache'
import { CATALOGUE } from '../lib/catalogue.ts'
import { svgToPng } from '../lib/png.ts'
import type { Access } from '../services/access.ts'
import type { MailRecap } from '../services/mail.ts'
import type { PeriodRecap } from './face.ts'
import { faceOf } from './index.ts'

/** How wide the mail's map is drawn: twice the width a mail shows it at, for sharp screens. */
export const MAIL_MAP_WIDTH = 1152

/** The recap of an ended period, as this reader may read it; null for a period with no end map or a game without recaps. */
export async function periodRecap(campaigns: FastifyInstance['campaigns'], a: Access, period: number, locale: 'en' | 'es'): Promise<PeriodRecap | null> {
  const face = faceOf(a.campaign.ruleset)
  if (!face.recap || a.campaign.status === 'setup') return null
  // An ended period's record is complete in the log: the reading does no calendar work, so the
  // mail loop that draws a payout's recap never holds a campaign the sweep must take (#46).
  const { week, events, weekStart } = await campaigns.week(a, period, { catchUp: false })
  if (week !== period) return null
  const [board, { tribes }] = await Promise.all([campaigns.stateView(a, { catchUp: false }), campaigns.get(a)])
  return face.recap({ campaignName: a.campaign.name, period, events, periodStart: weekStart, board, tribes }, CATALOGUE[locale])
}

/**
 * The payout mail's recap, for a recipient who may read the campaign. A recap is the same for
 * every reader of a language (it tells no scene's talk, which only some may read), so the two to
 * seven mails of a campaign share one reading and one drawing: about 0.1–0.3 s of a core for the
 * PNG, measured on these machines.
 */
export function mailRecaps(fastify: FastifyInstance, publicUrl: string) {
  const made = new LRUCache<string, Promise<MailRecap | null>>({ max: 64 })
  async function make(a: Access, period: number, locale: 'en' | 'es', withImage: boolean): Promise<MailRecap | null> {
    const recap = await periodRecap(fastify.campaigns, a, period, locale)
    if (!recap) return null
    const image = withImage ? await svgToPng(recap.svg, recap.css, MAIL_MAP_WIDTH) : null
    return { period, lines: recap.lines, url: `${publicUrl}/campaigns/${a.campaign.id}/recap/${period}`, image }
  }
  // The picture is the costly part (#45): a practice week's mail goes without it, its page draws it when opened.
  return async (campaignId: string, userId: string, period: number, locale: 'en' | 'es', options: { image: boolean }): Promise<MailRecap | null> => {
    const a = await fastify.campaigns.access(campaignId, userId)
    const key = `${campaignId}:${period}:${locale}:${options.image ? 'image' : 'lines'}`
    let recap = made.get(key)
    if (!recap) {
      made.set(key, (recap = make(a, period, locale, options.image)))
      // A failure is not kept: the mail's next attempt draws it again.
      recap.catch(() => made.delete(key))
    }
    return recap
  }
}
