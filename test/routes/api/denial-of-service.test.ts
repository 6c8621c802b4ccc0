// No one can stop the service (#25): with a pool of two connections, thirty requests at once
// on every route that opens a transaction all get an answer, /health answers throughout, and
// a transaction that would take a second connection is refused at once instead of waiting.
import t from 'tap'
import { detached, transaction } from '../../../src/db/sql.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App } from '../../helpers/campaign.ts'

const AT_ONCE = 30
/** Far longer than any answer should take; a request still waiting then never got one. */
const NO_ANSWER_MS = 30_000

interface Answer {
  status: number
  body: unknown
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return `http://127.0.0.1:${address.port}`
}

/** One request over real HTTP; status 0 when no answer came in time. */
async function send(base: string, token: string | null, method: string, url: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(base + url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(NO_ANSWER_MS),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  } catch {
    return { status: 0, body: null }
  }
}

/** Polls /health until stopped; every answer is kept. */
function healthWatch(base: string) {
  const answers: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = Date.now()
      try {
        const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(3_000) })
        answers.push(res.status)
      } catch {
        answers.push(0)
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - started))))
    }
  })()
  return {
    answers,
    async stop() {
      running = false
      await loop
    },
  }
}

t.test(
  'a pool of 2: thirty requests at once on every route that opens a transaction all get an answer (2xx, 4xx or 503), and /health answers throughout',
  async (t) => {
    const app = await buildTestApp(t, { databasePoolSize: 2, allowTestClock: true, loginRateLimit: 100_000 })
    await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
    const base = await listen(app)
    const running = await setUp(app, { ana: 'monday', ben: 'wednesday' })
    await draft(app, running, { ana: ['2,1', '3,3'] })
    const ana = running.players.ana!
    const ben = running.players.ben!
    const open = await setUp(app, { cleo: 'friday' })
    const crowd = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => register(app, `crowd${i}@example.com`)))
    const scene = await call(app, running.gm, 'POST', `/api/campaigns/${running.id}/scenes`, { title: 'Talks', tribes: [ana.tribeId, ben.tribeId] })
    const health = healthWatch(base)

    const seen = new Map<string, number[]>()
    async function hammer(name: string, request: (i: number) => Promise<Answer>) {
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => request(i)))
      seen.set(
        name,
        answers.map((a) => a.status),
      )
      return answers
    }
    const at = (path: string) => `/api/campaigns/${open.id}${path}`
    const on = (path: string) => `/api/campaigns/${running.id}${path}`

    // The thirty invitation mails that once held every connection for good.
    const invited = await hammer('POST invitations (mailed)', (i) => send(base, open.gm, 'POST', at('/invitations'), { email: `guest${i}@example.com` }))
    const token = (invited.find((a) => a.status === 201)!.body as { token: string }).token
    await hammer('POST invitations/{token}/resend', () => send(base, open.gm, 'POST', at(`/invitations/${token}/resend`)))
    await hammer('POST invitations/{token}/accept', (i) =>
      send(base, crowd[i]!.token, 'POST', `/api/invitations/${token}/accept`, { tribeName: `Guests ${i}`, weekday: 'tuesday' }),
    )
    await hammer('POST invitations/{token}/revoke', () => send(base, open.gm, 'POST', at(`/invitations/${token}/revoke`)))
    await hammer('POST campaigns', (i) => send(base, crowd[i]!.token, 'POST', '/api/campaigns', { name: `Crowd ${i}`, mapId: 'coast-3' }))
    await hammer('PUT recruiting', (i) => send(base, open.gm, 'PUT', at('/recruiting'), { mode: i % 2 ? 'open' : 'ask' }))
    await send(base, open.gm, 'PUT', at('/recruiting'), { mode: 'ask' })
    await hammer('POST join (ask)', (i) => send(base, crowd[i]!.token, 'POST', at('/join'), { tribeName: `Asker ${i}`, weekday: 'sunday' }))
    const requests = (await call(app, open.gm, 'GET', at('/join-requests'))).body.requests as { id: string }[]
    await hammer('POST join-requests/{id}/accept', (i) => send(base, open.gm, 'POST', at(`/join-requests/${requests[i % requests.length]!.id}/accept`)))
    await send(base, open.gm, 'PUT', at('/recruiting'), { mode: 'open' })
    await hammer('POST join (open)', (i) => send(base, crowd[i]!.token, 'POST', at('/join'), { tribeName: `Joiner ${i}`, weekday: 'saturday' }))
    const cleo = open.players.cleo!.tribeId
    await hammer('DELETE tribes/{id}', () => send(base, open.gm, 'DELETE', at(`/tribes/${cleo}`)))
    await hammer('POST draft/start', () => send(base, open.gm, 'POST', at('/draft/start')))

    // The calendar sweep runs on its reserved connections while thirty orders queue for theirs.
    const [, sweepDuringStorm] = await Promise.all([
      hammer('POST orders', (i) =>
        send(base, ana.token, 'POST', on('/orders'), {
          order: i % 2 ? { type: 'recruit', city: '2,1', troops: 1 } : { type: 'recruit', city: '3,3', troops: 1 },
        }),
      ),
      app.clockwork.sweep(),
    ])
    t.equal(sweepDuringStorm.failed, 0, 'the calendar sweep ran during the storm')
    const absences = await hammer('POST absences', (i) =>
      send(base, ana.token, 'POST', on('/absences'), {
        from: `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`,
        to: `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`,
      }),
    )
    const absence = (absences.find((a) => a.status === 201)!.body as { id: string }).id
    await hammer('PUT absences/{id}/stand-in', (i) => send(base, running.gm, 'PUT', on(`/absences/${absence}/stand-in`), { email: `crowd${i}@example.com` }))
    await hammer('POST scenes', (i) => send(base, running.gm, 'POST', on('/scenes'), { title: `Scene ${i}`, tribes: [ana.tribeId, ben.tribeId] }))
    await hammer('POST scenes/{id}/messages', (i) =>
      send(base, i % 2 ? ana.token : ben.token, 'POST', on(`/scenes/${scene.body.id}/messages`), { body: `Word ${i}` }),
    )
    const proposals = await hammer('POST scenes/{id}/proposals', () =>
      send(base, ana.token, 'POST', on(`/scenes/${scene.body.id}/proposals`), { transfers: [{ from: ana.tribeId, to: ben.tribeId, tiles: ['3,3'] }] }),
    )
    const proposal = (proposals.find((a) => a.status === 201)!.body as { id: string }).id
    await hammer('POST proposals/{id}/accept', () => send(base, ana.token, 'POST', on(`/scenes/${scene.body.id}/proposals/${proposal}/accept`)))
    await hammer('POST proposals/{id}/ratify', () => send(base, running.gm, 'POST', on(`/scenes/${scene.body.id}/proposals/${proposal}/ratify`)))
    await hammer('POST scenes/{id}/close', () => send(base, running.gm, 'POST', on(`/scenes/${scene.body.id}/close`)))
    await hammer('PUT tribes/{id}/player', (i) => send(base, running.gm, 'PUT', on(`/tribes/${ben.tribeId}/player`), { email: `crowd${i}@example.com` }))
    await hammer('POST pause', () => send(base, running.gm, 'POST', on('/pause')))
    await hammer('POST resume', () => send(base, running.gm, 'POST', on('/resume')))
    await health.stop()

    for (const [name, statuses] of seen) {
      const wrong = statuses.filter((s) => s === 0 || (s >= 500 && s !== 503))
      t.same(wrong, [], `${name}: every one of ${AT_ONCE} answered, none with a server fault (${[...new Set(statuses)].sort().join(', ')})`)
    }
    t.ok(health.answers.length > 10, `/health was asked ${health.answers.length} times`)
    t.same(
      health.answers.filter((s) => s !== 200),
      [],
      '/health answered 200 every time',
    )
    // After the storm the service still works at once.
    t.equal((await send(base, ana.token, 'GET', on('/state'))).status, 200, 'the campaign reads afterwards')
    t.equal((await app.clockwork.sweep()).failed, 0, 'the calendar sweep runs')
  },
)

