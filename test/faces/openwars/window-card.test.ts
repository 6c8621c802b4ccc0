// #46: Open Wars' turn page draws the window's card from the window. The End turn button comes
// from the engine's options; when they lacked endTurn (a legality probe that failed, see
// test/games/openwars/end-turn-offered.test.ts) the page said "next window: next week" in an open
// window, and a flake of the browser test read as a window the calendar had closed.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'
import { currentState, plantState } from '../../helpers/db.ts'
import { visitor } from '../../helpers/pages.ts'

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

t.test('#46 W3.9 an open window stays open on the turn page when endTurn is not among the options', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday: tick 0 is Sunday the 6th (W3.4)
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'openwars' })
  const api = `/api/campaigns/${table.id}`
  const ana = table.players.ana!
  t.equal((await call(app, table.gm, 'POST', `${api}/start`)).status, 200, 'the campaign starts')
  await setClock(app, '2026-12-07T00:30:00Z') // after tick 0
  const tribes = (await call(app, ana.token, 'GET', `${api}/state`)).body.tribes as { id: string; weekday: string; figures: Record<string, unknown> }[]
  // The game's own figures of a tribe sit under a key of their own, apart from the platform's calendar (#48).
  t.match(tribes[0], { figures: { faction: String, gold: Number, mana: Number } }, "a tribe's faction, gold and mana are the game's figures")
  t.notOk('gold' in tribes[0]! || 'faction' in tribes[0]!, "and not among the platform's fields")
  const day = DAYS.indexOf(tribes.find((x) => x.id === ana.tribeId)!.weekday)
  await setClock(app, new Date(Date.UTC(2026, 11, 7 + day, 9)).toISOString()) // her window, 10:00 in Madrid
  const page = visitor(app)
  await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email, 'correct horse battery')
  const endTurn = /<input type="hidden" name="type" value="endTurn">/

  const open = (await page.get(`/campaigns/${table.id}/turn?lang=en`)).body
  t.match(open, /<h2 id="window-h">Your window is open/, 'her window is open')
  t.match(open, endTurn, 'with its End turn button')

  // A battle the combat phase cannot find: the engine's probe of endTurn fails, as the one-faced die's did.
  const state = await currentState<{ contested: string[] }>(app.pg, table.id)
  state.contested = ['r99c99']
  await plantState(app.pg, table.id, state)
  const options = (await call(app, ana.token, 'GET', `${api}/options`)).body.options as { orders: { type: string }[] }
  t.notOk(
    options.orders.some((o) => o.type === 'endTurn'),
    'endTurn is not offered',
  )
  const broken = (await page.get(`/campaigns/${table.id}/turn?lang=en`)).body
  t.match(broken, /<h2 id="window-h">Your window is open/, 'the page still says her window is open')
  t.match(broken, /It closes [^<]*20:00/, 'and when it closes')
  t.notMatch(broken, /next window:/, 'not that her next window is next week')
  t.notMatch(broken, endTurn, 'the End turn button follows the options')
})
