// W7 and Appendix C: casting, costs, strategic and declared spells; W6.3 volleys.
import t from 'tap'
import { ofType, open, play, refusal, refused, stack, standing, sys, tribe, world, always } from './dsl.ts'
import { kind } from '../../../src/engine/games/openwars/data.ts'
import type { OpenState } from '../../../src/engine/games/openwars/types.ts'
import { scriptedRng, type Rng } from '../../../src/engine/index.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'

const MAP = `
  ag1     ag1    ag4    ag1    ag1
  ci0:A   ll1:A  bo3:A  ll1    ci0:B
  ll2     ll1    de2    de5    ll1
`
const base = (stacks: string, tribes = 'A=elfos@monday B=orcos@thursday', mana = 10) => open(world(MAP, { tribes, stacks, mana, gold: 40 }), 'A')
const cast = (from: string, kind: string, spell: string, target: string, more: object = {}) => ({ type: 'cast' as const, from, kind, spell, target, ...more })

t.test('W7.3 W1.10 W11.6 spell costs: Armonía, santuario, never below 1, 0 stays 0', async (t) => {
  const s = base('r2c1 A 1 mago\nr2c3 A 1 arqueros\nr2c3 A 1 mago control=no')
  const m = tribe(s, 'A').mana
  t.equal(m - tribe(play(s, 'A', [cast('r2c1', 'mago', 'senda', 'r2c2')]).state, 'A').mana, 1, 'Senda 2 − 1 (Armonía)')
  t.equal(m - tribe(play(s, 'A', [cast('r2c3', 'mago', 'senda', 'r2c2')]).state, 'A').mana, 1, 'santuario too: still at least 1')
  const d = base('r2c1 A 1 brujo\nr2c1 A 2 cultistas', 'A=demonios@monday B=orcos@thursday', 0)
  const pact = play(d, 'A', [cast('r2c1', 'brujo', 'pacto_sangre', 'r2c1', { count: 2 })]).state
  t.same([tribe(pact, 'A').mana - tribe(d, 'A').mana, stack(pact, 'r2c1', 'A', 'cultistas')], [4, undefined], 'W11.6 Pacto de sangre costs 0: +2 mana per unit')
  t.match(refused(d, 'A', cast('r2c1', 'brujo', 'pacto_sangre', 'r2c1', { count: 3 })), { code: 'cast/target' })
  t.match(refused(d, 'A', cast('r2c1', 'brujo', 'pacto_sangre', 'r2c1', { count: 1, targetKind: 'gargolas' })), { code: 'cast/target' })
})

t.test('W7.1 W7.2 W7.4 W11.17 caster conditions', async (t) => {
  const s = base('r2c1 A 1 mago\nr2c1 A 1 guardianes\nr3c1 A 1 mago control=no\nr2c4 B 1 goblins')
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'nada', 'r2c1')), { code: 'cast/unknown_spell', rule: 'W7.2' })
  t.match(refused(s, 'A', cast('r2c1', 'guardianes', 'senda', 'r2c1')), { code: 'cast/no_caster', rule: 'W7.1' })
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'grito_guerra', 'r2c1')), { code: 'cast/not_your_spell', rule: 'W7.1' })
  t.match(refused(s, 'A', cast('r3c1', 'mago', 'senda', 'r3c1')), { code: 'cast/not_controlled', rule: 'W7.4' })
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'senda', 'r2c4')), { code: 'cast/range', rule: 'W7.4' })
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'runa_piedra', 'r2c1')), { code: 'cast/not_your_spell', rule: 'W7.1' }, 'W11.28: W7.1 before W7.7')
  const once = play(s, 'A', [cast('r2c1', 'mago', 'senda', 'r2c2')]).state
  t.match(refused(once, 'A', cast('r2c1', 'mago', 'cenagal', 'r2c2')), { code: 'cast/once', rule: 'W7.4' })
  const poor = structuredClone(s)
  tribe(poor, 'A').mana = 0
  t.match(refused(poor, 'A', cast('r2c1', 'mago', 'senda', 'r2c2')), { code: 'cast/mana', rule: 'W7.3' })
  const moved = play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'mago', count: 1, path: ['r2c2'] }]).state
  t.match(refused(moved, 'A', cast('r2c2', 'mago', 'bendicion', 'r2c2')), { code: 'cast/moved', rule: 'W7.6' })
  t.ok(play(moved, 'A', [cast('r2c2', 'mago', 'senda', 'r2c2')]), 'W11.17 a moved mage may still cast a strategic spell')
  const strategic = play(s, 'A', [cast('r2c1', 'mago', 'senda', 'r2c2'), { type: 'recruit', city: 'r2c1', kind: 'exploradores', count: 1 }])
  t.ok(strategic, 'W3.11 strategic casts never end recruitment')
})

