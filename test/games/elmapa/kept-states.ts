// States of El Mapa worth keeping for the shared contract's stored property
// (test/db/stored-contract.test.ts): random play of a few rounds seldom gets there.
import type { ElMapaState } from '../../../src/engine/games/elmapa/types.ts'
import { mapa, open, order, system, troops } from './dsl.ts'

const GRID = `
  ?   Ma  Pa  ?   ?
  ?   Ja  l2-oro@a  l1-hechizo@a  Jb`

/**
 * M9.3 (#47): a castle that built its Universidad, then its Laboratorio, then its Biblioteca, one
 * a window, so that its slot map keeps them in the order they were built, not the book's; the
 * tick draws a card for each. A jsonb column keeps the slots in another order.
 */
function drawsOutOfOrder(): ElMapaState {
  let s = open(mapa(GRID, { stock: 'a 40 10 10; b 3 0 0' }), 'a')
  s.cells['1,1']!.castle!.reserve = troops('leva=2 soldado=1 arquero=1 caballero=1')
  s.cells['1,1']!.castle!.slots = { '1a': 'cuartel', '1b': 'mercado', '1c': 'almacen', '1d': 'ayuntamiento', '2b': 'banco', '2c': 'arqueria' }
  // A card in each level's deck for each draw, so that the order of the draws shows in the hand.
  s.decks['1'] = ['pies-1', 'pies-2']
  s.decks['2'] = ['suerte-1', 'suerte-2']
  s.decks['3'] = ['escudo-1', 'escudo-2']
  for (const [building, slot] of [
    ['universidad', '3b'],
    ['laboratorio', '2a'],
    ['biblioteca', '3a'],
  ] as const) {
    if (building !== 'universidad') s = open(system(s, { type: 'closeWindow', tribe: 'a' }).s, 'a')
    s = order(s, 'a', { type: 'build', village: '1,1', building, slot }).s
  }
  return s
}

export function keptStates(): { where: string; state: ElMapaState }[] {
  return [{ where: 'M9.3 a castle that built its drawing buildings out of the book order', state: drawsOutOfOrder() }]
}
