// W2.15: the checks of a GM's scenario map, each problem in its words, and the cell ids the map's
// grid is read by (W2.1). A map is drawn row by row, one Appendix B card per cell.
import t from 'tap'
import { parseCell, scenarioProblems } from '../../../src/engine/games/openwars/map.ts'

/** A scenario from rows of card ids, `wrap` off unless said. */
const scenario = (drawing: string, wrap = false) => {
  const cells = drawing
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
  return { mode: 'escenario', rows: cells.length, cols: cells[0]!.length, wrap, cells }
}

const TWO_PORTS = `
  ag1 ag1 ag1 ag1 ag1 ag1
  ci0 ll1 ll1 ll1 ll1 ci0
  ll1 ll1 ll1 ll1 ll1 ll1
`

t.test('W2.15 a map that is no object, or of the wrong size, is refused before its cells are read', async (t) => {
  for (const input of [null, 'map', 5, undefined])
    t.same(scenarioProblems(input, 2), [{ code: 'map/not_object', message: 'a scenario map is a JSON object (W2.15)' }], `${JSON.stringify(input)}`)
  const size = [{ code: 'map/size', message: 'rows 3 to 12, columns 3 to 40 and wrap true or false (W2.15)' }]
  for (const [rows, cols, wrap] of [
    [2, 6, false],
    [13, 6, false],
    [3.5, 6, false],
    ['3', 6, false],
    [3, 2, false],
    [3, 41, false],
    [3, 6, 'no'],
    [3, 6, undefined],
  ])
    t.same(scenarioProblems({ rows, cols, wrap, cells: [] }), size, `${rows} × ${cols}, wrap ${wrap}`)
  // At the limits the size passes, and the (missing) cells are what is wrong.
  for (const [rows, cols] of [
    [3, 3],
    [12, 40],
  ])
    t.match(scenarioProblems({ rows, cols, wrap: true, cells: [] }), [{ code: 'map/cells' }], `${rows} × ${cols} is a size the book allows`)
})

t.test('W2.15 the cells are a card id of Appendix B each, row by row', async (t) => {
  const cells = [{ code: 'map/cells', message: 'cells: one card id of Appendix B per cell, row by row (W2.15)' }]
  const good = scenario(TWO_PORTS)
  t.same(scenarioProblems(good, 2), [], 'the drawn map is sound')
  const rows = good.cells
  const variants: [string, unknown][] = [
    ['no cells', undefined],
    ['one row short', rows.slice(0, 2)],
    ['a row that is no list', [rows[0], 'ci0 ll1', rows[2]]],
    ['a row one card short', [rows[0], rows[1]!.slice(0, 5), rows[2]]],
    ['one unknown card', [rows[0], rows[1], [...rows[2]!.slice(0, 5), 'xx9']]],
  ]
  for (const [what, value] of variants) t.same(scenarioProblems({ ...good, cells: value }, 2), cells, what)
})

t.test('W2.15 one capital per tribe, at least two, each a port, 4 apart or more', async (t) => {
  t.same(scenarioProblems(scenario(TWO_PORTS), 3), [{ code: 'map/capitals', message: '2 capitals (ci0) for 3 tribes: one per tribe (W2.15)' }])
  t.same(scenarioProblems(scenario(TWO_PORTS)), [], 'with no tribe count, two capitals are enough')
  const one = scenario(`
    ag1 ag1 ag1 ag1 ag1 ag1
    ci0 ll1 ll1 ll1 ll1 ll1
    ll1 ll1 ll1 ll1 ll1 ll1
  `)
  t.same(scenarioProblems(one), [{ code: 'map/capitals', message: 'at least two capitals (ci0) (W2.15)' }])
  const inland = scenario(`
    ll1 ag1 ag1 ag1 ag1 ag1
    ci0 ll1 ll1 ll1 ll1 ci0
    ll1 ll1 ll1 ll1 ll1 ll1
  `)
  t.same(scenarioProblems(inland, 2), [{ code: 'map/capital_not_port', message: 'the capital r2c1 is not a port (W2.15)' }])
  const four = scenario(`
    ag1 ag1 ag1 ag1 ag1
    ci0 ll1 ll1 ll1 ci0
    ll1 ll1 ll1 ll1 ll1
  `)
  t.same(scenarioProblems(four, 2), [], 'W2.15 capitals exactly 4 apart')
  const three = scenario(`
    ag1 ag1 ag1 ag1
    ci0 ll1 ll1 ci0
    ll1 ll1 ll1 ll1
  `)
  t.same(scenarioProblems(three, 2), [{ code: 'map/capitals_close', message: 'the capitals r2c1 and r2c4 are closer than 4 (W2.15)' }])
  t.same(
    scenarioProblems(scenario(TWO_PORTS, true), 2),
    [{ code: 'map/capitals_close', message: 'the capitals r2c1 and r2c6 are closer than 4 (W2.15)' }],
    'W2.2 on a band that wraps, the two ends are neighbours',
  )
})

t.test('W2.15 the land is all one: no cell but agua stands apart', async (t) => {
  const split = scenario(`
    ag1 ag1 ag1 ag1 ag1 ag1 ag1
    ci0 ll1 ll1 ag1 ll1 ll1 ci0
    ll1 ll1 ll1 ag1 ll1 ll1 ll1
  `)
  t.same(scenarioProblems(split, 2), [{ code: 'map/land_split', message: 'the cells that are not agua are not all connected (W2.15)' }])
})

t.test('W2.1 a cell id is r<row>c<column>, nothing before or after', async (t) => {
  t.same(parseCell('r1c2'), [1, 2])
  t.same(parseCell('r12c30'), [12, 30], 'rows and columns of two digits')
  t.same(parseCell('r1c2'), [1, 2], 'read again, the same')
  for (const id of ['xr1c2', 'r1c2x', 'r1', 'c2', '', 'r-1c2', 'R1C2']) t.equal(parseCell(id), null, `${JSON.stringify(id)} is no cell`)
})
