// The board's shared reckonings (src/engine/games/openwars/work.ts), each by the rule it keeps:
// the arguments every order names (W2.1, W4.5, W5.1) and the order they are checked in (W11.28),
// the canonical order of stacks (W11.2), entry costs (W5.3), who may enter (W5.5, W5.6), stacking
// (W5.10), control and riqueza (W2.9, W11.12).
import t, { type Test } from 'tap'
import { kind } from '../../../src/engine/games/openwars/data.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenOrder, OpenState, Stack } from '../../../src/engine/games/openwars/types.ts'
import { entryCost, sortStacks } from '../../../src/engine/games/openwars/work.ts'
import { hmacRng, scriptedRng } from '../../../src/engine/index.ts'
import { inSetup, ofType, open, play, refused, stack, tribe, world } from './dsl.ts'
import { readable } from '../readable.ts'

// r2c4 is a Ciudad mercante (riqueza), r3c3 a Volcán (ceniza), r3c4 a Páramo (desierto, entry 2).
const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci2
  bo1     bo1    mo7    de2
  ll1     ll1    ll1    ci0:B
`
const base = (stacks: string, tribes = 'A=elfos@monday B=orcos@thursday') => open(world(MAP, { tribes, stacks, gold: 50, mana: 10 }), 'A')

/** The whole refusal of an order: its code, rule, message and params. */
function refusal(s: OpenState, id: string, o: unknown) {
  const r = openWars.applyOrder(s, id, o as OpenOrder, hmacRng)
  if (r.ok) throw new Error(`${JSON.stringify(o)} was accepted`)
  return readable(r.error)
}

const move = (from: unknown, k: unknown, count: unknown, path: unknown) => ({ type: 'move', from, kind: k, count, path }) as OpenOrder

t.test('W2.1 W5.1 W4.6 W6.3 W6.4 a location not on the map is refused (location/unknown), naming the field and the location', async (t) => {
  const s = base('r2c1 A 2 exploradores\nr2c1 A 1 arqueros\nr2c3 B 1 goblins')
  const before = structuredClone(s)
  const from = refusal(s, 'A', move('r9c9', 'exploradores', 1, ['r2c2']))
  t.match(from, { code: 'location/unknown', rule: 'W5.1', params: { field: 'from' } })
  t.match(from.message, /^from: no location "r9c9"/, 'the message names the field and the location')
  const path = refusal(s, 'A', move('r2c1', 'exploradores', 1, ['r2c2', 'r2c9']))
  t.match(path, { code: 'location/unknown', rule: 'W5.1', params: { field: 'path[1]' } }, 'the path entry is named by its place')
  t.match(path.message, /path\[1\].*r2c9/)
  for (const id of ['__proto__', 'constructor', 'R2C1', 21, null, ['r2c1']]) {
    const r = refusal(s, 'A', move(id, 'exploradores', 1, ['r2c2']))
    t.match(r, { code: 'location/unknown', params: { field: 'from' } }, `${JSON.stringify(id)} is no cell id of this map`)
    t.ok(r.message.includes(JSON.stringify(id)), `the message quotes ${JSON.stringify(id)}`)
  }
  t.match(refusal(s, 'A', { type: 'recruit', city: 'r0c1', kind: 'exploradores', count: 1 }), {
    code: 'location/unknown',
    rule: 'W4.6',
    params: { field: 'city' },
    message: /city: no location "r0c1"/,
  })
  t.match(refusal(s, 'A', { type: 'aim', from: 'r2c1', kind: 'arqueros', target: 'r4c9' }), {
    code: 'location/unknown',
    rule: 'W6.3',
    params: { field: 'target' },
    message: /target: no location "r4c9"/,
  })
  t.match(refusal(s, 'A', { type: 'setStanding', at: 'r5c1', kind: 'arqueros', order: { modo: 'luchar' } }), {
    code: 'location/unknown',
    rule: 'W6.4',
    params: { field: 'at' },
    message: /at: no location "r5c1"/,
  })
  t.same(s, before, 'the state is unchanged')
  t.equal(stack(play(s, 'A', [move('r2c1', 'exploradores', 1, ['r2c2'])]).state, 'r2c2', 'A', 'exploradores')!.count, 1, 'the same move from r2c1 is taken')
})

t.test('W4.5 a kind outside the tribe roster, or no kind id at all, is refused (order/unknown_kind), naming the field', async (t) => {
  const s = base('r2c1 A 2 exploradores\nr2c1 A 1 mago')
  const other = refusal(s, 'A', move('r2c1', 'goblins', 1, ['r2c2']))
  t.match(other, { code: 'order/unknown_kind', rule: 'W4.5', params: { field: 'kind' } })
  t.match(other.message, /^kind: "goblins" is not a kind of the elfos roster/, 'the message names the field, the kind and the roster')
  for (const k of ['dragones', 'Exploradores', 7, null, ['exploradores']])
    t.match(refusal(s, 'A', move('r2c1', k, 1, ['r2c2'])), { code: 'order/unknown_kind', rule: 'W4.5', params: { field: 'kind' } }, JSON.stringify(k))
  t.match(refusal(s, 'A', { type: 'recruit', city: 'r2c1', kind: 'trolls', count: 1 }), {
    code: 'order/unknown_kind',
    rule: 'W4.5',
    params: { field: 'kind' },
    message: /"trolls"/,
  })
  const celeridad = refusal(s, 'A', { type: 'cast', from: 'r2c1', kind: 'mago', spell: 'celeridad', target: 'r2c1', targetKind: 'goblins' })
  t.match(celeridad, { code: 'order/unknown_kind', rule: 'W4.5', params: { field: 'targetKind' } }, 'Celeridad names its stack by targetKind')
  t.match(celeridad.message, /^targetKind: "goblins"/)
  const r = play(s, 'A', [{ type: 'cast', from: 'r2c1', kind: 'mago', spell: 'celeridad', target: 'r2c1', targetKind: 'exploradores' }])
  t.same(stack(r.state, 'r2c1', 'A', 'exploradores')!.bonus, ['celeridad'], 'a kind of the roster is taken')
})

t.test('W5.1 W5.2 W4.5 a count is a whole number up to the units there (order/bad_count), naming the field', async (t) => {
  const s = base('r2c1 A 2 exploradores')
  const text = refusal(s, 'A', move('r2c1', 'exploradores', '2', ['r2c2']))
  t.match(text, { code: 'order/bad_count', rule: 'W5.1', params: { field: 'count' } })
  t.match(text.message, /^count must be a whole number of 1 or more; got "2"/, 'the message names the field, the range and what came')
  for (const count of [1.5, 0, 3, -1, null, undefined, Number.NaN, [1]])
    t.match(refusal(s, 'A', move('r2c1', 'exploradores', count, ['r2c2'])), { code: 'order/bad_count', params: { field: 'count' } }, String(count))
  t.equal(stack(play(s, 'A', [move('r2c1', 'exploradores', 2, ['r2c2'])]).state, 'r2c2', 'A', 'exploradores')!.count, 2, 'the whole number 2 is taken')
  for (const count of [2.5, '1', 5, 0])
    t.match(
      refusal(s, 'A', { type: 'recruit', city: 'r2c1', kind: 'exploradores', count }),
      { code: 'order/bad_count', rule: 'W4.5', params: { field: 'count' }, message: /count must be a whole number from 1 to 4/ },
      `recruit ${JSON.stringify(count)}`,
    )
  const two = play(s, 'A', [{ type: 'recruit', city: 'r2c1', kind: 'exploradores', count: 2 }]).state
  t.equal(stack(two, 'r2c1', 'A', 'exploradores')!.count, 4, 'recruit 2 is taken')
  t.equal(tribe(s, 'A').gold - tribe(two, 'A').gold, 2 * kind('exploradores').cost, 'at the printed cost each (W4.7)')
})

/** A check of W11.28's order: its name, the fields it spoils, and the refusal it names. */
type Check = [name: string, bad: Record<string, unknown>, named: Record<string, unknown>]

const named = (code: string, rule: string, field?: string) => (field === undefined ? { code, rule } : { code, rule, params: { field } })

/**
 * W11.28: every check alone, and every two of them that spoil different fields, are refused by the
 * check the book puts first (its code, rule and field); the order itself is taken.
 */
function inBookOrder(t: Test, s: OpenState, good: Record<string, unknown>, checks: Check[]) {
  const before = structuredClone(s)
  t.ok(openWars.applyOrder(s, 'A', good as OpenOrder, hmacRng).ok, 'the order itself is taken')
  checks.forEach(([first, bad, refused], i) => {
    t.hasStrict(refusal(s, 'A', { ...good, ...bad }), refused, first)
    for (const [then, worse] of checks.slice(i + 1))
      if (!Object.keys(bad).some((field) => Object.hasOwn(worse, field)))
        t.hasStrict(refusal(s, 'A', { ...good, ...bad, ...worse }), refused, `${first}, then ${then}`)
  })
  t.same(s, before, 'the state is unchanged')
}

t.test("W11.28 W5.1 a move's checks run in the book's order: kind, count, then location, then the move's own rules", async (t) => {
  inBookOrder(t, base('r2c1 A 2 exploradores'), move('r2c1', 'exploradores', 1, ['r2c2']), [
    ['a kind of another roster', { kind: 'goblins' }, named('order/unknown_kind', 'W4.5', 'kind')],
    ['a count of 0', { count: 0 }, named('order/bad_count', 'W5.1', 'count')],
    ['a count that is a string', { count: '1' }, named('order/bad_count', 'W5.1', 'count')],
    ['a from not on the map', { from: 'r9c9' }, named('location/unknown', 'W5.1', 'from')],
    ['a path cell not on the map', { path: ['r2c2', 'r9c9'] }, named('location/unknown', 'W5.1', 'path[1]')],
    ['no path', { path: [] }, named('move/bad_path', 'W5.1', 'path')],
    // The bound needs the stack found at the location, so it comes after the locations.
    ['more units than the stack holds', { count: 3 }, named('order/bad_count', 'W5.1', 'count')],
    ['a first cell not adjacent', { path: ['r2c3'] }, { code: 'move/not_adjacent', rule: 'W5.1', params: { at: 'r2c3' } }],
  ])
})

t.test("W5.1 W5.2 a move's count: a whole number of 1 or more (W5.1), no more than the stack holds (W5.1) nor than its unmoved units (W5.2)", async (t) => {
  const s = base('r2c1 A 2 exploradores\nr3c1 A 2 guardianes')
  // Moved after the opening, which clears the marks (W11.8).
  stack(s, 'r2c1', 'A', 'exploradores')!.moved = 1
  stack(s, 'r3c1', 'A', 'guardianes')!.moved = 2
  const text = refusal(s, 'A', move('r9c9', 'exploradores', '1', ['r2c2']))
  t.hasStrict(text, named('order/bad_count', 'W5.1', 'count'), 'a count that is no number, before the location')
  t.match(text.message, /^count must be a whole number of 1 or more; got "1"/, 'the message names the field and what came')
  const more = refusal(s, 'A', move('r2c1', 'exploradores', 3, ['r2c2']))
  t.hasStrict(more, named('order/bad_count', 'W5.1', 'count'), 'more than the stack holds: W5.1')
  t.match(more.message, /^count must be a whole number from 1 to 2; got 3/)
  const moved = refusal(s, 'A', move('r2c1', 'exploradores', 2, ['r2c2']))
  t.hasStrict(moved, named('order/bad_count', 'W5.2', 'count'), 'the stack holds them, but one has moved: W5.2')
  t.match(moved.message, /^count must be a whole number from 1 to 1; got 2/)
  const none = refusal(s, 'A', move('r3c1', 'guardianes', 1, ['r4c1']))
  t.hasStrict(none, named('move/no_units', 'W5.2'), 'every unit of the stack has moved: W5.2')
  t.match(none.message, /has no unmoved Guardianes del bosque in r3c1/)
  t.hasStrict(refusal(s, 'A', move('r3c1', 'guardianes', 3, ['r4c1'])), named('order/bad_count', 'W5.1', 'count'), 'and more than it holds: W5.1')
  const empty = refusal(s, 'A', move('r2c2', 'exploradores', 1, ['r2c3']))
  t.hasStrict(empty, named('move/no_units', 'W5.1'), 'no stack of the kind there: W5.1')
  t.match(empty.message, /has no Exploradores in r2c2$/)
  t.equal(stack(play(s, 'A', [move('r2c1', 'exploradores', 1, ['r2c2'])]).state, 'r2c2', 'A', 'exploradores')!.count, 1, 'the unmoved unit is taken')
})

t.test("W11.28 W6.3 a volley's checks run in the book's order: kind, then its locations, then the volley's own rules", async (t) => {
  const s = base('r2c1 A 1 arqueros\nr2c1 A 1 guardianes\nr2c3 B 1 goblins')
  inBookOrder(t, s, { type: 'aim', from: 'r2c1', kind: 'arqueros', target: 'r2c3' }, [
    ['a kind of another roster', { kind: 'goblins' }, named('order/unknown_kind', 'W4.5', 'kind')],
    ['a from not on the map', { from: 'r9c9' }, named('location/unknown', 'W6.3', 'from')],
    ['a target not on the map', { target: 'r4c9' }, named('location/unknown', 'W6.3', 'target')],
    ['no unit there', { from: 'r2c2' }, named('aim/no_units', 'W6.3')],
    ['a kind of range 0', { kind: 'guardianes' }, named('aim/no_range', 'W6.3')],
  ])
})

t.test("W11.28 W7.5 W4.5 a cast's checks run in the book's order: kinds, Pacto de sangre's count, then its locations, then the cast's own rules", async (t) => {
  const celeridad = { type: 'cast', from: 'r2c1', kind: 'mago', spell: 'celeridad', target: 'r2c1', targetKind: 'guardianes' }
  inBookOrder(t, base('r2c1 A 1 mago\nr2c1 A 1 guardianes'), celeridad, [
    ['a kind of another roster', { kind: 'goblins' }, named('order/unknown_kind', 'W4.5', 'kind')],
    ['a targetKind of another roster', { targetKind: 'goblins' }, named('order/unknown_kind', 'W4.5', 'targetKind')],
    ['a from not on the map', { from: 'r9c9' }, named('location/unknown', 'W7.4', 'from')],
    ['a target not on the map', { target: 'r4c9' }, named('location/unknown', 'W7.4', 'target')],
    ['a kind that is no mágica', { kind: 'guardianes' }, named('cast/no_caster', 'W7.1')],
  ])
  const demonios = open(world(MAP, { tribes: 'A=demonios@monday B=orcos@thursday', stacks: 'r2c1 A 1 brujo\nr2c1 A 2 cultistas', gold: 50 }), 'A')
  inBookOrder(t, demonios, { type: 'cast', from: 'r2c1', kind: 'brujo', spell: 'pacto_sangre', target: 'r2c1', count: 2 }, [
    ['a kind of another roster', { kind: 'goblins' }, named('order/unknown_kind', 'W4.5', 'kind')],
    ['a count of 3', { count: 3 }, named('cast/target', 'W7.5', 'count')],
    ['a count that is a string', { count: '1' }, named('cast/target', 'W7.5', 'count')],
    ['a from not on the map', { from: 'r9c9' }, named('location/unknown', 'W7.4', 'from')],
    ['a target not on the map', { target: 'r4c9' }, named('location/unknown', 'W7.4', 'target')],
    ['a kind that is no mágica', { kind: 'cultistas' }, named('cast/no_caster', 'W7.1')],
  ])
  const enanos = open(world(MAP, { tribes: 'A=enanos@monday B=orcos@thursday', stacks: 'r2c1 A 1 herrero_runico', mana: 10 }), 'A')
  const runa = { type: 'cast', from: 'r2c1', kind: 'herrero_runico', spell: 'runa_piedra', target: 'r2c1' }
  t.hasStrict(refusal(enanos, 'A', runa), named('cast/prepared_only', 'W7.7'), 'a prepared-only spell')
  t.hasStrict(refusal(enanos, 'A', { ...runa, kind: 'goblins' }), named('order/unknown_kind', 'W4.5', 'kind'), 'its kind first')
  t.hasStrict(refusal(enanos, 'A', { ...runa, from: 'r9c9' }), named('location/unknown', 'W7.4', 'from'), 'then its location')
})

t.test("W11.28 W2.8 W7.1 W7.2 W7.3 W7.4 W7.6 W7.7 a cast's own rules in the book's order, whatever fails beside", async (t) => {
  const elves = base('r2c1 A 1 mago\nr2c1 A 1 guardianes\nr3c4 B 1 goblins')
  elves.cells.r1c1!.card = 'ag4'
  const spell = (kind: string, name: string, target: string, more: object = {}) => ({ type: 'cast', from: 'r2c1', kind, spell: name, target, ...more })
  const first = (s: OpenState, o: Record<string, unknown>, code: string, rule: string, why: string) => t.hasStrict(refusal(s, 'A', o), { code, rule }, why)
  first(elves, spell('guardianes', 'maldicion', 'r1c1'), 'cast/hidden', 'W2.8', 'into niebla (W2.8), by a kind that is no mágica (W7.1)')
  first(elves, spell('mago', 'grito_guerra', 'r2c2'), 'cast/not_your_spell', 'W7.1', 'an Orcos spell (W7.1) at a location without own units (W7.2)')
  const poor = structuredClone(elves)
  tribe(poor, 'A').mana = 0
  first(poor, spell('mago', 'prisa', 'r2c2'), 'cast/target', 'W7.2', 'Prisa at a location without own units (W7.2), with no mana (W7.3)')
  first(poor, spell('mago', 'senda', 'r2c4'), 'cast/mana', 'W7.3', 'no mana (W7.3) for a target out of range (W7.4)')
  const away = structuredClone(elves)
  away.cells.r2c1!.controller = 'B'
  first(
    away,
    spell('mago', 'senda', 'r2c4'),
    'cast/not_controlled',
    'W7.4',
    'an uncontrolled caster location and a target out of range: both W7.4, control first',
  )
  const dwarves = base('r2c1 A 1 herrero_runico', 'A=enanos@monday B=orcos@thursday')
  const moved = play(dwarves, 'A', [{ type: 'move', from: 'r2c1', kind: 'herrero_runico', count: 1, path: ['r2c2'] }]).state
  first(
    moved,
    { ...spell('herrero_runico', 'runa_piedra', 'r2c2'), from: 'r2c2' },
    'cast/moved',
    'W7.6',
    'a moved caster (W7.6) of a prepared-only spell (W7.7)',
  )
  const demons = base('r2c1 A 1 brujo\nr2c1 A 1 cultistas', 'A=demonios@monday B=orcos@thursday')
  const pact = spell('brujo', 'pacto_sangre', 'r2c1', { count: 1 })
  t.hasStrict(
    refusal(demons, 'A', { ...pact, targetKind: 'goblins' }),
    named('order/unknown_kind', 'W4.5', 'targetKind'),
    "Pacto de sangre's targetKind is a kind of its roster",
  )
  demons.cells.r2c1!.controller = 'B'
  first(demons, { ...pact, count: 2 }, 'cast/target', 'W7.2', 'two units asked of one (W7.2), in an uncontrolled location (W7.4)')
})

t.test("W11.28 W3.5 W4.5 a starting army's kinds are checked before its counts, whichever entry comes first", async (t) => {
  const setup = inSetup()
  const army = (a: Record<string, unknown>) => refusal(setup, 'A', { type: 'setArmy', army: a })
  t.hasStrict(army({ guerreras: -1 }), named('setup/bad_army', 'W3.5'), 'a count that is no whole number')
  t.hasStrict(army({ guerreras: 5 }), named('setup/bad_army', 'W3.5'), 'a count above the limit')
  for (const a of [
    { goblins: 1, guerreras: -1 },
    { guerreras: -1, goblins: 1 },
    { guerreras: 5, goblins: 1 },
    { guerreras: 1.5, goblins: 0 },
  ])
    t.hasStrict(army(a), named('order/unknown_kind', 'W4.5', 'army.goblins'), JSON.stringify(a))
  t.ok(openWars.applyOrder(setup, 'A', { type: 'setArmy', army: { guerreras: 2 } }, hmacRng).ok, 'the army itself is taken')
})

t.test('W11.2 the canonical order of tribes: join order before the weekdays are assigned (round 0), weekday order after', async (t) => {
  // A joined first; B has the earlier weekday.
  const s = world(MAP, { tribes: 'A=elfos@thursday B=orcos@monday', round: 0 })
  const at = (tribe: string, k: string): Stack => ({ tribe, kind: k, count: 1, moved: 0, damage: 0, order: null, bonus: [] })
  const stacks = [at('B', 'goblins'), at('A', 'mago'), at('A', 'arqueros')]
  sortStacks(s, stacks)
  t.same(
    stacks.map((x) => `${x.tribe}:${x.kind}`),
    ['A:arqueros', 'A:mago', 'B:goblins'],
    'round 0: join order, then kind id',
  )
  s.round = 1
  sortStacks(s, stacks)
  t.same(
    stacks.map((x) => `${x.tribe}:${x.kind}`),
    ['B:goblins', 'A:arqueros', 'A:mago'],
    'from round 1: weekday order, then kind id',
  )
})

t.test('W11.2 the board lists a location’s stacks by tribe in weekday order, then kind id, whatever order they came in', async (t) => {
  // A joined first but plays on Thursday; B, on Monday, moves into A's location.
  let s = world(MAP, { tribes: 'A=elfos@thursday B=orcos@monday', stacks: 'r2c2 A 1 exploradores\nr2c3 B 1 guerreros_orcos\nr2c3 B 1 goblins' })
  s = open(s, 'B')
  const listed = (st: OpenState, at: string) =>
    openWars
      .board(st, null)
      .cells.find((c) => c.id === at)!
      .stacks.map((x) => `${x.tribe}:${x.kind}`)
  const r = play(s, 'B', [move('r2c3', 'guerreros_orcos', 1, ['r2c2']), move('r2c3', 'goblins', 1, ['r2c2'])]).state
  t.same(listed(r, 'r2c2'), ['B:goblins', 'B:guerreros_orcos', 'A:exploradores'], 'Monday before Thursday; goblins before guerreros_orcos')
  const back = play(s, 'B', [move('r2c3', 'goblins', 1, ['r2c2']), move('r2c3', 'guerreros_orcos', 1, ['r2c2'])]).state
  t.same(listed(back, 'r2c2'), listed(r, 'r2c2'), 'the other arrival order lists the same')
})

t.test('W6.7 W10.5 W11.2 stacks tied on initiative, rank and cost roll off in canonical order, by kind id, whichever arrived first', async (t) => {
  // Berserkers and Jinetes nómadas: initiative 4, normal, cost 12. The Guardianes (cost 9) come after.
  const s = open(world(MAP, { tribes: 'A=barbaros@monday B=elfos@thursday', stacks: 'r2c1 A 1 nomadas\nr2c1 A 1 berserkers\nr2c2 B 1 guardianes' }), 'A')
  const battle = (first: string, second: string, dice: number[]) =>
    ofType(play(s, 'A', [move('r2c1', first, 1, ['r2c2']), move('r2c1', second, 1, ['r2c2']), { type: 'endTurn' }], scriptedRng(dice)).events, 'battle')[0]!
  for (const [first, second] of [
    ['nomadas', 'berserkers'],
    ['berserkers', 'nomadas'],
  ]) {
    const six = battle(first!, second!, [6, 1])
    t.same(
      six.rolls.map((d) => [d.counter, d.face]),
      [
        [0, 6],
        [1, 1],
      ],
      `${first} first: the roll-off draws dice #0 and #1`,
    )
    t.same(six.order, ['A:berserkers', 'A:nomadas', 'B:guardianes'], `${first} first: die #0 (a 6) is the berserkers', the first kind id`)
    t.same(battle(first!, second!, [1, 6]).order.slice(0, 2), ['A:nomadas', 'A:berserkers'], `${first} first: die #1 (a 6) is the nómadas'`)
  }
})

