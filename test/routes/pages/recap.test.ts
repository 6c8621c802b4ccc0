// The recap page of a period (#30): the map as the week ended with its orders as arrows and the
// three weightiest events; a private campaign's recap is its members' (a 404 to anyone else), a
// public one's anyone's; the history links to it.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { visitor } from '../../helpers/pages.ts'
import { BATTLE_LINE, playedWeek } from '../../helpers/recap.ts'

const PASSWORD = 'correct horse battery'

t.test("a private campaign's recap: the map with arrows and three lines for its members, a 404 to an outsider", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  const table = await playedWeek(app)
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const recap = `/campaigns/${table.id}/recap/1`

  const ana = visitor(app)
  await ana.login(await emailOf(table.players.ana!.userId), PASSWORD)
  const page = await ana.get(recap)
  t.equal(page.status, 200)
  t.match(page.body, /<h2>Week 1 in brief<\/h2>/)
  t.match(page.body, /<title>Test campaign: Week 1 in brief · Weekday Wars<\/title>/, 'the tab and a shared link name the campaign')
  t.match(
    page.body,
    /<svg class="map"[^>]*aria-label="Test campaign, week 1: the map as the week ended, with the week&#39;s orders as arrows"/,
    'the map as the week ended',
  )
  t.match(page.body, /<g class="arrow arrow-attack"><title>Attack with 4 troops along 3,3 → 4,3: /, 'the attack as an arrow')
  t.match(page.body, /<g class="arrow arrow-move"><title>2 troops moved 2,1 → 3,1<\/title>/, 'the march as an arrow')
  const lines = [...(/<ul class="recap-lines">(.*?)<\/ul>/s.exec(page.body)?.[1] ?? '').matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!)
  t.equal(lines.length, 3, `three lines: ${lines.join(' | ')}`)
  t.ok(
    lines.some((l) => BATTLE_LINE.en.test(l)),
    'the battle',
  )
  t.ok(lines.includes('Trade: ana gives ben Highport.'), 'the trade')
  t.match(page.body, /<input id="recap-url" type="url" readonly value="http:\/\/[^"]+\/campaigns\/[^"]+\/recap\/1">/, 'the link to share')
  t.match(page.body, /Only the campaign&#x27;s members can open this link\./)
  t.match(page.body, /<button type="button" data-copy="recap-url"[^>]*hidden>Copy link<\/button>/, 'a copy button, shown by the script')
  const spanish = await ana.get(`${recap}?lang=es`)
  t.match(spanish.body, /<h2>Semana 1 en resumen<\/h2>/, 'in Spanish when asked')
  t.match(spanish.body, /<li>Intercambio: ana da a ben Puertoalto\.<\/li>/)

  const history = await ana.get(`/campaigns/${table.id}/history?week=1`)
  t.match(history.body, new RegExp(`<a href="${recap}">Recap of this period</a>`), 'the history links to the recap of the week it shows')

  const ben = visitor(app)
  await ben.login(await emailOf(table.players.ben!.userId), PASSWORD)
  t.equal((await ben.get(recap)).status, 200, 'the other player reads it too')

  await register(app, 'outsider@example.com')
  const outsider = visitor(app)
  await outsider.login('outsider@example.com', PASSWORD)
  const hidden = await outsider.get(recap)
  t.equal(hidden.status, 404, 'an outsider finds no such campaign')
  t.match(hidden.body, /campaign\/not_found/)
  t.notMatch(hidden.body, /Highport|<svg class="map"/, 'and nothing of it')
  const anonymous = await visitor(app).get(recap)
  t.equal(anonymous.status, 302, 'someone logged out is asked to log in first')
  t.match(anonymous.location ?? '', /^\/login\?next=/)

  for (const period of ['2', '0', 'x', '9999999']) {
    const none = await ana.get(`/campaigns/${table.id}/recap/${period}`)
    t.equal(none.status, 404, `no recap of period ${period}`)
    t.match(none.body, 'recap/not_found')
  }
})

t.test("a public campaign's recap is anyone's to read", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  const table = await playedWeek(app, { public: true })
  const page = await visitor(app).get(`/campaigns/${table.id}/recap/1`)
  t.equal(page.status, 200, 'read logged out')
  t.match(page.body, /<g class="arrow arrow-attack">/)
  t.match(page.body, /<li>Trade: ana gives ben Highport\.<\/li>/)
  t.match(page.body, /Anyone can open this link\./)
  await register(app, 'passer-by@example.com')
  const passer = visitor(app)
  await passer.login('passer-by@example.com', PASSWORD)
  t.equal((await passer.get(`/campaigns/${table.id}/recap/1`)).status, 200, 'and by any account')
})
