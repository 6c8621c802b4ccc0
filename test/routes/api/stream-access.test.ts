// A stream re-checks its reader every beat (#45 items 4 and 5): a replacement, a logout or the
// removal of a tribe ends the stream, and nothing is told after it; reconnecting is refused as
// a new stream would be. And the caps: per account, per address, per instance, each a 429 with
// Retry-After.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, mondayGame, setUp } from '../../helpers/campaign.ts'
import { listen, type Listener } from '../../helpers/sse.ts'

/** Whether the server ends the stream within `ms` (a few beats). */
const endsWithin = (ended: Promise<void>, ms = 5000) =>
  Promise.race([ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])
const beats = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 500))

t.test('a replacement and a logout end the stream; nothing is told after them', async (t) => {
  const { app, table } = await mondayGame(t)
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/campaigns/${table.id}/stream`
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Truce', tribes: [ana.tribeId, ben.tribeId] })
  const say = async (body: string) => {
    const res = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/messages`, { body })
    t.equal(res.status, 201)
    return res
  }
  const anaStream = await listen(url, ana.token)
  const benStream = await listen(url, ben.token)
  t.teardown(() => [anaStream, benStream].forEach((s) => s.close()))
  await say('Before')
  await anaStream.next((h) => h.event === 'scene')
  await benStream.next((h) => h.event === 'scene')
  t.pass('both players hear the scene')

  await register(app, 'carla@example.com')
  const replaced = await call(app, table.gm, 'PUT', `/api/campaigns/${table.id}/tribes/${ana.tribeId}/player`, { email: 'carla@example.com' })
  t.equal(replaced.status, 200)
  await say('After the replacement')
  await benStream.next((h) => h.event === 'scene' && h !== benStream.heard.find((x) => x.event === 'scene'))
  t.ok(await endsWithin(anaStream.ended), "the replacement ends ana's stream")
  t.equal(anaStream.heard.filter((h) => h.event === 'scene').length, 1, 'and she heard nothing of the scene after it')
  t.equal((await listen(url, ana.token)).status, 404, 'reconnecting: the running private campaign is not hers to read')

  t.equal((await call(app, ben.token, 'POST', '/api/auth/logout')).status, 204, 'ben logs out')
  t.ok(await endsWithin(benStream.ended), "the logout ends ben's stream")
  const heardBefore = benStream.heard.length
  await say('After the logout')
  await beats(3)
  t.equal(benStream.heard.length, heardBefore, 'and he hears nothing after it')
  const again = await listen(url, ben.token)
  t.equal(again.status, 401, 'reconnecting with the ended login: 401')
})

t.test("removing a tribe before the start ends its player's stream", async (t) => {
  const app = await buildTestApp(t)
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/campaigns/${table.id}/stream`
  const anaStream = await listen(url, table.players.ana!.token)
  t.teardown(() => anaStream.close())
  t.equal(anaStream.status, 200, 'a member streams the campaign in setup')
  await beats(2)
  t.notOk(await endsWithin(anaStream.ended, 10), 'the stream stays open')
  t.equal((await call(app, table.gm, 'DELETE', `/api/campaigns/${table.id}/tribes/${table.players.ana!.tribeId}`)).status, 204)
  t.ok(await endsWithin(anaStream.ended), 'the removal ends it')
})

t.test('caps per account, per address and per instance: 429 with Retry-After', async (t) => {
  const { app, table } = await mondayGame(t, { streamsPerAddress: 6, streamsPerInstance: 7 })
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/campaigns/${table.id}/stream`
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const open: Listener[] = []
  t.teardown(() => open.forEach((s) => s.close()))
  for (let i = 0; i < 5; i++) open.push(await listen(url, ana.token))
  t.ok(
    open.every((s) => s.status === 200),
    'ana holds 5 streams',
  )
  const refused = async (token: string, from: string, code: string, what: string) => {
    const res = await listen(url, token, { from })
    t.equal(res.status, 429, what)
    t.equal(JSON.parse(res.body).error.code, code)
    t.ok(Number(res.headers['retry-after']) > 0, 'with Retry-After')
  }
  await refused(ana.token, '127.0.0.1', 'stream/too_many', 'a 6th of one account: 429')
  await refused(ana.token, '127.0.0.2', 'stream/too_many', 'from another address too')
  open.push(await listen(url, ben.token))
  t.equal(open.at(-1)!.status, 200, 'another account from the same address: a 6th stream there')
  await refused(ben.token, '127.0.0.1', 'stream/address_busy', 'a 7th from one address, whatever the account: 429')
  open.push(await listen(url, ben.token, { from: '127.0.0.2' }))
  t.equal(open.at(-1)!.status, 200, 'from another address: the 7th on the instance')
  await refused(table.gm, '127.0.0.3', 'stream/server_busy', 'an 8th on the instance, from anyone anywhere: 429')
  open.shift()!.close()
  await beats(1)
  const after = await listen(url, table.gm, { from: '127.0.0.3' })
  open.push(after)
  t.equal(after.status, 200, 'once a stream closes, another may open')
})
