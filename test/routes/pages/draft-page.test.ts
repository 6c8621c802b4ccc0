// The draft on the pages (R3.2): the tribe on the clock gets a "your pick"
// panel with the free cities, the others see whose pick it is, and each player
// is told by mail when the pick is theirs (when they want such mails).
import t from 'tap'
import { placeLabeller } from '../../../src/engine/kernel/index.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { smtpReceiver } from '../../helpers/smtp.ts'

t.test('R3.2 the draft on the turn page: your pick, the others wait, a mail for whoever is on the clock', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  const url = `/api/campaigns/${table.id}`
  const emailOf = async (userId: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email
  const [anaMail, benMail] = [await emailOf(table.players.ana!.userId), await emailOf(table.players.ben!.userId)]
  await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { locale: 'es' } })

  const order = (await call(app, table.gm, 'POST', `${url}/draft/start`)).body.order as string[]
  const first = Object.entries(table.players).find(([, p]) => p.tribeId === order[0])!
  const second = Object.entries(table.players).find(([, p]) => p.tribeId === order[1])!
  const mailsTo = async () => {
    await app.clockwork.sweep()
    // The sweep only kicks the deliveries (#45): what it queued is sent here.
    await app.deliveries.flush()
    return smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'draft_pick').map((m) => m.to[0])
  }
  t.same(await mailsTo(), [first[0] === 'ana' ? anaMail : benMail], 'the first on the clock is told at the start')

  const onClock = visitor(app)
  await onClock.login(await emailOf(first[1].userId), 'correct horse battery')
  const page = await onClock.get(`/campaigns/${table.id}/turn`)
  t.equal(page.status, 200)
  t.match(page.body, /id="draft-pick"/)
  const radios = [...page.body.matchAll(/<input type="radio" name="city" value="([^"]+)"/g)].map((m) => m[1]!)
  const state = (await call(app, table.gm, 'GET', `${url}/state`)).body
  t.same(
    radios.sort(),
    state.map.tiles
      .filter((x: { city: boolean }) => x.city)
      .map((x: { tile: string }) => x.tile)
      .sort(),
    'every free city is offered',
  )
  t.notMatch(page.body, /id="form-move"/, 'no order forms during the draft')
  t.match(page.body, /stroke-width="2.5"/, 'the free cities are outlined on the map')

  const waiting = visitor(app)
  await waiting.login(await emailOf(second[1].userId), 'correct horse battery')
  const other = await waiting.get(`/campaigns/${table.id}/turn`)
  t.notMatch(other.body, /id="draft-pick"/)
  t.match(other.body, new RegExp(`(On the clock:|Le toca elegir a:) <strong>${first[0]}</strong>`), 'the others see whose pick it is')

  const picked = await onClock.post(`/campaigns/${table.id}/turn`, { type: 'draftPick', city: radios[0]! })
  t.equal(picked.status, 200)
  // The city by its name (R1.5): coast-3 names every city.
  const label = placeLabeller(state.map.names)
  const [en, es] = [label(radios[0]!, 'en'), label(radios[0]!, 'es')]
  t.not(en, radios[0], `${radios[0]} has a name: ${en}, ${es}`)
  t.match(picked.body, new RegExp(`${first[0]} (picked ${en}|eligió ${es})\\.`), 'the result names the pick')
  t.notMatch(picked.body, /id="draft-pick"/, 'and the pick passes on')
  // The GM's news of the joins is not the draft's (test/services/gm-inbox.test.ts).
  t.equal(smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] !== 'gm_news').length, 1)
  const told = await mailsTo()
  t.equal(told.length, 2)
  t.equal(told[1], second[0] === 'ana' ? anaMail : benMail, 'the next on the clock is told')
  const spanish = smtp.mails.find((m) => m.to[0] === benMail && m.headers['x-weekday-wars-kind'] === 'draft_pick')
  t.match(spanish?.subject, /te toca elegir/, "in the reader's language")

  await waiting.get(`/campaigns/${table.id}/turn`)
  const taken = await waiting.post(`/campaigns/${table.id}/turn`, { type: 'draftPick', city: radios[0]! })
  t.equal(taken.status, 422)
  t.ok(taken.body.includes('draft/city_taken'), 'a taken city is refused beside the form')
  t.match(taken.body, /id="draft-pick"/, 'the panel is there to choose again')
  t.notMatch(taken.body, new RegExp(`name="city" value="${radios[0]}"`), 'without the city that was taken')
  t.equal((await call(app, table.gm, 'GET', `${url}/state`)).body.draft.picks.length, 1, 'and nothing stored')

  // Mails only for who wants them: "your window is open" off means no "your pick" either.
  const secondToken = second[1].token
  t.equal((await call(app, secondToken, 'PUT', '/api/me/notifications', { windowOpen: false })).status, 200)
  const before = (await mailsTo()).length
  const city = radios.find((c) => c !== radios[0])!
  t.equal((await waiting.post(`/campaigns/${table.id}/turn`, { type: 'draftPick', city })).status, 200)
  t.equal((await mailsTo()).length, before, "the next pick is the same tribe's again (snake order), and it wants no such mails")

  // A GM picks for the tribes (R3.4): a "your pick" mail still unsent when its pick is made is dropped, never sent late.
  const free = (await call(app, table.gm, 'GET', `${url}/options`)).body
  t.equal(free.options, null)
  const left = (await call(app, table.gm, 'GET', `${url}/state`)).body.map.tiles
    .filter((x: { city: boolean; owner: string | null }) => x.city && !x.owner)
    .map((x: { tile: string }) => x.tile)
  // The first of them on the GM console's form, which names the place as the API does (`choice`).
  const gmUser = await app.prisma.user.findUniqueOrThrow({
    where: { id: (await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).createdById },
  })
  const gm = visitor(app)
  await gm.login(gmUser.email, 'correct horse battery')
  t.match((await gm.get(`/campaigns/${table.id}/gm`)).body, /<select name="choice">/, "the console's pick form")
  t.equal((await gm.post(`/campaigns/${table.id}/gm/pick`, { tribeId: second[1].tribeId, choice: left[0] })).status, 303, 'picked on the console')
  t.equal((await call(app, table.gm, 'POST', `${url}/draft/picks`, { choice: left[1], tribeId: first[1].tribeId })).status, 200)
  const stale = await app.prisma.outboxMail.findMany({ where: { campaignId: table.id, kind: 'draft_pick', droppedAt: { not: null } } })
  t.match(stale, [{ period: 'draft/3', lastError: 'the pick was made', sentAt: null }], "the last pick's mail was dropped")
  t.equal((await mailsTo()).length, before, 'and not sent')
})
