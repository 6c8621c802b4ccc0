import { createHash, createHmac } from 'node:crypto'
import t from 'tap'
import { hmacRng, type Weekday } from '../../../src/engine/index.ts'
import { createGame, replay, stateHash, type GameEvent, type GameState } from '../../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../../src/engine/games/weekday/maps/index.ts'
import { loadState } from '../../../src/services/working.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp } from '../../helpers/campaign.ts'

t.test('a campaign from creation to a verified battle, over HTTP (R2.1 R3.1 R3.5 R4.3 R8.4 R12.2)', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-23T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', chloe: 'saturday' })
  const { id } = table

  // A weekday belongs to one tribe (R2.1).
  const extra = await call(app, table.gm, 'POST', `/api/campaigns/${id}/invitations`)
  const clash = await call(app, table.players.ana!.token, 'POST', `/api/invitations/${extra.body.token}/accept`, { tribeName: 'Again', weekday: 'wednesday' })
  t.equal(clash.status, 409)

  // The draft; ben gets the north port of the second region, next to a neutral city.
  await setClock(app, '2026-11-25T09:00:00Z') // Wednesday 10:00 in Madrid
  await draft(app, table, { ben: ['8,1'], neutral: ['9,3'] }) // 'neutral' is no player: 9,3 stays unpicked
  const campaign = await call(app, table.gm, 'GET', `/api/campaigns/${id}`)
  t.equal(campaign.body.status, 'running', 'the last pick starts the campaign (R3.5)')

  const benState = await call(app, table.players.ben!.token, 'GET', `/api/campaigns/${id}/state`)
  t.equal(benState.status, 200)
  t.match(benState.body.you, { windowOpen: true, closesAt: '2026-11-25T20:00:00+01:00', phase: 'recruitment' })
  t.match(
    benState.body.you.armies.find((a: { tile: string }) => a.tile === '8,1'),
    { troops: 5, mp: 2 },
  )

  const early = await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${id}/orders`, { order: { type: 'endTurn' } })
  t.equal(early.status, 409)
  t.match(early.body.error, { code: 'turn/window_closed', rule: 'R4.3', message: /2026-11-30T00:00:00\+01:00/ })

  const pools = await call(app, table.players.ben!.token, 'GET', `/api/campaigns/${id}/pools`)
  t.match(
    pools.body.pools.find((p: { cities: string[] }) => p.cities.includes('8,1')),
    { payout: 10, balance: 10 },
  )

  const moved = await call(app, table.players.ben!.token, 'POST', `/api/campaigns/${id}/orders`, {
    orders: [
      { type: 'recruit', city: '8,1', troops: 1 },
      { type: 'move', from: '8,1', troops: 4, to: '9,2' },
    ],
  })
  t.equal(moved.status, 200)
  t.match(
    moved.body.events.map((e: GameEvent) => e.type),
    ['order', 'recruited', 'order', 'moved'],
  )

  // A week later, ben attacks the neutral city; the roll must match the seed revealed on Sunday.
  await setClock(app, '2026-12-02T10:00:00Z')
  const attack = await call(app, table.players.ben!.token, 'POST', `/api/campaigns/${id}/orders`, {
    order: { type: 'move', from: '9,2', troops: 4, to: '9,3' },
  })
  t.equal(attack.status, 200)
  const combat = attack.body.events.find((e: GameEvent) => e.type === 'combat')
  t.match(combat, { attackers: 4, defenders: 5, d: 2, defence: 12 })

  const before = await call(app, null, 'GET', `/api/campaigns/${id}/dice/2`)
  t.equal(before.status, 404, 'a private campaign does not exist for outsiders')
  const hidden = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${id}/dice/2`)
  t.match(hidden.body, { week: 2, seed: null, commitment: /^[0-9a-f]{64}$/ })
  t.match(hidden.body.rolls, [{ counter: combat.counter, roll: combat.roll }])

  await setClock(app, '2026-12-06T19:30:00Z') // Sunday 20:30 in Madrid: the week is over
  const revealed = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${id}/dice/2`)
  t.type(revealed.body.seed, 'string', 'the seed is revealed after the weekly tick')
  t.equal(createHash('sha256').update(revealed.body.seed).digest('hex'), revealed.body.commitment, 'the seed matches its commitment')
  const mac = createHmac('sha256', revealed.body.seed).update(String(combat.counter)).digest()
  t.equal((mac.readUInt32BE(0) % 4) + 1, combat.roll, 'anyone can re-verify the roll')

  // R12.2: the log replays to the stored state.
  const rows = await app.prisma.campaignEvent.findMany({ where: { campaignId: id }, orderBy: { seq: 'asc' } })
  const engineEvents = rows.filter((r) => !r.type.includes('.')).map((r) => r.payload as unknown as GameEvent)
  const week0 = await call(app, table.gm, 'GET', `/api/campaigns/${id}/dice/0`)
  const tribes = await app.prisma.tribe.findMany({ where: { campaignId: id }, orderBy: { createdAt: 'asc' } })
  const initial = createGame({
    map: bundledMap('coast-3')!,
    tribes: tribes.map((x) => ({ id: x.id, name: x.name, weekday: x.weekday as Weekday })),
    seed: week0.body.seed,
  })
  t.ok(initial.ok)
  const replayed = replay((initial as { state: GameState }).state, engineEvents, hmacRng)
  t.ok(replayed.ok, replayed.ok ? 'replayed' : replayed.message)
  const snap = await app.prisma.gameSnapshot.findUniqueOrThrow({ where: { campaignId: id } })
  t.equal(replayed.ok && stateHash(replayed.state), stateHash(loadState(snap.state) as GameState))

  // The log, paged, with unrevealed seeds hidden.
  const page = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${id}/events?after=0&limit=5`)
  t.equal(page.body.events.length, 5)
  t.equal(page.body.next, 5)
  const all = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${id}/events?limit=500`)
  const seeds = all.body.events.filter(
    (e: { type: string; payload: { action?: { type: string } } }) => e.type === 'system' && e.payload.action?.type === 'setSeed',
  )
  t.ok(seeds.length >= 3)
  t.equal(seeds[seeds.length - 1].payload.action.seed, null, "the current week's seed stays secret")
  t.type(seeds[0].payload.action.seed, 'string', 'revealed weeks show theirs')
})
