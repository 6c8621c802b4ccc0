// Whole games in the engine alone, each tribe played by a seat of a kind (#50): the game's bot,
// a player of random legal orders, or one who passes. `npm run bench -- bots` measures a bot's
// strength with it, and the bots' tests play with it; the calls are the platform's (start, the
// draft's picks, each window opened, played and closed in the weekday order, the tick, the next
// period's seed), as test/games/random-campaign.ts plays them.
import { WEEKDAYS, type TribeId } from './ids.ts'
import { botRandom, nextBotOrder } from './bot.ts'
import { hmacRng } from './rng.ts'
import type { GameTypes, Ruleset } from './ruleset.ts'

/** Who plays a seat: the game's bot, random legal orders, or nobody (every window passed). */
export type Seat = 'bot' | 'random' | 'passive'

const WEEK_MS = 7 * 86_400_000
/** Orders a random player gives a window at the most (a bot is bounded by BOT_ORDERS). */
const RANDOM_ORDERS = 12

export interface BotGame {
  /** The final ranking (every tribe, first the winner), as seats' indexes. */
  ranking: number[]
  periods: number
  finished: boolean
  /** Each bot window's engine time, milliseconds (choosing and applying its orders). */
  botWindowsMs: number[]
  orders: number
}

/**
 * One game of `seats.length` tribes to its end (or `maxPeriods`), tribe i seated by `seats[i]`,
 * from `seed`; `map`: the game's map when it has no fixed one; `limit` the period limit (the game's default when null);
 * `log`, when given, receives every event of the game in order.
 */
export function playSeats<T extends GameTypes>(
  rules: Ruleset<T>,
  seats: readonly Seat[],
  seed: number,
  options: { map?: T['map']; limit?: number | null; maxPeriods?: number; clock?: () => number; log?: T['event'][] } = {},
): BotGame {
  const { limit = null, maxPeriods = 60, clock = () => 0 } = options
  const map = rules.fixedMap?.map ?? options.map
  if (map === undefined) throw new Error(`${rules.id}: no map to play on`)
  const tribes = seats.map((_, i) => ({ id: `tribe-${i}`, name: `Tribe ${i}`, weekday: WEEKDAYS[i % WEEKDAYS.length]! }))
  const created = rules.createGame({ map, tribes, seed: `bot-game-seed-${seed}`, secretSeed: `bot-game-secret-${seed}`, limit })
  if (!created.ok) throw new Error(`${rules.id} createGame: ${created.error.code}`)
  let state = created.state
  const seatOf = (tribe: TribeId) => seats[Number(tribe.slice('tribe-'.length))]!
  const random = botRandom(`seats-${seed}`)
  const botWindowsMs: number[] = []
  let orders = 0
  let windows = 0

  const system = (action: T['system']) => {
    const step = rules.applySystem(state, action, hmacRng)
    if (!step.ok) throw new Error(`${rules.id}: ${step.error.code}`)
    state = step.state
    options.log?.push(...step.events)
  }
  const finished = () => rules.view(state).status === 'finished'
  const play = (tribe: TribeId) => {
    const seat = seatOf(tribe)
    if (seat === 'passive') return
    const started = clock()
    const mine = botRandom(`bot-${seed}-${tribe}-${windows++}`)
    for (let given = 0; !finished(); given++) {
      let order: T['order'] | null
      if (seat === 'bot') order = nextBotOrder(rules, state, tribe, mine, given)
      else {
        if (given >= RANDOM_ORDERS) break
        const offered = rules.offered(state, rules.legalOptions(state, tribe))
        order = offered.length ? offered[Math.floor(random() * offered.length)]! : null
      }
      if (order === null) break
      const step = rules.applyOrder(state, tribe, order, hmacRng)
      if (!step.ok) break
      state = step.state
      options.log?.push(...step.events)
      orders++
    }
    if (seat === 'bot') botWindowsMs.push(clock() - started)
  }

  system(rules.actions.start(0))
  for (let pick = 0; rules.view(state).status === 'draft' && pick < 200; pick++) {
    const onTheClock = rules.view(state).draft?.onTheClock
    if (!onTheClock) break
    const before = rules.view(state).draft?.picks
    play(onTheClock)
    // A seat that picks nothing is given the first offered pick, as the platform's draft clock does.
    if (rules.view(state).draft?.picks === before) {
      const offered = rules.offered(state, rules.legalOptions(state, onTheClock))
      const step = offered.length ? rules.applyOrder(state, onTheClock, offered[0]!, hmacRng) : null
      if (!step?.ok) throw new Error(`${rules.id}: the draft stalled at pick ${pick}`)
      state = step.state
      options.log?.push(...step.events)
    }
  }
  let period = 0
  for (; period < maxPeriods && !finished(); period++) {
    for (const { id } of rules.view(state).tribes) {
      const tribe = rules.view(state).tribes.find((x) => x.id === id)!
      if (tribe.eliminated || finished()) continue
      if (tribe.turn === 'free') {
        play(tribe.id)
        continue
      }
      system(rules.actions.openWindow(tribe.id))
      play(tribe.id)
      if (!finished()) system(rules.actions.closeWindow(tribe.id, true))
    }
    if (finished()) break
    system(rules.actions.tick((period + 1) * WEEK_MS))
    if (!finished()) system(rules.actions.setSeed(`bots-${seed}-${period + 1}`))
  }
  const ranking = (rules.view(state).ranking ?? rules.ranking(state)).map((tribe) => Number(tribe.slice('tribe-'.length)))
  return { ranking, periods: period, finished: finished(), botWindowsMs, orders }
}
