// Open Wars' round in brief (#30): the three weightiest events of the round (an elimination and a
// location taken before one held, a move last), told in the reader's language; the band as the
// round ended with the round's moves as arrows, a move into a battle dashed, drawn as a PNG for
// the payout mail.
//
//   r1c1 Capital (ana, 4)   r1c2 Meadow (ana, 2)    r1c3 Range
//   r2c1 Grove              r2c2 Dunes (ana, 3)     r2c3 Meadow (ana, 1)
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import type { PeriodInput } from '../../../src/faces/face.ts'
import { openwarsRecap } from '../../../src/faces/openwars/recap.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { svgToPng } from '../../../src/lib/png.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
const CELLS = [
  ['r1c1', 'ci0'],
  ['r1c2', 'll1'],
  ['r1c3', 'mo1'],
  ['r2c1', 'bo1'],
  ['r2c2', 'de1'],
  ['r2c3', 'll1'],
] as const

function round(): PeriodInput {
  const move = (from: string, to: string) => ({
    type: 'order',
    payload: { type: 'order', tribe: 'ana', order: { type: 'move', from, kind: 'trolls', count: 1, path: [to] } },
  })
  const battle = (at: string, attacker: string, defender: string, winner: string | null) => ({
    type: 'battle',
    payload: { type: 'battle', at, attacker, defender, order: [], initiative: [], rolls: [], turns: [], winner, withdrew: [] },
  })
  return {
    campaignName: 'Banda del Sur',
    period: 3,
    periodStart: undefined,
    board: { rows: 2, cols: 3, cells: CELLS.map(([id, card]) => ({ id, card })), tribes: [{ id: 'ana' }, { id: 'ben' }, { id: 'cai' }] },
    tribes: [
      { id: 'ana', name: 'Orcos del Norte', colour: '#c0392b' },
      { id: 'ben', name: 'Elfos', colour: '#2471a3' },
      { id: 'cai', name: 'Enanos', colour: '#229954' },
    ],
    events: [
      move('r1c1', 'r1c2'),
      move('r1c2', 'r2c2'),
      battle('r2c2', 'ana', 'ben', 'ana'),
      { type: 'volley', payload: { type: 'volley', tribe: 'ben', from: 'r1c3', target: 'r1c2', kind: 'arqueros', dice: [], hits: 0, fell: [] } },
      battle('r2c3', 'ben', 'ana', 'ana'),
      { type: 'eliminated', payload: { type: 'eliminated', tribe: 'cai', by: 'ana' } },
      { type: 'map.week_ended', payload: { round: 3, controllers: [0, 0, -1, -1, 0, 0], units: [4, 2, 0, 0, 3, 1] } },
    ],
  }
}

t.test('the three weightiest events of a round, in order, in English and in Spanish', async (t) => {
  const en = openwarsRecap(round(), CATALOGUE.en)!
  t.same(en.lines, [
    'Orcos del Norte took Dunes (r2c2) from Elfos in battle.',
    'Orcos del Norte held Meadow (r2c3) against Elfos.',
    'Enanos is out of the campaign (Orcos del Norte).',
  ])
  const es = openwarsRecap(round(), CATALOGUE.es)!
  t.same(es.lines.slice(0, 2), ['Orcos del Norte tomó Dunas (r2c2) a Elfos en batalla.', 'Orcos del Norte mantuvo Pradera (r2c3) frente a Elfos.'])
  t.match(es.svg, /aria-label="Banda del Sur, ronda 3: el mapa al acabar la ronda/, 'the map says what it is in Spanish')
  const quiet = openwarsRecap({ ...round(), events: round().events.filter((e) => e.type === 'order' || e.type === 'map.week_ended') }, CATALOGUE.en)!
  t.same(
    quiet.lines,
    [
      'Orcos del Norte moved 1 unit of Trolls from Capital (r1c1) to Meadow (r1c2).',
      'Orcos del Norte moved 1 unit of Trolls from Meadow (r1c2) to Dunes (r2c2).',
    ],
    'a round of marches tells its marches',
  )
})

t.test("the round's moves as arrows, a move into a battle dashed; the end map's holders; a round not yet ended has no recap", async (t) => {
  const { svg } = openwarsRecap(round(), CATALOGUE.en)!
  t.equal(svg.match(/<g class="arrow">/g)?.length, 1, 'the march')
  t.equal(svg.match(/<g class="arrow battle">/g)?.length, 1, 'the move into the battle at r2c2')
  t.match(svg, /<g class="arrow battle"><title>Orcos del Norte moved 1 unit of Trolls from Meadow \(r1c2\) to Dunes \(r2c2\)\.<\/title>/)
  t.ok((svg.match(/#c0392b/g)?.length ?? 0) >= 4, "ana's colour on the four locations she held")
  t.notMatch(svg, /#229954/, 'the eliminated tribe holds nothing')
  const unended = { ...round(), events: round().events.filter((e) => e.type !== 'map.week_ended') }
  t.equal(openwarsRecap(unended, CATALOGUE.en), null)
})

t.test('resvg draws the band as a PNG', async (t) => {
  const { svg, css } = openwarsRecap(round(), CATALOGUE.en)!
  const { png, width, height } = await svgToPng(svg, css, 1152)
  t.equal(width, 1152)
  t.equal(height, Math.round((1152 * 2 * 88) / (3 * 124)), "the band's proportions")
  t.same([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG')
  mkdirSync(ARTIFACTS, { recursive: true })
  writeFileSync(path.join(ARTIFACTS, 'recap-openwars-map.png'), png)
})
