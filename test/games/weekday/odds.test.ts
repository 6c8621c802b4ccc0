// The odds a page shows before an attack (#27): the four faces of the d4 worked out from R8.2–R8.3,
// held against the engine itself, every offered attack played with each face.
import t, { type Test } from 'tap'
import type { Rng } from '../../../src/engine/index.ts'
import { applyOrder, applySystem, legalOptions, type CombatEvent, type GameState, type Order } from '../../../src/engine/games/weekday/index.ts'
import { groupedOutcomes, rollOutcomes, winningRolls } from '../../../src/engine/games/weekday/odds.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { simulate } from './random-play.ts'
import { at, board, play } from './dsl.ts'

/** A d4 that shows `face` at every counter. */
const always =
  (face: number): Rng =>
  () =>
    face - 1

t.test('R8.5 golden: 5 against 3 in the open wins on every roll, with as many survivors as the roll', async (t) => {
  const outcomes = rollOutcomes(5, { defenders: 3, a: 1, d: 1 })
  t.same(
    outcomes.map((o) => [o.roll, o.result, o.attackerSurvivors, o.defenderSurvivors]),
    [
      [1, 'attacker', 1, 0],
      [2, 'attacker', 2, 0],
      [3, 'attacker', 3, 0],
      [4, 'attacker', 4, 0],
    ],
  )
  t.same(groupedOutcomes(outcomes), [{ result: 'attacker', rolls: [1, 2, 3, 4], fewest: 1, most: 4 }], 'told once: rolls 1–4 win with 1–4 left')
  t.equal(winningRolls(outcomes), 4)
})

t.test('R8.5 golden: 5 against 3 in a city (D = 8): the defender keeps 2 or 1, a 3 kills all, a 4 takes it', async (t) => {
  const outcomes = rollOutcomes(5, { defenders: 3, a: 1, d: 2 })
  t.same(groupedOutcomes(outcomes), [
    { result: 'defender', rolls: [1, 2], fewest: 1, most: 2 },
    { result: 'tie', rolls: [3], fewest: 0, most: 0 },
    { result: 'attacker', rolls: [4], fewest: 1, most: 1 },
  ])
  t.equal(winningRolls(outcomes), 1, 'one face in four takes the city')
})

t.test('R8.2 an attack that cannot win: 2 against 3 in a city loses on every roll', async (t) => {
  const outcomes = rollOutcomes(2, { defenders: 3, a: 1, d: 2 })
  t.equal(winningRolls(outcomes), 0)
  t.same(
    outcomes.map((o) => o.defenderSurvivors),
    [3, 3, 3, 2],
    'R8.3: min(−R, defenders) survive, so a 4 still costs the city one troop: the attack is offered, greyed',
  )
})

t.test('R8.2 R10.6 the ship bonus doubles the attackers before the roll is added', async (t) => {
  const outcomes = rollOutcomes(3, { defenders: 2, a: 2, d: 2 })
  t.same(
    outcomes.map((o) => [o.result, o.attackerSurvivors]),
    [
      ['attacker', 1],
      ['attacker', 2],
      ['attacker', 3],
      ['attacker', 3],
    ],
    'A = roll + 6 against D = 6: survivors are capped by the attackers (R8.3)',
  )
})

/** Every attack the options offer, at every troop count it may take, as orders. */
function offeredAttacks(state: GameState, tribe: string): { order: Order; attackers: number; info: { defenders: number; a: 1 | 2; d: 1 | 2 } }[] {
  const o = legalOptions(state, tribe)
  const out: ReturnType<typeof offeredAttacks> = []
  const counts = (max: number) => Array.from({ length: max }, (_, i) => i + 1)
  for (const army of o.armies)
    for (const move of army.moves)
      if (move.attack)
        for (const n of counts(move.maxTroops))
          out.push({ order: { type: 'move', from: army.tile, path: move.path, troops: n }, attackers: n, info: move.attack })
  for (const ship of o.ships) {
    for (const x of ship.disembark)
      if (x.attack)
        for (const n of counts(x.maxTroops)) out.push({ order: { type: 'disembark', ship: ship.id, to: x.to, troops: n }, attackers: n, info: x.attack })
    for (const x of ship.portAssault)
      for (const n of counts(x.maxTroops))
        out.push({ order: { type: 'portAssault', ship: ship.id, port: x.port, troops: n, occupy: true }, attackers: n, info: x.attack })
    for (const x of ship.board) out.push({ order: { type: 'board', ship: ship.id, target: x.target }, attackers: ship.crew, info: x.attack })
  }
  return out
}

/** Plays each offered attack of `tribe` with each face; the failures name the order and both answers. */
function agree(t: Test, state: GameState, tribe: string, kinds: Set<string>): number {
  let checked = 0
  for (const { order, attackers, info } of offeredAttacks(state, tribe)) {
    const odds = rollOutcomes(attackers, info)
    for (const face of [1, 2, 3, 4]) {
      const played = applyOrder(state, tribe, order, always(face))
      if (!played.ok) {
        t.fail(`${JSON.stringify(order)} was offered but refused: ${played.error.code}`)
        continue
      }
      const combat = played.events.find((e): e is CombatEvent => e.type === 'combat')!
      const said = odds[face - 1]!
      if (
        combat.roll !== face ||
        combat.result !== said.result ||
        combat.attackerSurvivors !== said.attackerSurvivors ||
        combat.defenderSurvivors !== said.defenderSurvivors
      )
        t.fail(`${JSON.stringify(order)} roll ${face}: the engine says ${JSON.stringify(combat)}, the odds ${JSON.stringify(said)}`)
      checked++
      kinds.add(combat.kind)
    }
  }
  return checked
}

t.test('R8.2 R8.3 R8.4 the odds of every offered attack are the engine’s: each of the four rolls played through applyOrder', async (t) => {
  let checked = 0
  const kinds = new Set<string>()
  for (const [mapId, seed] of [
    ['coast-3', 5],
    ['coast-3', 9],
    ['coast-3', 21],
    ['coast-4', 3],
    ['coast-5', 8],
  ] as const) {
    const map = bundledMap(mapId)
    if (!map) throw new Error(`no bundled map ${mapId}`)
    let state = simulate(map, seed, 4, 20).state
    for (const tribe of state.tribes) {
      if (tribe.eliminated || state.status !== 'running') continue
      const opened = applySystem(state, { type: 'openWindow', tribe: tribe.id }, hmacRng)
      if (!opened.ok) continue
      state = opened.state
      checked += agree(t, state, tribe.id, kinds)
      const closed = applySystem(state, { type: 'closeWindow', tribe: tribe.id }, hmacRng)
      if (closed.ok) state = closed.state
    }
  }
  // R10.4 R10.6 R10.7: a ship beside a port, a ship and a shore, which random weeks seldom reach.
  const harbour = board(`
  a3  A   .   B2  .
    ~a2 ~   ~   ~   ~
  ~a0 ~   ~b1 ~   B
`)
  const sailed = play(harbour, [['a', { type: 'shipMove', ship: 's1', to: at(2, 1) }]]).state
  checked += agree(t, sailed, 'a', kinds)
  t.ok(checked >= 100, `${checked} attack rolls played, every one as the odds said`)
  t.same([...kinds].sort(), ['boarding', 'disembark', 'land', 'portAssault'], 'every kind of fight checked')
})
