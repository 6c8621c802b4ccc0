// A bot plays a tribe as its player would (#50): it sees what that player sees (the tribe's board
// and the orders its page offers, with their odds where the game gives them) and answers one of
// the offered orders, or none when it is done. It never reads the state itself, so another
// tribe's secrets cannot steer it, and it draws its own randomness from a seed: the campaign's
// dice stay the provable ones of the orders it gives (R8.4), as a person's do.
import type { TribeId } from './ids.ts'
import { hmacRng, type Rng } from './rng.ts'
import type { GameTypes, Ruleset, BotSight } from './ruleset.ts'

/** The most orders a bot gives in one window: a bound for a bot that would never say it is done. */
export const BOT_ORDERS = 60

/** A bot's own randomness, from its seed alone (never the campaign's dice): a number in [0, 1) a call. */
export function botRandom(seed: string): () => number {
  let counter = 0
  return () => hmacRng(seed, counter++) / 2 ** 32
}

/** What the tribe's player is shown now, as a bot's sight. */
export function sightOf<T extends GameTypes>(rules: Ruleset<T>, state: T['state'], tribe: TribeId, given: number): BotSight<T> {
  const options = rules.legalOptions(state, tribe)
  return { tribe, board: rules.board(state, tribe), options, offered: rules.offered(state, options), given }
}

/**
 * The tribe's next order by its game's bot, or null: the game has no bot, nothing is offered, or
 * the bot is done. An answer that is not one of the offered orders is taken as done, so a bot's
 * mistake costs its tribe the rest of the window, never a refused order in the log.
 */
export function nextBotOrder<T extends GameTypes>(
  rules: Ruleset<T>,
  state: T['state'],
  tribe: TribeId,
  random: () => number,
  given: number,
): T['order'] | null {
  if (!rules.bot || given >= BOT_ORDERS) return null
  const sight = sightOf(rules, state, tribe, given)
  if (sight.offered.length === 0) return null
  const chosen = rules.bot.choose(sight, random)
  if (chosen === null) return null
  return sight.offered.includes(chosen) ? chosen : null
}

/**
 * A whole window of the tribe played by its game's bot, in the engine alone (the bench, the
 * tests): each order applied as the platform applies a player's, until the bot is done.
 */
export function playBotWindow<T extends GameTypes>(
  rules: Ruleset<T>,
  state: T['state'],
  tribe: TribeId,
  seed: string,
  rng: Rng,
): { state: T['state']; events: T['event'][]; orders: T['order'][] } {
  const random = botRandom(seed)
  const events: T['event'][] = []
  const orders: T['order'][] = []
  for (let order = nextBotOrder(rules, state, tribe, random, 0); order !== null; order = nextBotOrder(rules, state, tribe, random, orders.length)) {
    const step = rules.applyOrder(state, tribe, order, rng)
    // Offered means legal now (the shared contract checks it); a refusal ends the window all the same.
    if (!step.ok) break
    state = step.state
    events.push(...step.events)
    orders.push(order)
    if (rules.view(state).status === 'finished') break
  }
  return { state, events, orders }
}