t.test('W2.8 Velo de niebla makes its location niebla and nothing more: no volley at it; volleys from it and paths through it go on', async (t) => {
  const s = base('r2c1 A 1 arqueros\nr2c1 A 1 exploradores\nr2c3 B 1 goblins')
  const aimAt = { type: 'aim', from: 'r2c1', kind: 'arqueros', target: 'r2c3' } as const
  t.ok(play(s, 'A', [aimAt]), 'an open location may be targeted')
  const veiled = structuredClone(s)
  veiled.cells.r2c3!.lasting.push({ spell: 'velo', tribe: 'B' })
  t.match(refused(veiled, 'A', aimAt), { code: 'aim/hidden', rule: 'W2.8' }, 'Appendix C: under Velo it is niebla')
  const own = structuredClone(s)
  own.cells.r2c1!.lasting.push({ spell: 'velo', tribe: 'A' })
  own.cells.r2c2!.lasting.push({ spell: 'velo', tribe: 'A' })
  const r = play(own, 'A', [aimAt, move('r2c1', 'exploradores', 1, ['r2c2', 'r3c2'])]).state
  t.same(r.declared, [{ what: 'volley', from: 'r2c1', kind: 'arqueros', target: 'r2c3', units: 1 }], 'a veiled location is no tormenta: volleys leave it')
  t.equal(stack(r, 'r3c2', 'A', 'exploradores')!.count, 1, 'nor detiene: a path goes through it')
})

