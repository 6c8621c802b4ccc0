// Appendix H, the worked battle, played through a step order and checked turn by turn.
import t from 'tap'
import { armyOf, drawBoard, mapa, open, order, system, troops, tribeOf, weekly } from './dsl.ts'

// Rojo (a, Monday) and Azul (d, Thursday) on the 2-tribe map; Azul's villages J1 (4,0) and (5,1).
const grid = `
  ?  .  .  .  .  .  .  .
  .  .  .  .  .  .  .  .
  .  .  .  .  .  .  .  .
  Pd .  .  .  .  .  .  Ma
  Jd .  .  .  .  .  .  Ja
  Md l1-pueblo@d .  .  .  .  .  Pa
  .  .  .  .  .  .  .  .
  .  .  l2-oro@d^S .  .  .  .  .
  .  ?  ?  ?  .  .  .  .`

function setUp() {
  const s = mapa(grid, { round: 6, armies: 'a 7,3 soldado=4 caballero=2 arquero=4; d 7,2 leva=6 soldado=3 arquero=3' })
  s.cells['7,2']!.guards = []
  s.armies[0]!.id = 4
  s.armies[1]!.id = 7
  tribeOf(s, 'a').hand = ['bloodlust-2']
  tribeOf(s, 'd').hand = ['escudo-5']
  tribeOf(s, 'd').plan = {
    platoons: [
      { kind: 'leva', take: 3, column: 1, tactic: 'advance' },
      { kind: 'soldado', take: 'all', column: 2, tactic: 'advance' },
      { kind: 'leva', take: 'all', column: 3, tactic: 'advance' },
      { kind: 'arquero', take: 'all', column: 0, tactic: 'shoot' },
    ],
    flee: 50,
    reactions: [{ card: 'escudo-5', entry: 1, boosters: [] }],
  }
  return open(s, 'a')
}

const attack = (s: ReturnType<typeof setUp>) =>
  order(
    s,
    'a',
    {
      type: 'step',
      army: 4,
      dir: 'W',
      plan: {
        platoons: [
          { kind: 'soldado', take: 'all', column: 2, tactic: 'advance' },
          { kind: 'caballero', take: 'all', column: 1, tactic: 'advance' },
          { kind: 'arquero', take: 'all', column: 3, tactic: 'shoot' },
        ],
        flee: 0,
      },
      cards: [{ card: 'bloodlust-2', entry: 1 }],
    },
    weekly([0, 0, 2, 1]),
  )

t.test('Appendix H: obstacles and formation (M12.7, M8.2, M8.3, M8.5, M8.6)', async (t) => {
  const { events } = attack(setUp())
  const battle = events.find((e) => e.type === 'battle')!
  t.equal(battle.type, 'battle')
  if (battle.type !== 'battle') return
  const r = battle.record
  t.same(
    r.obstacles,
    [
      [0, 1],
      [1, 1],
      [4, 1],
    ],
    'u mod 15 = 0, u mod 14 = 0, u mod 13 = 2',
  )
  t.equal(
    drawBoard(r),
    ['y=4  .   D3  D2  D1  D4', 'y=3  .   .   .   .   .', 'y=2  .   .   .   .   .', 'y=1  #   #   .   .   #', 'y=0  .   A2  A1  A3  .'].join('\n'),
    'the board of Appendix H',
  )
  t.same(
    r.platoons.map((p) => `${p.id} ${p.n} ${p.kind} hp${p.hp}`),
    ['A1 4 soldado hp2', 'A2 2 caballero hp3', 'A3 4 arquero hp1', 'D1 3 leva hp1', 'D2 3 soldado hp3', 'D3 3 leva hp1', 'D4 3 arquero hp1'],
    'D2 has hp 3 by Escudo',
  )
})

