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
  t.match(en.body, /aria-label="The map Tres Calas \(3 tribes\), before the draft"/, 'the map says which map it is')
  t.equal([...en.body.matchAll(/class="troops">5</g)].length, 12, 'the 12 cities of coast-3 each show 5 troops')
  t.equal([...en.body.matchAll(/<title>[^<]*5 neutral troops<\/title>/g)].length, 12, 'each said to be neutral')
  t.match(en.body, /Every city starts with 5 neutral troops \(R3\.3\)/, 'the caption says what the start puts on it')
  const es = await page.get(`/campaigns/${created.body.id}?lang=es`)
  t.match(es.body, /Cada ciudad empieza con 5 tropas neutrales/, 'in Spanish for a Spanish reader')
  t.notMatch(es.body, /Every city starts/, 'and only in Spanish')

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
