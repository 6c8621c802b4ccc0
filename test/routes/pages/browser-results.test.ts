// A finished campaign's results in a real browser (#30): a player reads them on a phone in
// Spanish, the GM on a laptop in English, both axe-clean; the chart fits the phone; the GM's
// keyboard reaches the rematch button, and pressing it sets the rematch up. Screenshots in
// test-artifacts/results-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { playToTheEnd } from '../../helpers/endings.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('the results page on a phone in Spanish and a laptop in English; the rematch by keyboard', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' }, { weekLimit: 3 })
  await app.prisma.campaign.update({ where: { id: table.id }, data: { name: 'Liga del Norte' } })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [{ type: 'move', from: '2,1', troops: 2, to: '3,1' }] })
  const end = await playToTheEnd(app, table)
  t.equal(end.status, 'finished')

  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const c = `/campaigns/${table.id}`

  // ben, on a phone, in Spanish.
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es' } })
  const ben = await loggedIn(browser, base, await emailOf(table.players.ben!.userId), c, { width: 390, locale: 'es-ES', problems })
  await ben.getByRole('link', { name: 'Ver los resultados' }).click()
  await ben.waitForURL(`${base}${c}/results`)
  t.equal(await ben.locator('h2#results-h').textContent(), 'Resultados')
  t.equal(await ben.locator('svg[role="img"] polyline').count(), 3, 'one line a tribe')
  t.match(await ben.locator('.audit.ok').textContent(), /Verificado\./)
  t.equal(await ben.locator('form[action$="/rematch"]').count(), 0, 'a player has no rematch')
  const svgWidth = (await ben.locator('.chart > svg').boundingBox())?.width ?? 0
  t.ok(svgWidth > 300 && svgWidth <= 390, `the chart fits the phone (${svgWidth} px)`)
  t.ok(await ben.evaluate('document.documentElement.scrollWidth <= 390'), 'no sideways scroll of the page')
  await ben.locator('details summary').click()
  t.equal(await ben.locator('details table tbody tr').count(), 3, 'the table alternative, one row a tribe')
  t.same(await axe(ben), [], 'axe: no WCAG A/AA violation (390 px, Spanish)')
  await ben.screenshot({ path: path.join(ARTIFACTS, 'results-390-es.png'), fullPage: true })

  // The GM, on a laptop, in English: the keyboard reaches the rematch.
  const gmId = (await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).createdById
  const gm = await loggedIn(browser, base, await emailOf(gmId), `${c}/results`, { width: 1366, locale: 'en-GB', problems })
  t.equal(await gm.locator('h2#results-h').textContent(), 'Results')
  t.same(await axe(gm), [], 'axe: no WCAG A/AA violation (1366 px, English)')
  await gm.screenshot({ path: path.join(ARTIFACTS, 'results-1366-en.png'), fullPage: true })
  let reached = false
  for (let i = 0; i < 60 && !reached; i++) {
    await gm.keyboard.press('Tab')
    reached = (await gm.evaluate(
      `document.activeElement?.tagName === 'BUTTON' && document.activeElement.textContent === 'Rematch with the same group'`,
    )) as boolean
  }
  t.ok(reached, 'Tab reaches the rematch button')
  await gm.keyboard.press('Enter')
  await gm.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/gm\?notice=rematch_created$/)
  t.match(await gm.locator('main').textContent(), /The rematch is set up/)
  const rematch = await app.prisma.campaign.findFirstOrThrow({ where: { name: 'Liga del Norte', status: 'setup' } })
  t.equal(await app.prisma.invitation.count({ where: { campaignId: rematch.id } }), 3, 'the three players invited')
  await gm.screenshot({ path: path.join(ARTIFACTS, 'results-rematch-1366-en.png'), fullPage: true })
  t.same(problems, [], 'no script error')
})
