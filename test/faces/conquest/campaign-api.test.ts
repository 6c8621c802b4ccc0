// A whole world-conquest campaign over HTTP with the test clock (#17): three players join, the
// territories are dealt, two rounds of orders (a battle whose dice re-derive from the revealed
// seed, a reinforcement, a building, a trade in a scene), and the round limit with the ranking.
import t from 'tap'
import { conquest } from '../../../src/engine/games/conquest/index.ts'
import { NEIGHBOURS } from '../../../src/engine/games/conquest/world.ts'
import { weeklyTurn } from '../../../src/engine/games/weekday/index.ts'
import { hmacRng } from '../../../src/engine/index.ts'
import { gameReads } from '../../../src/faces/game-reads.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { mailTemplates } from '../../../src/services/mail-templates.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { visitor } from '../../helpers/pages.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'

interface Territory {
  id: string
  owner: string
  troops: number
  ready: number
  stock: Record<string, number>
}

t.test('G1.9 G3 G6 G9 G8.7 a conquest campaign from the deal to the round limit, over HTTP', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cai: 'friday' }, { ruleset: 'conquest', weekLimit: 4 })
  const { ana, ben, cai } = table.players as Record<'ana' | 'ben' | 'cai', { token: string; tribeId: string }>
  const campaign = await call(app, table.gm, 'GET', `/api/campaigns/${table.id}`)
  t.match(campaign.body, { ruleset: 'conquest', mapId: 'world', weekLimit: 4 })
  t.match(await call(app, table.gm, 'POST', '/api/campaigns', { name: 'X', ruleset: 'chess' }), {
    status: 400,
    body: { error: { code: 'campaign/unknown_game' } },
  })

  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)
  t.equal(started.status, 200, JSON.stringify(started.body))
  const state = async (token: string) => (await call(app, token, 'GET', `/api/campaigns/${table.id}/state`)).body
  let s = await state(ana.token)
  t.equal(s.territories.length, 42)
  for (const p of [ana, ben, cai]) t.equal(s.territories.filter((x: Territory) => x.owner === p.tribeId).length, 14, 'G1.10 14 territories each')
  t.match(s, { setup: true, week: 0 })
  // A face reads its own game's campaigns through its typed reader (#48), and no other game's.
  const anaSees = await app.campaigns.access(table.id, table.players.ana!.userId)
  t.equal((await gameReads(app.campaigns, conquest).board(anaSees)).territories.length, 42, "conquest's reader reads its board, typed")
  await t.rejects(gameReads(app.campaigns, weeklyTurn).board(anaSees), /face was handed a conquest campaign/, 'another game reads none of it')
  t.match(s.you.objective, /^O\d+$/, 'G8.1 ana sees her objective')
  t.ok(
    s.standing.every((x: { objective: string | null }) => x.objective === null),
    "and nobody's in the public standing",
  )
  const mine = (st: { territories: Territory[] }, who: { tribeId: string }) => st.territories.filter((x) => x.owner === who.tribeId)

  // G1.13: the list is set during setup, on a Tuesday, outside ana's weekday.
  // A territory on a border, so that its 22 troops have a neighbour of another tribe to attack
  // below: the deal is random, and a territory inside ana's own could leave her no attack at all.
  const ownerOf = new Map(s.territories.map((x: Territory) => [x.id, x.owner]))
  const target = mine(s, ana).find((x) => NEIGHBOURS.get(x.id)!.some((n) => ownerOf.get(n) !== ana.tribeId))!.id
  const listed = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'setReinforcements', list: [target] } })
  t.equal(listed.status, 200, JSON.stringify(listed.body))
  t.match(await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'guard', at: target, troops: 1 } }), {
    status: 422,
    body: { error: { code: 'conquest/setup', rule: 'G1.13' } },
  })

  // Tick 0 on Sunday 6 December 20:00; round 1 from Monday 7.
  await setClock(app, '2026-12-07T09:00:00Z')
  s = await state(ana.token)
  t.match(s, { setup: false, round: 1 })
  t.equal(s.territories.find((x: Territory) => x.id === target).troops, 1 + 21, 'G1.12 the whole allotment went to the one listed territory')
  t.equal(s.territories.find((x: Territory) => x.id === target).stock.basic, 3, 'G3.5 plus a Básico of income')

  const order = (token: string, body: unknown) => call(app, token, 'POST', `/api/campaigns/${table.id}/orders`, body)
  // A gather and a building in the same window (G4.4, G4.7, N3.15).
  const built = await order(ana.token, {
    orders: [
      { type: 'gather', at: target, troops: 1 },
      { type: 'build', at: target, kind: 'troop', count: 1 },
    ],
  })
  t.equal(built.status, 200, JSON.stringify(built.body))
  t.ok(
    built.body.events.some((e: { type: string }) => e.type === 'built'),
    'a troop built',
  )
  // A battle from the strong territory into a neighbour of another tribe.
  const options = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body.options
  const from =
    options.territories.find((x: { id: string; attacks: string[] }) => x.id === target && x.attacks.length > 0) ??
    options.territories.find((x: { attacks: string[] }) => x.attacks.length > 0)
  t.ok(from, 'the options offer an attack')
  const attacked = await order(ana.token, { order: { type: 'attack', from: from.id, to: from.attacks[0], troops: from.canLeave } })
  t.equal(attacked.status, 200, JSON.stringify(attacked.body))
  const battle = attacked.body.events.find((e: { type: string }) => e.type === 'battle')
  t.ok(battle.dice.length >= 2, 'dice were rolled')
  t.match(await order(ben.token, { order: { type: 'endTurn' } }), { status: 409, body: { error: { code: 'turn/window_closed' } } }, 'ben waits for Wednesday')

  // A trade in a scene: ana gives ben a territory, ben's gets all that stands on it (G9.2).
  const gift = mine(await state(ana.token), ana).find((x) => x.id !== target && x.id !== from.id)!.id
  const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Paz', tribes: [ana.tribeId, ben.tribeId] })
  const proposal = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals`, {
    transfers: [{ from: ana.tribeId, to: ben.tribeId, tiles: [gift] }],
  })
  t.equal(proposal.status, 201, JSON.stringify(proposal.body))
  await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals/${proposal.body.id}/accept`)
  const ratified = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals/${proposal.body.id}/ratify`)
  t.match(ratified.body, { status: 'ratified' })
  t.equal((await state(ben.token)).territories.find((x: Territory) => x.id === gift).owner, ben.tribeId)

  // Wednesday: ben plays; Friday: cai plays.
  await setClock(app, '2026-12-09T09:00:00Z')
  t.equal((await order(ben.token, { order: { type: 'endTurn' } })).status, 200)
  await setClock(app, '2026-12-11T09:00:00Z')
  t.equal((await order(cai.token, { order: { type: 'endTurn' } })).status, 200)

  // Round 2: the tick placed ⌊T/2⌋ on ana's list; round 1's seed is revealed and re-derives the battle.
  await setClock(app, '2026-12-14T09:00:00Z')
  s = await state(ana.token)
  t.equal(s.round, 2)
  const dice = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/dice/1`)).body
  t.ok(dice.seed, "G11.3 round 1's seed revealed at its tick")
  for (const d of battle.dice) t.equal((hmacRng(dice.seed, d.counter) % 6) + 1, d.face, `die ${d.counter} re-derives`)
  const events = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/events?after=0&limit=500`)).body.events
  const reinforced = events.find(
    (e: { type: string; payload: { round: number; tribe: string } }) => e.type === 'reinforced' && e.payload.round === 1 && e.payload.tribe === ana.tribeId,
  )
  t.ok(reinforced, "G3.1 the first round's reinforcement is in the log")
  t.same(Object.keys(reinforced.payload.placed), reinforced.payload.troops > 0 ? [target] : [], 'all on the listed territory (if ana still holds it)')
  t.equal((await order(ana.token, { order: { type: 'endTurn' } })).status, 200, 'round 2: ana plays again')
  // The tick's mail (the platform's payout mail) in the game's words.
  const mails = await app.prisma.outboxMail.findMany({ where: { campaignId: table.id, kind: 'payout' } })
  t.ok(mails.length >= 3, 'every player is told of the tick')
  const tick = mails.find((m) => (m.data as { week: number }).week === 2)!
  t.match(tick.data, { roundLimit: 4 })
  const templates = mailTemplates()
  const context = {
    ...(tick.data as object),
    ruleset: 'conquest',
    timeZone: 'Europe/Madrid',
    userTimeZone: 'Europe/Madrid',
    campaignUrl: 'https://example.com/c',
    settingsUrl: 's',
    unsubscribeUrl: 'u',
  }
  const en = templates.render('payout', 'en', { ...context, locale: 'en' })
  t.match(en.subject, /round 2 for/)
  t.match(en.text, /Round 2 of 4 of Test campaign begins\. .+ holds \d+ territories/)
  t.match(templates.render('payout', 'es', { ...context, locale: 'es' }).text, /Empieza la ronda 2 de 4/)

  // The pages tell it: the dice page derives round 1's dice again; the history has round 0's map.
  const page = visitor(app)
  await page.login(
    (await app.prisma.user.findUniqueOrThrow({ where: { id: (table.players.ana as unknown as { userId: string }).userId } })).email,
    'correct horse battery',
  )
  const dicePage = await page.get(`/campaigns/${table.id}/dice`)
  t.equal(dicePage.status, 200)
  t.ok((dicePage.body.match(/✓/g) ?? []).length >= battle.dice.length, 'every die of the battle derived again and matching')
  t.notMatch(dicePage.body, '✗')
  t.match(dicePage.body, new RegExp(`attacked ${from.attacks[0]}`))
  const week0 = await page.get(`/campaigns/${table.id}/history?week=0&kind=economy`)
  t.match(week0.body, '<svg class="world"', 'the map at the end of round 0')
  t.match(week0.body, /received 21 troops: [a-z]{3} \+21/, 'the setup allotment told')

  // The round limit (4): the tick of Sunday 3 January ends the campaign with the ranking.
  await setClock(app, '2027-01-04T09:00:00Z')
  s = await state(cai.token)
  t.equal(s.status, 'finished')
  t.match(s.result, { reason: 'roundLimit' })
  t.equal(s.result.ranking.length, 3, 'every tribe ranked')
  const counts = s.result.ranking.map((id: string) => s.territories.filter((x: Territory) => x.owner === id).length)
  t.same(
    counts,
    [...counts].sort((a: number, b: number) => b - a),
    'G8.8 by territories',
  )
  t.ok(
    s.standing.every((x: { objective: string | null }) => /^O\d+$/.test(x.objective ?? '')),
    'G8.10 every objective revealed',
  )
  t.ok(s.objectiveSeed, 'and the objective seed')
  const verified = await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/verify`)
  t.match(verified.body, { ok: true }, 'G11.1 the whole log replays to the stored state')
})

