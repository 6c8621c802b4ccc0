// #50 "Where bots play": the GM hands a tribe to the game's bot (a player who went quiet or left)
// and back to its player later. The bot gives that tribe's orders as its window opens, through
// the log like a player's, and the chronicle says so; nobody but the GM may hand a tribe over.
import t from 'tap'
import { call, mondayGame, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { rulesetIds, rulesetOf } from '../../../src/engine/index.ts'

t.test('#50 the GM hands ben to the bot: it plays his Wednesday window, and he has it back the week after', async (t) => {
  const { app, table } = await mondayGame(t)
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const bot = (tribeId: string) => `/api/campaigns/${table.id}/tribes/${tribeId}/bot`
  const roster = async () => (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/roster`)).body.tribes as { id: string; bot: boolean }[]
  const botEvents = async () =>
    (
      (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/events`)).body.events as { type: string; payload: { tribe?: string; orders?: number } }[]
    ).filter((e) => e.type === 'order.bot')

  const byPlayer = await call(app, ana.token, 'PUT', bot(ben.tribeId), { plays: true })
  t.same([byPlayer.status, byPlayer.body.error?.code], [403, 'campaign/gm_only'], 'a player cannot hand a tribe to the bot')
  const unknown = await call(app, table.gm, 'PUT', bot('00000000-0000-4000-8000-000000000000'), { plays: true })
  t.equal(unknown.status, 404, 'an unknown tribe is not found')
  const bad = await call(app, table.gm, 'PUT', bot(ben.tribeId), { plays: 'yes' })
  t.equal(bad.status, 400, 'plays is true or false')
  t.same(
    (await roster()).map((x) => x.bot),
    [false, false],
    'nobody is played by the bot yet',
  )

  const handed = await call(app, table.gm, 'PUT', bot(ben.tribeId), { plays: true })
  t.same(handed.body, { tribeId: ben.tribeId, bot: true }, 'the GM hands ben to the bot')
  t.same((await roster()).find((x) => x.id === ben.tribeId)?.bot, true, 'the roster says so')
  const summary = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}`)).body.tribes as { id: string; bot: boolean }[]
  t.equal(summary.find((x) => x.id === ben.tribeId)?.bot, true, "and every member's campaign summary")

  // Wednesday 00:00 in Madrid: ben's window opens and the bot plays it there and then.
  await setClock(app, '2026-12-02T09:00:00Z')
  await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)
  const played = await botEvents()
  t.equal(played.length, 1, "the bot played ben's window once")
  t.equal(played[0]?.payload.tribe, ben.tribeId)
  t.ok((played[0]?.payload.orders ?? 0) > 0, `with ${played[0]?.payload.orders} orders`)
  const logged = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/events`)).body.events as { type: string; payload: { tribe?: string } }[]
  const bens = logged.filter((e) => e.payload.tribe === ben.tribeId).map((e) => e.type)
  const window = bens.slice(bens.indexOf('windowOpened'))
  t.equal(window.filter((type) => type === 'order').length, played[0]?.payload.orders, 'each of its orders is in the log as an order of ben, in his window')
  t.equal(window.at(-1), 'order.bot', 'and the note that the bot gave them closes the run')
  const history = visitor(app)
  const { createdById } = await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })
  const gmEmail = (await app.prisma.user.findUniqueOrThrow({ where: { id: createdById } })).email
  await history.login(gmEmail, 'correct horse battery')
  const page = await history.get(`/campaigns/${table.id}/history?kind=campaign`)
  t.match(page.body, /The game master handed ben to the bot\./, 'the history says the GM handed ben to the bot')
  t.match(page.body, /The bot gave \d+ orders? for ben/, 'and that the bot played for him')
  const gmPage = await history.get(`/campaigns/${table.id}/gm`)
  t.match(gmPage.body, /Played by the bot/, "the GM's roster says who the bot plays")
  t.match(gmPage.body, /Back to its player/, 'and offers to give it back')

  // Back to ben: his next Wednesday is his own again.
  const back = await history.post(`/campaigns/${table.id}/gm/bot`, { tribeId: ben.tribeId, plays: 'no' })
  t.equal(back.status, 303, 'given back through the console')
  t.equal((await roster()).find((x) => x.id === ben.tribeId)?.bot, false)
  await setClock(app, '2026-12-09T09:00:00Z')
  await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal((await botEvents()).length, 1, 'the bot played no other window')
  const mine = await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(mine.body.you.windowOpen, true, "ben's own window is open for him")

  // Ben leaves for good: his tribe has no player, and the bot covers it all the same.
  t.equal((await call(app, table.gm, 'PUT', bot(ben.tribeId), { plays: true })).status, 200)
  await app.pg.query(`UPDATE tribes SET user_id = NULL WHERE campaign_id = $1::uuid AND id = $2::uuid`, [table.id, ben.tribeId])
  const nobody = await call(app, table.gm, 'PUT', bot(ben.tribeId), { plays: false })
  t.same([nobody.status, nobody.body.error?.code], [409, 'tribe/no_player'], 'a tribe nobody plays cannot be taken from the bot')
  await setClock(app, '2026-12-16T09:00:00Z')
  await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal((await botEvents()).length, 2, 'the bot plays the Wednesday of a tribe whose player left')

  // Once the campaign is over, nobody is handed to the bot or taken from it.
  await app.prisma.campaign.update({ where: { id: table.id }, data: { status: 'finished' } })
  const before = await roster()
  const over = await call(app, table.gm, 'PUT', bot(ana.tribeId), { plays: true })
  t.same([over.status, over.body.error?.code], [409, 'campaign/finished'], 'a finished campaign refuses the hand-over')
  t.same(await roster(), before, 'and every tribe stays as it was')
  const noted = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/events`)).body.events as { type: string; payload: { tribe?: string } }[]
  t.notOk(
    noted.some((e) => e.type === 'tribe.bot' && e.payload.tribe === ana.tribeId),
    'with no hand-over in the log',
  )
})

t.test('#50 a tribe the bot plays picks its cities in the draft at once, R3.4', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cai: 'friday' })
  const [ana, ben, cai] = [table.players.ana!, table.players.ben!, table.players.cai!]
  for (const tribe of [ben, cai])
    t.equal((await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/tribes/${tribe.tribeId}/bot`, { plays: true })).status, 200)
  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)
  t.equal(started.status, 200)
  const order = started.body.order as string[]
  const state = async () => (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  const before = await state()
  const picks = before.draft.picks as { tribe: string }[]
  t.equal(picks.length, order.indexOf(ana.tribeId), 'at the start, the bots picked every turn of the drawn order before hers')
  t.equal(order[picks.length], ana.tribeId, 'and the draft waits for the one person')
  // Ana picks her two cities when the snake comes back to her; the bots pick theirs between.
  const cities = (s: { map: { tiles: { city: boolean; tile: string; owner: string | null }[] } }) =>
    s.map.tiles.filter((x) => x.city && !x.owner).map((x) => x.tile)
  for (let pick = 0; pick < 2; pick++) {
    let status = 0
    for (const city of cities(await state())) {
      status = (await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/draft/picks`, { choice: city })).status
      if (status === 200) break
    }
    t.equal(status, 200, `ana's pick ${pick + 1}`)
  }
  const after = await state()
  t.equal(after.status, 'running', "the last pick, hers or a bot's, starts the campaign (R3.5)")
  const owned = (tribe: string) => after.map.tiles.filter((x: { city: boolean; owner: string | null }) => x.city && x.owner === tribe).length
  t.same([owned(ana.tribeId), owned(ben.tribeId), owned(cai.tribeId)], [2, 2, 2], 'two cities each (R3.4)')
  const events = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/events`)).body.events as { type: string; payload: { tribe?: string } }[]
  t.equal(
    events.filter((e) => e.type === 'order.bot' && (e.payload.tribe === ben.tribeId || e.payload.tribe === cai.tribeId)).length,
    4,
    "each bot pick is in the log as the bot's",
  )
})

t.test('#50 two friends on a seven-tribe map: the GM gives the empty seats to the bot, a third friend takes one later', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { mapId: 'coast-7' })
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const base = `/api/campaigns/${table.id}`
  const roster = async () => (await call(app, table.gm, 'GET', `${base}/roster`)).body.tribes as { id: string; name: string; bot: boolean }[]

  const byPlayer = await call(app, ana.token, 'POST', `${base}/bot-seats`, { tribeName: 'Autómatas', weekday: 'friday' })
  t.same([byPlayer.status, byPlayer.body.error?.code], [403, 'campaign/gm_only'], 'only the GM gives a seat to the bot')
  const taken = await call(app, table.gm, 'POST', `${base}/bot-seats`, { tribeName: 'Autómatas', weekday: 'monday' })
  t.same(
    [taken.status, taken.body.error?.code, taken.body.error?.rule],
    [409, 'tribe/weekday_taken', 'R2.1'],
    "a seat takes a free weekday (R2.1): Monday is ana's",
  )
  const alike = await call(app, table.gm, 'POST', `${base}/bot-seats`, { tribeName: 'Ana', weekday: 'friday' })
  t.same([alike.status, alike.body.error?.code], [409, 'tribe/name_taken'], 'and a name unlike the others')
  t.equal((await roster()).length, 2, 'the refusals stored nothing')
  // The console's form: a free weekday chosen, a name to start from; a refusal is a page naming it, with what was typed.
  const gmPage = visitor(app)
  const { createdById } = await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })
  await gmPage.login((await app.prisma.user.findUniqueOrThrow({ where: { id: createdById } })).email, 'correct horse battery')
  const card = (await gmPage.get(`/campaigns/${table.id}/gm`)).body
  t.match(card, /<input name="tribeName" maxlength="40" required value="Bot 3">/, 'the form offers a name')
  t.match(card, /<select name="weekday"><option value="tuesday" selected>Tuesday<\/option><option value="thursday">/, 'and the free weekdays, the first chosen')
  const refused = await gmPage.post(`/campaigns/${table.id}/gm/bot-seat`, { tribeName: 'Autómatas', weekday: 'wednesday' })
  t.equal(refused.status, 409, 'a taken weekday is refused by the form too')
  t.match(refused.body, /wednesday already belongs to ben/, 'naming the tribe that has it')
  t.match(refused.body, /value="Autómatas"/, 'with the name typed kept')
  const seated = await gmPage.post(`/campaigns/${table.id}/gm/bot-seat`, { tribeName: 'Autómatas', weekday: 'tuesday' })
  t.equal(seated.status, 303, 'the GM gives Tuesday to the bot from the console')
  t.match((await gmPage.get(seated.location!)).body, /The bot has the seat: it plays that tribe from the start\./)
  const seats = [(await roster()).find((x) => x.name === 'Autómatas')!.id]
  for (const [tribeName, weekday] of [
    ['Engranajes', 'thursday'],
    ['Relojes', 'friday'],
    ['Poleas', 'saturday'],
    ['Muelles', 'sunday'],
  ]) {
    const seat = await call(app, table.gm, 'POST', `${base}/bot-seats`, { tribeName, weekday })
    t.same([seat.status, seat.body.tribe?.name, seat.body.tribe?.weekday, seat.body.bot], [201, tribeName, weekday, true], `${tribeName} takes ${weekday}`)
    seats.push(seat.body.tribe.id)
  }
  const full = await call(app, table.gm, 'POST', `${base}/bot-seats`, { tribeName: 'Resortes', weekday: 'sunday' })
  t.same([full.status, full.body.error?.code], [409, 'campaign/full'], 'seven tribes fill the map (R2.1): an eighth is refused')
  t.same(
    (await roster()).map((x) => x.bot),
    [false, false, true, true, true, true, true],
    'the roster says which tribes the bot plays',
  )

  // A third friend takes Poleas's seat before the start: the bot leaves it.
  const cai = await register(app, `cai-${Math.random().toString(36).slice(2)}@example.com`)
  const invitation = await call(app, table.gm, 'POST', `${base}/invitations`, { tribeId: seats[3] })
  t.equal((await call(app, cai.token, 'POST', `/api/invitations/${invitation.body.token}/accept`, {})).status, 201, 'cai accepts the seat')
  t.same(
    (await roster()).map((x) => x.bot),
    [false, false, true, true, true, false, true],
    "Poleas is cai's now, not the bot's",
  )

  // The draft: the bots pick at once; the GM picks for the friends whenever one is on the clock.
  const order = (await call(app, table.gm, 'POST', `${base}/draft/start`)).body.order as string[]
  const state = async () => (await call(app, table.gm, 'GET', `${base}/state`)).body
  for (let guard = 0; guard < 14; guard++) {
    const now = await state()
    if (now.status !== 'draft') break
    const picks = now.draft.picks.length as number
    const onTheClock = [...order, ...[...order].reverse()][picks]!
    t.notOk([seats[0], seats[1], seats[2], seats[4]].includes(onTheClock), `pick ${picks + 1} waits for a person, never for a bot`)
    const free = now.map.tiles.filter((x: { city: boolean; owner: string | null }) => x.city && !x.owner).map((x: { tile: string }) => x.tile) as string[]
    for (const city of free) if ((await call(app, table.gm, 'POST', `${base}/draft/picks`, { tribeId: onTheClock, choice: city })).status === 200) break
  }
  const running = await state()
  t.equal(running.status, 'running', 'the draft ended with the last pick (R3.5)')
  const cities = (tribe: string) => running.map.tiles.filter((x: { city: boolean; owner: string | null }) => x.city && x.owner === tribe).length
  t.same([ana.tribeId, ben.tribeId, ...seats].map(cities), [2, 2, 2, 2, 2, 2, 2], 'every tribe has its two cities (R3.4)')

  // The bots play their windows: Autómatas on Tuesday.
  await setClock(app, '2026-12-01T10:00:00Z')
  await call(app, table.gm, 'GET', `${base}/state`)
  const events = (await call(app, table.gm, 'GET', `${base}/events`)).body.events as { type: string; at: string; payload: { tribe?: string } }[]
  t.ok(
    events.some((e) => e.type === 'order.bot' && e.payload.tribe === seats[0] && e.at.startsWith('2026-11-30T23')),
    "the bot played Autómatas's Tuesday window as it opened",
  )
  t.match(
    (await gmPage.get(`/campaigns/${table.id}/history?kind=campaign&week=0`)).body,
    /Relojes joined, played by the bot, on Friday\./,
    'the history says who the bot plays',
  )
})

t.test('#50 an empty seat in every game without a draft: the bot plays its windows, and the log replays', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  for (const ruleset of rulesetIds().filter((id) => !rulesetOf(id).draftPick)) {
    await setClock(app, '2026-11-30T09:00:00Z') // Monday
    const table = await setUp(app, { ana: 'monday' }, { ruleset })
    const base = `/api/campaigns/${table.id}`
    const seat = await call(app, table.gm, 'POST', `${base}/bot-seats`, { tribeName: 'Autómatas', weekday: 'thursday' })
    t.equal(seat.status, 201, `${ruleset}: the bot takes Thursday's seat`)
    t.equal((await call(app, table.gm, 'POST', `${base}/start`)).status, 200, `${ruleset}: started with one person and the bot`)
    const late = await call(app, table.gm, 'POST', `${base}/bot-seats`, { tribeName: 'Poleas', weekday: 'friday' })
    t.same([late.status, late.body.error?.code, late.body.error?.rule], [409, 'campaign/already_started', 'R3.1'], `${ruleset}: no seat after the start`)
    // Three weeks on, in weekly catch-ups.
    for (const day of ['2026-12-06T21:00:00Z', '2026-12-13T21:00:00Z', '2026-12-20T21:00:00Z']) {
      await setClock(app, day)
      await call(app, table.gm, 'GET', `${base}/state`)
    }
    const events = (await call(app, table.gm, 'GET', `${base}/events?limit=500`)).body.events as { type: string; at: string; payload: { tribe?: string } }[]
    const played = events.filter((e) => e.type === 'order.bot' && e.payload.tribe === seat.body.tribe.id).map((e) => e.at.slice(0, 10))
    t.ok(played.length >= 2, `${ruleset}: the bot gave orders in its Thursday windows (${played.join(', ')})`)
    const verified = (await call(app, table.gm, 'GET', `${base}/verify`)).body
    t.equal(verified.ok, true, `${ruleset}: the log, the bot's orders in it, replays to the stored state (R12.2)`)
  }
})
