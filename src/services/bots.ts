// The game's bot at the calendar (#50): when a window opens for a tribe a bot plays, the bot
// gives that window's orders there and then, each through the working state as a player's
// order is applied, so nothing waits on it and nobody else's window moves. Its randomness comes
// from the period's secret seed (revealed at the period's end, like the dice), so its choices
// are fixed before anyone could see them and can be checked afterwards.
import { botRandom, nextBotOrder } from '../engine/index.ts'
import { AppError } from '../lib/errors.ts'
import type { Working } from './working.ts'

/** Plays `tribe`'s window with its game's bot at `at`; `period` names the window (the ledger's). Answers how many orders it gave. */
export function playBot(w: Working, tribe: string, at: Date, period: string): number {
  const random = botRandom(`${w.view.seed}/bot/${tribe}/${period}`)
  let given = 0
  for (let order = nextBotOrder(w.rules, w.state, tribe, random, 0); order !== null; order = nextBotOrder(w.rules, w.state, tribe, random, given)) {
    try {
      w.batch(tribe, [order], at)
    } catch (e) {
      // An offered order is legal (the shared contract checks it); a refusal ends the bot's window, nothing else.
      if (e instanceof AppError) break
      throw e
    }
    given++
    if (w.view.status !== 'running') break
  }
  // The chronicle says the bot played the window (ev_botOrders), how many orders it gave, none
  // included: a bot that finds nothing worth doing (world conquest's, G8.7) still had its day.
  w.note('order.bot', { tribe, orders: given }, at)
  return given
}
