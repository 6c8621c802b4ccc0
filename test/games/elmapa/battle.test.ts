// M8: the battle board, rule by rule, on boards drawn in the test language.
import t from 'tap'
import { applyCards, defaultPlan, formation } from '../../../src/engine/games/elmapa/battle.ts'
import { TROOPS } from '../../../src/engine/games/elmapa/catalogue.ts'
import { arena, lines, troops } from './dsl.ts'

const ids = (ps: ReturnType<typeof formation>) => ps.map((p) => `${p.id} ${p.n}${p.kind[0]} x${p.x} ${p.tactic}`)

t.test('M8.6 formation: takes, leftovers, new platoons and the no-column merge (M13.7)', async (t) => {
  const plan = {
    platoons: [
      { kind: 'leva' as const, take: 2, column: 0, tactic: 'hold' as const },
      { kind: 'soldado' as const, take: 5, column: 4, tactic: 'advance' as const },
      { kind: 'caballero' as const, take: 'all' as const, column: 1, tactic: 'advance' as const },
    ],
    flee: 0,
  }
  t.same(
    ids(formation(troops('leva=5 soldado=3 arquero=2'), plan, 'A')),
    ['A1 5l x0 hold', 'A2 3s x4 advance', 'A3 2a x2 shoot'],
    'an entry with no troops makes no platoon; leftovers join the first of their kind; a new kind takes column 2',
  )
  t.same(ids(formation(troops('leva=2'), plan, 'D')), ['D1 2l x4 hold'], 'M8.3 the defender’s column 0 is x = 4')
  const five = {
    platoons: [0, 1, 2, 3, 4].map((c) => ({ kind: c < 3 ? ('leva' as const) : ('soldado' as const), take: 1, column: c, tactic: 'advance' as const })),
    flee: 0,
  }
  const f = formation(troops('leva=3 soldado=2 caballero=4'), five, 'A')
  t.same(
    ids(f),
    ['A1 1l x0 advance', 'A2 1l x1 advance', 'A3 1l x2 advance', 'A4 2s x3 advance', 'A5 4c x4 advance'],
    'M13.7 the last platoon whose kind has another (A5 soldado) joins the first soldado; caballeros take its column',
  )
  t.same(f[3]!.entries, [3, 4], 'M8.6 a card on the merged entry acts on the platoon it joined')
})

t.test('M8.7 M13.2 the default plan: soldado, caballero, leva, arquero at columns 2, 1, 3, 0', async (t) => {
  t.same(defaultPlan(troops('leva=1')).platoons, [{ kind: 'leva', take: 'all', column: 2, tactic: 'advance' }], 'a lone leva stands at column 2')
  t.same(
    defaultPlan(troops('leva=1 soldado=1 arquero=1 caballero=1')).platoons.map((e) => `${e.kind} ${e.column} ${e.tactic}`),
    ['soldado 2 advance', 'caballero 1 advance', 'leva 3 advance', 'arquero 0 shoot'],
  )
  t.equal(defaultPlan(troops('leva=1')).flee, 0)
})

t.test('M8.19 M8.8 M8.10 5 levas kill 2 soldados, 5 arqueros, 5 levas, 1 caballero', async (t) => {
  for (const [kind, dead] of [
    ['s', 2],
    ['a', 5],
    ['l', 5],
    ['c', 1],
  ] as const) {
    const out = arena(`
      y=4 .  .  .  .  .
      y=3 .  .  .  .  .
      y=2 .  .  .  .  .
      y=1 .  .  D1=9${kind}:h .  .
      y=0 .  .  A1=5l:h  .  .`)
    t.equal(out.rounds[0]![0]!.kills, dead, `5 levas against ${kind}: ${dead}`)
  }
})

