// M8: the battle's steps that the board tests do not reach — each platoon as formation and the
// guards' formation make it, the start a battle keeps, and a search walled in on every side.
import t from 'tap'
import { fight, formation, guardFormation } from '../../../src/engine/games/elmapa/battle.ts'
import { arena, lines, troops } from './dsl.ts'

// 4 levas, 1 soldado and 2 arqueros under a plan that names levas and the soldado only.
const army = troops('leva=4 soldado=1 arquero=2')
const plan = {
  platoons: [
    { kind: 'leva' as const, take: 3, column: 0, tactic: 'hold' as const },
    { kind: 'soldado' as const, take: 'all' as const, column: 4, tactic: 'advance' as const },
  ],
  flee: 0,
}

t.test('M8.6 M8.3 formation: each platoon field by field, the leftover arqueros with no plan entry', async (t) => {
  // A card names a plan entry (M8.6): a platoon that no entry made must answer none, and no
  // platoon has been attacked in a round before the battle starts (M8.9).
  const platoon = (id: string, kind: string, n: number, tactic: string, hp: number, entries: number[], x: number, y: number) => ({
    kind,
    n,
    tactic,
    hp,
    move: 1,
    lust: 0,
    aim: 0,
    entries,
    mark: false,
    id,
    num: Number(id[1]),
    side: id[0],
    x,
    y,
  })
  t.strictSame(
    formation(army, plan, 'A'),
    [platoon('A1', 'leva', 4, 'hold', 1, [0], 0, 0), platoon('A2', 'soldado', 1, 'advance', 2, [1], 4, 0), platoon('A3', 'arquero', 2, 'shoot', 1, [], 2, 0)],
    'the fourth leva joins A1; the arqueros take column 2 with their default tactic',
  )
  t.strictSame(
    formation(army, plan, 'D'),
    [platoon('D1', 'leva', 4, 'hold', 1, [0], 4, 4), platoon('D2', 'soldado', 1, 'advance', 2, [1], 0, 4), platoon('D3', 'arquero', 2, 'shoot', 1, [], 2, 4)],
    'the defender stands on y = 4, column c at x = 4 − c',
  )
})

t.test('M8.7 M13.8 guards: one platoon per guard at columns 2, 1, 3, 0, made by no plan entry', async (t) => {
  const guards = guardFormation([
    { kind: 'soldado', n: 2 },
    { kind: 'leva', n: 3 },
    { kind: 'arquero', n: 1 },
    { kind: 'caballero', n: 1 },
  ])
  t.same(
    guards.map((p) => `${p.id} ${p.n} ${p.kind} (${p.x},${p.y}) ${p.tactic} move ${p.move}`),
    ['D1 2 soldado (2,4) advance move 1', 'D2 3 leva (3,4) advance move 1', 'D3 1 arquero (1,4) shoot move 1', 'D4 1 caballero (4,4) advance move 2'],
  )
  t.strictSame(
    guards.map((p) => [p.num, p.entries, p.mark, p.lust, p.aim]),
    [
      [1, [], false, 0, 0],
      [2, [], false, 0, 0],
      [3, [], false, 0, 0],
      [4, [], false, 0, 0],
    ],
    'no entry, no mark, no card',
  )
})

t.test('M8.18 the battle keeps its start: the platoons as formed, with their plan entries, whatever the fight did', async (t) => {
  const attackers = formation(army, plan, 'A')
  const defenders = guardFormation([{ kind: 'leva', n: 2 }])
  const out = fight({ attackers, defenders, attackerFlee: 0, defenderFlee: 0, defenderStays: true, obstacles: false, draw: () => 0 })
  t.equal(out.result, 'attacker', 'the arqueros shoot the 2 guarding levas')
  t.same(out.rounds.map(lines), [
    ['A1', 'D1 (2,3)', 'A2 (4,1)', 'A3 shoots D1 1'],
    ['A1', 'D1 (2,2)', 'A2 (4,2)', 'A3 shoots D1 1'],
  ])
  t.strictSame(
    out.start.map((p) => ({ id: p.id, n: p.n, x: p.x, y: p.y, entries: p.entries, mark: p.mark })),
    [
      { id: 'A1', n: 4, x: 0, y: 0, entries: [0], mark: false },
      { id: 'A2', n: 1, x: 4, y: 0, entries: [1], mark: false },
      { id: 'A3', n: 2, x: 2, y: 0, entries: [], mark: false },
      { id: 'D1', n: 2, x: 2, y: 4, entries: [], mark: false },
    ],
  )
  t.same(
    out.platoons.map((p) => `${p.id} ${p.n} (${p.x},${p.y})`),
    ['A1 4 (0,0)', 'A2 1 (4,2)', 'A3 2 (2,0)', 'D1 0 (2,2)'],
    'while the platoons themselves moved and died',
  )
})

t.test('M8.11 M13.3 a platoon walled in by an obstacle and its own side stays, though a cell it cannot reach is a goal', async (t) => {
  // (0,0) is next to D1, so it belongs to G1 and G2 for A1; the search must stop when its queue
  // is empty rather than look past its end.
  const out = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 D1=1l:h  .  #  #  #
    y=0 .  .  .  A2=1s:h  A1=1l`)
  t.same(lines(out.rounds[0]!), ['A1', 'D1', 'A2'], 'nobody moves, nobody can hit')
  t.same([out.rounds.length, out.result, out.platoons.find((p) => p.id === 'A1')!.x], [10, 'standoff', 4])
})
