// An Open Wars campaign in a real browser (#29), to its end: the GM creates it on the campaign
// form and starts it from the console; both players join on the invitation page; ana (Spanish,
// 390 px) chooses her faction on the picker of counters and seals her army, then plays every
// window by tapping (a move on the map, a battle with its odds before she sends it) and ends her
// turns; ben (English, 1366 px) plays through the API, walking towards her. The history tells the
// battles in the order of initiative; the overview ranks the tribes once the round limit is
// reached. axe-core on each page. Screenshots: test-artifacts/openwars-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, setClock } from '../../helpers/campaign.ts'
import { kindsOf } from '../../../src/engine/games/openwars/data.ts'
import { openWars, type OpenState } from '../../../src/engine/games/openwars/index.ts'
import { movePaths } from '../../../src/engine/games/openwars/options.ts'
import { hmacRng } from '../../../src/engine/index.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const ROUND_1 = Date.UTC(2026, 11, 7) // Monday 7 December 2026

/** W2.2: the cells sharing a side, the columns wrapping round. */
const neighbours = (id: string, rows: number, cols: number) => {
  const [r, c] = id.slice(1).split('c').map(Number) as [number, number]
  return [
    [r - 1, c],
    [r + 1, c],
    [r, c - 1],
    [r, c + 1],
  ]
    .filter(([rr]) => rr! >= 1 && rr! <= rows)
    .map(([rr, cc]) => `r${rr}c${((cc! - 1 + cols) % cols) + 1}`)
}

const unitsOf = (s: OpenState, at: string, tribe: string) => s.cells[at]!.stacks.some((x) => x.tribe === tribe && x.count > 0)

/**
 * Every location `tribe`'s stacks can move into in its next window, as its move forms will offer
 * them: asked of the rules (W5.1–W5.10) on a copy of the state with that window open. Being next
 * to a unit is not enough: a lone Chamán (2 points, no terrain bonus) cannot enter Selva profunda
 * (entry 3), and a Lodazal (detiene) may bar the way round.
 */
function reachOf(s: OpenState, tribe: string): Set<string> {
  const opened = openWars.applySystem(s, { type: 'openWindow', tribe }, hmacRng)
  const reach = new Set<string>()
  if (!opened.ok) return reach
  for (const [at, c] of Object.entries(opened.state.cells))
    for (const x of c.stacks.filter((y) => y.tribe === tribe && y.count > y.moved))
      for (const to of movePaths(opened.state, tribe, at, x.kind, x.count - x.moved).keys()) reach.add(to)
  return reach
}

/** The steps over land, round `enemy`'s units, from `from` to the nearest cell of `goal` (Infinity when none). */
function stepsTo(s: OpenState, from: string, goal: Set<string>, enemy: string): number {
  const steps = new Map([[from, 0]])
  for (const at of steps.keys()) {
    if (goal.has(at)) return steps.get(at)!
    for (const n of neighbours(at, s.rows, s.cols))
      if (!steps.has(n) && !s.cells[n]!.card.startsWith('ag') && !unitsOf(s, n, enemy)) steps.set(n, steps.get(at)! + 1)
  }
  return Infinity
}