t.test('G1.7 a game master creates a world-conquest campaign from the page, choosing the game and its round limit', async (t) => {
  const app = await buildTestApp(t)
  await register(app, 'gm-page@example.com')
  const gm = visitor(app)
  await gm.login('gm-page@example.com', 'correct horse battery')
  const form = await gm.get('/campaigns')
  t.match(form.body, '<input type="radio" name="ruleset" value="conquest"', 'the game is a choice')
  const wrong = await gm.post('/campaigns', { name: 'Mundo', ruleset: 'conquest', weekLimit: '60', mapId: 'coast-3', timeZone: 'Europe/Madrid' })
  t.equal(wrong.status, 400, `a round limit over 52 is refused at once (${wrong.status} ${wrong.location ?? ''})`)
  t.match(wrong.body, /weekLimit/)
  const made = await gm.post('/campaigns', { name: 'Mundo', ruleset: 'conquest', weekLimit: '6', mapId: 'coast-3', timeZone: 'Europe/Madrid' })
  t.equal(made.status, 303)
  const id = made.location!.split('/')[2]!
  const row = await app.prisma.campaign.findUniqueOrThrow({ where: { id } })
  t.match(row, { ruleset: 'conquest', mapId: 'world', weekLimit: 6 }, 'the world map, whatever map the form named')
  const list = await gm.get('/campaigns')
  t.match(list.body, /Mundo<\/a> · World \(42 territories\)/, 'listed with its map, named in English (#49)')
})

