// The draft in a real browser (R3.2): on a 390 px phone, in Spanish, the
// player on the clock taps a free city on the map, confirms, and the pick is
// made; the keyboard alone does it too; axe-core finds no WCAG A/AA problem.
// Screenshots at 390 and 1366 px go to test-artifacts/.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser } from '../../helpers/browser.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('R3.2 the draft by tapping the map at 390 px in Spanish, and by keyboard at 1366 px in English', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const order = (await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).body.order as string[]
  const first = Object.values(table.players).find((p) => p.tribeId === order[0])!
  const second = Object.values(table.players).find((p) => p.tribeId === order[1])!
  const emailOf = async (userId: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email
  await app.prisma.user.update({ where: { id: first.userId }, data: { locale: 'es' } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

  const { browser, via } = await launchBrowser()
  t.comment(`browser: ${via}`)
  t.teardown(() => browser.close())
  const problems: string[] = []
  const login = async (email: string, width: number, locale: string) => {
    // bypassCSP: only so that the test may inject axe-core; the pages' own CSP stays on for everyone else.
    const page = await browser.newPage({ viewport: { width, height: 844 }, locale, bypassCSP: true })
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(`${base}/login?next=/campaigns/${table.id}/turn`)
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="password"]').fill('correct horse battery')
    await page.locator('form button[type="submit"]').last().click()
    await page.waitForURL(`${base}/campaigns/${table.id}/turn`)
    return page
  }

  const phone = await login(await emailOf(first.userId), 390, 'es-ES')
  t.match((await phone.locator('#draft-h').textContent()) ?? '', /El reparto de ciudades/)
  t.match((await phone.locator('p.meta').textContent()) ?? '', /Estado: reparto inicial/, 'the campaign status in Spanish, not its code')
  t.same(await axe(phone), [], 'no WCAG A/AA violation on the draft panel')
  const city = (await phone.locator('#draft-pick input[name="city"]').first().getAttribute('value'))!
  await phone.locator(`svg.map g[data-tile="${city}"]`).click()
  t.ok(await phone.locator(`#draft-pick input[value="${city}"]`).isChecked(), 'a tap on a free city chooses it')
  const overflow = (await phone.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number
  t.ok(overflow <= 1, `readable at phone width (horizontal overflow ${overflow}px)`)
  const box = await phone.locator('#draft-pick .choice').first().boundingBox()
  t.ok(box && box.height >= 44, 'each city choice is a tap target of at least 44 px')
  await phone.screenshot({ path: path.join(ARTIFACTS, 'draft-390-es.png'), fullPage: true })
  await phone.getByRole('button', { name: 'Elegir esta ciudad' }).click()
  // The answer to the form: a new page with the pick among its results.
  await phone.locator('#results').waitFor()
  t.notOk(await phone.locator('#draft-pick').count(), 'the pick passed on')
  t.equal((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.draft.picks[0].city, city, 'the pick is stored')

  const desk = await login(await emailOf(second.userId), 1366, 'en-GB')
  t.match((await desk.locator('#draft-h').textContent()) ?? '', /The draft/)
  // Keyboard only: tab to the first city choice, pick it with the space bar, confirm with Enter.
  const firstChoice = desk.locator('#draft-pick input[name="city"]').first()
  const value = await firstChoice.getAttribute('value')
  const focused = () => desk.evaluate(`document.activeElement && document.activeElement.name === 'city' ? document.activeElement.value : null`)
  for (let i = 0; i < 60 && (await focused()) !== value; i++) await desk.keyboard.press('Tab')
  await desk.keyboard.press('Space')
  t.ok(await firstChoice.isChecked(), 'chosen with the keyboard')
  await desk.screenshot({ path: path.join(ARTIFACTS, 'draft-1366-en.png'), fullPage: true })
  await desk.keyboard.press('Enter')
  await desk.locator('#results').waitFor()
  t.equal((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.draft.picks[1].city, value, 'picked with the keyboard')
  t.same(problems, [], 'no script errors in the browser')
})
