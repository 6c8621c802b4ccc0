// The results page's figures (#30) as the weekday game gives them: R2.5's cities, land tiles
// and troops in the ranking's order, and the land each tribe held at a week's end, read from
// the record the history keeps (`periodEnd`).
import t from 'tap'
import { weeklyTurn } from '../../../src/engine/games/weekday/index.ts'
import { board } from './dsl.ts'

const figures = (f: { key: string; value: number }[]) => Object.fromEntries(f.map((x) => [x.key, x.value]))

t.test("R2.5 each tribe's cities, land tiles and troops, in the ranking's order", async (t) => {
  const s = board('A1 A1 ~ B5 b b b')
  const standings = weeklyTurn.standings!.of(s)
  t.same(
    standings.map((x) => x.tribe),
    weeklyTurn.ranking(s),
    'the ranking: two cities beat one',
  )
  t.same(figures(standings[0]!.figures), { standCities: 2, standTiles: 2, standTroops: 2 })
  t.same(figures(standings[1]!.figures), { standCities: 1, standTiles: 4, standTroops: 5 })
  t.same(
    standings[0]!.figures.map((f) => f.key),
    ['standCities', 'standTiles', 'standTroops'],
    'in the order R2.5 ranks by',
  )
})

t.test('R2.5 a finished campaign keeps its final ranking; an eliminated tribe holds nothing and ranks last', async (t) => {
  const s = board('A1 A1 ~ B1 ~ C1')
  const out = { ...s, tribes: s.tribes.map((x) => (x.id === 'a' ? { ...x, eliminated: true } : x)) }
  t.same(
    weeklyTurn.standings!.of(out).map((x) => x.tribe),
    ['b', 'c', 'a'],
  )
  const over = { ...s, status: 'finished' as const, ranking: ['c', 'a', 'b'] }
  t.same(
    weeklyTurn.standings!.of(over).map((x) => x.tribe),
    ['c', 'a', 'b'],
    'the ranking stored at the end, not a new one',
  )
})

t.test("the land each tribe held at a week's end, from the history's record", async (t) => {
  const s = board('A1 a a ~ B1 b . ~ C1', { week: 3 })
  const record = weeklyTurn.periodEnd(s)
  t.same(weeklyTurn.standings!.held(record), { period: 3, held: [3, 2, 1] }, "in the order of the state's tribes; neutral land counts for nobody")
  t.equal(weeklyTurn.standings!.heldKey, 'standTiles', 'the chart counts land tiles')
  t.same(weeklyTurn.standings!.held({ week: 2, owners: [-1, -1] }), { period: 2, held: [] }, 'nobody held anything')
  t.equal(weeklyTurn.standings!.held(null), null, 'a record it cannot read')
  t.equal(weeklyTurn.standings!.held({ owners: [0] }), null)
})