t.test('every page of a running conquest campaign answers, for its GM and a player', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'conquest', public: true })
  await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)
  await setClock(app, '2026-12-07T09:00:00Z')
  const ana = table.players.ana!
  const first = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body.options.territories[0].id
  await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'gather', at: first, troops: 1 } })
  const gmId = (await app.prisma.membership.findFirstOrThrow({ where: { campaignId: table.id, role: 'gm' } })).userId
  const emails = {
    gm: (await app.prisma.user.findUniqueOrThrow({ where: { id: gmId } })).email,
    player: (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email,
  }
  for (const [who, email] of Object.entries(emails)) {
    const v = visitor(app)
    await v.login(email, 'correct horse battery')
    for (const tab of ['', '/pools', '/turn', '/history', '/dice', '/scenes', '/gm', '/absences']) {
      const res = await v.get(`/campaigns/${table.id}${tab}`)
      t.ok(res.status < 500, `${who} ${tab || '/'}: ${res.status}`)
    }
  }
  // G5.1 (#49): a move sends every troop that may leave unless the player asks for fewer.
  const card = { id: 'T1', label: 'Alaska', troops: 5, ready: 5, canLeave: 4, moveChoices: [{ id: 'T2', label: 'Kamchatka' }], attackChoices: [] }
  const page = await app.view('../games/conquest/pages/turn.hbs', {
    s: CATALOGUE.en,
    campaign: { id: table.id, face: {} },
    csrf: 'x',
    canEndTurn: true,
    cards: [card],
  })
  t.match(page, /name="type" value="move">[\s\S]*?name="troops" min="1" max="4" value="4"/, 'the move form starts at all 4 troops that may leave')
})