t.test('App. D examples: Escudo and the arqueros’ range (M8.13, M13.5)', async (t) => {
  const shield = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  D1=5s:h+1hp .  .
    y=0 .  .  A1=4s:h  .  .`)
  t.equal(shield.rounds[0]![0]!.kills, 2, '4 soldados kill 2 soldados with Escudo (hp 3)')
  for (const [y, dead] of [
    [2, 3],
    [3, 1],
    [4, 1],
  ] as const) {
    const rowsFor = (yy: number) => (yy === y ? 'D1=9l:h' : '.')
    const out = arena(`
      y=4 . . ${rowsFor(4)} . .
      y=3 . . ${rowsFor(3)} . .
      y=2 . . ${rowsFor(2)} . .
      y=1 . . . . .
      y=0 . . A1=3a:h . .`)
    t.same(lines(out.rounds[0]!.slice(0, 1)), [`A1 shoots D1 ${dead}`], `3 arqueros at distance ${y}: ${dead}`)
  }
})

t.test('M8.10 the best option: value, kills, ranged first, kind, fewer troops, id', async (t) => {
  const value = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  D1=9l:h  .  .  .
    y=0 D2=2s:h  A1=4s:h  .  .  .`)
  t.same(lines(value.rounds[0]!.slice(0, 1)), ['A1 hits D1 8 counter 0'], '8 levas (value 8) before 2 soldados (value 4)')
  const kinds = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  D1=1l:h  .  .  .
    y=1 D2=1a:h  A1=1s:h  D3=1l:h  .  .
    y=0 .  .  .  .  .`)
  t.same(lines(kinds.rounds[0]!.slice(0, 1)), ['A1 hits D2 1'], 'equal value and kills: arquero before leva')
  const fewer = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  D3=1l:h  .  .  .
    y=1 D1=3l:h  A1=1l:h  D2=1l:h  .  .
    y=0 .  .  .  .  .`)
  t.same(lines(fewer.rounds[0]!.slice(0, 1)), ['A1 hits D2 1'], 'fewer target troops, then the lower id')
  const ranged = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  D2=1l:h  .  .  .
    y=1 .  D1=1l:h  .  .  .
    y=0 .  A1=1a:h  .  .  .`)
  t.same(lines(ranged.rounds[0]!.slice(0, 1)), ['A1 shoots D2 1'], 'ranged before melee at equal value')
})

t.test('M8.11 hold never moves; M13.3 a platoon next to an enemy it cannot hurt stays', async (t) => {
  const hold = arena(`
    y=4 .  .  D1=1l:h  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 .  .  A1=1l:h  .  .`)
  t.equal(hold.result, 'standoff', 'M8.14 after round 10, a stand-off')
  t.equal(hold.rounds.length, 10)
  const stuck = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  D1=9c:h  .  .
    y=0 .  .  A1=1l  .  .`)
  t.same(lines(stuck.rounds[0]!), ['A1', 'D1 hits A1 1'], 'the leva (1 damage) cannot hurt caballeros (hp 3): it stays')
})

t.test('M8.12 counter-attacks: once per round, arqueros with damage 1', async (t) => {
  const archers = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  D1=4a:h  .  .
    y=0 .  .  A1=2l:h  .  .`)
  t.same(lines(archers.rounds[0]!), ['A1 hits D1 2 counter 2'], 'the 2 arqueros left kill 2 levas')
  const twice = arena(`
    y=4 .  .  .  .  D1=1l:h
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  A2=1s:h  D2=9l:h  .  .
    y=0 .  .  A1=1s:h  .  .`)
  t.same(lines(twice.rounds[0]!), ['A1 hits D2 2 counter 1', 'D1', 'A2 hits D2 2', 'D2 hits A2 1'], 'the second melee of the round draws no counter')
})

t.test('M8.14 flight: attacker first; M13.4 M13.10 the defender then pursues; neutrals never flee', async (t) => {
  const out = arena(
    `
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  D1=4s:h  .  .
    y=0 .  .  A1=2l:h  .  A2=2l:h`,
    { attackerFlee: 50, defenderFlee: 100 },
  )
  t.equal(out.fled, 'A', 'the attacker lost half and flees; the defender’s check is not made')
  t.equal(out.result, 'defender')
  t.same(lines(out.pursuit!), ['D1'], 'the pursuit: the defender acts once')
  const far = `
    y=4 .  .  .  .  D1=2l:h
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 A1=3l:h  .  .  .  .`
  const stays = arena(far, { defenderFlee: 100, stays: true })
  t.same([stays.fled, stays.result, stays.rounds.length], [null, 'standoff', 10], 'neutrals and a tribe at its own village never flee')
  const flees = arena(far, { defenderFlee: 100 })
  t.same([flees.fled, flees.result, flees.rounds.length], ['D', 'attacker', 1], 'flee 100 flees at the first round’s end')
})

t.test('M8.4 obstacles block moves; M8.13 shots pass over them', async (t) => {
  const out = arena(`
    y=4 .  .  D1=1l:h  .  .
    y=3 .  #  #  #  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 .  .  A1=2a  .  .`)
  t.same(out.obstacles, [
    [1, 3],
    [2, 3],
    [3, 3],
  ])
  t.same(lines(out.rounds[0]!), ['A1 (2,1) shoots D1 1'], 'G0 first: one step brings the leva within range 3')
})

