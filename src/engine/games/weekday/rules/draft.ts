// The city draft (R3): the order drawn with the dice, snake picks, starting
// garrisons, and the first payout when the last city is picked.
import type { DraftState, TribeId, TribeState } from '../types.ts'
import { STARTING_GARRISON } from './constants.ts'
import { payout } from './economy.ts'
import { reject, tileIndex, type Work } from './work.ts'

export function startDraft(w: Work) {
  if (w.s.status !== 'setup') reject('draft/already_started', 'the draft has already started', 'R3.1')
  const order = w.s.tribes.map((t) => t.id)
  const counter = w.s.rng.counter
  // Fisher–Yates with the campaign's dice (R3.1): the seed and counter are logged.
  for (let i = order.length - 1; i > 0; i--) {
    const j = w.rng(w.s.rng.seed, w.s.rng.counter) % (i + 1)
    w.s.rng = { seed: w.s.rng.seed, counter: w.s.rng.counter + 1 }
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  w.s.status = 'draft'
  w.s.draft = { order, picks: [] }
  w.emit({ type: 'draftStarted', order, counter })
}

/** The tribe whose pick it is (snake order, R3.2), or null once every tribe has its two cities. */
export function onTheClock(draft: DraftState): TribeId | null {
  const n = draft.order.length
  const k = draft.picks.length
  if (k >= 2 * n) return null
  return k < n ? draft.order[k]! : draft.order[2 * n - 1 - k]!
}

export function draftPick(w: Work, t: TribeState, o: Record<string, unknown>) {
  if (w.s.status !== 'draft' || !w.s.draft) reject('draft/not_drafting', 'there is no draft going on', 'R3.2')
  const draft = w.s.draft
  const n = draft.order.length
  const onClock = onTheClock(draft)
  if (t.id !== onClock) reject('draft/not_your_pick', `it is ${nameOf(w, onClock)}'s pick`, 'R3.2', { tribe: nameOf(w, onClock) })
  const i = tileIndex(w, o.city, 'city')
  const key = w.map.keys[i]!
  if (!w.map.city[i]) reject('draft/not_a_city', `${key} is not a city`, 'R3.2', { tile: key })
  if (w.s.owners[i] !== null)
    reject('draft/city_taken', `${key} is already ${nameOf(w, w.s.owners[i]!)}'s`, 'R3.2', { tile: key, tribe: nameOf(w, w.s.owners[i]!) })
  const late = afterWeekTick(o)
  w.setOwner(i, t.id)
  const garrison = w.army(key)
  w.setArmy(key, { tribe: t.id, troops: garrison?.troops ?? STARTING_GARRISON, mp: 0 }) // R3.3
  w.s.draft = { order: draft.order, picks: [...draft.picks, { tribe: t.id, city: key }] }
  w.emit({ type: 'draftPicked', tribe: t.id, city: key })
  if (w.s.draft.picks.length === 2 * n) {
    w.s.status = 'running'
    w.emit({ type: 'campaignStarted' })
    payout(w) // R3.5
    if (late && w.s.firstCountedWeek !== undefined) w.s.firstCountedWeek = w.s.week
  }
}

/**
 * R2.6: whether the pick comes at or after its week's tick (a Sunday evening). Ending the draft,
 * it leaves no tick to close the draft's week, so the week the next tick closes is the first
 * counted. A pick that does not say when it was made leaves the tick to come.
 */
function afterWeekTick(o: Record<string, unknown>): boolean {
  if (o.at === undefined && o.weekTick === undefined) return false
  const instant = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x)
  if (!instant(o.at) || !instant(o.weekTick)) reject('draft/bad_time', "a pick names its instant and its week's tick (epoch milliseconds)", 'R2.6')
  return o.at >= o.weekTick
}

const nameOf = (w: Work, tribe: TribeId | null) => w.s.tribes.find((t) => t.id === tribe)?.name ?? String(tribe)
