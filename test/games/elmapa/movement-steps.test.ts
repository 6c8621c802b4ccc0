// M6.1, M6.2, M1.9, M5.8, M9.5–M9.9: the refusals of a step, a Teletransporte and a cast card in
// words (the army, its cell, the direction, the count of cells), closed sides from every
// direction, and a Teletransporte's reach of 1 to 3 + s cells.
import t from 'tap'
import { elMapa, type ElMapaOrder } from '../../../src/engine/games/elmapa/index.ts'
import type { ElMapaState } from '../../../src/engine/games/elmapa/types.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { armyOf, mapa, open, order, tribeOf } from './dsl.ts'

/** An order's refusal: its code, rule and words. */
function refusal(s: ElMapaState, o: unknown, tribe = 'a') {
  const r = elMapa.applyOrder(s, tribe, o as ElMapaOrder, hmacRng)
  if (r.ok) throw new Error(`${JSON.stringify(o)} was accepted`)
  return [r.error.code, r.error.rule, r.error.message]
}

// Row 2: Ja, then revealed cells 1 to 5 away from it; Jb defended by b's army.
const GRID = `
  ?   ?   ?   ?   ?   ?   ?
  ?   .   .   .   .   .   ?
  ?   Ja  .   .   .   .   Jb
  ?   ?   ?   ?   ?   ?   ?`

function board(armies = 'a 2,1 leva=1; b 2,6 leva=1', hand: string[] = []) {
  const s = mapa(GRID, { armies })
  s.settings.obstacles = 'none'
  tribeOf(s, 'a').hand = hand
  return open(s, 'a')
}
const step = (army: number, dir: unknown, more = {}) => ({ type: 'step', army, dir, ...more }) as never as ElMapaOrder

t.test('M6.6 M6.1 M6.2 M13.13 M5.8: a step’s refusals name the army, its cell and what stops it', async (t) => {
  const s = board('a 2,1 leva=1; a 2,5 leva=1 convoy; b 2,6 leva=1')
  const tired = structuredClone(s)
  armyOf(tired, 1)!.tired = true
  t.same(refusal(tired, step(1, 'E')), ['move/tired', 'M6.6', 'army 1 is tired'])
  const spent = structuredClone(s)
  armyOf(spent, 1)!.steps = 2
  t.same(refusal(spent, step(1, 'E')), ['move/no_mp', 'M6.1', 'army 1 on 2,1 has no movement left'])
  t.same(refusal(s, step(1, 'NE')), ['move/direction', 'M6.2', 'a step goes N, E, S or W'])
  t.same(refusal(s, step(1, 'E', { cards: [] })), ['card/no_battle', 'M13.13', 'combat cards go only with a step that starts a battle'], 'nobody on 2,2')
  t.same(refusal(s, step(2, 'E')), ['move/convoy', 'M5.8', 'army 2 is a convoy and never starts a battle'], "b's army holds Jb")
  const edge = open(mapa(`Ja ? Jb`, { armies: 'a 0,0 leva=1' }), 'a')
  t.same(refusal(edge, step(1, 'N')), ['move/edge', 'M1.9', 'army 1 cannot step N off the map'])
})

t.test('M1.9: a closed side stops a step into its cell from each of the four directions, and names the way', async (t) => {
  // Ja's four neighbours each close the side that faces it.
  const s = open(
    mapa(
      `
      ?            l2-bosque^S  ?
      l2-bosque^E  Ja           l2-bosque^W
      ?            l2-bosque^N  Jb`,
      { armies: 'a 1,1 leva=1' },
    ),
    'a',
  )
  for (const dir of ['N', 'E', 'S', 'W'])
    t.same(refusal(s, step(1, dir)), ['move/closed', 'M1.9', `a closed side stops army 1 going ${dir}`], `${dir} into the side facing Ja`)
  // The same bosques closed on a side away from Ja let the army in.
  const away = open(mapa(`l2-bosque^W  Ja  l2-bosque^E\n?  ?  Jb`, { armies: 'a 0,1 leva=1' }), 'a')
  t.equal(armyOf(order(away, 'a', step(1, 'E')).s, 1)!.cell, '0,2', 'E into a bosque closed on its E side')
  t.equal(armyOf(order(away, 'a', step(1, 'W')).s, 1)!.cell, '0,0', 'W into a bosque closed on its W side')
})

