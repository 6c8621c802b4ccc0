// The book's worked battle (G6.9) told round by round, as the turn page and the history tell it (#27):
// each side's throw, what the Tanque and the Muralla made of it, and the losses.
import t from 'tap'
import { battle } from '../../../src/engine/games/conquest/fire.ts'
import type { Work } from '../../../src/engine/games/conquest/work.ts'
import { battleRounds } from '../../../src/faces/conquest/battle-words.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'

/** G6.9's 14 dice, in the order they are drawn. */
const G69 = [2, 6, 3, 5, 1, 4, 1, 2, 2, 3, 1, 5, 1, 2]

function workedBattle() {
  let next = 0
  const work = { d6: () => ({ counter: next, face: G69[next++]! }) } as unknown as Work
  // 5 attackers from ale with a Tanque; efi: 3 troops, a Muralla (level 1), 1 guard.
  const fought = battle(work, 5, 3, true, 1, 1)
  return { attacker: 'ana', defender: 'ben', rounds: fought.rounds, dice: fought.dice }
}
const names = new Map([
  ['ana', 'Aztecas'],
  ['ben', 'Incas'],
])
const tribe = (id: string) => names.get(id) ?? id

t.test('G6.9 the worked battle, told in English', async (t) => {
  t.same(battleRounds(workedBattle(), tribe, CATALOGUE.en), [
    'Round 1: Aztecas threw 6 3 2 (the Tank made it 7 3 2), Incas threw 5 4 1 (the wall made it 6 4 1); Aztecas lost 1, Incas lost 2.',
    'Round 2: Aztecas threw 2 2 1 (the Tank made it 3 2 1), Incas threw 3 (the wall made it 4); Aztecas lost 1, Incas lost 0.',
    'Round 3: Aztecas threw 5 1 1 (the Tank made it 6 1 1), Incas threw 2 (the wall made it 3); Aztecas lost 0, Incas lost 1.',
  ])
})

t.test('G6.3 without a Tanque or a wall the throw is told as it fell, in Spanish', async (t) => {
  let next = 0
  const faces = [6, 5, 2, 3]
  const work = { d6: () => ({ counter: next, face: faces[next++] ?? 1 }) } as unknown as Work
  const fought = battle(work, 2, 2, false, 0, 0)
  t.same(battleRounds({ attacker: 'ana', defender: 'ben', rounds: fought.rounds, dice: fought.dice }, tribe, CATALOGUE.es), [
    'Ronda 1: Aztecas sacó 6 5, Incas sacó 3 2; Aztecas perdió 0 y Incas perdió 2.',
  ])
})
