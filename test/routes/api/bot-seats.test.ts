// #50 "Where bots play": the GM hands a tribe to the game's bot (a player who went quiet or left)
// and back to its player later. The bot gives that tribe's orders as its window opens, through
// the log like a player's, and the chronicle says so; nobody but the GM may hand a tribe over.
import t from 'tap'
import { call, mondayGame, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { buildTestApp } from '../../helpers/app.ts'

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
