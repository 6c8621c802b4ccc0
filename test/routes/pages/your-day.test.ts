// The "your day" card on /campaigns (#30): on the tribe's weekday, during its window, the card
// says when the window closes and how long is left, what the tribe can spend and how many
// armies can still move (the game's own figures), with Play and Done; "Done" ends the turn.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, mondayGame, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const card = (body: string) => /<section class="your-day"[\s\S]*?<\/section>/.exec(body)?.[0] ?? null
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')

t.test("the card on the tribe's weekday: time left, what to spend, what can move, Play and Done, in English and Spanish", async (t) => {
  const { app, table } = await mondayGame(t) // Monday 30 November, 10:00 in Madrid
  const ana = table.players.ana!
  await setClock(app, '2026-11-30T09:48:00Z') // 10:48 in Madrid
  const state = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  const pools = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/pools`)).body.pools as { tribe: string; balance: number }[]
  const resources = pools.filter((p) => p.tribe === ana.tribeId).reduce((sum, p) => sum + p.balance, 0)
  // Its own armies and ships with movement points left (R4.5), as the state API shows them to ana.
  const armies = [...state.you.armies, ...state.you.ships].filter((a: { mp: number }) => a.mp > 0).length
  t.ok(resources > 0 && armies > 0, `ana has ${resources} resources and ${armies} armies to play with`)

  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  const shown = card((await page.get('/campaigns')).body)
  t.ok(shown, 'the card is there')
  const words = text(shown ?? '')
  t.match(words, /Your day/)
  t.match(words, /Test campaign · ana/, 'the campaign and the tribe')
  t.match(words, /Your window closes at 20:00 \(in 9 h 12 min\)\./, 'when, and how long is left')
  t.match(words, new RegExp(`To spend: ${resources} resources\\.`), 'what the pools can spend')
  t.match(words, new RegExp(`${armies} armies can still move\\.`), 'the armies with MP left')
  t.match(shown, new RegExp(`<a class="button play" href="/campaigns/${table.id}/turn">Play`), 'Play opens the turn')
  t.match(
    shown,
    new RegExp(`<form method="post" action="/campaigns/${table.id}/done" class="inline">\\s*<input type="hidden" name="_csrf" value="[^"]+">`),
    'Done is a form with its CSRF token',
  )

  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'es' } })
  const es = text(card((await page.get('/campaigns')).body) ?? '')
  t.match(es, /Tu día/)
  t.match(es, /Tu turno se cierra a las 20:00 \(dentro de 9 h 12 min\)\./)
  t.match(es, new RegExp(`Para gastar: ${resources} recursos\\.`))
  t.match(es, new RegExp(`${armies} ejércitos pueden moverse todavía\\.`))
  t.match(es, /Jugar/)
  t.match(es, /Terminar/)
  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'en', timeZone: 'America/New_York' } })
  t.match(text(card((await page.get('/campaigns')).body) ?? ''), /closes at 14:00 America\/New_York \(in 9 h 12 min\)/, "in the reader's own zone")

  // Ben plays on Wednesdays: no card for him today.
  const benPage = visitor(app)
  await benPage.login((await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ben!.userId } })).email, 'correct horse battery')
  t.equal(card((await benPage.get('/campaigns')).body), null, "no card on another tribe's day")

  await app.prisma.user.update({ where: { id: ana.userId }, data: { timeZone: 'Europe/Madrid' } })
  await setClock(app, '2026-11-30T18:30:00Z') // 19:30 in Madrid
  t.match(text(card((await page.get('/campaigns')).body) ?? ''), /closes at 20:00 \(in 30 min\)/, 'the last half hour')
  await setClock(app, '2026-11-30T19:01:00Z') // 20:01 in Madrid: the window is closed
  t.equal(card((await page.get('/campaigns')).body), null, 'no card after 20:00')
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday
  t.equal(card((await page.get('/campaigns')).body), null, 'no card the next day')
  await setClock(app, '2026-12-02T09:00:00Z') // Wednesday: Ben's day
  t.ok(card((await benPage.get('/campaigns')).body), "Ben's card on his day")
  t.equal(card((await page.get('/campaigns')).body), null, 'not Ana’s')
})

