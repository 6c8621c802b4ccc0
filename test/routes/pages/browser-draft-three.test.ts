// A whole three-tribe draft in a real browser (#12): every pick of the snake (R3.2) made by the
// player on the clock tapping a free city on the map (two at 390 px, one at 1366 px) and confirming; the others see
// whose pick it is; the last pick starts the campaign (R3.5). A screenshot of each step goes to
// test-artifacts/draft3-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('R3.2 R3.5 a three-tribe draft done entirely by the players tapping the map, on phones and a desktop', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' })
  const order = (await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).body.order as string[]
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const turn = `/campaigns/${table.id}/turn`
  const pages = new Map<string, Page>()
  for (const [name, p] of Object.entries(table.players)) {
    const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: p.userId } })).email
    if (name === 'ben') await app.prisma.user.update({ where: { id: p.userId }, data: { locale: 'es' } })
    // Two phones (390 px) and a desktop (1366 px): the draft works the same on each.
    pages.set(
      p.tribeId,
      await loggedIn(browser, base, email, turn, { width: name === 'ana' ? 1366 : 390, locale: name === 'ben' ? 'es-ES' : 'en-GB', problems }),
    )
  }
  const nameOf = (tribeId: string) => Object.entries(table.players).find(([, p]) => p.tribeId === tribeId)![0]
  const snake = [...order, ...[...order].reverse()]
  const picked: string[] = []
  for (const [step, tribeId] of snake.entries()) {
    const page = pages.get(tribeId)!
    await page.goto(`${base}${turn}`)
    const waiting = pages.get(snake.find((x) => x !== tribeId)!)!
    await waiting.goto(`${base}${turn}`)
    t.match(
      (await waiting.locator('main').textContent()) ?? '',
      new RegExp(`(On the clock:|Le toca elegir a:)\\s*${nameOf(tribeId)}`),
      `step ${step + 1}: the others see ${nameOf(tribeId)} on the clock`,
    )
    const city = (await page.locator('#draft-pick input[name="city"]').first().getAttribute('value'))!
    await page.locator(`svg.map g[data-tile="${city}"]`).click()
    t.ok(await page.locator(`#draft-pick input[value="${city}"]`).isChecked(), `step ${step + 1}: ${nameOf(tribeId)} taps ${city}`)
    if (step === 0) t.same(await axe(page), [], 'no WCAG A/AA violation on the draft panel')
    await page.screenshot({ path: path.join(ARTIFACTS, `draft3-${step + 1}-${nameOf(tribeId)}.png`), fullPage: true })
    await page.locator('#draft-pick button[type="submit"]').click()
    await page.locator('#results').waitFor()
    picked.push(city)
  }
  const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.equal(state.status, 'running', 'the last pick started the campaign (R3.5)')
  t.same(state.draft?.picks?.map((p: { city: string }) => p.city) ?? picked, picked, 'every pick as tapped')
  for (const [i, city] of picked.entries()) {
    t.equal(state.map.tiles.find((x: { tile: string }) => x.tile === city).owner, snake[i], `${city} belongs to ${nameOf(snake[i]!)}`)
  }
  const ana = pages.get(table.players.ana!.tribeId)!
  await ana.goto(`${base}${turn}`)
  await ana.screenshot({ path: path.join(ARTIFACTS, 'draft3-7-running.png'), fullPage: true })
  t.same(problems, [], 'no script errors')
})
