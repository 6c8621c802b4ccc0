// The Sunday recap in the payout mail (#30): each player's payout mail carries the week's three
// weightiest events in their language, and the week's map with its arrows as a PNG attached
// inline (cid) and shown by the HTML part, with a link to the recap page. The PNG: test-artifacts/recap-mail-map.png.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { NEIGHBOURS } from '../../src/engine/games/conquest/world.ts'
import { mailRecaps } from '../../src/faces/recap.ts'
import { call, setClock, setUp } from '../helpers/campaign.ts'
import { notifiedApp } from '../helpers/notified-app.ts'
import { visitor } from '../helpers/pages.ts'
import { BATTLE_LINE, playedOpenWarsRound, playedWeek } from '../helpers/recap.ts'
import type { ReceivedMail } from '../helpers/smtp.ts'

interface Part {
  headers: Record<string, string>
  body: string
}

function split(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/)
  const headers: Record<string, string> = {}
  for (const line of raw
    .slice(0, at)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim()
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') }
}

/** Every leaf part of a MIME message, through nested multiparts. */
function leaves(raw: string): Part[] {
  const part = split(raw)
  const type = part.headers['content-type'] ?? ''
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!/^multipart\//i.test(type) || !boundary) return [part]
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((p) => leaves(p.replace(/^\r?\n/, '')))
}

function decoded(p: Part): Buffer {
  const encoding = p.headers['content-transfer-encoding'] ?? ''
  if (/base64/i.test(encoding)) return Buffer.from(p.body.replace(/\s+/g, ''), 'base64')
  if (/quoted-printable/i.test(encoding)) {
    return Buffer.from(
      p.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    )
  }
  return Buffer.from(p.body, 'utf8')
}

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts')
const kindOf = (m: ReceivedMail) => m.headers['x-weekday-wars-kind']

t.test("the payout mail carries the week's recap: three lines in the reader's language and the map as an inline PNG", async (t) => {
  const { app, smtp } = await notifiedApp(t)
  const table = await playedWeek(app, { benLocale: 'es' })
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const payouts = smtp.mails.filter((m) => kindOf(m) === 'payout')
  t.equal(payouts.length, 2, 'a payout mail to each player')
  const benEmail = await emailOf(table.players.ben!.userId)
  const anaEmail = await emailOf(table.players.ana!.userId)
  const es = payouts.find((m) => m.to.includes(benEmail))!
  const en = payouts.find((m) => m.to.includes(anaEmail))!
  const recapUrl = `/campaigns/${table.id}/recap/1`

  // The text part: three lines, in Spanish for ben.
  const esLines = /Semana 1 en resumen:\n((?:- .*\n){1,3})/.exec(es.text)
  t.ok(esLines, 'the recap in the Spanish text')
  const lines = esLines![1]!.trim().split('\n')
  t.equal(lines.length, 3, 'three lines of the week')
  t.ok(
    lines.some((l) => BATTLE_LINE.es.test(l)),
    `the battle, in Spanish: ${lines.join(' | ')}`,
  )
  t.ok(lines.includes('- Intercambio: ana da a ben Puertoalto.'), 'the trade, in Spanish with the place named')
  t.match(es.text, new RegExp(`El mapa de la semana con sus órdenes, para compartir: http://[^\\s]+${recapUrl}\\n`), 'the link to the recap page')
  t.notMatch(es.text, /in brief|Trade:/, 'no English in it')
  t.match(en.text, /Week 1 in brief:\n(- .*\n){3}/, 'and in English for ana')
  t.match(en.text, /- Trade: ana gives ben Highport\.\n/)
  t.match(en.text, BATTLE_LINE.en)

  // The HTML part shows the PNG attached inline by its Content-ID.
  const parts = leaves(es.raw)
  const html = parts.find((p) => /^text\/html/i.test(p.headers['content-type'] ?? ''))
  const png = parts.find((p) => /^image\/png/i.test(p.headers['content-type'] ?? ''))
  t.ok(html, 'an HTML part')
  t.ok(png, 'a PNG part')
  const htmlText = decoded(html!).toString('utf8')
  const cid = /<img src="cid:([^"]+)"/.exec(htmlText)?.[1]
  t.ok(cid, 'the HTML shows an image by cid')
  t.equal(png!.headers['content-id'], `<${cid}>`, 'the PNG is the image the HTML names')
  t.match(png!.headers['content-disposition'] ?? '', /^inline/, 'attached inline')
  t.match(htmlText, /alt="El mapa al acabar la semana 1, con las órdenes de la semana como flechas"/, 'with a Spanish alternative text')
  t.match(htmlText, new RegExp(`<a href="http://[^"]+${recapUrl}">El resumen de la semana, para compartir</a>`))
  for (const line of lines) t.ok(htmlText.includes(`<li>${line.slice(2)}</li>`), `the HTML tells "${line.slice(2)}" too`)
  const bytes = decoded(png!)
  mkdirSync(ARTIFACTS, { recursive: true })
  writeFileSync(path.join(ARTIFACTS, 'recap-mail-map.png'), bytes)
  t.same([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature')
  t.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR')
  const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
  t.equal(width, 1152, 'drawn at twice the width the mail shows it at')
  t.ok(height > 300 && height < 1600, `a map's height (${height} px)`)
  t.ok(bytes.length > 10_000 && bytes.length < 1_500_000, `a real picture of a sensible size (${bytes.length} bytes)`)
  const shown = /<img [^>]*width="(\d+)" height="(\d+)"/.exec(htmlText)
  t.equal(Number(shown?.[1]), 576)
  t.equal(Number(shown?.[2]), Math.round((576 * height) / width), 'shown with its proportions')
})

