import t from 'tap'
import { compileMap, DIRECTIONS, MAX_TILES, parseTileKey, tileKey, validateMap, type MapDef } from '../../../src/engine/games/weekday/index.ts'
import { BUNDLED_MAPS } from '../../../src/engine/games/weekday/maps/index.ts'
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
    id: 'Bad Map',
    name: '',
    tribes: 3,
    tiles: [
      { q: 0, r: 0, terrain: 'land', city: true },
      { q: 0, r: 0, terrain: 'sea' },
      { q: 5, r: 5, terrain: 'land' },
      { q: 1, r: 0, terrain: 'sea', city: true },
      { q: 2, r: 0, terrain: 'lava' as 'land' },
    ],
  }
  const codes = validateMap(bad)
    .map((p) => p.code)
    .sort()
  t.same(codes, ['map/bad_id', 'map/bad_name', 'map/bad_terrain', 'map/city_at_sea', 'map/duplicate_tile', 'map/not_connected', 'map/too_few_cities'].sort())
  t.match(
    validateMap(bad).find((p) => p.code === 'map/too_few_cities'),
    { message: /at least 6 are needed \(R1\.4\)/ },
  )
  t.same(validateMap('nope'), [{ code: 'map/not_an_object', message: 'a map is a JSON object' }])
})

t.test('the bundled maps (2–7 tribes) are valid, with seas, ports and a region per tribe that is the same for all', async (t) => {
  t.same(
    BUNDLED_MAPS.map((m) => m.tribes),
    [2, 3, 4, 5, 6, 7],
  )
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
      return [
        tiles.filter((x) => x.terrain === 'land').length,
        tiles.filter((x) => x.city).length,
        tiles.filter((x) => map.port[map.index.get(`${x.q},${x.r}`)!]).length,
      ]
    })
    t.ok(
      stats.every((s) => s.join() === stats[0]!.join()),
      `${def.id}: every region has ${stats[0]!.join('/')} land/cities/ports`,
    )
  }
})

// A small valid map for 2 tribes: a row of land with four cities, sea at the end.
function row(n: number, cities = 4): MapDef {
  return {
    id: 'row',
    name: 'A row',
    tribes: 2,
    tiles: Array.from({ length: n }, (_, q) => ({
      q,
      r: 0,
      terrain: q === n - 1 ? ('sea' as const) : ('land' as const),
      ...(q < cities ? { city: true } : {}),
    })),
  }
}

