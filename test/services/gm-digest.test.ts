// #49: a GM with busy campaigns chooses how they hear of their players: a mail for each join,
// absence, missed window or scene request, or one digest a day at 08:00 in the campaign's zone.
// With no choice made, the mails come one by one until the day's sixth, which waits for the
// digest. The console and the API both set it; the inbox keeps each item either way.
import t from 'tap'
import { setUp, call } from '../helpers/campaign.ts'
import { notifiedApp } from '../helpers/notified-app.ts'
import { visitor } from '../helpers/pages.ts'
import { setClock } from '../helpers/campaign.ts'
import { mailTemplates } from '../../src/services/mail-templates.ts'

t.test('#49 GM mail: one by one, then a digest once the day is busy; each or daily as the GM chooses, in their language', async (t) => {
  const { app, smtp } = await notifiedApp(t) // Monday 30 November, 10:00 in Madrid
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cai: 'friday' })
  const gmUser = await app.prisma.user.findUniqueOrThrow({
    where: { id: (await app.prisma.campaign.findUniqueOrThrow({ where: { id: table.id } })).createdById },
  })
  await app.prisma.user.update({ where: { id: gmUser.id }, data: { locale: 'es' } })
  let clock = Date.parse('2026-11-30T09:00:00Z')
  const flush = async (iso?: string) => {
    clock = iso ? Date.parse(iso) : clock + 60_000
    await setClock(app, new Date(clock).toISOString())
  }
  /** The GM's mails since the last look. */
  const gmMails = () => {
    const mine = smtp.mails.filter((m) => m.headers['x-weekday-wars-kind'] === 'gm_news' && m.to[0] === gmUser.email)
    smtp.mails.splice(0, smtp.mails.length, ...smtp.mails.filter((m) => !mine.includes(m)))
    return mine
  }
  const away = async (name: string, from: string, to: string) =>
    t.equal((await call(app, table.players[name]!.token, 'POST', `/api/campaigns/${table.id}/absences`, { from, to })).status, 201, `${name} will be away`)
  const api = `/api/campaigns/${table.id}/gm-mail`

  await flush()
  t.equal(gmMails().length, 3, 'three joins, three mails: a quiet day')
  t.same((await call(app, table.gm, 'GET', api)).body, { gmMail: null }, 'no choice made')
  await away('ana', '2026-12-07', '2026-12-08')
  await away('ben', '2026-12-09', '2026-12-09')
  await flush()
  t.equal(gmMails().length, 2, 'the fourth and fifth of the day still come one by one')
  await away('cai', '2026-12-11', '2026-12-11')
  await flush()
  t.same(gmMails(), [], 'the sixth waits for the digest')

  t.equal((await call(app, table.players.ana!.token, 'PUT', api, { gmMail: 'each' })).status, 403, 'a player does not choose')
  t.match((await call(app, table.gm, 'PUT', api, { gmMail: 'weekly' })).body, { code: 'request/invalid' })
  t.same((await call(app, table.gm, 'PUT', api, { gmMail: 'each' })).body, { gmMail: 'each' })
  await away('ana', '2026-12-14', '2026-12-14')
  await flush()
  t.equal(gmMails().length, 1, '"each": at once, however busy the day')

  const gm = visitor(app)
  await gm.login(gmUser.email, 'correct horse battery')
  t.match(
    (await gm.get(`/campaigns/${table.id}/gm`)).body,
    /<option value="each" selected>un correo por aviso<\/option>/,
    'the console shows the choice, in Spanish',
  )
  const chosen = await gm.post(`/campaigns/${table.id}/gm/gm-mail`, { mode: 'daily' })
  t.equal(chosen.status, 303)
  t.match((await gm.get(chosen.location!)).body, /Preferencia de correo guardada/)
  t.same((await call(app, table.gm, 'GET', api)).body, { gmMail: 'daily' })
  t.equal((await gm.post(`/campaigns/${table.id}/gm/gm-mail`, { mode: 'hourly' })).status, 400, 'an unknown choice is refused')
  await away('ben', '2026-12-16', '2026-12-16')
  await flush('2026-12-01T06:59:00Z')
  t.same(gmMails(), [], 'nothing before 08:00 in Madrid')

  await flush('2026-12-01T07:00:30Z')
  const [digest, ...more] = gmMails()
  t.same(more, [], 'one digest')
  t.equal(digest?.subject, 'Test campaign: 2 avisos para el máster')
  t.match(
    digest?.text,
    /Lo que ha pasado en Test campaign para ti como máster:\n\n- El jugador de cai estará ausente del [^\n]+\n- El jugador de ben estará ausente del /,
    'both, in the order they came',
  )
  t.match(digest?.text, new RegExp(`/campaigns/${table.id}/gm`), 'to the console, where the inbox is')
  await flush('2026-12-02T07:00:30Z')
  t.same(gmMails(), [], 'a digest goes once')
})

t.test('#49 the digest as HTML and in English: a list of what happened, one sentence each, and the way to the console', async (t) => {
  const items = [
    { event: 'joined', tribeName: 'Astures', weekday: 'monday', key: 'joined/t1' },
    { event: 'missed', tribeName: 'Vettones', key: 'missed/t2' },
  ]
  const base = { ruleset: 'weekly-turn', campaignName: 'Mesa', campaignUrl: 'https://ww.example/campaigns/c1', timeZone: 'Europe/Madrid', items }
  const mails = mailTemplates()
  const en = mails.render('gm_news', 'en', { ...base, locale: 'en' })
  t.equal(en.subject, 'Mesa: 2 things for the game master')
  t.match(
    en.text,
    /^What happened in Mesa for you as its game master:\n\n- Astures joined Mesa and plays on Mondays\.\n- Vettones's window closed without a single order\.\n\nOne digest a day/,
  )
  t.match(en.html, /<ul><li>Astures joined Mesa and plays on Mondays\.<\/li><li>Vettones's window closed without a single order\.<\/li><\/ul>/)
  t.match(en.html, /<a href="https:\/\/ww\.example\/campaigns\/c1\/gm">The console<\/a>/)
  const es = mails.render('gm_news', 'es', { ...base, locale: 'es', items: items.slice(0, 1) })
  t.equal(es.subject, 'Mesa: 1 aviso para el máster')
  t.match(es.html, /<ul><li>Astures se ha unido a Mesa y juega los lunes\.<\/li><\/ul>/)
  const one = mails.render('gm_news', 'en', { ...base, locale: 'en', items: undefined, ...items[1] })
  t.equal(one.subject, 'Mesa: Vettones missed its window', 'a single event keeps its own mail')
  t.notMatch(one.text, /digest/)
})