t.test('a payout mail draws its recap without doing calendar work: what falls due waits for the sweep (#46)', async (t) => {
  const { app } = await notifiedApp(t)
  const table = await playedWeek(app)
  const ana = table.players.ana!
  const logged = async () =>
    (await app.pg.query<{ type: string }>(`SELECT type FROM campaign_events WHERE campaign_id = $1::uuid ORDER BY seq`, [table.id])).rows.map((r) => r.type)
  // Past Monday 20:00 in Madrid: ana's window is due to close, and no sweep has run since.
  app.clock.set(new Date('2026-12-07T19:30:00Z'))
  const before = await logged()
  const recap = await mailRecaps(app, 'http://weekday.test')(table.id, ana.userId, 1, 'en', { image: false })
  t.ok(recap && recap.lines.length > 0, 'the recap of week 1 is drawn')
  t.same(await logged(), before, 'drawing it wrote nothing to the log: the window is still open')
  // Done in the mail loop, the catch-up held the campaign while the sweep passed by it (the
  // sweep skips a campaign busy elsewhere), and week-reads saw a window close after its reads.
  const swept = await app.clockwork.sweep()
  t.equal(swept.caughtUp, 1, 'the sweep caught the campaign up')
  t.ok((await logged()).slice(before.length).includes('windowClosed'), "and closed ana's window")
})

