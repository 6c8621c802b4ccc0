// A group of friends, one campaign of each game (#49): a GM and three players, the same four
// accounts in all four campaigns. Ana plays on a 390 px phone in Spanish, ben and cai and the GM
// on a 1366 px desktop in English. Week 1 of each game: in a scene ana builds a trade by tapping
// what she gives and what ben gives back (proposing is her acceptance), ben accepts and the GM
// ratifies, and the board shows both sides changed hands; cai will be away and names ana as his
// stand-in on the absences page; then each tribe's window is played on its day through the turn
// page, cai's by ana, whose page says it is cai's tribe she plays today. Every tap, scroll and
// typed field is counted: the table goes to the test's comments and test-artifacts/group-taps.md.
// The scene's small map, where the game has one: each line holds the game's fields, every place
// the two tribes own is a target of 24 px or more, places go in the order tapped, a second tap or
// Enter takes one out, and the proposal is listed in the game's words; axe-core on each page.
// Screenshots: test-artifacts/group-<game>-*.png (the scene at 390 es and 1366 en, the stand-in's turn page).
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { rulesetIds } from '../../../src/engine/index.ts'
import { FACES } from '../../../src/faces/index.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../../helpers/browser.ts'
import { call, draft, setClock, type App, type Table } from '../../helpers/campaign.ts'
import { Hands } from '../../helpers/hands.ts'

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts')
const PEOPLE = { ana: 'monday', ben: 'wednesday', cai: 'friday' } as const
/** Week 1's days at 10:00 in Madrid, each game's first period (after the Sunday tick of 6 December). */
const DAYS = { monday: '2026-12-07T09:00:00Z', wednesday: '2026-12-09T09:00:00Z', friday: '2026-12-11T09:00:00Z' } as const

type Board = Record<string, unknown>
/** What a tribe gives: a place tapped on the scene's small map, or coin typed into the form. */
type Gift = { key: string } | { coin: Record<string, number> }

/** The scene's small map of a game whose trades hold places. */
interface TradeMap {
  /** The attribute naming a place on the map. */
  attribute: string
  /** The places `tribe` may give now, read from the board. */
  places(board: Board, tribe: string): string[]
  /** How many places the scene's tribes own: each is drawn a tap away. */
  owned(board: Board, tribes: string[]): number
  /** A place as the proposal says it in English, where the test knows its words. */
  said?(key: string): string
}

interface GroupGame {
  /** How a campaign of the game leaves setup: its draft, or the platform's start. */
  start(app: App, table: Table): Promise<void>
  map?: TradeMap
  /** Without a map: the coin `tribe` gives (`most` at most). */
  coin?(board: Board, tribe: string, most: number): Record<string, number>
  /** Who holds a place now, or how much coin a tribe holds. */
  owner(board: Board, key: string): string | null | undefined
  purse(board: Board, tribe: string): number
}

