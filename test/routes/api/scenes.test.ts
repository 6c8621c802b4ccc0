// Diplomacy scenes over HTTP (R11): talk, propose, accept, ratify; who may see
// and do what; and a trade is all or nothing, even racing an attack.
import t, { type Test } from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App, type Table } from '../../helpers/campaign.ts'

/** ana (Monday) holds 2,1 and 3,3; ben (Wednesday) 5,5 and the port 5,7 with ship s90 beside it; cleo (Friday) plays elsewhere on the map. */
async function scene(t: Test): Promise<{ app: App; table: Table; url: string; sceneId: string }> {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' })
  await draft(app, table, { ana: ['2,1', '3,3'], ben: ['5,5', '5,7'], cleo: ['8,1', '9,3'] })
  const ben = table.players.ben!.tribeId
  // The board as it stands: ben has a ship with 2 crew at sea beside his port (building one takes weeks of savings).
  const state = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
  const sea = state.map.tiles.find(
    (x: { q: number; r: number; terrain: string }) =>
      x.terrain === 'sea' &&
      [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
        [1, -1],
        [-1, 1],
      ].some(([dq, dr]) => x.q === 5 + dq! && x.r === 7 + dr!),
  ).tile
  await app.pg.query(`UPDATE game_snapshots SET state = jsonb_set(state::jsonb, '{ships,s90}', $2::jsonb)::json WHERE campaign_id = $1::uuid`, [
    table.id,
    JSON.stringify({ id: 's90', tribe: ben, tile: sea, crew: 2, mp: 3 }),
  ])
  const opened = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'The bay treaty', tribes: [table.players.ana!.tribeId, ben] })
  if (opened.status !== 201) throw new Error(JSON.stringify(opened.body))
  return { app, table, url: `/api/campaigns/${table.id}/scenes/${opened.body.id}`, sceneId: opened.body.id }
}

const board = async (app: App, table: Table) => (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body
const ownerOf = (state: { map: { tiles: { tile: string; owner: string | null }[] } }, tile: string) => state.map.tiles.find((x) => x.tile === tile)!.owner

t.test('R11.2 R11.3: a GM opens a scene, two tribes talk, trade a city for a ship, accept, and the GM ratifies', async (t) => {
  const { app, table, url } = await scene(t)
  const ana = table.players.ana!
  const ben = table.players.ben!
  t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body: 'Your ship for my city?' })).status, 201)
  t.equal((await call(app, ben.token, 'POST', `${url}/messages`, { body: 'Deal, if the garrison stays.' })).status, 201)
  t.equal((await call(app, table.gm, 'POST', `${url}/messages`, { body: 'I will ratify once you both accept.' })).status, 201)

  const proposed = await call(app, ana.token, 'POST', `${url}/proposals`, {
    transfers: [
      { from: ana.tribeId, to: ben.tribeId, tiles: ['3,3'] },
      { from: ben.tribeId, to: ana.tribeId, ships: ['s90'] },
    ],
  })
  t.equal(proposed.status, 201)
  t.same(proposed.body.givers.sort(), [ana.tribeId, ben.tribeId].sort())
  const p = `${url}/proposals/${proposed.body.id}`

  t.same(
    proposed.body.answers.map((x: { tribeId: string; answer: string }) => [x.tribeId, x.answer]),
    [[ana.tribeId, 'accepted']],
    'proposing what her tribe gives is ana accepting it',
  )
  t.equal(proposed.body.status, 'open', 'one giver is not enough')
  const early = await call(app, table.gm, 'POST', `${p}/ratify`)
  t.equal(early.status, 409)
  t.match(early.body.error, { code: 'proposal/not_accepted', rule: 'R11.3', message: /waiting for ben$/ })
  const both = await call(app, ben.token, 'POST', `${p}/accept`)
  t.equal(both.body.status, 'accepted')
  t.equal((await call(app, ben.token, 'POST', `${p}/ratify`)).status, 403, 'a player never ratifies')

  const before = await board(app, table)
  const garrison = before.armies.find((x: { tile: string }) => x.tile === '3,3')
  const ratified = await call(app, table.gm, 'POST', `${p}/ratify`)
  t.equal(ratified.status, 200)
  t.equal(ratified.body.status, 'ratified')
  const after = await board(app, table)
  t.equal(ownerOf(after, '3,3'), ben.tribeId, 'the city changed hands')
  t.same(
    after.armies.find((x: { tile: string }) => x.tile === '3,3'),
    { ...garrison, tribe: ben.tribeId },
    'its garrison went with it (R11.2)',
  )
  t.same(
    after.ships.find((s: { id: string }) => s.id === 's90'),
    { ...before.ships.find((s: { id: string }) => s.id === 's90'), tribe: ana.tribeId },
    'the ship and its crew too',
  )
  t.equal(ownerOf(after, '2,1'), ana.tribeId, 'nothing else moved')

  const thread = await call(app, ben.token, 'GET', url)
  t.same(
    thread.body.messages.map((m: { body: string; tribeId: string | null }) => [m.tribeId, m.body]),
    [
      [ana.tribeId, 'Your ship for my city?'],
      [ben.tribeId, 'Deal, if the garrison stays.'],
      [null, 'I will ratify once you both accept.'],
    ],
  )
  t.equal(thread.body.proposals[0].status, 'ratified')
  const log = await app.prisma.campaignEvent.findMany({ where: { campaignId: table.id, type: { startsWith: 'proposal.' } }, orderBy: { seq: 'asc' } })
  t.same(
    log.map((e) => e.type),
    ['proposal.made', 'proposal.accepted', 'proposal.accepted', 'proposal.ratified'],
  )
  t.equal(await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'tradeExecuted' } }), 1)
  const gm = (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId
  const mails = await app.prisma.outboxMail.findMany({ where: { campaignId: table.id, kind: 'scene' } })
  const who = (userId: string | null) => (userId === ana.userId ? 'ana' : userId === ben.userId ? 'ben' : userId === gm ? 'gm' : 'other')
  t.same(
    mails.map((m) => `${who(m.userId)} ${m.period.split('/')[1]}${m.droppedAt ? ' (dropped)' : ''}`).sort(),
    [
      'ana message',
      'ana opened',
      'ana ratified',
      'ben message (dropped)',
      'ben opened',
      'ben proposed (dropped)',
      'ben ratified',
      'gm message',
      'gm to_ratify (dropped)',
    ],
    'scene mails through the outbox (#30): one a scene and hour for messages, none to their author; the proposal to the other giver and to ratify to the GM, dropped once settled before they went; ben read the thread before his message mail went',
  )
  const closed = await call(app, table.gm, 'POST', `${url}/close`)
  t.equal(closed.body.status, 'closed')
  t.equal((await call(app, ana.token, 'POST', `${url}/messages`, { body: 'one more thing' })).status, 409, 'a closed scene takes no messages')
})

