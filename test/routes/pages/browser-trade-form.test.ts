// An El Mapa trade built on the scene page (#49, M10.2) on a 390 px phone: the form's lines are
// El Mapa's (resources, cards, cells), the first what ana gives ben and the second what he gives
// back; ana taps her mine on the small map and reaches ben's by keyboard, each goes into its
// owner's line, a second tap takes one out, and the proposal sent is listed in the game's words.
// axe-core finds no WCAG A/AA problem. Screenshot: test-artifacts/trade-form-elmapa-390.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
type Cells = { cells: { cell: string; owner?: string | null; castle: unknown }[]; armies: { cell: string; tribe: string }[] }

t.test('M10.2 an El Mapa trade built by tapping both tribes\u2019 mines at 390 px', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'elmapa', mapId: 'coast-3' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)).status, 200, 'the GM starts the campaign')
  await setClock(app, '2026-12-07T09:00:00Z') // past the first tick
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Minas', tribes: [ana.tribeId, ben.tribeId] })
  const board = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body as Cells
  // M10.5: a mine with no army of its giver on it.
  const mines = (tribe: string) =>
    board.cells.filter((c) => c.owner === tribe && !c.castle && !board.armies.some((x) => x.cell === c.cell && x.tribe === tribe)).map((c) => c.cell)
  const [anas, bens] = [mines(ana.tribeId), mines(ben.tribeId)]
  t.ok(anas.length > 0 && bens.length > 0, `ana has ${anas.join(' ')}, ben ${bens.join(' ')}`)

  // Ana on her phone, at the scene.
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  const url = `/campaigns/${table.id}/scenes/${scene.body.id}`
  const problems: string[] = []
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const page = await loggedIn(browser, base, email, url, { width: 390, locale: 'en-GB', problems })
  const form = page.locator('form[action$="/proposals"]')
  t.same(
    await form
      .locator('fieldset.transfer')
      .first()
      .locator('input')
      .evaluateAll((xs) => xs.map((x) => (x as unknown as { name: string }).name)),
    ['resources-oro1', 'resources-madera1', 'resources-piedra1', 'cards1', 'cells1'],
    "the first line holds El Mapa's fields",
  )
  t.equal(await page.locator('select[name="from1"]').inputValue(), ana.tribeId, 'what ana gives')
  t.equal(await page.locator('select[name="to1"]').inputValue(), ben.tribeId, 'to ben')
  t.equal(await page.locator('select[name="from2"]').inputValue(), ben.tribeId, 'and what ben gives back')

  const cell = (key: string) => page.locator(`figure.trade-map g[data-cell="${key}"]`)
  await cell(anas[0]!).tap()
  await cell(bens[0]!).focus()
  await page.keyboard.press('Enter')
  t.equal(await page.locator('input[name="cells1"]').inputValue(), anas[0], 'her mine in her line, tapped')
  t.equal(await page.locator('input[name="cells2"]').inputValue(), bens[0], 'his in his, by keyboard')
  t.equal(await cell(bens[0]!).getAttribute('aria-pressed'), 'true', 'a chosen cell says so')
  if (anas[1]) {
    await cell(anas[1]).tap()
    await cell(anas[1]).tap()
    t.equal(await page.locator('input[name="cells1"]').inputValue(), anas[0], 'a second tap takes a cell out')
  }
  t.equal(
    await page.locator('figure.trade-map [data-owner]').count(),
    board.cells.filter((c) => c.owner).length,
    "every cell the scene's tribes own is a tap away",
  )
  t.same(await axe(page), [], 'no WCAG A/AA violation')
  await page.screenshot({ path: path.join(ARTIFACTS, 'trade-form-elmapa-390.png'), fullPage: true })

  await Promise.all([page.waitForURL(/\/scenes\/[^/]+$/), form.locator('button[type="submit"]').click()])
  const proposals = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/scenes/${scene.body.id}`)).body.proposals
  t.match(
    proposals,
    [
      {
        transfers: [
          { from: ana.tribeId, to: ben.tribeId, cells: [anas[0]] },
          { from: ben.tribeId, to: ana.tribeId, cells: [bens[0]] },
        ],
      },
    ],
    'the proposal holds the cells tapped',
  )
  const listed = await page.locator('article.proposal li').allTextContents()
  t.same(listed, [`ana gives ${anas[0]} to ben`, `ben gives ${bens[0]} to ana`], "listed in the game's words")
  t.same(problems, [], 'no script errors')
})
