// Times written for people (#13 part 2): in the campaign's zone, and in the reader's own when
// they live elsewhere, in the reader's language.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { draft, setClock, setUp } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

t.test("a reader in Mexico City reads a Madrid campaign's next window in both zones, in Spanish too", async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid, 03:00 in Mexico City
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const ben = await app.prisma.user.update({ where: { id: table.players.ben!.userId }, data: { timeZone: 'America/Mexico_City' } })
  const page = visitor(app)
  await page.login(ben.email, 'correct horse battery')
  const overview = (await page.get(`/campaigns/${table.id}`)).body
  t.match(overview, /Wed 2 Dec, 00:00 \(Tue 17:00 your time\)/, "ben's Wednesday window opens on Tuesday evening his time")
  const ana = await app.prisma.user.findUniqueOrThrow({ where: { id: table.players.ana!.userId } })
  const madrid = visitor(app)
  await madrid.login(ana.email, 'correct horse battery')
  t.match((await madrid.get(`/campaigns/${table.id}`)).body, /Wed 2 Dec, 00:00<\/td>/, "a reader in the campaign's zone reads one time")
  await app.prisma.user.update({ where: { id: ben.id }, data: { locale: 'es' } })
  t.match((await page.get(`/campaigns/${table.id}`)).body, /mié 2 dic, 00:00 \(mar 17:00 tu hora\)/, 'in Spanish')
})
