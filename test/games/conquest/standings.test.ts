// The results page's figures (#30) as world conquest gives them: G8.8's territories and troops
// in the ranking's order, and the territories each tribe held at a round's end, read from the
// record the history keeps (`periodEnd`).
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { territoriesOf } from '../../../src/engine/games/conquest/world.ts'
import { world } from './dsl.ts'

const hold = (ids: string[], troops = 2) => ids.map((id) => `${id} ${troops}`).join(', ')
const figures = (f: { key: string; value: number }[]) => Object.fromEntries(f.map((x) => [x.key, x.value]))

t.test("G8.8 each tribe's territories and troops, in the ranking's order", async (t) => {
  const s = world(`
    monday  A  ${hold(territoriesOf('AS'), 3)}
    tuesday B  *
  `)
  const asia = territoriesOf('AS').length
  const standings = conquest.standings!.of(s)
  t.same(
    standings.map((x) => x.tribe),
    conquest.ranking(s),
  )
  t.same(
    standings.map((x) => x.tribe),
    ['B', 'A'],
    'more territories rank first',
  )
  t.same(figures(standings[0]!.figures), { c_standTerritories: 42 - asia, c_standTroops: 42 - asia }, 'every other territory, 1 troop each')
  t.same(figures(standings[1]!.figures), { c_standTerritories: asia, c_standTroops: 3 * asia })
})

t.test("the territories each tribe held at a round's end, from the history's record", async (t) => {
  const s = world(
    `
    monday  A  ${hold(territoriesOf('OC'))}
    tuesday B  *
  `,
    { round: 4 },
  )
  const oceania = territoriesOf('OC').length
  t.same(conquest.standings!.held(conquest.periodEnd(s)), { period: 4, held: [oceania, 42 - oceania] }, "in the order of the state's tribes")
  t.equal(conquest.standings!.heldKey, 'c_standTerritories', 'the chart counts territories')
  t.equal(conquest.standings!.held('nonsense'), null, 'a record it cannot read')
})
