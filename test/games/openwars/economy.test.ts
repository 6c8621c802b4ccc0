// W3 and W4: windows and phases, batches, setup orders, collection, upkeep and recruitment.
import t from 'tap'
import { FACTIONS, kind, kindsOf, type Faction } from '../../../src/engine/games/openwars/data.ts'
import { armyProblem, BUDGET } from '../../../src/engine/games/openwars/setup.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { inSetup, notStarted, ofType, open, play, refusal, refused, stack, sys, tribe, world } from './dsl.ts'

const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ci4:A  ci7:A  ci2:B
  mo3:A   de3:A  de2:A  bo1
  ci5     ll1    ll1    ll1
`
const base = (stacks = '', tribes = 'A=elfos@monday B=orcos@thursday', gold = 50, mana = 10) => world(MAP, { tribes, stacks, gold, mana })

t.test('W4.1 W4.2 W3.10 collection at the opening: cards, veta, caravanas', async (t) => {
  const s = open(base('r3c1 A 1 guardianes'), 'A')
  // ci0 6/2, ci4 2/3, ci7 5/0, mo3 2 + veta 2, de3 2 + caravanas 1 (de2), de2 1.
  t.same([tribe(s, 'A').gold, tribe(s, 'A').mana], [50 + 6 + 2 + 5 + 4 + 3 + 1, 15])
  t.equal(openWars.previewEconomy(s).A!.gold, 21, 'the economy view shows the next collection')
})

t.test('W1.10 W4.2 Minas y forjas; W4.3 Saqueadores take mana as gold', async (t) => {
  const dwarves = open(base('', 'A=enanos@monday B=orcos@thursday', 0, 0), 'A')
  t.equal(tribe(dwarves, 'A').gold, 19 + 1, '+1 gold for the montaña location (no unit: no veta)')
  const raiders = open(base('', 'A=barbaros@monday B=orcos@thursday', 0, 0), 'A')
  t.same([tribe(raiders, 'A').gold, tribe(raiders, 'A').mana], [19 + 5, 0])
})

t.test('W4.4 upkeep: dearest first; unpaid units are banished', async (t) => {
  const s = base('r2c1 A 1 senor_abismo\nr2c2 A 2 gargolas', 'A=demonios@monday B=orcos@thursday', 0, 0)
  s.cells.r2c2!.card = 'ci1'
  const r = sys(s, { type: 'openWindow', tribe: 'A' })
  // Collection: ci0 2 + ci7 0 + … = 2 mana (ci4 became ci1): the Señor pays 2, both gárgolas are banished.
  t.same(ofType(r.events, 'windowOpened')[0]!.banished, [
    { at: 'r2c2', kind: 'gargolas' },
    { at: 'r2c2', kind: 'gargolas' },
  ])
  t.equal(stack(r.state, 'r2c1', 'A', 'senor_abismo')!.count, 1)
  t.equal(tribe(r.state, 'A').mana, 0)
})

t.test('W4.5 W4.6 W4.7 W4.8 W4.9 W4.10 W3.11 recruitment', async (t) => {
  const s = open(base('r3c4 B 1 goblins'), 'A')
  const g = tribe(s, 'A').gold
  const r = play(s, 'A', [{ type: 'recruit', city: 'r2c1', kind: 'guardianes', count: 2 }]).state
  t.equal(g - tribe(r, 'A').gold, 18)
  t.equal(stack(r, 'r2c1', 'A', 'guardianes')!.moved, 0, 'W4.10 new units are unmoved')
  t.match(refusal(s, 'A', { type: 'recruit', city: 'r3c1', kind: 'guardianes', count: 1 }), {
    code: 'recruit/not_your_city',
    rule: 'W4.6',
    params: { city: 'r3c1' },
  })
  t.match(refused(s, 'A', { type: 'recruit', city: 'r2c4', kind: 'guardianes', count: 1 }), { code: 'recruit/not_your_city' })
  t.match(refused(s, 'A', { type: 'recruit', city: 'r2c1', kind: 'guardianes', count: 5 }), { code: 'order/bad_count' })
  t.match(refused(s, 'A', { type: 'recruit', city: 'r2c1', kind: 'goblins', count: 1 }), { code: 'order/unknown_kind', rule: 'W4.5' })
  t.equal(g - tribe(play(s, 'A', [{ type: 'recruit', city: 'r2c2', kind: 'mago', count: 1 }]).state, 'A').gold, 9, 'academia: mágica units 2 less')
  t.equal(g - tribe(play(s, 'A', [{ type: 'recruit', city: 'r2c3', kind: 'nave_cisne', count: 1 }]).state, 'A').gold, 9, 'astillero: agua units 2 less')
  const once = play(s, 'A', [{ type: 'recruit', city: 'r2c1', kind: 'maestra_arquera', count: 1 }]).state
  t.match(refused(once, 'A', { type: 'recruit', city: 'r2c2', kind: 'maestra_arquera', count: 1 }), { code: 'recruit/unique', rule: 'W4.9' })
  t.match(refused(s, 'A', { type: 'recruit', city: 'r2c1', kind: 'maestra_arquera', count: 2 }), { code: 'recruit/stacking', rule: 'W4.9' })
  const poor = structuredClone(s)
  tribe(poor, 'A').gold = 5
  t.match(refused(poor, 'A', { type: 'recruit', city: 'r2c1', kind: 'guardianes', count: 1 }), { code: 'recruit/gold', rule: 'W4.7' })
  const inland = structuredClone(s)
  inland.cells.r4c1!.controller = 'A'
  t.match(refused(inland, 'A', { type: 'recruit', city: 'r4c1', kind: 'nave_cisne', count: 1 }), { code: 'recruit/not_port', rule: 'W4.8' })
  // W11.28: the order's own rules in the book's order: gold (W4.7) before the port (W4.8) and única (W4.9).
  const poorInland = structuredClone(inland)
  tribe(poorInland, 'A').gold = 5
  t.match(
    refused(poorInland, 'A', { type: 'recruit', city: 'r4c1', kind: 'nave_cisne', count: 1 }),
    { code: 'recruit/gold', rule: 'W4.7' },
    'W11.28 W4.7 before W4.8',
  )
  const poorOnce = structuredClone(once)
  tribe(poorOnce, 'A').gold = 5
  t.match(
    refused(poorOnce, 'A', { type: 'recruit', city: 'r2c2', kind: 'maestra_arquera', count: 1 }),
    { code: 'recruit/gold', rule: 'W4.7' },
    'W11.28 W4.7 before W4.9',
  )
  t.equal(g - tribe(play(inland, 'A', [{ type: 'recruit', city: 'r4c1', kind: 'guardianes', count: 1 }]).state, 'A').gold, 8, 'armeria: 1 less')
  const after = play(play(s, 'A', [{ type: 'recruit', city: 'r2c1', kind: 'guardianes', count: 1 }]).state, 'A', [
    { type: 'move', from: 'r2c1', kind: 'guardianes', count: 1, path: ['r3c1'] },
  ]).state
  t.match(
    refused(after, 'A', { type: 'recruit', city: 'r2c1', kind: 'guardianes', count: 1 }),
    { code: 'phase/not_recruitment', rule: 'W4.5' },
    'W3.11 the first move ends recruitment',
  )
})

t.test('W3.2 W3.9 W3.12 W6.1 windows, the end of a turn, batches', async (t) => {
  const s = base('r2c1 A 1 guardianes')
  t.match(refused(s, 'A', { type: 'endTurn' }), { code: 'turn/window_closed', rule: 'W3.2' })
  const o = open(s, 'A')
  t.match(openWars.applySystem(o, { type: 'openWindow', tribe: 'A' }, hmacRng), { ok: false, error: { code: 'turn/already_open' } })
  const ended = play(o, 'A', [{ type: 'endTurn' }]).state
  t.match(refused(ended, 'A', { type: 'endTurn' }), { code: 'turn/ended', rule: 'W3.9' })
  t.equal(openWars.view(ended).tribes[0]!.turn, 'ended')
  const batch = openWars.applyBatch(o, 'A', [{ type: 'endTurn' }, { type: 'setDefault', order: { modo: 'luchar' } }], hmacRng)
  t.same(batch, { ok: false, index: 0, error: { code: 'orders/end_not_last', message: 'endTurn may only be the last order of a batch', rule: 'W3.12' } })
  t.match(refused(o, 'A', { type: 'setArmy', army: {} }), { code: 'setup/over', rule: 'W3.6' })
  const closed = sys(o, { type: 'closeWindow', tribe: 'A' }).state
  t.equal(tribe(closed, 'A').window, 'closed', 'W6.1 at 20:00 the combat phase runs and the window closes')
  t.equal(openWars.view(o).tribes[0]!.phase, 'recruitment')
})

t.test('W3.4 W3.5 W1.1 W11.27 the setup period: faction and starting army', async (t) => {
  const before = notStarted()
  t.match(refused(before, 'A', { type: 'setArmy', army: {} }), { code: 'campaign/not_running', rule: 'W3.4' })
  t.match(openWars.applySystem(before, { type: 'tick', at: 0 }, hmacRng), { ok: false, error: { code: 'campaign/not_running' } })
  let s = sys(before, { type: 'startCampaign', at: 0 }).state
  t.match(openWars.applySystem(s, { type: 'startCampaign', at: 0 }, hmacRng), { ok: false, error: { code: 'setup/already_started' } })
  t.equal(openWars.view(s).tribes[0]!.turn, 'free')
  t.match(refused(s, 'A', { type: 'endTurn' }), { code: 'setup/only_army' })
  t.match(refused(s, 'A', { type: 'setFaction', faction: 'trolls' as never }), { code: 'setup/unknown_faction' })
  t.match(refused(s, 'A', { type: 'setArmy', army: { guerreras: 5 } }), { code: 'setup/bad_army', rule: 'W3.5' })
  t.match(refused(s, 'A', { type: 'setArmy', army: { reina: 1, guerreras: 4, jinetes_jaguar: 4 } }), { code: 'setup/bad_army' })
  t.match(refused(s, 'A', { type: 'setArmy', army: { guerreras: -1 } }), { code: 'setup/bad_army' })
  t.match(refused(s, 'A', { type: 'setArmy', army: [] as never }), { code: 'setup/bad_army' })
  t.match(refused(s, 'A', { type: 'setArmy', army: { chamana: 2 } }), { code: 'setup/bad_army' })
  t.match(refused(s, 'A', { type: 'setArmy', army: { goblins: 1 } }), { code: 'order/unknown_kind' })
  s = play(s, 'B', [
    { type: 'setFaction', faction: 'elfos' },
    { type: 'setArmy', army: { arqueros: 1 } },
  ]).state
  t.match(refused(s, 'A', { type: 'setFaction', faction: 'elfos' }), { code: 'setup/faction_taken', rule: 'W1.1' }, 'a faction another tribe has chosen')
  s = play(s, 'A', [
    { type: 'setArmy', army: { guerreras: 2, cazadoras: 0 } },
    { type: 'setFaction', faction: 'orcos' },
    { type: 'setFaction', faction: 'orcos' },
    { type: 'setArmy', army: {} },
  ]).state
  t.equal(openWars.board(s, 'B').mine!.army!.arqueros, 1, 'the sealed army is its owner only')
  t.equal(JSON.stringify(openWars.board(s, 'A')).includes('arqueros'), false, 'W10.8 others do not see it')
  const r = sys(s, { type: 'tick', at: 100 * 3_600_000 })
  const m = ofType(r.events, 'mustered')[0]!
  t.same(m.values, { A: 0, B: 11 })
  t.same(
    [tribe(r.state, 'A').gold, tribe(r.state, 'A').weekday, tribe(r.state, 'B').weekday],
    [30, 'monday', 'friday'],
    'W11.27 an empty army: 30 gold, the earliest weekday',
  )
  t.same(m.rolls, [], 'no tie, no roll-off')
})

t.test('W1.1 with seven tribes each can still choose: a default is a suggestion, a choice a claim', async (t) => {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
  const created = openWars.createGame({
    map: { id: 'banda', name: 'Banda de sectores', mode: 'aleatorio' },
    tribes: days.map((weekday, i) => ({ id: 'ABCDEFG'[i]!, name: 'ABCDEFG'[i]!, weekday })),
    seed: 'a-map-seed',
    secretSeed: 'a-setup-seed',
    limit: 6,
  })
  if (!created.ok) throw new Error(created.error.code)
  let s = sys(created.state, { type: 'startCampaign', at: 0 }).state
  const factions = (x: typeof s) => x.tribes.map((y) => y.faction).join(' ')
  t.equal(factions(s), 'amazonas barbaros demonios elfos enanos no_muertos orcos', 'by default, the join order')
  s = play(s, 'A', [{ type: 'setArmy', army: { guerreras: 1 } }]).state
  // G names the Amazons, A's by default: A moves to the first faction nobody plays, the Orcs G left.
  s = play(s, 'G', [{ type: 'setFaction', faction: 'amazonas' }]).state
  t.equal(factions(s), 'orcos barbaros demonios elfos enanos no_muertos amazonas')
  t.equal(tribe(s, 'A').army, null, "A's sealed army was of the old roster")
  t.match(refused(s, 'A', { type: 'setFaction', faction: 'amazonas' }), { code: 'setup/faction_taken', rule: 'W1.1' }, 'G chose them: a claim')
  s = play(s, 'A', [{ type: 'setFaction', faction: 'elfos' }]).state
  t.equal(factions(s), 'elfos barbaros demonios orcos enanos no_muertos amazonas', 'D, Elves by default, takes the Orcs A left')
  t.match(refused(s, 'B', { type: 'setFaction', faction: 'elfos' }), { code: 'setup/faction_taken' })
  t.same(
    openWars
      .legalOptions(s, 'B')
      .orders.filter((o) => o.type === 'setFaction')
      .map((o) => o.type === 'setFaction' && o.faction),
    ['demonios', 'enanos', 'no_muertos', 'orcos'],
    'B may take any faction not chosen: defaults included',
  )
  // A state set up before the flag: a faction other than the join-order default was named.
  const old = structuredClone(created.state)
  for (const x of old.tribes) delete x.chosen
  old.tribes[0]!.faction = 'orcos'
  old.tribes[6]!.faction = 'amazonas'
  const before = sys(old, { type: 'startCampaign', at: 0 }).state
  t.match(refused(before, 'B', { type: 'setFaction', faction: 'orcos' }), { code: 'setup/faction_taken' })
  t.equal(factions(play(before, 'B', [{ type: 'setFaction', faction: 'demonios' }]).state), 'orcos demonios barbaros elfos enanos no_muertos amazonas')
})

t.test('W9.4 W1.1 the campaign form', async (t) => {
  t.equal(openWars.checkLimit(null), null)
  t.equal(openWars.checkLimit(6), null)
  t.match(openWars.checkLimit(5), { code: 'setup/round_limit', rule: 'W9.4' })
  const make = (over: object) =>
    openWars.createGame({
      map: openWars.fixedMap!.map,
      tribes: [
        { id: 'A', name: 'A', weekday: 'monday' },
        { id: 'B', name: 'B', weekday: 'friday' },
      ],
      seed: 'a-map-seed',
      secretSeed: 'a-setup-seed',
      limit: null,
      ...over,
    })
  t.match(make({ limit: 53 }), { ok: false, error: { code: 'setup/round_limit' } })
  t.match(make({ seed: 'short' }), { ok: false, error: { code: 'setup/bad_seed' } })
  t.match(make({ tribes: [{ id: 'A', name: 'A', weekday: 'monday' }] }), { ok: false, error: { code: 'setup/tribe_count' } })
  t.match(
    make({
      tribes: [
        { id: 'A', name: 'A', weekday: 'monday' },
        { id: 'B', name: 'B', weekday: 'monday' },
      ],
    }),
    { ok: false, error: { code: 'setup/weekdays' } },
  )
  t.match(make({}), { ok: true, state: { roundLimit: 16 } })
})

t.test('W4.7 each discount only where it is and for whom: academia for mágica, astillero for agua; gold exactly the price is enough', async (t) => {
  const s = open(base('r3c4 B 1 goblins'), 'A')
  const paid = (city: string, k: string, state = s) =>
    tribe(s, 'A').gold - tribe(play(state, 'A', [{ type: 'recruit', city, kind: k, count: 1 }]).state, 'A').gold
  t.equal(paid('r2c2', 'exploradores'), kind('exploradores').cost, 'academia (r2c2): an explorer pays full price')
  t.equal(paid('r2c1', 'mago'), kind('mago').cost, 'a mage outside the academia (r2c1) pays full price')
  t.equal(paid('r2c3', 'exploradores'), kind('exploradores').cost, 'astillero (r2c3): a land unit pays full price')
  t.equal(paid('r2c1', 'nave_cisne'), kind('nave_cisne').cost, 'a ship in a port with no astillero (r2c1) pays full price')
  const exact = structuredClone(s)
  tribe(exact, 'A').gold = kind('exploradores').cost * 2
  const spent = play(exact, 'A', [{ type: 'recruit', city: 'r2c1', kind: 'exploradores', count: 2 }]).state
  t.equal(tribe(spent, 'A').gold, 0, 'gold exactly the price recruits, leaving none')
  tribe(exact, 'A').gold -= 1
  const short = openWars.applyOrder(exact, 'A', { type: 'recruit', city: 'r2c1', kind: 'exploradores', count: 2 }, hmacRng)
  t.match(
    short.ok ? null : short.error,
    { code: 'recruit/gold', rule: 'W4.7', params: { price: kind('exploradores').cost * 2 } },
    'one gold short is refused, the price given',
  )
})

t.test('W3.5 W5.10 the starting army at each bound: the refusal names the entry and the bound, the bound itself is taken', async (t) => {
  const amazons = tribe(inSetup('A@monday B@friday'), 'A')
  amazons.faction = 'amazonas'
  const kinds = kindsOf('amazonas')
  const magic = kinds.find((k) => k.type === 'magica')!
  const plain = kinds.find((k) => k.type !== 'magica' && !k.unique)!
  const unique = kinds.find((k) => k.unique && k.type !== 'magica')!
  for (const army of ['x', null, [], 3]) t.equal(armyProblem(amazons, army), 'army is an object of kind counts', `${JSON.stringify(army)}`)
  for (const n of [-1, 1.5, '2']) t.equal(armyProblem(amazons, { [plain.id]: n }), `army.${plain.id}: a whole number`, `${plain.id}: ${JSON.stringify(n)}`)
  t.equal(armyProblem(amazons, { [plain.id]: 5 }), `army.${plain.id}: at most 4 (W5.10)`, 'five of a kind')
  t.equal(armyProblem(amazons, { [unique.id]: 2 }), `army.${unique.id}: at most 1 (W5.10)`, 'two of a única')
  t.equal(armyProblem(amazons, { [magic.id]: 2 }), `army.${magic.id}: at most 1 (W5.10)`, 'two of a mágica')
  t.equal(armyProblem(amazons, { [plain.id]: 0 }), null, 'none of a kind is allowed')
  const mages = kindsOf('no_muertos').filter((k) => k.type === 'magica')
  t.equal(
    armyProblem({ ...amazons, faction: 'no_muertos' }, Object.fromEntries(mages.map((k) => [k.id, 1]))),
    'at most 1 mágica unit in the capital (W5.10)',
    `one each of the undead's ${mages.length} mágica kinds is one too many`,
  )
  // Exactly the budget is taken; one unit more than an army worth the budget is refused, its worth said.
  // Some faction's kinds sum to the budget exactly (a search over each roster within W5.10's limits).
  const exactly = (faction: Faction): Record<string, number> | null => {
    const roster = kindsOf(faction)
    const search = (i: number, left: number, mages: number, army: Record<string, number>): Record<string, number> | null => {
      if (left === 0) return army
      if (i === roster.length) return null
      const k = roster[i]!
      const most = k.unique || k.type === 'magica' ? 1 : 4
      for (let n = most; n >= 0; n--) {
        if (n * k.cost > left || (k.type === 'magica' && mages + n > 1)) continue
        const found = search(i + 1, left - n * k.cost, mages + (k.type === 'magica' ? n : 0), n ? { ...army, [k.id]: n } : army)
        if (found) return found
      }
      return null
    }
    return search(0, BUDGET, 0, {})
  }
  const faction = FACTIONS.find((f) => exactly(f) !== null)
  t.ok(faction, `some faction can field an army worth exactly ${BUDGET}`)
  const player = { ...amazons, faction: faction! }
  const exact = exactly(faction!)!
  t.equal(armyProblem(player, exact), null, `${faction} worth exactly ${BUDGET}: taken`)
  const cheapest = kindsOf(faction!)
    .filter((k) => !k.unique && k.type !== 'magica' && (exact[k.id] ?? 0) < 4)
    .sort((a, b) => a.cost - b.cost)[0]!
  const over = { ...exact, [cheapest.id]: (exact[cheapest.id] ?? 0) + 1 }
  t.equal(armyProblem(player, over), `worth ${BUDGET + cheapest.cost}, more than ${BUDGET} gold`, 'one unit more: refused, its worth said')
})

t.test('W3.5 W1.1 a sealed army keeps only what it holds, and only while its faction stays', async (t) => {
  const s = inSetup('A@monday B@friday')
  const sealed = play(s, 'A', [{ type: 'setArmy', army: { guerreras: 2, cazadoras: 0 } }]).state
  t.same(tribe(sealed, 'A').army, { guerreras: 2 }, 'a kind counted 0 is not kept')
  const same = play(sealed, 'A', [{ type: 'setFaction', faction: tribe(sealed, 'A').faction! }]).state
  t.same(tribe(same, 'A').army, { guerreras: 2 }, 'naming the faction it already plays keeps the army')
  const other = play(sealed, 'A', [{ type: 'setFaction', faction: 'enanos' }]).state
  t.equal(tribe(other, 'A').army, null, "another faction discards it: the old roster's army")
})