t.test(
  'W5.3 W2.7 W1.10 W11.21 entry costs: no terrain bonus for mágica or voladora units; Hijas de la selva into bosque only; Senda, Cenagal, Llamada de la selva',
  async (t) => {
    const s = base('r2c1 A 1 exploradores')
    const cost = (at: string, k: string) => entryCost(s, s.cells[at]!, kind(k))
    // Arboleda (bosque, 2), Páramo (desierto, 2), Volcán (montaña, 3).
    t.equal(cost('r3c1', 'guerreras'), 1, 'an Amazonas bosque unit into Arboleda: the terrain bonus')
    t.equal(cost('r3c1', 'jinetes_jaguar'), 1, 'an Amazonas llanura unit into Arboleda: Hijas de la selva')
    t.equal(cost('r3c1', 'chamana'), 2, 'the Amazonas mágica unit into Arboleda: no bonus (W1.10 neither mágica nor voladora)')
    t.equal(cost('r3c1', 'aguilas'), 2, 'nor the voladora one')
    t.equal(cost('r3c4', 'jinetes_jaguar'), 2, 'Hijas de la selva is for bosque only: Páramo costs its 2')
    t.equal(cost('r3c3', 'guerreras'), 3, 'and Volcán its 3')
    t.equal(cost('r3c3', 'diablillos'), 3, 'a voladora unit pays every printed cost')
    t.equal(cost('r3c3', 'orcos_negros'), 2, 'a montaña unit into Volcán: 1 less')
    s.cells.r3c3!.lasting.push({ spell: 'senda', tribe: 'B' })
    t.equal(cost('r3c3', 'exploradores'), 2, 'Senda: 1 lower')
    t.equal(cost('r3c3', 'orcos_negros'), 1, 'Senda and the terrain bonus add up')
    t.equal(cost('r3c3', 'herrero_runico'), 2, 'Senda for a mágica unit: 1 lower, no bonus')
    s.cells.r3c4!.lasting.push({ spell: 'cenagal', tribe: 'B' })
    t.equal(cost('r3c4', 'exploradores'), 3, 'Cenagal: 1 higher')
    t.equal(cost('r3c4', 'nomadas'), 2, 'Cenagal less the terrain bonus of a desierto unit')
    s.cells.r3c1!.lasting.push({ spell: 'cenagal', tribe: 'A' })
    t.equal(cost('r3c1', 'guardianes'), 2, 'Cenagal on Arboleda: 2 + 1 − 1 for a bosque unit')
    const called = base('r2c1 A 1 exploradores')
    called.cells.r3c4!.lasting.push({ spell: 'llamada_selva', tribe: 'B' })
    const callCost = (k: string) => entryCost(called, called.cells.r3c4!, kind(k))
    t.equal(callCost('guardianes'), 1, 'Llamada de la selva: Páramo is bosque for a bosque unit')
    t.equal(callCost('guerreras'), 1, 'and for Hijas de la selva')
    t.equal(callCost('nomadas'), 2, 'a desierto unit loses its bonus there')
    t.equal(callCost('exploradores'), 2, 'the printed cost stays')
  },
)