t.test("world conquest's payout mail carries the round's recap: its battle, and the world map as an inline PNG", async (t) => {
  const { app, smtp } = await notifiedApp(t)
  await setClock(app, '2026-12-01T09:00:00Z') // Tuesday: tick 0 is Sunday the 6th (G1.14)
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday', cai: 'friday' }, { ruleset: 'conquest' })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/start`)).status, 200)
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  await app.prisma.user.update({ where: { id: ben.userId }, data: { locale: 'es' } })
  await setClock(app, '2026-12-07T09:00:00Z') // round 1, Monday: ana's window
  type Territory = { id: string; owner: string; troops: number; ready: number }
  const territories = (await call(app, ana.token, 'GET', `/api/campaigns/${table.id}/state`)).body.territories as Territory[]
  const owner = new Map(territories.map((x) => [x.id, x.owner]))
  // The deal is random: ana attacks from a territory of hers with troops to spare, next to someone else's.
  // Not across Alaska–Siberia, the one link the world map draws no arrow for (it goes round the globe).
  const target = (a: string, b: string) => owner.get(b) !== ana.tribeId && [a, b].sort().join() !== 'ala,sib'
  const from = territories.find((x) => x.owner === ana.tribeId && x.troops > 1 && x.ready > 0 && [...NEIGHBOURS.get(x.id)!].some((n) => target(x.id, n)))!
  const to = [...NEIGHBOURS.get(from.id)!].find((n) => target(from.id, n))!
  const attacked = await call(app, ana.token, 'POST', `/api/campaigns/${table.id}/orders`, {
    order: { type: 'attack', from: from.id, to, troops: Math.min(from.ready, from.troops - 1) },
  })
  t.equal(attacked.status, 200, `ana attacks ${to} from ${from.id}`)
  await setClock(app, '2026-12-14T09:00:00Z') // past round 1's Sunday tick
  await setClock(app, '2026-12-14T09:01:00Z')
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const payouts = (email: string) => smtp.mails.filter((m) => kindOf(m) === 'payout' && m.to.includes(email))
  const anaPayouts = payouts(await emailOf(ana.userId))
  t.equal(anaPayouts.length, 2, "tick 0's payout and round 1's")
  t.notMatch(anaPayouts[0]!.text, /in brief/, 'the setup (round 0) has no recap in its mail')
  const payout = (email: string) => payouts(email).at(-1)!
  const en = payout(await emailOf(ana.userId))
  const es = payout(await emailOf(ben.userId))
  t.match(
    en.text,
    new RegExp(
      `Round 1 in brief:\\n(- .*\\n)*- ana attacked ${to} \\([^)]+\\) from ${from.id} with \\d+(; [^\\n]+ held it| and conquered it; attackers left: \\d+)\\.\\n`,
    ),
    'the battle, in English',
  )
  t.match(es.text, new RegExp(`Ronda 1 en resumen:\\n(- .*\\n)*- ana atacó ${to} \\([^)]+\\) desde ${from.id} con \\d+`), 'and in Spanish')
  t.match(es.text, new RegExp(`El mapa de la ronda con sus movimientos y ataques, para compartir: http://[^\\s]+/campaigns/${table.id}/recap/1\\n`))
  const parts = leaves(es.raw)
  const html = decoded(parts.find((p) => /^text\/html/i.test(p.headers['content-type'] ?? ''))!).toString('utf8')
  const png = parts.find((p) => /^image\/png/i.test(p.headers['content-type'] ?? ''))!
  t.equal(png.headers['content-id'], `<${/<img src="cid:([^"]+)"/.exec(html)?.[1]}>`, 'the HTML shows the attached PNG')
  const bytes = decoded(png)
  t.same([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47])
  t.same([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [1152, Math.round((1152 * 560) / 1000)], "the world map's proportions")
  writeFileSync(path.join(ARTIFACTS, 'recap-mail-conquest-map.png'), bytes)

  const recap = `/campaigns/${table.id}/recap/1`
  t.equal((await visitor(app).get(recap)).status, 302, 'a private campaign: its recap page asks for a login')
  const reader = visitor(app)
  await reader.login(await emailOf(ben.userId), 'correct horse battery')
  const page = await reader.get(`${recap}?lang=es`)
  t.match(page.body, /<h2>Ronda 1 en resumen<\/h2>/, "the round's recap page")
  t.match(page.body, new RegExp(`<g class="arrow arrow-attack"><title>ana atacó ${to} `), 'with the attack on the world map')
  t.match(page.body, new RegExp(`<li>ana atacó ${to} \\([^)]+\\) desde ${from.id} con \\d+`), 'and in its lines')
})

t.test("Open Wars' payout mail carries the round's recap: ana's move, and the band as an inline PNG", async (t) => {
  const { app, smtp } = await notifiedApp(t)
  const { table, move } = await playedOpenWarsRound(app)
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const mailsTo = async (id: string) => {
    const email = await emailOf(id)
    return smtp.mails.filter((m) => kindOf(m) === 'payout' && m.to.includes(email))
  }
  const en = (await mailsTo(ana.userId)).at(-1)!
  const es = (await mailsTo(ben.userId)).at(-1)!
  const to = move.path!.at(-1)!
  t.match(
    en.text,
    new RegExp(`Round 1 in brief:\\n(- .*\\n)*- ana moved \\d+ units? of .+ from .+ \\(${move.from}\\) to .+ \\(${to}\\)\\.\\n`),
    'the move, in English',
  )
  t.match(es.text, new RegExp(`La ronda 1 en breve:\\n(- .*\\n)*- ana movió \\d+ unidad`), 'and in Spanish')
  const parts = leaves(es.raw)
  const html = decoded(parts.find((p) => /^text\/html/i.test(p.headers['content-type'] ?? ''))!).toString('utf8')
  const png = parts.find((p) => /^image\/png/i.test(p.headers['content-type'] ?? ''))
  t.ok(png, 'a PNG part')
  t.equal(png!.headers['content-id'], `<${/<img src="cid:([^"]+)"/.exec(html)?.[1]}>`, 'the HTML shows the attached PNG')
  t.match(html, /alt="El mapa al acabar la ronda 1, con los movimientos de la ronda como flechas"/, 'with a Spanish alternative text')
  const bytes = decoded(png!)
  t.same([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47])
  t.equal(bytes.readUInt32BE(16), 1152, 'drawn at twice the width the mail shows it at')
  writeFileSync(path.join(ARTIFACTS, 'recap-mail-openwars-map.png'), bytes)

  const reader = visitor(app)
  await reader.login(await emailOf(ben.userId), 'correct horse battery')
  const page = await reader.get(`/campaigns/${table.id}/recap/1?lang=es`)
  t.equal(page.status, 200, "the round's recap page")
  t.match(page.body, /<svg class="band"[^>]*aria-label="Test campaign, ronda 1: el mapa al acabar la ronda/, 'the band as the round ended')
  t.match(page.body, new RegExp(`<g class="arrow( battle)?"><title>ana movió \\d+ unidad`), "with ana's move as an arrow")
  const history = await reader.get(`/campaigns/${table.id}/history?week=1`)
  t.match(history.body, new RegExp(`<a href="/campaigns/${table.id}/recap/1">`), 'the history links to the recap of the round it shows')
})

t.test("El Mapa's payout mail carries the round's recap and the map as an inline PNG; its page keeps face-down tiles face down", async (t) => {
  const { app, smtp } = await notifiedApp(t)
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'elmapa', weekLimit: 8 })
  const api = `/api/campaigns/${table.id}`
  t.equal((await call(app, table.gm, 'POST', `${api}/start`)).status, 200)
  const [ana, ben] = [table.players.ana!, table.players.ben!]
  await app.prisma.user.update({ where: { id: ben.userId }, data: { locale: 'es' } })
  await setClock(app, '2026-12-07T09:00:00Z') // round 1, ana's Monday
  for (let i = 0; i < 2; i++) {
    const options = (await call(app, ana.token, 'GET', `${api}/options`)).body.options as { orders: { type: string }[] }
    const step = options.orders.find((o) => o.type === 'step')
    if (step) t.equal((await call(app, ana.token, 'POST', `${api}/orders`, { order: step })).status, 200, 'ana steps out')
  }
  await setClock(app, '2026-12-14T09:00:00Z') // past round 1's Sunday tick
  await setClock(app, '2026-12-14T09:01:00Z')
  const emailOf = async (id: string) => (await app.prisma.user.findUniqueOrThrow({ where: { id } })).email
  const benEmail = await emailOf(ben.userId)
  const es = smtp.mails.filter((m) => kindOf(m) === 'payout' && m.to.includes(benEmail)).at(-1)!
  t.match(
    es.text,
    new RegExp(`La ronda 1 en breve:\\n(- .*\\n|Una ronda tranquila.*\\n)+http://[^\\s]+/campaigns/${table.id}/recap/1\\n`),
    'the round in brief, in Spanish, with its link',
  )
  const parts = leaves(es.raw)
  const html = decoded(parts.find((p) => /^text\/html/i.test(p.headers['content-type'] ?? ''))!).toString('utf8')
  const png = parts.find((p) => /^image\/png/i.test(p.headers['content-type'] ?? ''))
  t.ok(png, 'a PNG part')
  t.equal(png!.headers['content-id'], `<${/<img src="cid:([^"]+)"/.exec(html)?.[1]}>`, 'the HTML shows the attached PNG')
  t.match(html, /alt="El mapa al acabar la ronda 1, con las batallas de la ronda como flechas"/)
  const bytes = decoded(png!)
  t.same([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47])
  t.equal(bytes.readUInt32BE(16), 1152)
  writeFileSync(path.join(ARTIFACTS, 'recap-mail-elmapa-map.png'), bytes)

  const reader = visitor(app)
  await reader.login(benEmail, 'correct horse battery')
  const page = await reader.get(`/campaigns/${table.id}/recap/1?lang=es`)
  t.equal(page.status, 200, "the round's recap page")
  t.match(page.body, /<svg class="map"[^>]*aria-label="Test campaign, ronda 1: el mapa al acabar la ronda/, 'the map as the round ended')
  const state = (await app.campaigns.snapshot(table.id)).state as unknown as { cells: Record<string, { revealed: boolean }> }
  const hidden = Object.entries(state.cells).filter(([, c]) => !c.revealed)
  t.ok(hidden.length > 10, `${hidden.length} tiles still face down`)
  const drawn = (key: string) => new RegExp(`<g class="cell" data-cell="${key}"[^>]*><title>[^<]*</title><rect class="back"`).test(page.body)
  t.same(
    hidden.filter(([key]) => !drawn(key)).map(([key]) => key),
    [],
    'every tile still face down is a card back on the recap (M12.9)',
  )
  const history = await reader.get(`/campaigns/${table.id}/history?week=1`)
  t.match(history.body, new RegExp(`<a href="/campaigns/${table.id}/recap/1">`), 'the history links to the recap of the round it shows')
})
