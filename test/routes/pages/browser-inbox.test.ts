// The GM's inbox (#30) as a GM sees it on a phone, in Spanish, and at 1366 px in English:
// what waits for them tops /campaigns and the console, each line a link to where it is dealt
// with, reachable by keyboard; axe-core finds no WCAG A/AA problem. Screenshots:
// test-artifacts/inbox-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('the inbox tops the GM’s pages, in both languages, at 390 and 1366 px, by keyboard', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'], ben: ['5,5', '5,7'] })
  const ana = table.players.ana!
  const ben = table.players.ben!
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'El tratado de la bahía', tribes: [ana.tribeId, ben.tribeId] })
  const url = `/api/campaigns/${table.id}/scenes/${scene.body.id}`
  const p = await call(app, ana.token, 'POST', `${url}/proposals`, { transfers: [{ from: ben.tribeId, to: ana.tribeId, tiles: ['5,5'] }] })
  t.equal((await call(app, ben.token, 'POST', `${url}/proposals/${p.body.id}/accept`)).body.status, 'accepted')
  t.equal((await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/absences`, { from: '2026-12-07', to: '2026-12-08' })).status, 201)
  await setClock(app, '2026-12-03T09:00:00Z') // both windows of the week passed with no order
  const gmId = (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId
  const gm = await app.prisma.user.update({ where: { id: gmId }, data: { locale: 'es' } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []

  const phone = await loggedIn(browser, base, gm.email, '/campaigns', { width: 390, locale: 'es-ES', problems })
  const inbox = phone.locator('section.inbox')
  t.equal(await inbox.locator('h2').textContent(), 'Te esperan')
  const lines = await inbox.locator('li').allTextContents()
  t.same(
    lines.sort(),
    [
      'Un intercambio en «El tratado de la bahía» espera que lo ratifiques o lo rechaces',
      'ana no estará del 7 de diciembre al 8 de diciembre y no tiene sustituto',
      'ana no jugó su turno esta semana',
      'ben no jugó su turno esta semana',
    ].sort(),
    'every item, in Spanish, dates in words',
  )
  t.same(await axe(phone), [], 'no WCAG A/AA violation on /campaigns with the inbox at 390 px')
  await phone.screenshot({ path: path.join(ARTIFACTS, 'inbox-0-campaigns-390-es.png'), fullPage: true })
  // By keyboard: the first link of the inbox is reached with Tab and opens its page with Enter.
  const first = inbox.locator('a').first()
  const href = (await first.getAttribute('href'))!
  const focused = () => phone.evaluate(`document.activeElement && document.activeElement.getAttribute('href')`)
  for (let i = 0; i < 20 && (await focused()) !== href; i++) await phone.keyboard.press('Tab')
  t.equal(await focused(), href, 'reached by Tab')
  await Promise.all([phone.waitForURL(`${base}${href}`), phone.keyboard.press('Enter')])
  t.pass(`Enter on the first line opens ${href}`)

  await app.prisma.user.update({ where: { id: gmId }, data: { locale: 'en' } })
  const desk = await loggedIn(browser, base, gm.email, `/campaigns/${table.id}/gm`, { width: 1366, locale: 'en-GB', problems })
  t.match(
    (await desk.locator('section.inbox').textContent()) ?? '',
    /A trade in “El tratado de la bahía” waits for you to ratify or reject it/,
    'on the console, in English',
  )
  t.same(await axe(desk), [], 'no WCAG A/AA violation on the console at 1366 px')
  await desk.screenshot({ path: path.join(ARTIFACTS, 'inbox-1-console-1366-en.png'), fullPage: true })
  t.same(problems, [], 'no script error')
})