t.test('W4.5 W7.4 a kind a cast names is one of the roster, whichever the spell', async (t) => {
  const s = base('r2c1 A 1 mago')
  for (const named of ['toString', '__proto__', 'goblins'])
    t.match(refused(s, 'A', cast('r2c1', 'mago', 'senda', 'r2c2', { targetKind: named })), { code: 'order/unknown_kind', rule: 'W4.5' }, `targetKind ${named}`)
  t.ok(play(s, 'A', [cast('r2c1', 'mago', 'senda', 'r2c2', { targetKind: 'mago' })]).state, 'a kind of its own roster is taken, and Senda needs none')
})

t.test('W7.5 W7.8 W11.15 W11.16 strategic spells and their lasting effects', async (t) => {
  const s = base('r2c1 A 1 mago\nr2c2 A 1 guardianes\nr2c4 B 1 goblins')
  const r = play(s, 'A', [cast('r2c1', 'mago', 'barrera', 'r2c2')]).state
  t.same(r.cells.r2c2!.lasting, [{ spell: 'barrera', tribe: 'A' }])
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'barrera', 'r2c1')), { code: 'cast/target' }, 'Barrera: not on a ciudad')
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'velo', 'r3c1')), { code: 'cast/target' }, 'Velo: an own location')
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'prisa', 'r3c1')), { code: 'cast/target' }, 'Prisa: own units there')
  t.ok(play(s, 'A', [cast('r2c1', 'mago', 'prisa', 'r2c2')]))
  const again = structuredClone(s)
  again.cells.r2c2!.lasting.push({ spell: 'senda', tribe: 'B' })
  t.match(refused(again, 'A', cast('r2c1', 'mago', 'senda', 'r2c2')), { code: 'cast/already', rule: 'W7.8' }, 'W11.16 one per location whoever cast it')
  const reopened = open(sys(play(r, 'A', [{ type: 'endTurn' }]).state, { type: 'closeWindow', tribe: 'A' }).state, 'A')
  t.same(reopened.cells.r2c2!.lasting, [], "W7.8 lasting until the caster's next window")
})

t.test('W11.7 Vientos favorables has no target: cast without one, or naming one out of range, it reaches own stacks within 2', async (t) => {
  // The mago in r2c1; own stacks at distance 0, 2 and 3; an enemy at distance 2.
  const s = base('r2c1 A 1 mago\nr2c1 A 1 guardianes\nr2c3 A 1 arqueros\nr2c4 A 1 exploradores control=no\nr3c2 B 1 goblins')
  const winds = (x: typeof s) =>
    ['guardianes@r2c1', 'arqueros@r2c3', 'exploradores@r2c4'].map((id) => {
      const [k, at] = id.split('@') as [string, string]
      return stack(x, at, 'A', k)!.bonus.includes('vientos')
    })
  const aimless = play(s, 'A', [{ type: 'cast', from: 'r2c1', kind: 'mago', spell: 'vientos' } as never]).state
  t.same(winds(aimless), [true, true, false], 'no target: the stacks within 2 of the caster')
  t.same(stack(aimless, 'r3c2', 'B', 'goblins')!.bonus, [], 'never an enemy stack')
  t.equal(tribe(s, 'A').mana - tribe(aimless, 'A').mana, 2, 'paid: 3 − 1 (Armonía)')
  const far = play(s, 'A', [cast('r2c1', 'mago', 'vientos', 'r2c4')]).state
  t.same(far, aimless, 'a target named at distance 3 is ignored, not refused')
  // Found by the shared contract's hostile names (seed -962904593): 'toString' was ignored, so accepted.
  for (const nowhere of ['toString', 'r9c9', ''])
    t.match(
      refused(s, 'A', cast('r2c1', 'mago', 'vientos', nowhere)),
      { code: 'location/unknown', rule: 'W7.4' },
      `a target ${JSON.stringify(nowhere)} that names no location is refused`,
    )
  const offered = openWars.legalOptions(s, 'A').orders.filter((o) => o.type === 'cast' && o.spell === 'vientos')
  t.same(
    offered.map((o) => o.type === 'cast' && o.target),
    ['r2c1'],
    "offered once, on the caster's location",
  )
})