t.test('M9.9 BloodLust and Puntería double the first attack only (M13.6); Velocidad adds moves', async (t) => {
  const lust = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  D1=9l:h  .  .
    y=0 .  .  A1=2s:h!  .  .`)
  t.same([lust.rounds[0]![0]!.kills, lust.rounds[1]![0]!.kills], [8, 1], '2 × 2 × 2 = 8, then no more doubling')
  const aim = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  D1=9l:h  .  .
    y=1 .  .  .  .  .
    y=0 .  .  A1=2a:h*  .  .`)
  t.same([aim.rounds[0]![0]!.kills, aim.rounds[1]![0]!.kills], [4, 2], 'Puntería: 4, then 2')
  const quick = arena(`
    y=4 .  .  D1=9l:h  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 .  .  A1=2s+2mv  .  .`)
  t.same(lines(quick.rounds[0]!.slice(0, 1)), ['A1 (2,1)(2,2)(2,3) hits D1 4 counter 2'], 'Velocidad +2: 3 steps')
})

t.test('M8.6 M13.7 no free column: a last platoon of a lone kind does not make room', async (t) => {
  const plan = {
    platoons: (['leva', 'soldado', 'leva', 'soldado', 'arquero'] as const).map((kind, c) => ({ kind, take: 1, column: c, tactic: TROOPS[kind].tactic })),
    flee: 0,
  }
  t.same(
    ids(formation(troops('leva=2 soldado=2 arquero=1 caballero=2'), plan, 'A')),
    ['A1 1l x0 advance', 'A2 2s x1 advance', 'A3 1l x2 advance', 'A4 1a x4 shoot', 'A5 2c x3 advance'],
    'the arqueros (A5, alone of their kind) stay; the second soldado joins the first and the caballeros take column 3',
  )
})

t.test('M9.9 M13.6 combat cards on their platoons: Escudo 1 + s hp, Velocidad 1 + s moves, BloodLust, Puntería', async (t) => {
  const plan = defaultPlan(troops('soldado=2 arquero=3'))
  const ps = formation(troops('soldado=2 arquero=3'), plan, 'A')
  applyCards(ps, [
    { card: 'escudo-1', entry: 0, boosters: ['pies-1', 'pies-2', 'pies-3', 'pies-4', 'pies-5', 'pies-6'] },
    { card: 'velocidad-1', entry: 0, boosters: ['vision-1', 'vision-2'] },
    { card: 'bloodlust-1', entry: 0 },
    { card: 'punteria-1', entry: 1 },
    { card: 'escudo-2', entry: 1 },
    { card: 'velocidad-2', entry: 1 },
  ])
  t.same(
    ps.map((p) => `${p.kind} hp ${p.hp} move ${p.move} lust ${p.lust} aim ${p.aim}`),
    ['soldado hp 4 move 3 lust 1 aim 0', 'arquero hp 2 move 2 lust 0 aim 1'],
    'Escudo with 6 boosters (k = 6) adds 2 hp, with none 1; Velocidad with 2 boosters (k = 2) adds 2 moves, with none 1',
  )
})

