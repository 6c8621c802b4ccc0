// Three weeks of play in a real browser (#12): without JavaScript the forms give
// the orders (a move along a chosen path included) and the map still draws them;
// in week 2 an attack is given by tapping, with its odds (#27), its dice and its arrow; in
// week 3 a ship is built, boarded and sailed by tapping. Screenshots of each step
// go to test-artifacts/weeks-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, mondayGame, setClock } from '../../helpers/campaign.ts'
import { groupedOutcomes, rollOutcomes } from '../../../src/engine/games/weekday/index.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('R5–R10 orders through the forms without JavaScript, then an attack, a ship built, boarded and sailed by tapping', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const { app, table } = await mondayGame(t)
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const turn = `/campaigns/${table.id}/turn`
  const state = async () => (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  const ownerOf = async (tile: string) => (await state()).map.tiles.find((x: { tile: string }) => x.tile === tile).owner as string | null
  const order = async (token: string, o: Record<string, unknown>) => {
    const r = await call(app, token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [o] })
    if (r.status !== 200) throw new Error(`order ${JSON.stringify(o)}: ${JSON.stringify(r.body)}`)
  }
  const { browser, via } = await launchBrowser()
  t.comment(`browser: ${via}`)
  t.teardown(() => browser.close())
  const problems: string[] = []
  const shot = async (page: Page, name: string) => {
    await page
      .locator('#map-panel:not([hidden])')
      .first()
      .scrollIntoViewIfNeeded()
      .catch(() => undefined)
    await page.screenshot({ path: path.join(ARTIFACTS, `weeks-${name}.png`) })
  }
  const tile = (page: Page, key: string) => page.locator(`svg.map g.tile[data-tile="${key}"]`)
  // Right after an answer the page redraws its map from it: the boxes are read once it is drawn again.
  const boxes = async (page: Page, key: string) => {
    for (let tries = 0; ; tries++) {
      await tile(page, key).locator('polygon').waitFor({ state: 'visible' })
      const [map, box] = [await page.locator('svg.map').boundingBox(), await tile(page, key).locator('polygon').boundingBox()]
      if (map && box) return { map, box }
      if (tries === 50) throw new Error(`the map or tile ${key} has no box`)
      await page.waitForTimeout(100)
    }
  }
  const tap = async (page: Page, key: string) => {
    const { map, box } = await boxes(page, key)
    const [cx, cy] = [map.x + map.width / 2, map.y + map.height / 2]
    const [dx, dy] = [box.x + box.width / 2 - cx, box.y + box.height / 2 - cy]
    if (Math.abs(dx) > map.width / 3 || Math.abs(dy) > map.height / 3) {
      await page.mouse.move(cx, cy)
      await page.mouse.down()
      await page.mouse.move(cx - dx, cy - dy, { steps: 8 })
      await page.mouse.up()
    }
    await tile(page, key).click()
  }
  const send = async (page: Page, how: () => Promise<void> = () => page.locator('#map-panel form.confirm button[type="submit"]').click()) => {
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(turn))
    await how()
    const status = (await answered).status()
    await page.locator('#map-panel:not([hidden]) p').first().waitFor()
    return status
  }

  // Week 1, Monday: ana joins her lands by the API (2,1 and 3,3 become one territory).
  await order(ana.token, { type: 'move', from: '2,1', troops: 3, path: ['2,2', '2,3'] })
  await order(ana.token, { type: 'move', from: '3,3', troops: 4, path: ['4,3', '4,4'] })

  // Week 1, Wednesday: ben, with JavaScript off, uses the forms.
  await setClock(app, '2026-12-02T09:00:00Z')
  const plain = await loggedIn(browser, base, await emailOf(ben.userId), turn, { width: 1366, locale: 'en-GB', javaScript: false, problems })
  t.ok(await plain.locator('#form-move').isVisible(), 'without JavaScript the forms are open')
  t.equal(await plain.locator('#turn-data').count(), 1, 'the options are in the page, unused')
  await plain.locator('#form-recruit input[name="city"]').fill('-1,5')
  await plain.locator('#form-recruit input[name="troops"]').fill('1')
  await plain.locator('#form-recruit button[type="submit"]').click()
  await plain.locator('#results').waitFor()
  const move = plain.locator('#form-move')
  await move.locator('input[name="from"]').fill('-1,5')
  await move.locator('input[name="to"]').fill('0,3')
  await move.locator('input[name="via"]').fill('-1,4')
  await move.locator('input[name="troops"]').fill('3')
  await move.locator('button[type="submit"]').click()
  await plain.locator('#results').waitFor()
  t.match(await plain.locator('#results').textContent(), /ben moved 3 troops from Saltcove to 0,3\. Claimed: -1,4, 0,3\./, "the form's move happened")
  t.equal(await ownerOf('-1,4'), ben.tribeId, 'along the path typed: -1,4 claimed')
  t.equal(await plain.locator('svg.map g.arrow-move').count(), 1, 'the server draws the move without any script')
  await plain.screenshot({ path: path.join(ARTIFACTS, 'weeks-1-forms-nojs-1366-en.png'), fullPage: true })

  // Week 2, Monday: ana attacks the neutral city 5,5 by tapping, on her phone, in Spanish.
  await setClock(app, '2026-12-07T09:00:00Z')
  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'es' } })
  const phone = await loggedIn(browser, base, await emailOf(ana.userId), turn, { width: 390, locale: 'es-ES', problems })
  await tap(phone, '4,4')
  t.match(await tile(phone, '5,5').getAttribute('class'), /\bopt-attack\b/, 'the neutral city is marked as an attack')
  await tap(phone, '5,5')
  // #27: the odds before the attack. 4 against 5 in a city (R8.2: A = d4 + 4 against D = 12) cannot win.
  const offered = phone.locator('#map-panel button.act').first()
  t.match(await offered.getAttribute('class'), /\bact-hopeless\b/, 'an attack no roll can win is greyed')
  t.match(await offered.textContent(), /no gana con ninguna tirada/, 'and says so')
  await offered.click()
  t.match(await phone.locator('#map-panel .sentence').textContent(), /Atacar Conchas con 4 de 4 desde 4,4/)
  const told = (n: number) =>
    groupedOutcomes(rollOutcomes(n, { defenders: 5, a: 1, d: 2 })).map((g) => {
      const rolls = g.rolls.length > 1 ? `${g.rolls[0]}–${g.rolls[g.rolls.length - 1]}` : `${g.rolls[0]}`
      const left = g.fewest === g.most ? `${g.most}` : `${g.fewest}–${g.most}`
      return `Si sale ${rolls}: ${g.result === 'attacker' ? `la tomas y te quedan ${left}` : g.result === 'defender' ? `resisten y les quedan ${left}` : 'caen todos; nada cambia de manos'}`
    })
  t.same(await phone.locator('#map-panel ul.odds li').allTextContents(), told(4), "the four rolls, as the engine's R8.3 gives them")
  await phone.locator('#map-panel input[name="troops"]').fill('1')
  t.same(await phone.locator('#map-panel ul.odds li').allTextContents(), told(1), 'and again for 1 troop')
  await phone.locator('#map-panel input[name="troops"]').fill('4')
  await shot(phone, '2-attack-confirm-390-es')
  t.equal(await send(phone), 200)
  const combat = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/events?after=0&limit=500`)).body.events.findLast(
    (e: { type: string }) => e.type === 'combat',
  ).payload
  t.match(
    await phone.locator('#results').textContent(),
    new RegExp(`Batalla en Conchas: ana \\(4 ×1\\) contra los neutrales \\(5 ×2\\); el dado sacó ${combat.roll} \\(#${combat.counter}\\)`),
    "the battle's die is shown with its counter",
  )
  const attack = phone.locator('svg.map g.arrow-attack')
  t.equal(await attack.count(), 1, 'the attack is drawn')
  t.match(
    await attack.locator('text.arrow-result').textContent(),
    combat.result === 'attacker' ? '✓' : combat.result === 'defender' ? '✗' : '=',
    'with its result as a sign',
  )
  await shot(phone, '3-attack-done-390-es')

  t.match(await phone.locator('#results').textContent(), /: (ganan los atacantes|resisten los defensores|empate, caen ambos bandos)\./, 'who won, in Spanish')

  // A later Monday, once her pool holds the 50 a ship costs (R5.6): a ship built at 2,1, boarded and sailed, at 1366 px in English.
  let monday = Date.parse('2026-12-14T09:00:00Z')
  // Until then she grows her land (10 per city and 2 per tile in one territory, R6.2): each army claims what it can.
  type Move = { to: string; path: string[]; maxTroops: number; effect: string; claims: string[] }
  for (; ; monday += 7 * 86_400_000) {
    await setClock(app, new Date(monday).toISOString())
    const options = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body.options
    if (options.buildShip.length > 0) break
    if (monday > Date.parse('2027-02-28T00:00:00Z')) throw new Error('ana never affords a ship')
    // Spent or not, a pool is gone at the next payout (R6.3): recruit what it allows, then claim.
    for (const r of options.recruit as { city: string; maxTroops: number }[])
      await order(ana.token, { type: 'recruit', city: r.city, troops: r.maxTroops }).catch(() => undefined)
    const now = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body.options
    for (const army of now.armies as { tile: string; troops: number; moves: Move[] }[]) {
      const best = army.moves.filter((m) => m.effect === 'move').sort((x, y) => y.claims.length - x.claims.length)[0]
      const city = ['2,1', '3,3'].includes(army.tile)
      const troops = city ? army.troops - 1 : army.troops
      if (best && best.claims.length > 0 && troops > 0)
        await order(ana.token, { type: 'move', from: army.tile, troops: Math.min(troops, best.maxTroops), path: best.path })
    }
  }
  t.comment(`a ship is affordable on ${new Date(monday).toISOString().slice(0, 10)}`)
  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'en' } })
  const desk = await loggedIn(browser, base, await emailOf(ana.userId), turn, { width: 1366, locale: 'en-GB', problems })
  await tap(desk, '2,1')
  // One tap builds (#27: a row gives its order; building does not end recruiting, R5.5).
  t.equal(
    await send(desk, () => desk.locator('#map-panel button.act', { hasText: 'Build a ship at Highport on Highport Bay (2,0)' }).click()),
    200,
    'the ship is built',
  )
  const ship = Object.values((await state()).ships as Record<string, { id: string; tile: string; tribe: string }>).find((s) => s.tribe === ana.tribeId)!
  t.equal(ship.tile, '2,0')
  await tap(desk, '2,1')
  // 2,1 holds its only troop and the ship took the pool's last resources: one tap embarks it.
  const embarkRow = desk.locator('#map-panel button.act', { hasText: `Embark on ship ${ship.id} · its only troop` })
  t.equal(await send(desk, () => embarkRow.click()), 200, 'one troop embarks')
  // The map is redrawn from the answer after it arrives: wait for the drawing, then count it.
  await desk
    .locator('svg.map g.arrow-embark')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined)
  t.equal(await desk.locator('svg.map g.arrow-embark').count(), 1, 'the embarking is drawn')
  await shot(desk, '4-embarked-1366-en')
  // A ship crewed this turn sails from its next window on (R10.3: 3 MP per turn with troops aboard).
  await setClock(app, new Date(monday + 7 * 86_400_000).toISOString())
  await desk.reload()
  await tap(desk, '2,0')
  t.match(await tile(desk, '5,0').getAttribute('class'), /\btarget\b/, 'the sea within 3 MP is marked')
  await tap(desk, '5,0')
  t.equal(await send(desk), 200, 'the ship sails')
  t.equal(((await state()).ships as { id: string; tile: string }[]).find((x) => x.id === ship.id)!.tile, '5,0', 'the ship is at 5,0')
  t.match(await desk.locator('svg.map g.arrow-sail title').textContent(), /sailed 2,0 → 3,0 → 4,0 → 5,0/, 'and the voyage, from where the ship began')
  t.same(await axe(desk), [], 'no WCAG A/AA violation with ships on the map')
  await shot(desk, '5-sailed-1366-en')
  t.same(problems, [], 'no script errors in the browser')
})
