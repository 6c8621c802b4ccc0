// Endings worth sharing (#30): a weekday campaign with a week limit played to its end; its
// results page (each tribe's figures in the ranking's order, the chart of land over time drawn
// as SVG with one line a tribe, the dice audit) in English and Spanish; the rematch with the
// same group (a new campaign in setup, each player invited by mail in their language to their
// tribe, its weekday kept on accepting); and the refusals, which store nothing.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App } from '../../helpers/campaign.ts'
import { playToTheEnd } from '../../helpers/endings.ts'
import { visitor } from '../../helpers/pages.ts'
import { smtpReceiver, type ReceivedMail } from '../../helpers/smtp.ts'

const kindOf = (m: ReceivedMail) => m.headers['x-weekday-wars-kind']
const emailOf = async (app: App, userId: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email

t.test('#30 a finished weekday campaign: its results page, and a rematch with the same group', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { weekLimit: 4 })
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es' } })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/orders`, { orders: [{ type: 'move', from: '2,1', troops: 2, to: '3,1' }] })

  // Before the end: no results, and no rematch.
  const early = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/results`)
  t.match(early, { status: 409, body: { code: 'results/not_finished' } }, 'no results while it runs')
  const campaignsBefore = await app.prisma.campaign.count()
  const notYet = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/rematch`, {})
  t.match(notYet, { status: 409, body: { code: 'rematch/not_finished' } }, 'no rematch while it runs')
  t.equal(await app.prisma.campaign.count(), campaignsBefore, 'the refusal stored no campaign')

  const state = await playToTheEnd(app, table)
  t.equal(state.status, 'finished', 'the week limit ended the campaign')
  // R2.6: a limit of 4 counts the 4 full weeks after the draft's, so every tribe had a window in each.
  const opened = await app.prisma.calendarWork.findMany({
    where: { campaignId: table.id, kind: 'open', outcome: 'done', dueAt: { gte: new Date('2026-12-06T23:00:00Z') } },
  })
  for (const [name, player] of Object.entries(table.players)) {
    t.equal(opened.filter((row) => row.period.endsWith(`/${player.tribeId}`)).length, 4, `R2.6 ${name} had a window in each of the 4 counted weeks`)
  }
  t.equal(state.endedBy, '2027-01-04', 'and it ended at the tick closing the 4th: Sunday 3 January')

  // The figures come from the game (R2.5: cities, land tiles, troops), in the ranking's order.
  const api = await call(app, table.players.ana!.token, 'GET', `/api/campaigns/${table.id}/results`)
  t.equal(api.status, 200)
  const r = api.body
  t.same(
    r.tribes.map((x: { id: string }) => x.id),
    state.ranking,
    "the tribes in the engine's ranking",
  )
  for (const tribe of r.tribes) {
    const tiles = state.map.tiles.filter((x: { owner: string | null }) => x.owner === tribe.id)
    t.same(
      tribe.figures.map((f: { key: string }) => f.key),
      ['standCities', 'standTiles', 'standTroops'],
    )
    t.equal(tribe.figures[0].value, tiles.filter((x: { city: boolean }) => x.city).length, `${tribe.name}'s cities`)
    t.equal(tribe.figures[1].value, tiles.length, `${tribe.name}'s land tiles`)
    t.ok(tribe.figures[2].value > 0, `${tribe.name} has troops`)
    t.match(tribe.colour, /^#[0-9a-f]{6}$/)
  }
  t.equal(r.chart.key, 'standTiles', 'the chart counts land tiles')
  t.ok(r.chart.periods.length >= 3, 'a point for every week that ended')
  for (const tribe of r.tribes) {
    t.equal(r.chart.held[tribe.id].length, r.chart.periods.length)
    t.equal(r.chart.held[tribe.id].at(-1), tribe.figures[1].value, "the chart's last point is the final land")
  }
  const ana = r.tribes.find((x: { name: string }) => x.name === 'ana')
  t.ok(r.chart.held[ana.id].at(-1) > r.chart.held[ana.id][0], `ana's spreading shows: ${r.chart.held[ana.id].join(', ')}`)
  t.match(r.audit, { ok: true, reason: null }, 'the whole log replays to the stored state')
  t.ok(r.audit.events > 0)

  // The page, in English and in Spanish, for a player.
  const anaPage = visitor(app)
  await anaPage.login(await emailOf(app, table.players.ana!.userId), 'correct horse battery')
  const overview = await anaPage.get(`/campaigns/${table.id}`)
  t.match(overview.body, new RegExp(`<a href="/campaigns/${table.id}/results">See the results</a>`), 'the finished banner links the results')
  const en = await anaPage.get(`/campaigns/${table.id}/results`)
  t.equal(en.status, 200)
  t.match(en.body, /<h2 id="results-h">Results<\/h2>/)
  t.match(en.body, /<th scope="col">Cities<\/th><th scope="col">Land tiles<\/th><th scope="col">Troops<\/th>/, 'the figures labelled from the game')
  const rows = [...en.body.matchAll(/<tr><td>(\d+)<\/td><th scope="row"><span class="swatch" style="background: (#[0-9a-f]{6})"><\/span> (\w+)/g)]
  t.same(
    rows.map((m) => m[3]),
    r.tribes.map((x: { name: string }) => x.name),
    'each tribe in ranking order',
  )
  t.equal((en.body.match(/<polyline /g) ?? []).length, 2, 'one line a tribe')
  for (const tribe of r.tribes)
    t.match(en.body, new RegExp(`<polyline points="[^"]+" fill="none" stroke="${tribe.colour}"`), `${tribe.name}'s line in its colour`)
  t.match(en.body, /<svg viewBox="0 0 400 240" role="img" aria-labelledby="chart-title chart-desc"/)
  t.match(en.body, /<title id="chart-title">Land tiles held by each tribe at the end of each period in Test campaign<\/title>/)
  t.match(en.body, /<summary>The chart&#x27;s figures as a table<\/summary>/, 'a table alternative')
  t.match(en.body, /Verified\.<\/strong> The whole log \(\d+ events\) replays to the stored state/, 'the audit badge')
  t.match(en.body, new RegExp(`<a href="/campaigns/${table.id}/dice">See the dice</a>`))
  t.notMatch(en.body, /action="\/campaigns\/[^"]+\/rematch"/, 'a player has no rematch button')
  const es = await anaPage.get(`/campaigns/${table.id}/results?lang=es`)
  t.match(es.body, /<h2 id="results-h">Resultados<\/h2>/)
  t.match(es.body, /<th scope="col">Ciudades<\/th><th scope="col">Casillas de tierra<\/th><th scope="col">Tropas<\/th>/)
  t.match(es.body, /Verificado\.<\/strong> Todo el registro \(\d+ eventos\) se reproduce/)
  t.match(es.body, /<title id="chart-title">Casillas de tierra de cada tribu al final de cada periodo en Test campaign<\/title>/)

  // A player may not start a rematch; nothing is stored.
  const before = await app.prisma.campaign.count()
  const refused = await call(app, table.players.ana!.token, 'POST', `/api/campaigns/${table.id}/rematch`, {})
  t.match(refused, { status: 403, body: { code: 'campaign/gm_only' } })
  t.equal(await app.prisma.campaign.count(), before, 'the refusal stored nothing')

  // The GM's page has the button; the rematch is a new campaign in setup with the group invited.
  const gm = visitor(app)
  const { createdById } = await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })
  await gm.login(await emailOf(app, createdById), 'correct horse battery')
  const gmPage = await gm.get(`/campaigns/${table.id}/results`)
  t.match(gmPage.body, new RegExp(`<form method="post" action="/campaigns/${table.id}/rematch" class="card">`))
  t.match(gmPage.body, /<button type="submit">Rematch with the same group<\/button>/)
  const posted = await gm.post(`/campaigns/${table.id}/rematch`, { name: 'Test campaign, the return' })
  t.equal(posted.status, 303)
  const newId = /^\/campaigns\/([0-9a-f-]{36})\/gm\?notice=rematch_created$/.exec(posted.location ?? '')?.[1]
  t.ok(newId, "to the new campaign's console")
  const old = await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })
  const fresh = await app.prisma.campaign.findUniqueOrThrow({ where: { id: newId! } })
  t.match(fresh, {
    status: 'setup',
    name: 'Test campaign, the return',
    mapId: old.mapId,
    timeZone: old.timeZone,
    weekLimit: 4,
    ruleset: old.ruleset,
    public: old.public,
  })
  const console = await gm.get(posted.location!)
  t.match(console.body, /The rematch is set up: each player has been invited by mail to their tribe\./)
  const tribes = await app.prisma.tribe.findMany({ where: { campaignId: newId! }, orderBy: { weekday: 'asc' } })
  t.same(
    tribes.map((x) => [x.name, x.weekday, x.userId]),
    [
      ['ana', 'monday', null],
      ['ben', 'wednesday', null],
    ],
    'each tribe kept on its weekday for its player',
  )
  const invitations = await app.prisma.invitation.findMany({ where: { campaignId: newId! } })
  t.equal(invitations.length, 2)
  await setClock(app, `${state.endedBy}T09:05:00Z`) // the outbox sends
  const mails = smtp.mails.filter((m) => kindOf(m) === 'invitation')
  const [anaMail, benMail] = [await emailOf(app, table.players.ana!.userId), await emailOf(app, table.players.ben!.userId)]
  t.match(
    mails.find((m) => m.to.includes(anaMail))!,
    { text: /invites you to a rematch with the same group: play ana again in Test campaign, the return,[\s\S]*ana keeps its name and its day, Monday/ },
    'ana is invited in English',
  )
  t.match(
    mails.find((m) => m.to.includes(benMail))!,
    {
      text: /te invita a una revancha con el mismo grupo: jugar de nuevo con ben en Test campaign, the return,[\s\S]*ben conserva su nombre y su día, el miércoles/,
    },
    'ben in Spanish',
  )

  // Accepting keeps the weekday and the name; the GM hears of the join.
  const benInvitation = invitations.find((i) => i.email === benMail)!
  const landing = visitor(app)
  await landing.login(benMail, 'correct horse battery')
  const page = (await landing.get(`/invitations/${benInvitation.token}?lang=es`)).body
  t.match(page, /Revancha con el mismo grupo: tu tribu te espera, <strong>ben<\/strong>/, 'the landing page says it is his tribe again, not a take-over')
  t.match(page, /<button type="submit">Volver a jugar con mi tribu<\/button>/)
  t.notMatch(page, /Hacerme cargo/)
  const accepted = await call(app, table.players.ben!.token, 'POST', `/api/invitations/${benInvitation.token}/accept`, {})
  t.match(accepted, { status: 201, body: { campaignId: newId, tribe: { name: 'ben', weekday: 'wednesday', hasPlayer: true } } })
  const kept = await app.prisma.tribe.findFirstOrThrow({ where: { campaignId: newId!, name: 'ben' } })
  t.equal(kept.userId, table.players.ben!.userId, 'ben plays his tribe again')
  const again = await call(app, table.gm, 'GET', `/api/campaigns/${newId}`)
  t.match(
    Object.fromEntries(again.body.tribes.map((x: { name: string; hasPlayer: boolean }) => [x.name, x.hasPlayer])),
    { ana: false, ben: true },
    'ana has not answered yet',
  )
  const gmNews = smtp.mails.filter((m) => kindOf(m) === 'gm_news')
  await setClock(app, `${state.endedBy}T09:10:00Z`)
  t.ok(smtp.mails.filter((m) => kindOf(m) === 'gm_news').length > gmNews.length, 'the GM hears that ben joined')
})

