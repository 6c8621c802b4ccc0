// W9: the score, the ranking and its shared ranks, elimination's bookkeeping, the campaign's end.
import t from 'tap'
import { eliminate, finish, ranked, scoreOf } from '../../../src/engine/games/openwars/ending.ts'
import { Work } from '../../../src/engine/games/openwars/work.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { ofType, tribe, world } from './dsl.ts'

t.test('W9.5 a ciudad scores 3, every other location 1, plus a tenth of the army value', async (t) => {
  const s = world('ci0:A ll1:A mo1:B', { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r1c2 A 2 guerreros_orcos' })
  t.same([scoreOf(s, 'A'), scoreOf(s, 'B')], [3 + 1 + 2, 1], 'A: the ciudad, the llanura and ⌊20/10⌋; B: the montaña')
})

t.test('W9.6 W11.24 ranking: score, army value, gold + mana, equal tribes sharing a rank; the eliminated below, the later higher', async (t) => {
  // Each tribe holds one llanura. Score 2 each (1 + ⌊army / 10⌋) for A to E.
  //   B: army 12 (a troll)   D: army 10, 3 gold + 3 mana   C: army 10, 5 gold
  //   A and E: army 10, nothing in the pools: equal on every key.   F out first, G later.
  const s = world('ll1 ll1 ll1 ll1 ll1 ll1 ll1', {
    tribes: 'A=orcos@monday B=orcos@tuesday C=orcos@wednesday D=orcos@thursday E=orcos@friday F=orcos@saturday G=orcos@sunday',
    stacks: `
      r1c1 A 1 guerreros_orcos
      r1c2 B 1 trolls
      r1c3 C 1 guerreros_orcos
      r1c4 D 1 guerreros_orcos
      r1c5 E 1 guerreros_orcos
    `,
  })
  Object.assign(tribe(s, 'C'), { gold: 5 })
  Object.assign(tribe(s, 'D'), { gold: 3, mana: 3 })
  Object.assign(tribe(s, 'F'), { eliminated: true, eliminationStep: 1 })
  Object.assign(tribe(s, 'G'), { eliminated: true, eliminationStep: 2 })
  t.same(
    ['A', 'B', 'C', 'D', 'E'].map((id) => scoreOf(s, id)),
    [2, 2, 2, 2, 2],
    'one score for all five standing tribes',
  )
  t.same(ranked(s), { ranking: ['B', 'D', 'C', 'A', 'E', 'G', 'F'], ranks: [1, 2, 3, 4, 4, 6, 7] })
  Object.assign(tribe(s, 'G'), { eliminationStep: 1 })
  t.same(ranked(s).ranks.slice(5), [6, 6], 'eliminated by the same event: one rank')
})

t.test('W9.1 W9.2 elimination: its step, the tribe’s locations freed, its pools and window closed', async (t) => {
  const s = world('ci0:A ll1:B ll1:C ll1', {
    tribes: 'A=orcos@monday B=elfos@thursday C=enanos@friday',
    stacks: 'r1c1 A 1 goblins\nr1c3 C 1 mineros\nr1c4 B 0 exploradores control=no',
  })
  Object.assign(tribe(s, 'B'), { gold: 7, mana: 2, window: 'open', phase: 'movement' })
  const w = new Work(s, hmacRng)
  eliminate(w, 'A')
  t.same(ofType(w.events, 'eliminated'), [{ type: 'eliminated', tribe: 'B', by: 'A' }], 'a stack of 0 is no unit (W9.1)')
  t.match(tribe(w.s, 'B'), { eliminated: true, eliminationStep: 1, eliminatedBy: 'A', gold: 0, mana: 0, window: 'closed', phase: null })
  t.same([w.s.cells.r1c2!.controller, w.s.eliminations, w.s.status], [null, 1, 'running'], 'its llanura is free; two tribes are left')
  const again = new Work(w.s, hmacRng)
  eliminate(again, 'A')
  t.same([again.events, again.s.eliminations], [[], 1], 'nobody else is out: no step is counted')
})

t.test('W9.3 W9.4 the campaign’s end closes every window; a finished campaign eliminates nobody', async (t) => {
  const s = world('ci0:A ll1:B', { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r1c1 A 1 goblins' })
  Object.assign(tribe(s, 'A'), { window: 'open', phase: 'recruitment' })
  const w = new Work(s, hmacRng)
  finish(w, 'roundLimit')
  t.same(
    w.s.tribes.map((x) => [x.window, x.phase]),
    [
      ['closed', null],
      ['closed', null],
    ],
  )
  t.match(w.s.result, { reason: 'roundLimit', ranking: ['A', 'B'] })
  eliminate(w, 'A')
  t.same([tribe(w.s, 'B').eliminated, ofType(w.events, 'eliminated')], [false, []], 'B has nothing left, but the campaign is over')
})