t.test('W11.7 W11.25 Appendix C Celeridad, Vientos favorables, Drenar maná, Forja de armas, Llamada de la selva, Corrupción', async (t) => {
  const s = base('r2c1 A 1 mago\nr2c1 A 1 guardianes\nr2c4 B 1 goblins')
  t.match(refused(s, 'A', cast('r2c1', 'mago', 'celeridad', 'r2c1', { targetKind: 'arqueros' })), { code: 'cast/target' })
  const fast = play(s, 'A', [cast('r2c1', 'mago', 'celeridad', 'r2c1', { targetKind: 'guardianes' })]).state
  t.same(stack(fast, 'r2c1', 'A', 'guardianes')!.bonus, ['celeridad'])
  const windy = play(s, 'A', [cast('r2c1', 'mago', 'vientos', 'r2c1')]).state
  t.same(stack(windy, 'r2c1', 'A', 'guardianes')!.bonus, ['vientos'], 'W11.7 every own stack within 2')
  const all = structuredClone(s)
  for (const x of all.cells.r2c1!.stacks) x.bonus = ['vientos']
  t.match(refused(all, 'A', cast('r2c1', 'mago', 'vientos', 'r2c1')), { code: 'cast/already', rule: 'W11.7' })
  const near = base('r2c3 A 1 mago\nr2c4 B 1 goblins')
  tribe(near, 'B').mana = 1
  const drained = play(near, 'A', [cast('r2c3', 'mago', 'drenar_mana', 'r2c4')]).state
  t.same([tribe(drained, 'B').mana, tribe(drained, 'A').mana - tribe(near, 'A').mana], [0, 1 - 1], 'loses up to 2; the caster gains what it lost')
  t.match(refused(near, 'A', cast('r2c3', 'mago', 'drenar_mana', 'r2c2')), { code: 'cast/target' })
  const two = open(
    world(MAP, {
      tribes: 'A=elfos@monday B=orcos@thursday C=enanos@friday',
      stacks: 'r2c3 A 1 mago\nr2c4 B 1 goblins\nr2c4 C 1 rey_montana control=no',
      mana: 5,
    }),
    'A',
  )
  const drained2 = play(two, 'A', [cast('r2c3', 'mago', 'drenar_mana', 'r2c4')]).state
  t.same([tribe(drained2, 'B').mana, tribe(drained2, 'C').mana], [5, 3], 'W11.25 the tribe with the highest army value is drained')
  const dw = base('r2c1 A 1 herrero_runico', 'A=enanos@monday B=orcos@thursday', 10)
  const forged = play(dw, 'A', [cast('r2c1', 'herrero_runico', 'forja_armas', 'r2c1'), { type: 'recruit', city: 'r2c1', kind: 'mineros', count: 1 }]).state
  t.equal(tribe(dw, 'A').gold - tribe(forged, 'A').gold, 7, 'Forja de armas: 2 less')
  const late = play(dw, 'A', [{ type: 'setDefault', order: { modo: 'luchar' } }]).state
  late.tribes[0]!.phase = 'movement'
  t.match(refused(late, 'A', cast('r2c1', 'herrero_runico', 'forja_armas', 'r2c1')), { code: 'cast/target' })
  const am = base('r2c1 A 1 chamana\nr2c1 A 1 guerreras', 'A=amazonas@monday B=orcos@thursday')
  t.ok(play(am, 'A', [cast('r2c1', 'chamana', 'llamada_selva', 'r3c1')]))
  t.match(refused(am, 'A', cast('r2c1', 'chamana', 'llamada_selva', 'r2c1')), { code: 'cast/target' })
  const dm = base('r2c2 A 1 brujo', 'A=demonios@monday B=orcos@thursday')
  t.ok(play(dm, 'A', [cast('r2c2', 'brujo', 'corrupcion', 'r2c3')]))
})

