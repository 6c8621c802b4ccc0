// W8 trades, W9 elimination, victory and ranking; what the pages and mails read (W10.8).
import t from 'tap'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { scoreOf } from '../../../src/engine/games/openwars/ending.ts'
import type { OpenEvent } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng, type Rng } from '../../../src/engine/index.ts'
import { ofType, open, play, standing, sys, tribe, world, always } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci0:B
  bo1     mo1    de1    ll1
`

t.test('W9.1 W9.2 W9.3 elimination: no unit and no city; the last tribe wins', async (t) => {
  const s = world(MAP, {
    tribes: 'A=orcos@monday B=elfos@thursday C=enanos@friday',
    stacks: 'r2c2 A 4 guerreros_orcos\nr2c3 B 1 exploradores\nr3c3 C 1 mineros',
  })
  s.cells.r2c4!.controller = 'C'
  s.cells.r3c3!.lasting.push({ spell: 'senda', tribe: 'B' })
  const r = play(open(s, 'A'), 'A', [{ type: 'move', from: 'r2c2', kind: 'guerreros_orcos', count: 4, path: ['r2c3'] }, { type: 'endTurn' }], always(1))
  t.match(ofType(r.events, 'eliminated'), [{ tribe: 'B', by: 'A' }], 'the active tribe of the combat phase eliminated it')
  t.same([tribe(r.state, 'B').gold, r.state.cells.r3c3!.lasting], [0, []], 'its pools and lasting effects end')
  t.equal(openWars.view(r.state).status, 'running')
  const last = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 4 guerreros_orcos\nr2c3 B 1 exploradores' })
  last.cells.r2c4!.controller = 'A'
  const won = play(open(last, 'A'), 'A', [{ type: 'move', from: 'r2c2', kind: 'guerreros_orcos', count: 4, path: ['r2c3'] }, { type: 'endTurn' }], always(1))
  t.match(ofType(won.events, 'campaignEnded'), [{ reason: 'lastTribe', ranking: ['A', 'B'], ranks: [1, 2] }])
  const v = openWars.view(won.state)
  t.same([v.status, v.ranking, v.endedByLimit], ['finished', ['A', 'B'], false])
  t.match(openWars.applySystem(won.state, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'campaign/not_running' } })
  t.match(openWars.applyOrder(won.state, 'A', { type: 'endTurn' }, hmacRng), { ok: false, error: { code: 'campaign/not_running' } })
})

t.test('W4.4 W9.2 banished by upkeep', async (t) => {
  const s = world(MAP, { tribes: 'A=demonios@monday B=elfos@thursday C=enanos@friday', stacks: 'r3c2 A 1 gargolas\nr2c4 B 1 exploradores\nr3c4 C 1 mineros' })
  s.cells.r2c1!.controller = null
  const r = sys(s, { type: 'openWindow', tribe: 'A' })
  t.match(ofType(r.events, 'eliminated'), [{ tribe: 'A', by: 'upkeep' }])
  t.match(openWars.applySystem(r.state, { type: 'openWindow', tribe: 'A' }, hmacRng), { ok: false, error: { code: 'turn/eliminated' } })
})

t.test('W9.4 W9.5 W9.6 W11.24 the round limit, the score and shared ranks', async (t) => {
  const s = world(MAP, {
    tribes: 'A=orcos@monday B=elfos@thursday C=enanos@friday',
    round: 6,
    roundLimit: 6,
    stacks: 'r2c1 A 1 guerreros_orcos\nr2c4 B 1 exploradores\nr3c1 C 1 mineros',
  })
  s.cells.r3c1!.card = 'ci1'
  tribe(s, 'C').gold = 1
  t.equal(scoreOf(s, 'A'), 3 + 1, '3 for the ciudad, ⌊10/10⌋')
  const r = sys(s, { type: 'tick', at: 0 })
  t.match(ofType(r.events, 'campaignEnded'), [{ reason: 'roundLimit', ranking: ['A', 'C', 'B'], ranks: [1, 2, 3] }], 'score 4, then army value 10 over 9')
  t.equal(openWars.view(r.state).endedByLimit, true)
  tribe(s, 'C').faction = 'orcos'
  s.cells.r3c1!.stacks[0]!.kind = 'guerreros_orcos'
  tribe(s, 'C').gold = 0
  t.same(sys(s, { type: 'tick', at: 0 }).state.result!.ranks, [1, 1, 3], 'equal tribes share the rank: 1, 1, 3')
  s.round = 2
  t.match(sys(s, { type: 'tick', at: 0 }).events.at(-1), { type: 'roundStarted', round: 3 })
  const gone = structuredClone(s)
  Object.assign(tribe(gone, 'B'), { eliminated: true, eliminationStep: 1 })
  t.same(openWars.ranking(gone).at(-1), 'B', 'W9.6 eliminated tribes rank below')
})

t.test('W8.1 W8.2 W8.3 W8.4 W8.5 trades of gold, mana and empty locations', async (t) => {
  const s = world(MAP, {
    tribes: 'A=orcos@monday B=barbaros@thursday C=elfos@friday',
    stacks: 'r2c1 A 1 goblins\nr2c4 B 1 salvajes\nr3c3 C 1 guardianes',
    gold: 5,
    mana: 3,
  })
  s.cells.r2c2!.controller = 'A'
  const trade = (transfers: object[]) => sys(s, { type: 'executeTrade', transfers: transfers as never })
  const ok = trade([{ from: 'A', to: 'B', gold: 2, mana: 3, locations: ['r2c2'] }])
  t.same(
    [tribe(ok.state, 'A').gold, tribe(ok.state, 'B').gold, tribe(ok.state, 'B').mana, ok.state.cells.r2c2!.controller],
    [3, 10, 3, 'B'],
    'W8.5 mana given to the Bárbaros becomes gold',
  )
  // W8.4: a trade that cannot execute is refused whole, by its code and rule; the state given is untouched.
  const refusedTrade = (transfers: object[], at = s) => {
    const before = structuredClone(at)
    const r = openWars.applySystem(at, { type: 'executeTrade', transfers: transfers as never }, hmacRng)
    t.same(at, before, 'the state is unchanged')
    return r.ok ? 'accepted' : { code: r.error.code, rule: r.error.rule, message: r.error.message }
  }
  t.match(refusedTrade([{ from: 'A', to: 'B', gold: 9 }]), { code: 'trade/lacks', rule: 'W8.4', message: 'Tribe A lacks the gold or mana' })
  t.same(refusedTrade([{ from: 'A', to: 'B', locations: ['r2c1'] }]), { code: 'trade/occupied', rule: 'W8.4', message: 'r2c1 holds units' })
  t.match(refusedTrade([{ from: 'A', to: 'B', locations: ['r2c4'] }]), { code: 'trade/asset_not_owned', rule: 'W8.4' })
  t.match(refusedTrade([{ from: 'A', to: 'A', gold: 1 }]), { code: 'trade/same_tribe', rule: 'W8.4' })
  const out = structuredClone(s)
  tribe(out, 'C').eliminated = true
  t.match(refusedTrade([{ from: 'A', to: 'C', gold: 1 }], out), { code: 'trade/eliminated', rule: 'W8.4' }, 'nor with an eliminated tribe')
  t.match(openWars.applySystem(s, { type: 'executeTrade', transfers: [] }, hmacRng), { ok: false, error: { code: 'trade/empty' } })
  t.match(openWars.applySystem(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', gold: -1 }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/bad_transfer' },
  })
  const lone = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday C=enanos@friday', stacks: 'r2c4 B 1 exploradores\nr3c3 C 1 mineros' })
  const given = sys(lone, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', locations: ['r2c1'] }] })
  t.match(ofType(given.events, 'eliminated'), [{ tribe: 'A', by: 'trade' }], 'W8.5 a trade may eliminate a tribe')
  t.match(openWars.tradeOf({ transfers: [{ from: 'A', to: 'B', units: 1 } as never] }), { ok: false, error: { rule: 'W8.3' } })
  t.match(openWars.tradeOf({ transfers: [{ from: 'A', to: 'B' }] }), { ok: true, trade: [{ from: 'A', to: 'B', gold: 0, mana: 0, locations: [] }] })
  const setup = structuredClone(s)
  setup.status = 'setup'
  t.match(openWars.applySystem(setup, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', gold: 1 }] }, hmacRng), {
    ok: false,
    error: { code: 'trade/during_setup' },
  })
})

t.test('W6.4 W11.20 W10.8 the board keeps standing orders, default orders and casualty lists to their owner', async (t) => {
  let s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 2 goblins\nr2c4 B 1 exploradores' })
  standing(s, 'r2c4', 'B', 'exploradores', { modo: 'retirarse', umbral: 77, destino: 'auto' })
  s = open(s, 'A')
  s = play(s, 'A', [
    { type: 'setDefault', order: { modo: 'retirarse', umbral: 'siempre', destino: 'auto', retaguardia: 1 } },
    { type: 'setCasualtyOrder', kinds: ['goblins'] },
    { type: 'setStanding', at: 'r2c1', kind: 'goblins', order: { modo: 'luchar' } },
  ]).state
  const a = openWars.board(s, 'A')
  const b = openWars.board(s, 'B')
  t.same(a.mine!.orders, [{ at: 'r2c1', kind: 'goblins', order: { modo: 'luchar' } }])
  t.same(b.mine!.orders, [{ at: 'r2c4', kind: 'exploradores', order: { modo: 'retirarse', umbral: 77, destino: 'auto' } }])
  t.notOk(JSON.stringify({ ...a, mine: null }).includes('77'), "another tribe's order is nowhere in A's board")
  t.equal(openWars.board(s, null).mine, null)
  const cleared = play(s, 'A', [{ type: 'setStanding', at: 'r2c1', kind: 'goblins', order: null }]).state
  t.same(openWars.board(cleared, 'A').mine!.orders, [])
  const bad = (order: unknown) => openWars.applyOrder(s, 'A', { type: 'setStanding', at: 'r2c1', kind: 'goblins', order: order as never }, hmacRng)
  for (const order of [
    null,
    3,
    { modo: 'huir' },
    { modo: 'retirarse' },
    { modo: 'retirarse', umbral: 5, destino: 'r9c9' },
    { modo: 'luchar', umbral: 5 },
    { modo: 'luchar', retaguardia: 9 },
    { modo: 'luchar', hechizo: 'escudo' },
    { modo: 'retirarse', umbral: 5, destino: 'r3c3' },
  ].slice(1))
    t.notOk(bad(order).ok, JSON.stringify(order))
  t.notOk(openWars.applyOrder(s, 'A', { type: 'setStanding', at: 'r2c2', kind: 'goblins', order: { modo: 'luchar' } }, hmacRng).ok, 'no stack there')
  t.notOk(openWars.applyOrder(s, 'A', { type: 'setCasualtyOrder', kinds: ['arqueros'] }, hmacRng).ok)
  t.notOk(openWars.applyOrder(s, 'A', { type: 'setDefault', order: { modo: 'x' } as never }, hmacRng).ok)
  const mage = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c1 A 1 chaman' })
  t.notOk(
    openWars.applyOrder(open(mage, 'A'), 'A', { type: 'setStanding', at: 'r2c1', kind: 'chaman', order: { modo: 'luchar', hechizo: 'bola_fuego' } }, hmacRng)
      .ok,
    'W11.20 only a C or Cp spell of its faction',
  )
  t.ok(openWars.applyOrder(open(mage, 'A'), 'A', { type: 'setStanding', at: 'r2c1', kind: 'chaman', order: { modo: 'luchar', hechizo: 'escudo' } }, hmacRng).ok)
})

t.test('W10.1 W10.2 what the platform reads: dice, digest, mail, round end, tags', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 4 guerreros_orcos\nr2c3 B 2 exploradores\nr2c4 B 1 arqueros' })
  const r = play(open(s, 'A'), 'A', [{ type: 'move', from: 'r2c2', kind: 'guerreros_orcos', count: 4, path: ['r2c3'] }, { type: 'endTurn' }])
  const battle = ofType(r.events, 'battle')[0]!
  const draws = openWars.dice.drawsOf(battle)
  t.equal(draws.length, battle.rolls.length + battle.turns.reduce((n, x) => n + (x.dice?.length ?? 0), 0))
  t.match(draws[0], { purpose: /in r2c3$/ })
  const hurt = openWars.digest(r.events)
  t.equal(hurt.get('B')!.attacks, 1)
  t.same(openWars.digest([{ type: 'eliminated', tribe: 'B', by: 'A' }]).get('B')!.eliminated, true)
  t.equal(
    openWars
      .digest([{ type: 'volley', tribe: 'A', from: 'r1c1', target: 'r2c2', kind: 'x', dice: [], hits: 1, fell: [{ tribe: 'B', kind: 'goblins' }] }])
      .get('B')!.troopsLost,
    1,
  )
  const events: OpenEvent[] = [
    { type: 'volley', tribe: 'A', from: 'r1c1', target: 'r1c2', kind: 'arqueros', dice: [{ counter: 0, face: 2 }], hits: 1, fell: [] },
    { type: 'spellResolved', tribe: 'A', spell: 'rayo', target: 'r1c2', dice: [{ counter: 1, face: 2 }], hits: 1, fell: [], void: false },
    { type: 'phaseEnded', tribe: 'A', risen: [{ at: 'r1c1', tribe: 'A', kind: 'esqueletos', die: { counter: 2, face: 1 }, rose: true }], raised: [] },
    { type: 'mustered', armies: {}, values: {}, rolls: [{ tribe: 'A', die: { counter: 0, face: 3 } }], weekdays: {}, setupSeed: 'x' },
    { type: 'roundStarted', round: 2 },
  ]
  t.same(
    events.map((e) => openWars.dice.drawsOf(e).length),
    [1, 1, 1, 1, 0],
  )
  t.match(openWars.tickMail(r.state, 'A'), { round: 1, finished: false })
  t.equal(openWars.tickMail(r.state, 'Z'), null)
  t.match(openWars.periodEnd(r.state), { round: 1, controllers: [-1, -1, -1, -1, 0, 0, 0, 1, -1, -1, -1, -1] })
  t.same(openWars.tagEvent(r.events[0]!), { tribe: 'A', played: true })
  t.same(openWars.tagEvent({ type: 'roundStarted', round: 1 }), { tribe: null, played: false })
  t.equal(openWars.mapHash(openWars.fixedMap!.map).length, 64)
  t.equal(openWars.secretOf(s), 'test-setup-seed')
  t.same(openWars.actions.closeWindow('A', false), { type: 'closeWindow', tribe: 'A', check: false })
  t.same(openWars.legalOptions(s, 'Z').orders, [])
  t.match(openWars.applySystem(s, { type: 'nonsense' } as never, hmacRng), { ok: false, error: { code: 'system/unknown_type' } })
  t.match(openWars.applySystem(s, 3 as never, hmacRng), { ok: false, error: { code: 'system/unknown_type' } })
  t.match(openWars.applySystem({} as never, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'engine/bad_state' } })
  t.match(openWars.applySystem(s, { type: 'setSeed', seed: 'round-two-seed' }, hmacRng), { ok: true, state: { rng: { seed: 'round-two-seed', counter: 0 } } })
})
