// The calendar's steps (src/engine/games/openwars/calendar.ts) and the turn checks (rules.ts), each
// by its rule: collection (W4.2), upkeep (W4.4), a window's opening, end and close (W3.9, W3.10,
// W6.1, W11.8), trades (W8.2–W8.5), and the rule each refusal names once the campaign is over,
// in setup, or after the window (W3.4, W3.6, W3.9, W9.2, W9.3, W10.3).
import t from 'tap'
import { collection } from '../../../src/engine/games/openwars/calendar.ts'
import { openWars } from '../../../src/engine/games/openwars/index.ts'
import type { OpenOrder, OpenState, OpenSystem } from '../../../src/engine/games/openwars/types.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { inSetup, notStarted, ofType, open, play, stack, sys, tribe, world, always } from './dsl.ts'
import { readable } from '../readable.ts'

const MAP = `
  ag1     ag1    ag1    ag1
  ci0:A   ll1    ll1    ci0:B
  de1     de1    de3    ll1
`
const DEMONS = 'A=demonios@monday B=demonios@thursday'

/** The refusal of a system action: its code and rule. */
function refusedSystem(s: OpenState, action: OpenSystem) {
  const r = openWars.applySystem(s, action, hmacRng)
  if (r.ok) throw new Error(`${action.type} was accepted`)
  return readable(r.error)
}
const refusedOrder = (s: OpenState, id: string, o: unknown) => {
  const r = openWars.applyOrder(s, id, o as OpenOrder, hmacRng)
  if (r.ok) throw new Error(`${JSON.stringify(o)} was accepted`)
  return readable(r.error)
}

t.test('W4.2 caravanas: 1 gold for every other controlled desierto', async (t) => {
  const s = world(MAP, { tribes: DEMONS })
  for (const id of ['r3c1', 'r3c2', 'r3c3']) s.cells[id]!.controller = 'A'
  const without = structuredClone(s)
  without.cells.r3c3!.card = 'de1'
  t.equal(collection(s, tribe(s, 'A')).gold - collection(without, tribe(without, 'A')).gold, 2 + 2, 'the Oasis prints 2 gold, and 2 other desiertos pay 1 each')
})

t.test('W4.4 upkeep: dearest first, then location, then kind; unpaid units banished; other tribes untouched', async (t) => {
  // Nothing controlled: collection gives nothing, and the pool holds what the test says.
  const s = world(MAP, {
    tribes: DEMONS,
    mana: 1,
    stacks: `
      r2c2 A 1 infernales control=no
      r2c3 A 1 gargolas control=no
      r3c2 A 1 infernales control=no
      r3c4 B 1 gargolas control=no
    `,
  })
  for (const c of Object.values(s.cells)) c.controller = null
  const r = sys(s, { type: 'openWindow', tribe: 'A' })
  t.same(ofType(r.events, 'windowOpened')[0]!.banished, [
    { at: 'r2c2', kind: 'infernales' },
    { at: 'r3c2', kind: 'infernales' },
  ])
  t.same([stack(r.state, 'r2c3', 'A', 'gargolas')?.count, tribe(r.state, 'A').mana], [1, 0], 'the Gárgolas (12) were paid before the Guerreros infernales (10)')
  t.equal(stack(r.state, 'r3c4', 'B', 'gargolas')?.count, 1, "B's upkeep is B's own, at its own window")
  const two = structuredClone(s)
  tribe(two, 'A').mana = 2
  t.same(
    ofType(sys(two, { type: 'openWindow', tribe: 'A' }).events, 'windowOpened')[0]!.banished,
    [{ at: 'r3c2', kind: 'infernales' }],
    'of two equal stacks, the earlier location is paid first',
  )
})

t.test("W3.10 W11.8 an opening resets only its tribe's stacks; the window's Forja de armas ends at the close", async (t) => {
  const s = world(MAP, { tribes: 'A=enanos@monday B=orcos@thursday', stacks: 'r2c2 A 1 mineros moved=1\nr3c4 B 1 goblins moved=1' })
  s.cells.r3c4!.stacks[0]!.bonus = ['celeridad']
  tribe(s, 'A').forged = ['r2c1']
  const opened = open(s, 'A')
  t.same([stack(opened, 'r2c2', 'A', 'mineros')!.moved, tribe(opened, 'A').forged], [0, []], "A's stacks unmoved, its old forge gone")
  t.same([stack(opened, 'r3c4', 'B', 'goblins')!.moved, stack(opened, 'r3c4', 'B', 'goblins')!.bonus], [1, ['celeridad']], "B's stack as it was")
  tribe(opened, 'A').forged = ['r2c1']
  const ended = play(opened, 'A', [{ type: 'endTurn' }]).state
  t.same([tribe(ended, 'A').window, tribe(ended, 'A').forged, stack(ended, 'r3c4', 'B', 'goblins')!.bonus], ['ended', [], ['celeridad']])
  const closed = sys(ended, { type: 'closeWindow', tribe: 'A' })
  t.same([tribe(closed.state, 'A').window, ofType(closed.events, 'windowClosed').length], ['closed', 1])
})