t.test('W7.6 W11.18 declared spells resolve at the combat phase; void on an empty target', async (t) => {
  const d = base('r2c3 A 1 brujo\nr2c4 B 3 goblins', 'A=demonios@monday B=orcos@thursday')
  const fire = play(d, 'A', [cast('r2c3', 'brujo', 'bola_fuego', 'r2c4'), { type: 'endTurn' }], always(1))
  const res = ofType(fire.events, 'spellResolved')[0]!
  t.same([res.dice.length, res.hits, res.fell.length], [5, 5, 3], 'Bola de fuego: 5 dice at 4')
  t.equal(fire.state.cells.r2c4!.controller, 'B', 'the goblins are gone; control stays')
  const rain = play(d, 'A', [cast('r2c3', 'brujo', 'lluvia_azufre', 'r2c4'), { type: 'endTurn' }], always(6))
  t.same(ofType(rain.events, 'spellResolved')[0]!.fell, [{ tribe: 'B', kind: 'goblins' }], 'Lluvia de azufre: 1 hit per stack, no dice')
  t.match(refused(d, 'A', cast('r2c3', 'brujo', 'bola_fuego', 'r2c2')), { code: 'cast/target' })
  const e = base('r2c3 A 1 mago\nr2c3 A 2 arqueros\nr2c4 B 1 goblins')
  const both = play(
    e,
    'A',
    [{ type: 'aim', from: 'r2c3', kind: 'arqueros', target: 'r2c4' }, cast('r2c3', 'mago', 'rayo', 'r2c4'), { type: 'endTurn' }],
    always(1),
  )
  const rayo = ofType(both.events, 'spellResolved')[0]!
  t.same([rayo.void, rayo.dice], [true, []], 'the volley cleared it first: the Rayo is void')
  t.match(refused(e, 'A', cast('r2c3', 'mago', 'maldicion', 'r1c3')), { code: 'cast/hidden', rule: 'W2.8' }, 'no declared spell into niebla')
})

