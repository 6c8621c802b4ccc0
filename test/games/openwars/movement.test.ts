// W5: moves, entry costs with the terrain bonus, water and air, engagement, arrival, stacking.
import t from 'tap'
import { kind } from '../../../src/engine/games/openwars/data.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { neighbours } from '../../../src/engine/games/openwars/map.ts'
import { movePaths } from '../../../src/engine/games/openwars/options.ts'
import { movementOf } from '../../../src/engine/games/openwars/orders.ts'
import { entryCost, grid, Work } from '../../../src/engine/games/openwars/work.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { open, play, refusal, refused, stack, tribe, world } from './dsl.ts'

// r2c1 and r2c4 are ports; the sea runs along row 1.
const MAP = `
  ag7     ag1    ag5   ag1
  ci0:A   ll7    ll6   ci2:B
  bo1     mo7    de2   bo6
  ll1     ll1    ll1   ll1
`
const base = (stacks: string, tribes = 'A=elfos@monday B=orcos@thursday') => open(world(MAP, { tribes, stacks, gold: 50, mana: 10 }), 'A')

t.test('W5.3 W2.7 W11.21 the terrain bonus: 1 less into a location of the unit type, never below 1', async (t) => {
  const s = base('r2c1 A 1 arqueros')
  const cost = (at: string, k: string) => entryCost(s, s.cells[at]!, kind(k))
  t.equal(cost('r3c1', 'arqueros'), 1, 'a bosque unit into Arboleda (2)')
  t.equal(cost('r3c1', 'exploradores'), 2, 'a llanura unit pays the printed cost')
  t.equal(cost('r2c2', 'exploradores'), 1, 'never below 1')
  t.equal(cost('r3c1', 'mago'), 2, 'mágica units never get it')
  t.equal(cost('r1c2', 'nave_cisne'), 1, 'W2.7 (clarified) it applies to agua too')
  t.equal(cost('r3c1', 'jinetes_jaguar'), 1, 'W1.10 Hijas de la selva: any Amazonas unit into bosque')
  t.equal(cost('r3c1', 'aguilas'), 2, 'but not a voladora one')
  s.cells.r2c2!.lasting.push({ spell: 'senda', tribe: 'A' })
  t.equal(cost('r2c2', 'mago'), 1, 'W11.21 Senda on a cost-1 location still costs 1')
  s.cells.r3c1!.lasting.push({ spell: 'cenagal', tribe: 'A' })
  t.equal(cost('r3c1', 'mago'), 3, 'Cenagal: 1 higher')
  s.cells.r4c1!.lasting.push({ spell: 'llamada_selva', tribe: 'A' })
  t.equal(cost('r4c1', 'arqueros'), 1, 'Llamada de la selva: bosque for every rule')
  t.equal(cost('r4c1', 'exploradores'), 1, 'its printed cost stays')
})

