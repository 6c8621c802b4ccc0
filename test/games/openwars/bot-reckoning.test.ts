// #50: how Open Wars' bot reckons a board before it picks (bot.ts): what a location is worth to
// the score (W9.5), a side's strength in a battle there (W6.6, W6.11, murallas), the army value
// a won battle takes from the others, each location's steps to land not held, the neighbours on
// a band that wraps (W2.2), and a capital threatened from within 3. The board is BATTLE_MAP:
//
//   r1  ag1    ag1   ag1   ag1
//   r2  ci0:A  ll1   ll1   ci0:B
//   r3  bo1    mo1   de1   ll1
//   r4  ll1    ll1   ll1   ll1
import t from 'tap'
import { around, distances, enemyValue, strength, threatened, worth } from '../../../src/engine/games/openwars/bot.ts'
import { board } from '../../../src/engine/games/openwars/views.ts'
import type { OpenState } from '../../../src/engine/games/openwars/types.ts'
import { BATTLE_MAP, world } from './dsl.ts'

const stateOf = (stacks = '', wrap = false) => world(BATTLE_MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks, wrap })
const boardOf = (s: OpenState) => board(s, 'A')
const cell = (s: OpenState, id: string) => boardOf(s).cells.find((c) => c.id === id)!

t.test('W9.5 a ciudad is worth 3 to the score, any other location 1', async (t) => {
  const s = stateOf()
  t.same([worth(cell(s, 'r2c1')), worth(cell(s, 'r2c2')), worth(cell(s, 'r1c1'))], [3, 1, 1])
})

t.test("W6.6 W6.11 a side's strength: units times their chance to hit times their hit points; murallas help their holder", async (t) => {
  const s = stateOf('r2c2 A 3 guerreros_orcos\nr2c2 B 2 exploradores\nr2c1 A 2 goblins\nr2c4 A 3 goblins')
  const mine = (tribe: string) => tribe === 'A'
  const theirs = (tribe: string) => tribe !== 'A'
  t.equal(strength(cell(s, 'r2c2'), mine), 2, '3 guerreros orcos hit on 4 of 6: 3 × 4/6 × 1')
  t.equal(strength(cell(s, 'r2c2'), theirs), 2 / 3, '2 exploradores hit on 2 of 6')
  t.equal(strength(cell(s, 'r2c1'), mine), 1, "A's own capital: murallas add 1, 2 goblins hit on 3 of 6")
  t.equal(strength(cell(s, 'r2c4'), mine), 1, "in B's capital the walls are B's: 3 goblins hit on 2 of 6")
  t.equal(strength(cell(s, 'r3c1'), mine), 0, 'nobody there')
})

t.test('the army value a won battle takes from the others', async (t) => {
  const s = stateOf('r2c3 B 2 exploradores\nr2c3 A 1 goblins')
  t.equal(enemyValue(cell(s, 'r2c3'), 'A'), 18, "2 exploradores of 9 each; A's own goblin not counted")
  t.equal(enemyValue(cell(s, 'r2c3'), 'B'), 8)
})

t.test('W2.2 the neighbours of a location, a band that wraps joining its ends', async (t) => {
  const flat = boardOf(stateOf())
  t.same(around(flat, 'r1c1'), ['r2c1', 'r1c2'])
  t.same(around(flat, 'r2c2'), ['r1c2', 'r3c2', 'r2c1', 'r2c3'])
  t.same(around(flat, 'r4c4'), ['r3c4', 'r4c3'])
  const band = boardOf(stateOf('', true))
  t.same(around(band, 'r2c1'), ['r1c1', 'r3c1', 'r2c4', 'r2c2'])
  t.same(around(band, 'r3c4'), ['r2c4', 'r4c4', 'r3c3', 'r3c1'])
})

t.test('steps from each location to the nearest one the tribe does not hold', async (t) => {
  const s = stateOf()
  for (const id of ['r1c1', 'r2c2', 'r3c1']) s.cells[id]!.controller = 'A'
  const dist = distances(boardOf(s), 'A')
  t.same(
    ['r2c1', 'r2c2', 'r1c1', 'r3c1', 'r2c3', 'r2c4'].map((id) => dist.get(id)),
    [2, 1, 1, 1, 0, 0],
    "A's capital is two steps from land it does not hold; what it does not hold is 0",
  )
  t.equal(dist.size, 16, 'every location has its distance')
})

t.test("W2.9 a capital is threatened by another tribe's units within the distance, its own never", async (t) => {
  const b = boardOf(stateOf('r2c4 B 1 exploradores\nr3c2 A 5 goblins'))
  t.equal(threatened(b, 'A', 'r2c1', 3), true, 'B at 3 steps')
  t.equal(threatened(b, 'A', 'r2c1', 2), false, 'not within 2')
  t.equal(threatened(b, 'B', 'r2c4', 1), false, "A's goblins are 3 steps from B's capital")
  t.equal(threatened(b, 'B', 'r2c4', 3), true)
  const band = boardOf(stateOf('r2c4 B 1 exploradores', true))
  t.equal(threatened(band, 'A', 'r2c1', 1), true, 'on a band, the two ends touch')
})
