// The service outlives its database (#45): over real HTTP, with readers and writers running, every
// session of the service's role is terminated (several times), PostgreSQL is stopped fast and
// started again, and the embedded PostgreSQL the service runs itself is killed with SIGKILL.
// Throughout, the process stays up and every answer is a 2xx, a 4xx or a 503 (never a hang, never
// a connection closed with no status); /health says what is wrong; the service serves again within
// seconds of the database's return; afterwards every acknowledged write is there and the campaign's
// log replays to its stored state.
import { readFileSync } from 'node:fs'
import { chmod, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import t from 'tap'
import { buildApp } from '../../src/app.ts'
import { startEmbedded, type Database } from '../../src/db/embedded.ts'
import { migrate } from '../../src/db/migrate.ts'
import { testConfig } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { CHILD_JWT_SECRET, listeningBase, serve, until } from '../helpers/child-server.ts'
import { smtpReceiver } from '../helpers/smtp.ts'
import { freePort } from '../helpers/test-support.ts'

const MONDAY = '2026-11-30T09:00:00Z' // Monday 10:00 in Madrid: ana's window
/** A request with no answer past this is a hang: the service's own deadlines are all shorter. */
const HANG_MS = 20_000
const WORKERS = 6

interface Tally {
  requests: number
  statuses: Map<string, number>
  longestMs: number
  /** Scene messages the service answered 201: each must be in the thread afterwards. */
  acknowledged: string[]
  failures: string[]
}

t.test('#45 the database goes away under load, three ways: the process stays up, answers 503, heals, and loses nothing it acknowledged', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ww-chaos-'))
  await chmod(dataDir, 0o755) // the server runs as the postgres user when we are root
  const port = await freePort()
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  // The cluster the service will later run itself (DATA_DIR/postgres, database weekday_wars): first
  // the test runs it, as an operator runs the server of DATABASE_URL, to stop and start it by hand.
  const serverOf = () => startEmbedded({ dataDir: path.join(dataDir, 'postgres'), port, database: 'weekday_wars' })
  let operated: Database | undefined = await serverOf()
  t.teardown(() => operated?.stop())
  await migrate(operated.url)
  const admin = () => new pg.Client({ connectionString: operated!.adminUrl })

  const setup = await buildApp({ config: { ...testConfig(), allowTestClock: true, jwtSecret: CHILD_JWT_SECRET }, databaseUrl: operated.url })
  await setClock(setup, MONDAY)
  const table = await setUp(setup, { ana: 'monday', ben: 'wednesday' })
  await draft(setup, table, { ana: ['2,1', '3,3'] })
  const scene = await call(setup, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, {
    title: 'Under fire',
    tribes: [table.players.ana!.tribeId, table.players.ben!.tribeId],
  })
  await setup.close()
  t.equal(scene.status, 201, 'a scene to write into')
  const sceneUrl = `/api/campaigns/${table.id}/scenes/${scene.body.id}`
  const writers = [table.gm, table.players.ana!.token, table.players.ben!.token]

  const tally: Tally = { requests: 0, statuses: new Map(), longestMs: 0, acknowledged: [], failures: [] }
  const count = (key: string) => tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1)

  /** One request as a client sends it, with a deadline that makes a hang a failure. */
  async function request(base: string, token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) {
    const started = performance.now()
    tally.requests++
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(HANG_MS),
      })
      const text = await res.text()
      tally.longestMs = Math.max(tally.longestMs, performance.now() - started)
      count(String(res.status))
      if (res.status >= 500 && res.status !== 503) tally.failures.push(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`)
      if (res.status === 503 && !res.headers.get('retry-after')) tally.failures.push(`${method} ${url}: a 503 with no Retry-After`)
      return { status: res.status, text }
    } catch (error) {
      tally.longestMs = Math.max(tally.longestMs, performance.now() - started)
      const what = (error as Error).name === 'TimeoutError' ? 'hang' : 'no status'
      count(what)
      tally.failures.push(`${method} ${url}: ${what} (${(error as Error).message})`)
      return { status: 0, text: '' }
    }
  }

  /** Readers and writers until `stop`, on whatever server `base()` names now. */
  function load(base: () => string) {
    let running = true
    let sequence = 0
    const worker = async (n: number) => {
      while (running) {
        const kind = sequence++ % 4
        if (kind === 0) {
          const body = `chaos ${n}-${sequence}`
          const res = await request(base(), writers[n % writers.length]!, 'POST', `${sceneUrl}/messages`, { body })
          if (res.status === 201) tally.acknowledged.push(body)
        } else if (kind === 1) await request(base(), table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)
        else if (kind === 2) await request(base(), table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/options`)
        else await request(base(), null, 'GET', `/campaigns/${table.id}`)
        // A breath between requests: the load is steady, not a flood that only measures the queue.
        await new Promise((r) => setTimeout(r, 5))
      }
    }
    const done = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)))
    return async () => {
      running = false
      await done
    }
  }

  const health = async (base: string) => {
    const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(HANG_MS) }).catch(() => null)
    return res ? { status: res.status, body: (await res.json()) as { database: string; detail?: string; restarts?: number } } : null
  }
  /** Seconds from now to the first 200 of a request that needs the database. */
  const secondsToServe = async (base: string) => {
    const from = performance.now()
    await until(
      'a 200 that reads the database',
      async () => (await request(base, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)).status === 200,
      60_000,
      100,
    )
    return (performance.now() - from) / 1000
  }
  const start = async (env: Record<string, string>) => {
    const server = serve(operated?.url ?? '', smtp.url, MONDAY, { env: { SCHEDULER: 'true', DATA_DIR: dataDir, ...env } })
    t.teardown(() => server.child.kill('SIGKILL'))
    const base = await listeningBase(server, 120_000)
    await until('the server to answer', async () => (await health(base))?.status === 200, 60_000, 50)
    return { server, base }
  }
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
  const figures: Record<string, unknown> = {}

  // Phase 1: the operator's server (DATABASE_URL).
  const first = await start({})
  const stopLoad = load(() => first.base)
  await new Promise((r) => setTimeout(r, 1_000))

  // (a) Every session of the service's role terminated, three times, as a failover or an operator does.
  for (let round = 0; round < 3; round++) {
    const client = admin()
    await client.connect()
    // The load opens sessions again after each round; on a busy machine that can take a moment.
    let ended = 0
    await until(
      `round ${round + 1}: sessions of the service to terminate`,
      async () => {
        const { rows } = await client.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE usename = 'weekday_wars_app'`,
        )
        ended = rows.length
        return ended > 0
      },
      20_000,
      100,
    )
    await client.end()
    t.ok(ended > 0, `round ${round + 1}: the service had sessions to terminate (${ended})`)
    await new Promise((r) => setTimeout(r, 700))
  }
  figures.terminateToServeS = await secondsToServe(first.base)
  t.equal(first.server.child.exitCode, null, '(a) the process is still up after its sessions were terminated three times')

  // (b) A fast shutdown under load; the service answers 503 and /health says why; then it starts again.
  const pid = postmasterPid()
  process.kill(pid, 'SIGINT')
  await until('PostgreSQL to stop', async () => !alive(pid), 30_000, 50)
  await operated.stop() // the handle's own bookkeeping: the server is already gone
  operated = undefined
  await new Promise((r) => setTimeout(r, 2_000))
  const down = await health(first.base)
  t.equal(down?.status, 503, '(b) /health answers 503 while the database is down')
  t.equal(down?.body.database, 'unreachable', '(b) and says the database is unreachable')
  t.ok(down?.body.detail, `(b) with the reason (${down?.body.detail})`)
  const during = await request(first.base, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(during.status, 503, '(b) a request that needs the database is a 503 meanwhile')
  operated = await serverOf()
  figures.restartToServeS = await secondsToServe(first.base)
  t.equal(first.server.child.exitCode, null, '(b) the process is still up after the database was stopped and started')
  await stopLoad()

  // Phase 2: the service runs the embedded PostgreSQL itself, on the same cluster.
  await operated.stop()
  operated = undefined
  first.server.child.kill('SIGTERM')
  await first.server.exited
  const second = await start({ DATABASE_URL: '', EMBEDDED_PG_PORT: String(port) })
  const stopLoad2 = load(() => second.base)
  await new Promise((r) => setTimeout(r, 1_000))

  // (c) SIGKILL of the embedded PostgreSQL: the service says so and starts it again.
  const killed = postmasterPid()
  process.kill(killed, 'SIGKILL')
  const seen = new Set<string>()
  await until(
    'the embedded PostgreSQL to be started again',
    async () => {
      const h = await health(second.base)
      if (h) seen.add(`${h.status} ${h.body.database}`)
      return h?.status === 200 && (h.body.restarts ?? 0) >= 1
    },
    60_000,
    50,
  )
  t.ok(
    [...seen].some((s) => s.startsWith('503')),
    `(c) /health answered 503 while the embedded PostgreSQL was down (${[...seen].join(', ')})`,
  )
  t.not(postmasterPid(), killed, '(c) a new postmaster runs')
  figures.killToServeS = await secondsToServe(second.base)
  t.ok(second.server.output().includes('the embedded PostgreSQL exited'), '(c) the log says the embedded PostgreSQL exited')
  t.equal(second.server.child.exitCode, null, '(c) the process is still up')
  await stopLoad2()

  // Nothing acknowledged is lost, the log replays, and no answer was other than 2xx, 4xx or 503.
  const thread = await request(second.base, table.gm, 'GET', sceneUrl)
  const kept = new Set((JSON.parse(thread.text) as { messages: { body: string }[] }).messages.map((m) => m.body))
  const missing = tally.acknowledged.filter((body) => !kept.has(body))
  t.same(missing, [], `every acknowledged scene message is in the thread (${tally.acknowledged.length} acknowledged)`)
  const verified = JSON.parse((await request(second.base, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/verify`)).text) as { ok: boolean }
  t.equal(verified.ok, true, 'the log replays to the stored state')
  t.same(tally.failures.slice(0, 10), [], 'every answer was a 2xx, a 4xx or a 503 with Retry-After: no hang, no 500, no connection closed without a status')
  t.ok(tally.longestMs < HANG_MS, `the longest answer took ${Math.round(tally.longestMs)} ms`)
  const statuses = Object.fromEntries([...tally.statuses].sort())
  t.ok((tally.statuses.get('503') ?? 0) > 0, 'the outages were seen as 503s')
  t.ok((tally.statuses.get('200') ?? 0) + (tally.statuses.get('201') ?? 0) > 0, 'and the service served between them')
  // The figures of the note: printed with every run.
  t.comment(
    JSON.stringify({ requests: tally.requests, statuses, longestMs: Math.round(tally.longestMs), acknowledgedWrites: tally.acknowledged.length, ...figures }),
  )
  second.server.child.kill('SIGTERM')
  await second.server.exited
})

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