t.test('W11.14 W11.16 W6.6 declared battle effects: Maldición, Bendición, Terror, Grito de guerra', async (t) => {
  const s = base('r2c3 A 1 mago\nr2c3 A 2 guardianes\nr2c4 B 1 trolls')
  const marked = play(s, 'A', [cast('r2c3', 'mago', 'bendicion', 'r2c3'), { type: 'move', from: 'r2c3', kind: 'guardianes', count: 2, path: ['r2c4'] }]).state
  t.match(refused(marked, 'A', cast('r2c3', 'mago', 'bendicion', 'r2c4')), { code: 'cast/once' })
  const twice = structuredClone(marked)
  twice.battleMarks.push('maldicion:r2c4:A')
  Object.assign(
    twice.cells.r2c3!.stacks.find((x) => x.kind === 'mago')!,
    { bonus: [], moved: 0 },
  )
  t.match(refused(twice, 'A', cast('r2c3', 'mago', 'maldicion', 'r2c4')), { code: 'cast/already', rule: 'W11.16' })
  const blessed = play(
    s,
    'A',
    [{ type: 'move', from: 'r2c3', kind: 'guardianes', count: 2, path: ['r2c4'] }, cast('r2c3', 'mago', 'bendicion', 'r2c4'), { type: 'endTurn' }],
    always(6),
  )
  const b = ofType(blessed.events, 'battle')[0]!
  t.equal(b.turns.find((x) => x.kind === 'guardianes')!.attack, 4, 'Bendición: +1 attack')
  const nm = base('r2c3 A 1 nigromante\nr2c3 A 2 esqueletos\nr2c4 B 1 goblins', 'A=no_muertos@monday B=orcos@thursday')
  const scared = play(
    nm,
    'A',
    [cast('r2c3', 'nigromante', 'terror', 'r2c4'), { type: 'move', from: 'r2c3', kind: 'esqueletos', count: 2, path: ['r2c4'] }, { type: 'endTurn' }],
    always(6),
  )
  t.same(ofType(scared.events, 'battle')[0]!.initiative, [2, 2], 'Terror: the goblins (3) drop to 2')
  const orc = open(world(MAP, { tribes: 'B=elfos@thursday A=orcos@monday', stacks: 'r2c3 A 1 chaman\nr2c3 A 1 goblins\nr2c4 B 2 guardianes', mana: 10 }), 'A')
  orc.cells.r2c3!.controller = 'A'
  const shout = play(
    orc,
    'A',
    [{ type: 'move', from: 'r2c3', kind: 'goblins', count: 1, path: ['r2c4'] }, cast('r2c3', 'chaman', 'grito_guerra', 'r2c4'), { type: 'endTurn' }],
    always(6),
  )
  t.equal(ofType(shout.events, 'battle')[0]!.turns.find((x) => x.kind === 'goblins')!.attack, 3, 'W11.14 Grito de guerra: Muchedumbre whatever the numbers')
})

t.test('W7.6 Appendix C Levantar muertos may name the enemy location before the No Muertos move in, and raises its fallen', async (t) => {
  const nm = base('r2c3 A 1 nigromante\nr2c3 A 3 esqueletos\nr2c4 B 1 goblins', 'A=no_muertos@monday B=orcos@thursday')
  const raise = cast('r2c3', 'nigromante', 'levantar_muertos', 'r2c4')
  t.match(refused(nm, 'A', cast('r2c3', 'nigromante', 'bendicion', 'r2c4')), { code: 'cast/target' }, 'Bendición does need own units there')
  const r = play(nm, 'A', [raise, { type: 'move', from: 'r2c3', kind: 'esqueletos', count: 3, path: ['r2c4'] }, { type: 'endTurn' }], always(1))
  t.equal(tribe(nm, 'A').mana - tribe(r.state, 'A').mana, 2, 'declared and paid: 3 − 1 in a santuario')
  t.same(ofType(r.events, 'phaseEnded')[0]!.raised, [{ at: 'r2c4', tribe: 'A', count: 1 }], 'the fallen goblin is raised')
  t.equal(stack(r.state, 'r2c4', 'A', 'esqueletos')!.count, 4, 'an esqueleto fell and rose (Alzarse); the goblin joined them')
})

t.test('W6.10 W11.19 a prepared spell in the defender battle: cast at its first turn and paid; without the mana, an attack', async (t) => {
  const s = open(
    world(MAP, {
      tribes: 'A=orcos@monday B=enanos@thursday',
      stacks: 'r2c3 A 4 guerreros_orcos control=no\nr2c4 B 1 herrero_runico\nr2c4 B 1 mineros',
      mana: 10,
    }),
    'A',
  )
  s.cells.r2c3!.controller = 'A'
  standing(s, 'r2c4', 'B', 'herrero_runico', { modo: 'luchar', hechizo: 'runa_piedra' })
  const r = play(
    s,
    'A',
    [{ type: 'move', from: 'r2c3', kind: 'guerreros_orcos', count: 4, path: ['r2c4'] }, { type: 'endTurn' }],
    scriptedRng([6, 6, 6, 6, 1, 1, 1, 1, 6, 6]),
  )
  const b = ofType(r.events, 'battle')[0]!
  t.equal(b.turns[0]!.spell, 'runa_piedra', 'cast at its first turn, instead of attacking')
  t.equal(tribe(r.state, 'B').mana, 10 - 3)
  const poor = structuredClone(s)
  tribe(poor, 'B').mana = 0
  const plain = play(poor, 'A', [{ type: 'move', from: 'r2c3', kind: 'guerreros_orcos', count: 4, path: ['r2c4'] }, { type: 'endTurn' }], always(6))
  t.equal(ofType(plain.events, 'battle')[0]!.turns[0]!.act, 'attack', 'without the mana it attacks')
})

