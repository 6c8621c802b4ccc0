// Pausing and resuming a campaign: a resume never leaves a stale window open,
// and never runs a siege check of its own (R4.5, R5.5, R9.2).
import t from 'tap'
import { compileMap } from '../../src/engine/games/weekday/index.ts'
import { bundledMap } from '../../src/engine/games/weekday/maps/index.ts'

import { call, setClock, mondayGame } from '../helpers/campaign.ts'
import { currentState, plantState } from '../helpers/db.ts'

t.test('R4.5 R5.5 paused during a window after acting, resumed on the same weekday a week later: a fresh window with full MP and recruitment', async (t) => {
  const { app, table } = await mondayGame(t)
  const ana = table.players.ana!.token
  const orders = `/api/campaigns/${table.id}/orders`
  t.equal(
    (await call(app, ana, 'POST', orders, { order: { type: 'move', from: '2,1', to: '3,1', troops: 2 } })).status,
    200,
    'ana acts: the recruitment is over',
  )
  t.match((await call(app, ana, 'POST', orders, { order: { type: 'recruit', city: '3,3', troops: 1 } })).body.error, { code: 'recruit/after_actions' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z') // the next Monday, 10:00
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)).status, 200)
  const you = (await call(app, ana, 'GET', `/api/campaigns/${table.id}/state`)).body.you
  t.equal(you.phase, 'recruitment', 'the window is a new one, in its recruitment phase')
  t.ok(
    you.armies.every((a: { mp: number }) => a.mp === 2),
    'every army has its 2 MP back',
  )
  t.equal((await call(app, ana, 'POST', orders, { order: { type: 'recruit', city: '3,3', troops: 1 } })).status, 200, 'ana may recruit')
})

t.test('R9.2 a resume outside the window closes it without a siege check', async (t) => {
  const { app, table } = await mondayGame(t)
  // ben's troops on every land neighbour of ana's city 2,1: a siege, if anything checked one.
  const map = compileMap(bundledMap('coast-3')!)
  const i = map.index.get('2,1')!
  const around = [...map.neighbors[i]!].filter((j) => map.land[j]).map((j) => map.keys[j]!)
  t.ok(around.length >= 2, `2,1 has land neighbours (${around.join(' ')})`)
  const state = (await currentState(app.pg, table.id)) as { armies: Record<string, unknown>; owners: (string | null)[] }
  for (const key of around) state.armies[key] = { tribe: table.players.ben!.tribeId, troops: 3, mp: 0 }
  await plantState(app.pg, table.id, state)
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/pause`)).status, 200, "paused during ana's window")
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday: ana's window would have closed
  const before = await app.prisma.campaignEvent.count({ where: { campaignId: table.id } })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/resume`)).status, 200)
  const resumeEvents = await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id, seq: { gt: before } } })
  t.ok(
    resumeEvents.some((e) => e.type === 'windowClosed'),
    "ana's window is closed",
  )
  t.notOk(
    resumeEvents.some((e) => e.type === 'siegeLoss'),
    'no siege loss at the resume instant',
  )
  t.equal((await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)).body.besieged.length, 0, 'no city marked')
})
