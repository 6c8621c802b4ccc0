// A game's bot over whole games (#50), watched: each answer it gives is counted, and each that is
// not one of the orders its tribe was offered (which nextBotOrder would quietly take as "done").
import type { Test } from 'tap'
import { playSeats, type GameTypes, type Ruleset, type Seat } from '../../src/engine/index.ts'

type Choose = (sight: { offered: readonly unknown[] }, random: () => number) => unknown

/** Two games of 4 periods, one among passive tribes and one among random players: only offered orders, and first among the passive. */
export function wholeGames<T extends GameTypes>(t: Test, rules: Ruleset<T>) {
  const bot = rules.bot as unknown as { choose: Choose }
  const seen = { answers: 0, strays: 0 }
  const choose: Choose = (sight, random) => {
    const o = bot.choose(sight, random)
    if (o !== null) seen.answers++
    if (o !== null && !sight.offered.includes(o)) seen.strays++
    return o
  }
  const watched = { ...rules, bot: { choose } } as unknown as Ruleset<T>
  for (const [seed, seats] of [
    [1, ['passive', 'passive', 'bot']],
    [2, ['random', 'bot', 'random']],
  ] as [number, Seat[]][]) {
    const game = playSeats(watched, seats, seed, { limit: 4 })
    t.ok(game.finished, `game ${seed} ends at the period limit`)
    if (!seats.includes('random')) t.equal(game.ranking[0], seats.indexOf('bot'), `game ${seed}: the bot ranks first`)
  }
  t.ok(seen.answers > 20, `it played (${seen.answers} orders)`)
  t.equal(seen.strays, 0, 'never an order it was not offered')
}
