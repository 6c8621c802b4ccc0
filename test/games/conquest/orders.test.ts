// The orders that roll no battle, on the edges the rule book draws: the whole treasure table
// (G4.5), every cost of G4.8, gathering with 1, 2 or 3 troops (G4.4), cargo (G5.1, G7.3, G7.5)
// and the reinforcement list (G3.2).
import t from 'tap'
import type { BuildKind, Goods } from '../../../src/engine/games/conquest/types.ts'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { at, close, open, play, refuse, system, world } from './dsl.ts'

// G4.5, row by row as the book prints it: d1 down, d2 across.
const SECOND: Partial<Record<number, keyof Goods>> = { 1: 'oil', 2: 'net', 3: 'lithium', 4: 'nuclear', 5: 'tribes', 6: 'oil' }
const RARE: Partial<Record<number, keyof Goods>> = { 1: 'tech', 2: 'niobium', 3: 'virus', 4: 'labour' }
function bookTreasure(d1: number, d2: number): Partial<Goods> | 'weapon' {
  if (d1 <= 2) return { basic: 2 }
  if (d1 <= 4) return { [SECOND[d2]!]: 1 }
  if (d2 <= 4) return { [RARE[d2]!]: 1 }
  if (d1 === 6 && d2 === 6) return 'weapon'
  return { basic: 3 }
}

t.test('G4.5 G4.6 the treasure table, all 36 throws of d1 and d2, and the weapon die', async (t) => {
  const s = open(
    world(`
    monday  A  sum 5, *
  `),
    'A',
  )
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = 1; d2 <= 6; d2++) {
      const book = bookTreasure(d1, d2)
      if (book === 'weapon') continue
      const r = play(s, 'A', { type: 'gather', at: 'sum', troops: 2 }, [d1, d2])
      // 1 Básico for gathering, then the treasure.
      const expected: Partial<Goods> = { ...book, basic: 1 + (book.basic ?? 0) }
      t.match(
        r.events.find((e) => e.type === 'gathered'),
        { gained: expected, treasure: [{ face: d1 }, { face: d2 }] },
        `${d1}-${d2}`,
      )
      t.notOk(
        r.events.some((e) => e.type === 'gathered' && 'incoming' in e),
        `${d1}-${d2} brings no weapon`,
      )
      t.equal(r.state.rng.counter, 2, `${d1}-${d2}: two dice, no third`)
    }
  }
  const weapons: [number, keyof Goods][] = [
    [1, 'tank'],
    [2, 'tank'],
    [3, 'artillery'],
    [4, 'artillery'],
    [5, 'missile'],
    [6, 'bio'],
  ]
  for (const [d3, weapon] of weapons) {
    const r = play(s, 'A', { type: 'gather', at: 'sum', troops: 2 }, [6, 6, d3])
    t.same(at(r.state, 'sum').incoming, { ...at(s, 'sum').incoming, [weapon]: 1 }, `6-6 then ${d3}: one ${weapon}, incoming`)
    t.match(
      r.events.find((e) => e.type === 'gathered'),
      { gained: { basic: 1 }, incoming: { [weapon]: 1 } },
    )
    t.equal(r.state.rng.counter, 3)
  }
})

t.test('G4.4 gathering with 1, 2 or 3 troops: a Básico, then the intermediate, then the rare', async (t) => {
  const s = open(
    world(`
    monday  A  cbp 5, nyk 5, con 5, ara 5, *
  `),
    'A',
  )
  const stockOf = (id: string, troops: number) => {
    const r = play(s, 'A', { type: 'gather', at: id, troops })
    const gained = Object.fromEntries(Object.entries(at(r.state, id).stock).filter(([, n]) => n > 0))
    t.equal(at(r.state, id).ready, 5 - troops, `${id}: the ${troops} gatherers are spent`)
    t.equal(at(r.state, id).gathered, true)
    t.notOk(
      r.events.some((e) => e.type === 'gathered' && ('treasure' in e || 'incoming' in e)),
      'no treasure outside Oceanía',
    )
    return gained
  }
  t.same(stockOf('cbp', 1), { basic: 1 })
  t.same(stockOf('cbp', 2), { basic: 1, lithium: 1 })
  t.same(stockOf('cbp', 3), { basic: 1, lithium: 1, niobium: 1 })
  t.same(stockOf('nyk', 2), { basic: 1, net: 1 })
  t.same(stockOf('nyk', 3), { basic: 1, net: 1, tech: 1 })
  t.same(stockOf('con', 3), { basic: 1, tribes: 1, virus: 1 })
  t.same(stockOf('ara', 3), { basic: 1, oil: 1, labour: 1 })
  t.match(refuse(s, 'A', { type: 'gather', at: 'cbp', troops: 0 }), { code: 'conquest/bad_count', rule: 'G4.4' })
  // The mark lasts the window only (G2.9).
  const once = play(s, 'A', { type: 'gather', at: 'cbp', troops: 1 }).state
  const next = open(close(once, 'A'), 'A')
  t.equal(at(next, 'cbp').gathered, false)
  t.equal(at(play(next, 'A', { type: 'gather', at: 'cbp', troops: 1 }).state, 'cbp').stock.basic, 2, 'a new window, a new search')
})

