// A new campaign's state, replay of its log (R12.2) and a stable state hash.
import { compileMap, validateMap } from './map.ts'
import { applyOrder, applySystem, STARTING_GARRISON } from './rules.ts'
import type { Rng } from '../../kernel/rng.ts'
import { canonicalHash } from '../../kernel/parts.ts'
import { replayWith } from '../../kernel/steps.ts'

export { canonicalJson } from '../../kernel/hashing.ts'
import { WEEKDAYS, type Army, type EngineError, type GameEvent, type GameState, type MapDef, type TribeId, type Weekday } from './types.ts'

export interface NewTribe {
  id: TribeId
  name: string
  weekday: Weekday
}

/** `version`: the rules version the campaign was created under (R2.6 counts from version 2). */
export type NewGame = { map: MapDef; tribes: NewTribe[]; seed: string; weekLimit?: number | null; version?: number }

/** The rules version of new campaigns: 2 counts the week limit from the week after the draft's (R2.6). */
export const RULES_VERSION = 2

/** Why a campaign cannot be set up this way (R1.4, R2.1), or null. */
export function checkSetup(input: NewGame): EngineError | null {
  const problems = validateMap(input.map, input.tribes.length)
  if (problems.length) return { code: problems[0]!.code, message: problems.map((p) => p.message).join('; '), rule: 'R1.4' }
  const n = input.tribes.length
  if (n < 2 || n > 7) return { code: 'setup/tribe_count', message: `a campaign has 2 to 7 tribes, not ${n}`, rule: 'R2.1', params: { min: 2, max: 7 } }
  const ids = new Set<string>()
  const days = new Map<Weekday, string>()
  for (const t of input.tribes) {
    if (!WEEKDAYS.includes(t.weekday))
      return { code: 'setup/bad_weekday', message: `${JSON.stringify(t.weekday)} is not a weekday (monday … sunday)`, rule: 'R2.1' }
    if (ids.has(t.id)) return { code: 'setup/duplicate_tribe', message: `tribe id ${t.id} is used twice` }
    const holder = days.get(t.weekday)
    if (holder) return { code: 'setup/weekday_taken', message: `${t.weekday} already belongs to ${holder}`, rule: 'R2.1' }
    ids.add(t.id)
    days.set(t.weekday, t.name)
  }
  if (input.weekLimit != null && (!Number.isInteger(input.weekLimit) || input.weekLimit < 1)) {
    return { code: 'setup/bad_week_limit', message: 'the week limit is a whole number of weeks, at least 1', rule: 'R2.5' }
  }
  return null
}

export function createGame(input: NewGame): { ok: true; state: GameState } | { ok: false; error: EngineError } {
  const error = checkSetup(input)
  return error ? { ok: false, error } : { ok: true, state: newState(input) }
}

function newState(input: NewGame): GameState {
  const map = compileMap(input.map)
  const armies: Record<string, Army> = {}
  // Every city starts with a neutral garrison of 5 (R3.3).
  // Stryker disable next-line EqualityOperator: map.city[size] is undefined, so one step too far adds no garrison
  for (let i = 0; i < map.size; i++) if (map.city[i]) armies[map.keys[i]!] = { tribe: null, troops: STARTING_GARRISON, mp: 0 }
  return {
    schema: 1,
    ruleset: 'weekly-turn',
    map: input.map,
    tribes: input.tribes.map((t) => ({ id: t.id, name: t.name, weekday: t.weekday, phase: 'closed', eliminated: false })),
    owners: new Array(map.size).fill(null),
    armies,
    ships: {},
    besieged: [],
    pools: [],
    draft: null,
    status: 'setup',
    rng: { seed: input.seed, counter: 0 },
    week: 0,
    weekLimit: input.weekLimit ?? null,
    // The draft's week is week 1 (its last pick pays out week 0, R3.5); R2.6 counts from the next.
    ...((input.version ?? RULES_VERSION) >= 2 ? { firstCountedWeek: 2 } : {}),
    nextShipId: 1,
    ranking: null,
  }
}

/** A map's content hash: the same map gives the same hash wherever it is stored. */
export const mapHash: (map: MapDef) => string = canonicalHash

export const stateHash: (state: GameState) => string = canonicalHash

export type ReplayResult = { ok: true; state: GameState } | { ok: false; at: number; message: string }

/** Re-applies the inputs of a log (R12.2). */
export const replay: (initial: GameState, events: readonly GameEvent[], rng: Rng) => ReplayResult = replayWith(applyOrder, applySystem)
