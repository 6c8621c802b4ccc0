// El Mapa's every order on the turn page (#28): besides steps, hires, builds, the bank and the
// plan, a phone player exchanges troops between two armies on one cell (M5.7), boosts a card with
// others of the hand (M9.6), names the cells of a boosted Visión (M9.9), lowers a build's price
// with a card and invests in a wonder (M3.7, M13.20). Each form posts the order the API takes;
// a refused one answers with the rule and stores nothing.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import type { ElMapaState } from '../../../src/engine/games/elmapa/index.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp, type App, type Table } from '../../helpers/campaign.ts'
import { plantState } from '../../helpers/db.ts'
import { visitor } from '../../helpers/pages.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')

const stateOf = async (app: App, table: Table) => (await app.campaigns.snapshot(table.id)).state as unknown as ElMapaState
const HAND = ['pies-1', 'vision-1', 'suerte-1', 'regateador-1', 'escudo-2', 'velocidad-1', 'teletransporte-1']
const noTroops = { leva: 0, soldado: 0, arquero: 0, caballero: 0 }

t.test('M5.7 M9.6 M9.9 M3.7 M13.20 exchanges, boosters, a boosted Visión, a cheaper build and a wonder investment from the turn page', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'elmapa', weekLimit: 8 })
  t.equal((await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z') // round 1, ana's Monday
  const ana = table.players.ana!

  // ana's village: two armies on it, seven cards in hand, a castle with every slot but the wonder's built.
  const planted = await stateOf(app, table)
  const me = planted.tribes.find((x) => x.id === ana.tribeId)!
  const first = planted.armies.find((a) => a.tribe === ana.tribeId)!
  const village = planted.cells[first.cell]!
  first.troops = { ...noTroops, leva: 3, soldado: 2 }
  const second = { ...first, id: planted.nextArmy++, troops: { ...noTroops, arquero: 2 }, cast: [] }
  planted.armies.push(second)
  for (const level of ['1', '2', '3'] as const) planted.decks[level] = planted.decks[level].filter((c) => !HAND.includes(c))
  me.hand = [...HAND]
  me.stock = { oro: 30, madera: 10, piedra: 10 }
  village.castle!.slots = {
    '1a': 'cuartel',
    '1b': 'mercado',
    '1c': 'almacen',
    '1d': 'ayuntamiento',
    '2a': 'arqueria',
    '2b': 'banco',
    '2c': 'teatro',
    '3a': 'universidad',
    '3b': 'cuadras',
  }
  village.castle!.reserve = { ...noTroops, leva: 2 }
  await plantState(app.pg, table.id, planted)

  const email = (await call(app, ana.token, 'GET', '/api/me')).body.email as string
  const page = visitor(app)
  await page.login(email, 'correct horse battery')
  const turn = `/campaigns/${table.id}/turn`
  const html = (await page.get(turn)).body
  const exchangeForm =
    new RegExp(
      `<form[^>]*class="order exchange"[\\s\\S]*?name="army" value="${first.id}"><input type="hidden" name="with" value="${second.id}">[\\s\\S]*?</form>`,
    ).exec(html)?.[0] ?? ''
  t.match(exchangeForm, /name="give_leva" min="0" max="3"/, 'the exchange form: what this army gives, up to what it has')
  t.match(exchangeForm, /name="give_soldado" min="0" max="2"/)
  t.match(exchangeForm, /name="take_arquero" min="0" max="2"/, 'and what the other gives')
  const piesForm = /<form[^>]*aria-label="Feet \(pies-1\)"[\s\S]*?<\/form>/.exec(html)?.[0] ?? ''
  t.match(piesForm, /<legend>Boosters: Feet \(pies-1\)/, 'a card that takes boosters offers the others of the hand')
  t.equal((piesForm.match(/name="boosters"/g) ?? []).length, HAND.length - 1, 'every other card, none twice')
  t.notMatch(piesForm, /name="boosters" value="pies-1"/, 'never the card itself')
  t.match(html, /<select name="cell" multiple required/, 'Visión names several cells')
  t.match(html, /name="cards" value="regateador-1"/, 'a build offers the cards that lower its price')
  t.match(html, /name="invest" min="0"/, 'a wonder offers its investment')
  t.match(html, /name="invest_leva" min="0" max="2"/, "and the Templo de Ares the castle's reserve")

  // On her phone, in Spanish: a tap on the army opens its orders; she ticks a booster and casts Pies ligeros (M9.6).
  await app.prisma.user.update({ where: { id: ana.userId }, data: { locale: 'es' } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const phone = await loggedIn(browser, base, email, turn, { width: 390, locale: 'es-ES', problems })
  const both = phone.locator(`figure.turn-map g.cell[data-cell="${first.cell}"]`)
  t.equal(await both.getAttribute('data-army'), `${first.id} ${second.id}`, 'the tile holds both armies')
  const sheet = phone.locator('#m-sheet')
  await both.tap()
  await sheet.locator(`details#a-${first.id}`).waitFor()
  await both.tap()
  await sheet.locator(`details#a-${second.id}`).waitFor()
  t.pass('a second tap on the tile opens the other army')
  await both.tap()
  await sheet.locator(`details#a-${first.id}`).waitFor()
  t.equal(await sheet.locator('form.exchange h3').textContent(), `Intercambiar tropas ⇄ Ejército ${second.id} (M5.7)`, 'the exchange, in Spanish, in the sheet')
  t.same(await axe(phone), [], 'no WCAG A/AA violation with the sheet open (es, 390)')
  await phone.screenshot({ path: path.join(ARTIFACTS, 'elmapa-9-exchange-boosters-390-es.png') })
  const piesOnPhone = sheet.locator('form[aria-label="Pies (pies-1)"]')
  await piesOnPhone.locator('input[name="boosters"][value="escudo-2"]').tap()
  await piesOnPhone.locator('button[type="submit"]').tap()
  await sheet.locator('.answer').waitFor()
  t.match(
    await sheet.locator('.answer').textContent(),
    /ana lanza Pies \(pies-1\) con 1 potenciador/,
    'three taps: the army, the booster, the cast, told in the sheet',
  )
  const desk = await loggedIn(browser, base, email, turn, { width: 1366, locale: 'en-GB', problems })
  t.same(await axe(desk), [], 'no WCAG A/AA violation on the turn page (1366)')
  await desk.screenshot({ path: path.join(ARTIFACTS, 'elmapa-10-castle-forms-1366-es.png'), fullPage: true })
  t.same(problems, [], 'no script errors')
  let s = await stateOf(app, table)
  t.equal(s.armies.find((a) => a.id === first.id)!.bonus, 2, 'the boosted Pies ligeros gives 2 MP')
  t.notOk(
    s.tribes.find((x) => x.id === ana.tribeId)!.hand.some((c) => c === 'pies-1' || c === 'escudo-2'),
    'the card and its booster are discarded',
  )

  // M9.9: Visión with one booster reveals two cells of her choosing.
  const faceDown = s.order.filter((k) => !s.cells[k]!.revealed).slice(0, 2)
  const vision = await page.post(turn, { type: 'cast', card: 'vision-1', boosters: 'velocidad-1', cell: faceDown })
  t.equal(vision.status, 200)
  s = await stateOf(app, table)
  t.same(
    faceDown.map((k) => s.cells[k]!.revealed),
    [true, true],
    'both named cells are revealed',
  )

  // Refusals: nothing stored, the rule named, the page in the player's language.
  const refusedWith = async (form: Record<string, string | string[]>, rule: RegExp, what: string) => {
    const before = await app.campaigns.snapshot(table.id)
    const res = await page.post(turn, form)
    t.ok(res.status >= 400 && res.status < 500, `${what}: a 4xx`)
    t.match(res.body, rule, `${what}: the rule is named`)
    t.match(res.body, /<form[^>]*class="order exchange"/, `${what}: the turn page again, its forms kept`)
    t.same((await app.campaigns.snapshot(table.id)).state, before.state, `${what}: nothing stored`)
  }
  await refusedWith({ type: 'cast', card: 'suerte-1', boosters: 'teletransporte-1' }, /M9\.6/, 'Suerte takes boosters in twos')
  await refusedWith({ type: 'exchange', army: String(first.id), with: String(second.id), give_leva: '0' }, /M13\.18/, 'an exchange of nothing')
  await refusedWith({ type: 'exchange', army: String(first.id), with: String(second.id), give_leva: '4' }, /M5\.7/, 'an army giving more than it has')
  await refusedWith({ type: 'build', village: village.key, choice: 'ares/4a', invest_leva: '3' }, /M3\.7/, 'an investment beyond the reserve')

  // M5.7: one leva for one arquero; both armies tired.
  const exchanged = await page.post(turn, { type: 'exchange', army: String(first.id), with: String(second.id), give_leva: '1', take_arquero: '1' })
  t.equal(exchanged.status, 200)
  t.match(exchanged.body, /intercambia tropas entre los ejércitos/, 'the answer tells the exchange')
  s = await stateOf(app, table)
  const [a, b] = [s.armies.find((x) => x.id === first.id)!, s.armies.find((x) => x.id === second.id)!]
  t.same(a.troops, { ...noTroops, leva: 2, soldado: 2, arquero: 1 }, 'the first army: one leva less, one arquero more')
  t.same(b.troops, { ...noTroops, leva: 1, arquero: 1 }, 'the second: the other way round')
  t.ok(a.tired && b.tired, 'both tired')

  // M9.9, M3.7: the Pirámides with Regateador (1 oro less) and 2 piedra invested.
  const stock = s.tribes.find((x) => x.id === ana.tribeId)!.stock
  const built = await page.post(turn, { type: 'build', village: village.key, choice: 'piramides/4a', cards: 'regateador-1', invest: '2' })
  t.equal(built.status, 200)
  s = await stateOf(app, table)
  const after = s.tribes.find((x) => x.id === ana.tribeId)!.stock
  t.same([stock.oro - after.oro, stock.piedra - after.piedra], [5, 6], 'paid 6 − 1 oro and 4 + 2 piedra')
  t.equal(s.cells[village.key]!.castle!.slots['4a'], 'piramides')
  t.equal(s.cells[village.key]!.castle!.invest, 2, 'the investment is kept with the wonder')
  t.notOk(s.tribes.find((x) => x.id === ana.tribeId)!.hand.includes('regateador-1'), 'the Regateador is spent')
})
