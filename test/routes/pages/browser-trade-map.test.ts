// A trade proposal built by tapping places on a small map of the scene's tribes (R11.2, #27):
// on a 390 px phone, ana taps her city and ben's city; each goes into its owner's line, the
// selects name the giving tribes, a second tap takes a tile out, and the proposal sent names
// the places. axe-core finds no WCAG A/AA problem. Screenshot: test-artifacts/trade-map-390.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, mondayGame } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('R11.2 R11.3 a trade built by tapping the scene tribes\u2019 land on a small map', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const { app, table } = await mondayGame(t)
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Peace', tribes: [ana.tribeId, ben.tribeId] })
  const state = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  const bens = state.map.tiles.find((x: { owner: string; city: boolean }) => x.owner === ben.tribeId && x.city).tile as string
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  const page = await loggedIn(browser, base, email, `/campaigns/${table.id}/scenes/${scene.body.id}`, { width: 390, locale: 'en-GB', problems })
  const map = page.locator('figure.trade-map')
  const owned = state.map.tiles.filter((x: { owner: string | null; terrain: string }) => x.owner && x.terrain === 'land').length
  t.equal(await map.locator('g.tile').count(), owned, "the small map draws only the scene tribes' land")
  const tile = (key: string) => map.locator(`g.tile[data-tile="${key}"]`)
  await tile('3,3').tap()
  await tile(bens).tap()
  await tile('2,1').tap()
  t.equal(await page.locator('select[name="from1"]').inputValue(), ana.tribeId, "the first line is ana's, who owns the first tile tapped")
  t.equal(await page.locator('input[name="tiles1"]').inputValue(), '3,3 2,1', 'her tiles in the order tapped')
  t.equal(await page.locator('select[name="from2"]').inputValue(), ben.tribeId, "the second line is ben's")
  t.equal(await page.locator('input[name="tiles2"]').inputValue(), bens, 'with his city')
  await tile('2,1').tap()
  t.equal(await page.locator('input[name="tiles1"]').inputValue(), '3,3', 'a second tap takes a tile out')
  t.equal(await tile('3,3').getAttribute('aria-pressed'), 'true', 'a chosen tile says so')
  t.equal(await tile('2,1').getAttribute('aria-pressed'), 'false', 'and one taken out too')
  t.same(await axe(page), [], 'no WCAG A/AA violation')
  await page.screenshot({ path: path.join(ARTIFACTS, 'trade-map-390.png'), fullPage: true })
  // The receiving tribes are chosen in the selects; the proposal is sent as typed.
  await page.locator('select[name="to1"]').selectOption(ben.tribeId)
  await page.locator('select[name="to2"]').selectOption(ana.tribeId)
  await Promise.all([page.waitForURL(/\/scenes\/[^/]+$/), page.locator('form[action$="/proposals"] button[type="submit"]').click()])
  const proposals = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/scenes/${scene.body.id}`)).body.proposals
  t.same(
    proposals[0].transfers.map((x: { from: string; tiles: string[] }) => [x.from, x.tiles]),
    [
      [ana.tribeId, ['3,3']],
      [ben.tribeId, [bens]],
    ],
    'the proposal holds the tiles tapped',
  )
  // #30: the answers in the reader's words, not the API's.
  const accepted = await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals/${proposals[0].id}/accept`)
  t.equal(accepted.status, 200, 'ben accepts')
  await page.goto(`${base}/campaigns/${table.id}/scenes/${scene.body.id}?lang=es`)
  t.match(await page.locator('main').textContent(), /ben: acepta/, 'a Spanish page says "ben: acepta", not "accepted"')
  t.same(problems, [], 'no script errors')
})