t.test('W6.3 volleys: range, Certero, no reply; niebla, tormenta, atalaya', async (t) => {
  const s = base('r2c1 A 2 arqueros\nr2c2 A 1 guardianes\nr2c4 B 2 goblins\nr3c4 B 1 goblins')
  t.match(refused(s, 'A', { type: 'aim', from: 'r2c2', kind: 'guardianes', target: 'r2c4' }), { code: 'aim/no_range', rule: 'W6.3' })
  t.match(refusal(s, 'A', { type: 'aim', from: 'r2c1', kind: 'arqueros', target: 'r2c4' }), {
    code: 'aim/range',
    message: `r2c4 is at distance 3; the volley reaches 1 to ${kind('arqueros').range}`,
  })
  t.match(refusal(s, 'A', { type: 'aim', from: 'r2c1', kind: 'arqueros', target: 'r2c1' }), { code: 'aim/range' }, 'nor its own location (distance 0)')
  t.match(refused(s, 'A', { type: 'aim', from: 'r2c1', kind: 'arqueros', target: 'r2c2' }), { code: 'aim/no_enemy' })
  t.match(refused(s, 'A', { type: 'aim', from: 'r2c1', kind: 'exploradores', target: 'r2c2' }), { code: 'aim/no_units' })
  const moved = play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'arqueros', count: 2, path: ['r2c2'] }]).state
  t.match(refused(moved, 'A', { type: 'aim', from: 'r2c2', kind: 'arqueros', target: 'r2c4' }), { code: 'aim/no_units' }, 'W5.2 moved units do not fire')
  const near = base('r2c2 A 2 arqueros\nr2c4 B 2 goblins\nr3c3 B 1 goblins')
  t.ok(play(near, 'A', [{ type: 'aim', from: 'r2c2', kind: 'arqueros', target: 'r3c3' }]), 'distance 2 is in range')
  const fired = play(near, 'A', [{ type: 'aim', from: 'r2c2', kind: 'arqueros', target: 'r2c4' }, { type: 'endTurn' }], always(4))
  const v = ofType(fired.events, 'volley')[0]!
  t.same([v.dice.length, v.hits, v.fell.length], [2, 2, 2], 'Certero: 3 + 1 = 4 hits on a 4')
  t.equal(stack(fired.state, 'r2c2', 'A', 'arqueros')!.moved, 2, 'firing units count as moved')
  const fog = base('r2c2 A 2 arqueros\nr1c3 B 1 galera\nr3c4 B 1 goblins')
  t.match(refused(fog, 'A', { type: 'aim', from: 'r2c2', kind: 'arqueros', target: 'r1c3' }), { code: 'aim/hidden' }, 'niebla')
  const storm = base('r3c4 A 2 arqueros\nr3c5 B 1 goblins')
  t.match(refused(storm, 'A', { type: 'aim', from: 'r3c4', kind: 'arqueros', target: 'r3c5' }), { code: 'aim/storm' }, 'tormenta')
})

