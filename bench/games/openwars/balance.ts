// `npm run bench -- openwars-balance`: Open Wars' factions against each other (#29), by the engine's own
// combat, checked against the book's balancing method (docs/RULES-OPENWARS.md, A.9).
//   win_rate_<faction>          overall win rate of random legal 60-gold armies, attacking and defending
//   pair_<attacker>_<defender>  the attacker's win rate in that ordered pair
//   default_win_rate_<faction>  the default starting armies of A.8 against each other
//   spread_in_band              1 when every faction lies in the book's 45–57% band, else 0
//   worst_pair                  the highest ordered-pair rate (the book reports 60.5%)
// A.9's check: armies of random legal units worth up to 60 gold (no agua kind without Anfibio),
// one location's stacking limits (W5.10), a basic llanura, no spells, volleys or retreats (every
// stack on the default standing order; mana only for upkeep). The attacker moves its whole army in and ends
// its turn; the battle (W6) decides who holds the location. A tie of withdrawals leaves it to
// the defender. BALANCE_BATTLES sets the battles per ordered pair (the book ran 3,000).
import { hmacRng } from '../../../src/engine/index.ts'
import { DEFAULT_ARMIES, FACTIONS, kind, kindsOf, type Faction, type Kind } from '../../../src/engine/games/openwars/data.ts'
import type { OpenOrder, OpenState } from '../../../src/engine/games/openwars/types.ts'
import { open, play, world } from '../../../test/games/openwars/dsl.ts'
import type { Bench } from '../../run.ts'

const BUDGET = 60
const BAND = { low: 0.45, high: 0.57 }
const FINDING = 0.6
const MAP = `
  ll1   ll1   ll1
  ll1   ll1   ll1
  ll1   ll1   ll1
`

/** A small deterministic generator, so a run can be repeated figure for figure. */
function generator(seed: number) {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x / 4294967296
  }
}

const stackLimit = (k: Kind) => (k.unique || k.type === 'magica' ? 1 : 4)

/** A random legal army of a faction worth at most the budget: unit by unit, among what still fits (W5.10, A.9). */
function randomArmy(faction: Faction, random: () => number): Map<string, number> {
  const kinds = kindsOf(faction).filter((k) => k.type !== 'agua' || k.anfibio)
  const army = new Map<string, number>()
  let left = BUDGET
  for (;;) {
    const mages = [...army].filter(([id]) => kind(id).type === 'magica').reduce((n, [, c]) => n + c, 0)
    const fits = kinds.filter((k) => k.cost <= left && (army.get(k.id) ?? 0) < stackLimit(k) && (k.type !== 'magica' || mages === 0))
    if (fits.length === 0) return army
    const chosen = fits[Math.floor(random() * fits.length)]!
    army.set(chosen.id, (army.get(chosen.id) ?? 0) + 1)
    left -= chosen.cost
  }
}