t.test('W5.3 W5.4 a move pays those costs: two Arboledas are 4 for the Chamana, 2 for the Guerreras', async (t) => {
  const s = open(world(MAP, { tribes: 'A=amazonas@monday B=orcos@thursday', stacks: 'r2c1 A 1 chamana\nr2c1 A 1 guerreras' }), 'A')
  t.match(refused(s, 'A', move('r2c1', 'chamana', 1, ['r3c1', 'r3c2'])), { code: 'move/points', rule: 'W5.4' }, 'mágica: 2 + 2 > 3')
  t.equal(stack(play(s, 'A', [move('r2c1', 'guerreras', 1, ['r3c1', 'r3c2'])]).state, 'r3c2', 'A', 'guerreras')!.count, 1, 'bosque: 1 + 1 ≤ 3')
  const paramo = structuredClone(s)
  paramo.cells.r3c1!.card = 'de2'
  paramo.cells.r3c2!.card = 'de2'
  t.match(refused(paramo, 'A', move('r2c1', 'guerreras', 1, ['r3c1', 'r3c2'])), { code: 'move/points' }, 'two Páramos: 2 + 2 > 3')
  paramo.cells.r3c1!.lasting.push({ spell: 'llamada_selva', tribe: 'A' })
  paramo.cells.r3c2!.lasting.push({ spell: 'llamada_selva', tribe: 'A' })
  t.ok(play(paramo, 'A', [move('r2c1', 'guerreras', 1, ['r3c1', 'r3c2'])]), 'under Llamada de la selva they are bosque: 1 + 1')
})