t.test('a transaction that asks the pool for a second connection is refused at once, not left waiting', async (t) => {
  const app = await buildTestApp(t, { databasePoolSize: 1 })
  const started = Date.now()
  const nested = transaction(app.pg, async () => {
    await app.pg.query('SELECT 1')
  })
  await t.rejects(nested, /second connection/, 'refused: with one connection it would have waited for ever')
  t.ok(Date.now() - started < 4_000, 'and at once, not after the acquire timeout')
  const outside = await detached(() => transaction(app.pg, async (sql) => sql.query<{ one: number }>('SELECT 1 AS one')))
  t.same(outside, [{ one: 1 }], 'the pool serves the next transaction')
})

t.test('the guard holds while any transaction is open and again after the last has closed (its storage off in between, #52)', async (t) => {
  const app = await buildTestApp(t, { databasePoolSize: 3 })
  const nestedQuery = () => app.pg.query('SELECT 1')
  let finishFirst!: () => void
  const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve))
  let firstOpen!: () => void
  const firstIsOpen = new Promise<void>((resolve) => (firstOpen = resolve))
  const first = detached(() =>
    transaction(app.pg, async () => {
      firstOpen()
      await firstMayFinish
    }),
  )
  await firstIsOpen
  const second = detached(() =>
    transaction(app.pg, async (sql) => {
      finishFirst()
      await first
      // The first has closed; this one is still open, and still refused a second connection.
      await t.rejects(nestedQuery(), /second connection/, 'refused inside the transaction still open after another closed')
      return sql.query<{ two: number }>('SELECT 2 AS two')
    }),
  )
  t.same(await second, [{ two: 2 }], 'which reads through its own connection')
  t.same((await detached(nestedQuery)).rows, [{ '?column?': 1 }], 'with none open, the pool answers anyone')
  const third = detached(() => transaction(app.pg, nestedQuery))
  await t.rejects(third, /second connection/, 'the next transaction is guarded again')
})

