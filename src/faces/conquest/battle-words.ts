// A conquest battle told round by round (#27): each side's dice as thrown, what the Tanque or the
// wall made of them, and who lost how many (G6.3), so that "5 4 5 1" becomes a story anyone can
// check against the dice page. The bonuses are read off the rounds the engine logged: a round's
// sorted throw against its logged values.
import { languageOf } from '../../lib/catalogue.ts'
import { fill } from '../../lib/fill.ts'
import type { Words } from '../../lib/chronicle.ts'

interface Round {
  attack: number[]
  defence: number[]
  attackerLost: number
  defenderLost: number
}

interface Battle {
  attacker: string
  defender: string
  rounds: Round[]
  dice: { face: number }[]
}

/** A logged battle's record read as a telling needs it: a field a record lacks tells nothing. */
function battleOf(logged: Record<string, unknown>): Battle {
  return {
    attacker: String(logged.attacker),
    defender: String(logged.defender),
    rounds: Array.isArray(logged.rounds) ? (logged.rounds as Round[]) : [],
    dice: Array.isArray(logged.dice) ? (logged.dice as { face: number }[]) : [],
  }
}

export function battleRounds(logged: Record<string, unknown>, tribe: (id: string) => string, s: Words): string[] {
  const battle = battleOf(logged)
  let next = 0
  const thrown = (count: number) => {
    const faces = battle.dice.slice(next, next + count).map((die) => die.face)
    next += count
    return faces.sort((x, y) => y - x)
  }
  return battle.rounds.map((round, i) => {
    const attack = thrown(round.attack.length)
    const defence = thrown(round.defence.length)
    const changed = (before: number[], after: number[]) => before.some((face, j) => face !== after[j])
    return fill(
      s.c_battleRound!,
      {
        n: i + 1,
        attacker: tribe(battle.attacker),
        defender: tribe(battle.defender),
        attack: attack.join(' '),
        defence: defence.join(' '),
        tank: changed(attack, round.attack) ? fill(s.c_battleTank!, { dice: round.attack.join(' ') }, languageOf(s)) : '',
        wall: changed(defence, round.defence) ? fill(s.c_battleWall!, { dice: round.defence.join(' ') }, languageOf(s)) : '',
        attackerLost: round.attackerLost,
        defenderLost: round.defenderLost,
      },
      languageOf(s),
    )
  })
}
