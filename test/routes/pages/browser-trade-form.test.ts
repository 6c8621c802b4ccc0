// A trade built on the scene page's small map on a 390 px phone (#49), in El Mapa (M10.2: mines)
// and in world conquest (G9.2: territories): the form's lines are the game's, the first what ana
// gives ben and the second what he gives back; ana taps a place of hers and reaches one of ben's by
// keyboard, each goes into its owner's line, a second tap takes one out, and the proposal sent is
// listed in the game's words. axe-core finds no WCAG A/AA problem.
// Screenshots: test-artifacts/trade-form-<game>-390.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t, { type Test } from 'tap'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
type Cells = { cells: { cell: string; owner?: string | null; castle: unknown }[]; armies: { cell: string; tribe: string }[] }
type World = { territories: { id: string; owner: string }[] }

interface MapGame {
  ruleset: string
  /** The attribute of a place on the small map, and the form's field the taps fill. */
  attribute: string
  field: string
  /** The first line's inputs. */
  inputs: string[]
  /** Places `tribe` may give now, and every place the scene's tribes own. */
  places(board: unknown, tribe: string): string[]
  owned(board: unknown, tribes: string[]): number
  /** A place as the proposal list says it (in English). */
  said(key: string): string
}

async function tapBothSides(t: Test, game: MapGame) {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: game.ruleset, mapId: 'coast-3' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)).status, 200, 'the GM starts the campaign')
  await setClock(app, '2026-12-07T09:00:00Z') // past the first tick
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Trato', tribes: [ana.tribeId, ben.tribeId] })
  const board = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body as unknown
  const [anas, bens] = [game.places(board, ana.tribeId), game.places(board, ben.tribeId)]
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
  const names = (xs: unknown[]) => xs.map((x) => (x as { name: string }).name)
  t.same(await form.locator('fieldset.transfer').first().locator('input').evaluateAll(names), game.inputs, "the first line holds the game's fields")
  t.equal(await page.locator('select[name="from1"]').inputValue(), ana.tribeId, 'what ana gives')
  t.equal(await page.locator('select[name="to1"]').inputValue(), ben.tribeId, 'to ben')
  t.equal(await page.locator('select[name="from2"]').inputValue(), ben.tribeId, 'and what ben gives back')

  // WCAG 2.5.8: every place is a target of at least 24 × 24 CSS px (the map scrolls sideways if it must).
  const smallest = (await page.evaluate(
    `Math.min(...[...document.querySelectorAll('figure.trade-map [data-owner]')].map((g) => { const box = g.getBoundingClientRect(); return Math.min(box.width, box.height) }))`,
  )) as number
  t.ok(smallest >= 24, `every place is at least 24 px a side (the smallest: ${smallest.toFixed(1)} px)`)
  const place = (key: string) => page.locator(`figure.trade-map g[${game.attribute}="${key}"]`)
  const typed = (line: number) => page.locator(`input[name="${game.field}${line}"]`).inputValue()
  await place(anas[0]!).tap()
  await place(bens[0]!).focus()
  await page.keyboard.press('Enter')
  t.equal(await typed(1), anas[0], 'hers in her line, tapped')
  t.equal(await typed(2), bens[0], 'his in his, by keyboard')
  t.equal(await place(bens[0]!).getAttribute('aria-pressed'), 'true', 'a chosen place says so')
  if (anas[1]) {
    await place(anas[1]).tap()
    await place(anas[1]).tap()
    t.equal(await typed(1), anas[0], 'a second tap takes a place out')
  }
  t.equal(
    await page.locator('figure.trade-map [data-owner]').count(),
    game.owned(board, [ana.tribeId, ben.tribeId]),
    "every place the scene's tribes own is a tap away",
  )
  t.same(await axe(page), [], 'no WCAG A/AA violation')
  await page.screenshot({ path: path.join(ARTIFACTS, `trade-form-${game.ruleset}-390.png`), fullPage: true })

  await Promise.all([page.waitForURL(/\/scenes\/[^/]+$/), form.locator('button[type="submit"]').click()])
  const proposals = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/scenes/${scene.body.id}`)).body.proposals
  const transfers = [
    { from: ana.tribeId, to: ben.tribeId, [game.field]: [anas[0]] },
    { from: ben.tribeId, to: ana.tribeId, [game.field]: [bens[0]] },
  ]
  t.match(proposals, [{ transfers }], 'the proposal holds the places tapped')
  const listed = await page.locator('article.proposal li').allTextContents()
  t.same(listed, [`ana gives ${game.said(anas[0]!)} to ben`, `ben gives ${game.said(bens[0]!)} to ana`], "listed in the game's words")
  t.same(problems, [], 'no script errors')
}

t.test('M10.2 an El Mapa trade built by tapping both tribes\u2019 mines at 390 px', (t) =>
  tapBothSides(t, {
    ruleset: 'elmapa',
    attribute: 'data-cell',
    field: 'cells',
    inputs: ['resources-oro1', 'resources-madera1', 'resources-piedra1', 'cards1', 'cells1'],
    // M10.5: a mine with no army of its giver on it.
    places: (b, tribe) => {
      const { cells, armies } = b as Cells
      return cells.filter((c) => c.owner === tribe && !c.castle && !armies.some((x) => x.cell === c.cell && x.tribe === tribe)).map((c) => c.cell)
    },
    owned: (b, tribes) => (b as Cells).cells.filter((c) => c.owner && tribes.includes(c.owner)).length,
    said: (key) => key,
  }),
)

t.test('G9.2 a world conquest trade built by tapping both tribes\u2019 territories at 390 px', (t) =>
  tapBothSides(t, {
    ruleset: 'conquest',
    attribute: 'data-territory',
    field: 'tiles',
    inputs: ['tiles1'],
    places: (b, tribe) => (b as World).territories.filter((x) => x.owner === tribe).map((x) => x.id),
    owned: (b, tribes) => (b as World).territories.filter((x) => tribes.includes(x.owner)).length,
    said: (key) => CATALOGUE.en[`c_territory_${key}`]!,
  }),
)
