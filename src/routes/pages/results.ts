// A finished campaign's results page (#30): each tribe's figures in the ranking's order, a
// chart of what each held over the periods drawn here as SVG, the dice audit, and the GM's
// rematch with the same group. Readable by whoever may read the campaign.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { Access } from '../../services/access.ts'
import type { Results } from '../../services/results.ts'
import { RematchBody } from '../api/campaigns/results.ts'
import { fill } from '../../lib/fill.ts'
import { one, STRINGS, type PageKit, type Req, type Route, type Strings } from './kit.ts'

// Small enough that its 12-unit text reads at about 11 px on a 390 px phone.
const W = 400
const H = 240
const PAD = { left: 36, right: 12, top: 12, bottom: 36 }
/** Each line has its own dash too: the chart reads without telling colours apart. */
const DASHES = ['', '8 4', '2 4', '12 4 2 4', '4 4', '16 6', '2 2']

/** A whole-number step giving about five ticks up to `max`. */
function step(max: number): number {
  const raw = Math.max(1, max / 5)
  const p = 10 ** Math.floor(Math.log10(raw))
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!
}

/** The chart's drawing: axes, ticks and one line a tribe, in the tribes' colours and dashes. */
export function chartOf(r: Results, s: Strings, locale: 'en' | 'es', campaignName: string, period: string) {
  const chart = r.chart
  if (!chart || chart.periods.length === 0) return null
  const label = s[chart.key] ?? chart.key
  const max = Math.max(1, ...Object.values(chart.held).flat())
  const unit = step(max)
  const top = Math.ceil(max / unit) * unit
  const n = chart.periods.length
  const x = (i: number) => PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1))
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / top)
  const round = (v: number) => Math.round(v * 10) / 10
  const yTicks = []
  for (let v = 0; v <= top; v += unit) yTicks.push({ y: round(y(v)), label: v })
  // At most about ten period labels along the bottom.
  const every = Math.ceil(n / 10)
  const xTicks = chart.periods.flatMap((p, i) => (i % every === 0 || i === n - 1 ? [{ x: round(x(i)), label: p }] : []))
  const lines = r.tribes.map((t, k) => {
    const values = chart.held[t.id] ?? []
    const dots = values.map((v, i) => ({ x: round(x(i)), y: round(y(v)) }))
    return {
      name: t.name,
      colour: t.colour,
      dash: DASHES[k % DASHES.length],
      points: dots.map((d) => `${d.x},${d.y}`).join(' '),
      dots,
      last: values.at(-1) ?? 0,
    }
  })
  return {
    width: W,
    height: H,
    left: PAD.left,
    right: W - PAD.right,
    top: PAD.top,
    bottom: H - PAD.bottom,
    title: fill(s.resultsChartTitle!, { what: label, campaign: campaignName }, locale),
    desc: fill(s.resultsChartDesc!, { what: label, tribes: lines.map((l) => `${l.name} ${l.last}`).join(', '), periods: n }, locale),
    yLabel: label,
    xLabelY: H - 6,
    xLabelX: (PAD.left + W - PAD.right) / 2,
    period,
    yTicks,
    xTicks,
    lines,
    table: { periods: chart.periods, rows: lines.map((l, k) => ({ name: l.name, colour: l.colour, values: chart.held[r.tribes[k]!.id] ?? [] })) },
  }
}

export function resultPages(fastify: FastifyInstance, kit: PageKit) {
  const { campaigns } = fastify
  const { render, requireUser, accessOf, campaignInfo, form, viewer } = kit

  async function resultsPage(request: Req, reply: FastifyReply, a: Access, extra: { error?: AppError; name?: string } = {}) {
    const { locale } = await viewer(request)
    const s = STRINGS[locale]
    const r = await campaigns.results(a)
    const face = campaignInfo(a).face
    return render(
      request,
      reply,
      'results.hbs',
      {
        title: `${s.resultsTitle} · ${a.campaign.name}`,
        campaign: campaignInfo(a),
        tab: 'results',
        results: r,
        periodWord: s[face.period] ?? face.period,
        figureKeys: r.tribes[0]?.figures.map((f) => f.key) ?? [],
        chart: chartOf(r, s, locale, a.campaign.name, s[face.period] ?? face.period),
        mayRematch: a.role === 'gm',
        rematchName: extra.name ?? a.campaign.name,
        ...extra,
      },
      extra.error?.statusCode ?? 200,
    )
  }

  fastify.get('/campaigns/:id/results', async (request: Req, reply) => resultsPage(request, reply, await accessOf(request, request.params.id!)))

  fastify.post<Route>(
    '/campaigns/:id/rematch',
    { ...form(RematchBody), config: { rateLimit: { max: fastify.config.campaignRateLimit, timeWindow: '1 hour' } } },
    async (request: Req, reply) => {
      const user = await requireUser(request)
      const a = await accessOf(request, request.params.id!)
      const name = one(request.body.name) || undefined
      try {
        const created = await campaigns.rematch(a, user.id, { name })
        return reply.redirect(`/campaigns/${created.id}/gm?notice=rematch_created`, 303)
      } catch (error) {
        // A campaign not over has no results page to show the refusal on.
        if (!(error instanceof AppError) || a.campaign.status !== 'finished') throw error
        return resultsPage(request, reply, a, { error, ...(name ? { name } : {}) })
      }
    },
  )
}
