// #50: how world conquest's bot reckons a board before it picks (bot.ts): how far each of its
// territories is from the front and what threatens it, what its objective makes of a territory
// (G8.3), an attack's worth by G6.3's exact odds, a march to the front (G5.1) and a troop built
// there (G4.7, G4.8). The board: A holds the whole of América del Norte; B holds the rest,
// Siberia with 5 troops, Islandia with 3 and Venezuela with 2:
//
//   sib 5 (B) ── ala (A) ── mac, van, ott, lab, cal, nyk (A, inland)
//   isl 3 (B) ── gro (A)
//   vce 2 (B) ── mex (A)
import { readFileSync } from 'node:fs'
import t from 'tap'
import { attackWorth, buildWorth, conquestBot, lookAt, moveWorth, objectiveWorth, TERRITORY, TROOP } from '../../../src/engine/games/conquest/bot.ts'
import { battleOdds } from '../../../src/engine/games/conquest/odds.ts'
import type { ConquestOrder, ConquestState, ObjectiveId } from '../../../src/engine/games/conquest/types.ts'
import { board } from '../../../src/engine/games/conquest/views.ts'
import { CONTINENTS, territoriesOf, type ContinentId } from '../../../src/engine/games/conquest/world.ts'
import { sightOf } from '../../../src/engine/index.ts'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { open, world } from './dsl.ts'

const NORTH_AMERICA = `
  monday  A  ala 6, mac 5, gro 4 basic=4, van 1, ott 1 basic=4, lab 1, cal 1, nyk 1, mex 3 basic=3
  tuesday B  sib 5, isl 3, vce 2, *
`
const lookOf = (s: ConquestState) => lookAt('A', board(s, 'A'))
const attack = (from: string, to: string, troops: number): Extract<ConquestOrder, { type: 'attack' }> => ({ type: 'attack', from, to, troops })

t.test('the front: a territory of ours next to a rival is at 0, one whose neighbours are all ours one link further', async (t) => {
  const look = lookOf(world(NORTH_AMERICA))
  t.same(look.ours.map((x) => x.id).sort(), territoriesOf('NA').slice().sort(), 'ours: every territory A holds, no other')
  t.same(
    territoriesOf('NA').map((id) => `${id} ${look.front(id)}`),
    ['ala 0', 'mac 1', 'gro 0', 'van 1', 'ott 1', 'lab 1', 'cal 1', 'nyk 1', 'mex 0'],
  )
  t.equal(look.front('sib'), 0, "a rival's territory is no distance from anything of ours")
})

t.test('the threat: the most rival troops next to one of ours that may attack it (all but one)', async (t) => {
  const look = lookOf(world(NORTH_AMERICA))
  t.same(
    ['ala', 'gro', 'mex', 'mac'].map((id) => look.threat(id)),
    [4, 2, 1, 0],
    'Siberia 5, Islandia 3, Venezuela 2; Mackenzie faces no rival',
  )
})

// G8.3's table as the book prints it: the continents each objective names.
const CONTINENT_NAMES: Record<string, ContinentId> = {
  'América del Norte': 'NA',
  'América del Sur': 'SA',
  Europa: 'EU',
  África: 'AF',
  Asia: 'AS',
  Oceanía: 'OC',
}
const objectives = readFileSync(new URL('../../../docs/RULES-CONQUEST.md', import.meta.url), 'utf8')
  .split('\n')
  .flatMap((line) => {
    const row = /^\s*\| `(O\d+)` \| (.*) \|$/.exec(line)
    return row ? [[row[1] as ObjectiveId, Object.entries(CONTINENT_NAMES).flatMap(([name, id]) => (row[2]!.includes(name) ? [id] : []))] as const] : []
  })

t.test('G8.3 an objective that names continents makes each of their territories worth half a territory more', async (t) => {
  t.equal(objectives.length, 10, 'the book’s ten objectives')
  const s = world(NORTH_AMERICA)
  const one = (continent: ContinentId) => territoriesOf(continent)[0]!
  for (const [objective, continents] of objectives) {
    if (objective === 'O9' || objective === 'O10') continue
    s.tribes[0]!.objective = objective
    const b = board(s, 'A')
    const look = lookAt('A', b)
    const worths = CONTINENTS.map((c) =>
      objectiveWorth(
        look,
        b,
        'A',
        b.territories.find((x) => x.id === one(c))!,
      ),
    )
    t.same(
      worths,
      CONTINENTS.map((c) => (continents.includes(c) ? TERRITORY / 2 : 0)),
      `${objective}: ${continents.join(' and ') || 'no continent'}`,
    )
  }
})

t.test('G8.3 G8.5 O9: the target tribe’s territories, until the fallback; O7 and no objective: nothing', async (t) => {
  const s = world(`${NORTH_AMERICA}  wednesday C  arn 1, egi 1`)
  const worth = (id: string, reader: string | null = 'A') => {
    const b = board(s, reader)
    return objectiveWorth(
      lookAt('A', b),
      b,
      'A',
      b.territories.find((x) => x.id === id)!,
    )
  }
  s.tribes[0]!.objective = 'O9'
  s.tribes[0]!.o9Target = 'C'
  t.same([worth('arn'), worth('sib')], [TERRITORY / 2, 0], 'C’s Argelia, not B’s Siberia')
  s.tribes[0]!.o9Fallback = true
  t.equal(worth('arn'), 0, 'once the fallback holds, the target is nobody')
  s.tribes[0]!.objective = 'O7'
  t.equal(worth('arn'), 0, 'O7 counts territories, not whose')
  t.equal(worth('arn', null), 0, 'a board read by nobody has no objective')
})

