// The pages by app.inject: every page for every role, and the forms (login,
// orders with a rule error beside the form, CSRF, diplomacy, the GM console).
import t, { type Test } from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App, type Table } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const PASSWORD = 'correct horse battery'

async function world(t: Test, options: { public: boolean }): Promise<{ app: App; table: Table; sceneId: string; email: (who: string) => Promise<string> }> {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid: ana's window is open
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cleo: 'friday' }, { public: options.public })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, {
    title: 'North pact',
    tribes: [table.players.ana!.tribeId, table.players.cleo!.tribeId],
  })
  const email = async (who: string) => {
    const id =
      who === 'gm' ? (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId : table.players[who]!.userId
    return (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  }
  return { app, table, sceneId: scene.body.id, email }
}

t.test('every page for each role: the right 200, 302, 403 or 404', async (t) => {
  const { app, table, sceneId, email } = await world(t, { public: true })
  const outsider = await call(app, null, 'POST', '/api/auth/register', { email: 'watcher@example.com', password: PASSWORD, displayName: 'Watcher' })
  t.equal(outsider.status, 201)
  const roles: Record<string, ReturnType<typeof visitor>> = {}
  for (const [role, who] of [
    ['player', 'ana'],
    ['otherPlayer', 'ben'],
    ['gm', 'gm'],
  ] as const) {
    roles[role] = visitor(app)
    await roles[role].login(await email(who), PASSWORD)
  }
  roles.spectator = visitor(app)
  await roles.spectator.login('watcher@example.com', PASSWORD)
  roles.anonymous = visitor(app)

  const base = `/campaigns/${table.id}`
  const expected: [string, Record<string, number>][] = [
    ['/campaigns', { player: 200, otherPlayer: 200, gm: 200, spectator: 200, anonymous: 200 }],
    [base, { player: 200, otherPlayer: 200, gm: 200, spectator: 200, anonymous: 200 }],
    [`${base}/pools`, { player: 200, otherPlayer: 200, gm: 200, spectator: 200, anonymous: 200 }],
    [`${base}/history`, { player: 200, otherPlayer: 200, gm: 200, spectator: 200, anonymous: 200 }],
    [`${base}/dice`, { player: 200, otherPlayer: 200, gm: 200, spectator: 200, anonymous: 200 }],
    [`${base}/turn`, { player: 200, otherPlayer: 200, gm: 403, spectator: 403, anonymous: 302 }],
    [`${base}/scenes`, { player: 200, otherPlayer: 200, gm: 200, spectator: 403, anonymous: 302 }],
    [`${base}/scenes/${sceneId}`, { player: 200, otherPlayer: 404, gm: 200, spectator: 403, anonymous: 302 }],
    [`${base}/gm`, { player: 403, otherPlayer: 403, gm: 200, spectator: 403, anonymous: 302 }],
    ['/me/notifications', { player: 200, otherPlayer: 200, gm: 200, spectator: 200, anonymous: 302 }],
  ]
  for (const [url, byRole] of expected) {
    for (const [role, status] of Object.entries(byRole)) {
      const res = await roles[role]!.get(url)
      t.equal(res.status, status, `${url} as ${role}: ${status}`)
      if (status === 302) t.match(res.location, /^\/login\?next=/, 'to the login page')
      if (status >= 400) t.match(res.body, /<!doctype html>/i, 'an HTML error page')
    }
  }

  const hidden = await world(t, { public: false })
  const stranger = visitor(hidden.app)
  await call(hidden.app, null, 'POST', '/api/auth/register', { email: 'stranger@example.com', password: PASSWORD, displayName: 'S' })
  await stranger.login('stranger@example.com', PASSWORD)
  for (const page of ['', '/pools', '/history', '/dice', '/turn', '/scenes', '/gm']) {
    t.equal((await stranger.get(`/campaigns/${hidden.table.id}${page}`)).status, 404, `private campaign${page} for an outsider: 404`)
    t.equal((await visitor(hidden.app).get(`/campaigns/${hidden.table.id}${page}`)).status, 302, `private campaign${page} logged out: to the login page`)
  }
})

t.test('the pages show the map, the pools and the turn; orders through the forms, a rule error beside its form, CSRF', async (t) => {
  const { app, table, email } = await world(t, { public: false })
  const ana = visitor(app)
  await ana.login(await email('ana'), PASSWORD)
  const overview = await ana.get(`/campaigns/${table.id}`)
  t.match(overview.body, /<svg class="map"/)
  t.match(overview.body, /data-tile="2,1"/)
  t.match(overview.body, /window open now/, 'the calendar says whose window is open')
  const pools = await ana.get(`/campaigns/${table.id}/pools`)
  t.match(pools.body, /Next payout from today&#x27;s map|Next payout from today's map/)
  t.match(pools.body, /class="pool">P1</, 'pools highlighted on the map')

  const turn = await ana.get(`/campaigns/${table.id}/turn`)
  t.match(turn.body, /Your window is open until/)
  t.match(turn.body, /id="form-recruit"/)
  t.match(turn.body, /id="form-portAssault"/, 'a form for every order type')
  const moved = await ana.post(`/campaigns/${table.id}/turn`, { type: 'move', from: '2,1', to: '3,1', troops: '2' })
  t.equal(moved.status, 200)
  t.match(moved.body, /ana moved 2 troops from Highport to 3,1\. Claimed: 3,1\./, 'the result is shown')
  t.match(moved.body, /<g class="arrow arrow-move"><title>2 troops moved 2,1 → 3,1<\/title>/, 'the move is drawn on the map as an arrow')
  const chosen = await ana.post(`/campaigns/${table.id}/turn`, { type: 'move', from: '3,3', to: '4,4', via: '3,4', troops: '1' })
  t.equal(chosen.status, 200, 'a move along a path given in the form')
  t.match(chosen.body, /1 troop moved 3,3 → 3,4 → 4,4/, "by the tiles typed, not the server's choice")
  t.match(chosen.body, /<script type="application\/json" id="turn-data">\{"options":\{/, "the legal options for the map's script")
  const late = await ana.post(`/campaigns/${table.id}/turn`, { type: 'recruit', city: '2,1', troops: '1' })
  t.equal(late.status, 422, 'a refused order is a 422 page')
  t.match(
    late.body,
    /<div class="error" role="alert" id="error"><strong>[^<]*recruiting is only allowed before the first action of the turn<\/strong> \(<a href="\/rules#R5\.5">R5\.5<\/a>\) <details class="code"><summary>Details for the service<\/summary><small class="code">recruit\/after_actions<\/small><\/details>/,
    'the error in words, then its code and rule id, linked to the rule',
  )
  t.ok(
    late.body.indexOf('role="alert"') > late.body.indexOf('id="form-recruit"') && late.body.indexOf('role="alert"') < late.body.indexOf('id="form-move"'),
    'beside the recruit form',
  )
  const forged = await ana.post(`/campaigns/${table.id}/turn`, { type: 'endTurn' }, { csrf: 'forged' })
  t.equal(forged.status, 403)
  t.match(forged.body, /request\/csrf/)
  const state = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(state.body.you.phase, 'actions', 'the forged end of turn did nothing')

  await setClock(app, '2026-12-06T19:30:00Z') // after the Sunday tick
  const history = await ana.get(`/campaigns/${table.id}/history?week=1`)
  t.equal(history.status, 200)
  t.match(history.body, /The map at the end of week 1/)
  t.match(history.body, /<svg class="map"[^>]*aria-label="Test campaign, week 1"/, 'the map as it stood')
  t.match(history.body, /<g class="arrow arrow-move"><title>2 troops moved 2,1 → 3,1<\/title>/, "with the week's orders as arrows")
  t.match(history.body, /<td>Payout of week 1: \d+ resources in \d+ pools\.<\/td>/, "the week's chronicle, a sentence per event")
  t.notMatch(history.body, /<code>payout<\/code>/, 'no machine names beside the sentences')
  t.notMatch(history.body, /The window of ana opens\./, "the log's machinery is hidden by default")
  const machinery = (await ana.get(`/campaigns/${table.id}/history?week=1&system=1`)).body
  t.match(machinery, /<td>The window of ana opens\.<\/td>/, 'and shown when asked')
  t.match(machinery, /<small><code>order<\/code><\/small>/, 'an order as sent, which the chronicle does not tell, by its type')
  const filtered = await ana.get(`/campaigns/${table.id}/history?week=1&kind=moves`)
  t.match(filtered.body, /<td>ana moved 2 troops from Highport to 3,1/)
  t.notMatch(filtered.body, /Payout of week 1/, 'the kind filter')
  t.match(filtered.body, /<option value="moves" selected>Movements<\/option>/)
  t.match((await ana.get(`/campaigns/${table.id}/history?week=1&kind=economy`)).body, /Payout of week 1/)

  const es = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'es-ES,es;q=0.9' } })
  t.match(es.body, /<html lang="es">/)
  t.match(es.body, /Contraseña/)
})

t.test('diplomacy and the GM console through the pages', async (t) => {
  const { app, table, sceneId, email } = await world(t, { public: false })
  const ana = visitor(app)
  const cleo = visitor(app)
  const gm = visitor(app)
  await ana.login(await email('ana'), PASSWORD)
  await cleo.login(await email('cleo'), PASSWORD)
  await gm.login(await email('gm'), PASSWORD)
  const url = `/campaigns/${table.id}/scenes/${sceneId}`
  await ana.get(url)
  t.equal((await ana.post(`${url}/messages`, { body: 'Peace in the north?' })).status, 303)
  const proposal = await ana.post(`${url}/proposals`, { from1: table.players.ana!.tribeId, to1: table.players.cleo!.tribeId, tiles1: '3,3', ships1: '' })
  t.equal(proposal.status, 303, /role="alert"[^<]*<strong>[^<]*<\/strong>[^<]*/.exec(proposal.body)?.[0] ?? '')
  const seen = await cleo.get(url)
  t.match(seen.body, /Peace in the north\?/)
  t.match(seen.body, /ana gives Oakmere to cleo/, 'R1.5: a traded city by its name')
  t.notMatch(seen.body, /\/accept"/, 'cleo gives nothing, so she has no accept button')
  const page = await ana.get(url)
  t.notMatch(page.body, /\/accept"/, 'ana accepted by proposing, so she has no accept button')
  const accept = /action="([^"]+\/)decline"/.exec(page.body)![1]! + 'accept'
  await gm.get(url)
  const unconfirmedRatify = await gm.post(accept.replace(/accept$/, 'ratify'), {})
  t.equal(unconfirmedRatify.status, 400, 'ratifying asks for its confirmation box')
  t.match(unconfirmedRatify.body, 'form/unconfirmed')
  t.match(unconfirmedRatify.body, /name="confirm" value="yes" required> Yes, carry out the trade now/, 'and offers it again')
  await gm.get(url)
  t.equal((await gm.post(accept.replace(/accept$/, 'ratify'), { confirm: 'yes' })).status, 303)
  const after = await call(app, table.players.cleo!.token, 'GET', `/api/campaigns/${table.id}/state`)
  t.equal(after.body.map.tiles.find((x: { tile: string }) => x.tile === '3,3').owner, table.players.cleo!.tribeId, 'ratified through the page')
  const bad = await ana.post(`${url}/proposals`, { from1: table.players.ana!.tribeId, to1: table.players.cleo!.tribeId, tiles1: '3,3' })
  t.equal(bad.status, 422, 'an asset ana no longer has')
  t.match(
    bad.body,
    /\(<a href="\/rules#R11\.3">R11\.3<\/a>\) <details class="code"><summary>Details for the service<\/summary><small class="code">trade\/asset_not_owned<\/small>/,
  )

  await gm.get(`/campaigns/${table.id}/gm`)
  const unconfirmed = await gm.post(`/campaigns/${table.id}/gm/pause`, {})
  t.equal(unconfirmed.status, 400, 'pausing asks for its confirmation box')
  t.match(unconfirmed.body, /form\/unconfirmed/)
  t.equal((await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).status, 'running', 'and does nothing without it')
  const pausing = await gm.post(`/campaigns/${table.id}/gm/pause`, { confirm: 'yes' })
  t.equal(pausing.status, 303)
  t.match(pausing.location, /\/gm\?done=paused$/)
  t.match((await gm.get(pausing.location!)).body, /role="status">The campaign is paused\./, 'the console says it was done')
  t.equal((await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).status, 'paused')
  const paused = await ana.post(`/campaigns/${table.id}/turn`, { type: 'endTurn' })
  t.equal(paused.status, 409)
  t.match(paused.body, /campaign\/paused/)
  await gm.get(`/campaigns/${table.id}/gm`)
  t.equal((await gm.post(`/campaigns/${table.id}/gm/resume`, {})).status, 303)
})