t.test('W5.6 W5.5 ceniza bars voladora units only; only another tribe’s Barrera bars, and no other lasting spell does', async (t) => {
  const volcan = base('r2c3 A 1 exploradores')
  t.equal(
    stack(play(volcan, 'A', [move('r2c3', 'exploradores', 1, ['r3c3'])]).state, 'r3c3', 'A', 'exploradores')!.count,
    1,
    'Volcán (ceniza) takes a llanura unit',
  )
  const amazonas = open(world(MAP, { tribes: 'A=amazonas@monday B=orcos@thursday', stacks: 'r2c3 A 1 aguilas\nr2c3 A 1 guerreras' }), 'A')
  t.match(refused(amazonas, 'A', move('r2c3', 'aguilas', 1, ['r3c3'])), { code: 'move/barred', rule: 'W5.6' }, 'but not a voladora one')
  t.ok(play(amazonas, 'A', [move('r2c3', 'guerreras', 1, ['r3c3'])]), 'a bosque unit enters it')
  const s = base('r2c2 A 2 exploradores')
  const own = structuredClone(s)
  own.cells.r2c3!.lasting.push({ spell: 'barrera', tribe: 'A' })
  t.equal(stack(play(own, 'A', [move('r2c2', 'exploradores', 2, ['r2c3'])]).state, 'r2c3', 'A', 'exploradores')!.count, 2, 'its own Barrera lets a tribe in')
  for (const spell of ['senda', 'cenagal', 'prisa', 'velo']) {
    const other = structuredClone(s)
    other.cells.r2c3!.lasting.push({ spell, tribe: 'B' })
    t.ok(play(other, 'A', [move('r2c2', 'exploradores', 1, ['r2c3'])]), `another tribe's ${spell} bars nothing`)
  }
  const barred = structuredClone(s)
  barred.cells.r2c3!.lasting.push({ spell: 'barrera', tribe: 'B' })
  t.match(refused(barred, 'A', move('r2c2', 'exploradores', 1, ['r2c3'])), { code: 'move/barred', rule: 'W5.6' }, "another tribe's Barrera bars")
})