t.test('G4.7 G4.8 every kind costs what the table says, taken whole from the stock', async (t) => {
  const COST: Record<BuildKind, Partial<Goods>> = {
    troop: { basic: 4 },
    wall: { basic: 6 },
    fort: { basic: 4, niobium: 1, labour: 1 },
    ship: { basic: 6 },
    plane: { basic: 8 },
    tank: { basic: 4, oil: 2 },
    artillery: { basic: 4, net: 2, tech: 1 },
    missile: { basic: 4, nuclear: 2, lithium: 1 },
    bio: { basic: 2, tribes: 1, virus: 2 },
  }
  for (const [kind, cost] of Object.entries(COST) as [BuildKind, Partial<Goods>][]) {
    const s = open(
      world(`
      monday  A  egi 3 ${kind === 'fort' ? 'wall=1 ' : ''}${Object.entries(cost)
        .map(([g, n]) => `${g}=${n}`)
        .join(' ')}, *
    `),
      'A',
    )
    const r = play(s, 'A', { type: 'build', at: 'egi', kind, count: 1 })
    t.ok(
      Object.values(at(r.state, 'egi').stock).every((n) => n === 0),
      `${kind}: the stock paid exactly its cost`,
    )
    t.equal(at(r.state, 'egi').ready, 2, `${kind}: one builder spent`)
    t.match(r.events.at(-1), { type: 'built', tribe: 'A', at: 'egi', kind, count: 1 })
    for (const g of Object.keys(cost) as (keyof Goods)[]) {
      const short = structuredClone(s)
      short.territories.egi!.stock[g] -= 1
      short.territories.egi!.incoming[g] += 1
      t.match(
        refuse(short, 'A', { type: 'build', at: 'egi', kind, count: 1 }),
        { code: 'conquest/cannot_afford', rule: 'G4.7' },
        `${kind}: one ${g} short (the incoming one does not count)`,
      )
    }
  }
  const s = open(
    world(`
    monday  A  egi 5 basic=40, *
  `),
    'A',
  )
  const ships = play(s, 'A', { type: 'build', at: 'egi', kind: 'ship', count: 2 }).state
  t.match(at(ships, 'egi'), { ships: 2, shipsReady: 0, ready: 3, troops: 5 }, 'G4.9 new ships are not ready')
  t.equal(at(ships, 'egi').stock.basic, 28)
  t.match(refuse(s, 'A', { type: 'build', at: 'egi', kind: 'wall', count: 2 }), { code: 'conquest/bad_count', rule: 'G4.7' }, 'one wall at a time')
  t.match(refuse(s, 'A', { type: 'build', at: 'egi', kind: 'troop', count: 0 }), { code: 'conquest/bad_count' })
  const walled = play(s, 'A', { type: 'build', at: 'egi', kind: 'wall' } as never).state
  t.match(at(walled, 'egi'), { wall: 1, ready: 4 }, 'count defaults to 1')
  const weapons = open(
    world(`
    monday  A  egi 5 basic=8 nuclear=2 lithium=1 tribes=1 virus=2, *
  `),
    'A',
  )
  const missile = play(weapons, 'A', { type: 'build', at: 'egi', kind: 'missile', count: 1 }).state
  t.match(at(missile, 'egi'), { planes: 0, ships: 0, troops: 5, wall: 0 })
  t.same([at(missile, 'egi').incoming.missile, at(missile, 'egi').stock.missile], [1, 0], 'G4.9 a new Misil is incoming')
  const bio = play(weapons, 'A', { type: 'build', at: 'egi', kind: 'bio', count: 1 }).state
  t.same([at(bio, 'egi').incoming.bio, at(bio, 'egi').stock.bio], [1, 0], 'a new Arma biológica is incoming')
})

