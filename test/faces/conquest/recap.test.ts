// World conquest's round in brief (#30): the three weightiest events of the round (a conquest
// and an elimination before a march), told in the reader's language; the world map with the
// round's moves and attacks as arrows, which resvg draws as a PNG for the payout mail.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { TERRITORY_IDS } from '../../../src/engine/games/conquest/index.ts'
import { conquestRecap } from '../../../src/faces/conquest/recap.ts'
import type { PeriodInput } from '../../../src/faces/face.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { svgToPng } from '../../../src/lib/png.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

function round(): PeriodInput {
  // ana holds the first half of the world, ben the rest; 3 troops everywhere.
  const owners = TERRITORY_IDS.map((_, i) => (i < 21 ? 0 : 1))
  const battle = { attacker: 'ana', defender: 'ben', rounds: [], dice: [], troops: 5, survivors: 4 }
  return {
    campaignName: 'Mundo',
    period: 2,
    periodStart: undefined,
    board: { tribes: [{ id: 'ana' }, { id: 'ben' }, { id: 'cai' }] },
    tribes: [
      { id: 'ana', name: 'Aztecas', colour: '#c0392b' },
      { id: 'ben', name: 'Incas', colour: '#2471a3' },
      { id: 'cai', name: 'Mayas', colour: '#229954' },
    ],
    events: [
      { type: 'moved', payload: { type: 'moved', tribe: 'ana', kind: 'move', from: 'ala', to: 'mac', troops: 2, cargo: {} } },
      { type: 'built', payload: { type: 'built', tribe: 'ben', at: 'bra', kind: 'wall', count: 1 } },
      { type: 'battle', payload: { type: 'battle', ...battle, from: 'ale', to: 'efi', conquered: false } },
      { type: 'battle', payload: { type: 'battle', ...battle, from: 'ing', to: 'isl', conquered: true } },
      { type: 'eliminated', payload: { type: 'eliminated', tribe: 'cai', by: 'ana', round: 2 } },
      { type: 'map.week_ended', payload: { owners, troops: TERRITORY_IDS.map(() => 3) } },
    ],
  }
}

t.test('the three weightiest events of a round, in order, in English and in Spanish', async (t) => {
  const en = conquestRecap(round(), CATALOGUE.en)!
  t.same(en.lines, [
    'Aztecas attacked efi (Incas) from ale with 5; Incas held it.',
    'Aztecas attacked isl (Incas) from ing with 5 and conquered it; attackers left: 4.',
    'Mayas is eliminated (by Aztecas).',
  ])
  const es = conquestRecap(round(), CATALOGUE.es)!
  t.equal(es.lines.length, 3)
  t.match(es.lines[1], /^Aztecas atacó isl \(Incas\) desde ing con 5 y lo conquistó/)
  t.match(es.svg, /aria-label="Mundo, ronda 2: el mundo al acabar la ronda/, 'the map says what it is in Spanish')
})

t.test("the round's moves and attacks as arrows, each with its sentence; a round not yet ended has no recap", async (t) => {
  const { svg } = conquestRecap(round(), CATALOGUE.en)!
  t.equal(svg.match(/<g class="arrow arrow-move">/g)?.length, 1, 'the march')
  t.equal(svg.match(/<g class="arrow arrow-attack">/g)?.length, 2, 'both attacks')
  t.match(svg, /<g class="arrow arrow-attack"><title>Aztecas attacked isl \(Incas\) from ing with 5 and conquered it; attackers left: 4\.<\/title>.*?✓/)
  t.match(svg, /<title>Aztecas attacked efi \(Incas\) from ale with 5; Incas held it\.<\/title>.*?✗/)
  const unended = { ...round(), events: round().events.filter((e) => e.type !== 'map.week_ended') }
  t.equal(conquestRecap(unended, CATALOGUE.en), null)
})

t.test('resvg draws the world map as a PNG', async (t) => {
  const { svg, css } = conquestRecap(round(), CATALOGUE.en)!
  const { png, width, height } = await svgToPng(svg, css, 1152)
  t.equal(width, 1152)
  t.equal(height, Math.round((1152 * 560) / 1000), "the map's proportions")
  t.same([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG')
  mkdirSync(ARTIFACTS, { recursive: true })
  writeFileSync(path.join(ARTIFACTS, 'recap-conquest-map.png'), png)
})
