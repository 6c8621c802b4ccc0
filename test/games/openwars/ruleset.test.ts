// What the platform reads of Open Wars through its ruleset (index.ts): a trade's shape (W8.2,
// W8.3), how many tribes a map takes (W1.2, W2.15), the round limit (W9.4), the turn's summary,
// and the tribe's phase in the platform's view.
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenMap } from '../../../src/engine/games/openwars/types.ts'
import type { Transfer } from '../../../src/engine/index.ts'
import { open, play, tribe, world } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci0:B
  ll1     ll1    ll1    ll1
`

t.test('W8.2 W8.3 a trade holds gold, mana and locations, each 0 or none when not named; never units', async (t) => {
  const trade = (proposal: Record<string, unknown>) => openWars.tradeOf({ transfers: [], ...proposal } as { transfers: Transfer[] })
  t.same(trade({ transfers: [{ from: 'A', to: 'B', gold: 3 }] }), { ok: true, trade: [{ from: 'A', to: 'B', gold: 3, mana: 0, locations: [] }] })
  t.same(trade({ transfers: [{ from: 'B', to: 'A', mana: 2, locations: ['r2c2'] }] }), {
    ok: true,
    trade: [{ from: 'B', to: 'A', gold: 0, mana: 2, locations: ['r2c2'] }],
  })
  for (const proposal of [{ transfers: [{ from: 'A', to: 'B', units: { goblins: 1 } }] }, { transfers: [{ from: 'A', to: 'B', gold: 1 }], units: 1 }])
    t.match(trade(proposal), { ok: false, error: { code: 'trade/no_units', rule: 'W8.3' } })
})

t.test('W1.2 W2.15 W9.4 a scenario takes a tribe per capital, the ring band seven; 6 to 52 rounds', async (t) => {
  const scenario = { id: 's', name: 's', mode: 'escenario', cells: [['ci0', 'll1', 'ci0', 'ci1']] } as unknown as OpenMap
  t.equal(openWars.maxTribes(scenario), 2, 'two capitals (ci0): two tribes; a ci1 is no capital')
  t.equal(openWars.maxTribes(openWars.fixedMap!.map), 7)
  t.same([openWars.checkLimit(null), openWars.checkLimit(6), openWars.checkLimit(52)], [null, null, null])
  for (const limit of [5, 53, 6.5])
    t.match(openWars.checkLimit(limit), { code: 'setup/round_limit', rule: 'W9.4', params: { min: 6, max: 52 } }, `${limit} rounds`)
})

t.test('#30 the turn in figures: gold and mana held, the stacks that can move, and the end', async (t) => {
  const s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 goblins\nr3c2 A 2 trolls\nr2c4 B 1 exploradores' }), 'A')
  Object.assign(tribe(s, 'A'), { gold: 12, mana: 0 })
  const summary = openWars.turnSummary(s, 'A')
  t.same(summary.spendable, [{ key: 'o_gold_word', amount: 12 }], 'no mana held: not said')
  t.equal(summary.movable, 2, 'two stacks can move')
  t.same(summary.end, { type: 'endTurn' })
  t.same(openWars.turnSummary(s, 'B'), { spendable: [], movable: 0, end: null }, "B's window is closed")
  const moved = play(s, 'A', [
    { type: 'move', from: 'r2c1', kind: 'goblins', count: 1, path: ['r2c2'] },
    { type: 'move', from: 'r3c2', kind: 'trolls', count: 2, path: ['r3c3'] },
  ]).state
  t.equal(openWars.turnSummary(moved, 'A').movable, 0, 'nothing left to move')
})

t.test('W3.10 the platform sees the phase of an open window, and a finished campaign as finished', async (t) => {
  const s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 goblins\nr2c4 B 1 exploradores' }), 'A')
  const view = openWars.view(s)
  t.match(
    view.tribes.find((x) => x.id === 'A'),
    { phase: 'recruitment' },
  )
  t.notOk('phase' in view.tribes.find((x) => x.id === 'B')!, 'a closed window shows no phase')
  t.equal(openWars.view({ ...s, status: 'finished' }).status, 'finished')
  t.equal(view.status, 'running')
})

t.test('W1.1 W3.3 W9.4 W10.3 a new campaign: each refusal cites its rule; the new state starts empty-handed', async (t) => {
  const tribes = (n: number) =>
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'monday']
      .slice(0, n)
      .map((weekday, i) => ({ id: `t${i}`, name: `T${i}`, weekday: weekday as 'monday' }))
  const setup = { map: openWars.fixedMap!.map, seed: 'a-map-seed', secretSeed: 'a-setup-seed', limit: 16 }
  const refusal = (input: Partial<typeof setup> & { tribes: ReturnType<typeof tribes> }) => {
    const made = openWars.createGame({ ...setup, ...input })
    return made.ok ? null : { code: made.error.code, rule: made.error.rule, message: made.error.message }
  }
  t.same(refusal({ tribes: tribes(8) }), { code: 'setup/tribe_count', rule: 'W1.1', message: 'Open Wars is played by 2 to 7 tribes; this campaign has 8' })
  t.match(refusal({ tribes: [...tribes(2), { id: 'x', name: 'X', weekday: 'monday' }] }), { code: 'setup/weekdays', rule: 'W3.3' })
  t.match(refusal({ tribes: tribes(2), limit: 53 }), { code: 'setup/round_limit', rule: 'W9.4' })
  t.same(refusal({ tribes: tribes(2), seed: 'short' }), {
    code: 'setup/bad_seed',
    rule: 'W10.3',
    message: 'the map and setup seeds are strings of at least 8 characters',
  })
  const made = openWars.createGame({ ...setup, tribes: tribes(2) })
  if (!made.ok) throw new Error(made.error.code)
  const s = made.state
  t.match(
    s,
    { wrap: false, battleMarks: [], declared: [], contested: [], map: { id: 'banda', name: 'Banda de sectores', mode: 'aleatorio' } },
    'the ring band, nothing declared or fought',
  )
  t.same(
    s.tribes.map((x) => [x.defaultOrder, x.casualtyList, x.forged, x.gold, x.mana]),
    [
      [{ modo: 'luchar', hechizo: null }, [], [], 0, 0],
      [{ modo: 'luchar', hechizo: null }, [], [], 0, 0],
    ],
    'W6.4 each tribe fights by default, with no casualty list, no forge, no gold or mana yet',
  )
})

t.test('W2.11 the map a campaign gets unless the GM gives a scenario: the ring band, generated', async (t) => {
  t.same(openWars.fixedMap, {
    id: 'banda',
    name: 'Banda de sectores',
    map: { id: 'banda', name: 'Banda de sectores', mode: 'aleatorio' },
  })
  t.same(openWars.validateMap(openWars.fixedMap!.map, 7), [], 'the generated band needs no check')
  t.match(openWars.validateMap(null, 2), [{ code: 'map/not_object' }], 'no map at all is a problem, not a crash')
  t.match(openWars.validateMap({ mode: 'escenario', rows: 2, cols: 3, wrap: false, cells: [] }, 2), [{ code: 'map/size' }], 'a scenario is checked')
})

t.test('W8.3 a trade with units in any of its lines is refused, and says why', async (t) => {
  const refusal = openWars.tradeOf({
    transfers: [
      { from: 'A', to: 'B', gold: 2 },
      { from: 'B', to: 'A', units: { goblins: 1 } },
    ],
  } as unknown as { transfers: Transfer[] })
  t.same(refusal, { ok: false, error: { code: 'trade/no_units', message: 'units are never traded: they belong to their faction army', rule: 'W8.3' } })
})

t.test('#30 the turn in figures names mana held alone', async (t) => {
  const s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 goblins\nr2c4 B 1 exploradores' }), 'A')
  Object.assign(tribe(s, 'A'), { gold: 0, mana: 5 })
  t.same(openWars.turnSummary(s, 'A').spendable, [{ key: 'o_mana_word', amount: 5 }])
})

t.test('W9.4 a round limit out of range is refused in words naming the game', async (t) => {
  t.same(openWars.checkLimit(5), {
    code: 'setup/round_limit',
    message: 'Open Wars is played over 6 to 52 rounds; got 5',
    rule: 'W9.4',
    params: { min: 6, max: 52 },
  })
})

t.test('W10.2 the dice page reads the draws of battles, volleys, spells, phase ends and the muster', async (t) => {
  t.same(openWars.dice.sides, 6)
  t.same(openWars.dice.events, ['battle', 'volley', 'spellResolved', 'phaseEnded', 'mustered'])
})