t.test('G5.1 G7.5 G2.7 cargo leaves the stock and only ready Artillería travels', async (t) => {
  let s = open(
    world(`
    monday  A  egi 5 artillery=2 basic=4 ships=1, sud 2, mor 2, *
    tuesday B  asu 5
  `),
    'A',
  )
  const moved = play(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { artillery: 1, basic: 0 } })
  t.match(at(moved.state, 'egi'), { troops: 4, ready: 4, artilleryReady: 1 }, 'one of two pieces left, the other still ready')
  t.equal(at(moved.state, 'egi').stock.artillery, 1)
  t.same(
    moved.events.at(-1),
    { type: 'moved', tribe: 'A', kind: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { artillery: 1 } },
    'an empty count is no cargo',
  )
  s = play(s, 'A', { type: 'fireArtillery', from: 'egi', target: 'asu' }, [1, 1, 1]).state
  t.match(
    refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { artillery: 2 } }),
    { code: 'conquest/not_ready', rule: 'G2.7' },
    'a piece that fired stays',
  )
  t.match(refuse(s, 'A', { type: 'sail', from: 'egi', to: 'mor', troops: 1, cargo: { artillery: 2 } }), { code: 'conquest/not_ready', rule: 'G2.7' })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { basic: 5 } }), { code: 'conquest/not_in_stock', rule: 'G2.7' })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { basic: -1 } }), { code: 'conquest/bad_count' })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: 'basic' as never }), { code: 'conquest/bad_cargo', rule: 'G5.1' })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: null as never }), { code: 'conquest/bad_cargo' })
  const sailed = play(s, 'A', { type: 'sail', from: 'egi', to: 'mor', troops: 2, cargo: { artillery: 1, basic: 4 } })
  t.match(at(sailed.state, 'egi'), { troops: 3, ready: 2, ships: 0, shipsReady: 0, artilleryReady: 0 })
  t.same([at(sailed.state, 'egi').stock.artillery, at(sailed.state, 'egi').stock.basic], [1, 0], 'the fired piece and nothing else stays')
  t.match(at(sailed.state, 'mor'), { troops: 4, ready: 2, ships: 1, shipsReady: 0 })
  t.match(at(sailed.state, 'mor').incoming, { artillery: 1, basic: 4 })
  t.match(sailed.events.at(-1), { type: 'moved', kind: 'sail', from: 'egi', to: 'mor', troops: 2 })
  const empty = play(s, 'A', { type: 'sail', from: 'egi', to: 'mor' })
  t.match(at(empty.state, 'egi'), { troops: 5, ready: 4 }, 'a ship may sail with no passenger')
})

t.test('G7.3 a plane and its passengers arrive spent; its resources arrive incoming', async (t) => {
  const s = open(
    world(`
    monday  A  egi 5 planes=2 basic=6 tank=1, asu 1, *
  `),
    'A',
  )
  const r = play(s, 'A', { type: 'fly', from: 'egi', to: 'asu', troops: 3, resources: { basic: 6 } })
  t.match(at(r.state, 'egi'), { troops: 2, ready: 2, planes: 1, planesReady: 1 }, 'the other plane is still ready')
  t.equal(at(r.state, 'egi').stock.basic, 0)
  t.match(at(r.state, 'asu'), { troops: 4, ready: 1, planes: 1, planesReady: 0 }, 'the 3 passengers and the plane arrive spent')
  t.match(r.events.at(-1), { type: 'moved', kind: 'fly', from: 'egi', to: 'asu', troops: 3, cargo: { basic: 6 } })
  const alone = play(s, 'A', { type: 'fly', from: 'egi', to: 'asu' })
  t.match(at(alone.state, 'asu'), { troops: 1, planes: 1 }, 'a plane may fly empty')
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'asu', troops: 5 }), { code: 'conquest/bad_count', rule: 'G7.3' })
  const full = structuredClone(s)
  full.territories.egi!.troops = 3
  t.match(refuse(full, 'A', { type: 'fly', from: 'egi', to: 'asu', troops: 3 }), { code: 'conquest/would_empty', rule: 'G1.6' }, 'one troop stays behind')
})

