// The "your day" card (#30) in a browser: on a phone in Spanish and at 1366 px in English, the
// card tops /campaigns with the time left and the game's figures; Play and Done are reached by
// keyboard, axe-core finds no WCAG A/AA problem, and a turn ends two taps after opening the site
// (one from the installed app, which starts at /campaigns). Screenshots: test-artifacts/your-day-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, mondayGame, setClock } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

/** Tabs until the element matching `selector` has the focus; false when 30 tabs do not reach it. */
async function tabTo(page: Page, selector: string): Promise<boolean> {
  const focused = () => page.evaluate(`!!document.activeElement && document.activeElement.matches(${JSON.stringify(selector)})`)
  for (let i = 0; i < 30; i++) {
    if (await focused()) return true
    await page.keyboard.press('Tab')
  }
  return focused() as Promise<boolean>
}

t.test('the card at 390 px in Spanish and 1366 px in English: axe-clean, Play and Done by keyboard, two taps to end a turn', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const { app, table } = await mondayGame(t) // Monday 30 November, 10:00 in Madrid
  await setClock(app, '2026-11-30T10:15:00Z') // 11:15
  const ana = await app.prisma.user.update({ where: { id: table.players.ana!.userId }, data: { locale: 'es' } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []

  // A phone, in Spanish: from the site's home page to an ended turn, counting the taps.
  const phone = await loggedIn(browser, base, ana.email, '/', { width: 390, locale: 'es-ES', problems })
  let taps = 0
  await Promise.all([phone.waitForURL(`${base}/campaigns`), phone.locator('main a[href="/campaigns"]').first().tap()])
  taps++
  const card = phone.locator('section.your-day article')
  t.equal(await phone.locator('section.your-day h2').textContent(), 'Tu día')
  t.match((await card.locator('.day-closes').textContent()) ?? '', 'Tu turno se cierra a las 20:00 (dentro de 8 h 45 min).')
  t.match((await card.locator('.day-spend').textContent()) ?? '', /^Para gastar: \d+ recursos\.$/)
  t.match((await card.locator('.day-moves').textContent()) ?? '', /^2 ejércitos pueden moverse todavía\.$/)
  t.same(await axe(phone), [], 'no WCAG A/AA violation on /campaigns with the card at 390 px')
  const box = await card.locator('a.play').boundingBox()
  t.ok(box && box.height >= 44 && box.width >= 44, `Play is a thumb's target (${box?.width}×${box?.height})`)
  const done = await card.locator('button.done-button').boundingBox()
  t.ok(done && done.height >= 44 && done.height === box?.height, `so is Done, as tall (${done?.width}×${done?.height})`)
  await phone.screenshot({ path: path.join(ARTIFACTS, 'your-day-0-390-es.png'), fullPage: true })
  await Promise.all([phone.waitForURL(`${base}/campaigns?notice=turn_ended`), card.locator('button.done-button').tap()])
  taps++
  t.equal(taps, 2, 'two taps from the home page to an ended turn')
  t.equal(await phone.locator('.banner.notice').textContent(), 'Tu turno ha terminado: no darás más órdenes hasta tu próximo turno.')
  t.equal(await phone.locator('section.your-day .day-ended').textContent(), 'Turno terminado: nada más que hacer hoy.')
  t.same(await axe(phone), [], 'no violation once ended')
  await phone.screenshot({ path: path.join(ARTIFACTS, 'your-day-1-ended-390-es.png'), fullPage: true })
  const state = (await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.equal(state.tribes.find((x: { id: string }) => x.id === table.players.ana!.tribeId).phase, 'ended', 'the turn is over')

  // Wednesday, Ben's day, at 1366 px in English, by keyboard only.
  await setClock(app, '2026-12-02T08:30:00Z') // 09:30 in Madrid
  const ben = await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ben!.userId } })
  const desk = await loggedIn(browser, base, ben.email, '/campaigns', { width: 1366, locale: 'en-GB', problems })
  const benCard = desk.locator('section.your-day article')
  t.match((await benCard.locator('.day-closes').textContent()) ?? '', 'Your window closes at 20:00 (in 10 h 30 min).')
  t.same(await axe(desk), [], 'no WCAG A/AA violation on /campaigns with the card at 1366 px')
  await desk.screenshot({ path: path.join(ARTIFACTS, 'your-day-2-1366-en.png'), fullPage: true })
  t.ok(await tabTo(desk, 'section.your-day a.play'), 'Play is reached by Tab')
  await Promise.all([desk.waitForURL(`${base}/campaigns/${table.id}/turn`), desk.keyboard.press('Enter')])
  t.pass('Enter on Play opens the turn page')
  await desk.goBack()
  t.ok(await tabTo(desk, 'section.your-day button.done-button'), 'Done is reached by Tab')
  await Promise.all([desk.waitForURL(`${base}/campaigns?notice=turn_ended`), desk.keyboard.press('Enter')])
  t.equal(await desk.locator('.banner.notice').textContent(), 'Your turn is over: no more orders until your next window.')
  await desk.screenshot({ path: path.join(ARTIFACTS, 'your-day-3-ended-1366-en.png'), fullPage: true })
  t.same(problems, [], 'no script error')
})
