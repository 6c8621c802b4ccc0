// A game that deals the weekdays anew (Open Wars' tick 0, W3.7): the tribes' rows, which every
// page, card and calendar feed reads, follow the game's deal in the same transaction as the save
// (#46). An order that ran tick 0 outside one wrote the rows in two statements after the state:
// a reader between them saw a tribe with no weekday, and a failure between them left the rows on
// a placeholder for good while the game played the new deal.
import pg from 'pg'
import t from 'tap'
import { buildTestApp } from '../helpers/app.ts'
import { call, setClock, setUp } from '../helpers/campaign.ts'

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

t.test('W3.7 #46 tick 0 run by an order: a failure while the new deal is written leaves rows and game on one deal', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday: tick 0 is Sunday the 6th, more than 72 hours on (W3.4)
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' }, { ruleset: 'openwars' })
  const api = `/api/campaigns/${table.id}`
  t.equal((await call(app, table.gm, 'POST', `${api}/start`)).status, 200)
  const rows = async () =>
    Object.fromEntries(
      (await app.pg.query<{ id: string; weekday: string }>('SELECT id::text, weekday FROM tribes WHERE campaign_id = $1::uuid', [table.id])).rows.map((r) => [
        r.id,
        r.weekday,
      ]),
    )
  const dealt = async () =>
    Object.fromEntries(((await call(app, table.gm, 'GET', `${api}/state`)).body.tribes as { id: string; weekday: string }[]).map((x) => [x.id, x.weekday]))

  const version = async () =>
    (await app.pg.query<{ version: number }>('SELECT version FROM game_snapshots WHERE campaign_id = $1::uuid', [table.id])).rows[0]!.version
  const before = await version()
  // Past tick 0 with no sweep: the first request that changes the campaign runs it.
  app.clock.set(new Date('2026-12-07T00:30:00Z'))
  // The connection is lost right between the two statements that move the rows to the new deal.
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  let failed = 0
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text
    if (failed === 0 && text?.includes('SET weekday = v.weekday')) {
      failed++
      const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })
      // pg-pool's own query passes a callback; a transaction's client is awaited.
      const callback = args.at(-1)
      if (typeof callback === 'function') return void setImmediate(() => callback(lost))
      return Promise.reject(lost)
    }
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query
  t.teardown(() => {
    pg.Client.prototype.query = query as typeof pg.Client.prototype.query
  })
  const order = await call(app, table.players.ana!.token, 'POST', `${api}/orders`, { order: { type: 'endTurn' } })
  t.equal(failed, 1, 'the second statement of the new deal failed once')
  t.equal(order.status, 503, 'the order that ran tick 0 is answered 503')

  const afterFailure = await rows()
  t.ok(
    Object.values(afterFailure).every((day) => WEEKDAYS.includes(day)),
    `every tribe's row still holds a weekday (${Object.values(afterFailure).join(', ')})`,
  )
  t.same(Object.values(afterFailure).sort(), ['friday', 'monday', 'wednesday'], 'the rows keep the join deal')
  t.equal(await version(), before, 'and so does the stored game: tick 0 was not saved without its rows')

  // The next request runs tick 0 again, whole.
  await call(app, table.players.ana!.token, 'POST', `${api}/orders`, { order: { type: 'endTurn' } })
  const after = await rows()
  t.ok((await version()) > before, 'tick 0 is saved')
  t.same(after, await dealt(), 'after tick 0 the rows hold the new deal the game plays')
  t.same(new Set(Object.values(after)).size, 3, 'three tribes, three weekdays')
})