t.test('W6.1 W9.3 a close whose combat phase wins the campaign leaves every window closed and logs no close', async (t) => {
  const s = open(world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 4 guerreros_orcos\nr2c3 B 1 exploradores' }), 'A')
  s.cells.r2c4!.controller = 'A'
  const moved = play(s, 'A', [{ type: 'move', from: 'r2c2', kind: 'guerreros_orcos', count: 4, path: ['r2c3'] }]).state
  const won = openWars.applySystem(moved, { type: 'closeWindow', tribe: 'A' }, always(1))
  if (!won.ok) throw new Error(won.error.code)
  t.same([won.state.status, ofType(won.events, 'windowClosed'), won.state.tribes.map((x) => x.window)], ['finished', [], ['closed', 'closed']])
  const byTurn = play(moved, 'A', [{ type: 'endTurn' }], always(1))
  t.equal(tribe(byTurn.state, 'A').window, 'closed', 'ended by its own turn: closed, not ended')
})

t.test('W8.2 W8.5 a trade of mana and an empty location; W8.4 a failing part moves nothing', async (t) => {
  const s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', mana: 5, gold: 10, stacks: 'r2c1 A 1 goblins\nr2c4 B 1 exploradores' })
  s.cells.r2c2!.controller = 'A'
  const trade = (transfers: unknown) => openWars.applySystem(s, { type: 'executeTrade', transfers } as OpenSystem, hmacRng)
  const done = sys(s, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', mana: 2, locations: ['r2c2'] }] })
  t.same([tribe(done.state, 'A').mana, tribe(done.state, 'B').mana, done.state.cells.r2c2!.controller], [3, 7, 'B'])
  t.match(ofType(done.events, 'tradeExecuted'), [{ transfers: [{ from: 'A', to: 'B', mana: 2, locations: ['r2c2'] }] }])
  const before = structuredClone(s)
  const twice = trade([
    { from: 'A', to: 'B', mana: 3 },
    { from: 'A', to: 'B', mana: 3 },
  ])
  t.match(twice, { ok: false, error: { code: 'trade/lacks', rule: 'W8.4', message: /lacks the gold or mana/ } }, 'W8.4 two parts of 3 owe 6 of the 5')
  const notHis = trade([{ from: 'B', to: 'A', locations: ['r2c2'] }])
  t.match(notHis, { ok: false, error: { code: 'trade/asset_not_owned', rule: 'W8.4', message: 'r2c2 is not controlled by Tribe B' } })
  t.same(s, before, 'a refused trade leaves the state as it was')
  t.equal(tribe(s, 'A').mana, 5)
  t.match(trade([{ from: 'A', to: 'B', locations: ['r9c9'] }]), {
    ok: false,
    error: { code: 'location/unknown', rule: 'W8.2', params: { field: 'locations' } },
  })
  t.match(trade([null]), { ok: false, error: { code: 'tribe/unknown' } }, 'a transfer that is no object names no tribe')
})

t.test('W9.3 W9.2 W3.4 W3.6 W3.9 W10.3 W8.4 each refusal of the calendar and the turn names its rule', async (t) => {
  const setup = inSetup()
  t.same(
    [
      ofType(sys(setup, { type: 'closeWindow', tribe: 'A' }).events, 'windowClosed'),
      ofType(sys(setup, { type: 'openWindow', tribe: 'A' }).events, 'windowOpened'),
    ],
    [[], []],
    'W3.4 no window opens or closes during setup',
  )
  t.match(refusedOrder(setup, 'A', { type: 'endTurn' }), {
    code: 'setup/only_army',
    rule: 'W3.4',
    message: /the only orders are the faction and the starting army/,
  })
  t.match(refusedSystem(setup, { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', gold: 1 }] }), { code: 'trade/during_setup', rule: 'W8.4' })
  t.match(refusedSystem(setup, { type: 'setSeed', seed: 7 } as unknown as OpenSystem), { rule: 'W10.3' })
  t.match(refusedOrder(notStarted(), 'A', { type: 'endTurn' }), { code: 'campaign/not_running', rule: 'W3.4' })

  const s = world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday C=enanos@friday', stacks: 'r2c1 A 1 goblins\nr2c4 B 1 exploradores' })
  t.match(refusedOrder(s, 'A', { type: 'setArmy', army: { goblins: 1 } }), { code: 'setup/over', rule: 'W3.6', message: /mustered at tick 0/ })
  const ended = play(open(s, 'A'), 'A', [{ type: 'endTurn' }]).state
  t.match(refusedOrder(ended, 'A', { type: 'endTurn' }), { code: 'turn/ended', rule: 'W3.9', message: "Tribe A's window has closed for this round" })
  tribe(s, 'C').eliminated = true
  t.match(refusedOrder(s, 'C', { type: 'endTurn' }), { code: 'turn/eliminated', rule: 'W9.2' })
  t.match(refusedSystem(s, { type: 'openWindow', tribe: 'C' }), { code: 'turn/eliminated', rule: 'W9.2' })
  t.match(refusedSystem(open(s, 'A'), { type: 'openWindow', tribe: 'A' }), { code: 'turn/already_open', rule: 'W3.2' })
  s.status = 'finished'
  for (const action of [
    { type: 'tick', at: 0 },
    { type: 'openWindow', tribe: 'A' },
    { type: 'closeWindow', tribe: 'A' },
    { type: 'executeTrade', transfers: [{ from: 'A', to: 'B', gold: 1 }] },
  ] as OpenSystem[])
    t.match(refusedSystem(s, action), { code: 'campaign/not_running', rule: 'W9.3' }, `${action.type} once the campaign is over`)
  t.match(refusedOrder(s, 'A', { type: 'endTurn' }), { code: 'campaign/not_running', rule: 'W9.3' })
  t.match(openWars.applyOrder({ ruleset: 'weekday' } as unknown as OpenState, 'A', { type: 'endTurn' }, hmacRng), {
    ok: false,
    error: { message: /not an Open Wars state/ },
  })
})

t.test('W3.6 tick 0 waits 72 hours counted from the start, whenever the start was', async (t) => {
  const HOUR = 3_600_000
  const startedAt = 1_000 * HOUR
  const s = sys(notStarted(), { type: 'startCampaign', at: startedAt }).state
  const early = sys(s, { type: 'tick', at: startedAt + 72 * HOUR - 1 })
  t.equal(early.events.at(-1)!.type, 'tickWaits', 'a millisecond short of 72 hours after the start: tick 0 waits')
  t.equal(early.state.status, 'setup')
  t.equal(openWars.tickZeroNotBefore?.(s), startedAt + 72 * HOUR, 'and the game says when it may come')
  const mustered = sys(s, { type: 'tick', at: startedAt + 72 * HOUR })
  t.equal(mustered.state.status, 'running', 'at 72 hours exactly, the muster')
  t.ok(ofType(mustered.events, 'mustered').length === 1 && ofType(mustered.events, 'roundStarted')[0]!.round === 1, 'and round 1 begins')
})

t.test('W6.1 a window still open fights its battles at the close; one its player ended just closes', async (t) => {
  const s = open(
    world(MAP, { tribes: 'A=orcos@monday B=elfos@thursday', stacks: 'r2c2 A 2 guerreros_orcos\nr2c3 B 3 exploradores\nr3c4 B 1 exploradores' }),
    'A',
  )
  const moved = play(s, 'A', [{ type: 'move', from: 'r2c2', kind: 'guerreros_orcos', count: 1, path: ['r2c3'] }]).state
  const closed = sys(moved, { type: 'closeWindow', tribe: 'A' }, always(1))
  t.ok(ofType(closed.events, 'battle').length > 0, "the open window's battle in r2c3 is fought at 20:00")
  t.same([tribe(closed.state, 'A').window, closed.events.at(-1)!.type], ['closed', 'windowClosed'])
  const ended = play(moved, 'A', [{ type: 'endTurn' }], always(1)).state
  t.equal(tribe(ended, 'A').window, 'ended', 'ending the turn fought the battle already')
  const after = sys(ended, { type: 'closeWindow', tribe: 'A' }, always(1))
  t.same(
    after.events.map((e) => e.type).filter((type) => type !== 'system'),
    ['windowClosed'],
    'the close of an ended window fights nothing again: it only closes',
  )
})
