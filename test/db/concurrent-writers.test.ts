// Every write to a campaign's log goes through the campaign's change path (#25): absences,
// stand-ins, orders, pauses and scene messages written at once for 15 seconds never collide
// on an event number, and the log still replays to the stored state.
import t from 'tap'
import { buildTestApp, register } from '../helpers/app.ts'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'

const SECONDS = 15

t.test(
  'absences, stand-ins, orders, pauses and scene messages written concurrently for 15 s: no server error, one unbroken log that replays to the snapshot',
  async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 100_000 })
    await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid: ana's window is open
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
    await draft(app, table, { ana: ['2,1', '3,3'] })
    const [ana, ben] = [table.players.ana!, table.players.ben!]
    const stand = await register(app, 'stand@example.com')
    const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Talks', tribes: [ana.tribeId, ben.tribeId] })
    const firstAbsence = await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/absences`, { from: '2026-12-20', to: '2026-12-21' })
    t.equal(firstAbsence.status, 201)

    const statuses = new Map<string, number[]>()
    const until = Date.now() + SECONDS * 1000
    async function writer(name: string, act: (i: number) => Promise<{ status: number }>) {
      const seen: number[] = []
      statuses.set(name, seen)
      for (let i = 0; Date.now() < until; i++) seen.push((await act(i)).status)
    }
    const base = `/api/campaigns/${table.id}`
    const day = (i: number) => `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`
    await Promise.all([
      writer('absence declarations', (i) => call(app, ana.token, 'POST', `${base}/absences`, { from: day(i), to: day(i) })),
      writer('stand-ins named and removed', (i) =>
        call(app, table.gm, 'PUT', `${base}/absences/${firstAbsence.body.id}/stand-in`, { email: i % 2 ? null : 'stand@example.com' }),
      ),
      writer('orders', (i) => call(app, ana.token, 'POST', `${base}/orders`, { order: { type: 'recruit', city: i % 2 ? '2,1' : '3,3', troops: 1 } })),
      writer('pauses and resumes', (i) => call(app, table.gm, 'POST', `${base}/${i % 2 ? 'resume' : 'pause'}`)),
      writer('scene messages', (i) => call(app, i % 2 ? ana.token : ben.token, 'POST', `${base}/scenes/${scene.body.id}/messages`, { body: `word ${i}` })),
    ])

    for (const [name, seen] of statuses) {
      const faults = seen.filter((s) => s >= 500)
      t.same(faults, [], `${name}: ${seen.length} writes, no server error (${[...new Set(seen)].sort().join(', ')})`)
    }
    t.ok(statuses.get('scene messages')!.filter((s) => s === 201).length > 20, 'the messages got through')
    t.ok(statuses.get('pauses and resumes')!.filter((s) => s === 200).length > 5, 'pauses and resumes got through')
    t.ok(statuses.get('stand-ins named and removed')!.filter((s) => s === 200).length > 5, 'stand-ins got through')
    const declared = statuses.get('absence declarations')!
    t.equal(declared.filter((s) => s === 201).length, 3, 'three declarations a tribe a day')
    t.ok(declared.filter((s) => s === 429).length > 0, 'the rest refused as too many')

    const seqs = (await app.pg.query<{ seq: number }>(`SELECT seq FROM campaign_events WHERE campaign_id = $1 ORDER BY seq`, [table.id])).rows.map((r) => r.seq)
    t.same(
      seqs,
      seqs.map((_, i) => i + 1),
      `the log is one unbroken sequence of ${seqs.length} events`,
    )
    const verified = await call(app, table.gm, 'GET', `${base}/verify`)
    t.equal(verified.status, 200)
    t.equal(verified.body.ok, true, 'the log replays to the stored state')
  },
)
