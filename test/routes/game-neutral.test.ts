// The platform asks the game (#26): four defects of a platform that read the first game's
// fields in world conquest, each reproduced over HTTP as a player would meet it.
import t, { type Test } from 'tap'
import { hmacRng } from '../../src/engine/index.ts'
import { buildTestApp } from '../helpers/app.ts'
import { call, setClock, setUp, type App, type Table } from '../helpers/campaign.ts'

type Player = { token: string; tribeId: string; userId: string }

/** A two-tribe conquest campaign in round 1, Monday: ana's window is open. */
async function roundOne(t: Test): Promise<{ app: App; table: Table; ana: Player; ben: Player }> {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'conquest' })
  const { ana, ben } = table.players as Record<'ana' | 'ben', Player>
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)).status, 200, 'started by the neutral name')
  // #50: in setup, an instant is ISO like every other.
  const setup = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
  t.match(setup.tickZeroNotBefore, /^2026-12-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'tick 0 not before an ISO instant')
  await setClock(app, '2026-12-07T09:00:00Z')
  t.equal((await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.round, 1)
  return { app, table, ana, ben }
}

t.test('a conquest campaign files its scenes, proposals, absences and replacements under the current round, not round 0', async (t) => {
  const { app, table, ana, ben } = await roundOne(t)
  const base = `/api/campaigns/${table.id}`
  const scene = await call(app, table.gm, 'POST', `${base}/scenes`, { title: 'Talks', tribes: [ana.tribeId, ben.tribeId] })
  await call(app, ana.token, 'POST', `${base}/scenes/${scene.body.id}/messages`, { body: 'Peace?' })
  const mine = (await call(app, ana.token, 'GET', `${base}/state`)).body.territories.find((x: { owner: string }) => x.owner === ana.tribeId).id
  await call(app, ana.token, 'POST', `${base}/scenes/${scene.body.id}/proposals`, { transfers: [{ from: ana.tribeId, to: ben.tribeId, tiles: [mine] }] })
  await call(app, ben.token, 'POST', `${base}/absences`, { from: '2026-12-20', to: '2026-12-21' })
  const rows = (
    await app.pg.query<{ week: number }>(`SELECT week FROM campaign_events WHERE campaign_id = $1 AND type = ANY($2)`, [
      table.id,
      ['scene.opened', 'scene.message', 'proposal.made', 'absence.declared'],
    ])
  ).rows
  t.ok(rows.length >= 3, `${rows.length} diplomacy and absence events`)
  t.same([...new Set(rows.map((r) => r.week))], [1], 'each in round 1')
})

t.test("a finished conquest campaign shows each player's place on their profile", async (t) => {
  const { app, table, ana, ben } = await roundOne(t)
  const base = `/api/campaigns/${table.id}`
  const bens = (await call(app, ben.token, 'GET', `${base}/state`)).body.territories
    .filter((x: { owner: string }) => x.owner === ben.tribeId)
    .map((x: { id: string }) => x.id)
  const scene = await call(app, table.gm, 'POST', `${base}/scenes`, { title: 'Rendición', tribes: [ana.tribeId, ben.tribeId] })
  const proposal = await call(app, ben.token, 'POST', `${base}/scenes/${scene.body.id}/proposals`, {
    transfers: [{ from: ben.tribeId, to: ana.tribeId, tiles: bens }],
  })
  await call(app, ben.token, 'POST', `${base}/scenes/${scene.body.id}/proposals/${proposal.body.id}/accept`)
  t.match((await call(app, table.gm, 'POST', `${base}/scenes/${scene.body.id}/proposals/${proposal.body.id}/ratify`)).body, { status: 'ratified' })
  t.match((await call(app, ana.token, 'GET', `${base}/state`)).body, { status: 'finished' })
  const profileOf = async (player: Player) =>
    (await call(app, ana.token, 'GET', `/api/users/${player.userId}`)).body.finished.find((c: { id: string }) => c.id === table.id)
  t.match(await profileOf(ana), { rank: 1, of: 2 }, 'ana won')
  t.match(await profileOf(ben), { rank: 2, of: 2 }, 'ben came second')
})

