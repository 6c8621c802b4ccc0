// The orders drawn on the map (#12): which events become arrows, where ships
// begin (the previous week's end map), and the filters of the turn page.
import t from 'tap'
import type { GameEvent, Order } from '../../../src/engine/games/weekday/index.ts'
import { arrowsOf, shipsOfWeekEnd } from '../../../src/faces/weekday/map-arrows.ts'

const order = (tribe: string, o: Order): GameEvent => ({ type: 'order', tribe, order: o })
const combat = (
  tile: string,
  attacker: string,
  kind: 'land' | 'disembark' | 'portAssault' | 'boarding',
  result: 'attacker' | 'defender' | 'tie',
): GameEvent => ({
  type: 'combat',
  kind,
  tile,
  attacker,
  defender: null,
  attackers: 3,
  defenders: 2,
  a: 1,
  d: 1,
  roll: 2,
  counter: 7,
  attack: 5,
  defence: 4,
  result,
  attackerSurvivors: 1,
  defenderSurvivors: 0,
})

t.test('a move is an arrow from its start along its path; one that ends in a battle is an attack with its result', async (t) => {
  const events: GameEvent[] = [
    order('a', { type: 'move', from: '1,1', troops: 3, path: ['2,1', '3,1'] }),
    { type: 'moved', tribe: 'a', from: '1,1', path: ['2,1', '3,1'], troops: 3, claimed: ['2,1'], merged: false },
    combat('3,1', 'a', 'land', 'defender'),
    order('a', { type: 'move', from: '5,5', troops: 1, to: '5,6' }),
    { type: 'moved', tribe: 'a', from: '5,5', path: ['5,6'], troops: 1, claimed: [], merged: true },
  ]
  t.same(arrowsOf(events, new Map()), [
    { kind: 'attack', tribe: 'a', path: ['1,1', '2,1', '3,1'], troops: 3, result: 'defender' },
    { kind: 'move', tribe: 'a', path: ['5,5', '5,6'], troops: 1 },
  ])
})

t.test('ships are followed from where the week began: built, boarded, sailed, landed, and a port assault from the ship', async (t) => {
  const start = shipsOfWeekEnd({ ships: [['s1', '0,0', 0, 2]] })
  t.same([...start], [['s1', '0,0']], "the end map's rows are [id, tile, tribe, crew]")
  const events: GameEvent[] = [
    { type: 'shipBuilt', tribe: 'a', ship: 's2', port: '2,1', sea: '2,0', pool: 'p', cost: 50 },
    { type: 'embarked', tribe: 'a', from: '2,1', ship: 's2', troops: 1 },
    order('a', { type: 'shipMove', ship: 's1', to: '3,0' }),
    { type: 'shipMoved', tribe: 'a', ship: 's1', path: ['1,0', '2,0', '3,0'] },
    { type: 'disembarked', tribe: 'a', ship: 's1', to: '3,1', troops: 2 },
    order('a', { type: 'portAssault', ship: 's1', port: '4,1', troops: 1, occupy: true }),
    combat('4,1', 'a', 'portAssault', 'attacker'),
  ]
  t.same(arrowsOf(events, start), [
    { kind: 'embark', tribe: 'a', path: ['2,1', '2,0'], troops: 1 },
    { kind: 'sail', tribe: 'a', path: ['0,0', '1,0', '2,0', '3,0'] },
    { kind: 'disembark', tribe: 'a', path: ['3,0', '3,1'], troops: 2 },
    { kind: 'attack', tribe: 'a', path: ['3,0', '4,1'], troops: 3, result: 'attacker' },
  ])
  t.same(
    arrowsOf([{ type: 'shipMoved', tribe: 'a', ship: 's9', path: ['5,0', '6,0'] }], new Map()),
    [{ kind: 'sail', tribe: 'a', path: ['5,0', '6,0'] }],
    'a ship of unknown start is drawn from its first step',
  )
  t.same(shipsOfWeekEnd(undefined), new Map(), 'the first week has no end map before it')
})

t.test("the turn page keeps one tribe's arrows from its window on, while earlier events still place the ships", async (t) => {
  const events: GameEvent[] = [
    { type: 'shipMoved', tribe: 'a', ship: 's1', path: ['1,0'] },
    { type: 'moved', tribe: 'b', from: '9,9', path: ['9,8'], troops: 1, claimed: [], merged: false },
    { type: 'windowOpened', tribe: 'a' },
    { type: 'shipMoved', tribe: 'a', ship: 's1', path: ['2,0'] },
    { type: 'moved', tribe: 'b', from: '9,8', path: ['9,7'], troops: 1, claimed: [], merged: false },
  ]
  t.same(arrowsOf(events, new Map([['s1', '0,0']]), { tribe: 'a', from: 2 }), [{ kind: 'sail', tribe: 'a', path: ['1,0', '2,0'] }])
  t.equal(arrowsOf(events, new Map([['s1', '0,0']])).length, 4, "the history draws everyone's")
})