t.test("#30 the results of a public campaign are anyone's to read; a spectator has no rematch", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { weekLimit: 1, public: true })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const gm = visitor(app)
  const { createdById } = await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })
  await gm.login(await emailOf(app, createdById), 'correct horse battery')
  const count = await app.prisma.campaign.count()
  await gm.get(`/campaigns/${table.id}`)
  const early = await gm.post(`/campaigns/${table.id}/rematch?lang=es`, { name: 'Otra' })
  t.equal(early.status, 409, 'the form refuses a rematch while the campaign runs')
  t.match(early.body, /Una revancha parte de una campaña terminada, y esta aún no ha acabado\.[\s\S]*rematch\/not_finished/, 'in Spanish, with its code')
  t.equal((await gm.get(`/campaigns/${table.id}/results`)).status, 409, 'no results page yet')
  await playToTheEnd(app, table)
  const ana = visitor(app)
  await ana.login(await emailOf(app, table.players.ana!.userId), 'correct horse battery')
  await ana.get(`/campaigns/${table.id}/results`)
  const notGm = await ana.post(`/campaigns/${table.id}/rematch`, {})
  t.equal(notGm.status, 403, "a player's form is refused")
  t.match(notGm.body, /campaign\/gm_only/)
  t.equal(await app.prisma.campaign.count(), count, 'neither refusal stored a campaign')
  const stranger = visitor(app)
  const page = await stranger.get(`/campaigns/${table.id}/results`)
  t.equal(page.status, 200)
  t.equal((page.body.match(/<polyline /g) ?? []).length, 2)
  t.notMatch(page.body, /\/rematch"/)
  const anonymous = await call(app, null, 'POST', `/api/campaigns/${table.id}/rematch`, {})
  t.equal(anonymous.status, 401)
})

