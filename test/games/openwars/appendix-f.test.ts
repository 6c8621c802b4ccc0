// Appendix F, exactly: the worked battle of round 4 on the map of Appendix E, from the seed
// ejemplo-batalla-572, every die in the book's order.
import t from 'tap'
import { ofType, open, play, stack, standing, tribe, world } from './dsl.ts'

function round4() {
  const s = world('', {
    ring: 'ejemplo-mapa',
    tribes: 'E=elfos@thursday O=orcos@monday',
    round: 4,
    seed: 'ejemplo-batalla-572',
    stacks: `
      r4c4 E 2 arqueros
      r4c4 E 2 guardianes
      r4c4 E 1 mago
      r4c3 E 1 exploradores
      r4c5 O 3 guerreros_orcos
      r4c5 O 2 goblins
      r4c5 O 1 jinetes_lobo
      r4c5 O 1 chaman
      r3c4 O 1 trolls
    `,
  })
  s.cells.r2c1!.controller = 'E'
  s.cells.r2c5!.controller = 'O'
  // The exploradores hold r4c3 for the Elfos; they play no part.
  tribe(s, 'E').mana = 5
  tribe(s, 'O').mana = 6
  standing(s, 'r4c4', 'E', 'arqueros', { modo: 'retirarse', umbral: 50, destino: 'r4c3' })
  standing(s, 'r4c4', 'E', 'mago', { modo: 'luchar', hechizo: 'escudo' })
  return s
}

t.test('W6.2 W6.7 W6.8 W6.11 W6.12 W6.18 W10.6 W11.2 W7.7 Appendix F: the worked battle, dice included', async (t) => {
  let s = open(round4(), 'O')
  // Collection at the opening changes the mana; the book's 6 is after it.
  tribe(s, 'O').mana = 6
  const r = play(s, 'O', [
    { type: 'cast', from: 'r4c5', kind: 'chaman', spell: 'maldicion', target: 'r4c4' },
    { type: 'move', from: 'r4c5', kind: 'guerreros_orcos', count: 3, path: ['r4c4'] },
    { type: 'move', from: 'r4c5', kind: 'goblins', count: 2, path: ['r4c4'] },
    { type: 'move', from: 'r4c5', kind: 'jinetes_lobo', count: 1, path: ['r4c4'] },
    { type: 'move', from: 'r3c4', kind: 'trolls', count: 1, path: ['r4c4'] },
    { type: 'endTurn' },
  ])
  s = r.state
  t.equal(tribe(s, 'O').mana, 4, 'Maldición costs 2 mana')
  const b = ofType(r.events, 'battle')[0]!
  t.same(
    b.order,
    ['E:mago', 'E:arqueros', 'O:jinetes_lobo', 'E:guardianes', 'O:goblins', 'O:guerreros_orcos', 'O:trolls'],
    'mago (mágica), then a roll-off won by the arqueros',
  )
  t.same(
    b.rolls.map((d) => [d.counter, d.face]),
    [
      [0, 5],
      [1, 6],
    ],
    'jinetes_lobo #0 = 5, arqueros #1 = 6 (canonical order: the Orcos, Monday, first)',
  )
  const rows = b.turns.map((x) => [
    x.round,
    x.kind,
    x.act,
    x.attack ?? x.spell ?? x.to,
    (x.dice ?? []).map((d) => `#${d.counter}=${d.face}`).join(' '),
    (x.fell ?? []).map((f) => f.kind).join(' '),
  ])
  t.same(rows, [
    [1, 'mago', 'spell', 'escudo', '', ''],
    [1, 'arqueros', 'attack', 2, '#2=3 #3=3', ''],
    [1, 'jinetes_lobo', 'attack', 4, '#4=6', ''],
    [1, 'guardianes', 'attack', 2, '#5=4 #6=2', 'goblins'],
    [1, 'goblins', 'attack', 3, '#7=4', ''],
    [1, 'guerreros_orcos', 'attack', 5, '#8=6 #9=6 #10=2', ''],
    [1, 'trolls', 'attack', 6, '#11=4', ''],
    [2, 'mago', 'attack', 1, '#12=5', ''],
    [2, 'arqueros', 'attack', 2, '#13=6 #14=2', 'goblins'],
    [2, 'jinetes_lobo', 'attack', 4, '#15=5', ''],
    [2, 'guardianes', 'attack', 2, '#16=5 #17=5', ''],
    [2, 'guerreros_orcos', 'attack', 5, '#18=5 #19=6 #20=3', 'guardianes guardianes'],
    [2, 'trolls', 'attack', 6, '#21=3', 'arqueros'],
    [3, 'mago', 'attack', 1, '#22=2', ''],
    [3, 'arqueros', 'retreat', 'r4c3', '', ''],
    [3, 'jinetes_lobo', 'attack', 4, '#23=2', 'mago'],
  ])
  t.equal(s.rng.counter, 24, 'the battle ends after 24 dice (#0 to #23)')
  t.equal(tribe(s, 'E').mana, 4, 'W7.3 Armonía: Escudo costs 2 − 1 = 1')
  t.equal(s.cells.r4c4!.controller, 'O', 'W6.15 the Orcos take control of r4c4')
  t.same(
    s.cells.r4c4!.stacks.map((x) => [x.kind, x.count, x.damage]),
    [
      ['guerreros_orcos', 3, 0],
      ['jinetes_lobo', 1, 0],
      ['trolls', 1, 0],
    ],
    'undamaged survivors',
  )
  t.equal(stack(s, 'r4c3', 'E', 'arqueros')!.count, 1, 'the arquero arrives in r4c3')
  const end = ofType(r.events, 'phaseEnded')[0]!
  t.same([end.risen, end.raised], [[], []], 'W6.16 the pile has no Alzarse unit and no Levantar muertos: cleared')
  t.notOk(tribe(s, 'E').eliminated, 'W9.1 the Elfos keep units and cities')
})
