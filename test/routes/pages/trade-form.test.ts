// A trade proposed through the scene page's form in every registered game (#49, R11.3 and each
// book's diplomacy section: G9, W8, M10): the form draws the game's transfer for both sides of a
// two-tribe scene (what ana gives ben, what ben gives back) and no other game's fields; ana posts
// its fields as the page builds them, the proposal is stored in the game's shape, and the scene
// lists it in the game's words, in English and in Spanish. What the form takes and the engine
// refuses now (an Open Wars location with units, W8.4; El Mapa resources without a Mercado, M10.4)
// reaches the engine and comes back as its refusal on the scene page.
import t from 'tap'
import { rulesetIds } from '../../../src/engine/index.ts'
import { FACES } from '../../../src/faces/index.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App, type Table } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const PASSWORD = 'correct horse battery'
type Board = Record<string, unknown>
type Assets = Record<string, unknown>

interface FormFixture {
  start(app: App, table: Table): Promise<void>
  /** What `tribe` may give now, read from the board, in the game's transfer shape. */
  give(board: Board, tribe: string, n: number): Assets
  /** Those assets as the scene says them, by language (a tile of the weekday game by its place's name or key). */
  say(assets: Assets, locale: 'en' | 'es'): string | RegExp
  /** Fields the form draws in each line, without the line's number. */
  inputs: string[]
  /** Assets of `tribe` the form takes and the engine refuses now, with its code and rule. */
  refused?(board: Board, tribe: string): { assets: Assets; code: string; rule: string }
}

