// The recap page in a real browser (#30): ben reads his week in Spanish on a phone (390 px), ana
// in English on a laptop (1366 px); the map with its arrows fits the screen, the three lines are
// there, the copy button copies the link, and axe finds no WCAG A/AA problem. Screenshots in
// test-artifacts/recap-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { BATTLE_LINE, playedOpenWarsRound, playedWeek } from '../../helpers/recap.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('the recap page at 390 px in Spanish and at 1366 px in English', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  const table = await playedWeek(app, { benLocale: 'es' })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const recap = `/campaigns/${table.id}/recap/1`

  for (const [who, width, locale, words] of [
    ['ben', 390, 'es-ES', { title: 'Semana 1 en resumen', trade: 'Intercambio: ana da a ben Puertoalto.', battle: BATTLE_LINE.es, copied: 'Enlace copiado' }],
    ['ana', 1366, 'en-GB', { title: 'Week 1 in brief', trade: 'Trade: ana gives ben Highport.', battle: BATTLE_LINE.en, copied: 'Link copied' }],
  ] as const) {
    const page = await loggedIn(browser, base, await emailOf(table.players[who]!.userId), recap, { width, locale, problems })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
    t.equal(await page.locator('main h2').textContent(), words.title, `${who}: the title in ${locale}`)
    const lines = await page.locator('.recap-lines li').allTextContents()
    t.equal(lines.length, 3, `${who}: three lines`)
    t.ok(lines.includes(words.trade), `${who}: the trade`)
    t.ok(
      lines.some((l) => words.battle.test(l)),
      `${who}: the battle`,
    )
    const map = page.locator('.recap-map svg.map')
    t.ok(await map.isVisible(), `${who}: the map`)
    t.equal(await map.locator('g.arrow').count(), 2, `${who}: the march and the attack as arrows`)
    const box = (await map.boundingBox())!
    t.ok(box.width <= width && box.width > width * 0.5, `${who}: the map fits the screen (${Math.round(box.width)} px)`)
    t.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= width, `${who}: nothing wider than the screen`)
    const copy = page.locator('button[data-copy]')
    t.ok(await copy.isVisible(), `${who}: the copy button, shown by the script`)
    await copy.click()
    await page.locator('[data-copy-status]', { hasText: words.copied }).waitFor()
    t.equal(await page.evaluate('navigator.clipboard.readText()'), `${app.config.publicUrl}${recap}`, `${who}: the link is copied`)
    t.same(await axe(page), [], `${who}: no WCAG A/AA violation`)
    await page.screenshot({ path: path.join(ARTIFACTS, `recap-${locale.slice(0, 2)}-${width}.png`), fullPage: true })
  }
  t.same(problems, [], 'no script error')
})

t.test("Open Wars' recap on a phone: the band keeps a readable width and scrolls sideways, the page does not", async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  const { table } = await playedOpenWarsRound(app)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ben!.userId } })).email
  const page = await loggedIn(browser, base, email, `/campaigns/${table.id}/recap/1`, { width: 390, locale: 'es-ES', problems })
  t.equal(await page.locator('main h2').textContent(), 'Ronda 1 en resumen')
  t.match(await page.locator('.recap-lines').textContent(), /ana movió \d+ unidad/, "ana's move in the lines")
  const band = page.locator('.recap-map svg.band')
  t.equal(await band.locator('g.arrow').count(), 1, 'and on the band as an arrow')
  const width = (await band.boundingBox())!.width
  t.ok(width >= 8 * 92, `eight columns of 92 px at least, for their words to be read (${Math.round(width)} px)`)
  t.ok(await page.evaluate("(() => { const f = document.querySelector('.recap-map'); return f.scrollWidth > f.clientWidth })()"), 'the figure scrolls sideways')
  t.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390, 'the page itself is no wider than the screen')
  t.same(await axe(page), [], 'no WCAG A/AA violation')
  await page.screenshot({ path: path.join(ARTIFACTS, 'recap-openwars-es-390.png'), fullPage: true })
  t.same(problems, [], 'no script error')
})