t.test("#30 a finished world conquest campaign: its results page shows the game's own figures", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'conquest' })
  const { ana, ben } = table.players as Record<'ana' | 'ben', { token: string; tribeId: string; userId: string }>
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z') // round 1, after the setup's tick
  // ben yields every territory in a ratified trade: ana holds the world (G8).
  const base = `/api/campaigns/${table.id}`
  const bens = (await call(app, ben.token, 'GET', `${base}/state`)).body.territories
    .filter((x: { owner: string }) => x.owner === ben.tribeId)
    .map((x: { id: string }) => x.id)
  const scene = await call(app, table.gm, 'POST', `${base}/scenes`, { title: 'Surrender', tribes: [ana.tribeId, ben.tribeId] })
  const proposal = await call(app, ben.token, 'POST', `${base}/scenes/${scene.body.id}/proposals`, {
    transfers: [{ from: ben.tribeId, to: ana.tribeId, tiles: bens }],
  })
  await call(app, ben.token, 'POST', `${base}/scenes/${scene.body.id}/proposals/${proposal.body.id}/accept`)
  await call(app, table.gm, 'POST', `${base}/scenes/${scene.body.id}/proposals/${proposal.body.id}/ratify`)
  t.match((await call(app, ana.token, 'GET', `${base}/state`)).body, { status: 'finished' })

  const r = (await call(app, ben.token, 'GET', `${base}/results`)).body
  t.same(
    r.tribes.map((x: { name: string; figures: { key: string; value: number }[] }) => [x.name, x.figures.map((f) => `${f.key}=${f.value}`)]),
    [
      ['ana', ['c_standTerritories=42', `c_standTroops=${r.tribes[0].figures[1].value}`]],
      ['ben', ['c_standTerritories=0', 'c_standTroops=0']],
    ],
    'territories and troops, the winner first',
  )
  t.equal(r.chart.key, 'c_standTerritories')
  t.same(r.chart.periods, [0], "the setup round's end: one point a tribe")
  t.equal(r.audit.ok, true, 'the log replays')
  const benPage = visitor(app)
  await benPage.login(await emailOf(app, ben.userId), 'correct horse battery')
  const page = await benPage.get(`/campaigns/${table.id}/results`)
  t.match(page.body, /<th scope="col">Territories<\/th><th scope="col">Troops<\/th>/, "the game's own labels")
  t.equal((page.body.match(/<polyline /g) ?? []).length, 2, 'one line a tribe')
  t.match(page.body, /<text x="[\d.]+" y="204" dy="16" text-anchor="middle" font-size="12" fill="#1c2833">0<\/text>/, 'round 0 on the axis')
  t.match(page.body, />Round<\/text>/, "the axis says the game's period")
  const es = await benPage.get(`/campaigns/${table.id}/results?lang=es`)
  t.match(es.body, /<th scope="col">Territorios<\/th><th scope="col">Tropas<\/th>/)
})