t.test('W6.1 W6.10 W10.7 W11.12 prepared damage spells; a location cleared before its battle', async (t) => {
  const sh = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c3 A 2 goblins\nr2c4 B 1 mago\nr2c4 B 1 guardianes', mana: 10 }), 'A')
  standing(sh, 'r2c4', 'B', 'mago', { modo: 'luchar', hechizo: 'rayo' })
  const r = play(sh, 'A', [{ type: 'move', from: 'r2c3', kind: 'goblins', count: 2, path: ['r2c4'] }, { type: 'endTurn' }], always(1))
  t.match(
    ofType(r.events, 'battle')[0]!.turns[0],
    { act: 'spell', spell: 'rayo', hits: 3, fell: [{ kind: 'goblins' }, { kind: 'goblins' }] },
    'Rayo arcano prepared: 3 dice, hits beyond the last unit lost',
  )
  const dm = open(
    world(MAP, { tribes: 'A=orcos@monday B=demonios@thursday', stacks: 'r2c3 A 2 goblins\nr2c3 A 1 trolls\nr2c4 B 1 brujo\nr2c4 B 1 sabuesos', mana: 10 }),
    'A',
  )
  standing(dm, 'r2c4', 'B', 'brujo', { modo: 'luchar', hechizo: 'lluvia_azufre' })
  const rain = play(
    dm,
    'A',
    [
      { type: 'move', from: 'r2c3', kind: 'goblins', count: 2, path: ['r2c4'] },
      { type: 'move', from: 'r2c3', kind: 'trolls', count: 1, path: ['r2c4'] },
      { type: 'endTurn' },
    ],
    always(6),
  )
  t.match(
    ofType(rain.events, 'battle')[0]!.turns.find((x) => x.act === 'spell'),
    { spell: 'lluvia_azufre', fell: [{ kind: 'goblins' }] },
    'one hit per enemy stack: a goblin falls, the troll is wounded',
  )
  const e = base('r2c3 A 2 arqueros\nr2c2 A 1 exploradores\nr2c4 B 1 goblins')
  const cleared = play(
    e,
    'A',
    [
      { type: 'aim', from: 'r2c3', kind: 'arqueros', target: 'r2c4' },
      { type: 'move', from: 'r2c2', kind: 'exploradores', count: 1, path: ['r2c3', 'r2c4'] },
      { type: 'endTurn' },
    ],
    always(1),
  )
  t.same(ofType(cleared.events, 'battle'), [], 'the volley removed the defenders: no battle')
  t.equal(cleared.state.cells.r2c4!.controller, 'A', 'the active tribe takes control')
  const twice = base('r2c3 A 2 arqueros\nr2c2 A 1 maestra_arquera\nr2c4 B 1 goblins')
  const v = play(
    twice,
    'A',
    [
      { type: 'aim', from: 'r2c3', kind: 'arqueros', target: 'r2c4' },
      { type: 'aim', from: 'r2c2', kind: 'maestra_arquera', target: 'r2c4' },
      { type: 'endTurn' },
    ],
    always(1),
  )
  t.same(
    ofType(v.events, 'volley').map((x) => x.dice.length),
    [2, 0],
    'the second volley is void and draws nothing (W10.7)',
  )
})

t.test('W2.8 W11.5 atalaya adds range; Velo de niebla hides from volleys, not from strategic spells', async (t) => {
  const far = base('r2c2 A 1 exploradores\nr2c4 B 1 goblins')
  t.match(refused(far, 'A', { type: 'aim', from: 'r2c2', kind: 'exploradores', target: 'r2c4' }), { code: 'aim/range' })
  far.cells.r2c2!.card = 'll5'
  t.ok(play(far, 'A', [{ type: 'aim', from: 'r2c2', kind: 'exploradores', target: 'r2c4' }]), 'range 1 + 1 from atalaya')
  far.cells.r2c4!.lasting.push({ spell: 'velo', tribe: 'B' })
  t.match(refused(far, 'A', { type: 'aim', from: 'r2c2', kind: 'exploradores', target: 'r2c4' }), { code: 'aim/hidden' }, 'Velo: the location is niebla')
  const mage = base('r2c3 A 1 mago\nr2c4 B 1 goblins')
  mage.cells.r2c4!.lasting.push({ spell: 'velo', tribe: 'B' })
  t.ok(play(mage, 'A', [cast('r2c3', 'mago', 'cenagal', 'r2c4')]), 'W11.5 strategic spells may target niebla')
})

