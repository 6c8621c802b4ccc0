// World conquest's bot (rules G…): in setup, every territory of its own on the reinforcement list
// (G3.2); in a window, attack the weakest neighbour it can with every troop that may leave, from
// the territory with the most, or else march its biggest force; end the turn then (G2.8).
import type { Chooser } from './play.ts'

export const conquest: Chooser = ({ board, options, given }) => {
  if (options.ruleset !== 'conquest' || board.ruleset !== 'conquest' || !options.options || !board.you) return null
  const mine = options.options
  const tribe = board.you.tribeId
  const troops = new Map(board.territories.map((territory) => [territory.id, territory.troops]))
  if (mine.setup) {
    const list = board.territories.filter((territory) => territory.owner === tribe).map((territory) => territory.id)
    return given === 0 && mine.canOrder && list.length > 0 ? { type: 'setReinforcements', list } : null
  }
  const attacks = mine.territories
    .filter((territory) => territory.canLeave >= 2)
    .flatMap((territory) => territory.attacks.map((to) => ({ from: territory.id, to, troops: territory.canLeave })))
    .filter((attack) => attack.troops > (troops.get(attack.to) ?? 0))
    .sort((x, y) => (troops.get(x.to) ?? 0) - (troops.get(y.to) ?? 0) || y.troops - x.troops)
  const attack = attacks[0]
  if (attack) return { type: 'attack', ...attack }
  // No attack worth it: the biggest force that may leave marches to a territory of its own (G5.1).
  const march = mine.territories.filter((territory) => territory.canLeave >= 1 && territory.moves.length > 0).sort((x, y) => y.canLeave - x.canLeave)[0]
  if (given < 3 && march) return { type: 'move', from: march.id, to: march.moves[0]!, troops: march.canLeave }
  return mine.canEndTurn ? { type: 'endTurn' } : null
}