t.test("G3.2 the reinforcement list names 1 to T of one's own territories, each once", async (t) => {
  const s = open(
    world(`
    monday  A  egi 2, sud 2, con 2, *
    tuesday B  asu 2, arn 2, mad 2, mor 2
  `),
    'A',
  )
  const mine = Object.keys(s.territories).filter((id) => at(s, id).owner === 'A')
  const all = play(s, 'A', { type: 'setReinforcements', list: mine.slice().reverse() })
  t.same(all.state.tribes[0]!.reinforcementList, mine.slice().reverse(), 'all T territories, in the order given')
  t.match(all.events.at(-1), { type: 'reinforcementsSet', tribe: 'A', list: mine.slice().reverse() })
  t.same(play(s, 'A', { type: 'setReinforcements', list: ['sud'] }).state.tribes[0]!.reinforcementList, ['sud'], 'one is enough')
  t.match(refuse(s, 'A', { type: 'setReinforcements', list: [...mine, 'asu'] }), { code: 'conquest/bad_list', rule: 'G3.2' }, 'more than T')
  t.match(refuse(s, 'A', { type: 'setReinforcements', list: ['egi', 'asu'] }), { code: 'conquest/not_yours', rule: 'G3.2' })
  t.match(refuse(s, 'A', { type: 'setReinforcements', list: 'egi' as never }), { code: 'conquest/bad_list', rule: 'G3.2' })
  const b = open(close(s, 'A'), 'B')
  t.match(
    refuse(b, 'B', { type: 'setReinforcements', list: ['asu', 'arn', 'mad', 'mor', 'asu'] }),
    { code: 'conquest/bad_list', rule: 'G3.2' },
    'five entries for four territories',
  )
  t.match(refuse(b, 'B', { type: 'setReinforcements', list: ['asu', 'asu'] }), { code: 'conquest/bad_list', rule: 'G3.2' }, 'each once')
})

t.test('G6.8 a guard order spends ready troops that stay where they are', async (t) => {
  const s = open(
    world(`
    monday  A  egi 4, *
  `),
    'A',
  )
  const r = play(s, 'A', { type: 'guard', at: 'egi', troops: 4 })
  t.match(at(r.state, 'egi'), { troops: 4, guards: 4, ready: 0 }, 'every troop may guard: none leaves')
  t.match(r.events.at(-1), { type: 'guarded', tribe: 'A', at: 'egi', troops: 4 })
  t.match(refuse(s, 'A', { type: 'guard', at: 'egi', troops: 0 }), { code: 'conquest/bad_count', rule: 'G6.8' })
  t.match(refuse(s, 'A', { type: 'guard', at: 'egi', troops: 5 }), {
    code: 'conquest/not_ready',
    rule: 'G2.4',
    message: /egi has 4 ready troops; the order needs 5/,
  })
  const one = structuredClone(s)
  one.territories.egi!.ready = 1
  t.match(refuse(one, 'A', { type: 'guard', at: 'egi', troops: 2 }), { code: 'conquest/not_ready', message: /egi has 1 ready troop;/ })
})