t.test('G8.3 O10: a continent where the tribe holds fewer than 3', async (t) => {
  const worth = (s: ConquestState, id: string) => {
    const b = board(s, 'A')
    return objectiveWorth(
      lookAt('A', b),
      b,
      'A',
      b.territories.find((x) => x.id === id)!,
    )
  }
  const two = world(`
    monday  A  arn 3, egi 3
    tuesday B  *
  `)
  two.tribes[0]!.objective = 'O10'
  t.equal(worth(two, 'sud'), TERRITORY / 2, '2 of África held: Sudán counts')
  const three = world(`
    monday  A  arn 3, egi 3, con 3
    tuesday B  *
  `)
  three.tribes[0]!.objective = 'O10'
  t.equal(worth(three, 'sud'), 0, '3 held already: no more')
})

t.test('G6.3 an attack is worth its chance times the territory, and the troops each side is expected to lose', async (t) => {
  const s = world(NORTH_AMERICA)
  s.tribes[0]!.objective = 'O7'
  const b = board(s, 'A')
  const look = lookAt('A', b)
  const odds = battleOdds({ attackers: 5, defenders: 2, tank: false, wall: 0, guards: 0 })
  const expect = (chances: number[]) => chances.reduce((sum, chance, left) => sum + chance * left, 0)
  const attackerLoses = 5 - expect(odds.taken)
  const defenderLoses = 2 - expect(odds.held)
  t.ok(odds.win > 0.5, '5 against 2 is likely')
  t.equal(attackWorth(look, b, 'A', attack('mex', 'vce', 5)), odds.win * TERRITORY + (defenderLoses - attackerLoses) * TROOP)
  s.tribes[0]!.objective = 'O2'
  const named = board(s, 'A')
  t.equal(
    attackWorth(lookAt('A', named), named, 'A', attack('mex', 'vce', 5)),
    odds.win * (TERRITORY + TERRITORY / 2) + (defenderLoses - attackerLoses) * TROOP,
    'O2 names América del Sur: the prize is half a territory more',
  )
  t.equal(attackWorth(look, b, 'A', attack('mex', 'vce', 1)), -Infinity, '1 against 2 is left')
})

t.test('G5.1 a march is worth half its troops when it comes closer to the front; never sideways or back', async (t) => {
  const look = lookOf(world(NORTH_AMERICA))
  t.equal(moveWorth(look, { type: 'move', from: 'mac', to: 'ala', troops: 4 }), (4 * TROOP) / 2, 'Mackenzie to Alaska')
  t.equal(moveWorth(look, { type: 'move', from: 'mac', to: 'van', troops: 4 }), -Infinity, 'inland to inland')
  t.equal(moveWorth(look, { type: 'move', from: 'ala', to: 'mac', troops: 5 }), -Infinity, 'the front to inland')
})

t.test('G4.7 G4.8 a troop is built only at the front, with the 4 Básicos it costs', async (t) => {
  const look = lookOf(world(NORTH_AMERICA))
  t.equal(buildWorth(look, { type: 'build', at: 'gro', kind: 'troop', count: 1 }), TROOP, 'Groenlandia: front, 4 Básicos')
  t.equal(buildWorth(look, { type: 'build', at: 'mex', kind: 'troop', count: 1 }), -Infinity, 'México: front, 3 Básicos')
  t.equal(buildWorth(look, { type: 'build', at: 'ott', kind: 'troop', count: 1 }), -Infinity, 'Ottawa: 4 Básicos, inland')
  t.equal(buildWorth(look, { type: 'build', at: 'gro', kind: 'tank', count: 1 }), -Infinity, 'a tank is beyond its plans')
})

t.test('#50 it picks the plan worth most, a hundredth decides between plans alike, and it stops after 6 orders', async (t) => {
  const s = open(world(NORTH_AMERICA), 'A')
  const sight = (given: number) => sightOf(conquest, s, 'A', given) as Parameters<typeof conquestBot.choose>[0]
  const b = sight(0).board
  const look = lookAt('A', b)
  const worth = (o: ConquestOrder) =>
    o.type === 'attack' ? attackWorth(look, b, 'A', o) : o.type === 'move' ? moveWorth(look, o) : o.type === 'build' ? buildWorth(look, o) : -Infinity
  const worths = sight(0).offered.map(worth)
  const best = Math.max(...worths)
  t.ok(best > 0.5, 'something is worth an order')
  for (const draw of [0, 0.99]) {
    const chosen = conquestBot.choose(sight(0), () => draw)
    t.ok(chosen && worth(chosen) > best - 0.01, `drawing ${draw}: a plan within a hundredth of the best`)
  }
  t.equal(conquestBot.choose(sight(5), () => 0.5) !== null, true, 'a fifth order is still given')
  t.equal(
    conquestBot.choose(sight(6), () => 0.5),
    null,
    'the sixth was its last',
  )
  const quiet = open(world('monday A ala 1\n tuesday B *'), 'A')
  t.equal(
    conquestBot.choose(sightOf(conquest, quiet, 'A', 0) as Parameters<typeof conquestBot.choose>[0], () => 0.5),
    null,
    'nothing worth half a troop: no order',
  )
})
