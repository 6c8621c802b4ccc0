// The map of a campaign in setup, seen before the draft (#27): the chosen map with every city's
// neutral garrison (R3.3), in the reader's language, and zoomed in at first paint on a phone.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { launchBrowser, loggedIn, axe } from '../../helpers/browser.ts'
import { call } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('R3.3 a campaign in setup shows its map before the draft, each city with its 5 neutral troops', async (t) => {
  const app = await buildTestApp(t)
  const email = `gm-${Math.random().toString(36).slice(2)}@example.com`
  const gm = await register(app, email)
  const created = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Before the draft', mapId: 'coast-3' })
  const page = visitor(app)
  await page.login(email, 'correct horse battery')
  const en = await page.get(`/campaigns/${created.body.id}`)
  t.equal(en.status, 200)
  t.match(en.body, /<h2 id="setup-map-h">The map<\/h2>/, 'the setup page has a map section')
  t.match(en.body, /aria-label="The map Three Coves \(3 tribes\), before the draft"/, 'the map says which map it is, in English (#49)')
  t.equal([...en.body.matchAll(/class="troops">5</g)].length, 12, 'the 12 cities of coast-3 each show 5 troops')
  t.equal([...en.body.matchAll(/<title>[^<]*5 neutral troops<\/title>/g)].length, 12, 'each said to be neutral')
  t.match(en.body, /Every city starts with 5 neutral troops \(R3\.3\)/, 'the caption says what the start puts on it')
  const es = await page.get(`/campaigns/${created.body.id}?lang=es`)
  t.match(es.body, /Cada ciudad empieza con 5 tropas neutrales/, 'in Spanish for a Spanish reader')
  t.notMatch(es.body, /Every city starts/, 'and only in Spanish')
  t.match(es.body, /aria-label="El mapa Tres Calas \(3 tribus\)/, "the map's name too")
  // #49: a map's name in the reader's language wherever a page lists it; an uploaded map keeps its own.
  t.equal((await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Conquista', ruleset: 'conquest' })).status, 201)
  const list = { en: await page.get('/campaigns'), es: await page.get('/campaigns?lang=es') }
  t.match(list.en.body, /Before the draft<\/a> · Three Coves \(3 tribes\)/)
  t.match(list.es.body, /Before the draft<\/a> · Tres Calas \(3 tribus\)/)
  t.match(list.en.body, /<option value="coast-2"[^>]*>Two Shores \(2 tribes\)<\/option>/, 'the new campaign form, in English')
  t.match(list.es.body, /<option value="coast-2"[^>]*>Dos Orillas \(2 tribus\)<\/option>/, 'and in Spanish')
  t.match(list.en.body, /Conquista<\/a> · World \(42 territories\)/, "a game's own map, in its game's catalogue")
  t.match(list.es.body, /Conquista<\/a> · Mundo \(42 territorios\)/)
  t.notMatch(list.en.body, /Tres Calas|Dos Orillas|tribus|territorios/, 'no Spanish map name on the English page')

  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const phone = await loggedIn(browser, base, email, `/campaigns/${created.body.id}`, { width: 390, locale: 'en-GB', problems })
  const hex = (await phone.locator('svg.map g.tile[data-tile="3,3"] polygon').boundingBox())!
  t.ok(hex.width >= 38, `on a phone the map starts zoomed in: hexes of ${hex.width.toFixed(0)} px`)
  t.ok(await phone.locator('.setup-map .map-tools').isVisible(), 'with the zoom buttons')
  await phone.locator('#setup-map-h').scrollIntoViewIfNeeded()
  await phone.screenshot({ path: 'test-artifacts/setup-map-390-en.png' })
  t.same(await axe(phone), [], 'no WCAG A/AA violation')
  t.same(problems, [], 'no script errors')
})
