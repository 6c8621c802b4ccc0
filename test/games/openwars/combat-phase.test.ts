// W6.1 W6.3 W7.6 W6.16: the active tribe's combat phase from its declarations: volleys and spells
// in declaration order, a location they cleared, then the end of the phase (rising, raising,
// control, damage healed, the phase's marks cleared).
//
// Map (Manhattan distance): r2c4 is 2 from r2c2, 1 from r2c3 and r3c4.
//   ag1    ag1    ag1    ag1    ag1
//   ci0:A  ll1    ll1    ll1    ci0:B
//   ll1    ll1    ll1    ll1    ll1
import t from 'tap'
import { combatPhase } from '../../../src/engine/games/openwars/combat.ts'
import { Work } from '../../../src/engine/games/openwars/work.ts'
import type { Declared, OpenState } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng, scriptedRng, type Rng } from '../../../src/engine/index.ts'
import { ofType, open, play, stack, tribe, world, always } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1    ag1
  ci0:A   ll1    ll1    ll1    ci0:B
  ll1     ll1    ll1    ll1    ll1
`
const opened = (stacks: string, tribes: string) => open(world(MAP, { tribes, stacks, mana: 10, gold: 20 }), 'A')
const aim = (from: string, kind: string, target: string) => ({ type: 'aim' as const, from, kind, target })
const cast = (from: string, kind: string, spell: string, target: string) => ({ type: 'cast' as const, from, kind, spell, target })
const endTurn = { type: 'endTurn' as const }

/**
 * A's combat phase over `declared`, written into the state as the window's orders leave it: the
 * piles the end of the phase works on come from volleys of any size, which no order of a real
 * roster could declare at once (W6.17 lets tests build such states).
 */
function phase(s: OpenState, declared: Declared[], rng: Rng = hmacRng) {
  s.declared = declared
  const w = new Work(s, rng)
  combatPhase(w, 'A')
  return { state: w.s, events: w.events, end: ofType(w.events, 'phaseEnded')[0]! }
}
const volley = (target: string, units: number): Declared => ({ what: 'volley', from: 'r2c3', kind: 'nigromante', target, units })
const raise = (target: string, liche = false): Declared => ({
  what: 'spell',
  from: 'r2c3',
  kind: liche ? 'liche' : 'nigromante',
  spell: 'levantar_muertos',
  target,
  liche,
})
const UNDEAD = 'A=no_muertos@monday B=orcos@thursday'

t.test('W6.3 a volley hits on 1 to the attack value, Certero one face more; the other dice miss', async (t) => {
  const elves = opened('r2c2 A 2 arqueros\nr2c4 B 2 goblins', 'A=elfos@monday B=orcos@thursday')
  const missed = ofType(play(elves, 'A', [aim('r2c2', 'arqueros', 'r2c4'), endTurn], always(5)).events, 'volley')[0]!
  t.same([missed.dice.map((d) => d.face), missed.hits, missed.fell], [[5, 5], 0, []], 'a 5 misses Arqueros élficos (3 + 1 for Certero)')
  const split = play(elves, 'A', [aim('r2c2', 'arqueros', 'r2c4'), endTurn], scriptedRng([4, 5]))
  t.same(ofType(split.events, 'volley')[0]!.hits, 1, 'the 4 hits, the 5 misses')
  t.equal(stack(split.state, 'r2c4', 'B', 'goblins')!.count, 1)
  const dwarves = opened('r2c3 A 1 ballesteros\nr2c4 B 2 goblins', 'A=enanos@monday B=orcos@thursday')
  const hits = (face: number) => ofType(play(dwarves, 'A', [aim('r2c3', 'ballesteros', 'r2c4'), endTurn], always(face)).events, 'volley')[0]!.hits
  t.same([hits(3), hits(4)], [1, 0], 'Ballesteros without Certero: 3 hits, 4 misses')
})

t.test('W6.3 W10.7 a volley at a location already cleared is void: no dice, no hits, nobody falls', async (t) => {
  const s = opened('r2c3 A 2 arqueros\nr2c2 A 1 maestra_arquera\nr2c4 B 1 goblins', 'A=elfos@monday B=orcos@thursday')
  const r = play(s, 'A', [aim('r2c3', 'arqueros', 'r2c4'), aim('r2c2', 'maestra_arquera', 'r2c4'), endTurn], always(1))
  t.same(ofType(r.events, 'volley')[1], {
    type: 'volley',
    tribe: 'A',
    from: 'r2c2',
    target: 'r2c4',
    kind: 'maestra_arquera',
    dice: [],
    hits: 0,
    fell: [],
  })
})

t.test('W7.6 Appendix C Rayo arcano throws 3 dice and Bola de fuego 5, each hitting on 1 to 4', async (t) => {
  const mage = opened('r2c3 A 1 mago\nr2c4 B 4 goblins', 'A=elfos@monday B=orcos@thursday')
  const rayo = play(mage, 'A', [cast('r2c3', 'mago', 'rayo', 'r2c4'), endTurn], scriptedRng([4, 5, 1]))
  const bolt = ofType(rayo.events, 'spellResolved')[0]!
  t.same([bolt.dice.map((d) => d.face), bolt.hits, bolt.fell.length], [[4, 5, 1], 2, 2], 'three dice: 4 and 1 hit, 5 misses')
  t.equal(stack(rayo.state, 'r2c4', 'B', 'goblins')!.count, 2)
  const warlock = opened('r2c3 A 1 brujo\nr2c4 B 4 goblins', 'A=demonios@monday B=orcos@thursday')
  const fire = ofType(play(warlock, 'A', [cast('r2c3', 'brujo', 'bola_fuego', 'r2c4'), endTurn], always(5)).events, 'spellResolved')[0]!
  t.same([fire.dice.length, fire.hits, fire.fell], [5, 0, []], 'five 5s: Bola de fuego misses them all')
})

t.test('W11.18 a damage spell on a location its tribe already cleared is void, and says so', async (t) => {
  const s = opened('r2c3 A 1 mago\nr2c2 A 2 arqueros\nr2c4 B 1 goblins', 'A=elfos@monday B=orcos@thursday')
  const r = play(s, 'A', [aim('r2c2', 'arqueros', 'r2c4'), cast('r2c3', 'mago', 'rayo', 'r2c4'), endTurn], always(1))
  t.same(ofType(r.events, 'spellResolved')[0], { type: 'spellResolved', tribe: 'A', spell: 'rayo', target: 'r2c4', dice: [], hits: 0, fell: [], void: true })
})

t.test('W7.6 Appendix C Lluvia de azufre strikes each enemy stack once, never the caster’s own', async (t) => {
  const s = opened('r2c3 A 1 brujo\nr3c4 A 1 sabuesos\nr2c4 B 2 goblins\nr2c4 B 1 trolls', 'A=demonios@monday B=orcos@thursday')
  // The Sabuesos move in first: the location is contested when the rain falls on it.
  const r = play(
    s,
    'A',
    [{ type: 'move', from: 'r3c4', kind: 'sabuesos', count: 1, path: ['r2c4'] }, cast('r2c3', 'brujo', 'lluvia_azufre', 'r2c4'), endTurn],
    always(6),
  )
  const rain = ofType(r.events, 'spellResolved')[0]!
  t.same([rain.dice, rain.fell], [[], [{ tribe: 'B', kind: 'goblins' }]], 'no dice; a goblin falls and the troll (2 hits) only bleeds')
})

t.test('W6.1 W6.15 a contested location the volleys cleared passes to the active tribe; riqueza pays 4 gold', async (t) => {
  const run = (card: string) => {
    const s = opened('r2c2 A 2 arqueros\nr2c3 A 1 exploradores\nr2c4 B 1 goblins', 'A=elfos@monday B=orcos@thursday')
    s.cells.r2c4!.card = card
    const r = play(
      s,
      'A',
      [{ type: 'move', from: 'r2c3', kind: 'exploradores', count: 1, path: ['r2c4'] }, aim('r2c2', 'arqueros', 'r2c4'), endTurn],
      always(1),
    )
    return { battles: ofType(r.events, 'battle').length, controller: r.state.cells.r2c4!.controller, gold: tribe(r.state, 'A').gold }
  }
  const plain = run('ll1')
  const rich = run('ci2')
  t.same([plain.battles, plain.controller, rich.controller], [0, 'A', 'A'], 'no battle: the Elfos take it')
  t.equal(rich.gold - plain.gold, 4, 'Ciudad mercante changed hands: 4 gold')
})

t.test('W6.16 Alzarse: piles in canonical order, fallen units rise in a location left empty', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=no_muertos@thursday', stacks: 'r2c4 B 1 esqueletos\nr3c4 B 1 momias\nr2c2 B 1 esqueletos' })
  // Declared in the order r3c4, r2c4: the end of the phase still visits r2c4 first.
  const { state, end } = phase(s, [volley('r3c4', 1), volley('r2c4', 1)], always(1))
  t.same(
    end.risen.map((x) => [x.at, x.kind, x.die.counter, x.rose]),
    [
      ['r2c4', 'esqueletos', 2, true],
      ['r3c4', 'momias', 3, true],
    ],
    'both locations were emptied: no unit of another tribe, so each rolls',
  )
  t.same([stack(state, 'r2c4', 'B', 'esqueletos')?.count, stack(state, 'r3c4', 'B', 'momias')?.count], [1, 1])
})

t.test('W6.16 Levantar muertos raises up to 3 of the pile (6 by the Liche) into room, and takes control', async (t) => {
  const goblins = 'r2c4 B 4 goblins'
  const nig = phase(world(MAP, { tribes: UNDEAD, stacks: goblins }), [volley('r2c4', 4), raise('r2c4')], always(1))
  t.same(nig.end.raised, [{ at: 'r2c4', tribe: 'A', count: 3 }], 'four goblins fell; the Nigromante raises three')
  t.same([stack(nig.state, 'r2c4', 'A', 'esqueletos')?.count, nig.state.cells.r2c4!.controller], [3, 'A'], 'the raised stand alone: the location is theirs')
  const liche = phase(world(MAP, { tribes: UNDEAD, stacks: goblins }), [volley('r2c4', 4), raise('r2c4', true)], always(1))
  t.same(liche.end.raised, [{ at: 'r2c4', tribe: 'A', count: 4 }], 'the Liche raises all four (up to 6)')
  const crowded = world(MAP, { tribes: UNDEAD, stacks: `${goblins}\nr2c4 A 2 esqueletos control=no` })
  crowded.contested = ['r2c4']
  const room = phase(crowded, [volley('r2c4', 4), raise('r2c4', true)], always(1))
  t.same(
    [room.end.raised, stack(room.state, 'r2c4', 'A', 'esqueletos')?.count],
    [[{ at: 'r2c4', tribe: 'A', count: 2 }], 4],
    'W5.10: two more fill the stack of 4',
  )
  const holy = world(MAP, { tribes: UNDEAD, stacks: goblins })
  holy.cells.r2c4!.card = 'bo6'
  const none = phase(holy, [volley('r2c4', 4), raise('r2c4')], always(1))
  t.same(
    [none.end.raised, stack(none.state, 'r2c4', 'A', 'esqueletos'), none.state.cells.r2c4!.controller],
    [[], undefined, 'B'],
    'tierra_viva: nothing is raised',
  )
})

t.test('W6.16 a raise works only on its own location, and only where no enemy is left', async (t) => {
  const s = world(MAP, { tribes: UNDEAD, stacks: 'r2c4 B 2 goblins\nr3c4 B 1 goblins' })
  const { state, end } = phase(s, [volley('r2c4', 1), volley('r3c4', 1), raise('r2c4')], always(1))
  t.same(end.raised, [], 'a goblin still stands in r2c4; the pile of r3c4 was not named')
  t.same([state.cells.r2c4!.controller, state.cells.r3c4!.controller, stack(state, 'r3c4', 'A', 'esqueletos')], ['B', 'B', undefined])
})

t.test('W6.16 the phase ends with damage healed and its declarations and battle marks cleared', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=enanos@thursday', stacks: 'r2c4 B 1 mineros damage=1\nr3c2 A 1 trolls damage=1' })
  s.battleMarks = ['maldicion:r2c4:A']
  s.contested = ['r3c2']
  const { state } = phase(s, [])
  t.same([stack(state, 'r2c4', 'B', 'mineros')!.damage, stack(state, 'r3c2', 'A', 'trolls')!.damage], [0, 0])
  t.same([state.declared, state.contested, state.battleMarks], [[], [], []])
})
