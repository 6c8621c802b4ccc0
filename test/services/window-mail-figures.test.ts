// The window-open mail carries the "your day" card (#30): the time left, what the tribe can
// spend, how many armies can still move (the game's own figures), and a link to the turn page
// (a mail link changes nothing: "Done" is on the page), in the reader's language.
import t from 'tap'
import { call, draft, setClock, setUp } from '../helpers/campaign.ts'
import { notifiedApp } from '../helpers/notified-app.ts'

t.test("the window mail says the time left, what to spend and what can move, in the reader's language", async (t) => {
  const { app, smtp } = await notifiedApp(t) // Monday 30 November, 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table, { ana: ['2,1', '3,3'] })
  const ana = table.players.ana!
  const windows = () => smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'window_open' && m.text.includes('ana,'))
  const figures = async () => {
    const state = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body
    const pools = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/pools`)).body.pools as { tribe: string; balance: number }[]
    return {
      resources: pools.filter((p) => p.tribe === ana.tribeId).reduce((sum, p) => sum + p.balance, 0),
      armies: [...state.you.armies, ...state.you.ships].filter((a: { mp: number }) => a.mp > 0).length,
    }
  }

  await setClock(app, '2026-12-06T23:05:00Z') // Monday 7 December, 00:05 in Madrid: after Sunday's payout
  const week2 = await figures()
  t.ok(week2.resources > 0 && week2.armies > 0, `${week2.resources} resources, ${week2.armies} armies`)
  const en = windows().at(-1)!
  t.ok(en, 'ana is told her window is open')
  t.match(en.text, /Your window is open until Monday 7 December, 20:00 \(Europe\/Madrid\) \(in 19 h 55 min\)\./, 'with the time left')
  t.match(en.text, new RegExp(`To spend: ${week2.resources} resources\\.`), 'what the pools can spend')
  t.match(en.text, new RegExp(`${week2.armies} armies can still move\\.`), 'the armies with MP')
  t.match(en.text, new RegExp(`/campaigns/${table.id}/turn\\n`), 'and the link to the turn page')
  t.notMatch(en.text, /\/done/, 'no link that changes anything')

  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'es' } })
  await setClock(app, '2026-12-13T23:30:00Z') // Monday 14 December, 00:30
  const week3 = await figures()
  const es = windows().at(-1)!
  t.not(es, en, 'a new mail a week later')
  t.match(es.text, /Tu turno está abierto hasta lunes 14 de diciembre, 20:00 \(Europe\/Madrid\) \(dentro de 19 h 30 min\)\./)
  t.match(es.text, new RegExp(`Para gastar: ${week3.resources} recursos\\.`))
  t.match(es.text, new RegExp(`${week3.armies} ejércitos pueden moverse todavía\\.`))
  t.match(es.text, new RegExp(`Juega tu turno en:\\n\\S+/campaigns/${table.id}/turn`))
})
