// SIGKILL between two stored states (#32): orders append their events and the whole state is
// written only every SNAPSHOT_EVERY changes, so a server killed while orders stream in must
// lose none that it answered, half-write none, and come back to a state every reader and a
// full replay agree on.
import t from 'tap'
import { buildApp } from '../../src/app.ts'
import { testConfig } from '../helpers/app.ts'
import { draft, setClock, setUp } from '../helpers/campaign.ts'
import { CHILD_JWT_SECRET, listeningBase, serve, until } from '../helpers/child-server.ts'
import { testDatabase } from '../helpers/db.ts'
import { smtpReceiver } from '../helpers/smtp.ts'

const MONDAY = '2026-11-30T09:00:00Z' // Monday 10:00 in Madrid: ana's window

interface Move {
  effect: string
  path: string[]
}

t.test('#32 SIGKILL while orders stream in between stored states: every answered order kept, none half-written, the log replays', async (t) => {
  const url = await testDatabase(t)
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const setup = await buildApp({ config: { ...testConfig(), allowTestClock: true, jwtSecret: CHILD_JWT_SECRET }, databaseUrl: url })
  await setClock(setup, MONDAY)
  const table = await setUp(setup, { ana: 'monday', ben: 'wednesday' })
  await draft(setup, table, { ana: ['2,1', '3,3'] })
  await setup.close()
  const ana = table.players.ana!.token
  const stored = async () => {
    const app = await buildApp({ config: { ...testConfig(), allowTestClock: true }, databaseUrl: url })
    try {
      const [row] = (
        await app.pg.query<{ version: number; stateVersion: number; orders: number }>(
          `SELECT version, state_version AS "stateVersion",
                  (SELECT count(*)::int FROM campaign_events e WHERE e.campaign_id = s.campaign_id AND e.type = 'order') AS orders
             FROM game_snapshots s WHERE campaign_id = $1::uuid`,
          [table.id],
        )
      ).rows
      return row!
    } finally {
      await app.close()
    }
  }
  const before = await stored()

  const start = async () => {
    const server = serve(url, smtp.url, MONDAY, { env: { SNAPSHOT_EVERY: '50', SCHEDULER: 'false' } })
    const base = await listeningBase(server)
    await until('the server to answer', async () => (await fetch(`${base}/health`).catch(() => null))?.ok === true, 60_000, 50)
    return { server, base }
  }
  const api = (base: string, path: string, body?: unknown) =>
    fetch(`${base}/api/campaigns/${table.id}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${ana}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  /** The next order an option offers: a recruit while the pools may, then one troop moved out along an offered path. */
  const nextOrder = async (base: string) => {
    const { options } = (await (await api(base, '/options')).json()) as {
      options: { recruit: { city: string }[]; armies: { tile: string; moves: Move[] }[] }
    }
    if (options.recruit.length > 0) return { type: 'recruit', city: options.recruit[0]!.city, troops: 1 }
    for (const army of options.armies) {
      const move = army.moves.find((m) => m.effect === 'move')
      if (move) return { type: 'move', from: army.tile, troops: 1, path: move.path }
    }
    return null
  }

  const first = await start()
  let answered = 0
  for (let i = 0; i < 3; i++) {
    const order = await nextOrder(first.base)
    t.ok(order, `an order is offered (${i + 1})`)
    const res = await api(first.base, '/orders', { order })
    t.equal(res.status, 200, `order ${i + 1} answered`)
    answered++
  }
  // One more order in flight, and the server killed under it: it is kept whole or not at all.
  const inFlight = api(first.base, '/orders', { order: await nextOrder(first.base) }).catch(() => null)
  first.server.child.kill('SIGKILL')
  await first.server.exited
  const lost = await inFlight
  t.ok(lost === null || lost.status === 200, 'the order in flight got no answer, or a 200')
  if (lost?.status === 200) answered++

  const after = await stored()
  t.equal(after.stateVersion, before.stateVersion, 'no state was stored since the draft: everything after it is in the tail')
  t.ok(
    after.orders - before.orders >= answered && after.orders - before.orders <= 4,
    `every answered order is in the log (${answered} answered, ${after.orders - before.orders} logged)`,
  )
  t.equal(after.version - before.version, after.orders - before.orders, 'each kept order moved the version once: none is half-written')

  const second = await start()
  t.teardown(() => second.server.child.kill('SIGKILL'))
  const verified = (await (await api(second.base, '/verify')).json()) as { ok: boolean; reason?: string }
  t.equal(verified.ok, true, `after the restart the whole log replays to the state readers see (${verified.reason ?? 'same hash'})`)
  const next = await nextOrder(second.base)
  t.ok(next, 'the restarted server offers the next order from the replayed state')
  t.equal((await api(second.base, '/orders', { order: next })).status, 200, 'and takes it')
  t.equal((await stored()).orders - before.orders, after.orders - before.orders + 1)
  second.server.child.kill('SIGTERM')
  await second.server.exited
})
