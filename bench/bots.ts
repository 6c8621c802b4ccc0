// `npm run bench -- bots`: each game's bot (#50) in whole games of 2 to 4 tribes, seeded, in the
// engine alone (src/engine/kernel/bot-games.ts), against players of random legal orders and
// against players who pass. Per game:
//   <game>_wins_vs_random   share of games the bot ranks first among random players (goal ≥ 0.80)
//   <game>_wins_vs_passive  share of games it ranks first among passive ones (goal ≥ 0.95)
//   <game>_games            games played of each kind
//   <game>_window_p99_ms    a bot's window in the engine (choosing and applying), 99th percentile (goal ≤ 50 ms)
// BENCH_BOT_GAMES sets the games of each kind (200); BENCH_BOT_RULESETS names the games (all).
import { playSeats, rulesetIds, rulesetOf, type Seat } from '../src/engine/index.ts'
import { bundledMap } from '../src/engine/games/weekday/maps/index.ts'
import type { Bench } from './run.ts'

const GAMES = Number(process.env.BENCH_BOT_GAMES ?? 200)
/** A period limit short enough for many games and long enough to fight: the book's own where it is shorter. */
const LIMIT = 4

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0
}

const bench: Bench = async (report, log) => {
  const wanted = process.env.BENCH_BOT_RULESETS?.split(',') ?? rulesetIds()
  for (const id of wanted) {
    const rules = rulesetOf(id)
    const windows: number[] = []
    for (const rival of ['random', 'passive'] as const) {
      let wins = 0
      for (let game = 0; game < GAMES; game++) {
        const tribes = 2 + (game % 3)
        // The bot's seat moves round the table: no weekday or start position favours it.
        const botSeat = Math.floor(game / 3) % tribes
        const seats: Seat[] = Array.from({ length: tribes }, (_, i) => (i === botSeat ? 'bot' : rival))
        const map = bundledMap(`coast-${Math.max(2, tribes)}`) ?? bundledMap('coast-4')
        const played = playSeats(rules, seats, 10_000 * (rival === 'random' ? 1 : 2) + game, { map, limit: LIMIT, clock: () => performance.now() })
        if (played.ranking[0] === botSeat) wins++
        windows.push(...played.botWindowsMs)
      }
      report(`${id}_wins_vs_${rival}`, wins / GAMES, 'share', `${GAMES} games of 2–4 tribes, ${LIMIT} periods`)
      log(`${id} vs ${rival}: ${wins} of ${GAMES}`)
    }
    report(`${id}_games`, GAMES, 'games', 'of each kind')
    report(`${id}_window_p99_ms`, percentile(windows, 99), 'ms', `${windows.length} bot windows`)
  }
}

export default bench