t.test('Done ends the turn; a second Done changes nothing and says so; no one else ends it', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  await page.get('/campaigns')
  const before = await app.prisma.campaignEvent.count({ where: { campaignId: table.id } })

  // Someone not in the campaign, its GM and its Wednesday player are refused, and nothing is written.
  const outsider = await register(app, `eve-${Math.random().toString(36).slice(2)}@example.com`)
  const evePage = visitor(app)
  await evePage.login(outsider.user.email, 'correct horse battery')
  await evePage.get('/campaigns')
  t.equal((await evePage.post(`/campaigns/${table.id}/done`, {})).status, 404, "another player's campaign is not found")
  const benPage = visitor(app)
  await benPage.login((await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ben!.userId } })).email, 'correct horse battery')
  await benPage.get('/campaigns')
  const ben = await benPage.post(`/campaigns/${table.id}/done`, {})
  t.equal(ben.status, 409, "Ben's window is closed on a Monday")
  t.ok(ben.body.includes('turn/nothing_to_end'), 'the refusal names its code')
  t.match(ben.body, /no open turn to end now/)
  const gmUser = (await call(app, table.gm, 'GET', '/api/me')).body
  const gmPage = visitor(app)
  await gmPage.login(gmUser.email, 'correct horse battery')
  await gmPage.get('/campaigns')
  const gm = await gmPage.post(`/campaigns/${table.id}/done`, {})
  t.equal(gm.status, 403, 'a game master plays no turn')
  t.match(gm.body, /orders\/not_a_player/)
  t.equal((await page.post(`/campaigns/${table.id}/done`, {}, { csrf: 'forged' })).status, 403, 'a post without its CSRF token is refused')
  t.equal(await app.prisma.campaignEvent.count({ where: { campaignId: table.id } }), before, 'nothing was written')

  const done = await page.post(`/campaigns/${table.id}/done`, {})
  t.equal(done.status, 303)
  t.equal(done.location, '/campaigns?notice=turn_ended')
  const after = await page.get(done.location!)
  t.match(after.body, /<p class="banner notice" role="status">Your turn is over: no more orders until your next window\.<\/p>/)
  const shown = text(card(after.body) ?? '')
  t.match(shown, /Turn ended: nothing more to do today\./, 'the card shows the turn ended')
  t.notMatch(card(after.body) ?? '', /\/done"/, 'with no Done button')
  const me = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.tribes.find((x: { id: string }) => x.id === ana.tribeId)
  t.equal(me.phase, 'ended', 'the engine says the turn ended (R4.6)')
  const refused = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [{ type: 'recruit', city: '3,3', troops: 1 }] })
  t.match(refused.body, { code: 'turn/ended' }, 'no more orders')

  const events = await app.prisma.campaignEvent.count({ where: { campaignId: table.id } })
  const again = await page.post(`/campaigns/${table.id}/done`, {})
  t.equal(again.location, '/campaigns?notice=turn_already_ended', 'a second Done is harmless')
  t.match((await page.get(again.location!)).body, /That turn was already over: nothing changed\./, 'and says so')
  t.equal(await app.prisma.campaignEvent.count({ where: { campaignId: table.id } }), events, 'and writes nothing')
})

t.test("a stand-in gets the absent player's card on the days of the absence, and Done works for them", async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const sam = await register(app, `sam-${Math.random().toString(36).slice(2)}@example.com`)
  t.equal((await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/absences`, { from: '2026-12-07', to: '2026-12-07' })).status, 201)
  const absence = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/absences`)).body.absences[0]
  t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/absences/${absence.id}/stand-in`, { email: sam.user.email })).status, 200)
  const page = visitor(app)
  await page.login(sam.user.email, 'correct horse battery')
  t.equal(card((await page.get('/campaigns')).body), null, 'not before the absence')
  await setClock(app, '2026-12-07T08:00:00Z') // Monday 7 December, 09:00 in Madrid
  const shown = text(card((await page.get('/campaigns')).body) ?? '')
  t.match(shown, /Test campaign · ana You stand in for this tribe's player today\. Your window closes at 20:00 \(in 11 h 0 min\)\./)
  const done = await page.post(`/campaigns/${table.id}/done`, {})
  t.equal(done.location, '/campaigns?notice=turn_ended')
  const me = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.tribes.find((x: { id: string }) => x.id === ana.tribeId)
  t.equal(me.phase, 'ended', "sam ended ana's turn")
  await setClock(app, '2026-12-14T08:00:00Z') // the next Monday: the absence is over
  t.equal(card((await page.get('/campaigns')).body), null, 'the card is the player’s again')
})

t.test("world conquest's card: its own goods and ready stacks, none during its setup", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'tuesday' }, { ruleset: 'conquest' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).status, 200)
  const ana = table.players.ana!
  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  t.equal(card((await page.get('/campaigns')).body), null, 'no window during the setup (G1.14), so no card')
  await setClock(app, '2026-12-07T09:00:00Z') // Monday 7 December, after tick 0
  const mine = (
    (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.territories as { owner: string; stock: Record<string, number> }[]
  ).filter((x) => x.owner === ana.tribeId)
  const basics = mine.reduce((sum, x) => sum + x.stock.basic!, 0)
  const shown = text(card((await page.get('/campaigns')).body) ?? '')
  t.match(shown, /Your window closes at 20:00 \(in 10 h 0 min\)\./)
  t.match(shown, new RegExp(`To spend: ${basics} Basics`), 'the goods in its words (its face catalogue)')
  t.match(
    shown,
    new RegExp(`${mine.length} territories have troops that can still move\\.`),
    'every territory has ready troops at the opening (G2.3), counted in its words',
  )
  const done = await page.post(`/campaigns/${table.id}/done`, {})
  t.equal(done.location, '/campaigns?notice=turn_ended', "Done gives the game's own end-turn order (G2.8)")
  t.match(text(card((await page.get('/campaigns')).body) ?? ''), /Turn ended/)
})