t.test('R1.4 each problem of a map is named with what is wrong, and nothing else is', async (t) => {
  t.same(validateMap(row(6)), [], 'the base map is valid')
  const problems = (change: (m: MapDef) => void, tribes?: number) => {
    const m = row(6)
    change(m)
    return validateMap(m, tribes)
  }
  const idProblem = [{ code: 'map/bad_id', message: 'id must be 1–64 lower-case letters, digits or dashes' }]
  t.same(
    problems((m) => {
      delete (m as Partial<MapDef>).id
    }),
    idProblem,
    'no id',
  )
  t.same(
    problems((m) => {
      m.id = 'ok!'
    }),
    idProblem,
    'a character that is not allowed, even at the end',
  )
  t.same(
    problems((m) => {
      m.id = 'a'.repeat(65)
    }),
    idProblem,
    'too long',
  )
  t.same(
    problems((m) => {
      m.id = 'a'.repeat(64)
    }),
    [],
    '64 characters are fine',
  )
  const nameProblem = [{ code: 'map/bad_name', message: 'name must be a non-empty string' }]
  t.same(
    problems((m) => {
      m.name = '   '
    }),
    nameProblem,
    'a blank name',
  )
  t.same(
    problems((m) => {
      m.name = 7 as unknown as string
    }),
    nameProblem,
    'a name that is no string',
  )
  const tribesProblem = [{ code: 'map/bad_tribes', message: 'tribes must be a whole number from 2 to 7 (R2.1)' }]
  for (const tribes of [1, 8, 2.5, '3'])
    t.same(
      problems((m) => {
        m.tribes = tribes as number
      }, 2),
      tribesProblem,
      `tribes ${JSON.stringify(tribes)}`,
    )
  for (const tribes of [2, 7])
    t.same(
      problems((m) => {
        m.tribes = tribes
      }, 2),
      [],
      `tribes ${tribes} is allowed`,
    )
  t.same(
    problems((m) => {
      m.tiles = []
    }),
    [{ code: 'map/no_tiles', message: 'tiles must be a non-empty array' }],
  )
  t.same(
    problems((m) => {
      m.tiles = 'many' as unknown as MapDef['tiles']
    }),
    [{ code: 'map/no_tiles', message: 'tiles must be a non-empty array' }],
  )
  t.same(validateMap(row(MAX_TILES)), [], `${MAX_TILES} tiles are allowed`)
  t.same(validateMap(row(MAX_TILES + 1)), [{ code: 'map/too_large', message: `a map has at most ${MAX_TILES} tiles; this one has ${MAX_TILES + 1} (R1.4)` }])
  for (const [i, tile] of [null, 'x', { q: 1.5, r: 0 }, { q: 0, r: 'a' }, { q: 10000, r: 0 }, { q: 0, r: -10000 }].entries()) {
    t.same(
      problems((m) => {
        m.tiles.push(tile as MapDef['tiles'][number])
      }),
      [{ code: 'map/bad_tile', message: 'tiles[6] needs whole-number q and r' }],
      `bad tile ${i}: no connection check either`,
    )
  }
  t.same(
    problems((m) => {
      m.tiles.push({ q: 9999, r: -9999, terrain: 'land' })
    }).map((p) => p.code),
    ['map/not_connected'],
    'coordinates up to 9999 are whole tiles',
  )
  t.same(
    problems((m) => {
      m.tiles[4]!.terrain = 'lava' as 'land'
    }),
    [{ code: 'map/bad_terrain', message: 'tile 4,0: terrain must be "land" or "sea" (R1.2)' }],
  )
  t.same(
    problems((m) => {
      m.tiles[4]!.city = 'yes' as unknown as boolean
    }),
    [{ code: 'map/bad_tile', message: 'tile 4,0: city must be true or false' }],
  )
  t.same(
    problems((m) => {
      m.tiles[5]!.city = true
    }),
    [{ code: 'map/city_at_sea', message: 'tile 5,0: a city must be on land (R1.2)' }],
    'a city at sea is not counted as a city either',
  )
  t.same(
    problems((m) => {
      m.tiles.push({ q: 2, r: 0, terrain: 'land' })
    }),
    [{ code: 'map/duplicate_tile', message: 'tile 2,0 appears twice (tiles[2] and tiles[6]) (R1.4)' }],
  )
  t.same(
    problems((m) => {
      m.tiles.push({ q: 9, r: 0, terrain: 'land' }, { q: 20, r: 3, terrain: 'sea' })
    }),
    [{ code: 'map/not_connected', message: 'the map is not connected: 2 tile(s) such as 9,0 20,3 cannot be reached from 0,0 (R1.4)' }],
  )
  t.same(
    validateMap(row(6, 3)),
    [{ code: 'map/too_few_cities', message: '3 cities for 2 tribes; at least 4 are needed (R1.4)' }],
    'land tiles without a city do not count',
  )
  t.same(
    validateMap(row(10, 5), 3),
    [{ code: 'map/too_few_cities', message: '5 cities for 3 tribes; at least 6 are needed (R1.4)' }],
    "the campaign's tribe count, when given, decides",
  )
  t.same(
    validateMap({ ...row(1, 0), tiles: [{ q: 0, r: 0, terrain: 'land', city: true }] }, 1).map((p) => p.code),
    ['map/too_few_cities'],
    'one tile is connected to itself',
  )
})

t.test('a compiled map is computed once per definition, and a city needs land', async (t) => {
  const def = row(6)
  t.equal(compileMap(def), compileMap(def), 'the same object for the same definition')
  def.tiles[5]!.city = true
  const odd = compileMap({ ...def })
  t.equal(odd.city[5], 0, 'a city flag on a sea tile makes no city')
  t.equal(odd.cityCount, 4)
})

t.test('R1.1 a tile is written "q,r": whole numbers of up to four digits, nothing around them', async (t) => {
  t.same(parseTileKey('-3,12'), { q: -3, r: 12 })
  t.same(parseTileKey('9999,-9999'), { q: 9999, r: -9999 })
  for (const bad of [5, null, ['1', '2'], '1,2x', 'x1,2', ' 1,2', '10000,1', '1;2', '1,', '']) t.equal(parseTileKey(bad), null, JSON.stringify(bad))
})
