// Members of the Ruleset that most games answer the same way, written once (#48: the games had
// each copied them).
import { canonicalJson, sha256, toHex, utf8 } from './hashing.ts'
import type { EngineError } from './ids.ts'

/** The SHA-256 of a value's canonical JSON: a state's hash, a map's. */
export const canonicalHash = (value: unknown): string => toHex(sha256(utf8(canonicalJson(value))))

/**
 * `checkLimit` of a game played over a number of rounds its book bounds: none (play to the end),
 * or a whole number from `min` to `max`; `game` names it in the refusal, `rule` is the book's.
 */
export function roundLimit(game: string, range: { min: number; max: number }, rule: string) {
  return (limit: number | null): EngineError | null =>
    limit === null || (Number.isInteger(limit) && limit >= range.min && limit <= range.max)
      ? null
      : {
          code: 'setup/round_limit',
          message: `${game} is played over ${range.min} to ${range.max} rounds; got ${limit}`,
          rule,
          params: { min: range.min, max: range.max },
        }
}

/** `tagEvent` where every order is played in a window: the tribe an event names, and whether it is an order. */
export const tagByTribe = (event: object): { tribe: string | null; played: boolean } => ({
  tribe: 'tribe' in event && typeof event.tribe === 'string' ? event.tribe : null,
  played: 'type' in event && event.type === 'order',
})