t.test('W5.10 W5.11 W4.9 one mágica unit per tribe in a location, whatever its kind: the Liche and a Nigromante never share one', async (t) => {
  const stacks = 'r2c1 A 1 liche\nr2c2 A 1 nigromante\nr2c3 B 1 mago'
  const s = open(world(MAP, { tribes: 'A=no_muertos@monday B=elfos@thursday', stacks, gold: 50 }), 'A')
  t.match(refused(s, 'A', move('r2c2', 'nigromante', 1, ['r2c1'])), { code: 'move/stacking', rule: 'W5.10' }, 'a Nigromante into the Liche’s location')
  t.match(refused(s, 'A', move('r2c1', 'liche', 1, ['r2c2'])), { code: 'move/stacking', rule: 'W5.10' }, 'the Liche into the Nigromante’s')
  t.match(
    refused(s, 'A', { type: 'recruit', city: 'r2c1', kind: 'nigromante', count: 1 }),
    { code: 'recruit/stacking', rule: 'W4.9' },
    'nor recruited beside it',
  )
  t.ok(play(s, 'A', [move('r2c1', 'liche', 1, ['r2c2', 'r2c1'])]), 'passing through does not count (W5.11)')
  const r = play(s, 'A', [move('r2c2', 'nigromante', 1, ['r2c3'])]).state
  t.same(r.contested, ['r2c3'], 'another tribe’s mage does not count: each tribe’s limits are separate')
})

