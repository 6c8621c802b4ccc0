// The four rolls of an attack, known before it is ordered (#27): the d4 is the only chance in a
// fight (R8.2), so each face's outcome is certain and a page can show all four. Worked out from
// R8.2–R8.3 alone, not by playing the order, so a test can hold them against the engine's fights.
import type { AttackInfo } from './options.ts'

export type FightResult = 'attacker' | 'defender' | 'tie'

/** What one face of the d4 would do to an attack of `attackers` troops. */
export interface RollOutcome {
  roll: 1 | 2 | 3 | 4
  result: FightResult
  attackerSurvivors: number
  defenderSurvivors: number
}

const FACES = [1, 2, 3, 4] as const

/** R8.2–R8.3 for each face: the attack value against the defence value, and who is left. */
export function rollOutcomes(attackers: number, attack: Pick<AttackInfo, 'defenders' | 'a' | 'd'>): RollOutcome[] {
  const defence = attack.defenders * attack.d + 2
  return FACES.map((roll) => {
    const margin = roll + attackers * attack.a - defence
    return {
      roll,
      result: margin > 0 ? 'attacker' : margin < 0 ? 'defender' : 'tie',
      attackerSurvivors: Math.min(Math.max(margin, 0), attackers),
      defenderSurvivors: Math.min(Math.max(-margin, 0), attack.defenders),
    }
  })
}

/** Faces that end alike, told once: "1: both fall; 2–4: you take it with 1–3 left". */
export interface RollGroup {
  result: FightResult
  /** The faces of this group, lowest first (always a run: the margin grows with the roll). */
  rolls: number[]
  /** The winner's survivors over the group's faces, fewest first (0 and 0 for a tie). */
  fewest: number
  most: number
}

export function groupedOutcomes(outcomes: readonly RollOutcome[]): RollGroup[] {
  const groups: RollGroup[] = []
  for (const outcome of outcomes) {
    const left = outcome.result === 'attacker' ? outcome.attackerSurvivors : outcome.defenderSurvivors
    const last = groups[groups.length - 1]
    if (last && last.result === outcome.result) {
      last.rolls.push(outcome.roll)
      last.fewest = Math.min(last.fewest, left)
      last.most = Math.max(last.most, left)
    } else groups.push({ result: outcome.result, rolls: [outcome.roll], fewest: left, most: left })
  }
  return groups
}

/** How many of the four faces give the attacker the tile (0: an attack that cannot win). */
export function winningRolls(outcomes: readonly RollOutcome[]): number {
  return outcomes.filter((outcome) => outcome.result === 'attacker').length
}
