import t from 'tap'
import { at, board, picture, play, redraw, refused } from './dsl.ts'

const close = (tribe: string) => ({ system: { type: 'closeWindow' as const, tribe } })

// A city at the centre, its six neighbours around it.
const ring = (n: [string, string, string, string, string, string], city = 'A5') =>
  board(`
  .  ${n[0]} ${n[1]} .
    ${n[2]} ${city} ${n[3]} .
  .  ${n[4]} ${n[5]} .
`)

t.test('R9.1 a city whose every land neighbour holds a foreign army is besieged, even by several tribes', async (t) => {
  const s = ring(['b1', 'b1', 'c1', 'b1', 'c1', 'b1'])
  const { state, events } = play(s, [close('a')])
  t.same(state.besieged, [at(1, 1)])
  t.match(
    events.find((e) => e.type === 'siegeLoss'),
    { city: at(1, 1), owner: 'a', lost: 2, garrison: 3 },
  )
})

t.test('R9.1 a neutral garrison, an empty neighbour or an own army breaks a siege; neutral cities are never besieged', async (t) => {
  t.same(play(ring(['b1', 'b1', '.1', 'b1', 'b1', 'b1']), [close('a')]).state.besieged, [], "neutral troops are no tribe's army")
  t.same(play(ring(['b1', 'b1', 'b', 'b1', 'b1', 'b1']), [close('a')]).state.besieged, [], 'an empty tile')
  t.same(play(ring(['b1', 'b1', 'a1', 'b1', 'b1', 'b1']), [close('a')]).state.besieged, [], 'an own army')
  t.same(play(ring(['b1', 'b1', 'b1', 'b1', 'b1', 'b1'], '#5'), [close('b')]).state.besieged, [], 'a neutral city')
  const island = board(`
    ~ ~ ~
     ~ A3 ~ b1
    ~ ~ ~
  `)
  t.same(play(island, [close('a')]).state.besieged, [], 'a city with no land neighbour')
})

t.test('R9.2 sieges are checked at the close of a window, not in between', async (t) => {
  const s = ring(['b1', 'b1', 'b1', 'b1', 'b1', 'b1'])
  const opened = play(s, [{ system: { type: 'openWindow', tribe: 'b' } }])
  t.same(opened.state.besieged, [])
  t.notOk(opened.events.some((e) => e.type === 'siegeLoss'))
  t.same(play(s, [close('b')]).state.besieged, [at(1, 1)], "any tribe's window close checks every city")
})

t.test('R9.3 a besieged city loses 2 troops (never below 0), cannot recruit, and the mark goes at the first check that finds it free', async (t) => {
  const s = ring(['b1', 'b1', 'b1', 'b1', 'b1', 'b1'], 'A3')
  const once = play(s, [close('a')]).state
  t.equal(once.armies[at(1, 1)]!.troops, 1)
  const twice = play(once, [close('b')]).state
  t.equal(twice.armies[at(1, 1)], undefined, 'the garrison is gone; the city still belongs to a')
  t.equal(picture(twice).split('\n')[1]!.trim().split(/\s+/)[1], 'A!')
  const thrice = play(twice, [close('a')]).state
  t.equal(thrice.besieged.length, 1, 'still besieged, no troops to lose')
  const reopened = { ...thrice, tribes: thrice.tribes.map((x) => ({ ...x, phase: 'recruitment' as const })) }
  t.match(refused(reopened, ['a', { type: 'recruit', city: at(1, 1), troops: 1 }]), { code: 'recruit/besieged', rule: 'R5.1' })
  const freed = { ...reopened, armies: { ...reopened.armies } }
  delete freed.armies[at(1, 0)]
  const { state, events } = play(freed, [close('a')])
  t.same(state.besieged, [])
  t.match(
    events.find((e) => e.type === 'siegeLifted'),
    { city: at(1, 1) },
  )
  t.equal(
    picture(state),
    redraw(`
    .  b  b1 .
      b1 A  b1 .
    .  b1 b1 .
  `),
  )
})

t.test('R9.1 R9.2 two adjacent cities besiege each other: both lose 2 troops, whatever the order of the tiles in the map', async (t) => {
  for (const [name, row] of [
    ['a first', 'A2 B2'],
    ['b first', 'B2 A2'],
  ] as const) {
    const s = board(`
      ~  ~  ~  ~
        ~  ${row} ~
      ~  ~  ~  ~
    `)
    const { state, events } = play(s, [close('a')])
    const losses = events.filter((e) => e.type === 'siegeLoss')
    t.same(losses.map((e) => (e as { owner: string; lost: number }).owner).sort(), ['a', 'b'], `${name}: both cities are besieged`)
    t.ok(
      losses.every((e) => (e as { lost: number }).lost === 2),
      `${name}: each loses 2`,
    )
    t.same(state.besieged, [at(1, 1), at(2, 1)], `${name}: both are marked`)
    t.same(Object.values(state.armies), [], `${name}: both garrisons are gone`)
  }
})
