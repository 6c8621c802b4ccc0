// R1.5: a map may name its places. Names are checked on upload, every bundled city has one in
// both languages, and a tile reads as its place's name, its area's name with its coordinates,
// or its coordinates.
import t from 'tap'
import { placeLabeller, placeLabels } from '../../../src/engine/kernel/index.ts'
import { validateMap, weeklyTurn, type MapDef } from '../../../src/engine/games/weekday/index.ts'
import { BUNDLED_MAPS, bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { board } from './dsl.ts'

const coast = bundledMap('coast-2')!
const named = (names: unknown): MapDef => ({ ...coast, names: names as MapDef['names'] })
const codes = (def: MapDef) => validateMap(def).map((p) => p.code)

t.test('R1.5 good names are accepted: a city of one tile, a sea of many', async (t) => {
  t.same(
    validateMap(
      named([
        { tiles: ['2,1'], en: 'Highport', es: 'Puertoalto' },
        { tiles: ['0,0', '1,0'], en: 'North Sea', es: 'Mar del Norte' },
      ]),
    ),
    [],
  )
  t.same(validateMap(named([])), [], 'an empty list names nothing')
  t.same(validateMap({ ...coast, names: undefined }), [], 'names are optional')
  t.same(validateMap(named([{ tiles: ['2,1'], en: 'x'.repeat(40), es: 'Ñandú de Peñíscola' }])), [], '40 characters, and any letters')
})

t.test('R1.5 bad names are refused, each with its code', async (t) => {
  t.same(codes(named({ tiles: ['2,1'] })), ['map/bad_names'], 'not a list')
  t.same(codes(named([{ tiles: [], en: 'Highport', es: 'Puertoalto' }])), ['map/bad_names'], 'a place without tiles')
  t.same(codes(named([null])), ['map/bad_names'])
  t.same(codes(named([{ tiles: [21], en: 'Highport', es: 'Puertoalto' }])), ['map/bad_names'], 'tiles are "q,r" keys')
  t.same(codes(named([{ tiles: ['40,40'], en: 'Nowhere', es: 'Ninguna parte' }])), ['map/unknown_place_tile'], 'an unknown tile')
  t.same(
    codes(
      named([
        { tiles: ['2,1'], en: 'Highport', es: 'Puertoalto' },
        { tiles: ['1,1', '2,1'], en: 'Hills', es: 'Colinas' },
      ]),
    ),
    ['map/tile_named_twice'],
    'a tile in two places',
  )
  t.same(codes(named([{ tiles: ['2,1'], en: 'Highport' }])), ['map/bad_place_name'], 'Spanish missing')
  t.same(codes(named([{ tiles: ['2,1'], es: 'Puertoalto', en: '  ' }])), ['map/bad_place_name'], 'a blank name')
  t.same(codes(named([{ tiles: ['2,1'], en: 'x'.repeat(41), es: 'Puertoalto' }])), ['map/bad_place_name'], 'too long')
  t.same(codes(named([{ tiles: ['2,1'], en: 'High\nport', es: 'Puertoalto' }])), ['map/bad_place_name'], 'a control character')
  t.match(validateMap(named([{ tiles: ['2,1'], en: 'Highport' }]))[0], { message: /names\[0\]\.es .*\(R1\.5\)/ })
  t.match(validateMap(named([{ tiles: ['2,1', '2,1'], en: 'Highport', es: 'Puertoalto' }]))[0], { message: /tile 2,1 is in names\[0\] and names\[0\]/ })
})

t.test('R1.5 the bundled maps name every city in both languages, each name its own, and their seas', async (t) => {
  for (const def of BUNDLED_MAPS) {
    const names = def.names ?? []
    const cities = def.tiles.filter((x) => x.city).map((x) => `${x.q},${x.r}`)
    const one = new Map(names.filter((p) => p.tiles.length === 1).map((p) => [p.tiles[0]!, p]))
    t.same(
      cities.filter((c) => !one.get(c)?.en || !one.get(c)?.es),
      [],
      `${def.id}: every one of ${cities.length} cities is named`,
    )
    for (const lang of ['en', 'es'] as const) t.equal(new Set(names.map((p) => p[lang])).size, names.length, `${def.id}: no ${lang} name twice`)
    const seas = def.tiles.filter((x) => x.terrain === 'sea').map((x) => `${x.q},${x.r}`)
    const inAreas = new Set(names.filter((p) => p.tiles.length > 1).flatMap((p) => p.tiles))
    t.same(
      seas.filter((k) => !inAreas.has(k)),
      [],
      `${def.id}: every sea tile is in a named sea`,
    )
  }
  t.equal(bundledMap('coast-7')!.names!.filter((p) => p.tiles.length === 1).length, 28, 'coast-7: 28 cities, 28 names')
})

t.test('R1.5 a tile reads as its place, its area with coordinates, or its coordinates', async (t) => {
  const label = placeLabeller(bundledMap('coast-3')!.names)
  t.equal(label('2,1', 'en'), 'Highport')
  t.equal(label('2,1', 'es'), 'Puertoalto')
  t.equal(label('0,0', 'en'), 'Highport Bay (0,0)')
  t.equal(label('0,0', 'es'), 'Bahía de Puertoalto (0,0)')
  t.equal(label('1,1', 'en'), '1,1', 'unnamed land keeps its coordinates')
  t.equal(placeLabeller(undefined)('2,1', 'es'), '2,1', 'a map without names')
  t.equal(placeLabeller(bundledMap('coast-3')!.names), label, 'built once per map')
  t.same(placeLabels(bundledMap('coast-3')!.names, ['2,1', '1,1']), { en: { '2,1': 'Highport', '1,1': '1,1' }, es: { '2,1': 'Puertoalto', '1,1': '1,1' } })
})

t.test('R1.5 the engine hands the names on: the board, the places of a state and the payout mail', async (t) => {
  const s = board('A . b ~')
  t.same(weeklyTurn.board(s, null).map.names, [], 'a map without names has none on the board')
  t.same(weeklyTurn.places!(s), [])
  const state = { ...s, map: { ...s.map, names: [{ tiles: ['0,0'], en: 'Highport', es: 'Puertoalto' }] } }
  t.same(weeklyTurn.board(state, null).map.names, state.map.names)
  t.same(weeklyTurn.places!(state), state.map.names)
  const mail = weeklyTurn.tickMail({ ...state, pools: [{ id: 'p', tribe: 'a', cities: ['0,0'], tiles: 1, payout: 10, balance: 10 }] }, 'a')!
  t.same(mail.places, { en: { '0,0': 'Highport' }, es: { '0,0': 'Puertoalto' } })
})
