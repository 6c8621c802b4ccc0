// Scene events exactly once and in order (#45 item 4): 150 messages written by several writers
// at once while two readers stream reach each reader as 150 events, none twice, none lost, in
// thread order; a burst of 600 more in one commit (more than a read takes) too; and a reader
// whose tribe is not in the scene hears none of them.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'
import { listen, type Listener } from '../../helpers/sse.ts'

const scenePositions = (l: Listener) => l.heard.filter((h) => h.event === 'scene').map((h) => h.data.position as number)

t.test('150 scene messages: 150 scene events for each reader, in order, none twice, none lost', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' })
  await draft(app, table)
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/campaigns/${table.id}/stream`
  const [ana, ben, cleo] = [table.players.ana!, table.players.ben!, table.players.cleo!]
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Truce', tribes: [ana.tribeId, cleo.tribeId] })
  t.equal(scene.status, 201)
  const readers = { gm: await listen(url, table.gm), ana: await listen(url, ana.token), ben: await listen(url, ben.token) }
  for (const r of Object.values(readers)) await r.next((h) => h.event === 'version')
  t.teardown(() => Object.values(readers).forEach((r) => r.close()))

  // Five writers at once: each beat finds a batch of new messages, some committed while it reads.
  const said = `/api/campaigns/${table.id}/scenes/${scene.body.id}/messages`
  const writers = Array.from({ length: 5 }, async (_, lane) => {
    for (let i = lane; i < 150; i += 5) {
      const res = await call(app, i % 2 ? ana.token : table.gm, 'POST', said, { body: `Message ${i}` })
      if (res.status !== 201) throw new Error(`message ${i}: ${res.status} ${JSON.stringify(res.body)}`)
    }
  })
  await Promise.all(writers)
  const positions = async () =>
    (await app.pg.query<{ position: number }>('SELECT position FROM scene_messages WHERE scene_id = $1 ORDER BY position', [scene.body.id])).rows.map(
      (r) => r.position,
    )
  const written = await positions()
  t.equal(written.length, 150)
  for (const name of ['gm', 'ana'] as const) await readers[name].next((h) => h.event === 'scene' && h.data.position === written.at(-1))
  await new Promise((resolve) => setTimeout(resolve, 1500)) // three beats more: anything told twice would come now
  for (const name of ['gm', 'ana'] as const) t.same(scenePositions(readers[name]), written, `${name}: 150 messages, 150 events, each once, in thread order`)
  t.same(scenePositions(readers.ben), [], "ben's tribe is not in the scene: he hears none of it")

  // 600 in one commit: more than one read of the stream takes, all found by the same beat.
  await app.pg.query(
    `INSERT INTO scene_messages (id, campaign_id, scene_id, author_id, tribe_id, body, created_at)
     SELECT gen_random_uuid(), $1::uuid, $2::uuid, m.user_id, NULL, 'Burst ' || g, now() AT TIME ZONE 'UTC'
       FROM memberships m, generate_series(1, 600) g WHERE m.campaign_id = $1::uuid AND m.role = 'gm'`,
    [table.id, scene.body.id],
  )
  const all = await positions()
  t.equal(all.length, 750)
  await readers.gm.next((h) => h.event === 'scene' && h.data.position === all.at(-1))
  await new Promise((resolve) => setTimeout(resolve, 1000))
  t.same(scenePositions(readers.gm), all, 'a burst of 600: each once, in order')
  t.same(scenePositions(readers.ana), all, 'for every reader of the scene')
})
