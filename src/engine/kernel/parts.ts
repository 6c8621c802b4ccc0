// Members of the Ruleset that most games answer the same way, written once (#48: the games had
// each copied them).
import { canonicalJson, sha256, toHex, utf8 } from './hashing.ts'
import type { EngineError, TribeId } from './ids.ts'
import type { Hurt } from './ruleset.ts'

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

/**
 * The map members of a game played only on the board it ships (G1.1, M1.3): that board, any other
 * refused with `why`, and its tribes at most `maxTribes` whatever the campaign's size.
 */
export function ownBoard<M>(board: { id: string; name: string; map: M }, why: string, maxTribes: number) {
  return {
    fixedMap: board,
    validateMap: () => [{ code: 'map/fixed', message: why }],
    mapHash: canonicalHash,
    maxTribes: () => maxTribes,
  }
}

/** `tagEvent` where every order is played in a window: the tribe an event names, and whether it is an order. */
export const tagByTribe = (event: object): { tribe: string | null; played: boolean } => ({
  tribe: 'tribe' in event && typeof event.tribe === 'string' ? event.tribe : null,
  played: 'type' in event && event.type === 'order',
})

/**
 * `digest`: what the period's events did to each tribe. The game's `read` counts its own hostile
 * events through `hurtOf`; a tribe's elimination (every game's `eliminated` event) is read here.
 */
export function digestWith<E extends { type: string }, H extends Hurt = Hurt>(
  events: readonly E[],
  read: (event: E, hurtOf: (tribe: TribeId) => H) => void,
  // A game whose hurt has fields of its own gives its blank; the platform's is `unhurt`.
  blank: () => H = unhurt as () => H,
): Map<TribeId, H> {
  const hurt = new Map<TribeId, H>()
  const hurtOf = (tribe: TribeId) => hurt.get(tribe) ?? hurt.set(tribe, blank()).get(tribe)!
  for (const event of events) {
    if (event.type === 'eliminated' && 'tribe' in event && typeof event.tribe === 'string') hurtOf(event.tribe).eliminated = true
    else read(event, hurtOf)
  }
  return hurt
}

/** A tribe nothing has hurt yet. */
export const unhurt = (): Hurt => ({ attacks: 0, troopsLost: 0, placesLost: [], eliminated: false })

/** One attack on a tribe: the troops it lost there, and the place, when the attack took it. */
export function attacked(hurt: Hurt, troopsLost: number, placeLost: string | null = null) {
  hurt.attacks++
  hurt.troopsLost += troopsLost
  if (placeLost !== null) hurt.placesLost.push(placeLost)
}

/**
 * `standings.held` of a game whose period's end record keeps `week` and `owners`, each place's
 * owner by the tribes' order (-1 for none): how many places each tribe held.
 */
export function heldByOwners(record: unknown): { period: number; held: number[] } | null {
  const r = record as { week?: unknown; owners?: unknown } | null
  if (!r || typeof r.week !== 'number' || !Array.isArray(r.owners)) return null
  const held: number[] = []
  for (const o of r.owners) if (typeof o === 'number' && o >= 0) held[o] = (held[o] ?? 0) + 1
  return { period: r.week, held: Array.from(held, (n) => n ?? 0) }
}
