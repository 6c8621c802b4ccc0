// The checks every round game makes the same way at the platform's actions, with the game's own
// rule ids (#48: each game had copied them): the start's instant, a tick's, the campaign still
// running, and a trade's list.
import { reject } from './errors.ts'
import { WEEKDAYS, type EngineError, type TribeId, type Weekday } from './ids.ts'

/** The instant an action names, in epoch milliseconds (a start, a tick). */
export function instantOf(at: unknown, what: 'the start' | 'a tick', rule: string): asserts at is number {
  if (typeof at !== 'number' || !Number.isFinite(at)) reject('system/bad_time', `${what} names its instant (epoch milliseconds)`, rule)
}

/** The campaign's start: once, at a named instant. */
export function startAt(w: { s: { startedAt: number | null } }, at: unknown, rules: { started: string; time: string }) {
  if (w.s.startedAt !== null) reject('setup/already_started', 'the campaign has started already', rules.started)
  instantOf(at, 'the start', rules.time)
  w.s.startedAt = at
}

/** An action of the calendar (`what`: windows open, ticks, trades) refused once the campaign is over. */
export function notOver(w: { s: { status: string } }, what: string, rule: string) {
  if (w.s.status === 'finished') reject('campaign/not_running', `${what}: the campaign is over`, rule)
}

/** A ratified trade's transfers: none while the campaign runs its setup, never an empty list. */
export function tradeList<T>(
  w: { s: { status: string } },
  transfers: unknown,
  rules: { over: string; setup: { says: string; rule: string }; empty: string },
): T[] {
  notOver(w, 'trades', rules.over)
  if (w.s.status === 'setup') reject('trade/during_setup', rules.setup.says, rules.setup.rule)
  if (!Array.isArray(transfers) || transfers.length === 0) reject('trade/empty', 'a trade lists at least one transfer', rules.empty)
  return transfers as T[]
}

/** A tribe as the window checks read it. */
interface WindowTribe {
  name: string
  eliminated: boolean
  window: string
}

/**
 * The tribe whose window the calendar opens, or null during setup (no window opens before
 * tick 0): refused once the campaign is over, for an eliminated tribe, or a window open already.
 */
export function windowToOpen<T extends WindowTribe>(
  w: { s: { status: string }; tribe(id: TribeId): T },
  tribeId: unknown,
  rules: { over: string; eliminated: string; open: string },
): T | null {
  notOver(w, 'windows open', rules.over)
  const tribe = w.tribe(tribeId as TribeId)
  if (w.s.status === 'setup') return null
  if (tribe.eliminated) reject('turn/eliminated', `${tribe.name} has been eliminated`, rules.eliminated)
  if (tribe.window !== 'closed') reject('turn/already_open', `${tribe.name}'s window is open already`, rules.open)
  return tribe
}

/** The tribe whose window the calendar closes, or null during setup; refused once the campaign is over. */
export function windowToClose<T extends WindowTribe>(w: { s: { status: string }; tribe(id: TribeId): T }, tribeId: unknown, over: string): T | null {
  notOver(w, 'windows close', over)
  const tribe = w.tribe(tribeId as TribeId)
  return w.s.status === 'setup' ? null : tribe
}

/**
 * A round game's new campaign as its book allows it: 2 to `maxTribes` tribes on distinct
 * weekdays, a round limit in range (the default when none is given), and the two seeds of 8
 * characters or more (`seeds` names them in the game's words). Answers the tribes and limit, or
 * the refusal under the game's rule ids.
 */
export function roundGameSetup<T extends { weekday: string }>(
  input: { tribes?: readonly T[]; seed?: unknown; secretSeed?: unknown } | null | undefined,
  limitGiven: number | null | undefined,
  game: {
    name: string
    maxTribes: number
    limit: { min: number; max: number; default: number }
    seeds: string
    rules: { tribes: string; weekdays: string; limit: string; seeds: string }
  },
): { ok: true; tribes: readonly T[]; limit: number } | { ok: false; error: EngineError } {
  const fail = (error: EngineError) => ({ ok: false as const, error })
  const tribes = Array.isArray(input?.tribes) ? input.tribes : []
  if (tribes.length < 2 || tribes.length > game.maxTribes)
    return fail({
      code: 'setup/tribe_count',
      message: `${game.name} is played by 2 to ${game.maxTribes} tribes; this campaign has ${tribes.length}`,
      rule: game.rules.tribes,
      params: { min: 2, max: game.maxTribes },
    })
  if (new Set(tribes.map((t) => t.weekday)).size !== tribes.length || tribes.some((t) => !WEEKDAYS.includes(t.weekday as Weekday)))
    return fail({ code: 'setup/weekdays', message: 'every tribe owns its own weekday', rule: game.rules.weekdays })
  const limit = limitGiven ?? game.limit.default
  if (!Number.isInteger(limit) || limit < game.limit.min || limit > game.limit.max)
    return fail({
      code: 'setup/round_limit',
      message: `the round limit is ${game.limit.min} to ${game.limit.max} rounds; got ${limit}`,
      rule: game.rules.limit,
      params: { min: game.limit.min, max: game.limit.max },
    })
  if (typeof input?.seed !== 'string' || typeof input.secretSeed !== 'string' || input.seed.length < 8 || input.secretSeed.length < 8)
    return fail({ code: 'setup/bad_seed', message: `${game.seeds} are strings of at least 8 characters`, rule: game.rules.seeds })
  return { ok: true, tribes, limit }
}
