// An order appends its events to the log and leaves the stored state behind; the whole state is
// written again every SNAPSHOT_EVERY changes and at every calendar change (#32). Readers replay
// the tail on the stored state, so what every one of them shows is what a full replay gives.
import t from 'tap'
import { call, mondayGame, setClock, type App } from '../helpers/campaign.ts'

interface SnapshotRow {
  version: number
  stateVersion: number
  stateSeq: number
  state: unknown
  lastEngineSeq: number
}

const snapshotRow = async (app: App, campaignId: string): Promise<SnapshotRow> =>
  (
    await app.pg.query<SnapshotRow>(
      `SELECT version, state_version AS "stateVersion", state_seq AS "stateSeq", state,
              (SELECT max(seq) FROM campaign_events e WHERE e.campaign_id = s.campaign_id AND position('.' in e.type) = 0) AS "lastEngineSeq"
         FROM game_snapshots s WHERE campaign_id = $1::uuid`,
      [campaignId],
    )
  ).rows[0]!

t.test('#32 with SNAPSHOT_EVERY=3 an order appends its events; the state is stored whole at the third change and at the window close', async (t) => {
  const { app, table } = await mondayGame(t, { snapshotEvery: 3 })
  const ana = table.players.ana!.token
  const url = `/api/campaigns/${table.id}/orders`
  const verify = async (when: string) => {
    const res = await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/verify`)
    t.equal(res.status, 200)
    t.equal(res.body.ok, true, `${when}: the whole log replays to the state readers see (${res.body.reason ?? 'same hash'})`)
  }
  const troopsAt = async (city: string) => {
    const state = await call(app, ana, 'GET', `/api/campaigns/${table.id}/state`)
    return (state.body.armies as { tile: string; troops: number }[]).find((army) => army.tile === city)?.troops ?? 0
  }

  const drafted = await snapshotRow(app, table.id)
  t.equal(drafted.stateVersion, drafted.version, 'the draft stored the whole state')
  t.equal(drafted.stateSeq, drafted.lastEngineSeq, 'with no tail')
  const before = await troopsAt('2,1')

  const recruit = await call(app, ana, 'POST', url, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(recruit.status, 200)
  const first = await snapshotRow(app, table.id)
  t.equal(first.version, drafted.version + 1, 'the version moves with every order')
  t.equal(first.stateVersion, drafted.stateVersion, 'the stored state stays where it was')
  t.same(first.state, drafted.state, 'not a byte of it rewritten')
  t.ok(first.lastEngineSeq > first.stateSeq, 'the order is in the log after it')
  t.equal(await troopsAt('2,1'), before + 1, 'and every reader sees the recruit (the tail replayed)')
  await verify('after one appended order')

  const refused = await call(app, ana, 'POST', url, { order: { type: 'recruit', city: '2,1', troops: 1 } })
  t.equal(refused.status, 422, 'R5.5: no second recruit after the first… of this pool')
  t.same(await snapshotRow(app, table.id), first, 'a refusal leaves every stored thing as it was')

  t.equal((await call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } })).status, 200)
  const second = await snapshotRow(app, table.id)
  t.equal(second.stateVersion, drafted.stateVersion, 'two changes behind: still appended')
  await verify('after two appended orders')

  t.equal((await call(app, ana, 'POST', url, { order: { type: 'move', from: '3,1', troops: 1, to: '4,1' } })).status, 200)
  const third = await snapshotRow(app, table.id)
  t.equal(third.stateVersion, third.version, 'the third change stores the whole state')
  t.equal(third.stateSeq, third.lastEngineSeq, 'and leaves no tail')
  t.equal(await troopsAt('4,1'), 1)
  await verify('after the third order')

  t.equal((await call(app, ana, 'POST', url, { order: { type: 'move', from: '2,1', troops: 1, to: '3,1' } })).status, 200)
  t.equal((await snapshotRow(app, table.id)).stateVersion, third.version, 'the next order appends again')

  // Monday 20:00 in Madrid: ana's window closes. The calendar's change stores the whole state.
  await setClock(app, '2026-11-30T19:05:00Z')
  await app.clockwork.sweep()
  const closed = await snapshotRow(app, table.id)
  t.ok(closed.version > third.version + 1, 'the window closed')
  t.equal(closed.stateVersion, closed.version, 'a window close stores the whole state')
  t.equal(closed.stateSeq, closed.lastEngineSeq, 'with no tail')
  await verify('after the window closed')
})

t.test('#32 a stored state that the tail does not fit is an error of the server, not a wrong board', async (t) => {
  const { app, table } = await mondayGame(t, { snapshotEvery: 10 })
  const ana = table.players.ana!.token
  t.equal((await call(app, ana, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'recruit', city: '2,1', troops: 1 } })).status, 200)
  // A stored state that lost its pools: the recruit in its tail no longer replays on it.
  await app.pg.query(`UPDATE game_snapshots SET state = jsonb_set(state::jsonb, '{pools}', '{}'::jsonb)::json WHERE campaign_id = $1::uuid`, [table.id])
  const res = await call(app, ana, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(res.status, 500, 'the read fails loudly')
  t.notMatch(JSON.stringify(res.body), /replay|pools/, 'and says nothing of the internals')
})