t.test('N1 G2.4 counts are whole numbers in their range; a refusal says which field and what range', async (t) => {
  const s = open(
    world(`
    monday  A  egi 5 basic=3 planes=1, sud 2, *
  `),
    'A',
  )
  for (const troops of ['2', 1.5, null, Number.NaN]) {
    t.match(
      refuse(s, 'A', { type: 'guard', at: 'egi', troops } as never),
      { code: 'conquest/bad_count', rule: 'G6.8', message: /^troops must be a whole number from 1; got / },
      `troops ${String(troops)}`,
    )
  }
  t.match(refuse(s, 'A', { type: 'gather', at: 'egi', troops: 4 }), { message: 'troops must be a whole number from 1 to 3; got 4' })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { basic: 0.5 } }), {
    code: 'conquest/bad_count',
    rule: 'G5.1',
    message: /^cargo\.basic must be a whole number from 0; got 0\.5/,
  })
  t.match(refuse(s, 'A', { type: 'fly', from: 'egi', to: 'sud', resources: { tank: 1 } } as never), {
    code: 'conquest/bad_cargo',
    rule: 'G7.3',
    message: /^resources: "tank" cannot be carried this way; one of basic, oil/,
  })
  t.match(refuse(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: [1] as never }), {
    code: 'conquest/bad_cargo',
    message: /^cargo is an object of goods counts/,
  })
  t.match(refuse(s, 'A', { type: 'guard', at: 'nowhere', troops: 1 }), {
    code: 'conquest/unknown_territory',
    rule: 'G1.1',
    message: /^at: no territory "nowhere"/,
  })
  t.match(refuse(s, 'A', { type: 'guard', at: 7, troops: 1 } as never), { code: 'conquest/unknown_territory', message: /^at: no territory 7/ })
  t.match(refuse(s, 'A', { type: 'guard', at: 'toString', troops: 1 }), { code: 'conquest/unknown_territory' }, "only the map's own ids")
  const moved = play(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1 }).state
  t.same(
    Object.keys(moved.territories.sud!).sort(),
    ['artilleryReady', 'gathered', 'guards', 'incoming', 'owner', 'planes', 'planesReady', 'ready', 'shipsReady', 'ships', 'stock', 'troops', 'wall'].sort(),
    'N1: a territory holds its fields and nothing else',
  )
  t.same(JSON.parse(JSON.stringify(moved.territories.egi)), moved.territories.egi, 'and survives a round trip through JSON')
  t.equal(s.territories.egi!.troops, 5, 'the state given is not changed')
  t.not(moved.territories.egi, s.territories.egi)
  t.equal(moved.territories.asu, s.territories.asu, 'what no rule touched is shared, not copied')
})

