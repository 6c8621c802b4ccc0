// #49 "Open Wars' new weekdays announced": a player who joined on Monday must not find herself on
// Wednesday unwarned. The invitation, the setup pages and a mail at the start say that the muster
// (tick 0, W3.6) deals the weekdays anew by army value (W3.7); the mail after it says each
// player's new day, in their language.
import t from 'tap'
import { KINDS } from '../../../src/engine/games/openwars/data.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { smtpReceiver, type ReceivedMail } from '../../helpers/smtp.ts'

const kindOf = (m: ReceivedMail) => m.headers['x-weekday-wars-kind']
const DAY = { monday: 'Mondays', wednesday: 'Wednesdays' } as Record<string, string>

t.test('W3.6 W3.7 the muster deals the weekdays anew, and every player is told before and after', async (t) => {
  const smtp = await smtpReceiver()
  t.teardown(smtp.close)
  const app = await buildTestApp(t, { allowTestClock: true, smtpUrl: smtp.url })
  await setClock(app, '2026-11-30T08:00:00Z') // Monday 09:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'openwars' })
  const emailOf = async (name: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id: table.players[name]!.userId } })).email
  const [ana, ben] = [await emailOf('ana'), await emailOf('ben')]
  await call(app, table.players.ben!.token, 'PATCH', '/api/me', { locale: 'es' })

  // The invitation says it before anyone joins.
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/invitations`, { email: 'cai@example.com' })).status, 201)
  await setClock(app, '2026-11-30T08:01:00Z')
  const invitation = smtp.mails.find((m) => kindOf(m) === 'invitation')
  t.match(invitation?.text ?? '', /Weekdays are dealt anew at the muster, the first tick, by army value: the smallest army plays first\./, 'the invitation')

  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).status, 200)
  await setClock(app, '2026-11-30T08:02:00Z')
  // W3.6: tick 0 is the first Sunday 20:00 at least 72 hours after Monday 09:00: Sunday 6 December.
  const started = (address: string) => smtp.mails.find((m) => kindOf(m) === 'campaign_started' && m.to.includes(address))
  t.match(started(ana)?.subject ?? '', /has started: choose your army before the muster/)
  t.match(started(ana)?.text ?? '', /until the muster, tick 0: Sunday 6 December, 20:00 \(Europe\/Madrid\)/, 'the start mail gives the muster')
  t.match(started(ana)?.text ?? '', /the weekdays are dealt anew by army value \(W3\.7\)/, 'and says the weekdays are dealt anew')
  t.match(started(ben)?.text ?? '', /los días se reparten de nuevo por valor de ejército \(W3\.7\)/, "ben's in Spanish")
  const page = visitor(app)
  await page.login(ana, 'correct horse battery')
  const overview = (await page.get(`/campaigns/${table.id}`)).body
  t.match(overview, /Tick 0, the muster: <strong>Sun 6 Dec, 20:00<\/strong>\. There the weekdays are dealt anew by army value/, 'the setup banner')
  t.match((await page.get(`/campaigns/${table.id}/turn`)).body, /Tick 0, the muster: <strong>Sun 6 Dec, 20:00<\/strong>/, 'and the turn page')

  // Ben seals the smallest army he can; ana keeps her faction's default (A.8), a bigger one.
  const chose = await call(app, table.players.ben!.token, 'POST', `/api/campaigns/${table.id}/orders`, { order: { type: 'setFaction', faction: 'orcos' } })
  t.equal(chose.status, 200, 'ben plays the Orcos')
  const benFaction = 'orcos'
  const cheapest = [...KINDS.values()].filter((k) => k.faction === benFaction && !k.unique && k.type !== 'agua').sort((x, y) => x.cost - y.cost)[0]!
  const sealed = await call(app, table.players.ben!.token, 'POST', `/api/campaigns/${table.id}/orders`, {
    order: { type: 'setArmy', army: { [cheapest.id]: 1 } },
  })
  t.equal(sealed.status, 200, `ben seals one ${cheapest.id}`)

  // Sunday 6 December 20:00 in Madrid: the muster. Then the round's first mails.
  await setClock(app, '2026-12-06T19:00:00Z')
  await setClock(app, '2026-12-06T19:05:00Z')
  const tribes = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body.tribes as { id: string; weekday: string }[]
  const dayOf = (name: string) => tribes.find((x) => x.id === table.players[name]!.tribeId)!.weekday
  t.equal(dayOf('ben'), 'monday', 'W3.7 the smallest army takes the earliest weekday')
  t.equal(dayOf('ana'), 'wednesday', 'and ana, who joined on Monday, plays on Wednesday now')
  const payout = (address: string) => smtp.mails.find((m) => kindOf(m) === 'payout' && m.to.includes(address))
  t.match(
    payout(ana)?.text ?? '',
    new RegExp(`At the muster the weekdays were dealt by army value \\(W3\\.7\\): ana now plays on ${DAY[dayOf('ana')]}`),
    "ana's mail says her new day",
  )
  t.match(payout(ben)?.text ?? '', /ben juega ahora cada lunes, de 00:00 a 20:00/, "ben's, in Spanish")
})
