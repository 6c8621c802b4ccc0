// R1.5 on the pages (#27): the turn page, its map and its results call tiles by their places'
// names in the reader's language, while its forms and the map's keys stay coordinates.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, mondayGame, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('R1.5 the turn page names the cities and seas of coast-3, in English and in Spanish', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  const turn = `/campaigns/${table.id}/turn`

  const english = (await page.get(turn)).body
  t.match(english, /Cities Highport: 10 to spend/, "the recruit card's pool")
  t.match(english, /<button type="submit">Recruit 1 troop at Oakmere<\/button>/, 'its one-tap recruit')
  t.match(english, /<g class="tile" data-tile="2,1"[^>]*><title>Highport \(2,1\), land, city, port/, "a city's title on the map, with its coordinates")
  t.match(english, /<title>Highport Bay \(2,0\), sea/, "a sea tile's title: its sea and its coordinates")
  t.match(english, /<title>3,1, land/, 'an unnamed tile keeps its coordinates')
  t.match(english, /<option value="2,1" label="Highport">/, 'the forms take coordinates, with the name beside them')
  const data = JSON.parse(/<script type="application\/json" id="turn-data">(.*?)<\/script>/s.exec(english)![1]!)
  t.match(data.places, { '2,1': 'Highport', '3,3': 'Oakmere', '2,0': 'Highport Bay (2,0)' }, "the map's script gets the labels")
  t.notOk('3,1' in data.places, 'and only the named tiles')

  const recruited = (await page.post(`${turn}?lang=es`, { type: 'recruit', city: '3,3', troops: '1' })).body
  t.match(recruited, /ana reclutó 1 tropa en Robledo por 10\./, 'the result in Spanish, by its name')
  const spanish = (await page.get(`${turn}?lang=es`)).body
  t.match(spanish, /Ciudades Puertoalto: 10 para gastar/)
  t.match(spanish, /<title>Puertoalto \(2,1\), tierra/)
  t.match(spanish, /<title>Bahía de Puertoalto \(2,0\), mar/)
  t.match(spanish, /<td>Robledo<\/td><td>6<\/td>/, 'the table of armies')
})

t.test('R1.5 R3.2 R3.4 the draft offers the free cities by name, on the GM console and to the tribe on the clock', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)
  const email = async (query: string, param: string) => (await app.pg.query<{ email: string }>(query, [param])).rows[0]!.email
  const gm = visitor(app)
  await gm.login(
    await email(`SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.campaign_id = $1 AND m.role = 'gm'`, table.id),
    'correct horse battery',
  )
  const console = (await gm.get(`/campaigns/${table.id}/gm`)).body
  t.match(console, /<option value="2,1">Highport \(2,1\)<\/option>/, "the GM's pick list: the name, and the coordinates the pick sends")
  t.match((await gm.get(`/campaigns/${table.id}/gm?lang=es`)).body, /<option value="3,3">Robledo \(3,3\)<\/option>/, 'in Spanish too')

  const first = Object.values(table.players).find((p) => p.tribeId === started.body.order[0])!
  const player = visitor(app)
  await player.login(await email('SELECT email FROM users WHERE id = $1', first.userId), 'correct horse battery')
  t.match(
    (await player.get(`/campaigns/${table.id}/turn`)).body,
    /<input type="radio" name="city" value="2,1" required> Highport<\/label>/,
    'the tribe on the clock picks by name',
  )
})