t.test('W1.1 W3.5 W5.7 W6.7 W9.6 an Open Wars campaign created, joined, started and played to its end through the pages', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z') // a Tuesday
  const stamp = Math.random().toString(36).slice(2)
  const gm = await register(app, `gm-${stamp}@example.com`)
  const ana = await register(app, `ana-${stamp}@example.com`)
  const ben = await register(app, `ben-${stamp}@example.com`)
  await app.prisma.user.update({ where: { id: ana.user.id }, data: { locale: 'es' } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []

  // The GM creates the campaign on the form: the game, and a round limit of 6 (W9.4).
  const gmPage = await loggedIn(browser, base, `gm-${stamp}@example.com`, '/campaigns', { width: 1366, locale: 'en-GB', problems })
  await gmPage.locator('form[action="/campaigns"] input[name="name"]').fill('Banda del Sur')
  await gmPage.locator('input[name="ruleset"][value="openwars"]').check()
  await gmPage.locator('input[name="weekLimit"]').fill('6')
  await gmPage.locator('form[action="/campaigns"] button[type="submit"]').click()
  await gmPage.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/gm/)
  const id = /campaigns\/([0-9a-f-]{36})\/gm/.exec(gmPage.url())![1]!
  const api = `/api/campaigns/${id}`
  t.match((await call(app, gm.token, 'GET', api)).body, { ruleset: 'openwars', status: 'setup' }, 'an Open Wars campaign, in setup')

  // Both join on the invitation page.
  const pages: Record<string, Awaited<ReturnType<typeof loggedIn>>> = {}
  for (const [name, weekday, locale, width] of [
    ['ana', 'monday', 'es-ES', 390],
    ['ben', 'wednesday', 'en-GB', 1366],
  ] as const) {
    const token = (await call(app, gm.token, 'POST', `${api}/invitations`)).body.token as string
    const page = await loggedIn(browser, base, `${name}-${stamp}@example.com`, `/invitations/${token}`, { width, locale, problems })
    await page.locator('input[name="tribeName"]').fill(name)
    await page.locator('select[name="weekday"]').selectOption(weekday)
    await page.locator(`form[action="/invitations/${token}"] button[type="submit"]`).click()
    await page.waitForURL(new RegExp(`/campaigns/${id}`))
    pages[name] = page
  }
  const tribes = (await call(app, gm.token, 'GET', api)).body.tribes as { id: string; name: string }[]
  const tribeOf = (name: string) => tribes.find((x) => x.name === name)!.id

  // The GM starts it from the console.
  await gmPage.goto(`${base}/campaigns/${id}/gm`)
  t.same(await axe(gmPage), [], 'no WCAG A/AA violation on the console')
  await gmPage.locator(`form[action="/campaigns/${id}/gm/draft"] button`).click()
  await gmPage.waitForLoadState()
  const started = (await call(app, ana.token, 'GET', `${api}/state`)).body
  t.match(started, { status: 'setup', round: 0 }, 'started: the setup period until tick 0 (W3.4)')

  // Setup (W1.1, W3.5): ana opens the Orcos on the picker, reads their counters and plays them.
  const anaPage = pages.ana!
  const turn = `${base}/campaigns/${id}/turn`
  await anaPage.goto(turn)
  t.equal(await anaPage.locator('details.faction').count(), 7, 'seven factions on the picker')
  // W1.1 (clarified): a join-order default is a suggestion, not a claim; the picker says so.
  t.match(await anaPage.locator('details.faction.mine summary').textContent(), /la tuya, sugerida/, 'her own default, marked as a suggestion')
  t.equal(await anaPage.locator('details.faction summary', { hasText: 'sugerida a ben' }).count(), 1, "ben's default, free to choose")
  t.equal(await anaPage.locator('details.faction summary', { hasText: 'la juega' }).count(), 0, 'no faction taken before anyone chooses')
  const orcos = anaPage.locator('details#f-orcos')
  await orcos.locator('summary').tap()
  t.equal(await orcos.locator('table.counters tbody tr').count(), kindsOf('orcos').length, "each of the faction's units (Appendix A)")
  t.match(
    await orcos.locator('table.counters thead').textContent(),
    /Coste.*Inic\..*Tipo.*Mov\..*Atq\..*Alcance/,
    'its counter: cost, initiative, type, movement, attack, range',
  )
  t.match(await orcos.locator('table.counters tbody').textContent(), /Trolls\s*12\s*1\s*bosque\s*2\s*5\s*0/, 'the Trolls as Appendix A prints them')
  t.same(await axe(anaPage), [], 'no WCAG A/AA violation on the picker')
  await anaPage.screenshot({ path: path.join(ARTIFACTS, 'openwars-1-factions-es-390.png'), fullPage: true })
  await orcos.locator('form button[type="submit"]').tap()
  await anaPage.locator('#results [role="status"]').waitFor()
  t.match(await anaPage.locator('#results').textContent(), /ana jugará con Orcos/, 'her faction, said in Spanish')
  // Worth 59, more than the Elves' 58: at tick 0 the smaller army takes the earlier weekday (W3.7), so the two swap.
  await anaPage.locator('form.army input[name="army_guerreros_orcos"]').fill('1')
  await anaPage.locator('form.army input[name="army_jinetes_lobo"]').fill('1')
  await anaPage.locator('form.army button[type="submit"]').tap()
  await anaPage.locator('#results [role="status"]').waitFor()
  t.match(
    (await call(app, ana.token, 'GET', `${api}/state`)).body.you.army,
    { guerreros_orcos: 1, jinetes_lobo: 1, trolls: 1, chaman: 1, senor_guerra: 1 },
    'her sealed army, as she typed it',
  )
  t.match(
    (await call(app, ben.token, 'POST', `${api}/orders`, { order: { type: 'setFaction', faction: 'orcos' } })).body,
    { error: { code: 'setup/faction_taken' } },
    'a faction taken is refused',
  )
  t.equal((await call(app, ben.token, 'POST', `${api}/orders`, { order: { type: 'setFaction', faction: 'elfos' } })).status, 200, 'ben plays the Elves')
  await anaPage.reload()
  t.match(await anaPage.locator('details#f-elfos summary').textContent(), /la juega ben/, 'a faction ben chose is taken')
  t.match(await anaPage.locator('details.faction.mine summary').textContent(), /la tuya\s*$/, 'hers, chosen')

  // Tick 0 (Sunday 6 December, more than 72 hours after the start): the armies muster, the weekdays are dealt anew.
  await setClock(app, '2026-12-07T00:30:00Z')
  let state = (await call(app, ana.token, 'GET', `${api}/state`)).body
  t.match(state, { status: 'running', round: 1 }, 'round 1 after tick 0')
  const weekdayOf = (tribe: string) => (state.tribes as { id: string; weekday: string }[]).find((x) => x.id === tribe)!.weekday
  // The weekdays the game dealt are every reader's: the tribes' rows (the campaign's roster) follow the game's view.
  t.same([weekdayOf(tribeOf('ana')), weekdayOf(tribeOf('ben'))], ['wednesday', 'monday'], 'ben, the smaller army, plays Mondays now; ana Wednesdays')
  const roster = (await call(app, gm.token, 'GET', api)).body.tribes as { id: string; weekday: string }[]
  t.same(
    roster.map((x) => x.weekday),
    roster.map((x) => weekdayOf(x.id)),
    'the roster gives each tribe the weekday tick 0 dealt it',
  )
  const order = ['ana', 'ben'].sort((a, b) => DAYS.indexOf(weekdayOf(tribeOf(a))) - DAYS.indexOf(weekdayOf(tribeOf(b))))

  // The start seed deals the band (W2.12–W2.14), which decides where ben can stand for her to attack:
  // with it and ben's moves, a campaign without a battle can be played again on the engine alone.
  const startSeed = ((await app.campaigns.snapshot(id)).state as unknown as OpenState).mapSeed
  const marched: string[] = []
  let sawOdds = false
  let moved = false
  for (let round = 1; round <= 6; round++) {
    for (const name of order) {
      const day = new Date(ROUND_1 + (round - 1) * 7 * 86_400_000 + DAYS.indexOf(weekdayOf(tribeOf(name))) * 86_400_000 + 9 * 3_600_000)
      await setClock(app, day.toISOString())
      if (name === 'ben') {
        if (round === 1) {
          // His turn page as a desktop shows it, in English: each stack's destinations, the far ones by their way.
          const benPage = pages.ben!
          await benPage.goto(turn)
          const offered = await benPage.locator('form[data-order="move"] select[name="to"] option').allTextContents()
          t.ok(
            offered.some((o) => / \(via [^)]+\)/.test(o)),
            'a destination beyond the neighbours is offered with its way',
            { found: offered },
          )
          t.same(await axe(benPage), [], 'no WCAG A/AA violation on the turn page (1366, English)')
          await benPage.screenshot({ path: path.join(ARTIFACTS, 'openwars-2-turn-en-1366.png'), fullPage: true })
        }
        // ben marches until a stack of his stands where ana's next window can move (she attacks), then ends his turn:
        // each step, of every move the rules let his stacks make, the one ending nearest her reach.
        for (let step = 0; step < 8; step++) {
          const s = (await app.campaigns.snapshot(id)).state as unknown as OpenState
          const reach = reachOf(s, tribeOf('ana'))
          const his = Object.entries(s.cells).flatMap(([at, c]) => c.stacks.filter((x) => x.tribe === tribeOf('ben') && x.count > 0).map((x) => ({ at, ...x })))
          if (his.some((x) => reach.has(x.at))) break
          let best: { order: { type: 'move'; from: string; kind: string; count: number; path: string[] }; steps: number } | null = null
          for (const x of his.filter((y) => y.count > y.moved)) {
            const here = stepsTo(s, x.at, reach, tribeOf('ana'))
            for (const [to, path] of movePaths(s, tribeOf('ben'), x.at, x.kind, x.count - x.moved)) {
              const steps = stepsTo(s, to, reach, tribeOf('ana'))
              if (!unitsOf(s, to, tribeOf('ana')) && steps < Math.min(here, best?.steps ?? Infinity))
                best = { order: { type: 'move', from: x.at, kind: x.kind, count: x.count - x.moved, path }, steps }
            }
          }
          if (!best) break
          const sent = await call(app, ben.token, 'POST', `${api}/orders`, { order: best.order })
          marched.push(`round ${round}: ${best.order.count} ${best.order.kind} ${best.order.from}>${best.order.path.join('>')} ${sent.status}`)
          if (sent.status !== 200) break
        }
        const ended = await call(app, ben.token, 'POST', `${api}/orders`, { order: { type: 'endTurn' } })
        t.equal(ended.status, 200, `ben ends his turn in round ${round}`)
        continue
      }
      await anaPage.goto(turn)
      const onMap = anaPage.locator('figure.turn-map g.loc[role="button"]')
      if ((await onMap.count()) > 0 && !(sawOdds && moved)) {
        // A tap on a location of hers opens its orders in a sheet over the map.
        const cards = anaPage.locator('details.loc-card')
        let chosen: string | null = null
        let battle: string | null = null
        // Each stack of a location has its own move form: its destinations are where that stack reaches.
        let stackForm = 0
        for (const cardId of await cards.evaluateAll((ds) => ds.map((d) => (d as unknown as { id: string }).id.slice(2)))) {
          const forms = anaPage.locator(`details#l-${cardId} form[data-order="move"]`)
          for (let i = 0; i < (await forms.count()) && !battle; i++) {
            const options = await forms.nth(i).locator('select[name="to"] option').allTextContents()
            const values = await forms
              .nth(i)
              .locator('select[name="to"] option')
              .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value))
            const fight = options.findIndex((o) => o.includes('⚔'))
            if (fight >= 0) [chosen, battle, stackForm] = [cardId, values[fight]!, i]
            else if (!chosen && values.length) [chosen, stackForm] = [cardId, i]
          }
          if (battle) break
        }
        if (chosen && (battle || !moved)) {
          await anaPage.locator(`figure.turn-map g.loc[data-cell="${chosen}"]`).tap()
          const sheet = anaPage.locator('#o-sheet')
          await sheet.locator(`details#l-${chosen}`).waitFor()
          t.equal(
            await anaPage.evaluate("getComputedStyle(document.querySelector('#o-sheet')).position"),
            'fixed',
            'the sheet is fixed over the map on a phone',
          )
          const form = sheet.locator('form[data-order="move"]').nth(stackForm)
          // Its select taken in hand, the map marks where that stack can go.
          if (stackForm > 0) await form.locator('select[name="to"]').focus()
          const target = battle ?? (await form.locator('select[name="to"] option').first().getAttribute('value'))!
          t.match(
            await anaPage.locator(`figure.turn-map g.loc[data-cell="${target}"]`).getAttribute('class'),
            /\btarget\b/,
            'its destinations are marked on the map',
          )
          await anaPage.locator(`figure.turn-map g.loc[data-cell="${target}"]`).tap()
          t.equal(await form.locator('select[name="to"]').inputValue(), target, 'a tap on the map chooses the destination')
          if (battle) {
            const odds = form.locator(`details.odds[data-target="${battle}"]`)
            t.equal(await odds.getAttribute('open'), '', 'and opens the odds of its battle')
            t.match(await odds.textContent(), /Lo tomas: \d+\s?%.*El defensor lo conserva: \d+\s?%/s, 'the odds before moving into it')
            t.match(await anaPage.locator('main').textContent(), /jugadas 200 veces/, 'with the sample size stated')
            t.same(await axe(anaPage), [], 'no WCAG A/AA violation with the odds open')
            await anaPage.screenshot({ path: path.join(ARTIFACTS, 'openwars-3-odds-es-390.png') })
          }
          await form.locator('button[type="submit"]').tap()
          await sheet.locator('.answer').waitFor()
          t.match(await sheet.locator('.answer').textContent(), /ana movió \d+ unidad/, 'the move is told in the sheet')
          if (battle) sawOdds = true
          moved = true
          if (round === 1) await anaPage.screenshot({ path: path.join(ARTIFACTS, 'openwars-2-move-es-390.png'), fullPage: true })
          await anaPage.goto(turn)
        }
      }
      await anaPage.locator('form:has(input[name="type"][value="endTurn"]) button').tap()
      await anaPage.locator('#results [role="status"]').waitFor()
      t.match(await anaPage.locator('#results').textContent(), /ana terminó su turno/, `ana ends her turn in round ${round}`)
    }
  }
  t.ok(sawOdds, 'ana saw the odds of a battle before moving into it', { startSeed, marched })

  // The Sunday after round 6: the round limit ends the campaign (W9.4, W9.6).
  await setClock(app, new Date(ROUND_1 + 6 * 7 * 86_400_000).toISOString())
  state = (await call(app, ana.token, 'GET', `${api}/state`)).body
  t.match(state, { status: 'finished', result: { reason: 'roundLimit' } }, 'the campaign is over at its round limit')
  await anaPage.goto(`${base}/campaigns/${id}`)
  t.match(await anaPage.locator('#ranking').textContent(), /Se ha llegado al límite de rondas/, 'the ranking, in Spanish')
  t.same(await axe(anaPage), [], 'no WCAG A/AA violation on the finished overview')
  await anaPage.screenshot({ path: path.join(ARTIFACTS, 'openwars-4-end-es-390.png'), fullPage: true })

  // ben reads the history on a desktop: every battle told turn by turn in the order of initiative.
  const benPage = pages.ben!
  // Every round's battles, each row on a line of its own: the dice decide which round ana's battle
  // fell in, and a round may hold more than one battle.
  const told: string[] = []
  for (let week = 1; week <= 6; week++) {
    await benPage.goto(`${base}/campaigns/${id}/history?kind=battles&week=${week}`)
    told.push(...(await benPage.locator('table.history tbody tr').allTextContents()).filter((row) => /Battle at/.test(row)))
  }
  t.ok(told.length > 0, 'the history tells the battle ana fought', { startSeed })
  t.ok(
    told.some((row) => /Battle at .+: (ana|ben) against (ana|ben)\. Order of initiative: 1\. .+; 2\. .+ Round 1: .+, attack \d, dice [1-6]/s.test(row)),
    'a battle in the order of initiative, with its dice',
    { found: told, startSeed },
  )
  t.same(await axe(benPage), [], 'no WCAG A/AA violation on the history')
  await benPage.screenshot({ path: path.join(ARTIFACTS, 'openwars-5-history-en-1366.png'), fullPage: true })
  for (const [tab, file] of [
    ['', 'overview'],
    ['/pools', 'economy'],
    ['/dice', 'dice'],
  ] as const) {
    await benPage.goto(`${base}/campaigns/${id}${tab}`)
    t.same(await axe(benPage), [], `no WCAG A/AA violation on the ${file} (1366, English)`)
    await benPage.screenshot({ path: path.join(ARTIFACTS, `openwars-6-${file}-en-1366.png`), fullPage: true })
  }
  await benPage.goto(`${base}/campaigns/${id}/dice?verify=1`)
  t.match(
    await benPage.locator('main').textContent(),
    /The log and the seeds produce exactly the stored state/,
    'the whole campaign replays to the stored state',
  )
  await benPage.goto(`${base}/rules/openwars`)
  t.equal(await benPage.locator('li#W6\\.7').count(), 1, 'the rule book has an anchor per W rule')
  t.same(problems, [], 'no script errors')
})
