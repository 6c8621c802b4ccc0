// What the map faces' history and dice pages share: the reader's words and the tribes' names,
// the period asked and its events sifted by the reader's filter, the period's end map payload,
// and the periods' dice, latest first, each die derived again from its period's seed once that
// is out (the d6 games' whole dice list). Each face tells the events and lists the dice in its words.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { hmacRng, type Draw } from '../engine/index.ts'
import { AppError } from '../lib/errors.ts'
import type { Access } from '../services/access.ts'
import type { LoggedEvent } from '../services/views.ts'
import { rosterOf } from './game-reads.ts'
import type { PageKit } from './page-kit.ts'
import { proofOf } from './proof.ts'

type Campaigns = FastifyInstance['campaigns']

/** The reader's words and the tribes' names and colours, which a history or dice page tells the log with. */
export async function wordsAndNames(campaigns: Campaigns, stringsOf: PageKit['stringsOf'], request: FastifyRequest, a: Access) {
  const s = await stringsOf(request)
  return { s, ...(await rosterOf(campaigns, a)) }
}

/** The history's query: a period, a kind of event (the face's), one type, and whether the log's machinery shows. */
export interface HistoryQuery {
  week?: string
  kind?: string
  type?: string
  system?: string
}

/**
 * The period asked (the latest when none, or none such), its events, and those the filter shows:
 * one type when one is named, else one of the face's kinds, else the story (`told`) unless the
 * machinery is asked for too.
 */
export async function historyReading(
  campaigns: Campaigns,
  a: Access,
  query: HistoryQuery,
  kinds: Record<string, (type: string) => boolean>,
  told: (e: LoggedEvent) => boolean,
) {
  const asked = /^\d{1,6}$/.test(query.week ?? '') ? Number(query.week) : null
  const { weeks, week, events, weekStart } = await campaigns.week(a, asked)
  const kind = kinds[query.kind ?? ''] ? query.kind! : ''
  const filter = { type: query.type ?? '', kind, week: String(week), system: query.system === '1' }
  const shown = events.filter((e) => (filter.type ? e.type === filter.type : kind ? kinds[kind]!(e.type) : filter.system || told(e)))
  /** What the history template lists: the filter, the face's kinds, the periods, and the shown events latest first, each told and its dice proved. */
  const listed = <M extends object>(drawsOf: (event: never) => Draw[], tell: (e: LoggedEvent) => string, more?: (e: LoggedEvent) => M) => ({
    filter,
    kinds: Object.keys(kinds),
    weeks: weeks.map(String),
    events: [...shown].reverse().map((e) => ({ ...e, summary: tell(e), proof: proofOf(drawsOf, a.campaign.id, e.week, e.payload), ...more?.(e) })),
  })
  return { weeks, week, events, weekStart, filter, shown, listed }
}

/** One die of a period as the page lists it: its counter and face, the event that drew it, and the face derived again. */
export interface DiceRow {
  counter: number
  face: number
  event: string
  derived: number | null
}

/**
 * Every period's dice, latest first: its commitment, its seed once revealed, and its rows, each
 * marked ok when the face derived from the seed is the one logged. `rowsOf` reads a period's
 * events with its seed; `endingSeed` reads the seed a campaign that ended mid-period revealed in
 * its last event (G8.10, W9.3), before the calendar would.
 */
export async function dicePeriods<R extends DiceRow>(
  campaigns: Campaigns,
  a: Access,
  rowsOf: (events: LoggedEvent[], seed: string | null) => R[],
  endingSeed?: (events: LoggedEvent[]) => { round: number; roundSeed: string } | undefined,
) {
  const latest = a.campaign.status === 'setup' ? -1 : (await campaigns.stateView(a)).week
  const ending = latest >= 0 && endingSeed ? endingSeed((await campaigns.week(a, latest)).events) : undefined
  const periods = []
  for (let week = latest; week >= 0; week--) {
    let d
    try {
      d = await campaigns.dice(a, week)
    } catch (error) {
      // A period with no dice yet (or none at all): the page skips it.
      if (!(error instanceof AppError && error.statusCode === 404)) throw error
      continue
    }
    if (!d.seed && ending?.round === week) d = { ...d, seed: ending.roundSeed }
    const { events } = await campaigns.week(a, week)
    const rolls = rowsOf(events, d.seed).map((r) => ({ ...r, ok: r.derived === null ? null : r.derived === r.face }))
    periods.push({ ...d, rolls })
  }
  return periods
}

/** What the period's end map is drawn from: its `map.week_ended` payload (the game's own shape), once the period is over. */
export const weekEnded = <P>(events: readonly LoggedEvent[]) => events.find((e) => e.type === 'map.week_ended')?.payload as P | undefined

/** A campaign's last event, if it ended mid-period with that period's seed in it. */
const endedWithSeed = (events: LoggedEvent[]) => events.find((e) => e.type === 'campaignEnded')?.payload as { round: number; roundSeed: string } | undefined

/**
 * A period's dice rows for a game whose ruleset lists them (`dice.events`, `dice.drawsOf`): each
 * die of each such event, the event's sentence on its first. `derive` answers the face the die
 * should show (null while the seed is secret) and any field of the game's own.
 */
export function drawnRows<X extends { derived: number | null }>(
  events: readonly LoggedEvent[],
  dice: { events: readonly string[]; drawsOf: (event: never) => Draw[] },
  tell: (event: LoggedEvent) => string,
  derive: (die: Draw, index: number, draws: readonly Draw[], event: LoggedEvent) => X,
) {
  return events
    .filter((event) => dice.events.includes(event.type))
    .flatMap((event) => {
      const said = tell(event)
      const draws = dice.drawsOf(event.payload as never)
      return draws.map((die, index) => ({ counter: die.counter, face: die.face, event: index === 0 ? said : '', ...derive(die, index, draws, event) }))
    })
}

/** A d6 derived again from its period's seed (R8.4, G11.2, W10.2): none while the seed is secret. */
const d6Of = (seed: string | null, counter: number): number | null => (seed ? (hmacRng(seed, counter) % 6) + 1 : null)

/**
 * The rounds of a game that rolls d6s (G11.2, W10.2), latest first: each die of the events its
 * ruleset lists, derived again from its round's seed, or from the seed `seedOf` reads in the die's
 * event; a campaign that ended mid-round reveals that round's seed in its last event (G8.10, W9.3).
 */
export const d6Rounds = (
  campaigns: Campaigns,
  a: Access,
  dice: { events: readonly string[]; drawsOf: (event: never) => Draw[] },
  tell: (event: LoggedEvent) => string,
  seedOf: (event: LoggedEvent, roundSeed: string | null) => string | null = (_event, roundSeed) => roundSeed,
) =>
  dicePeriods(
    campaigns,
    a,
    (events, roundSeed) => drawnRows(events, dice, tell, (die, _index, _draws, event) => ({ derived: d6Of(seedOf(event, roundSeed), die.counter) })),
    endedWithSeed,
  )

/** The whole log checked again, when the reader asks (`?verify=1`) and the campaign has begun. */
export const verificationOf = async (campaigns: Campaigns, a: Access, query: { verify?: string }) =>
  query.verify === '1' && a.campaign.status !== 'setup' ? await campaigns.verify(a) : null
