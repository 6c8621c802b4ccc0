// El Mapa's round in brief (#30): the three weightiest events of the round (a wonder and a tile
// taken from a tribe before a battle against guards or a treasure), told in the reader's
// language; the map as the round ended, a tile face down then a card back still, the round's
// battles as arrows; drawn as a PNG for the payout mail.
//
//   0,0 village (ana)   0,1 wood (ana)   0,2 face down
//   1,0 lake            1,1 stone (ben)  1,2 face down then, revealed since
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { elMapaRecap } from '../../../src/faces/elmapa/recap.ts'
import type { PeriodInput } from '../../../src/faces/face.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { svgToPng } from '../../../src/lib/png.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
const none = { leva: 0, soldado: 0, arquero: 0, caballero: 0 }

function round(): PeriodInput {
  const cell = (key: string, tile: string | null, code = '1') => ({ cell: key, code, position: null, revealed: tile !== null, ...(tile ? { tile } : {}) })
  const battle = (from: string, at: string, defender: string | null, result: string) => ({
    type: 'battle',
    payload: {
      type: 'battle',
      record: {
        attacker: 'ana',
        defender,
        from,
        cell: at,
        obstacles: [],
        platoons: [],
        rounds: [],
        pursuit: null,
        fled: null,
        result,
        killed: { A: none, D: { ...none, leva: 1 } },
        vp: 1,
        dice: [],
        cards: [],
      },
    },
  })
  return {
    campaignName: 'Mapa de prueba',
    period: 4,
    periodStart: undefined,
    board: {
      rows: 2,
      cols: 3,
      cells: [
        cell('0,0', 'l1-pueblo'),
        cell('0,1', 'l1-madera'),
        cell('0,2', null, '2'),
        cell('1,0', 'l1-lago'),
        cell('1,1', 'l1-piedra'),
        cell('1,2', 'l2-oro'),
      ],
      standing: [{ id: 'ana' }, { id: 'ben' }],
    },
    tribes: [
      { id: 'ana', name: 'Astures', colour: '#c0392b' },
      { id: 'ben', name: 'Cántabros', colour: '#2471a3' },
    ],
    events: [
      { type: 'treasure', payload: { type: 'treasure', tribe: 'ana', cell: '0,1', card: 't-1', gained: { oro: 2 } } },
      battle('0,1', '1,1', null, 'defender'),
      { type: 'claimed', payload: { type: 'claimed', tribe: 'ana', cell: '0,1', from: null } },
      battle('0,0', '1,0', 'ben', 'attacker'),
      { type: 'claimed', payload: { type: 'claimed', tribe: 'ana', cell: '1,0', from: 'ben' } },
      { type: 'order', payload: { type: 'order', tribe: 'ben', order: { type: 'build', village: '1,1', building: 'piramides', slot: '4a' } } },
      { type: 'map.week_ended', payload: { round: 4, owners: [0, 0, null, 0, 1, null] } },
    ],
  }
}

t.test('the three weightiest events of a round, in order, in English and in Spanish', async (t) => {
  const en = elMapaRecap(round(), CATALOGUE.en)!
  t.same(en.lines, [
    'Battle at 1,0: Astures against Cántabros, the attacker wins. Losses: 0 and Levy ×1; 1 VP.',
    'Astures takes 1,0 from Cántabros.',
    'Cántabros builds Pyramids at 1,1 (slot 4a).',
  ])
  const es = elMapaRecap(round(), CATALOGUE.es)!
  t.match(es.lines[1], /^Astures le quita 1,0 a Cántabros\.$/)
  t.match(es.svg, /aria-label="Mapa de prueba, ronda 4: el mapa al acabar la ronda/, 'the map says what it is in Spanish')
  const quiet = elMapaRecap({ ...round(), events: round().events.filter((e) => e.type === 'treasure' || e.type === 'map.week_ended') }, CATALOGUE.en)!
  t.same(quiet.lines, ['Astures finds a treasure at 0,1: Gold 2.'], 'a quiet round tells what it had')
})

t.test("the round's battles as arrows; a tile face down at the round's end stays a card back; a round not yet ended has no recap", async (t) => {
  const { svg } = elMapaRecap(round(), CATALOGUE.en)!
  t.equal(svg.match(/<g class="arrow">/g)?.length, 2, 'both battles')
  t.match(
    svg,
    /<g class="arrow"><title>Battle at 1,0: Astures against Cántabros, the attacker wins\.[^<]*<\/title><line [^>]*stroke="#1e8449"/,
    'the tile taken: green',
  )
  t.match(
    svg,
    /<g class="arrow"><title>Battle at 1,1: Astures against the guards, the defender holds\.[^<]*<\/title><line [^>]*stroke="#a93226"/,
    'the guards held: red',
  )
  const late = /<g class="cell" data-cell="1,2"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? ''
  t.match(late, /class="back"/, 'a tile revealed only after the round is drawn face down')
  t.notMatch(late, /oro|Gold/i, 'and its tile is not named')
  const unended = { ...round(), events: round().events.filter((e) => e.type !== 'map.week_ended') }
  t.equal(elMapaRecap(unended, CATALOGUE.en), null)
})

t.test('resvg draws the map as a PNG with its colours', async (t) => {
  const { svg, css } = elMapaRecap(round(), CATALOGUE.en)!
  const { png, width, height } = await svgToPng(svg, css, 1152)
  t.equal(width, 1152)
  t.equal(height, 768, "the map's proportions (3 × 2 tiles)")
  t.same([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG')
  mkdirSync(ARTIFACTS, { recursive: true })
  writeFileSync(path.join(ARTIFACTS, 'recap-elmapa-map.png'), png)
})
