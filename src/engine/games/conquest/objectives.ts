// G8: objectives, the end of the campaign and its ranking; G10: elimination.
import { heldByOwners } from '../../kernel/parts.ts'
import type { TribeId } from '../../kernel/ids.ts'
import type { ConquestResult, ConquestState, ConquestTribe, ObjectiveId } from './types.ts'
import type { Work } from './work.ts'
import { CONTINENTS, territoriesOf, type ContinentId } from './world.ts'

const CONTINENT_IDS: Record<ContinentId, string[]> = Object.fromEntries(CONTINENTS.map((c) => [c, territoriesOf(c)])) as Record<ContinentId, string[]>

const holds = (s: ConquestState, tribe: TribeId, c: ContinentId) => CONTINENT_IDS[c].every((id) => s.territories[id]?.owner === tribe)
const owned = (s: ConquestState, tribe: TribeId) => Object.values(s.territories).filter((t) => t.owner === tribe)
const oneMore = (s: ConquestState, tribe: TribeId, besides: ContinentId[]) => CONTINENTS.some((c) => !besides.includes(c) && holds(s, tribe, c))

/** The territory count of O7 and of O9's alternative: 24, or 30 with two tribes. */
export const bigCount = (s: ConquestState) => (s.tribesAtStart === 2 ? 30 : 24)

/** G8.3 on the state as it is now. */
export function objectiveMet(s: ConquestState, t: ConquestTribe): boolean {
  const mine = owned(s, t.id)
  const two = s.tribesAtStart === 2
  const checks: Record<ObjectiveId, () => boolean> = {
    O1: () => holds(s, t.id, 'NA') && holds(s, t.id, 'AF'),
    O2: () => holds(s, t.id, 'AS') && holds(s, t.id, 'SA'),
    O3: () => holds(s, t.id, 'AS') && holds(s, t.id, 'AF'),
    O4: () => holds(s, t.id, 'NA') && holds(s, t.id, 'OC'),
    O5: () => holds(s, t.id, 'EU') && holds(s, t.id, 'SA') && oneMore(s, t.id, ['EU', 'SA']),
    O6: () => holds(s, t.id, 'EU') && holds(s, t.id, 'OC') && oneMore(s, t.id, ['EU', 'OC']),
    O7: () => mine.length >= bigCount(s),
    O8: () => mine.filter((x) => x.troops >= 2).length >= (two ? 24 : 18),
    O9: () => {
      const target = s.tribes.find((x) => x.id === t.o9Target)
      if (t.o9Fallback) return mine.length >= bigCount(s)
      return !!target && target.eliminated && target.eliminatedBy === t.id
    },
    O10: () => mine.length >= (two ? 28 : 22) && CONTINENTS.every((c) => CONTINENT_IDS[c].filter((id) => s.territories[id]?.owner === t.id).length >= 3),
  }
  return t.objective !== null && checks[t.objective]()
}

/** What each tribe owns, for the ranking and the pages. */
export function standing(s: ConquestState) {
  return s.tribes.map((t) => {
    const mine = owned(s, t.id)
    return { id: t.id, territories: mine.length, troops: mine.reduce((n, x) => n + x.troops, 0) }
  })
}

/**
 * G8.8: the standing tribes by territories then troops (equal ones share a rank), then the
 * eliminated, the later first. Answers the groups of tribes that share each rank.
 */
export function rankGroups(s: ConquestState, winner: TribeId | null = null): TribeId[][] {
  const stand = new Map(standing(s).map((x) => [x.id, x]))
  const alive = s.tribes.filter((t) => !t.eliminated && t.id !== winner)
  const groups: TribeId[][] = winner ? [[winner]] : []
  const key = (id: TribeId) => `${stand.get(id)!.territories}/${stand.get(id)!.troops}`
  alive.sort((a, b) => stand.get(b.id)!.territories - stand.get(a.id)!.territories || stand.get(b.id)!.troops - stand.get(a.id)!.troops)
  for (const t of alive) {
    const last = groups[groups.length - 1]
    if (last && last[0] !== winner && key(last[0]!) === key(t.id)) last.push(t.id)
    else groups.push([t.id])
  }
  const gone = s.tribes.filter((t) => t.eliminated).sort((a, b) => b.eliminationStep! - a.eliminationStep!)
  for (const t of gone) {
    const last = groups[groups.length - 1]
    const lastTribe = last ? s.tribes.find((x) => x.id === last[0]) : undefined
    if (last && lastTribe?.eliminated && lastTribe.eliminationStep === t.eliminationStep) last.push(t.id)
    else groups.push([t.id])
  }
  return groups
}

export const ranking = (s: ConquestState): TribeId[] => (s.result ? s.result.ranking : rankGroups(s).flat())

/** G8.6, G8.7, G8.9, G8.10: the end, with every objective and the objective seed revealed. */
export function finish(w: Work, reason: ConquestResult['reason'], winner: TribeId | null) {
  const groups = rankGroups(w.s, winner)
  const result: ConquestResult = { reason, winners: groups[0] ?? [], ranking: groups.flat() }
  w.s.status = 'finished'
  w.s.result = result
  for (const t of w.s.tribes) t.window = 'closed'
  w.emit({
    type: 'campaignEnded',
    reason,
    winners: result.winners,
    ranking: result.ranking,
    objectives: Object.fromEntries(w.s.tribes.map((t) => [t.id, t.objective])),
    objectiveSeed: w.s.objectiveSeed,
    // G8.10: the dice of the round in progress can be checked at once, whatever ended it.
    round: w.s.round,
    roundSeed: w.s.rng.seed,
  })
}

/**
 * G10.1, G8.5: tribes left with no territory are eliminated by `by`; an O9 holder whose target
 * fell to anyone else turns to the alternative. One event may eliminate several (a trade).
 */
export function eliminateEmpty(w: Work, by: TribeId | 'trade') {
  const gone = w.s.tribes.filter((t) => !t.eliminated && !Object.values(w.s.territories).some((x) => x.owner === t.id))
  if (gone.length === 0) return
  w.s.eliminations++
  for (const t of gone) {
    t.eliminated = true
    t.eliminatedAt = w.s.round
    t.eliminationStep = w.s.eliminations
    t.eliminatedBy = by
    t.window = 'closed'
    w.emit({ type: 'eliminated', tribe: t.id, by, round: w.s.round })
    for (const holder of w.s.tribes) {
      // N3.26: told to the holder on its own turn page only; the log is every member's to read.
      if (holder.objective === 'O9' && holder.o9Target === t.id && by !== holder.id && !holder.eliminated) holder.o9Fallback = true
    }
  }
  const standingTribes = w.s.tribes.filter((t) => !t.eliminated)
  if (standingTribes.length === 1) finish(w, 'lastTribe', standingTribes[0]!.id)
}

/** The results page's figures (#30): territories and troops, in the ranking's order (G8.8). */
export function standings(s: ConquestState) {
  const stand = new Map(standing(s).map((x) => [x.id, x]))
  return ranking(s).map((id) => ({
    tribe: id,
    figures: [
      { key: 'c_standTerritories', value: stand.get(id)!.territories },
      { key: 'c_standTroops', value: stand.get(id)!.troops },
    ],
  }))
}

/** The territories each tribe held at a round's end, from its record (`weekEnd`: owners by the tribes' order). */
export const heldAtRoundEnd = heldByOwners
