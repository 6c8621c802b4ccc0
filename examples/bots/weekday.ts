// The weekday wargame's bot (rules R…): recruit in the first city that can, then march, an attack
// the options rate in the attacker's favour first, then a move that claims the most tiles; end the
// turn when nothing is left.
import type { Chooser } from './play.ts'

export const weekday: Chooser = ({ board, options, given }) => {
  if (options.ruleset !== 'weekly-turn' || board.ruleset !== 'weekly-turn' || !options.options || !board.you?.windowOpen) return null
  const mine = options.options
  // R5.5: recruitment comes before any other action of the window.
  const city = mine.recruit.find((offer) => offer.maxTroops > 0)
  if (given === 0 && city) return { type: 'recruit', city: city.city, troops: city.maxTroops }
  const marches = mine.armies.flatMap((army) => army.moves.map((move) => ({ army, move })))
  const attack = marches.find(({ move }) => move.effect === 'attack' && move.attack !== undefined && move.attack.a > move.attack.d)
  const claim = marches.filter(({ move }) => move.effect === 'move' && move.claims.length > 0).sort((x, y) => y.move.claims.length - x.move.claims.length)[0]
  const chosen = attack ?? claim
  if (chosen) return { type: 'move', from: chosen.army.tile, path: chosen.move.path, troops: chosen.move.maxTroops }
  return { type: 'endTurn' }
}