t.test('Appendix H: round 1, round 2 and the pursuit, turn by turn (M8.9–M8.14)', async (t) => {
  const { events } = attack(setUp())
  const battle = events.find((e) => e.type === 'battle')!
  if (battle.type !== 'battle') return t.fail('no battle')
  const r = battle.record
  const line = (a: (typeof r.rounds)[number][number]) =>
    `${a.platoon} ${a.path.map(([x, y]) => `(${x},${y})`).join('')}${a.target ? ` ${a.ranged ? 'shoots' : 'hits'} ${a.target} ${a.kills}` : ''}${a.counter !== undefined ? ` counter ${a.counter}` : ''}`
  t.same(r.rounds.length, 2, 'two rounds')
  t.same(r.rounds[0]!.map(line), ['A1 (2,1)', 'D1 (3,3)', 'A2 ', 'D2 (2,3)', 'A3  shoots D1 2', 'D3 (1,3)', 'D4 (4,3) shoots A3 1'], 'M8.11 round 1')
  t.same(
    r.rounds[1]!.map(line),
    ['A1 (2,2) hits D2 2 counter 1', 'D1 (3,2)', 'A2 (2,0)(2,1)', 'D2  hits A1 1 counter 1', 'A3  shoots D4 1', 'D3 (1,2) hits A1 1', 'D4 (4,2) shoots A1 1'],
    'M8.12 round 2: a counter-attack is not an attack; a marked platoon does not counter',
  )
  t.equal(r.fled, 'D', 'M8.14 Azul flees: 100 × 6 ≤ 50 × 12')
  t.same(r.pursuit!.map(line), ['A2 (2,2) hits D3 3', 'A3  shoots D4 1'], 'M13.10 the pursuit round')
  t.equal(r.result, 'attacker')
  t.same(r.killed.D, troops('leva=5 soldado=3 arquero=2'))
  t.equal(r.vp, 13, 'M8.16 5 × 1 + 3 × 2 + 2 × 1')
  t.equal(r.dice.length, 4, 'the battle drew 4 weekly values')
  t.same(r.cards, ['bloodlust-2', 'escudo-5'])
})

t.test('Appendix H: the result on the map (M8.15–M8.17, M5.9, M7.5)', async (t) => {
  const { s, events } = attack(setUp())
  const army = armyOf(s, 4)!
  t.equal(army.cell, '7,2', 'army 4 enters')
  t.same(army.troops, troops('caballero=2 arquero=3'))
  t.ok(army.tired)
  t.equal(s.cells['7,2']!.owner, 'a', 'captures the mine')
  t.notOk(armyOf(s, 7), "Azul's army 7 is removed")
  t.equal(tribeOf(s, 'a').battleVp, 13)
  t.equal(tribeOf(s, 'd').battleVp, 0, "Rojo's losses give Azul nothing")
  t.same(s.dispersed, [{ id: 1, tribe: 'd', troops: troops('leva=1 arquero=1'), from: '7,2', returns: 8 }], 'd = 2: back at the tick ending round 8')
  t.same(s.piles['2'], ['bloodlust-2'])
  t.same(s.piles['3'], ['escudo-5'])
  t.same(tribeOf(s, 'd').hand, [])
  t.same(tribeOf(s, 'd').plan!.reactions, [], 'M9.8 the fired reaction leaves the plan')
  t.ok(
    events.some((e) => e.type === 'revealed' && e.cells.map((c) => c.cell).join(' ') === '8,1 8,2 8,3'),
    'M6.4 reveals around (7,2)',
  )
  // M5.9: the group returns at (5,1), at distance 3 (J1 is at 5).
  let x = s
  for (let i = 0; i < 2; i++) x = system(x, { type: 'tick', at: 1e12 }).s
  t.equal(x.dispersed.length, 1, 'not back at the tick ending round 7')
  x = system(x, { type: 'tick', at: 1e12 }).s
  t.same(x.dispersed, [])
  const back = x.armies.find((a) => a.tribe === 'd')!
  t.equal(back.cell, '5,1')
  t.same(back.troops, troops('leva=1 arquero=1'), 'a new combat army: Azul has a free slot')
})
