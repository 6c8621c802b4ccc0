// El Mapa played through the pages to its end (#28): the GM creates the campaign on the form and
// invites by link, two players join on the invitation page, the GM starts it; ana sets her battle
// plan with the editor and plays her windows by tapping at 390 px in Spanish (an army, then a
// marked tile), builds from her castle's picture; ben plays his by keyboard at 1366 px in English;
// eight rounds later the limit ends it, the ranking shows and the dice page deals the map again
// from the revealed seed. axe-core on every page; screenshots test-artifacts/elmapa-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { buildTestApp, register } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, setClock } from '../../helpers/campaign.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('#28 El Mapa created, joined, started and played to its end through the pages', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z') // a Tuesday
  const tag = Math.random().toString(36).slice(2)
  const [gm, ana, ben] = await Promise.all(['gm', 'ana', 'ben'].map((n) => register(app, `${n}-${tag}@example.com`)))
  t.equal((await call(app, ana!.token, 'PATCH', '/api/me', { locale: 'es' })).status, 200, 'ana reads Spanish')
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const clean = async (page: Page, what: string) => t.same(await axe(page), [], `no WCAG A/AA violation: ${what}`)

  // The GM creates it on the campaigns form, choosing the game.
  const gmPage = await loggedIn(browser, base, gm!.user.email, '/campaigns', { width: 1366, locale: 'en-GB', problems })
  await gmPage.locator('input[name="name"]').fill('Mapa de prueba')
  await gmPage.locator('input[name="ruleset"][value="elmapa"]').check()
  await gmPage.locator('input[name="weekLimit"]').fill('8')
  await Promise.all([gmPage.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/gm$/), gmPage.locator('form[action="/campaigns"] button[type="submit"]').click()])
  const id = gmPage.url().split('/').at(-2)!
  const campaign = `/campaigns/${id}`
  t.match((await call(app, gm!.token, 'GET', `/api/campaigns/${id}`)).body, { ruleset: 'elmapa', limit: 8 }, 'an El Mapa campaign of 8 rounds')

  // Two invitation links from the console; each player joins on hers.
  const links: string[] = []
  for (let i = 0; i < 2; i++) {
    await gmPage.goto(`${base}${campaign}/gm`)
    await gmPage.locator(`form[action="${campaign}/gm/invitations"] button[type="submit"]`).click()
    links.push((await gmPage.locator('p.note[role="status"] a').first().getAttribute('href'))!)
  }
  const anaPage = await loggedIn(browser, base, ana!.user.email, '/campaigns', { width: 390, locale: 'es-ES', problems })
  const benPage = await loggedIn(browser, base, ben!.user.email, '/campaigns', { width: 1366, locale: 'en-GB', problems })
  for (const [page, link, name, day] of [
    [anaPage, links[0]!, 'Astures', 'monday'],
    [benPage, links[1]!, 'Bracari', 'wednesday'],
  ] as const) {
    await page.goto(`${base}${new URL(link, base).pathname}`)
    await page.locator('input[name="tribeName"]').fill(name)
    await page.locator('select[name="weekday"]').selectOption(day)
    await Promise.all([page.waitForURL(`${base}${campaign}`), page.locator('form.card button[type="submit"]').click()])
  }
  await gmPage.goto(`${base}${campaign}/gm`)
  await gmPage.locator(`form[action="${campaign}/gm/draft"] button[type="submit"]`).click()
  t.equal((await call(app, gm!.token, 'GET', `/api/campaigns/${id}`)).body.status, 'running', 'started from the console')

  // Before tick 0 (M2.3): ana sets her battle plan with the editor, in Spanish on her phone.
  const turn = `${base}${campaign}/turn`
  await anaPage.goto(turn)
  t.match(await anaPage.locator('#setup-h').textContent(), /Antes del tick 0/)
  const editor = anaPage.locator('form.plan-editor')
  await editor.locator('select[name="kind0"]').selectOption('leva')
  await editor.locator('select[name="column0"]').selectOption('2')
  await editor.locator('select[name="tactic0"]').selectOption('hold')
  await editor.locator('input[name="flee"]').fill('25')
  await clean(anaPage, 'the plan editor (es, 390)')
  await editor.locator('button[type="submit"]').tap()
  await anaPage.locator('#results [role="status"]').waitFor()
  t.match(await anaPage.locator('#results').textContent(), /Astures fija un plan de batalla\./)
  t.match((await call(app, ana!.token, 'GET', `/api/campaigns/${id}/state`)).body.you.plan, {
    flee: 25,
    platoons: [{ kind: 'leva', column: 2, tactic: 'hold' }],
  })
  await anaPage.screenshot({ path: path.join(ARTIFACTS, 'elmapa-1-plan-390-es.png'), fullPage: true })

  // #49: a common plan in two taps from the turn page and no scroll: the link to the plan, then the plan.
  const onScreen = async (locator: typeof editor) => {
    const box = (await locator.boundingBox())!
    return box.y >= 0 && box.y + box.height <= anaPage.viewportSize()!.height
  }
  await anaPage.goto(turn)
  const toPlan = anaPage.locator('#setup-h ~ p a[href="#plan-h"]')
  t.ok(await onScreen(toPlan), 'the way to the plan is on the first screen')
  await toPlan.tap()
  const levies = anaPage.locator('.quick-plans button', { hasText: 'Levas al frente' })
  t.ok(await onScreen(levies), 'after the jump the quick plans are on screen, no scroll')
  await anaPage.screenshot({ path: path.join(ARTIFACTS, 'elmapa-1b-quick-plans-390-es.png') })
  await levies.tap()
  await anaPage.locator('#results [role="status"]').waitFor()
  t.match(
    (await call(app, ana!.token, 'GET', `/api/campaigns/${id}/state`)).body.you.plan,
    {
      flee: 25,
      platoons: [
        { kind: 'soldado', take: 'all', column: 2, tactic: 'hold' },
        { kind: 'caballero', take: 'all', column: 1, tactic: 'hold' },
        { kind: 'leva', take: 'all', column: 3, tactic: 'advance' },
        { kind: 'arquero', take: 'all', column: 0, tactic: 'shoot' },
      ],
    },
    'two taps set "levies forward, the rest hold" (M8.5), the flee threshold kept',
  )

  // Eight rounds: each Monday ana steps by tapping (an army, then a marked tile); each Wednesday
  // ben steps by keyboard. Rounds 1 and 2 she builds too.
  let week = Date.UTC(2026, 11, 7)
  const day = 24 * 3600 * 1000
  let taps = 0
  let built = 0
  let hired = 0
  for (let round = 1; round <= 8; round++) {
    await setClock(app, new Date(week + 9 * 3600 * 1000).toISOString())
    await anaPage.goto(turn)
    const army = anaPage.locator('figure.turn-map g.cell[data-army]').first()
    if (await army.count()) {
      await army.scrollIntoViewIfNeeded()
      await army.tap()
      const sheet = anaPage.locator('#m-sheet')
      await sheet.locator('details.army-card').waitFor()
      // A tile with guards first: a battle to replay on the history page.
      const guarded = anaPage.locator('figure.turn-map g.cell.target:has(text.guards)').first()
      const target = (await guarded.count()) ? guarded : anaPage.locator('figure.turn-map g.cell.target').first()
      if (round === 1) {
        t.equal(await anaPage.evaluate("getComputedStyle(document.querySelector('#m-sheet')).position"), 'fixed', 'a sheet over the map on a phone')
        await clean(anaPage, 'the turn with the sheet open (es, 390)')
        await anaPage.screenshot({ path: path.join(ARTIFACTS, 'elmapa-2-sheet-390-es.png') })
      }
      if (await target.count()) {
        await target.tap()
        await sheet
          .locator('.answer')
          .waitFor({ timeout: 10000 })
          .catch(async () => {
            throw new Error(`round ${round}: no answer in the sheet; ${await anaPage.locator('#results').innerText()}`)
          })
        taps++
        if (round === 1)
          t.match(await sheet.locator('.answer').textContent(), /Astures: el ejército \d+ da un paso al/, 'two taps: the step, told in the sheet')
      }
    }
    if (round <= 2) {
      await anaPage.goto(turn)
      const castle = anaPage.locator('section.castle').first()
      const build = castle.locator('select[name="choice"]')
      if (await build.count()) {
        const choice = (await build.locator('option').first().getAttribute('value'))!
        await build.selectOption(choice)
        await castle.locator('form[aria-label^="Construir"] button').tap()
        await anaPage.locator('#results [role="status"]').waitFor()
        t.match(await anaPage.locator('#results').textContent(), /Astures construye/, `round ${round}: a building from the castle's list`)
        built++
        if (round === 1) {
          await anaPage.locator('section.castle').first().scrollIntoViewIfNeeded()
          await anaPage
            .locator('section.castle')
            .first()
            .screenshot({ path: path.join(ARTIFACTS, 'elmapa-3-castle-390-es.png') })
          t.match(await anaPage.locator('section.castle svg[data-board="castle"] g.slot.built').count(), 1, 'the picture shows it built')
        }
      }
    }
    // One troop the castle trained goes into an army (M5.4), a new one when a slot is free, so that
    // she keeps exploring. One, not the whole reserve, and into any army the form offers: with some
    // deals the builds left too little gold for the whole reserve, or no free slot, in all eight
    // rounds (a failure of the 20-run table, #46).
    await anaPage.goto(turn)
    const hire = anaPage.locator('section.castle form.hire').first()
    if (await hire.count()) {
      const kinds = hire.locator('input[type="number"]')
      for (let i = 0; i < (await kinds.count()); i++) await kinds.nth(i).fill(i === 0 ? '1' : '0')
      const armies = hire.locator('select[name="army"]')
      if (await armies.locator('option[value="new"]').count()) await armies.selectOption('new')
      await hire.locator('button[type="submit"]').tap()
      await anaPage.locator('#results [role="status"]').waitFor()
      t.match(await anaPage.locator('#results').textContent(), /Astures contrata/, `round ${round}: a hire`)
      hired++
    }
    if (round === 1) {
      await clean(anaPage, 'the turn after orders (es, 390)')
      await anaPage.screenshot({ path: path.join(ARTIFACTS, 'elmapa-4-turn-390-es.png'), fullPage: true })
    }
    const end = anaPage.locator('form:has(input[value="endTurn"]) button')
    if (await end.count()) {
      await end.tap()
      await anaPage.locator('#results [role="status"]').waitFor()
    }

    await setClock(app, new Date(week + 2 * day + 9 * 3600 * 1000).toISOString())
    await benPage.goto(turn)
    const step = benPage.locator('details.army-card form.step button[name="dir"]').first()
    if (await step.count()) {
      await step.focus()
      await benPage.keyboard.press('Enter')
      await benPage
        .locator('#results')
        .getByText(/Bracari/)
        .first()
        .waitFor()
    }
    if (round === 1) {
      await clean(benPage, 'the turn (en, 1366)')
      await benPage.screenshot({ path: path.join(ARTIFACTS, 'elmapa-5-turn-1366-en.png'), fullPage: true })
    }
    week += 7 * day
  }
  t.ok(taps >= 1, `ana stepped by tapping (${taps} rounds)`)
  t.equal(built, 2, 'and built twice')

  await setClock(app, new Date(week + 9 * 3600 * 1000).toISOString())
  t.equal((await call(app, gm!.token, 'GET', `/api/campaigns/${id}`)).body.status, 'finished', 'the round limit ended it (M11.1)')

  // The end: every page for both, both languages; the ranking; the deal derived again.
  for (const [page, lang, width] of [
    [anaPage, 'es', 390],
    [benPage, 'en', 1366],
  ] as const) {
    for (const [tab, file] of [
      ['', 'overview'],
      ['/pools', 'economy'],
      ['/history?week=1', 'history'],
      ['/dice', 'dice'],
      ['/turn', 'turn'],
    ] as const) {
      const answer = await page.goto(`${base}${campaign}${tab}`)
      t.equal(answer?.status(), 200, `${file} (${lang})`)
      await clean(page, `${file} at the end (${lang}, ${width})`)
      await page.screenshot({ path: path.join(ARTIFACTS, `elmapa-6-${file}-${width}-${lang}.png`), fullPage: true })
    }
  }
  await benPage.goto(`${base}${campaign}`)
  t.equal(await benPage.locator('#ranking ol li').count(), 2, 'the ranking of both tribes')
  await benPage.goto(`${base}${campaign}/dice`)
  t.equal((await benPage.locator('#deal-h ~ ul li').allTextContents()).filter((x) => x.endsWith('✓')).length, 3, 'the three seeds match their commitments')
  t.match(await benPage.locator('#deal-h ~ p').allTextContents(), [/./, /none differs/], 'every tile played matches the deal derived from the seed')
  t.ok(hired >= 1, `ana hired from her castle (${hired} times)`)
  // Every battle can be replayed on the history page, move by move on its 5 × 5 board (M8.18).
  const battles = (await call(app, gm!.token, 'GET', `/api/campaigns/${id}/events?limit=500`)).body.events.filter((e: { type: string }) => e.type === 'battle')
  t.ok(battles.length >= 1, `${battles.length} battles fought`)
  await benPage.goto(`${base}${campaign}/history?week=${battles[0].week}&kind=battles`)
  // The history lists the latest first.
  const latest = battles.filter((b: { week: number }) => b.week === battles[0].week).at(-1)
  await benPage.locator('details.m-replay summary').first().click()
  const boards = benPage.locator('details.m-replay[open] svg[data-board="battle"]')
  t.equal(
    await boards.count(),
    1 + latest.payload.record.rounds.flat().length + (latest.payload.record.pursuit ?? []).length,
    'a battle replayed: its start, then a board per action',
  )
  await clean(benPage, 'a battle replayed (en, 1366)')
  await benPage
    .locator('details.m-replay[open]')
    .first()
    .screenshot({ path: path.join(ARTIFACTS, 'elmapa-7-replay-1366-en.png') })
  t.same(problems, [], 'no script error')
})