/** One battle in the middle llanura: true when the attacker holds it after the combat phase. */
function battle(attacker: Faction, defender: Faction, a: Map<string, number>, d: Map<string, number>, seed: string): boolean {
  const stacks = [...[...a].map(([id, n]) => `r2c1 A ${n} ${id}`), ...[...d].map(([id, n]) => `r2c2 B ${n} ${id}`)].join('\n')
  // Mana only pays the Demonios' upkeep (W7): no spell is prepared or declared.
  let state: OpenState = world(MAP, { tribes: `A=${attacker}@monday B=${defender}@thursday`, stacks, seed, mana: 100 })
  state = open(state, 'A')
  const moves: OpenOrder[] = [...a].map(([id, n]) => ({ type: 'move', from: 'r2c1', kind: id, count: n, path: ['r2c2'] }))
  const after = play(state, 'A', [...moves, { type: 'endTurn' }], hmacRng).state
  const there = after.cells.r2c2!.stacks
  return there.some((x) => x.tribe === 'A') && !there.some((x) => x.tribe === 'B')
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

const bench: Bench = async (report, log) => {
  const perPair = Number(process.env.BALANCE_BATTLES ?? 200)
  const random = generator(2026)
  const wins = new Map<Faction, { won: number; fought: number }>(FACTIONS.map((f) => [f, { won: 0, fought: 0 }]))
  const pairs: { attacker: Faction; defender: Faction; rate: number }[] = []
  const started = performance.now()
  for (const attacker of FACTIONS) {
    for (const defender of FACTIONS) {
      if (attacker === defender) continue
      let won = 0
      for (let i = 0; i < perPair; i++) {
        const attackerWon = battle(attacker, defender, randomArmy(attacker, random), randomArmy(defender, random), `balance-${attacker}-${defender}-${i}`)
        if (attackerWon) won++
        wins.get(attacker)!.fought++
        wins.get(defender)!.fought++
        wins.get(attackerWon ? attacker : defender)!.won++
      }
      pairs.push({ attacker, defender, rate: won / perPair })
      report(`pair_${attacker}_${defender}`, won / perPair, 'ratio', `${perPair} battles, ${attacker} attacking`)
    }
  }
  const seconds = (performance.now() - started) / 1000
  const battles = pairs.length * perPair
  log(`${battles} battles in ${seconds.toFixed(1)} s (${Math.round(battles / seconds)} battles/s)`)
  report('battles_per_s', battles / seconds, 'battles/s', 'whole W6 combat phases through the engine')

  const rates = FACTIONS.map((f) => ({ faction: f, rate: wins.get(f)!.won / wins.get(f)!.fought }))
  for (const { faction, rate } of rates) {
    const where =
      rate > FINDING ? 'ABOVE 60%: a finding' : rate < BAND.low || rate > BAND.high ? 'outside the book’s 45–57% band' : 'within the book’s 45–57% band'
    report(`win_rate_${faction}`, rate, 'ratio', `${wins.get(faction)!.fought} battles; ${where}`)
  }
  report('spread_in_band', rates.every((r) => r.rate >= BAND.low && r.rate <= BAND.high) ? 1 : 0, 'bool', 'A.9: every faction between 45% and 57%')
  const worst = pairs.reduce((a, b) => (b.rate > a.rate ? b : a))
  report('worst_pair', worst.rate, 'ratio', `${worst.attacker} attacking ${worst.defender} (the book: Demonios attacking Elfos, 60.5%)`)

  // A.8's default armies, each against each other, both ways.
  const defaults = new Map<Faction, { won: number; fought: number }>(FACTIONS.map((f) => [f, { won: 0, fought: 0 }]))
  const army = (f: Faction) => new Map(Object.entries(DEFAULT_ARMIES[f]))
  const fits = (f: Faction) => [...army(f)].every(([id, n]) => n <= stackLimit(kind(id)))
  for (const attacker of FACTIONS) {
    for (const defender of FACTIONS) {
      if (attacker === defender || !fits(attacker) || !fits(defender)) continue
      for (let i = 0; i < Math.max(20, Math.floor(perPair / 4)); i++) {
        const attackerWon = battle(attacker, defender, army(attacker), army(defender), `default-${attacker}-${defender}-${i}`)
        defaults.get(attacker)!.fought++
        defaults.get(defender)!.fought++
        defaults.get(attackerWon ? attacker : defender)!.won++
      }
    }
  }
  for (const f of FACTIONS) {
    const d = defaults.get(f)!
    if (d.fought > 0) report(`default_win_rate_${f}`, d.won / d.fought, 'ratio', `A.8's default army, ${d.fought} battles (the book: 42.9% to 56.2%)`)
  }

  // The matrix, for people: rows attack, columns defend.
  const short = (f: string) => f.slice(0, 7).padEnd(8)
  log(`attacker \\ defender  ${FACTIONS.map(short).join('')}overall`)
  for (const attacker of FACTIONS) {
    const row = FACTIONS.map((defender) =>
      attacker === defender ? '   -    ' : pct(pairs.find((p) => p.attacker === attacker && p.defender === defender)!.rate).padEnd(8),
    )
    log(`${attacker.padEnd(20)} ${row.join('')}${pct(rates.find((r) => r.faction === attacker)!.rate)}`)
  }
}

export default bench