t.test('M8.3 M8.11 the search’s direction order: N, E, W, S for the attacker; S, W, E, N for the defender', async (t) => {
  const first = (board: string) => lines(arena(board).rounds[0]!)
  t.same(
    first(`
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 D1=1l:h  .  A1=1l  .  D2=1l:h`).slice(0, 1),
    ['A1 (3,0) hits D2 1'],
    'the attacker: east before west',
  )
  const west = `
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 D1=1l:h  .  A1=1l  .  .`
  t.same(first(west), ['A1 (1,0) hits D1 1'], 'the attacker steps west')
  const south = `
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  A1=1l  .  .
    y=1 .  .  .  .  .
    y=0 .  .  D1=1l:h  .  .`
  t.same(first(south), ['A1 (2,1) hits D1 1'], 'the attacker steps back (south)')
  const dWest = `
    y=4 A1=1l:h  .  D1=1l  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 .  .  .  .  .`
  t.same(first(dWest), ['A1', 'D1 (1,4) hits A1 1'], 'the defender steps west')
  const dNorth = `
    y=4 .  .  .  .  .
    y=3 .  .  A1=1l:h  .  .
    y=2 .  .  .  .  .
    y=1 .  .  D1=1l  .  .
    y=0 .  .  .  .  .`
  t.same(first(dNorth), ['A1', 'D1 (2,2) hits A1 1'], 'the defender steps back (north)')
})

t.test('M8.2 M8.11 column x = 0 and row y = 4 are cells of the board', async (t) => {
  const x0 = arena(`
    y=4 D1=1l:h  .  .  .  .
    y=3 .  .  .  .  .
    y=2 A1=1l  .  .  .  .
    y=1 .  .  .  .  .
    y=0 .  .  .  .  .`)
  t.same(lines(x0.rounds[0]!), ['A1 (0,3) hits D1 1'])
  const y4 = arena(`
    y=4 .  .  .  D1=1l:h  .
    y=3 .  .  A1=1l  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 .  .  .  .  .`)
  t.same(lines(y4.rounds[0]!), ['A1 (2,4) hits D1 1'], 'north first: (2,4) is next to D1')
})

