// A campaign's life in a real browser (#13 must-show): the chronicle tells a battle and a trade
// in English and in Spanish; a paused campaign shows its banner; the GM's roster shows a window
// missed once the clock passes it; a stand-in plays inside the absence dates and is refused
// outside them; a finished campaign shows the winner and the ranking. Screenshots in
// test-artifacts/life-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { currentState, plantState } from '../../helpers/db.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('the chronicle, a pause, a missed window, a stand-in and the end, seen in the browser', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await app.prisma.campaign.update({ where: { id: table.id }, data: { weekLimit: 1, name: 'Liga del Norte' } })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  await app.prisma.user.update({ where: { id: ben.userId }, data: { locale: 'es' } })
  // A ben army of 1 next to ana's 3,3 (written into the state): ana attacks it.
  const state = (await currentState(app.pg, table.id)) as { armies: Record<string, unknown>; owners: (string | null)[] }
  state.armies['4,3'] = { tribe: ben.tribeId, troops: 1, mp: 2 }
  state.owners[23] = ben.tribeId // 4,3
  await plantState(app.pg, table.id, state)
  t.equal(
    (await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'move', from: '3,3', troops: 4, to: '4,3' } })).status,
    200,
    'ana attacks 4,3',
  )
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Paz', tribes: [ana.tribeId, ben.tribeId] })
  const proposal = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals`, {
    transfers: [{ from: ana.tribeId, to: ben.tribeId, tiles: ['2,1'] }],
  })
  await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals/${proposal.body.id}/accept`)
  t.equal(
    (await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals/${proposal.body.id}/ratify`)).status,
    200,
    'a trade ratified',
  )

  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const c = `/campaigns/${table.id}`
  const anaPage = await loggedIn(browser, base, await emailOf(ana.userId), `${c}/history`, { width: 390, locale: 'en-GB', problems })
  const benPage = await loggedIn(browser, base, await emailOf(ben.userId), `${c}/history`, { width: 390, locale: 'es-ES', problems })
  const gmPage = await loggedIn(
    browser,
    base,
    await emailOf((await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).createdById),
    `${c}/gm`,
    { width: 1366, locale: 'en-GB', problems },
  )

  const english = (await anaPage.locator('main table').textContent()) ?? ''
  t.match(english, /Battle at 4,3: ana \(4 ×1\) against ben \(1 ×1\); the die rolled \d+ \(#\d+\), \d+ against \d+: /, 'the battle with its dice, in English')
  t.match(english, /Trade: ana gives ben Highport\./, 'the trade, in English')
  const spanish = (await benPage.locator('main table').textContent()) ?? ''
  t.match(spanish, /Batalla en 4,3: ana \(4 ×1\) contra ben \(1 ×1\); el dado sacó \d+ \(#\d+\), \d+ contra \d+: /, 'and in Spanish')
  t.match(spanish, /Intercambio: ana da a ben Puertoalto\./)
  await benPage.screenshot({ path: path.join(ARTIFACTS, 'life-1-chronicle-es-390.png'), fullPage: true })

  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200)
  await anaPage.goto(`${base}${c}/turn`)
  t.match((await anaPage.locator('.banner.paused').textContent()) ?? '', /Paused by the game master/, 'the paused banner')
  t.equal(await anaPage.locator('.countdown').count(), 0, 'no countdown while paused')
  t.same(await axe(anaPage), [], 'no WCAG A/AA violation on the paused turn page')
  await anaPage.screenshot({ path: path.join(ARTIFACTS, 'life-2-paused-390.png'), fullPage: true })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)).status, 200)

  await setClock(app, '2026-12-03T09:00:00Z') // Thursday: ben let Wednesday's window pass
  await gmPage.goto(`${base}${c}/gm`)
  const benRow = gmPage.locator('table tbody tr', { hasText: 'ben-' }).first()
  t.match((await benRow.textContent()) ?? '', /Wednesday\s*1\s*never/, "the roster shows ben's missed window")
  await gmPage.screenshot({ path: path.join(ARTIFACTS, 'life-3-roster-1366.png'), fullPage: true })

  const absence = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/absences`, { from: '2026-12-07', to: '2026-12-07' })
  const sam = await register(app, 'sam@example.com')
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/absences/${absence.body.id}/stand-in`, { email: 'sam@example.com' })).status, 200)
  // Without JavaScript: the plain forms, as every page offers them.
  const samPage = await loggedIn(browser, base, 'sam@example.com', '/campaigns', { width: 390, locale: 'en-GB', problems, javaScript: false })
  const outside = await samPage.goto(`${base}${c}/turn`)
  t.equal(outside?.status(), 404, 'Thursday: outside the absence, sam has no way in')
  await setClock(app, '2026-12-07T09:00:00Z') // Monday 7 December: ana is away
  // The stand-in's path (#30): the campaign is in his list on the day, a banner says whose tribe he plays.
  await samPage.goto(`${base}/campaigns`)
  const listed = samPage.locator(`main a[href="${c}"]`)
  t.equal(await listed.count(), 1, 'on the absence day the campaign is in sam’s list')
  await Promise.all([samPage.waitForURL(`${base}${c}`), listed.click()])
  t.match((await samPage.locator('.banner.notice').textContent()) ?? '', /stand/i, 'a banner says he stands in')
  await samPage.goto(`${base}${c}/turn`)
  await samPage.locator('#form-recruit input[name="city"]').fill('3,3')
  await samPage.locator('#form-recruit input[name="troops"]').fill('1')
  await samPage.locator('#form-recruit button[type="submit"]').click()
  await samPage.locator('#results').waitFor()
  await samPage.screenshot({ path: path.join(ARTIFACTS, 'life-4-stand-in-390.png'), fullPage: true })
  const byStandIn = await app.prisma.campaignEvent.findFirst({ where: { campaignId: table.id, type: 'order.stand_in' } })
  t.match(byStandIn?.payload, { tribe: ana.tribeId, by: sam.user.id }, 'sam recruited for ana inside the dates, logged as his')
  // An opponent reads the history: no word of ana's absence nor of its stand-in (#30).
  await benPage.goto(`${base}${c}/history`)
  const opponentSees = (await benPage.locator('main table').innerText()).toLowerCase()
  t.notMatch(opponentSees, /ausen|sustitu|\bsam\b/, 'ben sees no absence and no stand-in in the history (its events, not the tabs)')
  await setClock(app, '2026-12-08T09:00:00Z')
  t.equal((await samPage.goto(`${base}${c}/turn`))?.status(), 404, 'the day after, refused again')

  await setClock(app, '2026-12-14T09:00:00Z') // past week 1's tick: the end (the draft's week is not counted, R2.6)
  await anaPage.goto(`${base}${c}`)
  t.match((await anaPage.locator('.banner.finished').textContent()) ?? '', /This campaign is over/)
  const ranking = (await anaPage.locator('#ranking').textContent()) ?? ''
  t.match(ranking, /Winner:\s*(ana|ben)/, 'the winner')
  t.match(ranking, /(ana[^]*ben|ben[^]*ana)/, 'and every tribe ranked')
  t.same(await axe(anaPage), [], 'no WCAG A/AA violation on the finished overview')
  await anaPage.screenshot({ path: path.join(ARTIFACTS, 'life-5-finished-390.png'), fullPage: true })
  t.same(problems, [], 'no script errors')
})