t.test('G3.2 G4.4 G4.7 G5.1 G6.8 G7.3 G7.5 each refusal names the field at fault and the rule of its order', async (t) => {
  const s = open(
    world(`
    monday  A  egi 5 planes=1 ships=1 basic=20 wall=2, sud 2, ale 3 wall=1 basic=20, *
    tuesday B  asu 2, mor 2
  `),
    'A',
  )
  const cases: [Record<string, unknown>, string, string, RegExp][] = [
    [{ type: 'setReinforcements', list: ['egi', 'asu'] }, 'conquest/not_yours', 'G3.2', /^list: asu belongs to another tribe/],
    [{ type: 'move', from: 'asu', to: 'sud', troops: 1 }, 'conquest/not_yours', 'G5.1', /^from: asu /],
    [{ type: 'move', from: 'egi', to: 'zzz', troops: 1 }, 'conquest/unknown_territory', 'G1.1', /^to: no territory "zzz"/],
    [{ type: 'move', from: 'egi', to: 'sud', troops: 0 }, 'conquest/bad_count', 'G5.1', /^troops must be/],
    [{ type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: 3 }, 'conquest/bad_cargo', 'G5.1', /^cargo is an object/],
    [{ type: 'fly', from: 'asu', to: 'sud' }, 'conquest/not_yours', 'G7.3', /^from: asu /],
    [{ type: 'fly', from: 'sud', to: 'egi' }, 'conquest/no_ready_plane', 'G7.3', /^sud has no ready plane/],
    [{ type: 'fly', from: 'egi', to: 'mor' }, 'conquest/not_yours', 'G7.3', /^to: mor /],
    [{ type: 'fly', from: 'egi', to: 'egi' }, 'conquest/same_territory', 'G7.3', /another territory/],
    [{ type: 'fly', from: 'egi', to: 'sud', troops: 4 }, 'conquest/bad_count', 'G7.3', /^troops must be a whole number from 0 to 3/],
    [{ type: 'fly', from: 'egi', to: 'sud', resources: { basic: -1 } }, 'conquest/bad_count', 'G7.3', /^resources\.basic must be/],
    [{ type: 'fly', from: 'egi', to: 'sud', resources: { basic: 7 } }, 'conquest/plane_load', 'G7.3', /at most 6 resource units; this one would carry 7/],
    [{ type: 'sail', from: 'asu', to: 'sud' }, 'conquest/not_yours', 'G7.5', /^from: asu /],
    [{ type: 'sail', from: 'sud', to: 'egi' }, 'conquest/no_ready_ship', 'G7.5', /^sud has no ready ship/],
    [{ type: 'sail', from: 'egi', to: 'mor' }, 'conquest/not_yours', 'G7.5', /^to: mor /],
    [{ type: 'sail', from: 'egi', to: 'egi' }, 'conquest/same_territory', 'G7.5', /another territory/],
    [{ type: 'sail', from: 'egi', to: 'sud', troops: 7 }, 'conquest/bad_count', 'G7.5', /^troops must be a whole number from 0 to 6/],
    [{ type: 'sail', from: 'egi', to: 'sud', cargo: { gold: 1 } }, 'conquest/bad_cargo', 'G7.5', /^cargo: "gold" cannot be carried/],
    [{ type: 'guard', at: 'asu', troops: 1 }, 'conquest/not_yours', 'G6.8', /^at: asu /],
    [{ type: 'guard', at: 'egi', troops: 0 }, 'conquest/bad_count', 'G6.8', /^troops must be/],
    [{ type: 'gather', at: 'asu', troops: 1 }, 'conquest/not_yours', 'G4.4', /^at: asu /],
    [{ type: 'gather', at: 'egi', troops: 0 }, 'conquest/bad_count', 'G4.4', /^troops must be a whole number from 1 to 3/],
    [{ type: 'build', at: 'asu', kind: 'troop', count: 1 }, 'conquest/not_yours', 'G4.7', /^at: asu /],
    [{ type: 'build', at: 'egi', kind: 'troop', count: 0 }, 'conquest/bad_count', 'G4.7', /^count must be a whole number from 1/],
    [
      { type: 'build', at: 'egi', kind: 'castle', count: 1 },
      'conquest/unknown_kind',
      'G4.8',
      /^nothing called "castle" is built; one of troop, wall, fort, ship, plane, tank, artillery, missile, bio$/,
    ],
    [{ type: 'build', at: 'egi', kind: ['troop'], count: 1 }, 'conquest/unknown_kind', 'G4.8', /^nothing called \["troop"\]/],
    [{ type: 'build', at: 'egi', kind: 'fort', count: 1 }, 'conquest/needs_wall', 'G4.8', /egi has a Fortaleza already/],
    [{ type: 'build', at: 'sud', kind: 'fort', count: 1 }, 'conquest/needs_wall', 'G4.8', /sud has no wall/],
    [{ type: 'build', at: 'ale', kind: 'fort', count: 2 }, 'conquest/bad_count', 'G4.7', /^count must be a whole number from 1 to 1/],
    [{ type: 'build', at: 'egi', kind: 'plane', count: 3 }, 'conquest/cannot_afford', 'G4.7', /^3 × plane costs 24 basic; egi's stock holds 20/],
  ]
  for (const [order, code, rule, message] of cases) {
    t.match(refuse(s, 'A', order as never), { code, rule, message }, JSON.stringify(order))
  }
})

t.test('G11.1 a step never changes the state it was given: troops, goods, tribes, dice counter, result', async (t) => {
  const s = open(
    world(`
    monday  A  egi 5 basic=8 in.oil=1, sud 2, *
    tuesday B  asu 1, mad 1
  `),
    'A',
  )
  const before = JSON.stringify(s)
  const built = play(s, 'A', { type: 'build', at: 'egi', kind: 'plane', count: 1 })
  const moved = play(s, 'A', { type: 'move', from: 'egi', to: 'sud', troops: 1, cargo: { basic: 2 } })
  const fought = play(s, 'A', { type: 'attack', from: 'sud', to: 'asu', troops: 1 }, [6, 1])
  const closed = system(s, { type: 'closeWindow', tribe: 'A' })
  t.equal(JSON.stringify(s), before, 'the given state is as it was')
  t.same([built.state.territories.egi!.stock.basic, moved.state.territories.sud!.incoming.basic, fought.state.rng.counter], [0, 2, 2])
  t.equal(built.state.tribes[0]!.window, 'started')
  t.equal(closed.tribes[0]!.window, 'closed')
  t.equal(s.tribes[0]!.window, 'open')
  t.equal(s.result, null)
  t.equal(built.state.result, null, 'no result until the end')
  const ended = world(
    `
    monday  A  *
    tuesday B  arn 1
  `,
    { round: 12 },
  )
  const over = system(ended, { type: 'tick', at: 0 })
  const frozen = JSON.stringify(over.result)
  const again = conquest.applySystem(over, { type: 'setSeed', seed: 'another-seed' }, hmacRng)
  if (!again.ok) throw new Error(again.error.code)
  t.not(again.state.result, over.result, 'the result is copied, not shared')
  t.equal(JSON.stringify(again.state.result), frozen)
})
