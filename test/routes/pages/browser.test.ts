// The pages in a real browser: a Chromium (test/helpers/browser.ts) driven by playwright-core.
// Screenshots go to test-artifacts/ (kept by CI, ignored by git).
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { launchBrowser } from '../../helpers/browser.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('a player logs in, reads the map and pools, recruits and moves through the forms, meets a rule error and talks in a scene', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid: ana's window is open
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, {
    title: 'Border talks',
    tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId],
  })
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } })).email
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

  const { browser, via } = await launchBrowser()
  t.comment(`browser: ${via}`)
  t.teardown(() => browser.close())
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  // The rule error page is a 422 on purpose; anything else logged as an error is a problem.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 422/.test(m.text())) problems.push(m.text())
  })
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })

  await page.goto(`${base}/campaigns/${table.id}`)
  t.match(page.url(), /\/login\?next=/, 'a private campaign asks for a login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(`${base}/campaigns/${table.id}`)
  t.equal(await page.locator('svg.map g.tile').count(), 162, 'the map of coast-3, every tile')
  t.equal(await page.locator('svg.map g[data-tile="2,1"] text.troops').textContent(), '5', "ana's garrison on the map")
  await shot('1-campaign-map')

  await page.getByRole('link', { name: 'Resource pools' }).click()
  t.ok(await page.getByRole('heading', { name: "Next payout from today's map" }).isVisible())
  await shot('2-pools')

  await page.getByRole('link', { name: 'My turn' }).click()
  t.match(
    (await page.locator('.countdown').textContent()) ?? '',
    /\((10h 00m 00s|9h 5\dm \d\ds)\)/,
    "the countdown runs from the server's clock: 10 h to 20:00",
  )
  // With the map to tap, the forms are folded away; a player who prefers them opens them.
  await page.getByText('Every order as a form').click()
  const recruit = page.locator('#form-recruit')
  await recruit.getByLabel('City').click()
  await page.locator('svg.map g[data-tile="2,1"]').click() // the map fills the field
  t.equal(await recruit.getByLabel('City').inputValue(), '2,1')
  await recruit.getByLabel('Troops').fill('1')
  await recruit.getByRole('button', { name: 'Send' }).click()
  await page.waitForLoadState()
  t.match((await page.locator('#results').textContent()) ?? '', /ana recruited 1 troop at Highport for 10\./, 'the recruit happened')

  const move = page.locator('#form-move')
  await move.getByLabel('From').fill('2,1')
  await move.getByLabel('To', { exact: true }).fill('3,1')
  await move.getByLabel('Troops').fill('2')
  await move.getByRole('button', { name: 'Send' }).click()
  await page.waitForLoadState()
  t.match((await page.locator('#results').textContent()) ?? '', /ana moved 2 troops from Highport to 3,1\./)

  const again = page.locator('#form-recruit')
  await again.getByLabel('City').fill('2,1')
  await again.getByLabel('Troops').fill('1')
  await again.getByRole('button', { name: 'Send' }).click()
  await page.waitForLoadState()
  const alert = page.locator('#form-recruit [role="alert"]')
  t.match((await alert.textContent()) ?? '', /\(R5\.5\)[\s\S]*recruit\/after_actions/, 'the rule error beside its form, its code folded after it')
  await shot('3-turn-rule-error')

  await page.getByRole('link', { name: 'Diplomacy' }).click()
  await page.getByRole('link', { name: 'Border talks' }).click()
  await page.getByRole('textbox', { name: 'Message' }).fill('Shall we share the coast?')
  await page.getByRole('button', { name: 'Say' }).click()
  await page.waitForLoadState()
  t.match((await page.locator('ol.thread').textContent()) ?? '', /Shall we share the coast\?/)
  await shot('4-scene')

  await page.getByRole('link', { name: 'Dice' }).click()
  const draw = page.locator('.dice-week', { hasText: 'Week 0' })
  await draw.getByRole('button', { name: 'Verify in this browser' }).click()
  await draw.locator('.verdict[data-ok]').waitFor()
  t.equal(await draw.locator('.verdict').getAttribute('data-ok'), 'true', 'the draft seed matches its commitment, checked with WebCrypto')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${base}/campaigns/${table.id}/turn`)
  // A string, so the test's TypeScript needs no DOM types.
  const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number
  t.ok(overflow <= 1, `readable at phone width (horizontal overflow ${overflow}px)`)
  await shot('5-turn-phone')
  t.same(problems, [], 'no script errors in the browser')
})
