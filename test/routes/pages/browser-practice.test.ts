// The practice campaign (#27) in a real browser, on a 390 px phone: one tap on "Start a practice
// game" gives a newcomer a running two-tribe campaign with the turn open now; the newcomer
// recruits, moves, passes the week and sees the payout, then attacks with the odds shown.
// The rival is the weekday game's bot, which plays its window when the week passes (#50). axe-core finds no WCAG A/AA problem. Screenshots: test-artifacts/practice-*.png.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, setClock } from '../../helpers/campaign.ts'
import { inView, sendOrder, tapTile, tileOf } from '../../helpers/turn-page.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

t.test('R3.5 R4.2 R5 R6.1 R7 R8 a practice campaign: created in one tap, then a recruit, a move, a payout and an attack', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true })
  // A Wednesday, 10:00 in Madrid (the newcomer's zone): today's window has ten hours left.
  await setClock(app, '2026-12-02T09:00:00Z')
  const email = `newcomer-${Math.random().toString(36).slice(2)}@example.com`
  const newcomer = await register(app, email)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const phone = await loggedIn(browser, base, email, '/campaigns', { width: 390, locale: 'en-GB', problems })
  const shot = (name: string) => phone.screenshot({ path: path.join(ARTIFACTS, `practice-${name}.png`) })

  // ---- one tap ----
  const start = phone.locator('form[action="/practice"]:has(input[name="game"][value="weekly-turn"]) button')
  t.match(await start.textContent(), /^Start a practice game \(Weekday Wars/, 'the campaigns page offers a practice game')
  await shot('0-offer-390-en')
  await Promise.all([phone.waitForURL(/\/campaigns\/[0-9a-f-]+\/turn$/), start.click()])
  const turn = new URL(phone.url()).pathname
  const id = turn.split('/')[2]!
  const state = async () => (await call(app, newcomer.token, 'GET', `/api/campaigns/${id}/state`)).body
  const first = await state()
  const me = first.tribes.find((x: { id: string; name: string }) => x.name === 'Astures')
  t.ok(me, 'the newcomer plays the Astures')
  t.equal(first.tribes.length, 2, 'against one rival')
  t.equal(first.status, 'running', 'the draft is done: the campaign runs')
  const summary = (await call(app, newcomer.token, 'GET', `/api/campaigns/${id}`)).body
  t.equal(summary.public, false, 'the practice is private')
  t.equal(summary.mapId, 'coast-2', 'on the smallest map')
  t.equal(summary.role, 'player', 'the newcomer plays; the service referees')
  t.match(await phone.locator('.banner.practice').textContent(), /practice game: your rival is the bot/, 'the page says it is a practice')
  t.same(await axe(phone), [], 'no WCAG A/AA violation on the practice turn page')
  await shot('1-turn-open-390-en')

  // ---- a recruit: the city, then its row (R5) ----
  await tapTile(phone, '3,3')
  const recruit = phone.locator('#map-panel button.act', { hasText: 'Recruit' }).first()
  t.ok(await inView(recruit), 'the recruit row is on screen without scrolling')
  t.equal(await sendOrder(phone, turn, () => recruit.click()), 200, 'two taps recruit')
  const armyAt = async (tile: string) => (await state()).armies.find((a: { tile: string }) => a.tile === tile) as { troops: number; tribe: string } | undefined
  t.ok((await armyAt('3,3'))!.troops > 5, 'the city at 3,3 has more than its 5 starting troops')

  // ---- a split move toward the neutral city at 5,5, one troop left behind (R7.7), in three taps:
  // the army, "…" beside the row to 5,3, and Send; the other pool's money is lost (R5.5) ----
  const troops = (await armyAt('3,3'))!.troops
  await tapTile(phone, '3,3')
  const row = phone.locator('#map-panel .act-row', { hasText: '5,3' }).first()
  t.ok(await inView(row), 'the row to 5,3 is on screen')
  await row.locator('button.fewer').click()
  t.equal(await phone.locator('#map-panel input[name="troops"]').inputValue(), String(troops - 1), '"…" starts one troop short of all')
  t.ok(await inView(phone.locator('#map-panel button.step').last()), 'with a stepper on screen')
  t.match(await phone.locator('#map-panel .lose').textContent(), /unspent/, 'the first move warns of the resources left unspent')
  await shot('2-move-confirm-390-en')
  t.equal(await sendOrder(phone, turn), 200, 'a third tap sends the split move')
  t.equal((await armyAt('5,3'))?.troops, troops - 1, 'all but one troop stand at 5,3')
  t.equal((await armyAt('3,3'))?.troops, 1, 'one stayed to hold the city')
  await shot('2-moved-390-en')

  // ---- the week passes: Sunday's payout at once (R6.1) ----
  const pass = phone.locator('.banner.practice button')
  await Promise.all([phone.waitForURL(/\/pools\?notice=week_passed$/), pass.click()])
  t.match(await phone.locator('.banner.notice').textContent(), /Sunday's payout is in your pools/, 'the page says the week has passed')
  const economy = (await call(app, newcomer.token, 'GET', `/api/campaigns/${id}/economy`)).body
  const mine = economy.pools.filter((p: { tribe: string }) => p.tribe === me.id)
  t.ok(mine.length > 0 && mine.every((p: { balance: number }) => p.balance > 0), 'every pool of the newcomer was paid')
  const history = (await call(app, newcomer.token, 'GET', `/api/campaigns/${id}/events`)).body
  t.ok(JSON.stringify(history).includes('payout'), 'the history records the payout')
  t.same(await axe(phone), [], 'no WCAG A/AA violation on the pools page')
  await shot('3-payout-390-en')

  // ---- a new window: full MP (R4.5), and an attack on the neutral city, its odds shown (R8) ----
  await phone.goto(`${base}${turn}`)
  t.equal((await state()).you.phase, 'recruitment', 'the window opened again, recruitment first')
  await tapTile(phone, '5,3')
  // The attack is the target tapped on the map: the army, the city, then the confirm's button.
  t.match(await tileOf(phone, '5,5').getAttribute('class'), /\btarget\b/, 'the neutral city is marked as a target')
  t.match(await tileOf(phone, '5,5').getAttribute('aria-label'), /Attack Shellbay/, 'and says it is an attack')
  await tapTile(phone, '5,5')
  const odds = phone.locator('#map-panel ul.odds li')
  t.ok((await odds.count()) > 0, 'the confirm lists the die faces and what each does')
  t.match(await odds.first().textContent(), /^On \d/, 'each line names its rolls')
  t.ok(await inView(phone.locator('#map-panel form.confirm button[type="submit"]')), 'the send button is on screen')
  await shot('4-attack-odds-390-en')
  t.equal(await sendOrder(phone, turn), 200, 'the attack is made')
  const after = (await call(app, newcomer.token, 'GET', `/api/campaigns/${id}/events`)).body
  t.ok(JSON.stringify(after).includes('combat'), 'a battle is in the history')
  await shot('5-attacked-390-en')
  const rival = (await state()).tribes.find((x: { id: string }) => x.id !== me.id)
  const logged = ((await call(app, newcomer.token, 'GET', `/api/campaigns/${id}/events`)).body.events ?? []) as {
    type: string
    week: number
    payload: { tribe?: string; orders?: number }
  }[]
  const botNote = logged.find((e) => e.type === 'order.bot')
  t.equal(botNote?.payload.tribe, rival.id, "the rival's bot played its window in the week passed (#50)")
  t.ok((botNote?.payload.orders ?? 0) > 0, 'and gave orders')
  // The week the pass ended: the bot played it before the tick.
  await phone.goto(`${base}/campaigns/${id}/history?week=${botNote?.week ?? 0}`)
  t.match(await phone.locator('main').textContent(), /The bot gave \d+ orders? for /, 'the history says which orders the bot gave')
  t.same(problems, [], 'no script errors in the browser')
})