const platformStart = async (app: App, table: Table) => {
  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`)
}
const and = (parts: string[], locale: 'en' | 'es') => new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts)

type Tiles = { map: { tiles: { tile: string; owner: string | null; terrain: string }[] } }
type Territories = { territories: { id: string; owner: string }[] }
type Purses = { tribes: { id: string; figures: { gold: number; mana: number } }[] }
type Locations = { cells: { id: string; controller: string | null }[] }
type Cells = { cells: { cell: string; owner?: string | null; castle: unknown }[]; armies: { cell: string; tribe: string }[] }

const FORMS: Record<string, FormFixture> = {
  'weekly-turn': {
    start: (app, table) => draft(app, table),
    give: (b, tribe) => ({ tiles: [(b as Tiles).map.tiles.find((x) => x.owner === tribe && x.terrain === 'land')!.tile] }),
    say: () => /[^<>]+/,
    inputs: ['tiles', 'ships'],
  },
  conquest: {
    start: platformStart,
    give: (b, tribe) => ({ tiles: [(b as Territories).territories.find((x) => x.owner === tribe)!.id] }),
    say: (a, locale) => CATALOGUE[locale][`c_territory_${(a.tiles as string[])[0]}`]!,
    inputs: ['tiles'],
  },
  openwars: {
    start: platformStart,
    give: (b, tribe, n) => {
      const { gold, mana } = (b as Purses).tribes.find((x) => x.id === tribe)!.figures
      // Of n coins, one of each when both are held ("1 gold and 1 mana"), else gold first and the rest in mana.
      const both = n === 2 && gold > 0 && mana > 0
      const coin = both ? { gold: 1, mana: 1 } : { gold: Math.min(gold, n), mana: Math.min(mana, n - Math.min(gold, n)) }
      return Object.fromEntries(Object.entries(coin).filter(([, x]) => x > 0))
    },
    say: (a, locale) =>
      and(
        Object.entries(a).map(([k, n]) => (locale === 'en' ? `${n} ${k}` : `${n} de ${k === 'gold' ? 'oro' : 'maná'}`)),
        locale,
      ),
    inputs: ['gold', 'mana', 'locations'],
    // W8.4: the list reaches the engine, which refuses a location that holds units (every one, this early).
    refused: (b, tribe) => ({
      assets: { locations: [(b as Locations).cells.find((c) => c.controller === tribe)!.id] },
      code: 'trade/occupied',
      rule: 'W8.4',
    }),
  },
  elmapa: {
    start: platformStart,
    // M10.5: a mine of the giver's with no army of its own on it.
    give: (b, tribe) => {
      const { cells, armies } = b as Cells
      const guarded = new Set(armies.filter((x) => x.tribe === tribe).map((x) => x.cell))
      return {
        cells: cells
          .filter((c) => c.owner === tribe && !c.castle && !guarded.has(c.cell))
          .map((c) => c.cell)
          .slice(0, 1),
      }
    },
    say: (a) => (a.cells as string[]).join(', '),
    // M10.4: the counts reach the engine, which refuses resources between tribes without a Mercado.
    refused: () => ({ assets: { resources: { madera: 2 } }, code: 'trade/no_mercado', rule: 'M10.4' }),
    inputs: ['resources-oro', 'resources-madera', 'resources-piedra', 'cards', 'cells'],
  },
}

/** A transfer's assets as the form's fields of line `n`. */
function formFields(assets: Assets, n: number): Record<string, string> {
  return Object.fromEntries(
    Object.entries(assets).flatMap(([k, v]) => {
      if (Array.isArray(v)) return [[`${k}${n}`, v.join(' ')]]
      if (typeof v === 'object' && v) return Object.entries(v).map(([part, x]) => [`${k}-${part}${n}`, String(x)])
      return [[`${k}${n}`, String(v)]]
    }),
  )
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

t.test("a trade proposed through the scene page's form in every registered game, and listed in its words", async (t) => {
  t.same(Object.keys(FORMS).sort(), rulesetIds().sort(), 'every registered game is here')
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z') // a Tuesday: every game starts
  // One campaign of ana and ben a game, each started its way.
  const tables = new Map<string, Table>()
  for (const [game, { start }] of Object.entries(FORMS)) {
    tables.set(game, await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: game, mapId: 'coast-3' }))
    await start(app, tables.get(game)!)
  }
  await setClock(app, '2026-12-07T09:00:00Z') // past the first Sunday's tick: every game runs
  const others = (game: string) => new Set(FACES.filter((f) => f.id !== game).flatMap((f) => FORMS[f.id]!.inputs))

  for (const game of rulesetIds()) {
    await t.test(game, async (t) => {
      const fixture = FORMS[game]!
      const table = tables.get(game)!
      const [ana, ben] = [table.players.ana!, table.players.ben!]
      const opened = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/scenes`, { title: 'Trato', tribes: [ana.tribeId, ben.tribeId] })
      const url = `/campaigns/${table.id}/scenes/${opened.body.id}`
      const page = visitor(app)
      const email = (await app.prisma.user.findUniqueOrThrow({ where: { id: ana.userId } })).email
      await page.login(email, PASSWORD)

      const form = (await page.get(url)).body
      const lines = [...form.matchAll(/<fieldset class="transfer">([\s\S]*?)<\/fieldset>\s*(?=<fieldset class="transfer">|<button)/g)].map((m) => m[1]!)
      t.equal(lines.length, 2, 'two lines: what ana gives, and what ben gives back')
      for (const [n, from, to] of [
        [1, ana.tribeId, ben.tribeId],
        [2, ben.tribeId, ana.tribeId],
      ] as const) {
        const line = lines[n - 1]!
        t.match(
          line,
          new RegExp(`<select name="from${n}">(?:(?!</select>)[\\s\\S])*?<option value="${from}" selected>`),
          `line ${n} is given by ${from === ana.tribeId ? 'ana' : 'ben'}`,
        )
        t.match(line, new RegExp(`<select name="to${n}">(?:(?!</select>)[\\s\\S])*?<option value="${to}" selected>`), 'to the other')
        const names = [...line.matchAll(/<input[^>]* name="([^"]+)"/g)].map((m) => m[1]!.replace(/\d+$/, ''))
        t.same(names, fixture.inputs, `line ${n} holds ${game}'s fields: ${fixture.inputs.join(', ')}`)
        t.notOk(
          names.some((x) => others(game).has(x) && !fixture.inputs.includes(x)),
          "and no other game's",
        )
        for (const name of names) t.match(line, new RegExp(`<label>[^<]+<input[^>]* name="${name}${n}"`), `${name}${n} has a label`)
      }

      const board = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/state`)).body as Board
      const fields = { from1: ana.tribeId, to1: ben.tribeId, from2: ben.tribeId, to2: ana.tribeId }
      if (fixture.refused) {
        const { assets, code, rule } = fixture.refused(board, ana.tribeId)
        const refused = await page.post(`${url}/proposals`, { ...fields, ...formFields(assets, 1) })
        t.equal(refused.status, 422, `${JSON.stringify(assets)} from the form reaches the engine`)
        t.match(refused.body, new RegExp(`${rule}</a>\\)[\\s\\S]*?${code}`), `which refuses it with ${rule}`)
        t.match(refused.body, /<fieldset class="transfer">/, 'on the scene page, its form again')
      }
      const transfers = [
        { from: ana.tribeId, to: ben.tribeId, ...fixture.give(board, ana.tribeId, 1) },
        { from: ben.tribeId, to: ana.tribeId, ...fixture.give(board, ben.tribeId, 2) },
      ]
      const posted = await page.post(`${url}/proposals`, { ...fields, ...formFields(transfers[0]!, 1), ...formFields(transfers[1]!, 2) })
      t.equal(posted.status, 303, /role="alert"[\s\S]{0,400}/.exec(posted.body)?.[0] ?? `ana proposes ${JSON.stringify(transfers)} through the form`)
      const stored = (await call(app, table.gm, 'GET', `/api/campaigns/${table.id}/scenes/${opened.body.id}`)).body.proposals
      t.match(stored, [{ status: 'open', transfers }], "stored in the game's transfer shape")

      for (const locale of ['en', 'es'] as const) {
        const body = (await page.get(`${url}?lang=${locale}`)).body
        const items = /<article class="card proposal"[\s\S]*?<ul>([\s\S]*?)<\/ul>/.exec(body)![1]!
        const [gives, givesTo] = locale === 'en' ? ['gives', 'to'] : ['da', 'a']
        for (const [tribe, other, assets] of [
          ['ana', 'ben', transfers[0]!],
          ['ben', 'ana', transfers[1]!],
        ] as const) {
          const { from: _from, to: _to, ...given } = assets
          const said = fixture.say(given, locale)
          const words = typeof said === 'string' ? escape(said) : said.source
          t.match(items, new RegExp(`<li>${tribe} ${gives} ${words} ${givesTo} ${other}</li>`), `${locale}: ${tribe} ${gives} ${said} ${givesTo} ${other}`)
        }
        t.notMatch(items, / {2}/, 'no empty gift')
      }
    })
  }
})
