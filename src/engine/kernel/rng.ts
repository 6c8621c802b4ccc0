// Dice (R8.4): every random number is a pure function of the campaign's current
// seed and a roll counter kept in the state, so the log can be replayed and any
// player can re-verify a roll once the week's seed is revealed.
import { hmacSha256, utf8 } from './hashing.ts'

/** A uint32 for (seed, counter). The engine never draws randomness any other way. */
export type Rng = (seed: string, counter: number) => number

/** HMAC-SHA-256(key = seed, message = decimal counter); the first 4 bytes, big-endian. */
export const hmacRng: Rng = (seed, counter) => {
  const mac = hmacSha256(utf8(seed), utf8(String(counter)))
  return ((mac[0]! << 24) | (mac[1]! << 16) | (mac[2]! << 8) | mac[3]!) >>> 0
}

/** 1–4 from a uint32; 4 divides 2^32, so no value is favoured. */
export function d4From(value: number): 1 | 2 | 3 | 4 {
  return ((value % 4) + 1) as 1 | 2 | 3 | 4
}

/**
 * For tests: the d4 shows `rolls[counter]` (the counter starts at 0 with each seed).
 * Still a pure function of the counter, so replay works the same.
 */
export function scriptedRng(rolls: readonly number[]): Rng {
  return (_seed, counter) => {
    const roll = rolls[counter]
    if (roll === undefined) return counter // past the script: deterministic filler
    return roll - 1
  }
}

/**
 * The die of a legality probe (the turn page's options, the "your day" summary). Legality never
 * depends on a die, but the probe still runs the order to its end, dice included: a die that
 * always showed the same face would make a "roll again while equal" rule (W10.5) roll forever.
 * The counter moves on with every draw, so successive faces differ and every roll-off ends.
 */
export const probeRng: Rng = (_seed, counter) => counter
