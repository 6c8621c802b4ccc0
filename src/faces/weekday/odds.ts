// The four rolls of every attack the turn page offers (#27), for the map's script: per troop count,
// what each face of the d4 would leave, from the engine's odds (R8.2–R8.3). Compact, since a page
// may offer dozens of attacks: [result initial, attacker survivors, defender survivors] per face.
import { rollOutcomes, type AttackInfo, type TribeOptions } from '../../engine/games/weekday/index.ts'

type Face = [result: 'a' | 'd' | 't', attackerSurvivors: number, defenderSurvivors: number]

/** `table[n - 1]`: the four faces of an attack with `n` troops, for every `n` the option allows. */
function table(most: number, attack: AttackInfo): Face[][] {
  return Array.from({ length: most }, (_, i) =>
    rollOutcomes(i + 1, attack).map((o): Face => [
      o.result === 'attacker' ? 'a' : o.result === 'defender' ? 'd' : 't',
      o.attackerSurvivors,
      o.defenderSurvivors,
    ]),
  )
}

/** The options with each attack's rolls beside it (the engine's options are left as they are). */
export function withOdds(options: TribeOptions) {
  return {
    ...options,
    armies: options.armies.map((army) => ({
      ...army,
      moves: army.moves.map((move) => (move.attack ? { ...move, attack: { ...move.attack, odds: table(move.maxTroops, move.attack) } } : move)),
    })),
    ships: options.ships.map((ship) => ({
      ...ship,
      disembark: ship.disembark.map((x) => (x.attack ? { ...x, attack: { ...x.attack, odds: table(x.maxTroops, x.attack) } } : x)),
      portAssault: ship.portAssault.map((x) => ({ ...x, attack: { ...x.attack, odds: table(x.maxTroops, x.attack) } })),
      // R10.7: the whole crew boards.
      board: ship.board.map((x) => ({ ...x, attack: { ...x.attack, odds: table(ship.crew, x.attack) } })),
    })),
  }
}
