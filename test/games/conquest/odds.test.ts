// The odds on the attack form (#27): every outcome of a G6.3 battle with its chance, held against
// an enumeration of the engine's own battle over every throw of the dice, in exact fractions.
import t from 'tap'
import { battle } from '../../../src/engine/games/conquest/fire.ts'
import { battleOdds, type BattleSides } from '../../../src/engine/games/conquest/odds.ts'
import type { Work } from '../../../src/engine/games/conquest/work.ts'

/** The first round of the engine's battle for one throw: the dice in the order they are drawn (G6.3 step 2). */
function engineRound(faces: number[], attackers: number, defenders: number, sides: BattleSides) {
  let next = 0
  // Past the throw the battle goes on with ones, which nobody reads: only round 1 is asked.
  const work = { d6: () => ({ counter: next, face: faces[next++] ?? 1 }) } as unknown as Work
  const fought = battle(work, attackers, defenders, sides.tank, sides.wall, Math.min(sides.guards, defenders))
  return fought.rounds[0]!
}

/** Exact chances as numerators over a power of 6, added as BigInts. */
interface Exact {
  numerator: bigint
  dice: number
}
const scale = (x: Exact, dice: number): bigint => x.numerator * 6n ** BigInt(dice - x.dice)

/**
 * The whole battle's outcomes by enumeration: each state's round played by the engine over every
 * throw of its dice, each outcome weighted by its throws, down to an empty side.
 */
function enumerate(sides: BattleSides): Map<string, Exact> {
  const memo = new Map<string, Map<string, Exact>>()
  const rounds = new Map<string, Map<string, bigint>>()
  const from = (attackers: number, defenders: number, guards: number): Map<string, Exact> => {
    if (defenders === 0) return new Map([[`taken ${attackers}`, { numerator: 1n, dice: 0 }]])
    if (attackers === 0) return new Map([[`held ${defenders}`, { numerator: 1n, dice: 0 }]])
    const key = `${attackers}/${defenders}/${guards}`
    const known = memo.get(key)
    if (known) return known
    const attackDice = Math.min(3, attackers)
    const defenceDice = Math.min(guards >= 1 ? 3 : 2, defenders)
    const dice = attackDice + defenceDice
    const roundKey = `${attackDice}/${defenceDice}`
    let throws = rounds.get(roundKey)
    if (!throws) {
      throws = new Map()
      for (let index = 0; index < 6 ** dice; index++) {
        const faces = Array.from({ length: dice }, (_, i) => (Math.floor(index / 6 ** i) % 6) + 1)
        const round = engineRound(faces, attackers, defenders, { ...sides, guards })
        const lost = `${round.attackerLost}/${round.defenderLost}`
        throws.set(lost, (throws.get(lost) ?? 0n) + 1n)
      }
      rounds.set(roundKey, throws)
    }
    const out = new Map<string, Exact>()
    for (const [lost, count] of throws) {
      const [attackerLost, defenderLost] = lost.split('/').map(Number) as [number, number]
      for (const [end, chance] of from(attackers - attackerLost, defenders - defenderLost, Math.max(0, guards - defenderLost))) {
        const total = dice + chance.dice
        const before = out.get(end)
        const numerator = count * chance.numerator
        if (!before) out.set(end, { numerator, dice: total })
        else {
          const common = Math.max(before.dice, total)
          out.set(end, { numerator: scale(before, common) + scale({ numerator, dice: total }, common), dice: common })
        }
      }
    }
    memo.set(key, out)
    return out
  }
  return from(sides.attackers, sides.defenders, Math.min(sides.guards, sides.defenders))
}

const percent = (x: number) => Math.round(x * 100)

t.test('G6.9 the book’s indicative odds, 10 attackers against 10 defenders', async (t) => {
  const base = { attackers: 10, defenders: 10, tank: false, wall: 0, guards: 0 }
  t.equal(percent(battleOdds(base).win), 57, 'plain: 57%')
  t.equal(percent(battleOdds({ ...base, wall: 1 }).win), 27, 'against a Muralla: 27%')
  t.equal(percent(battleOdds({ ...base, wall: 2 }).win), 9, 'against a Fortaleza: 9%')
  t.equal(percent(battleOdds({ ...base, wall: 1, tank: true }).win), 57, 'with a Tanque against a Muralla: 57%')
  t.equal(percent(battleOdds({ ...base, guards: 10 }).win), 19, 'against 10 guards: 19%')
})

t.test('G6.3 every battle ends, and its outcomes add up to certainty', async (t) => {
  for (const sides of [
    { attackers: 1, defenders: 1, tank: false, wall: 0, guards: 0 },
    { attackers: 30, defenders: 25, tank: true, wall: 2, guards: 4 },
    { attackers: 3, defenders: 40, tank: false, wall: 1, guards: 40 },
  ]) {
    const odds = battleOdds(sides)
    const total = odds.taken.reduce((a, b) => a + b, 0) + odds.held.reduce((a, b) => a + b, 0)
    t.ok(Math.abs(total - 1) < 1e-9, `${JSON.stringify(sides)}: ${total}`)
    t.equal(odds.taken[0], 0, 'a battle is never taken with no survivor')
    t.equal(odds.held[0], 0, 'nor held with no defender left')
  }
})

t.test('G6.3 one attacker against one defender: 15 throws in 36 win (strictly higher), 21 lose (ties to the defender)', async (t) => {
  const odds = battleOdds({ attackers: 1, defenders: 1, tank: false, wall: 0, guards: 0 })
  t.equal(odds.taken[1], 15 / 36)
  t.equal(odds.held[1], 21 / 36)
})

t.test('G6.2 G6.3 G6.8 each outcome’s chance equals an enumeration of the engine’s battle over every throw', async (t) => {
  let compared = 0
  for (const tank of [false, true])
    for (const wall of [0, 1, 2])
      for (const [attackers, defenders, guards] of [
        [1, 1, 0],
        [2, 1, 0],
        [3, 2, 0],
        [4, 3, 0],
        [4, 3, 1],
        [2, 3, 3],
        [5, 2, 2],
      ] as const) {
        const sides = { attackers, defenders, tank, wall, guards }
        const odds = battleOdds(sides)
        const exact = enumerate(sides)
        const shown = new Map<string, number>()
        odds.taken.forEach((chance, survivors) => chance > 0 && shown.set(`taken ${survivors}`, chance))
        odds.held.forEach((chance, left) => chance > 0 && shown.set(`held ${left}`, chance))
        t.same([...shown.keys()].sort(), [...exact.keys()].sort(), `${JSON.stringify(sides)}: the same outcomes`)
        for (const [end, chance] of exact) {
          const value = Number(chance.numerator) / 6 ** chance.dice
          if (Math.abs((shown.get(end) ?? 0) - value) > 1e-12) t.fail(`${JSON.stringify(sides)} ${end}: odds ${shown.get(end)}, enumeration ${value}`)
          compared++
        }
      }
  t.ok(compared > 100, `${compared} outcomes compared`)
})
