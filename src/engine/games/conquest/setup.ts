// G1: a new campaign, its start (the deal, the first troops and stock, the objective draw) and
// tick 0's setup allotment.
import { roundGameSetup, startAt } from '../../kernel/period-checks.ts'
import { sha256, toHex, utf8 } from '../../kernel/hashing.ts'
import { WEEKDAYS, type EngineError, type TribeId } from '../../kernel/ids.ts'
import type { ConquestState, ConquestTribe, NewConquest, ObjectiveId } from './types.ts'
import { emptyGoods, reject, type Work } from './work.ts'
import { TERRITORY_IDS } from './world.ts'

/** G1.7: two to six tribes. */
export const MAX_TRIBES = 6

export const OBJECTIVES: readonly ObjectiveId[] = ['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7', 'O8', 'O9', 'O10']
export const ROUND_LIMIT = { min: 4, max: 52, default: 12 }

const dayIndex = (t: { weekday: string }) => WEEKDAYS.indexOf(t.weekday as never)

/** G1.7: 2 to 6 tribes on distinct weekdays; a round limit of 4 to 52 (12 when not given). */
export function createConquest(input: NewConquest): { ok: true; state: ConquestState } | { ok: false; error: EngineError } {
  const checked = roundGameSetup(input, input?.roundLimit, {
    name: 'world conquest',
    maxTribes: MAX_TRIBES,
    limit: ROUND_LIMIT,
    seeds: 'the deal and objective seeds',
    rules: { tribes: 'G1.7', weekdays: 'G1.7', limit: 'G1.7', seeds: 'G11.4' },
  })
  if (!checked.ok) return checked
  const { tribes, limit } = checked
  return {
    ok: true,
    state: {
      ruleset: 'conquest',
      status: 'setup',
      roundLimit: limit,
      round: 0,
      tribesAtStart: tribes.length,
      rng: { seed: input.seed, counter: 0 },
      dealSeed: input.seed,
      objectiveSeed: input.secretSeed,
      objectiveCommitment: toHex(sha256(utf8(input.secretSeed))),
      startedAt: null,
      eliminations: 0,
      territories: {},
      result: null,
      tribes: tribes.map((t): ConquestTribe => ({
        id: t.id,
        name: t.name,
        weekday: t.weekday,
        eliminated: false,
        eliminatedAt: null,
        eliminationStep: null,
        eliminatedBy: null,
        objective: null,
        o9Target: null,
        o9Fallback: false,
        reinforcementList: [],
        window: 'closed',
        acquired: [],
      })),
    },
  }
}

/** G11.5: Fisher–Yates with `u(seed, c)`, the counter from 0. */
export function shuffle<T>(items: readonly T[], seed: string, rng: (seed: string, c: number) => number): T[] {
  const out = items.slice()
  let c = 0
  for (let i = out.length - 1; i >= 1; i--) {
    const j = rng(seed, c++) % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** G1.9–G1.11, G8.1: the deal, one troop and 2 Básicos per territory, the objectives. */
export function startCampaign(w: Work, at: unknown) {
  startAt(w, at, { started: 'G1.9', time: 'G1.14' })
  const s = w.s
  const order = shuffle(TERRITORY_IDS, s.dealSeed, w.rng)
  // G1.10: latest weekday first, so the extra territories go to the tribes that act last.
  const dealing = s.tribes.slice().sort((a, b) => dayIndex(b) - dayIndex(a))
  const owners: Record<string, TribeId> = {}
  const table = w.territoriesToWrite()
  order.forEach((id, i) => {
    const tribe = dealing[i % dealing.length]!
    owners[id] = tribe.id
    tribe.acquired = [...tribe.acquired, id]
    table[id] = {
      owner: tribe.id,
      troops: 1,
      ready: 0,
      guards: 0,
      gathered: false,
      wall: 0,
      stock: { ...emptyGoods(), basic: 2 },
      artilleryReady: 0,
      planes: 0,
      planesReady: 0,
      ships: 0,
      shipsReady: 0,
      incoming: emptyGoods(),
    }
  })
  w.emit({ type: 'dealt', seed: s.dealSeed, order, owners })
  // G8.1, G8.5: earliest weekday gets entry 0; O9's target is the next tribe round the week.
  const drawn = shuffle(OBJECTIVES, s.objectiveSeed, w.rng)
  const byDay = s.tribes.slice().sort((a, b) => dayIndex(a) - dayIndex(b))
  byDay.forEach((t, i) => {
    t.objective = drawn[i]!
    t.o9Target = t.objective === 'O9' ? byDay[(i + 1) % byDay.length]!.id : null
  })
  w.emit({ type: 'objectivesDrawn', commitment: s.objectiveCommitment })
}

/** G1.12: the starting troops beyond one per territory, `S − T` with `S = 50 − 5N`. */
export const setupAllotment = (tribes: number, territories: number) => 50 - 5 * tribes - territories
