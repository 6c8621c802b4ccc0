import t from 'tap'
import { compileMap, DIRECTIONS, tileKey, validateMap, type MapDef } from '../../src/engine/index.ts'
import { BUNDLED_MAPS } from '../../src/maps/index.ts'
import { at, board } from './dsl.ts'

t.test('R1.1 adjacency is the six axial directions', async (t) => {
  const s = board(`
    .  .  .
      .  .  .
    .  .  .
  `)
  const map = compileMap(s.map)
  const centre = map.index.get(at(1, 1))!
  const around = [...map.neighbors[centre]!].map((i) => map.keys[i]).sort()
  t.same(around, DIRECTIONS.map(([dq, dr]) => tileKey(1 + dq, 1 + dr)).sort())
  t.same(around, [at(1, 0), at(2, 0), at(0, 1), at(2, 1), at(1, 2), at(2, 2)].sort())
})

t.test('R1.2 land, sea and cities; a city next to the sea is a port; off the map is neither', async (t) => {
  const s = board(`
    #  .  #
      ~  .  .
  `)
  const map = compileMap(s.map)
  t.equal(map.port[map.index.get(at(0, 0))!], 1, 'a city by the sea is a port')
  t.equal(map.port[map.index.get(at(2, 0))!], 0, 'an inland city is not')
  t.equal(map.index.get('40,40'), undefined)
})

t.test('R1.3 land is owned or neutral; sea is never owned', async (t) => {
  const s = board('A . b ~')
  t.same(s.owners, ['a', null, 'b', null])
})

t.test('R1.4 the validator reports every problem at once', async (t) => {
  const bad: MapDef = {
    id: 'Bad Map', name: '', tribes: 3,
    tiles: [
      { q: 0, r: 0, terrain: 'land', city: true },
      { q: 0, r: 0, terrain: 'sea' },
      { q: 5, r: 5, terrain: 'land' },
      { q: 1, r: 0, terrain: 'sea', city: true },
      { q: 2, r: 0, terrain: 'lava' as 'land' },
    ],
  }
  const codes = validateMap(bad).map((p) => p.code).sort()
  t.same(codes, ['map/bad_id', 'map/bad_name', 'map/bad_terrain', 'map/city_at_sea', 'map/duplicate_tile', 'map/not_connected', 'map/too_few_cities'].sort())
  t.match(validateMap(bad).find((p) => p.code === 'map/too_few_cities'), { message: /at least 6 are needed \(R1\.4\)/ })
  t.same(validateMap('nope'), [{ code: 'map/not_an_object', message: 'a map is a JSON object' }])
})

t.test('the bundled maps (2–7 tribes) are valid, with seas, ports and a region per tribe that is the same for all', async (t) => {
  t.same(BUNDLED_MAPS.map((m) => m.tribes), [2, 3, 4, 5, 6, 7])
  for (const def of BUNDLED_MAPS) {
    t.same(validateMap(def), [], `${def.id} is valid`)
    const map = compileMap(def)
    const ports = [...map.port].filter(Boolean).length
    t.ok(ports >= def.tribes * 2, `${def.id} has ${ports} ports`)
    t.ok(map.cityCount > def.tribes * 2, `${def.id} leaves neutral cities (${map.cityCount})`)
    const width = Math.max(...def.tiles.map((x) => x.q + Math.floor(x.r / 2))) + 1
    const region = width / def.tribes
    const stats = Array.from({ length: def.tribes }, (_, k) => {
      const tiles = def.tiles.filter((x) => Math.floor((x.q + Math.floor(x.r / 2)) / region) === k)
      return [tiles.filter((x) => x.terrain === 'land').length, tiles.filter((x) => x.city).length, tiles.filter((x) => map.port[map.index.get(`${x.q},${x.r}`)!]).length]
    })
    t.ok(stats.every((s) => s.join() === stats[0]!.join()), `${def.id}: every region has ${stats[0]!.join('/')} land/cities/ports`)
  }
})
