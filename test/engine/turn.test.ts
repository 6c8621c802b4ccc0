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
  const moved = play(s, [['a', mv(at(0, 0), at(1, 0), 3)], ['a', { type: 'shipMove', ship: 's1', to: at(1, 1) }]]).state
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
