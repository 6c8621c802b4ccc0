// R1.4 over HTTP: a GM uploads a map; a bad one is refused naming every problem,
// a good one can be played like a bundled one.
import t from 'tap'
import type { MapDef } from '../../../src/engine/games/weekday/index.ts'
import { BUNDLED_MAPS, bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'

t.test('R1.4: an uploaded map is validated, stored, listed and played; a bad one is refused naming each problem', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const gm = await register(app, 'mapper@example.com')
  const coast = bundledMap('coast-2')!

  const broken = {
    ...coast,
    id: 'broken',
    tiles: [...coast.tiles.map((x) => ({ ...x, city: false })), { q: 40, r: 40, terrain: 'land' }, { q: 40, r: 40, terrain: 'land' }],
  }
  const refused = await call(app, gm.token, 'POST', '/api/maps', broken)
  t.equal(refused.status, 422)
  t.match(refused.body.error, { code: 'map/invalid', rule: 'R1.4' })
  for (const problem of ['map/duplicate_tile', 'map/not_connected', 'map/too_few_cities']) t.match(refused.body.error.message, problem, `names ${problem}`)
  t.equal(await app.prisma.uploadedMap.count(), 0, 'nothing stored')
  t.equal((await call(app, null, 'POST', '/api/maps', coast)).status, 401, 'uploading needs a login')

  // R1.5: names are checked like the tiles, every problem named.
  const misnamed = await call(app, gm.token, 'POST', '/api/maps', {
    ...coast,
    id: 'misnamed',
    names: [
      { tiles: ['2,1'], en: 'Highport' },
      { tiles: ['2,1', '40,40'], en: 'Bay', es: 'B'.repeat(41) },
    ],
  })
  t.equal(misnamed.status, 422)
  for (const problem of ['map/bad_place_name', 'map/unknown_place_tile', 'map/tile_named_twice'])
    t.match(misnamed.body.error.message, problem, `names ${problem}`)
  t.equal(await app.prisma.uploadedMap.count(), 0, 'nothing stored')

  const uploaded = await call(app, gm.token, 'POST', '/api/maps', { ...coast, id: 'my-coast', name: 'My coast' })
  t.equal(uploaded.status, 201)
  t.match(uploaded.body, { id: /^my-coast-[0-9a-f]{8}$/, name: 'My coast', tiles: coast.tiles.length })
  const id = uploaded.body.id as string
  t.ok(
    (await call(app, gm.token, 'GET', '/api/maps')).body.maps.some((m: { id: string }) => m.id === id),
    'listed for its uploader',
  )
  t.notOk(
    (await call(app, null, 'GET', '/api/maps')).body.maps.some((m: { id: string }) => m.id === id),
    'not for everyone',
  )
  t.equal((await call(app, null, 'GET', `/api/maps/${id}`)).body.name, 'My coast')
  t.same((await call(app, null, 'GET', `/api/maps/${id}`)).body.names, coast.names, 'with its place names (R1.5)')

  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { mapId: id })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const state = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(state.body.map.id, id)
  const order = await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/orders`, {
    order: { type: 'move', from: '2,1', troops: 1, to: '3,1' },
  })
  t.equal(order.status, 200, 'played like a bundled map')
  const unknown = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Nowhere', mapId: 'no-such-map' })
  t.equal(unknown.status, 400)
  t.equal(unknown.body.error.code, 'campaign/unknown_map')
})

t.test('R1.4 a map of more than 2,000 tiles is refused, and an account keeps at most 20 uploads', async (t) => {
  const app = await buildTestApp(t, { loginRateLimit: 1000 })
  const { token } = await register(app, 'cartographer@example.com')
  const tiles = Array.from({ length: 2001 }, (_, i) => ({ q: i % 50, r: Math.floor(i / 50), terrain: 'land', ...(i % 97 === 0 ? { city: true } : {}) }))
  const huge = await app.inject({
    method: 'POST',
    url: '/api/maps',
    headers: { authorization: `Bearer ${token}` },
    payload: { id: 'huge', name: 'Huge', tribes: 2, tiles },
  })
  t.equal(huge.statusCode, 422)
  t.match(huge.json().error, { code: 'map/invalid', rule: 'R1.4' })
  t.match(huge.json().error.message, /map\/too_large: a map has at most 2000 tiles; this one has 2001/)
  t.equal(await app.prisma.uploadedMap.count(), 0, 'nothing stored')
  const small = (await app.inject({ method: 'GET', url: '/api/maps/coast-2' })).json()
  // The upload limit of 10 an hour counts too; the 21st upload is refused by the count of kept maps.
  for (let i = 0; i < 20; i++)
    await app.maps.upload((await app.accounts.login('cartographer@example.com', 'correct horse battery')).id, { ...small, id: `mine-${i}` })
  const more = await app.inject({ method: 'POST', url: '/api/maps', headers: { authorization: `Bearer ${token}` }, payload: { ...small, id: 'one-more' } })
  t.equal(more.statusCode, 409)
  t.equal(more.json().error.code, 'map/too_many')
})

t.test('R1.4 a running campaign keeps the map it started with when a bundled map is regenerated', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { mapId: 'coast-2' })
  await draft(app, table)
  const before = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.map.tiles
  // `npm run maps` regenerates coast-2 with other content: every land tile without a city becomes sea.
  const maps = BUNDLED_MAPS as MapDef[]
  const i = maps.findIndex((m) => m.id === 'coast-2')
  const original = maps[i]!
  t.teardown(() => {
    maps[i] = original
  })
  maps[i] = { ...original, tiles: original.tiles.map((x) => (x.city ? x : { ...x, terrain: 'sea' as const })) }
  const after = await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(after.status, 200)
  t.same(
    after.body.map.tiles.map((x: { terrain: string }) => x.terrain),
    before.map((x: { terrain: string }) => x.terrain),
    'the campaign plays on the map it started with',
  )
  const move = await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'endTurn' } })
  t.equal(move.status, 200, 'and takes orders')
  const kept = await app.prisma.campaignMap.findUniqueOrThrow({ where: { campaignId: table.id } })
  t.same((kept.definition as unknown as MapDef).tiles, original.tiles, 'its copy is kept')
  const fresh = await setUp(app, { cleo: 'friday', dan: 'saturday' }, { mapId: 'coast-2' })
  await draft(app, fresh)
  const freshTiles = (await call(app, fresh.gm, 'GET', `/api/campaigns/${fresh.id}/state`)).body.map.tiles
  t.ok(
    freshTiles.filter((x: { terrain: string }) => x.terrain === 'land').every((x: { city: boolean }) => x.city),
    'a new campaign takes the regenerated map',
  )
})
