// #50: how the weekday game's bot reckons a board before it picks (bot.ts): hex distances (R1.1),
// the strongest attack the other tribes can bring to a tile before its next window (R7.3, R5.4,
// R10.6), the garrison a city needs against it (R8.2), the neutral land next to a tile (R7.5), an
// attack's worth over the d4's four faces (R8.3), a move's worth, a draft pick's (R3.2, R6.2),
// and the pick among plans. Boards in the engine tests' language (test/games/weekday/board.ts).
import t from 'tap'
import { attackWorth, best, CITY, distance, draftWorth, lookAt, moveWorth, TILE, TROOP, weekdayBot } from '../../../src/engine/games/weekday/bot.ts'
import { weeklyTurn, type GameState, type Order } from '../../../src/engine/games/weekday/index.ts'
import { rollOutcomes } from '../../../src/engine/games/weekday/odds.ts'
import type { MoveOption } from '../../../src/engine/games/weekday/options.ts'
import { sightOf } from '../../../src/engine/index.ts'
import { at, board } from './dsl.ts'

type Sight = Parameters<typeof weekdayBot.choose>[0]
const sight = (s: GameState, tribe = 'a', given = 0) => sightOf(weeklyTurn, s, tribe, given) as Sight
const lookOf = (s: GameState, tribe = 'a') => lookAt(sight(s, tribe))
const step = (to: string, claims: string[] = [], attack?: MoveOption['attack']): MoveOption => ({
  to,
  path: [to],
  mp: 1,
  maxTroops: 9,
  effect: attack ? 'attack' : 'move',
  claims,
  city: false,
  ...(attack ? { attack } : {}),
})

t.test('R1.1 the distance between two hexes, by their axial coordinates', async (t) => {
  t.same(
    [
      distance({ q: 0, r: 0 }, { q: 0, r: 0 }),
      distance({ q: 0, r: 0 }, { q: 3, r: 0 }),
      distance({ q: 0, r: 0 }, { q: 0, r: 2 }),
      distance({ q: 0, r: 0 }, { q: 1, r: 1 }),
      distance({ q: 2, r: 0 }, { q: 0, r: 2 }),
      distance({ q: -1, r: 3 }, { q: 1, r: 0 }),
    ],
    [0, 3, 2, 2, 2, 3],
  )
})

t.test('R7.3 R8.2 the threat to a tile: a rival army within 2, all its troops; the garrison that beats it', async (t) => {
  //   A3 . b5 . . B      b's 5 troops, 2 tiles from A
  const look = lookOf(board('A3 . b5 . . B'))
  t.equal(look.threat(at(0, 0)), 5)
  t.equal(look.garrison(at(0, 0)), 4, '2 × 4 + 2 ≥ 5 + 4 (R8.2), and 3 would not do')
  t.equal(look.threat(at(1, 0)), 5, 'the tile between')
  const far = lookOf(board('A3 . . b5 . B'))
  t.equal(far.threat(at(0, 0)), 0, '3 tiles away: beyond an army’s reach')
  t.equal(far.threat(at(1, 0)), 5, 'one tile nearer: within it')
})

t.test('R5.4 a rival city within 2 threatens with its army and what it may recruit; R10.6 a crewed ship a port, its crew double', async (t) => {
  t.equal(lookOf(board('A3 . B2 . .')).threat(at(0, 0)), 2 + 2, 'B’s 2 troops and 2 it may recruit')
  t.equal(lookOf(board('A3 . B . .')).threat(at(0, 0)), 2, 'an empty city may recruit 2')
  t.equal(lookOf(board('A3 . . B . .')).threat(at(0, 0)), 0, 'a city 3 tiles away does not')
  t.equal(lookOf(board('A3 ~ ~ ~ ~b3 . B')).threat(at(0, 0)), 6, 'b’s ship of 3, 4 hexes from the port A')
  t.equal(lookOf(board('A3 ~ ~ ~ ~ ~b3 B')).threat(at(0, 0)), 0, 'a ship 5 hexes away does not')
  t.equal(lookOf(board('a3 ~b3 . B . .')).threat(at(0, 0)), 0, 'nor a ship by land that is no port')
  t.equal(lookOf(board('A3 ~ ~ ~a3 . . B')).threat(at(0, 0)), 0, 'nor its own ship')
})

