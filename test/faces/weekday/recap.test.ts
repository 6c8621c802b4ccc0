// The weekday game's week in brief (#30): which three events tell the week (the end of a tribe and
// a city changing hands before a claim; a march that ended in a battle told by its battle, a won
// battle by the tile it took), and a defence that held or a tie said in a short sentence.
import t from 'tap'
import type { PeriodInput } from '../../../src/faces/face.ts'
import { weekdayRecap, weightiest } from '../../../src/faces/weekday/recap.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'

const ev = (payload: Record<string, unknown>): { type: string; payload: unknown } => ({ type: String(payload.type), payload })
const combat = (result: string, tile = '1,0') =>
  ev({ type: 'combat', tile, attacker: 'ana', defender: 'ben', attackers: 3, defenders: 2, a: 1, d: 1, roll: 2, counter: 0, attack: 5, defence: 4, result })

t.test('the weightiest three, in the order they happened', async (t) => {
  const events = [
    ev({ type: 'moved', tribe: 'ana', troops: 3, from: '0,0', path: ['1,0'], claimed: [] }),
    combat('attacker'),
    ev({ type: 'tileTaken', tile: '1,0', from: 'ben', to: 'ana' }),
    ev({ type: 'recruited', tribe: 'ben', troops: 1, city: '5,5', cost: 2 }),
    ev({ type: 'tileTaken', tile: '2,0', from: null, to: 'ana' }),
    ev({ type: 'eliminated', tribe: 'cai', troopsRemoved: 0, shipsRemoved: [] }),
    ev({ type: 'tileTaken', tile: '7,7', from: 'ben', to: 'ana' }),
  ]
  const chosen = weightiest(events, new Set(['1,0']))
  t.same(
    chosen.map((e) => events.indexOf(e)),
    [2, 5, 6],
    'a city taken, an elimination and a tile taken; not the march nor the won battle the city tells',
  )
  t.same(
    weightiest(events.slice(0, 2), new Set()).map((e) => e.type),
    [],
    'a march into a won battle and the battle alone tell nothing the map does not',
  )
})

function week(events: { type: string; payload: unknown }[]): PeriodInput {
  const tiles = ['0,0', '1,0'].map((tile, q) => ({ tile, q, r: 0, terrain: 'land', city: q === 1, port: false }))
  return {
    campaignName: 'Liga',
    period: 3,
    periodStart: undefined,
    board: { map: { tiles }, tribes: [{ id: 'ana' }, { id: 'ben' }] },
    tribes: [
      { id: 'ana', name: 'ana', colour: '#c0392b' },
      { id: 'ben', name: 'ben', colour: '#2471a3' },
    ],
    events: [...events, ev({ type: 'map.week_ended', owners: [0, 1], armies: [['1,0', 1, 2]], ships: [], besieged: [] })],
  }
}

t.test('a defence that held and a tie, in a short sentence in each language', async (t) => {
  t.same(weekdayRecap(week([combat('defender')]), CATALOGUE.en)!.lines, ['ben held 1,0 against ana.'])
  t.same(weekdayRecap(week([combat('defender')]), CATALOGUE.es)!.lines, ['ben resistió en 1,0 frente a ana.'])
  t.same(weekdayRecap(week([combat('tie')]), CATALOGUE.en)!.lines, ['ana and ben fought to a standstill at 1,0; both sides fell.'])
  const quiet = weekdayRecap(week([]), CATALOGUE.en)!
  t.same(quiet.lines, [], 'a quiet week has no line')
  t.match(quiet.svg, /^<svg class="map"[^>]*aria-label="Liga, week 3: the map as the week ended/, 'and still its map')
  t.equal(weekdayRecap({ ...week([]), events: [] }, CATALOGUE.en), null, 'a week not yet ended has no recap')
})