t.test('W5.1 W5.4 W5.2 W11.22 a path, its points, one move per unit', async (t) => {
  const s = base('r2c1 A 2 exploradores')
  t.match(refused(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r2c3'] }), { code: 'move/not_adjacent', rule: 'W5.1' })
  t.match(refused(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: [] }), { code: 'move/bad_path' })
  t.match(refused(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r9c9'] }), { code: 'location/unknown' })
  t.match(refused(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 3, path: ['r2c2'] }), { code: 'order/bad_count' })
  t.match(refused(s, 'A', { type: 'move', from: 'r2c1', kind: 'goblins', count: 1, path: ['r2c2'] }), { code: 'order/unknown_kind', rule: 'W4.5' })
  t.match(refusal(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r3c1', 'r4c1', 'r4c2', 'r4c3', 'r4c4'] }), {
    code: 'move/points',
    rule: 'W5.4',
    params: { cost: 6, points: kind('exploradores').mov },
    message: `the path costs 6 movement; Exploradores has ${kind('exploradores').mov}: it would be stranded`,
  })
  const r = play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r2c2', 'r2c1', 'r2c2'] }])
  t.equal(stack(r.state, 'r2c2', 'A', 'exploradores')!.moved, 1, 'W11.22 a path may revisit locations')
  t.match(refused(r.state, 'A', { type: 'move', from: 'r2c2', kind: 'exploradores', count: 1, path: ['r2c1'] }), { code: 'move/no_units', rule: 'W5.2' })
})

t.test('W5.12 W11.3 W11.29 corriente and caminos add a point to moves that start there', async (t) => {
  const s = base('r2c2 A 1 guardianes\nr1c1 A 1 nave_cisne')
  t.ok(play(s, 'A', [{ type: 'move', from: 'r2c2', kind: 'guardianes', count: 1, path: ['r2c1', 'r3c1', 'r4c1'] }]), 'caminos: 1 + 1 + 1 + 1 = 4 points')
  t.ok(play(s, 'A', [{ type: 'move', from: 'r1c1', kind: 'nave_cisne', count: 1, path: ['r1c2', 'r1c3'] }]), 'corriente for agua units')
  const far = play(s, 'A', [{ type: 'move', from: 'r1c1', kind: 'nave_cisne', count: 1, path: ['r1c2', 'r1c3'] }]).state
  t.equal(stack(far, 'r1c3', 'A', 'nave_cisne')!.count, 1)
})

t.test('W5.5 W2.5 water and air', async (t) => {
  const s = base('r2c1 A 1 exploradores\nr1c1 A 1 nave_cisne', 'A=elfos@monday B=amazonas@thursday')
  t.match(refusal(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r1c1'] }), {
    code: 'move/barred',
    rule: 'W5.5',
    params: { at: 'r1c1' },
  })
  t.match(refused(s, 'A', { type: 'move', from: 'r1c1', kind: 'nave_cisne', count: 1, path: ['r2c1'] }), { code: 'move/barred', rule: 'W5.5' })
  const b = open(world(MAP, { tribes: 'B=amazonas@monday A=elfos@thursday', stacks: 'r2c1 B 1 canoas\nr2c1 B 1 aguilas' }), 'B')
  t.ok(play(b, 'B', [{ type: 'move', from: 'r2c1', kind: 'canoas', count: 1, path: ['r1c1', 'r1c2'] }]), 'Anfibio enters water')
  t.ok(play(b, 'B', [{ type: 'move', from: 'r2c1', kind: 'aguilas', count: 1, path: ['r1c1'] }]), 'voladora enters water')
  t.match(
    refused(b, 'B', { type: 'move', from: 'r2c1', kind: 'aguilas', count: 1, path: ['r2c2', 'r3c2'] }),
    { code: 'move/barred', rule: 'W5.6' },
    'ceniza bars voladora',
  )
})

t.test('W5.6 detiene ends a move; another tribe Barrera bars it', async (t) => {
  const s = base('r2c1 A 1 exploradores')
  t.match(refusal(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r2c2', 'r2c3', 'r3c3'] }), {
    code: 'move/detiene',
    rule: 'W5.6',
    params: { at: 'r2c3' },
  })
  t.ok(play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r2c2', 'r2c3'] }]))
  s.cells.r2c2!.lasting.push({ spell: 'barrera', tribe: 'B' })
  t.match(refused(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r2c2'] }), { code: 'move/barred', rule: 'W5.6' })
})

t.test('W5.7 W5.8 engagement, arrival and control; riqueza pays', async (t) => {
  const s = base('r2c1 A 2 exploradores\nr2c1 A 1 arqueros\nr2c3 B 1 goblins\nr4c1 B 1 goblins')
  t.match(refusal(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r3c1', 'r4c1', 'r4c2'] }), {
    code: 'move/engaged',
    rule: 'W5.7',
    params: { at: 'r4c1' },
  })
  const r = play(s, 'A', [
    { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r2c2', 'r2c3'] },
    { type: 'move', from: 'r2c1', kind: 'arqueros', count: 1, path: ['r2c2', 'r2c3'] },
  ]).state
  t.same(r.contested, ['r2c3'], 'contested once; the second stack joins')
  t.equal(r.cells.r2c3!.controller, 'B', 'no control while contested')
  t.equal(r.cells.r2c2!.controller, null, 'cells passed through are not claimed')
  const rich = play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r3c1', 'r4c1', 'r4c2', 'r4c3', 'r4c4'].slice(0, 1) }]).state
  t.equal(rich.cells.r3c1!.controller, 'A', 'the last cell is taken')
  const s2 = base('r3c4 A 1 exploradores')
  s2.cells.r2c4!.controller = 'B'
  const took = play(s2, 'A', [{ type: 'move', from: 'r3c4', kind: 'exploradores', count: 1, path: ['r2c4'] }]).state
  t.equal(tribe(took, 'A').gold - tribe(s2, 'A').gold, 4, 'W2.8 riqueza: 4 gold on taking it from another tribe')
})

t.test('W5.9 W5.10 W5.11 stacking limits where units stop', async (t) => {
  const s = base('r2c1 A 4 exploradores\nr2c2 A 1 exploradores\nr2c1 A 1 mago\nr3c1 A 1 mago control=no')
  t.match(refused(s, 'A', { type: 'move', from: 'r2c2', kind: 'exploradores', count: 1, path: ['r2c1'] }), { code: 'move/stacking', rule: 'W5.10' })
  t.match(refused(s, 'A', { type: 'move', from: 'r3c1', kind: 'mago', count: 1, path: ['r2c1'] }), { code: 'move/stacking' })
  t.ok(
    play(s, 'A', [{ type: 'move', from: 'r2c2', kind: 'exploradores', count: 1, path: ['r2c1', 'r2c2', 'r2c1', 'r2c2'] }]),
    'cells passed through do not count',
  )
})

t.test('W5.1 W5.4 W5.6 the turn page reaches every location a path reaches, each by its fewest steps', async (t) => {
  const s = base('r2c1 A 2 exploradores\nr4c1 B 1 guerreros_orcos', 'A=elfos@monday B=orcos@thursday')
  const found = movePaths(s, 'A', 'r2c1', 'exploradores', 2)
  // Every path of up to six steps (a path may revisit, W11.22), asked of the rules one by one.
  const fewest = new Map<string, number>()
  let paths: string[][] = [[]]
  for (let steps = 1; steps <= 6; steps++) {
    paths = paths.flatMap((p) => neighbours(grid(s), p.at(-1) ?? 'r2c1').map((n) => [...p, n]))
    for (const p of paths) {
      const to = p.at(-1)!
      if (to === 'r2c1' || fewest.has(to)) continue
      if (openWars.applyOrder(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 2, path: p }, hmacRng).ok) fewest.set(to, steps)
    }
  }
  t.ok(fewest.size >= 4, `the rules let the scouts reach ${fewest.size} locations`)
  t.same([...found.keys()].sort(), [...fewest.keys()].sort(), 'the same locations as every path the rules accept')
  for (const [to, path] of found) {
    t.equal(path.at(-1), to, `${to}: the path ends there`)
    t.equal(path.length, fewest.get(to), `${to}: in ${fewest.get(to)} steps, the fewest`)
    t.ok(play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'exploradores', count: 2, path }]), `${to}: the rules take it`)
  }
  t.notOk(found.has('r1c1'), 'never into the sea (W5.5)')
  t.notOk(
    [...found.values()].some((p) => p.slice(0, -1).includes('r2c3')),
    'nor through the location that stops every move (W5.6)',
  )
  t.ok(found.has('r4c1'), 'into the enemy stack, as its last location (W5.7)')
  t.notOk(
    [...found.values()].some((p) => p.slice(0, -1).includes('r4c1')),
    'but never past it',
  )
  t.same(movePaths(s, 'A', 'r2c1', 'exploradores', 3), new Map(), 'more units than the stack has: nowhere')
  t.same(movePaths(s, 'A', 'r9c9', 'exploradores', 1), new Map(), 'from no location: nowhere')
})

t.test('W5.10 the turn page passes through a location its stack would overfill, and never ends there', async (t) => {
  // Three scouts already hold the Arboleda south of the city: two more would make five, one more four.
  const s = base('r2c1 A 2 exploradores\nr3c1 A 3 exploradores')
  t.match(refused(s, 'A', { type: 'move', from: 'r2c1', kind: 'exploradores', count: 2, path: ['r3c1'] }), { code: 'move/stacking', rule: 'W5.10' })
  const two = movePaths(s, 'A', 'r2c1', 'exploradores', 2)
  t.notOk(two.has('r3c1'), 'two scouts are not offered the full location')
  const through = [...two].filter(([, path]) => path.slice(0, -1).includes('r3c1'))
  t.ok(through.length > 0, `but reach beyond it through it: ${through.map(([to, path]) => `${to} by ${path.join('>')}`).join('; ')}`)
  for (const [to, path] of through) t.ok(play(s, 'A', [{ type: 'move', from: 'r2c1', kind: 'exploradores', count: 2, path }]), `${to}: the rules take it`)
  t.equal(movePaths(s, 'A', 'r2c1', 'exploradores', 1).get('r3c1')?.length, 1, 'one scout may end there, a step away')
})

t.test("W11.28 W5.4 W5.5 W5.6 W5.7 a move's own rules in the book's order, each over the whole path", async (t) => {
  const move = (path: string[], from = 'r2c1') => ({ type: 'move' as const, from, kind: 'exploradores', count: 1, path })
  const s = base('r2c1 A 2 exploradores')
  const pathCost = (path: string[]) => path.reduce((n, at) => n + entryCost(s, s.cells[at]!, kind('exploradores')), 0)
  // Too dear (W5.4), with a detiene cell (W5.6) and water (W5.5) on the way: the points come first.
  const long = ['r2c2', 'r2c3', 'r2c2', 'r2c3', 'r2c2', 'r1c2']
  t.ok(pathCost(long) > kind('exploradores').mov, 'premise: the path costs more than the points')
  t.match(refused(s, 'A', move(long)), { code: 'move/points', rule: 'W5.4' }, 'W5.4 before W5.5 and W5.6')
  // A detiene cell passed through (W5.6) before water (W5.5): water comes first.
  const wet = ['r2c2', 'r2c3', 'r1c3']
  t.ok(pathCost(wet) <= kind('exploradores').mov, 'premise: within the points')
  t.match(refused(s, 'A', move(wet)), { code: 'move/barred', rule: 'W5.5' }, 'W5.5 before W5.6')
  // Another tribe's units passed through (W5.7), then its Barrera (W5.6): the barrier comes first.
  const engaged = base('r2c1 A 2 exploradores\nr2c2 B 1 goblins')
  engaged.cells.r3c2!.lasting.push({ spell: 'barrera', tribe: 'B' })
  t.ok(pathCost(['r2c2', 'r3c2']) <= kind('exploradores').mov, 'premise: within the points')
  t.match(refused(engaged, 'A', move(['r2c2', 'r3c2'])), { code: 'move/barred', rule: 'W5.6' }, 'W5.6 before W5.7')
  t.match(refused(engaged, 'A', move(['r2c2', 'r2c3'])), { code: 'move/engaged', rule: 'W5.7' }, 'and W5.7 when nothing else fails')
})

t.test("W5.4 W5.12 a move's points: the kind's own, +1 for each celeridad or vientos, +1 from corriente for agua and from caminos for the rest", async (t) => {
  const w = new Work(base(''), hmacRng)
  const extra = (from: string, k: string, bonus: string[] = []) => movementOf(w, from, k, bonus) - kind(k).mov
  t.equal(extra('r1c1', 'nave_cisne'), 1, 'corriente (r1c1): +1 to an agua unit')
  t.equal(extra('r1c1', 'aguilas'), 0, 'corriente: nothing to a voladora one')
  t.equal(extra('r2c2', 'guardianes'), 1, 'caminos (r2c2): +1 to a land unit')
  t.equal(extra('r2c2', 'nave_cisne'), 0, 'caminos: nothing to agua')
  t.equal(extra('r2c3', 'guardianes'), 0, "an ordinary location: the kind's own points")
  t.equal(extra('r2c3', 'guardianes', ['celeridad']), 1, 'celeridad: +1')
  t.equal(extra('r2c3', 'guardianes', ['vientos']), 1, 'vientos: +1')
  t.equal(extra('r2c2', 'guardianes', ['celeridad', 'vientos']), 3, 'both spells and caminos: +3')
  t.equal(extra('r2c3', 'guardianes', ['cast']), 0, 'a mark of another kind adds nothing')
})

t.test('W7.4 a mage that cast keeps its mark where it moves, and only that mark; no other unit carries one', async (t) => {
  const s = base('r2c1 A 1 mago\nr2c1 A 1 exploradores')
  stack(s, 'r2c1', 'A', 'mago')!.bonus.push('cast', 'celeridad')
  stack(s, 'r2c1', 'A', 'exploradores')!.bonus.push('cast')
  const moved = play(s, 'A', [
    { type: 'move', from: 'r2c1', kind: 'mago', count: 1, path: ['r2c2'] },
    { type: 'move', from: 'r2c1', kind: 'exploradores', count: 1, path: ['r2c2'] },
  ]).state
  t.same(stack(moved, 'r2c2', 'A', 'mago')!.bonus, ['cast'], 'the mage arrives having cast this window')
  t.same(stack(moved, 'r2c2', 'A', 'exploradores')!.bonus, [], 'the explorers carry no mark')
})