t.test('R7.5 the open land next to a tile: neutral, land, with no army on it; how far the nearest rival city is', async (t) => {
  const look = lookOf(
    board(`
      A3 .  .2 .  B
       .  b  ~  .  .
    `),
  )
  t.equal(look.open(at(0, 0)), 2, 'right and below; the sea and b’s land do not count')
  t.equal(look.open(at(1, 0)), 1, 'the tile with 2 neutral troops is no open land')
  t.same([look.toRival(at(0, 0)), look.toRival(at(3, 0)), look.toRival(at(4, 0))], [4, 1, 0])
  t.equal(lookOf(board('A3 . . . .')).toRival(at(0, 0)), 99, 'no rival city: as far as can be')
})

t.test('R8.3 an attack is worth the prize on the faces it wins, and the troops each side loses, over the four faces', async (t) => {
  const s = board('A2 . . a5 B1 .')
  const look = lookOf(s)
  const attack = { defender: 'b', defenders: 1, a: 1 as const, d: 2 as const }
  const faces = rollOutcomes(5, attack)
  const expected =
    faces.reduce((sum, face) => sum + (face.result === 'attacker' ? CITY * 1.5 : 0) + (1 - face.defenderSurvivors - (5 - face.attackerSurvivors)) * TROOP, 0) /
    4
  t.equal(attackWorth(look, 'a', at(4, 0), 5, attack), expected, 'a rival’s city: its prize counts half again')
  t.ok(expected > CITY, 'taken on every face')
  const neutral = { defender: null, defenders: 1, a: 1 as const, d: 1 as const }
  const plain = rollOutcomes(3, neutral)
  t.equal(
    attackWorth(look, 'a', at(5, 0), 3, neutral),
    plain.reduce((sum, face) => sum + (face.result === 'attacker' ? TILE : 0) + (1 - face.defenderSurvivors - (3 - face.attackerSurvivors)) * TROOP, 0) / 4,
    'neutral land: only the tile',
  )
})

t.test('R7.5 R8.2 a move: the land it claims, a step toward open land; never a city left short of its garrison', async (t) => {
  //   A5 . b1 . . B     b's 1 troop threatens A: it keeps 2 (2 × 2 + 2 ≥ 1 + 4)
  const s = board('A5 . b1 . . B')
  const look = lookOf(s)
  t.equal(moveWorth(look, 'a', at(0, 0), 4, step(at(1, 0), [at(1, 0)])), -Infinity, '4 of 5 would leave 1: too few')
  const three = moveWorth(look, 'a', at(0, 0), 3, step(at(1, 0), [at(1, 0)]))
  t.equal(three, TILE + 0.5 * Math.max(0, look.open(at(1, 0)) - look.open(at(0, 0))), '3 leave 2: the tile claimed, and the open land ahead')
  const quiet = board('a4 . . . . . . B')
  const walk = lookOf(quiet)
  t.equal(moveWorth(walk, 'a', at(0, 0), 4, step(at(1, 0))), 0.5 * 0 + (4 / 3) * 1, 'a whole army of 4 marching one tile nearer B')
  t.equal(moveWorth(walk, 'a', at(0, 0), 3, step(at(1, 0))), -0.25, 'a split of 3 off land: less than staying whole')
})

t.test('R8.2 reinforcing a city short of its garrison is worth 4 a troop it lacks', async (t) => {
  //   A1 a3 b5 . . B     b's 5 threaten A (needs 4, has 1); a3 beside it
  const s = board('A1 a3 b5 . . . B')
  const look = lookOf(s)
  t.equal(look.garrison(at(0, 0)), 4)
  const worth = moveWorth(look, 'a', at(1, 0), 3, step(at(0, 0)))
  t.equal(worth, 3 * TROOP * 4 + 0.5 * Math.max(0, look.open(at(0, 0)) - look.open(at(1, 0))), 'all 3 are lacking')
  const two = moveWorth(look, 'a', at(1, 0), 2, step(at(0, 0)))
  t.equal(two, 2 * TROOP * 4 + 0.5 * Math.max(0, look.open(at(0, 0)) - look.open(at(1, 0))) - 0.25, '2 of 3 split off land')
})