t.test('G1.7 a seventh tribe cannot join a conquest campaign; one stored with seven by older code is refused at the start, and stays as it was', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
  const table = await setUp(app, Object.fromEntries(days.map((d, i) => [`p${i}`, d])), { ruleset: 'conquest' })
  const seventh = await register(app, 'seventh@example.com')
  const invitation = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`)
  const joined = await call(app, seventh.token, 'POST', `/api/invitations/${invitation.body.token}/accept`, { tribeName: 'p6', weekday: 'sunday' })
  t.match(joined, { status: 409, body: { error: { code: 'campaign/full', rule: 'R2.1', message: /at most 6 tribes/ } } })
  // A campaign filled before joins were checked against the game.
  await app.prisma.tribe.create({ data: { campaignId: table.id, name: 'p6', colour: '#000000', weekday: 'sunday', userId: seventh.user.id } })
  const refused = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)
  t.match(refused, { status: 422, body: { error: { code: 'setup/tribe_count', rule: 'G1.7' } } })
  t.match((await call(app, table.gm, 'GET', `/api/campaigns/${table.id}`)).body, { status: 'setup' }, 'still in setup')
  t.equal(await app.prisma.gameSnapshot.count({ where: { campaignId: table.id } }), 0, 'no game stored')
})

t.test(
  "G8.9 G8.10 G10.1 a tribe that trades away its last territory is eliminated; the last one wins mid-round, and that round's dice can be checked at once",
  async (t) => {
    const app = await buildTestApp(t, { allowTestClock: true })
    await setClock(app, '2026-12-01T09:00:00Z')
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'conquest' })
    const { ana, ben } = table.players as Record<'ana' | 'ben', { token: string; tribeId: string; userId: string }>
    await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)
    await setClock(app, '2026-12-07T09:00:00Z')
    const options = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/options`)).body.options
    const from = options.territories.find((x: { attacks: string[]; canLeave: number }) => x.attacks.length > 0 && x.canLeave > 0)
    const attacked = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, {
      order: { type: 'attack', from: from.id, to: from.attacks[0], troops: from.canLeave },
    })
    const battle = attacked.body.events.find((e: { type: string }) => e.type === 'battle')
    const state = (await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)).body
    const bens = state.territories.filter((x: { owner: string }) => x.owner === ben.tribeId).map((x: { id: string }) => x.id)
    const scene = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Rendición', tribes: [ana.tribeId, ben.tribeId] })
    const proposal = await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals`, {
      transfers: [{ from: ben.tribeId, to: ana.tribeId, tiles: bens }],
    })
    await call(app, ben.token, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals/${proposal.body.id}/accept`)
    t.match((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes/${scene.body.id}/proposals/${proposal.body.id}/ratify`)).body, {
      status: 'ratified',
    })
    const after = (await call(app, ben.token, 'GET', `/api/campaigns/${table.id}/state`)).body
    t.match(after, { status: 'finished', result: { reason: 'lastTribe', winners: [ana.tribeId] } })
    t.equal(after.territories.filter((x: { owner: string }) => x.owner === ana.tribeId).length, 42)
    const page = visitor(app)
    await page.login((await app.prisma.user.findUniqueOrThrow({ where: { id: ben.userId } })).email, 'correct horse battery')
    const dice = await page.get(`/campaigns/${table.id}/dice`)
    t.ok((dice.body.match(/✓/g) ?? []).length >= battle.dice.length, "round 1's dice derived again from the seed the end revealed")
    t.notMatch(dice.body, '✗')
    t.match((await page.get(`/campaigns/${table.id}`)).body, /Only one tribe is left/)
  },
)
