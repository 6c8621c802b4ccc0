// A battle's every outcome and its exact chance, before the first die (#27). G6.3's rounds depend
// only on how many dice each side rolls and on the tank and the wall, so each kind of round is
// worked out once over all its dice, and the battle is that round repeated from the starting
// armies down to an empty side. Everything a battle reads is public (G11.7), so anyone may ask.

/** The chances of the defender losing 0, 1, … troops in one round (the attacker loses the rest of the pairs). */
type RoundLosses = readonly number[]

const rounds = new Map<string, RoundLosses>()

/** G6.3 steps 3–4 over all 6^(attackDice + defenceDice) equally likely throws. */
function roundLosses(attackDice: number, defenceDice: number, tank: boolean, wall: number): RoundLosses {
  const key = `${attackDice}/${defenceDice}/${tank}/${wall}`
  const known = rounds.get(key)
  if (known) return known
  const pairs = Math.min(attackDice, defenceDice)
  const counts = new Array<number>(pairs + 1).fill(0)
  const dice = attackDice + defenceDice
  const throws = 6 ** dice
  const faces = new Array<number>(dice)
  for (let index = 0; index < throws; index++) {
    let rest = index
    for (let i = 0; i < dice; i++) {
      faces[i] = (rest % 6) + 1
      rest = Math.floor(rest / 6)
    }
    const attack = faces.slice(0, attackDice).sort((x, y) => y - x)
    const defence = faces.slice(attackDice).sort((x, y) => y - x)
    if (tank) attack[0]! += 1
    if (wall >= 1) defence[0]! += 1
    if (wall === 2) for (let i = 1; i < defence.length; i++) defence[i]! += 1
    let defenderLost = 0
    for (let i = 0; i < pairs; i++) if (attack[i]! > defence[i]!) defenderLost++
    counts[defenderLost]!++
  }
  const losses = counts.map((count) => count / throws)
  rounds.set(key, losses)
  return losses
}

export interface BattleSides {
  attackers: number
  defenders: number
  /** G6.2: a Tanque in the attacking territory's stock. */
  tank: boolean
  /** G6.2: the defending territory's wall level, 0–2. */
  wall: number
  /** G6.8: the defending territory's guards. */
  guards: number
}

export interface BattleOdds {
  /** `taken[s]`: the chance that the attacker takes the territory with `s` survivors (index 0 is always 0). */
  taken: number[]
  /** `held[s]`: the chance that the territory holds with `s` defenders left (index 0 is always 0). */
  held: number[]
  /** The chance of taking it: the sum of `taken`. */
  win: number
}

/** G6.3 to the end: every outcome's chance, exactly (up to floating point). */
export function battleOdds(sides: BattleSides): BattleOdds {
  const taken = new Array<number>(sides.attackers + 1).fill(0)
  const held = new Array<number>(sides.defenders + 1).fill(0)
  // Each round removes at least one troop, so the armies' total only falls: states are visited
  // by total, largest first, and each is final once its total is reached.
  const byTotal = new Map<number, Map<string, { attackers: number; defenders: number; guards: number; chance: number }>>()
  const add = (attackers: number, defenders: number, guards: number, chance: number) => {
    const total = attackers + defenders
    let states = byTotal.get(total)
    if (!states) byTotal.set(total, (states = new Map()))
    const key = `${attackers}/${defenders}/${guards}`
    const state = states.get(key)
    if (state) state.chance += chance
    else states.set(key, { attackers, defenders, guards, chance })
  }
  add(sides.attackers, sides.defenders, Math.min(sides.guards, sides.defenders), 1)
  for (let total = sides.attackers + sides.defenders; total > 0; total--) {
    for (const state of byTotal.get(total)?.values() ?? []) {
      if (state.defenders === 0) taken[state.attackers]! += state.chance
      else if (state.attackers === 0) held[state.defenders]! += state.chance
      else {
        const attackDice = Math.min(3, state.attackers)
        const defenceDice = Math.min(state.guards >= 1 ? 3 : 2, state.defenders)
        const losses = roundLosses(attackDice, defenceDice, sides.tank, sides.wall)
        const pairs = losses.length - 1
        losses.forEach((chance, defenderLost) => {
          if (chance === 0) return
          add(state.attackers - (pairs - defenderLost), state.defenders - defenderLost, Math.max(0, state.guards - defenderLost), state.chance * chance)
        })
      }
    }
    byTotal.delete(total)
  }
  return { taken, held, win: taken.reduce((sum, chance) => sum + chance, 0) }
}