t.test('R3.2 R6.2 a draft pick: land around it, near its other pick, far from a rival’s', async (t) => {
  const s = board(`
    #  .  .  .  #  .  .  #
    .  .  .  .  .  .  .  .
  `)
  const view = (picks: { tribe: string; city: string }[]) => {
    const seen = sight(s)
    return { ...seen, board: { ...seen.board, draft: { ...(seen.board.draft ?? {}), picks } as never } }
  }
  const land = (city: string) => s.map.tiles.filter((x) => x.terrain === 'land' && distance(x, lookOf(s).at(city)) <= 2).length
  const first = view([])
  t.equal(draftWorth(first, lookAt(first), at(0, 0)), land(at(0, 0)) - 2 * 12 + 6, 'no pick yet: the land round it')
  const second = view([
    { tribe: 'a', city: at(0, 0) },
    { tribe: 'b', city: at(7, 0) },
  ])
  t.equal(draftWorth(second, lookAt(second), at(4, 0)), land(at(4, 0)) - 2 * 4 + 3, '4 from its own pick, 3 from b’s')
})

t.test('#50 the best plan, a tie drawn by the bot’s own draw; none below the floor', async (t) => {
  const plans = [
    { order: 'x', worth: 2 },
    { order: 'y', worth: 3 },
    { order: 'z', worth: 3 },
  ]
  t.equal(
    best(plans, () => 0),
    'y',
  )
  t.equal(
    best(plans, () => 0.99),
    'z',
  )
  t.equal(
    best([{ order: 'x', worth: 0.4 }], () => 0),
    null,
    'below half a troop: nothing',
  )
  t.equal(
    best([{ order: 'x', worth: 0.5 }], () => 0),
    'x',
    'half a troop is worth an order',
  )
  t.equal(
    best([{ order: 'x', worth: -3 }], () => 0, -Infinity),
    'x',
    'with no floor, the best of bad plans',
  )
})

t.test('#50 R5 it recruits first, the most troops, where the garrison is shortest; it stops after 6 orders', async (t) => {
  //   A3 . b5 . . B3    A needs 4 against b5; B needs nothing
  const s = board('A3 . b5 . . . A0')
  const offered: Order[] = [
    { type: 'recruit', city: at(6, 0), troops: 2 },
    { type: 'recruit', city: at(0, 0), troops: 2 },
    { type: 'recruit', city: at(0, 0), troops: 1 },
    { type: 'move', from: at(0, 0), troops: 1, to: at(1, 0) },
  ]
  t.same(
    weekdayBot.choose({ ...sight(s), offered }, () => 0.5),
    offered[1],
    'the threatened city, 2 troops',
  )
  t.equal(
    weekdayBot.choose({ ...sight(s, 'a', 6), offered }, () => 0.5),
    null,
    'the sixth order was its last',
  )
  t.not(
    weekdayBot.choose({ ...sight(s, 'a', 5), offered }, () => 0.5),
    null,
    'a fifth is still given',
  )
})

t.test('R10.6 a port assault is weighed as the attack it is, at a = 2, from the ship’s own options', async (t) => {
  //   A3 ~a5 B1     a's ship of 5 beside b's port of 1
  const s = board('A3 ~a5 B1 . .')
  const assault: Order = { type: 'portAssault', ship: 's1', port: at(2, 0), troops: 5, occupy: true }
  const seen = sight(s)
  const info = seen.options.ships[0]!.portAssault[0]!.attack
  t.match(info, { defender: 'b', defenders: 1, a: 2 }, 'the options say what the assault meets')
  t.same(
    weekdayBot.choose({ ...seen, offered: [assault] }, () => 0.5),
    assault,
    'it takes the port',
  )
  t.ok(attackWorth(lookOf(s), 'a', at(2, 0), 5, info) > CITY, 'worth more than a city: b loses it')
  t.equal(
    weekdayBot.choose({ ...seen, offered: [{ ...assault, ship: 's9' }] }, () => 0.5),
    null,
    'a ship it does not have: no plan',
  )
  t.equal(
    weekdayBot.choose({ ...seen, offered: [{ ...assault, port: at(0, 0) }] }, () => 0.5),
    null,
    'a port the ship cannot assault: none',
  )
})