t.test('W2.9 W5.8 W2.8 W11.12 riqueza pays 4 gold to a tribe that takes it from another; an uncontrolled or own one pays nothing', async (t) => {
  const s = base('r2c3 A 1 exploradores')
  const into = (controller: string | null, card = 'ci2') => {
    const before = structuredClone(s)
    before.cells.r2c4!.controller = controller
    before.cells.r2c4!.card = card
    const after = play(before, 'A', [move('r2c3', 'exploradores', 1, ['r2c4'])]).state
    t.equal(after.cells.r2c4!.controller, 'A', `${card} of ${controller ?? 'nobody'}: A controls it`)
    return tribe(after, 'A').gold - tribe(before, 'A').gold
  }
  t.equal(into('B'), 4, 'taken from another tribe: 4 gold')
  t.equal(into(null), 0, 'an uncontrolled riqueza location: nothing')
  t.equal(into('A'), 0, 'its own: nothing, it keeps control')
  t.equal(into('B', 'ci1'), 0, 'a Villa (no riqueza) taken from another tribe: nothing')
})

// The states below are built directly: the rules never leave an empty stack on the map (W11.9)
// and never give two tribes one faction (W1.1), but the reckonings must still read them right.
t.test('W5.7 W2.9 W6.13 a stack without units is no presence: it engages nothing and the mover takes control', async (t) => {
  const s = base('r2c1 A 2 exploradores\nr2c2 B 0 goblins control=no')
  const through = play(s, 'A', [move('r2c1', 'exploradores', 1, ['r2c2', 'r2c3'])]).state
  t.equal(stack(through, 'r2c3', 'A', 'exploradores')!.count, 1, 'a path passes through it')
  const there = play(s, 'A', [move('r2c1', 'exploradores', 1, ['r2c2'])]).state
  t.same(there.contested, [], 'entering it contests nothing')
  t.equal(there.cells.r2c2!.controller, 'A', 'the mover takes control')
})

t.test('W5.9 W5.8 a stack is one tribe’s: arriving units never join another tribe’s stack of their kind', async (t) => {
  const s = base('r2c1 A 1 exploradores\nr2c2 B 2 exploradores', 'A=elfos@monday B=elfos@thursday')
  const r = play(s, 'A', [move('r2c1', 'exploradores', 1, ['r2c2'])]).state
  t.equal(stack(r, 'r2c2', 'A', 'exploradores')!.count, 1, 'A forms its own stack')
  t.equal(stack(r, 'r2c2', 'B', 'exploradores')!.count, 2, 'B’s stays as it was')
  t.same(r.contested, ['r2c2'], 'and the location is contested')
})