t.test('R11.3 who sees and does what: outsiders get 404, players cannot open or ratify', async (t) => {
  const { app, table, url, sceneId } = await scene(t)
  const cleo = table.players.cleo!
  t.equal((await call(app, cleo.token, 'GET', url)).status, 404, 'a player of the campaign outside the scene')
  t.same((await call(app, cleo.token, 'GET', `/api/campaigns/${table.id}/scenes`)).body.scenes, [], 'and it is not listed for her')
  t.equal((await call(app, cleo.token, 'POST', `${url}/messages`, { body: 'hello?' })).status, 404)
  const stranger = await register(app, 'stranger@example.com')
  t.equal((await call(app, stranger.token, 'GET', url)).status, 404, 'a member of no campaign here')
  t.equal((await call(app, null, 'GET', url)).status, 401, 'anonymous: log in first (a bearer-only read)')
  const other = await setUp(app, { dora: 'monday', eli: 'tuesday' })
  await draft(app, other)
  t.equal((await call(app, other.players.dora!.token, 'GET', url)).status, 404, 'a player of another campaign')
  t.equal(
    (await call(app, other.gm, 'GET', `/api/campaigns/${other.id}/scenes/${sceneId}`)).status,
    404,
    'the scene is not in another campaign, even for its GM',
  )
  const open = await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/scenes`, {
    title: 'mine',
    tribes: [table.players.ana!.tribeId, cleo.tribeId],
  })
  t.equal(open.status, 403)
  t.equal(open.body.error.code, 'scene/gm_only')
  t.same(
    (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/scenes`)).body.scenes.map((s: { id: string }) => s.id),
    [sceneId],
    'the GM sees every scene',
  )
  const outsider = await call(app, table.players.ana!.token, 'POST', `${url}/proposals`, {
    transfers: [{ from: table.players.ana!.tribeId, to: cleo.tribeId, tiles: ['2,1'] }],
  })
  t.equal(outsider.status, 422)
  t.equal(outsider.body.error.code, 'proposal/not_in_scene')
})

t.test('R11.1: resources are refused with a clear error, a field of another game with its shape, and nothing is stored', async (t) => {
  const { app, table, url } = await scene(t)
  const { ana, ben } = table.players as Record<string, { token: string; tribeId: string }>
  for (const body of [
    { transfers: [{ from: ana!.tribeId, to: ben!.tribeId, tiles: ['2,1'] }], resources: { [ana!.tribeId]: 20 } },
    { transfers: [{ from: ana!.tribeId, to: ben!.tribeId, resources: 20 }] },
  ]) {
    const res = await call(app, ana!.token, 'POST', `${url}/proposals`, body)
    t.equal(res.status, 422)
    t.match(res.body.error, { code: 'trade/resources_not_tradeable', rule: 'R11.1' })
  }
  const foreign = await call(app, ana!.token, 'POST', `${url}/proposals`, { transfers: [{ from: ana!.tribeId, to: ben!.tribeId, gold: 20 }] })
  t.equal(foreign.status, 400, "another game's asset is not this game's shape")
  t.match(foreign.body.error, {
    code: 'proposal/bad_shape',
    message: /transfers\[0\].*\(gold\).*weekly-turn has from, to, tiles, ships, resources \(refused\)/,
  })
  const notOwned = await call(app, ana!.token, 'POST', `${url}/proposals`, { transfers: [{ from: ana!.tribeId, to: ben!.tribeId, tiles: ['5,5'] }] })
  t.equal(notOwned.status, 422)
  t.match(notOwned.body.error, { code: 'trade/asset_not_owned', message: /5,5 no longer belongs to ana/ })
  t.equal(await app.prisma.proposal.count(), 0)
})