t.test('practice: the week passes only in a practice campaign, and only for its player (R4.2 the window is open now at any hour)', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-02T09:00:00Z')
  const gm = await register(app, `gm-${Math.random().toString(36).slice(2)}@example.com`)
  const real = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Real', mapId: 'coast-2' })
  await t.rejects(
    app.practice.passPracticeWeek(await app.campaigns.access(real.body.id, gm.user.id)),
    { code: 'practice/not_practice' },
    'not in a real campaign',
  )
  const newcomer = await register(app, `new-${Math.random().toString(36).slice(2)}@example.com`)
  const setup = {
    ruleset: 'weekly-turn',
    mapId: 'coast-2',
    homes: [
      ['2,1', '3,3'],
      ['8,1', '9,3'],
    ] as [string[], string[]],
    name: 'Practice',
    tribes: ['A', 'B'] as [string, string],
  }
  const practice = await app.practice.createPractice({ id: newcomer.user.id, timeZone: 'Europe/Madrid' }, setup)
  // The referee (the GM) cannot log in; were it to ask, the week is the player's to pass.
  const referee = await app.prisma.user.findUniqueOrThrow({ where: { email: 'referee@practice.weekdaywars.invalid' } })
  await t.rejects(
    app.practice.passPracticeWeek(await app.campaigns.access(practice.id, referee.id)),
    { code: 'practice/not_player' },
    "only the practice's player passes its week",
  )
  const stranger = await register(app, `x-${Math.random().toString(36).slice(2)}@example.com`)
  await t.rejects(app.campaigns.access(practice.id, stranger.user.id), { code: 'campaign/not_found' }, "a stranger does not even see someone's practice")
  // 21:30 in Madrid: too late for a window today there, so the practice takes a zone where it is morning.
  for (const iso of ['2026-12-02T20:30:00Z', '2026-12-05T23:59:00Z', '2026-12-06T12:00:00Z', '2026-12-07T03:00:00Z']) {
    await setClock(app, iso)
    const late = await app.practice.createPractice({ id: newcomer.user.id, timeZone: 'Europe/Madrid' }, setup)
    const board = (await call(app, newcomer.token, 'GET', `/api/campaigns/${late.id}/state`)).body
    t.equal(board.you.windowOpen, true, `created at ${iso}: the window is open (zone ${board.timeZone ?? ''})`)
  }
})
