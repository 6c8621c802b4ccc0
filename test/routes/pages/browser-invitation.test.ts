// An invitation followed in a real browser (#13): a logged-out newcomer in Mexico City, reading
// Spanish on a phone, opens the link, registers (the time zone field takes the browser's),
// lands back on the invitation and joins on a free weekday; the GM sees the tribe in the roster.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { axe, launchBrowser } from '../../helpers/browser.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('a logged-out newcomer follows an invitation link, registers, lands back on the invitation and joins', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday' })
  await app.prisma.campaign.update({ where: { id: table.id }, data: { name: 'Liga del Norte' } })
  const inv = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-MX', timezoneId: 'America/Mexico_City', bypassCSP: true })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))

  await page.goto(`${base}/invitations/${inv.body.token}`)
  t.match(await page.textContent('main'), /te invita a jugar en la campaña Liga del Norte/, 'who invites, to which campaign, in Spanish')
  t.match(await page.textContent('main'), /lunes\s*ocupado por ana/i, 'Monday is shown as taken')
  t.same(await axe(page), [], 'the landing page: no WCAG A/AA violation')
  await page.screenshot({ path: path.join(ARTIFACTS, 'invitation-1-landing-390.png'), fullPage: true })

  await page.click('main a[href^="/register?next="]')
  await page.waitForURL(/\/register\?next=/)
  t.equal(await page.inputValue('input[name="timeZone"]'), 'America/Mexico_City', "the time zone is the browser's")
  await page.fill('input[name="displayName"]', 'Dora')
  await page.fill('input[name="email"]', 'dora@example.com')
  await page.fill('input[name="password"]', 'correct horse battery')
  await page.selectOption('select[name="locale"]', 'es')
  await page.screenshot({ path: path.join(ARTIFACTS, 'invitation-2-register-390.png'), fullPage: true })
  await page.click('form button[type="submit"]')
  await page.waitForURL(`${base}/invitations/${inv.body.token}`)
  t.pass('registering lands back on the invitation')

  t.equal(await page.getAttribute('option[value="monday"]', 'disabled'), '', 'the taken weekday cannot be chosen')
  await page.fill('input[name="tribeName"]', 'Dorados')
  await page.selectOption('select[name="weekday"]', 'thursday')
  await page.screenshot({ path: path.join(ARTIFACTS, 'invitation-3-join-390.png'), fullPage: true })
  await page.click('form.card button[type="submit"]')
  await page.waitForURL(`${base}/campaigns/${table.id}`)
  const tribe = await app.prisma.tribe.findFirstOrThrow({ where: { campaignId: table.id, name: 'Dorados' } })
  t.equal(tribe.weekday, 'thursday', 'Dora joined on Thursday')
  const dora = await app.prisma.user.findUniqueOrThrow({ where: { email: 'dora@example.com' } })
  t.same([dora.timeZone, dora.locale], ['America/Mexico_City', 'es'], 'with her own zone and language')
  const roster = await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/roster`)
  t.ok(
    roster.body.tribes.some((x: { name: string; player: { displayName: string } | null }) => x.name === 'Dorados' && x.player?.displayName === 'Dora'),
    "the GM's roster shows her",
  )
  t.same(problems, [], 'no script error')
})