t.test('R11.3: an asset lost in battle before ratification fails the proposal, naming it, and nothing moves', async (t) => {
  const { app, table, url } = await scene(t)
  const { ana, ben } = table.players as Record<string, { token: string; tribeId: string }>
  const order = (who: { token: string }, o: unknown) => call(app, who.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: o })
  t.equal((await order(ana!, { type: 'move', from: '3,3', troops: 1, to: '4,4' })).status, 200)
  const proposed = await call(app, ana!.token, 'POST', `${url}/proposals`, {
    transfers: [
      { from: ana!.tribeId, to: ben!.tribeId, tiles: ['4,4'] },
      { from: ben!.tribeId, to: ana!.tribeId, tiles: ['5,7'] },
    ],
  })
  const p = `${url}/proposals/${proposed.body.id}`
  await call(app, ana!.token, 'POST', `${p}/accept`)
  await call(app, ben!.token, 'POST', `${p}/accept`)

  await setClock(app, '2026-12-02T09:00:00Z') // Wednesday: ben takes 4,4 by force (5 against 1 in the open always wins, R8.2)
  t.equal((await order(ben!, { type: 'move', from: '5,5', troops: 5, to: '4,5' })).status, 200)
  const attack = await order(ben!, { type: 'move', from: '4,5', troops: 5, to: '4,4' })
  t.equal(attack.status, 200)
  t.ok(attack.body.events.some((e: { type: string; result?: string }) => e.type === 'combat' && e.result === 'attacker'))

  const before = await board(app, table)
  const ratified = await call(app, table.gm, 'POST', `${p}/ratify`)
  t.equal(ratified.status, 200)
  t.equal(ratified.body.status, 'failed')
  t.match(ratified.body.failureReason, /tile 4,4 no longer belongs to ana/)
  const after = await board(app, table)
  t.same(after.map, before.map, 'no tile changed hands')
  t.same(after.armies, before.armies, 'no troop moved')
  t.equal(ownerOf(after, '5,7'), ben!.tribeId, 'ben kept his port')
  t.equal(await app.prisma.campaignEvent.count({ where: { campaignId: table.id, type: 'proposal.failed' } }), 1)
  t.equal((await call(app, table.gm, 'POST', `${p}/ratify`)).status, 409, 'a failed proposal stays failed')
})

t.test('R7.2: a ratification racing an attack on the same tile leaves a consistent state', async (t) => {
  const { app, table, url } = await scene(t)
  const { ana, ben } = table.players as Record<string, { token: string; tribeId: string }>
  const order = (who: { token: string }, o: unknown) => call(app, who.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: o })
  await order(ana!, { type: 'move', from: '3,3', troops: 1, to: '4,4' })
  await setClock(app, '2026-12-02T09:00:00Z')
  await order(ben!, { type: 'move', from: '5,5', troops: 5, to: '4,5' })
  const proposed = await call(app, ben!.token, 'POST', `${url}/proposals`, { transfers: [{ from: ana!.tribeId, to: ben!.tribeId, tiles: ['4,4'] }] })
  const p = `${url}/proposals/${proposed.body.id}`
  await call(app, ana!.token, 'POST', `${p}/accept`)
  const [ratified, attacked] = await Promise.all([call(app, table.gm, 'POST', `${p}/ratify`), order(ben!, { type: 'move', from: '4,5', troops: 5, to: '4,4' })])
  t.equal(ratified.status, 200)
  t.equal(attacked.status, 200)
  const state = await board(app, table)
  t.equal(ownerOf(state, '4,4'), ben!.tribeId, 'ben holds 4,4 either way')
  const army = state.armies.find((x: { tile: string }) => x.tile === '4,4')
  t.equal(army.tribe, ben!.tribeId)
  if (ratified.body.status === 'ratified') {
    t.equal(army.troops, 6, "traded first: ben's 5 joined the 1 that came with the tile")
    t.notOk(
      attacked.body.events.some((e: { type: string }) => e.type === 'combat'),
      'so there was no battle',
    )
  } else {
    t.equal(ratified.body.status, 'failed', "attacked first: the tile was no longer ana's")
    t.ok(attacked.body.events.some((e: { type: string }) => e.type === 'combat'))
  }
  for (const a of state.armies as { tile: string; tribe: string | null }[]) {
    if (a.tribe) t.equal(ownerOf(state, a.tile), a.tribe, `R7.2: the army on ${a.tile} stands on its tribe's tile`)
  }
})
