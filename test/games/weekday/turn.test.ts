import t from 'tap'
import { at, board, mv, play, refused } from './dsl.ts'

t.test('R4.3 orders outside the window are refused with the rule id', async (t) => {
  const s = board('A3 . B2', { phase: 'closed' })
  t.match(refused(s, ['a', mv(at(0, 0), at(1, 0), 1)]), { code: 'turn/window_closed', rule: 'R4.3' })
  t.match(refused(s, ['a', { type: 'recruit', city: at(0, 0), troops: 1 }]), { code: 'turn/window_closed', rule: 'R4.3' })
})

t.test('R4.4 a turn is recruitment, then actions', async (t) => {
  const s = board('A3 a a a a . B2')
  const r = play(s, [['a', { type: 'recruit', city: at(0, 0), troops: 1 }]])
  t.equal(r.state.tribes[0]!.phase, 'recruitment')
  t.equal(play(r.state, [['a', mv(at(0, 0), at(1, 0), 1)]]).state.tribes[0]!.phase, 'actions')
})

t.test('R4.5 the opening gives every army and ship its MP back; points do not carry over', async (t) => {
  const s = board(`
    A3 .  .  B2
      ~a1 ~  ~
  `)
  const moved = play(s, [
    ['a', mv(at(0, 0), at(1, 0), 3)],
    ['a', { type: 'shipMove', ship: 's1', to: at(1, 1) }],
  ]).state
  t.match(moved.armies[at(1, 0)], { mp: 1 })
  const idle = board('A3 . . B2')
  const next = play(moved, [{ system: { type: 'closeWindow', tribe: 'a' } }, { system: { type: 'openWindow', tribe: 'a' } }]).state
  t.match(next.armies[at(1, 0)], { mp: 2 })
  t.match(next.ships.s1, { mp: 3 })
  const rested = play(idle, [{ system: { type: 'closeWindow', tribe: 'a' } }, { system: { type: 'openWindow', tribe: 'a' } }]).state
  t.equal(rested.armies[at(0, 0)]!.mp, 2, 'an idle army does not bank its points')
  t.equal(next.tribes[0]!.phase, 'recruitment')
})

t.test('R4.6 a player may end the turn early; no more orders in that window', async (t) => {
  const s = board('A3 . B2')
  const { state, events } = play(s, [['a', { type: 'endTurn' }]])
  t.match(events, [{ type: 'order' }, { type: 'turnEnded', tribe: 'a' }])
  t.match(refused(state, ['a', mv(at(0, 0), at(1, 0), 1)]), { code: 'turn/ended', rule: 'R4.6' })
  t.match(refused(state, ['a', { type: 'endTurn' }]), { code: 'turn/ended' })
})

t.test("R4.5 an opening restores only the opening tribe's armies and ships; other tribes keep what they spent", async (t) => {
  const s = board(`
    A3 .  .  B2 .
      ~a1 ~  ~b1 ~
  `)
  const spent = structuredClone(s)
  for (const army of Object.values(spent.armies)) army.mp = 0
  for (const ship of Object.values(spent.ships)) ship.mp = 0
  const opened = play(spent, [{ system: { type: 'openWindow', tribe: 'a' } }]).state
  t.equal(opened.armies[at(0, 0)]!.mp, 2, "a's army")
  t.equal(opened.ships.s1!.mp, 3, "a's ship")
  t.equal(opened.armies[at(3, 0)]!.mp, 0, "b's army waits for b's window")
  t.equal(opened.ships.s2!.mp, 0, "b's ship too")
})

t.test('R4.3 a closed window takes no more orders until it opens again', async (t) => {
  const s = board('A3 . B2')
  const closed = play(s, [{ system: { type: 'closeWindow', tribe: 'a' } }]).state
  t.equal(closed.tribes[0]!.phase, 'closed')
  t.equal(closed.tribes[1]!.phase, 'recruitment', "the other tribe's window is its own")
  t.match(refused(closed, ['a', { type: 'endTurn' }]), { code: 'turn/window_closed' })
  t.ok(play(closed, [{ system: { type: 'openWindow', tribe: 'a' } }, ['a', { type: 'endTurn' }]]), 'open again, it takes orders')
})

t.test("R9.2 a window closed without the siege check (a GM's close) costs no besieged city anything", async (t) => {
  const s = board('A5! b3 . B2')
  const quiet = play(s, [{ system: { type: 'closeWindow', tribe: 'a', siege: false } }])
  t.notOk(
    quiet.events.some((e) => e.type === 'siegeLoss'),
    'no siege loss',
  )
  t.equal(quiet.state.armies[at(0, 0)]!.troops, 5)
  const checked = play(s, [{ system: { type: 'closeWindow', tribe: 'a' } }])
  t.ok(
    checked.events.some((e) => e.type === 'siegeLoss'),
    "the calendar's close checks sieges",
  )
})

t.test('R7.1 a full army of 9 can move whole; R5.6 each ship built gets the next number', async (t) => {
  const s = board('a9 . .')
  t.match(play(s, [['a', mv(at(0, 0), at(1, 0), 9)]]).state.armies[at(1, 0)], { tribe: 'a', troops: 9 })
  const yard = board(`
    A  ~  .  B
      ~  ~  ~
  `)
  yard.pools[0]!.balance = 100
  const two = play(yard, [['a', { type: 'buildShip', port: at(0, 0), sea: at(1, 0) }]])
  t.same(Object.keys(two.state.ships), ['s1'])
  t.equal(two.state.nextShipId, 2)
  const three = play(two.state, [['a', { type: 'buildShip', port: at(0, 0), sea: at(0, 1) }]]).state
  t.same(Object.keys(three.ships).sort(), ['s1', 's2'])
  t.equal(three.nextShipId, 3)
})
