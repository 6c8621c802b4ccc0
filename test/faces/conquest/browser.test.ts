// One world-conquest turn played by tapping at 390 px (#17): the setup list, then in round 1 an
// attack (no target preselected, each with its odds, #27) and a build chosen from the engine's options, the world map screenshot, the overview and
// the economy; Spanish on a desktop; axe-core on each page. Screenshots: test-artifacts/conquest-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { NEIGHBOURS } from '../../../src/engine/games/conquest/world.ts'
import { battleOdds } from '../../../src/engine/games/conquest/index.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

interface Territory {
  id: string
  troops: number
  ready: number
  wall: number
  guards: number
  stock: { tank: number }
}

t.test('G1.13 G6.1 G4.7 a conquest turn by tapping on a phone, with the world map', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cai: 'friday' }, { ruleset: 'conquest' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).status, 200)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const ana = table.players.ana!
  const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
  const turn = `/campaigns/${table.id}/turn`
  const page = await loggedIn(browser, base, email, turn, { width: 390, locale: 'en-GB', problems })

  // Setup (G1.13): the list, typed on the phone.
  const state = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  const mine = state.territories.filter((x: { owner: string }) => x.owner === ana.tribeId).map((x: { id: string }) => x.id) as string[]
  // The deal is random: the list's first territory is one with an enemy next to it, so that it can attack.
  const front = mine.find((id) => [...NEIGHBOURS.get(id)!].some((n) => !mine.includes(n)))!
  const second = mine.find((id) => id !== front)!
  t.match(await page.locator('main').textContent(), /Where your starting troops go/)
  t.match(await page.locator('#objective-h + p').textContent(), /^O\d+: /, 'her secret objective is shown to her')
  // #27: the list built by tapping her territories, in order; a third tap sends it.
  const chip = (id: string) => page.locator(`.list-picker button.chip[data-territory="${id}"]`)
  await chip(front).tap()
  await chip(second).tap()
  t.equal(await page.locator('input[name="list"]').inputValue(), `${front} ${second}`, 'two taps write the list, in the order tapped')
  t.same([await chip(front).getAttribute('aria-pressed'), await chip(second).getAttribute('aria-pressed')], ['true', 'true'], 'and show as chosen')
  await chip(second).tap()
  t.equal(await page.locator('input[name="list"]').inputValue(), front, 'a second tap takes one out')
  await chip(second).tap()
  await page.locator('.list-picker').screenshot({ path: path.join(ARTIFACTS, 'conquest-0-list-by-tapping-390.png') })
  await page.locator('form:has(input[name="list"]) button[type="submit"]').tap()
  await page.locator('#results [role="status"]').waitFor()
  t.match(await page.locator('#results').textContent(), new RegExp(`Reinforcement list: ${front}, ${second}`))
  t.same(await axe(page), [], 'no WCAG A/AA violation on the setup turn page')
  await page.screenshot({ path: path.join(ARTIFACTS, 'conquest-1-setup-390.png'), fullPage: true })

  // Round 1, Monday: ana's window is open.
  await setClock(app, '2026-12-07T09:00:00Z')
  await page.goto(`${base}${turn}`)
  // #27: the map comes first; a tap on a territory that can act opens its orders in a sheet over the map.
  const onMap = (id: string) => page.locator(`figure.turn-map g.territory[data-territory="${id}"]`)
  await onMap(front).scrollIntoViewIfNeeded()
  await onMap(front).tap()
  const sheet = page.locator('#c-sheet')
  const card = sheet.locator(`details#t-${front}`)
  await card.waitFor()
  t.equal(await card.getAttribute('open'), '', "one tap on the map opens the territory's orders in the sheet")
  t.equal(await page.evaluate("getComputedStyle(document.querySelector('#c-sheet')).position"), 'fixed', 'a sheet fixed over the map on a phone')
  const attack = card.locator('form[data-order="attack"]')
  t.equal(await attack.locator('select[name="to"]').inputValue(), '', 'no target is chosen for her (#27)')
  const target = (await attack.locator('select[name="to"] option:not([value=""])').first().getAttribute('value'))!
  // The odds beside each target are the engine's G6.3 distribution for every troop that may leave.
  const now = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.territories as Territory[]
  const [from, to] = [now.find((x) => x.id === front)!, now.find((x) => x.id === target)!]
  const most = Math.min(from.ready, from.troops - 1)
  const odds = battleOdds({ attackers: most, defenders: to.troops, tank: from.stock.tank >= 1, wall: to.wall, guards: to.guards })
  const percent = new Intl.NumberFormat('en-GB', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const shown = attack.locator(`details.odds[data-target="${target}"]`)
  t.match(
    await shown.locator('summary').textContent(),
    `${percent.format(odds.win)} to take it with all ${most}`,
    'the chance to take it, as the engine computes it',
  )
  await shown.locator('summary').tap()
  t.equal(await shown.locator('ul.outcomes li').count(), odds.taken.filter((p) => p > 0).length + odds.held.filter((p) => p > 0).length, 'every outcome listed')
  t.match(await shown.locator('ul.outcomes li').first().textContent(), `you take it with ${most} left: ${percent.format(odds.taken[most]!)}`, 'the best first')
  t.same(await axe(page), [], 'no WCAG A/AA violation with the odds open')
  await shown.scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(ARTIFACTS, 'conquest-2-odds-390.png') })
  // The target is the second tap, on the map; the third sends the attack, with no scroll.
  t.match(await onMap(target).getAttribute('class'), /\btarget\b/, 'the targets are marked on the map')
  const sheetTop = (await sheet.boundingBox())!.y
  const screenBox = async (locator: ReturnType<typeof page.locator>, bottom = 844) => {
    const box = await locator.boundingBox()
    return !!box && box.y >= 0 && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= bottom
  }
  // Alaska and Siberia, a world apart on the map, are each also drawn past the other's edge: the target
  // may be tapped there.
  const seen: ReturnType<typeof page.locator>[] = []
  for (const box of await page.locator(`figure.turn-map g.target[data-territory="${target}"]`).all()) if (await screenBox(box, sheetTop)) seen.push(box)
  t.ok(seen.length, 'the target is on screen, above the sheet, with no scroll')
  await (seen[0] ?? onMap(target)).tap()
  t.equal(await attack.locator('select[name="to"]').inputValue(), target, 'a tap on the map chooses the target')
  t.equal(await shown.getAttribute('open'), '', 'and opens its odds')
  const send = attack.locator('button[type="submit"]')
  t.ok(await screenBox(send), 'the attack button is on screen')
  await page.screenshot({ path: path.join(ARTIFACTS, 'conquest-2b-sheet-390.png') })
  await send.tap()
  await sheet.locator('.answer').waitFor()
  t.match(await sheet.locator('.answer').textContent(), new RegExp(`Battle ${front} → ${target}`), 'the answer is in the sheet: 3 taps in all')
  const told = await page.locator('#results').textContent()
  t.match(told, new RegExp(`Battle ${front} → ${target}: (conquered|repelled)`), 'the battle is told')
  t.match(told, /Round 1: ana threw [1-6]( [1-6])*.*, .* threw [1-6]( [1-6])*.*; ana lost \d, .* lost \d\./, "each round's dice, side by side, with the losses")
  await page.screenshot({ path: path.join(ARTIFACTS, 'conquest-2-attack-390.png'), fullPage: true })
  const worldMap = page.locator('svg.world')
  t.equal(await worldMap.locator('g.territory').count(), 42, 'the world map draws 42 territories')
  await worldMap.screenshot({ path: path.join(ARTIFACTS, 'conquest-3-world-map-390.png') })

  // A build from the options (G4.7): 3 Básicos in stock, gather 1 more, build a troop with another ready troop.
  const at = second
  const builder = page.locator(`details#t-${at}`)
  if ((await builder.getAttribute('open')) === null) await builder.locator(':scope > summary').tap()
  await builder.locator('form[aria-label^="Gather"] select').selectOption('1')
  await builder.locator('form[aria-label^="Gather"] button').tap()
  await page.locator('#results [role="status"]').waitFor()
  const again = page.locator(`details#t-${at}`)
  if ((await again.getAttribute('open')) === null) await again.locator(':scope > summary').tap()
  await again.locator('form[aria-label^="Build"] select').selectOption('troop')
  await again.locator('form[aria-label^="Build"] button').tap()
  await page.locator('#results [role="status"]').waitFor()
  t.match(await page.locator('#results').textContent(), new RegExp(`Build ${at}: 1 × Troop`), 'a troop built where it was gathered for')
  t.same(await axe(page), [], 'no WCAG A/AA violation on the open window')
  await page.locator('form:has(input[value="endTurn"]) button').tap()
  await page.locator('#results [role="status"]').waitFor()
  t.match(await page.locator('#results').textContent(), /Your turn is over/)

  for (const [tab, file] of [
    ['', 'overview'],
    ['/pools', 'economy'],
    ['/history', 'history'],
    ['/dice', 'dice'],
  ] as const) {
    await page.goto(`${base}/campaigns/${table.id}${tab}`)
    t.equal(await page.locator('svg.world, table').first().isVisible(), true, `the ${file} page shows`)
    t.same(await axe(page), [], `no WCAG A/AA violation on the ${file}`)
    await page.screenshot({ path: path.join(ARTIFACTS, `conquest-4-${file}-390.png`), fullPage: true })
  }
  const desk = await loggedIn(browser, base, email, `/campaigns/${table.id}?lang=es`, { width: 1366, locale: 'es-ES', problems })
  t.match(await desk.locator('main').textContent(), /Los objetivos/)
  await desk.screenshot({ path: path.join(ARTIFACTS, 'conquest-5-overview-es-1366.png'), fullPage: true })
  await desk.goto(`${base}/rules/conquest?lang=es`)
  t.equal(await desk.locator('li#G6\\.3').count(), 1, 'the rule book has an anchor per G rule')
  t.same(problems, [], 'no script errors')
})
