// #50 "Where bots play", the GM's choice per campaign, off by default: the game's bot plays the
// window of a player away with no stand-in, and takes over a tribe whose player missed so many
// windows in a row, until that player takes it back from the page about being away.
import t from 'tap'
import { call, draft, mondayGame, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('#50 the bot covers an absence with no stand-in, and takes over after three missed windows until the player takes it back', async (t) => {
  const { app, table } = await mondayGame(t)
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const base = `/api/campaigns/${table.id}`
  const catchUp = async (iso: string) => {
    await setClock(app, iso)
    await call(app, table.gm, 'GET', `${base}/state`)
  }
  const events = async () =>
    (await call(app, table.gm, 'GET', `${base}/events`)).body.events as { type: string; payload: { tribe?: string; reason?: string; missed?: number } }[]
  const botWindows = async (tribeId: string) => (await events()).filter((e) => e.type === 'order.bot' && e.payload.tribe === tribeId).length
  const botPlays = async (tribeId: string) =>
    ((await call(app, table.gm, 'GET', `${base}/roster`)).body.tribes as { id: string; bot: boolean }[]).find((x) => x.id === tribeId)?.bot
  // A window's mail is filed under the window: its opening instant and its tribe.
  const windowMails = async (userId: string, tribeId: string, opensAt: string) =>
    (await app.pg.query(`SELECT 1 FROM outbox_mails WHERE user_id = $1::uuid AND kind = 'window_open' AND period = $2`, [userId, `${opensAt}/${tribeId}`]))
      .rowCount

  t.same((await call(app, table.gm, 'GET', `${base}/bot-cover`)).body, { absent: false, afterMissed: null }, 'off by default')
  // Ben misses his first Wednesday; with no choice made, nothing more happens.
  await catchUp('2026-12-02T21:00:00Z')
  t.equal(await botPlays(ben.tribeId), false, 'a missed window alone hands nobody to the bot')

  const byPlayer = await call(app, ana.token, 'PUT', `${base}/bot-cover`, { absent: true, afterMissed: 3 })
  t.same([byPlayer.status, byPlayer.body.error?.code], [403, 'campaign/gm_only'], 'only the GM chooses')
  for (const afterMissed of [0, 11, 2.5, '3'])
    t.equal(
      (await call(app, table.gm, 'PUT', `${base}/bot-cover`, { absent: true, afterMissed })).status,
      400,
      `afterMissed ${JSON.stringify(afterMissed)} is refused`,
    )
  t.same((await call(app, table.gm, 'GET', `${base}/bot-cover`)).body, { absent: false, afterMissed: null }, 'and the refusals stored nothing')
  const chosen = await call(app, table.gm, 'PUT', `${base}/bot-cover`, { absent: true, afterMissed: 3 })
  t.same(chosen.body, { absent: true, afterMissed: 3 }, 'the GM turns both on: three windows missed in a row')

  const missedBy = async (tribeId: string) => (await events()).filter((e) => e.type === 'window.missed' && e.payload.tribe === tribeId).length
  const anaMissed = await missedBy(ana.tribeId)
  // Ana is away on her Monday, with no stand-in: the bot plays her window, and she is not mailed it.
  t.equal((await call(app, ana.token, 'POST', `${base}/absences`, { from: '2026-12-07', to: '2026-12-07' })).status, 201)
  await catchUp('2026-12-07T10:00:00Z')
  t.equal(await botWindows(ana.tribeId), 1, "the bot played ana's window while she was away")
  t.equal(await windowMails(ana.userId, ana.tribeId, '2026-12-06T23:00:00.000Z'), 0, 'and nobody was mailed it')
  t.equal(await botPlays(ana.tribeId), false, 'her tribe stays hers')
  // Ben's second Wednesday missed: two in a row, one short of the GM's three.
  await catchUp('2026-12-09T21:00:00Z')
  t.equal(await botPlays(ben.tribeId), false, 'two missed windows of three: ben keeps his tribe')
  t.equal(await missedBy(ana.tribeId), anaMissed, 'the window the bot played for ana, closed since, is not one she missed')

  // Back on her next Monday, ana plays her own window; ben misses his third Wednesday in a row.
  await catchUp('2026-12-14T10:00:00Z')
  t.equal(await windowMails(ana.userId, ana.tribeId, '2026-12-13T23:00:00.000Z'), 1, 'ana, back, is mailed her window')
  t.equal((await call(app, ana.token, 'POST', `${base}/orders`, { order: { type: 'endTurn' } })).status, 200, 'and ends her turn herself')
  t.equal(await botWindows(ana.tribeId), 1, 'the bot did not play it')
  await catchUp('2026-12-16T21:00:00Z')
  t.equal(await botPlays(ben.tribeId), true, "ben's third missed window in a row hands his tribe to the bot")
  const handed = (await events()).find((e) => e.type === 'tribe.bot' && e.payload.tribe === ben.tribeId)
  t.match(handed?.payload, { reason: 'missed', missed: 3 }, 'the log says why')
  // The GM hears of it by mail, and the console's inbox keeps it while the bot plays the tribe.
  const { createdById } = await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })
  const news = await app.pg.query(`SELECT data FROM outbox_mails WHERE user_id = $1::uuid AND kind = 'gm_news' AND period LIKE 'bot_missed/%'`, [createdById])
  t.match(
    news.rows.map((r) => r.data),
    [{ event: 'bot_missed', tribeName: 'ben', missed: 3 }],
    'the GM is mailed the hand-over, once',
  )
  const gmPage = visitor(app)
  await gmPage.login((await app.prisma.user.findUniqueOrThrow({ where: { id: createdById } })).email, 'correct horse battery')
  t.match((await gmPage.get(`/campaigns/${table.id}/gm`)).body, /The bot plays ben after the windows its player missed/, "and the console's inbox says so")
  await catchUp('2026-12-23T10:00:00Z')
  t.equal(await botWindows(ben.tribeId), 1, "the bot plays ben's next Wednesday")

  // Ben comes back: every page tells him, and the page about being away gives his tribe back.
  const page = visitor(app)
  const benEmail = (await call(app, ben.token, 'GET', '/api/me')).body.email as string
  await page.login(benEmail, 'correct horse battery')
  const overview = await page.get(`/campaigns/${table.id}`)
  t.match(overview.body, /The game&#x27;s bot plays your tribe\.|The game's bot plays your tribe\./, 'a banner says the bot plays his tribe')
  const away = await page.get(`/campaigns/${table.id}/absences`)
  t.match(away.body, /after the windows you missed in a row/, 'the page about being away says why')
  t.match(away.body, /After 3 windows missed in a row, the bot plays your tribe until you take it back\./, "and the GM's rule")
  const anaTakes = await call(app, ana.token, 'PUT', `${base}/tribes/${ben.tribeId}/bot`, { plays: false })
  t.same([anaTakes.status, anaTakes.body.error?.code], [403, 'campaign/gm_only'], "another player cannot take ben's tribe back")
  const back = await page.post(`/campaigns/${table.id}/absences/bot`, {})
  t.equal(back.status, 303, 'ben takes his tribe back')
  t.equal(await botPlays(ben.tribeId), false, 'the roster says so')
  t.match((await page.get(back.location!)).body, /Your tribe is yours again from its next window\./)
  // The history of a period: the hand-over on Wednesday 16 December (period 3), the take-back now (period 4).
  const handOver = await page.get(`/campaigns/${table.id}/history?kind=campaign&week=3`)
  t.match(handOver.body, /ben missed 3 windows in a row: the bot plays it until its player takes it back\./, 'the history tells the hand-over')
  const takeBack = await page.get(`/campaigns/${table.id}/history?kind=campaign&week=4`)
  t.match(takeBack.body, /The player of ben took it back from the bot\./, 'and the take-back')
  await catchUp('2026-12-30T10:00:00Z')
  t.equal(await botWindows(ben.tribeId), 1, "ben's next Wednesday is his own")

  // A tribe the GM handed over goes back through the GM only.
  t.equal((await call(app, table.gm, 'PUT', `${base}/tribes/${ana.tribeId}/bot`, { plays: true })).status, 200)
  const anaBack = await call(app, ana.token, 'PUT', `${base}/tribes/${ana.tribeId}/bot`, { plays: false })
  t.same([anaBack.status, anaBack.body.error?.code], [403, 'tribe/bot_by_gm'], 'ana cannot take back what the GM handed over')
  t.equal(await botPlays(ana.tribeId), true, 'and her tribe stays with the bot')

  // The GM's console: the card's form shows the choice and changes it; a bad count is a 400 page naming it.
  t.notMatch((await gmPage.get(`/campaigns/${table.id}/gm`)).body, /after the windows its player missed/, 'ben took his tribe back: the inbox line is gone')
  const card = (await gmPage.get(`/campaigns/${table.id}/gm`)).body
  t.match(card, /<input type="checkbox" name="absent" value="yes" checked>/, 'the console shows the absences covered')
  t.match(card, /name="afterMissed" min="1" max="10" inputmode="numeric" value="3"/, 'and the count of missed windows')
  const wrong = await gmPage.post(`/campaigns/${table.id}/gm/bot-cover`, { absent: 'yes', afterMissed: '0' })
  t.equal(wrong.status, 400, 'a count of 0 is refused')
  t.match(wrong.body, /a whole number from 1 to 10, or empty for never/, 'with what to type')
  t.same((await call(app, table.gm, 'GET', `${base}/bot-cover`)).body, { absent: true, afterMissed: 3 }, 'and nothing changed')
  const off = await gmPage.post(`/campaigns/${table.id}/gm/bot-cover`, { afterMissed: '' })
  t.equal(off.status, 303, 'the GM turns both off')
  t.same((await call(app, table.gm, 'GET', `${base}/bot-cover`)).body, { absent: false, afterMissed: null }, 'unticked and empty: off')

  // A catch-up weeks late (the service down, a campaign resumed) still sees the absences of the
  // windows it does: which absences count follows the campaign's calendar, not the database's clock,
  // so this campaign lives a year before the database's day.
  await setClock(app, '2025-11-24T09:00:00Z')
  const late = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, late, { ana: ['2,1', '3,3'] })
  const lateAna = late.players.ana!
  t.equal((await call(app, late.gm, 'PUT', `/api/campaigns/${late.id}/bot-cover`, { absent: true, afterMissed: null })).status, 200)
  t.equal((await call(app, lateAna.token, 'POST', `/api/campaigns/${late.id}/absences`, { from: '2025-12-01', to: '2025-12-01' })).status, 201)
  await setClock(app, '2025-12-15T10:00:00Z')
  await call(app, late.gm, 'GET', `/api/campaigns/${late.id}/state`)
  const lateEvents = (await call(app, late.gm, 'GET', `/api/campaigns/${late.id}/events`)).body.events as {
    type: string
    at: string
    payload: { tribe?: string }
  }[]
  const ofAna = (type: string) => lateEvents.filter((e) => e.type === type && e.payload.tribe === lateAna.tribeId).map((e) => e.at.slice(0, 10))
  t.same(ofAna('order.bot'), ['2025-11-30'], "a catch-up two weeks late: the bot played ana's window of the day she was away, and no other")
  t.notOk(ofAna('window.missed').includes('2025-12-01'), 'and that window, opened and closed in one catch-up, is not one she missed')
  t.ok(ofAna('window.missed').includes('2025-12-08'), 'while the next Monday, hers and without an order, is')

  // An absence declared once the window is open hands nothing to the bot: the window opened as
  // hers, the bot did not play it, and left without an order it is one she missed.
  t.equal((await call(app, lateAna.token, 'POST', `/api/campaigns/${late.id}/absences`, { from: '2025-12-15', to: '2025-12-15' })).status, 201)
  await setClock(app, '2025-12-15T21:00:00Z')
  await call(app, late.gm, 'GET', `/api/campaigns/${late.id}/state`)
  const afterClose = (await call(app, late.gm, 'GET', `/api/campaigns/${late.id}/events`)).body.events as typeof lateEvents
  const ofAnaNow = (type: string) => afterClose.filter((e) => e.type === type && e.payload.tribe === lateAna.tribeId).map((e) => e.at.slice(0, 10))
  t.notOk(ofAnaNow('order.bot').includes('2025-12-15'), 'the bot did not play the window of the day she said she was away, once it was open')
  t.ok(ofAnaNow('window.missed').includes('2025-12-15'), 'so its close notes it missed')
})