const tele = (to: string, boosters?: string[]): ElMapaOrder => ({ type: 'teleport', card: 'teletransporte-1', army: 1, to, ...(boosters ? { boosters } : {}) })

t.test('M9.9: a Teletransporte reaches a revealed cell 1 to 3 + s away, s one per 3 boosters', async (t) => {
  const s = board(undefined, ['teletransporte-1', 'pies-1', 'pies-2', 'pies-3'])
  t.equal(armyOf(order(s, 'a', tele('2,2')).s, 1)!.cell, '2,2', 'the next cell: 1 away')
  t.equal(armyOf(order(s, 'a', tele('2,4')).s, 1)!.cell, '2,4', '3 away')
  t.same(refusal(s, tele('2,5')), ['card/teleport_target', 'M9.9', 'a Teletransporte goes to a revealed cell 1 to 3 away'], '4 away, no boosters')
  const boosted = order(s, 'a', tele('2,5', ['pies-1', 'pies-2', 'pies-3']))
  t.equal(armyOf(boosted.s, 1)!.cell, '2,5', '3 boosters: 4 away')
  t.same(
    [tribeOf(boosted.s, 'a').hand, boosted.s.piles['3'], boosted.s.piles['1']],
    [[], ['teletransporte-1'], ['pies-1', 'pies-2', 'pies-3']],
    'the card and its boosters discarded',
  )
  t.same(
    refusal(s, tele('1,5', ['pies-1', 'pies-2', 'pies-3'])),
    ['card/teleport_target', 'M9.9', 'a Teletransporte goes to a revealed cell 1 to 4 away'],
    '5 away with 3 boosters',
  )
})

t.test('M9.9 M9.7: a Teletransporte’s card and army checks cite M9.9; one per army per window', async (t) => {
  const s = board(undefined, ['teletransporte-1', 'teletransporte-2', 'pies-1'])
  t.same(refusal(s, { ...tele('2,2'), card: 'pies-1' }), ['card/wrong_kind', 'M9.9', '"pies-1" is not a card of teletransporte'])
  const spent = structuredClone(s)
  armyOf(spent, 1)!.steps = 2
  t.same(refusal(spent, tele('2,2')), ['move/no_mp', 'M9.9', 'army 1 on 2,1 has no movement left'])
  const once = order(s, 'a', tele('2,2')).s
  t.same(refusal(once, { ...tele('2,3'), card: 'teletransporte-2' }), ['card/one_per_target', 'M9.7', 'army 1 has teleported this window'])
})

t.test('M9.5 M9.7 M13.14: Pies ligeros, Visión and the armed cards refused in words', async (t) => {
  const s = board(undefined, ['pies-1', 'pies-2', 'vision-2', 'pies-3', 'suerte-1'])
  const tired = structuredClone(s)
  armyOf(tired, 1)!.tired = true
  t.same(refusal(tired, { type: 'cast', card: 'pies-1', army: 1 }), ['move/tired', 'M6.6', 'army 1 is tired'])
  const fast = order(s, 'a', { type: 'cast', card: 'pies-1', army: 1 }).s
  t.same(refusal(fast, { type: 'cast', card: 'pies-2', army: 1 }), ['card/one_per_target', 'M9.7', 'army 1 has had Pies ligeros this window'])
  const vision = (cells: string[]): ElMapaOrder => ({ type: 'cast', card: 'vision-2', boosters: ['pies-3'], cells })
  const words = ['card/vision_cells', 'M13.14', 'Visión names exactly 2 distinct face-down cells']
  t.same(refusal(s, vision(['0,0', '0,0'])), words, 'one cell named twice')
  t.same(refusal(s, vision(['0,0', '1,1'])), words, 'one of the two face up')
  t.same(
    order(s, 'a', vision(['0,0', '3,0'])).events.find((e) => e.type === 'revealed'),
    {
      type: 'revealed',
      tribe: 'a',
      cells: [
        { cell: '0,0', tile: 'l1-paraje', closed: null },
        { cell: '3,0', tile: 'l1-paraje', closed: null },
      ],
    },
    'two distinct face-down cells',
  )
  const armed = structuredClone(s)
  tribeOf(armed, 'a').suerte = 1
  t.same(refusal(armed, { type: 'cast', card: 'suerte-1' }), ['card/armed', 'M9.7', 'Tribe a has a suerte armed already'])
})
