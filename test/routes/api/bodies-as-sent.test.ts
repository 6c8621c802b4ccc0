// An API body is JSON and is taken as sent (#31 item 5): "1" is not 1, null is not false, a
// number is not a name. Each refusal is a 400 naming the field, and nothing is stored. Forms
// (the pages) send text and keep their coercion.
import t from 'tap'
import { call, mondayGame } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test('no type coercion on /api bodies; the refusal names the field and stores nothing', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!
  const me = (await call(app, ana.token, 'GET', '/api/me')).body
  const settings = (await call(app, ana.token, 'GET', '/api/me/notifications')).body
  const stateBefore = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body

  const cases: [string, 'PATCH' | 'PUT' | 'POST', string, unknown, RegExp][] = [
    ['a number for a name', 'PATCH', '/api/me', { displayName: 123 }, /displayName/],
    ['null for a yes/no', 'PUT', '/api/me/notifications', { payout: null }, /payout/],
    ['a string for a number', 'PUT', '/api/me/notifications', { reminderHours: '2' }, /reminderHours/],
    ['"true" for true', 'PUT', '/api/me/notifications', { digest: 'true' }, /digest/],
    ['a string for troops', 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: '1' } }, /troops/],
    ['an array for a name', 'POST', `/api/campaigns/${table.id}/scenes`, { title: ['Truce'], tribes: [ana.tribeId, table.players.ben!.tribeId] }, /title/],
  ]
  for (const [what, method, url, body, field] of cases) {
    const token = url.endsWith('/scenes') ? table.gm : ana.token
    const res = await call(app, token, method, url, body)
    t.equal(res.status, 400, `${what}: 400`)
    t.match(res.body?.error?.message, field, `${what}: the message names the field`)
  }
  t.same((await call(app, ana.token, 'GET', '/api/me')).body, me, 'the account as it was')
  t.same((await call(app, ana.token, 'GET', '/api/me/notifications')).body, settings, 'the mail settings as they were')
  t.same((await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body, stateBefore, 'the campaign as it was')
  t.same((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/scenes`)).body.scenes, [], 'no scene opened')

  const sent = await call(app, ana.token, 'PUT', '/api/me/notifications', { reminderHours: 2, payout: false })
  t.equal(sent.status, 200, 'the same change with the right types is taken')
  t.match(sent.body, { reminderHours: 2, payout: false })
  const recruited = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(recruited.status, 200, 'and a recruit of 1 (not "1")')

  // A form is text: the page's settings form still sends "2" for two hours.
  const browser = visitor(app)
  const user = await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })
  await browser.login(user.email, 'correct horse battery')
  await browser.get('/me/notifications')
  const saved = await browser.post('/me/notifications', { reminderHours: '5', payout: 'true' })
  t.equal(saved.status, 200, 'the form is coerced as before')
  t.match((await call(app, ana.token, 'GET', '/api/me/notifications')).body, { reminderHours: 5, payout: true })
})