t.test("W7.2 Appendix C each spell's target, refused in its own words and naming the location", async (t) => {
  const s = base('r2c1 A 1 mago\nr2c2 A 1 exploradores')
  const says = (state: typeof s, order: ReturnType<typeof cast>, words: string, target: string) =>
    t.match(
      refusal(state, 'A', order),
      { code: 'cast/target', rule: 'W7.2', message: words, params: { target } },
      `${order.spell} at ${order.target}: ${words}`,
    )
  says(s, cast('r2c1', 'mago', 'barrera', 'r2c1'), 'Barrera needs an own, non-ciudad location with no enemy units', 'r2c1')
  t.ok(play(s, 'A', [cast('r2c1', 'mago', 'barrera', 'r2c2')]), 'Barrera on an own llanura is cast')
  says(s, cast('r2c1', 'mago', 'velo', 'r3c1'), 'Velo de niebla needs an own location (W11.15)', 'r3c1')
  t.ok(play(s, 'A', [cast('r2c1', 'mago', 'velo', 'r2c2')]), 'Velo on an own location is cast')
  says(s, cast('r2c1', 'mago', 'prisa', 'r3c1'), 'Prisa needs a location with own units', 'r3c1')
  says(s, cast('r2c1', 'mago', 'celeridad', 'r2c2', { targetKind: 'arqueros' }), 'Celeridad needs an own stack without Celeridad in the target', 'r2c2')
  t.ok(play(s, 'A', [cast('r2c1', 'mago', 'celeridad', 'r2c2', { targetKind: 'exploradores' })]), 'Celeridad on an own stack is cast')
  says(s, cast('r2c1', 'mago', 'drenar_mana', 'r2c2'), 'Drenar maná needs a location with units of another tribe', 'r2c2')
  says(s, cast('r2c1', 'mago', 'rayo', 'r2c2'), 'Rayo arcano needs a location with enemy units', 'r2c2')
  says(s, cast('r2c1', 'mago', 'bendicion', 'r3c1'), 'Bendición de batalla needs a location with own units', 'r3c1')
  const jungle = base('r2c1 A 1 chamana', 'A=amazonas@monday B=orcos@thursday')
  says(jungle, cast('r2c1', 'chamana', 'llamada_selva', 'r2c1'), 'Llamada de la selva needs a llanura or desierto location', 'r2c1')
  t.ok(play(jungle, 'A', [cast('r2c1', 'chamana', 'llamada_selva', 'r2c2')]), 'Llamada de la selva on a llanura is cast')
  const forge = base('r2c2 A 1 herrero_runico', 'A=enanos@monday B=orcos@thursday')
  says(forge, cast('r2c2', 'herrero_runico', 'forja_armas', 'r2c2'), 'Forja de armas needs the recruitment phase and a caster in a ciudad', 'r2c2')
})

t.test('W7.8 a lasting effect is never doubled: a location-wide one by anyone, Prisa by the same tribe only', async (t) => {
  const withLasting = (state: OpenState, spell: string, by: string) => {
    const copy = structuredClone(state)
    copy.cells.r2c2!.lasting.push({ spell, tribe: by })
    return copy
  }
  const elves = base('r2c1 A 1 mago\nr2c2 A 1 exploradores')
  for (const spell of ['senda', 'cenagal', 'barrera', 'velo'])
    t.match(
      refusal(withLasting(elves, spell, 'B'), 'A', cast('r2c1', 'mago', spell, 'r2c2')),
      { code: 'cast/already', rule: 'W7.8' },
      `${spell}: B's on r2c2 already`,
    )
  t.ok(play(withLasting(elves, 'prisa', 'B'), 'A', [cast('r2c1', 'mago', 'prisa', 'r2c2')]), "Prisa: B's on r2c2 does not stop A's own")
  t.match(refusal(withLasting(elves, 'prisa', 'A'), 'A', cast('r2c1', 'mago', 'prisa', 'r2c2')), { code: 'cast/already', rule: 'W7.8' }, "but A's own does")
  // Llamada de la selva is never doubled either, but its own W7.2 sees to it first: it makes the llanura a bosque.
  const demons = base('r2c1 A 1 brujo', 'A=demonios@monday B=orcos@thursday')
  t.match(refusal(withLasting(demons, 'corrupcion', 'B'), 'A', cast('r2c1', 'brujo', 'corrupcion', 'r2c2')), { code: 'cast/already' }, 'and corrupcion')
})