t.test('the economy of a conquest campaign answers 200 in its own shape, by its neutral name and its old one', async (t) => {
  const { app, table, ana } = await roundOne(t)
  for (const path of ['economy', 'pools']) {
    const res = await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/${path}`)
    t.equal(res.status, 200, `/${path}`)
    t.match(res.body, { period: 1, week: 1, pools: [] })
    t.equal(res.body.preview.length, 2, 'the next tick for each tribe')
    t.match(res.body.preview[0], { tribe: String, territories: Number, troops: Number, basic: Number })
  }
})

t.test('the dice of a conquest round are d6, each draw listed and derived again from the revealed seed', async (t) => {
  const { app, table, ana } = await roundOne(t)
  const base = `/api/campaigns/${table.id}`
  const options = (await call(app, ana.token, 'GET', `${base}/options`)).body.options
  const from = options.territories.find((x: { attacks: string[]; canLeave: number }) => x.attacks.length > 0 && x.canLeave > 0)
  const attacked = await call(app, ana.token, 'POST', `${base}/orders`, {
    order: { type: 'attack', from: from.id, to: from.attacks[0], troops: from.canLeave },
  })
  const battle = attacked.body.events.find((e: { type: string }) => e.type === 'battle')
  t.ok(battle.dice.length > 0, `the battle rolled ${battle.dice.length} dice`)
  const before = await call(app, ana.token, 'GET', `${base}/dice/1`)
  t.match(before.body, { sides: 6, seed: null, algorithm: /^d6 = .* mod 6 \+ 1/ })
  t.same(
    before.body.draws.map((d: { counter: number; face: number }) => [d.counter, d.face]),
    battle.dice.map((d: { counter: number; face: number }) => [d.counter, d.face]),
    'every die of the battle, in order',
  )
  t.match(before.body.draws[0].purpose, `battle ${from.id} → ${from.attacks[0]}`)
  await setClock(app, '2026-12-14T09:00:00Z') // round 1 is over: its seed is out
  const after = await call(app, ana.token, 'GET', `${base}/dice/1`)
  t.type(after.body.seed, 'string')
  const derived = after.body.draws.map((d: { counter: number }) => (hmacRng(after.body.seed, d.counter) % 6) + 1)
  t.same(
    derived,
    after.body.draws.map((d: { face: number }) => d.face),
    'each face is HMAC-SHA-256(seed, counter) mod 6 + 1',
  )
})

t.test('G2.11 a GM pause skips a conquest tick: the skipped Sunday is no round, and the next tick done is', async (t) => {
  const { app, table, ana } = await roundOne(t)
  const base = `/api/campaigns/${table.id}`
  t.equal((await call(app, table.gm, 'POST', `${base}/pause`)).status, 200)
  await setClock(app, '2026-12-15T09:00:00Z') // Sunday 13 December's tick fell in the pause
  t.equal((await call(app, table.gm, 'POST', `${base}/resume`)).status, 200)
  t.equal((await call(app, ana.token, 'GET', `${base}/state`)).body.round, 1, 'still round 1: the skipped tick did not count')
  await setClock(app, '2026-12-21T09:00:00Z') // past Sunday 20 December, 20:00
  t.equal((await call(app, ana.token, 'GET', `${base}/state`)).body.round, 2, 'the next tick done begins round 2')
})

t.test('G1.7 R2.5 each game checks its own period limit when a campaign is created; the form lists the games from their registry', async (t) => {
  const app = await buildTestApp(t)
  const { register } = await import('../helpers/app.ts')
  const gm = await register(app, 'limits@example.com')
  const conquest = await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Mundo', ruleset: 'conquest', weekLimit: 60 })
  t.equal(conquest.status, 400)
  t.match(conquest.body.error, { code: 'campaign/bad_limit', rule: 'G1.7', message: /limit: .*4 to 52 rounds/ })
  t.equal(
    (await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Liga', mapId: 'coast-3', weekLimit: 60 })).status,
    201,
    'the weekday game takes 60 weeks',
  )
  t.equal((await call(app, gm.token, 'POST', '/api/campaigns', { name: 'Mundo', ruleset: 'conquest', weekLimit: 52 })).status, 201)
  const { visitor } = await import('../helpers/pages.ts')
  const page = visitor(app)
  await page.login('limits@example.com', 'correct horse battery')
  const form = (await page.get('/campaigns?game=conquest')).body
  t.match(form, /value="weekly-turn" >/, 'the weekday game offered')
  t.match(form, /value="conquest" checked>/, 'world conquest offered, and chosen as asked')
  // A Spanish GM is told each game's own bounds on the form, not world conquest's.
  t.equal((await call(app, gm.token, 'PATCH', '/api/me', { locale: 'es' })).status, 200)
  const refusal = async (fields: Record<string, string>) => {
    const res = await page.post('/campaigns', { name: 'Mapa', ...fields })
    t.equal(res.status, 400, JSON.stringify(fields))
    return /role="alert" id="error"><strong>([^<]+)</.exec(res.body)?.[1]
  }
  t.equal(await refusal({ ruleset: 'elmapa', limit: '99' }), 'Ese límite no vale para este juego: va de 8 a 52.', 'El Mapa: 8 to 52 rounds (M1.2)')
  // Nothing the GM typed is lost with the refusal: the form comes back filled in.
  const again = await page.post('/campaigns', {
    name: 'Mapa <grande>',
    ruleset: 'elmapa',
    weekLimit: '99',
    mapId: 'coast-5',
    timeZone: 'America/Santiago',
    public: 'true',
  })
  t.equal(again.status, 400)
  t.match(again.body, /name="name" value="Mapa &lt;grande&gt;"/, 'the name, escaped')
  t.match(again.body, /name="weekLimit" value="99"/, 'the limit')
  t.match(again.body, /name="timeZone" value="America\/Santiago"/, 'the time zone')
  t.match(again.body, /name="public" value="true" checked/, 'public, still ticked')
  t.match(again.body, /value="elmapa" checked/, 'the game')
  t.match(again.body, /<option value="coast-5" selected>/, 'the map')
  t.equal((again.body.match(/<option [^>]*selected>/g) ?? []).length, 1, 'and no other')
  t.equal(await refusal({ ruleset: 'conquest', limit: '99' }), 'Ese límite no vale para este juego: va de 4 a 52.', 'world conquest: 4 to 52 (G1.7)')
  t.equal(await refusal({ ruleset: 'openwars', limit: '99' }), 'Ese límite no vale para este juego: va de 6 a 52.', 'Open Wars: 6 to 52 (W9.4)')
  t.equal(
    await refusal({ ruleset: 'conquest', limit: '6', weekLimit: '8' }),
    'Da el límite de periodos una sola vez: limit (o su nombre antiguo, weekLimit).',
    'two different limits: the reason, not a range',
  )
})

t.test("a campaign's period limit goes by its neutral name, limit, and its old one, weekLimit; the game judges it", async (t) => {
  const app = await buildTestApp(t)
  const gm = (await call(app, null, 'POST', '/api/auth/register', { email: 'limits@example.com', password: 'correct horse battery', displayName: 'Gm' })).body
    .token as string
  const made = await call(app, gm, 'POST', '/api/campaigns', { name: 'Mundo', ruleset: 'conquest', limit: 6 })
  t.match(made, { status: 201, body: { limit: 6, weekLimit: 6 } }, 'limit: the neutral name, shown under both')
  const old = await call(app, gm, 'POST', '/api/campaigns', { name: 'Costa', mapId: 'coast-3', weekLimit: 9 })
  t.match(old, { status: 201, body: { limit: 9, weekLimit: 9 } }, 'weekLimit: still taken')
  t.match(
    await call(app, gm, 'POST', '/api/campaigns', { name: 'Mundo', ruleset: 'conquest', limit: 60 }),
    { status: 400, body: { error: { code: 'campaign/bad_limit', rule: 'G1.7' } } },
    'world conquest takes 4 to 52 rounds (G1.7)',
  )
  t.match(
    await call(app, gm, 'POST', '/api/campaigns', { name: 'Costa', mapId: 'coast-3', limit: 60 }),
    { status: 201, body: { limit: 60 } },
    'the weekday game takes 60 weeks',
  )
  t.match(
    await call(app, gm, 'POST', '/api/campaigns', { name: 'Mundo', ruleset: 'conquest', limit: 6, weekLimit: 8 }),
    { status: 400, body: { error: { code: 'campaign/bad_limit', message: /once/ } } },
    'two different limits are refused',
  )
  t.equal((await app.pg.query(`SELECT count(*)::int AS n FROM campaigns`)).rows[0].n, 3, 'no refused campaign was stored')
})