t.test(
  'every connection of the service runs with statement, lock and idle-in-transaction timeouts; a request that cannot get one answers 503 with Retry-After',
  async (t) => {
    // The acquire timeout is also the time a new session has to connect: 300 ms was too short for
    // the reserved pool's first session on a machine busy with the whole run (one run in several).
    const app = await buildTestApp(t, { databasePoolSize: 1, databaseAcquireTimeoutMs: 1_000, databaseLockTimeoutMs: 1_000 })
    const settings = await app.pg.query<{ statement: string; lock: string; idle: string }>(
      `SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock, current_setting('idle_in_transaction_session_timeout') AS idle`,
    )
    t.same(settings.rows[0], { statement: '15s', lock: '1s', idle: '30s' }, 'set on the request pool')
    const system = await app.db.system.query<{ statement: string }>(`SELECT current_setting('statement_timeout') AS statement`)
    t.equal(system.rows[0]!.statement, '15s', 'and on the reserved pool')
    const { token } = await register(app, 'waiter@example.com')
    // The only connection is held: a request waits a second for it, then is told to come back.
    const held = await app.pg.connect()
    try {
      const res = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
      t.equal(res.statusCode, 503)
      t.equal(res.headers['retry-after'], '5')
      t.equal(res.json().error.code, 'service/busy')
      const page = await app.inject({ method: 'GET', url: '/campaigns', headers: { cookie: '', 'accept-language': 'es' } })
      t.equal(page.statusCode, 503, 'a page says it too')
      t.match(page.body, /muy ocupada/, "in the reader's language")
      t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200, '/health answers from its own connections')
    } finally {
      held.release()
    }
    t.equal(
      (await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
      200,
      'and once it is free, requests are served',
    )
  },
)
