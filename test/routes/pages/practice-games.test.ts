// #50 "practice for every game": the practice offer lists each game; one tap sets up a private
// campaign of that game against a rival the bot plays, on the game's own board, the newcomer's
// turn open at once; passing the week ends the setup's wait for the first tick (a practice has
// only its one player to wait for), the rival's bot plays its day, and the log replays.
import t from 'tap'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, setClock } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { FACES } from '../../../src/faces/index.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'

t.test('#50 a practice game of each game: offered, one tap, the setup ended by passing the week, the rival played by the bot', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, campaignRateLimit: 100 })
  await setClock(app, '2026-12-02T09:00:00Z') // a Wednesday, 10:00 in Madrid
  const email = `new-${Math.random().toString(36).slice(2)}@example.com`
  const newcomer = await register(app, email, 'correct horse battery')
  const page = visitor(app)
  await page.login(email, 'correct horse battery')
  const offer = (await page.get('/campaigns')).body
  const practised = FACES.filter((f) => f.practice)
  t.equal(practised.length, FACES.length, 'every game offers a practice game')
  for (const face of practised) {
    t.ok(offer.includes(`name="game" value="${face.id}"`), `${face.id}: its own button`)
    t.ok(offer.includes(CATALOGUE.en[face.practice!.words.lead]!.replace(/'/g, '&#x27;')), `${face.id}: its own sentence`)
  }
  const unknown = await page.post('/practice', { game: 'chess' })
  t.equal(unknown.status, 400, 'a game with no practice is refused')
  t.ok(unknown.body.includes('practice/no_such_game'), 'with its code in the details')
  t.match(unknown.body, /No practice game &quot;chess&quot;|No practice game "chess"/, 'by a page naming it')

  for (const face of practised.filter((f) => !f.practice!.homes)) {
    const game = face.id
    const created = await page.post('/practice', { game })
    const id = /^\/campaigns\/([0-9a-f-]{36})\/turn$/.exec(created.location ?? '')?.[1]
    t.ok(id, `${game}: one tap makes the campaign and opens its turn page`)
    const api = `/api/campaigns/${id}`
    const turn = await page.get(`/campaigns/${id}/turn`)
    t.equal(turn.status, 200)
    t.ok(
      turn.body.includes(CATALOGUE.en[face.practice!.words.banner]!.replace(/'/g, '&#x27;')),
      `${game}: the banner says what practice is, in the game's words`,
    )
    const before = (await call(app, newcomer.token, 'GET', `${api}/state`)).body
    t.equal((await call(app, newcomer.token, 'GET', api)).body.status, 'running', `${game}: the campaign runs at once (its game in ${before.status})`)
    const periods: number[] = []
    for (let pass = 0; pass < 2; pass++) {
      app.clock.set(new Date(Date.parse('2026-12-02T09:05:00Z') + pass * 60_000))
      const passed = await page.post(`/campaigns/${id}/practice/week`, {})
      t.equal(passed.status, 303, `${game}: week ${pass + 1} passed`)
      const notice = (await page.get(passed.location!)).body
      t.ok(notice.includes(CATALOGUE.en[`notice_${face.practice!.words.passed}`]!), `${game}: the notice says so`)
      periods.push((await call(app, newcomer.token, 'GET', `${api}/state`)).body.week as number)
    }
    t.ok(
      periods[0]! > before.week && periods[1]! > periods[0]!,
      `${game}: each pass began a period, the first one the setup's end (${before.week} → ${periods.join(' → ')})`,
    )
    const events = (await call(app, newcomer.token, 'GET', `${api}/events?limit=500`)).body.events as {
      type: string
      payload: { tribe?: string; orders?: number }
    }[]
    const tribes = (await call(app, newcomer.token, 'GET', api)).body.tribes as { id: string; name: string }[]
    const rival = tribes.find((x) => x.name === 'Vettones')!
    // Whether the bot finds an order worth giving is its own judgement (world conquest's may find
    // no attack good enough); that it played the rival's day on each pass is the platform's.
    const botDays = events.filter((e) => e.type === 'order.bot' && e.payload.tribe === rival.id)
    t.equal(botDays.length, 2, `${game}: the rival's bot played its day on each pass (${botDays.map((e) => e.payload.orders).join(', ')} orders)`)
    t.equal((await call(app, newcomer.token, 'GET', `${api}/verify`)).body.ok, true, `${game}: the log replays to the stored state (R12.2)`)
  }
})