const platformStart = async (app: App, table: Table) => {
  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`)
}
const noPurse = () => 0
type Tiles = { map: { tiles: { tile: string; owner: string | null; terrain: string }[] } }
type Territories = { territories: { id: string; owner: string }[] }
type Purses = { tribes: { id: string; figures: { gold: number; mana: number } }[] }
type Cells = { cells: { cell: string; owner?: string | null; castle: unknown }[]; armies: { cell: string; tribe: string }[] }
const landOf = (b: Board) => (b as Tiles).map.tiles.filter((x) => x.terrain !== 'sea')

const GAMES: Record<string, GroupGame> = {
  // R11.2: a land tile or city; the small map draws only the scene tribes' land.
  'weekly-turn': {
    start: (app, table) => draft(app, table),
    map: {
      attribute: 'data-tile',
      places: (b, tribe) => landOf(b).flatMap((x) => (x.owner === tribe ? [x.tile] : [])),
      owned: (b, tribes) => landOf(b).filter((x) => x.owner && tribes.includes(x.owner)).length,
    },
    owner: (b, key) => (b as Tiles).map.tiles.find((x) => x.tile === key)?.owner,
    purse: noPurse,
  },
  // G9.2: a whole territory.
  conquest: {
    start: platformStart,
    map: {
      attribute: 'data-territory',
      places: (b, tribe) => (b as Territories).territories.flatMap((x) => (x.owner === tribe ? [x.id] : [])),
      owned: (b, tribes) => (b as Territories).territories.filter((x) => tribes.includes(x.owner)).length,
      said: (key) => CATALOGUE.en[`c_territory_${key}`]!,
    },
    owner: (b, key) => (b as Territories).territories.find((x) => x.id === key)?.owner,
    purse: noPurse,
  },
  // W8.2: gold (or mana: the Bárbaros get mana as gold, W8.5); early on every location holds units (W8.4), so no map: coin.
  openwars: {
    start: platformStart,
    coin: (b, tribe, most): Record<string, number> => {
      const { gold, mana } = (b as Purses).tribes.find((x) => x.id === tribe)!.figures
      return gold > 0 ? { gold: Math.min(gold, most) } : { mana: Math.min(mana, most) }
    },
    owner: () => undefined,
    purse: (b, tribe) => {
      const { gold, mana } = (b as Purses).tribes.find((x) => x.id === tribe)!.figures
      return gold + mana
    },
  },
  // M10.2: a mine with no army of its giver on it (M10.5); the map marks every cell the tribes own.
  elmapa: {
    start: platformStart,
    map: {
      attribute: 'data-cell',
      places: (b, tribe) => {
        const { cells, armies } = b as Cells
        return cells.flatMap((c) => (c.owner === tribe && !c.castle && !armies.some((a) => a.cell === c.cell && a.tribe === tribe) ? [c.cell] : []))
      },
      owned: (b, tribes) => (b as Cells).cells.filter((c) => c.owner && tribes.includes(c.owner)).length,
      said: (key) => key,
    },
    owner: (b, key) => (b as Cells).cells.find((c) => c.cell === key)?.owner,
    purse: noPurse,
  },
}

t.test('#49 a group of three in every game: a co-player stands in, a trade by tapping, a window each', async (t) => {
  t.same(Object.keys(GAMES).sort(), rulesetIds().sort(), 'every registered game is played by the group')
  mkdirSync(ARTIFACTS, { recursive: true })
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z') // a Tuesday: every game starts
  const gm = await register(app, `gm-${Math.random().toString(36).slice(2)}@example.com`)
  const people = Object.fromEntries(
    await Promise.all(
      Object.keys(PEOPLE).map(async (name) => [name, await register(app, `${name}-${Math.random().toString(36).slice(2)}@example.com`)] as const),
    ),
  )
  t.equal((await call(app, people.ana!.token, 'PATCH', '/api/me', { locale: 'es' })).status, 200, 'ana reads Spanish')

  // The same three friends join a campaign of each game.
  const tables = new Map<string, Table>()
  for (const game of rulesetIds()) {
    const created = await call(app, gm.token, 'POST', '/api/campaigns', { name: `Amigos ${game}`, ruleset: game, mapId: 'coast-3', public: false })
    t.equal(created.status, 201, `the GM creates a campaign of ${game}`)
    const table: Table = { id: created.body.id, gm: gm.token, players: {} }
    for (const [name, weekday] of Object.entries(PEOPLE)) {
      const invitation = await call(app, gm.token, 'POST', `/api/campaigns/${table.id}/invitations`)
      const joined = await call(app, people[name]!.token, 'POST', `/api/invitations/${invitation.body.token}/accept`, { tribeName: name, weekday })
      t.equal(joined.status, 201, `${name} joins it`)
      table.players[name] = { token: people[name]!.token, tribeId: joined.body.tribe.id, userId: people[name]!.user.id }
    }
    await GAMES[game]!.start(app, table)
    tables.set(game, table)
  }
  await setClock(app, DAYS.monday)

  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const { browser } = await launchBrowser()
  t.teardown(() => browser.close())
  const problems: string[] = []
  const first = `/campaigns/${tables.get(rulesetIds()[0]!)!.id}`
  const ana = new Hands(await loggedIn(browser, base, people.ana!.user.email, first, { width: 390, locale: 'es-ES', problems }), 390)
  const ben = new Hands(await loggedIn(browser, base, people.ben!.user.email, first, { width: 1366, locale: 'en-GB', problems }), 1366)
  const cai = new Hands(await loggedIn(browser, base, people.cai!.user.email, first, { width: 1366, locale: 'en-GB', problems }), 1366)
  const master = new Hands(await loggedIn(browser, base, gm.user.email, first, { width: 1366, locale: 'en-GB', problems }), 1366)
  const rows: string[] = []
  const scenes = new Map<string, string>()
  const row = (game: string, who: string, what: string, hands: Hands, from: ReturnType<Hands['mark']>) => {
    const { taps, scrolls, typed } = hands.since(from)
    rows.push(`| ${game} | ${who} | ${what} | ${taps} | ${scrolls} | ${typed} |`)
  }

  for (const game of rulesetIds()) {
    await t.test(game, async (t) => {
      const table = tables.get(game)!
      const fixture = GAMES[game]!
      const [anaTribe, benTribe] = [table.players.ana!.tribeId, table.players.ben!.tribeId]
      const api = `/api/campaigns/${table.id}`
      const campaign = `${base}/campaigns/${table.id}`
      const board = async () => (await call(app, gm.token, 'GET', `${api}/state`)).body as Board

      // The GM opens a scene for ana and ben; ana builds the trade on her phone.
      const before = await board()
      const scene = await call(app, gm.token, 'POST', `${api}/scenes`, { title: 'Trato', tribes: [anaTribe, benTribe] })
      t.equal(scene.status, 201, 'the GM opens a scene for ana and ben')
      const sceneUrl = `${campaign}/scenes/${scene.body.id}`
      scenes.set(game, sceneUrl)
      await ana.page.goto(sceneUrl)
      let from = ana.mark()
      const form = ana.page.locator('form[action$="/proposals"]')
      t.same(
        [
          await form.locator('select[name="from1"]').inputValue(),
          await form.locator('select[name="to1"]').inputValue(),
          await form.locator('select[name="from2"]').inputValue(),
        ],
        [anaTribe, benTribe, benTribe],
        'the lines are set for her: what ana gives ben, and what ben gives back',
      )
      const names = (xs: unknown[]) => xs.map((x) => (x as { name: string }).name)
      const firstLine = FACES.find((f) => f.id === game)!.tradeForm.flatMap((f) =>
        f.kind === 'counts' ? f.parts.map((p) => `${f.name}-${p.name}1`) : [`${f.name}1`],
      )
      t.same(await form.locator('fieldset.transfer').first().locator('input').evaluateAll(names), firstLine, "each line holds the game's own fields")
      const map = fixture.map
      const gifts: readonly [Gift, Gift] = map
        ? [{ key: map.places(before, anaTribe)[0]! }, { key: map.places(before, benTribe)[0]! }]
        : [{ coin: fixture.coin!(before, anaTribe, 1) }, { coin: fixture.coin!(before, benTribe, 2) }]
      const place = (key: string) => ana.page.locator(`figure.trade-map [${map?.attribute}="${key}"][data-owner]`)
      const tapped = (line: number) => form.locator(`input[data-taps][name$="${line}"]`).inputValue()
      if (map) {
        t.equal(
          await ana.page.locator('figure.trade-map [data-owner]').count(),
          map.owned(before, [anaTribe, benTribe]),
          "every place the scene's tribes own is a tap away, and no other",
        )
        // WCAG 2.5.8: every place is a target of at least 24 × 24 CSS px (a wide map scrolls sideways).
        const smallest = (await ana.page.evaluate(
          `Math.min(...[...document.querySelectorAll('figure.trade-map [data-owner]')].map((g) => { const box = g.getBoundingClientRect(); return Math.min(box.width, box.height) }))`,
        )) as number
        t.ok(smallest >= 24, `every place is at least 24 px a side (the smallest: ${smallest.toFixed(1)} px)`)
        // Before the trade she sends: places go in the order tapped, a second tap takes one out, and ben's are reached by keyboard too.
        const [anas, bens] = [map.places(before, anaTribe), map.places(before, benTribe)]
        if (anas[1]) {
          await place(anas[1]).tap()
          await place(anas[0]!).tap()
          t.equal(await tapped(1), `${anas[1]} ${anas[0]}`, 'her places in her line, in the order tapped')
          await place(anas[1]).tap()
          await place(anas[0]!).tap()
          t.equal(await tapped(1), '', 'a second tap takes each out')
          t.equal(await place(anas[1]).getAttribute('aria-pressed'), 'false', 'and the map says so')
        }
        await place(bens[0]!).focus()
        await ana.page.keyboard.press('Enter')
        t.equal(await tapped(2), bens[0], "ben's, by keyboard, in his line")
        t.equal(await place(bens[0]!).getAttribute('aria-pressed'), 'true', 'a chosen place says so')
        await ana.page.keyboard.press('Enter')
        t.equal(await tapped(2), '', 'and Enter again takes it out')
      }
      from = ana.mark()
      for (const [line, gift] of gifts.entries()) {
        if ('key' in gift) await ana.tap(place(gift.key))
        else for (const [field, n] of Object.entries(gift.coin)) await ana.type(form.locator(`input[name="${field}${line + 1}"]`), String(n))
      }
      for (const [line, gift] of gifts.entries()) if ('key' in gift) t.equal(await tapped(line + 1), gift.key, `a tap put ${gift.key} in line ${line + 1}`)
      t.same(await axe(ana.page), [], 'no WCAG A/AA violation on the scene with the trade built')
      await ana.screenshot(path.join(ARTIFACTS, `group-${game}-1-trade-es-390.png`))
      await ana.send(form.locator('button[type="submit"]'))
      row(game, 'ana', 'a trade proposed', ana, from)
      const proposal = (await call(app, gm.token, 'GET', `${api}/scenes/${scene.body.id}`)).body.proposals[0]
      t.match(proposal, { status: 'open', answers: [{ tribeId: anaTribe, answer: 'accepted' }] }, 'proposing was her acceptance')
      const assets = (gift: Gift) =>
        'key' in gift ? { [FACES.find((f) => f.id === game)!.tradeForm.find((f) => f.kind === 'list' && f.taps)!.name]: [gift.key] } : gift.coin
      t.match(
        proposal.transfers,
        [
          { from: anaTribe, to: benTribe, ...assets(gifts[0]) },
          { from: benTribe, to: anaTribe, ...assets(gifts[1]) },
        ],
        "it holds what she tapped and typed, in the game's transfer shape",
      )
      t.match(await ana.page.locator(`#proposal-${proposal.id}`).textContent(), /ana da .* a ben/, 'her page lists it in Spanish')

      // Ben accepts on his desktop, the GM ratifies.
      await ben.page.goto(sceneUrl)
      if (map?.said) {
        const said = (gift: Gift) => map.said!((gift as { key: string }).key)
        t.same(
          await ben.page.locator(`#proposal-${proposal.id} li`).allTextContents(),
          [`ana gives ${said(gifts[0])} to ben`, `ben gives ${said(gifts[1])} to ana`],
          "ben's page lists it in the game's English words",
        )
      }
      from = ben.mark()
      await ben.send(ben.page.locator(`#proposal-${proposal.id} form[action$="/accept"] button`))
      row(game, 'ben', 'the trade accepted', ben, from)
      await ben.screenshot(path.join(ARTIFACTS, `group-${game}-2-accepted-en-1366.png`))
      await ana.page.reload()
      t.match(await ana.page.locator(`#proposal-${proposal.id}`).textContent(), /ben: acepta/, 'her Spanish page says "ben: acepta", not the API\'s word')
      await master.page.goto(sceneUrl)
      from = master.mark()
      const ratify = master.page.locator(`#proposal-${proposal.id} form[action$="/ratify"]`)
      await master.tap(ratify.locator('input[name="confirm"]'))
      await master.send(ratify.locator('button'))
      row(game, 'GM', 'the trade ratified', master, from)
      t.match(await master.page.locator(`#proposal-${proposal.id}`).textContent(), /ratified/i, 'the scene shows it ratified')
      const after = await board()
      for (const [line, gift] of gifts.entries()) {
        const [giver, taker] = line === 0 ? [anaTribe, benTribe] : [benTribe, anaTribe]
        if ('key' in gift) {
          t.equal(fixture.owner(before, gift.key), giver, `${gift.key} was the giver's`)
          t.equal(fixture.owner(after, gift.key), taker, `and is the other's now`)
        }
      }
      const coin = (line: number) =>
        Object.values('coin' in gifts[line]! ? (gifts[line] as { coin: Record<string, number> }).coin : {}).reduce((a, b) => a + b, 0)
      t.equal(fixture.purse(after, anaTribe), fixture.purse(before, anaTribe) - coin(0) + coin(1), "ana's coin after the trade")

      // Cai will be away all week: he says so on the absences page and names ana, a co-player, as his stand-in.
      await cai.page.goto(`${campaign}/absences`)
      from = cai.mark()
      const declare = cai.page.locator('form[action$="/absences"]')
      await cai.type(declare.locator('input[name="from"]'), '2026-12-07')
      await cai.type(declare.locator('input[name="to"]'), '2026-12-13')
      await cai.send(declare.locator('button[type="submit"]'))
      const standIn = cai.page.locator('form[action$="/stand-in"]')
      t.match(await standIn.textContent(), /its secrets included/, 'before he names anyone, the page says the stand-in sees his secrets')
      await cai.choose(standIn.locator('select[name="userId"]'), people.ana!.user.id)
      await cai.send(standIn.locator('button[type="submit"]'))
      row(game, 'cai', 'away for the week, ana stands in', cai, from)
      t.match(await cai.page.locator('main').textContent(), /stand-in: ana-/, 'the absence names ana as stand-in')
    })
  }

  // Week 1, day by day (the clock only goes forward), each game in turn: the window of whoever plays
  // that day, through the turn page; cai's by ana.
  for (const [day, at] of Object.entries(DAYS)) {
    await setClock(app, at)
    for (const game of rulesetIds()) {
      await t.test(`${day}: ${game}`, async (t) => {
        const table = tables.get(game)!
        const [anaTribe, benTribe, caiTribe] = [table.players.ana!.tribeId, table.players.ben!.tribeId, table.players.cai!.tribeId]
        const api = `/api/campaigns/${table.id}`
        const roster = (await call(app, gm.token, 'GET', api)).body.tribes as { id: string; weekday: string }[]
        t.same(new Set(roster.map((x) => x.weekday)), new Set(Object.values(PEOPLE)), "three weekdays (Open Wars' tick 0 may deal them anew)")
        const tribe = roster.find((x) => x.weekday === day)!.id
        const [name, hands] = tribe === anaTribe ? ['ana', ana] : tribe === benTribe ? ['ben', ben] : ['ana for cai', ana]
        await hands.page.goto(`${base}/campaigns/${table.id}/turn`)
        if (tribe === caiTribe) {
          t.match(
            await ana.page.locator('.banner.notice').textContent(),
            /Hoy juegas esta tribu por su jugador ausente/,
            "ana's page says she plays cai's tribe today, in Spanish",
          )
          t.match(await ana.page.locator('main').textContent(), /\bcai\b/, "and names cai's tribe")
          const endTurn = (await ana.page.locator('form:has(input[name="type"][value="endTurn"]) button').first().boundingBox())!
          const fold = ana.page.viewportSize()!.height
          t.ok(
            endTurn.y + endTurn.height <= fold,
            `the end of her turn on the first screen, banner and all (${Math.round(endTurn.y + endTurn.height)} of ${fold} px)`,
          )
          t.same(await axe(ana.page), [], "no WCAG A/AA violation on cai's turn page")
          await ana.screenshot(path.join(ARTIFACTS, `group-${game}-3-stand-in-es-390.png`))
          // Today her account is cai's tribe: her own scene with ben says so, in her words, and opens tomorrow.
          const own = await ana.page.goto(scenes.get(game)!)
          t.equal(own?.status(), 404, "her own tribe's scene is not cai's")
          t.match(await ana.page.locator('main').textContent(), /Hoy juegas la tribu de un jugador ausente/, 'and the page says why, in Spanish')
          await ana.page.goto(`${base}/campaigns/${table.id}/turn`)
        }
        if (game === 'elmapa' && hands === ben) {
          // #49: El Mapa's battle plan on a desktop in English, a common one in two taps (M8.7's default: all forward, archers shoot).
          const planned = ben.mark()
          await ben.tap(ben.page.locator('a[href="#plan-h"]').first())
          const forward = ben.page.locator('.quick-plans button', { hasText: 'All forward' })
          const box = (await forward.boundingBox())!
          t.ok(box.y >= 0 && box.y + box.height <= 844, 'after the jump the quick plans are on screen')
          await ben.page.screenshot({ path: path.join(ARTIFACTS, `group-elmapa-4-quick-plans-en-1366.png`) })
          t.notMatch(await ben.page.locator('.quick-plans').textContent(), /Levas|Soldados|Arqueros|al frente|aguanta/, 'in English only')
          await ben.send(forward)
          row(game, 'ben', 'a quick battle plan: all forward', ben, planned)
          const plan = (await call(app, people.ben!.token, 'GET', `${api}/state`)).body.you.plan as { platoons: { kind: string; tactic: string }[] }
          t.ok(plan.platoons.length > 0, 'his plan has platoons')
          t.ok(
            plan.platoons.every((x) => x.tactic === (x.kind === 'arquero' ? 'shoot' : 'advance')),
            `each goes forward, the archers shoot: ${plan.platoons.map((x) => `${x.kind} ${x.tactic}`).join(', ')}`,
          )
        }
        const from = hands.mark()
        await hands.send(hands.page.locator('form:has(input[name="type"][value="endTurn"]) button').first())
        await hands.page.locator('#results').first().waitFor()
        row(game, name, 'the window played: turn ended', hands, from)
        const seen = (await call(app, tribe === benTribe ? people.ben!.token : people.ana!.token, 'GET', `${api}/state`)).body
        t.equal(seen.you.tribeId, tribe, `on ${day} the account plays ${name}`)
        const played = await app.prisma.campaignEvent.count({ where: { campaignId: table.id, tribe, played: true, createdAt: new Date(at) } })
        t.ok(played > 0, `${name}'s window played: ${played} event(s) of an order in it`)
        if (tribe === caiTribe) {
          const stoodIn = await app.prisma.campaignEvent.findFirst({ where: { campaignId: table.id, type: 'order.stand_in' } })
          t.match(stoodIn?.payload, { tribe: caiTribe, by: people.ana!.user.id }, "cai's window, logged as played by ana")
        }
      })
    }
  }

  // By game, in the order each thing happened.
  const byGame = rulesetIds().flatMap((game) => rows.filter((line) => line.startsWith(`| ${game} |`)))
  const table = ['| game | who | what | taps | scrolls | fields typed |', '|---|---|---|---|---|---|', ...byGame].join('\n')
  writeFileSync(path.join(ARTIFACTS, 'group-taps.md'), `${table}\n`)
  t.comment(`\n${table}`)
  t.same(problems, [], 'no script errors')
})