t.test('M8.11 advance: G1, next to an enemy it can validly hit, before G2, next to any enemy', async (t) => {
  // D1, 9 caballeros, is one step nearer (north) than D2 (east), but only D2 can be hurt.
  for (const [a, d, line, why] of [
    ['1l', '1l', 'A1 (3,0) hits D2 1', 'a leva kills a leva: G1 is next to D2'],
    ['1s', '1s', 'A1 (3,0) hits D2 1', 'M8.10 1 soldado kills ⌊1 × 2 / 2⌋ = 1 soldado'],
    ['1l!', '1s', 'A1 (3,0) hits D2 1', 'M9.9 BloodLust: ⌊1 × 1 × 2 / 2⌋ = 1 soldado'],
    ['1l', '1s', 'A1 (2,1)', 'without BloodLust a leva kills no soldado: G1 is empty, G2 is next to D1'],
  ] as const) {
    const out = arena(`
      y=4 .  .  .  .  .
      y=3 .  .  .  .  .
      y=2 .  .  D1=9c:h  .  .
      y=1 .  .  .  .  .
      y=0 .  .  A1=${a}  .  D2=${d}:h`)
    t.same(lines(out.rounds[0]!.slice(0, 1)), [line], why)
  }
  const g2 = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  D1=9c:h  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  .
    y=0 .  .  A1=1l  .  .`)
  t.same(lines(g2.rounds[0]!), ['A1 (2,1)', 'D1'], 'G2: the leva walks toward caballeros it cannot hurt')
  const dead = arena(`
    y=4 .  .  .  .  .
    y=3 .  .  D1=9c:h  .  .
    y=2 .  .  .  .  .
    y=1 .  .  .  .  A1=1s:h
    y=0 .  .  A2=1l  .  D2=1l:h`)
  t.same(lines(dead.rounds[0]!), ['A1 hits D2 1', 'D1', 'A2 (2,1)'], 'M8.15 a platoon wiped out (D2) is no enemy: A2 heads for D1')
})

t.test('M8.11 shoot: G0, cells at distance 2 to 4 with a valid shot (M8.13), before G1 and G2', async (t) => {
  for (const [board, line, why] of [
    [
      `y=4 .  .  .  D1=9l:h  .
       y=3 .  .  .  .  .
       y=2 .  .  .  .  .
       y=1 .  .  .  .  .
       y=0 .  .  A1=8a+1mv  .  .`,
      'A1 (2,1) shoots D1 2',
      'distance 5 is out of range; one step reaches distance 4: ⌊8 / 3⌋',
    ],
    [
      `y=4 .  .  .  .  .
       y=3 .  .  .  D1=9l:h  .
       y=2 .  .  .  .  .
       y=1 .  .  .  .  .
       y=0 .  .  A1=1a+1mv*  .  .`,
      'A1 (2,1) shoots D1 1',
      'M9.9 with Puntería one arquero kills ⌊1 × 2 / 2⌋ = 1 at distance 3',
    ],
    [
      `y=4 .  .  .  .  .
       y=3 .  .  D2=1l:h  .  .
       y=2 .  .  .  .  .
       y=1 .  .  .  .  .
       y=0 .  .  A1=1a  D1=9c:h  .`,
      'A1 (2,1) shoots D2 1',
      'a cell next to an enemy is no G0 cell',
    ],
    [
      `y=4 .  .  .  .  .
       y=3 D2=1l:h  .  .  .  .
       y=2 .  .  .  .  .
       y=1 .  .  .  .  .
       y=0 .  .  A1=1a!  .  D1=1s:h`,
      'A1 (2,1)',
      'G0 before G1: toward a shot at D2, not next to D1 (BloodLust would kill a soldado)',
    ],
    [
      `y=4 .  .  .  .  .
       y=3 .  D1=1l:h  .  .  .
       y=2 .  .  .  .  .
       y=1 .  .  .  .  .
       y=0 .  A1=1a:a+1mv  .  .  .`,
      'A1 (1,1)(1,2) hits D1 1',
      'arqueros on advance skip G0 and walk to G1',
    ],
  ] as const)
    t.same(lines(arena(board).rounds[0]!.slice(0, 1)), [line], why)
})

t.test('M8.10 M13.5 value (kills × level) before kills', async (t) => {
  for (const [c, l] of [
    ['D1', 'D2'],
    ['D2', 'D1'],
  ]) {
    const out = arena(`
      y=4 .  .  .  .  .
      y=3 .  .  .  .  .
      y=2 .  .  .  .  .
      y=1 .  ${c}=9c:h  .  .  .
      y=0 ${l}=9l:h  A1=6s:h  .  .  .`)
    t.same(lines(out.rounds[0]!.slice(0, 1)), [`A1 hits ${c} 4 counter 5`], '4 caballeros (value 12) before 9 levas (value 9)')
  }
})

t.test('M8.14 flight: flee 1; no counter-attack in the pursuit; M8.15 it ends when the fled side is gone', async (t) => {
  const one = arena(
    `
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 D1=99a:h  .  .  .  .
    y=1 .  .  .  .  .
    y=0 A1=99l:h  .  .  .  A2=1l:h`,
    { attackerFlee: 1 },
  )
  t.same([one.fled, one.result], ['A', 'defender'], 'flee 1: 100 × 1 ≤ 1 × 100')
  const pursue = (d2: string) =>
    arena(
      `
    y=4 .  .  .  .  .
    y=3 .  .  .  .  ${d2}
    y=2 .  .  D1=2a:h  .  .
    y=1 .  .  .  .  .
    y=0 .  .  A1=2l:h  .  A2=2l:h`,
      { attackerFlee: 50 },
    )
  const hit = pursue('D2=1l')
  t.same(lines(hit.rounds[0]!), ['A1', 'D1 shoots A1 2', 'A2', 'D2 (4,2)'])
  t.same(lines(hit.pursuit!), ['D1', 'D2 (4,1) hits A2 1'], 'the fleeing A2 does not counter-attack')
  const gone = arena(
    `
    y=4 .  .  .  .  D3=1l:h
    y=3 .  .  .  .  D2=2l
    y=2 .  .  D1=2a:h  .  .
    y=1 .  .  .  .  .
    y=0 .  .  A1=2l:h  .  A2=2l:h`,
    { attackerFlee: 50 },
  )
  t.same(lines(gone.pursuit!), ['D1', 'D2 (4,1) hits A2 2'], 'D3 does not act: the fled side is gone')
  const wiped = arena(
    `
    y=4 .  .  .  .  .
    y=3 .  .  .  .  .
    y=2 .  .  .  .  .
    y=1 .  .  D1=1l:h  .  .
    y=0 .  .  A1=1s:h  .  .`,
    { defenderFlee: 100 },
  )
  t.same([wiped.fled, wiped.pursuit, wiped.result], [null, null, 'attacker'], 'a side wiped out has not fled: no flee check, no pursuit')
})
