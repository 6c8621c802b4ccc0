// The API documents what a bot author can send (#13 part 10): every request example of the
// OpenAPI document, sent as written in its documented situation, gets the documented status;
// every route that reads the caller declares bearerAuth, so "Try it out" sends the token.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { DEMO_USERS, seedDemo } from '../../../src/services/demo.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call } from '../../helpers/campaign.ts'
import { currentState, plantState } from '../../helpers/db.ts'

type Operation = {
  requestBody?: { content: Record<string, { examples?: Record<string, { summary: string; value: unknown }> }> }
  security?: Record<string, string[]>[]
  responses: Record<string, unknown>
}

// Monday 10:00 in Madrid, the Astures' window: the demo is seeded at that hour, not the machine's
// (seeded on a Monday evening, its calendar had already closed that day's window for good).
const MONDAY_MORNING = new Date('2026-11-30T09:00:00Z')

t.test('every order example in the OpenAPI document is accepted as written, in the situation its description gives', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, testClockNow: MONDAY_MORNING })
  const seeded = await seedDemo(app.db, { clock: app.clock, publicUrl: 'http://demo.test' })
  if (!seeded.seeded) throw new Error('no demo')
  const id = seeded.campaignId
  const doc = (await call(app, null, 'GET', '/docs/json')).body
  const post = doc.paths['/api/campaigns/{id}/orders'].post as Operation
  const examples = post.requestBody!.content['application/json']!.examples!
  t.ok(Object.keys(examples).length >= 11, 'an example per order type, and a batch')
  t.match(post.responses, { 200: {} }, 'the documented status')

  // The situation of the examples, written into the stored state (see examples.ts).
  const state = (await currentState(app.pg, id)) as {
    tribes: { id: string; name: string }[]
    ships: Record<string, unknown>
    pools: { cities: string[]; balance: number }[]
    nextShipId: number
  }
  const tribe = (name: string) => state.tribes.find((x) => x.name === name)!.id
  const astures = tribe('Astures')
  state.ships = {
    s1: { id: 's1', tribe: astures, tile: '3,0', crew: 3, mp: 3 },
    s2: { id: 's2', tribe: astures, tile: '4,0', crew: 0, mp: 3 },
    s3: { id: 's3', tribe: astures, tile: '5,6', crew: 4, mp: 3 },
    s4: { id: 's4', tribe: tribe('Bracari'), tile: '6,6', crew: 2, mp: 3 },
  }
  state.nextShipId = 5
  state.pools.find((p) => p.cities.includes('2,1'))!.balance = 200
  const ana = (await call(app, null, 'POST', '/api/auth/login', { email: DEMO_USERS[1]!.email, password: 'weekday-demo' })).body.token as string

  for (const [name, example] of Object.entries(examples)) {
    await plantState(app.pg, id, state)
    const res = await call(app, ana, 'POST', `/api/campaigns/${id}/orders`, example.value)
    t.equal(res.status, 200, `${name} (${example.summary}): 200${res.status === 200 ? '' : ` but ${JSON.stringify(res.body)}`}`)
  }
})

t.test('every route that reads the caller declares bearerAuth (optional where anyone may read)', async (t) => {
  const app = await buildTestApp(t)
  const doc = (await call(app, null, 'GET', '/docs/json')).body as { paths: Record<string, Record<string, Operation>> }
  const reads = [
    '/api/campaigns',
    '/api/campaigns/{id}',
    '/api/campaigns/{id}/state',
    '/api/campaigns/{id}/options',
    '/api/campaigns/{id}/events',
    '/api/campaigns/{id}/pools',
    '/api/campaigns/{id}/verify',
    '/api/campaigns/{id}/dice/{week}',
    '/api/maps',
  ]
  for (const path of reads) {
    const security = doc.paths[path]?.get?.security
    t.ok(
      security?.some((s) => 'bearerAuth' in s),
      `GET ${path} declares bearerAuth`,
    )
  }
  t.same(doc.paths['/api/campaigns/{id}/state']!.get!.security, [{ bearerAuth: [] }, {}], 'optional on a public read: anonymous is allowed too')
})

t.test('docs/API.md\'s "Play a turn with curl": its three orders, as written, are accepted on the demo with the clock it gives', async (t) => {
  const markdown = readFileSync(path.resolve(import.meta.dirname, '../../../docs/API.md'), 'utf8')
  t.not(markdown.indexOf('\n## Play a turn with curl\n'), -1, 'docs/API.md has the section')
  const section = markdown.slice(markdown.indexOf('\n## Play a turn with curl\n'))
  const now = /TEST_CLOCK_NOW=(\S+)/.exec(section)![1]!
  const login = JSON.parse(/auth\/login[^\n]*\n\s*-d '([^']+)'/.exec(section)![1]!) as { email: string; password: string }
  const bodies = [...section.slice(0, section.indexOf('Every error has one shape')).matchAll(/\/orders[^\n]*\n\s*-d '([^']+)'/g)].map((m) => JSON.parse(m[1]!))
  t.equal(bodies.length, 3, 'recruit, move, end the turn')
  const app = await buildTestApp(t, { allowTestClock: true, testClockNow: new Date(now) })
  const seeded = await seedDemo(app.db, { clock: app.clock, publicUrl: 'http://demo.test' })
  t.ok(seeded.seeded)
  const token = (await call(app, null, 'POST', '/api/auth/login', login)).body.token as string
  const id = (await call(app, token, 'GET', '/api/campaigns')).body.campaigns[0].id as string
  t.equal((await call(app, token, 'GET', `/api/campaigns/${id}/state`)).body.you.windowOpen, true, "ana's window is open")
  for (const [i, body] of bodies.entries()) {
    const res = await call(app, token, 'POST', `/api/campaigns/${id}/orders`, body, { 'idempotency-key': `mon-${i + 1}` })
    t.equal(res.status, 200, `${body.order.type}: 200${res.status === 200 ? '' : ` but ${JSON.stringify(res.body)}`}`)
  }
  const state = (await call(app, token, 'GET', `/api/campaigns/${id}/state`)).body
  t.same(
    ['4,3', '5,3'].map((k) => state.map.tiles.find((x: { tile: string }) => x.tile === k).owner),
    [state.you.tribeId, state.you.tribeId],
    'the move claimed both tiles',
  )
  t.equal(state.you.phase, 'ended', 'and the turn is over')
})
