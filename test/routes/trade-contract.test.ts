// A trade in every registered game (#49), over HTTP as its tribes and GM make one (R11.3 and each
// book's diplomacy section: G9, W8, M10): the GM opens a scene, ana proposes what she and ben give
// each other in the game's own transfer shape, taking assets the board shows they hold; ben
// accepts (ana accepted by proposing), the GM ratifies, and the board shows both changed hands.
// A transfer with another game's field is a 400 naming the game and its fields; a field the game
// never trades is refused by its engine with its rule, in a transfer or beside the transfers;
// none of them stores anything. A trade that can no longer execute when the GM ratifies it (ben
// proposed giving all he gives, then gave some of it in the first trade) is refused by the engine:
// the proposal fails with its reason and nothing moves. The API document names each game's transfer.
import t from 'tap'
import { rulesetIds } from '../../src/engine/index.ts'
import { FACES } from '../../src/faces/index.ts'
import { buildTestApp } from '../helpers/app.ts'
import { call, draft, setClock, setUp, type App, type Table } from '../helpers/campaign.ts'

type Board = Record<string, unknown>
type Assets = Record<string, unknown>
type Count = Record<string, number>

interface TradeFixture {
  /** How a campaign of the game leaves setup: its draft, or the platform's start. */
  start(app: App, table: Table): Promise<void>
  /** Something `tribe` holds and may give now, read from the board, in the game's transfer shape; of coin, `most` at most. */
  give(board: Board, tribe: string, most: number): Assets
  /** What `tribe` holds of what trades, by asset (a tile, a territory, a cell, one purse of coin). */
  holdings(board: Board, tribe: string): Count
  /** What a transfer's assets count as, in the same terms. */
  count(given: Assets): Count
}

const ones = (keys: readonly string[]): Count => Object.fromEntries(keys.map((k) => [k, 1]))
const platformStart = async (app: App, table: Table) => {
  const started = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/start`)
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`)
}

type Tiles = { map: { tiles: { tile: string; owner: string | null }[] } }
type Territories = { territories: { id: string; owner: string }[] }
type Purses = { tribes: { id: string; figures: { gold: number; mana: number } }[]; cells: { id: string; controller: string | null }[] }
type Cells = { cells: { cell: string; owner?: string | null; castle: unknown }[]; armies: { cell: string; tribe: string }[] }

const TRADES: Record<string, TradeFixture> = {
  // R11.2: a land tile or city, with the army on it.
  'weekly-turn': {
    start: (app, table) => draft(app, table),
    give: (b, tribe) => ({ tiles: [(b as Tiles).map.tiles.find((x) => x.owner === tribe)!.tile] }),
    holdings: (b, tribe) => ones((b as Tiles).map.tiles.filter((x) => x.owner === tribe).map((x) => x.tile)),
    count: (given) => ones(given.tiles as string[]),
  },
  // G9.2: a whole territory.
  conquest: {
    start: platformStart,
    give: (b, tribe) => ({ tiles: [(b as Territories).territories.find((x) => x.owner === tribe)!.id] }),
    holdings: (b, tribe) => ones((b as Territories).territories.filter((x) => x.owner === tribe).map((x) => x.id)),
    count: (given) => ones(given.tiles as string[]),
  },
  // W8.2: gold and mana (the Bárbaros get mana as gold, W8.5: one purse here); every location holds units yet.
  openwars: {
    start: platformStart,
    give: (b, tribe, most) => {
      const { gold, mana } = (b as Purses).tribes.find((x) => x.id === tribe)!.figures
      const coin = { gold: Math.min(gold, most), mana: Math.min(mana, most - Math.min(gold, most)) }
      return Object.fromEntries(Object.entries(coin).filter(([, n]) => n > 0))
    },
    holdings: (b, tribe) => {
      const { gold, mana } = (b as Purses).tribes.find((x) => x.id === tribe)!.figures
      return { purse: gold + mana, ...ones((b as Purses).cells.filter((c) => c.controller === tribe).map((c) => c.id)) }
    },
    count: (given) => ({ purse: ((given.gold as number) ?? 0) + ((given.mana as number) ?? 0), ...ones((given.locations as string[]) ?? []) }),
  },
  // M10.2: a mine (no Mercado yet for resources, M10.4, and no card in hand), with no army of its giver on it (M10.5).
  elmapa: {
    start: platformStart,
    give: (b, tribe) => {
      const { cells, armies } = b as Cells
      const mine = cells.find((c) => c.owner === tribe && !c.castle && !armies.some((a) => a.cell === c.cell && a.tribe === tribe))
      return { cells: [mine!.cell] }
    },
    holdings: (b, tribe) => ones((b as Cells).cells.filter((c) => c.owner === tribe).map((c) => c.cell)),
    count: (given) => ones(given.cells as string[]),
  },
}

/** A transfer's fields as its game's schema lists them, and the rule of each it takes only to refuse. */
function fieldsOf(schema: unknown) {
  const properties = (schema as { properties: Record<string, { description?: string }> }).properties
  const fields = Object.keys(properties).filter((k) => k !== 'from' && k !== 'to')
  const refused = fields.flatMap((k) => {
    const rule = /^Never tradeable \(([A-Z]?\d+\.\d+)\)/.exec(properties[k]!.description ?? '')?.[1]
    return rule ? [[k, rule] as const] : []
  })
  return { fields, refused }
}

t.test('a trade in every registered game: proposed in its shape, accepted, ratified, and on the board', async (t) => {
  t.same(Object.keys(TRADES).sort(), rulesetIds().sort(), 'every registered game trades here')
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z') // a Tuesday: every game starts
  const tables = new Map<string, Table>()
  for (const game of rulesetIds()) {
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: game, mapId: 'coast-3' })
    await TRADES[game]!.start(app, table)
    tables.set(game, table)
  }
  await setClock(app, '2026-12-07T09:00:00Z') // past the first Sunday's tick: every game runs its first period

  await t.test("the API document names each game's transfer, and the proposals route takes any of them", async (t) => {
    const doc = (await call(app, null, 'GET', '/docs/json')).body
    const body = doc.paths['/api/campaigns/{id}/scenes/{sceneId}/proposals'].post.requestBody.content['application/json'].schema
    const refs = (body.properties.transfers.items.anyOf as { $ref: string }[]).map((r) => r.$ref)
    for (const face of FACES) {
      const id = (face.tradeSchema as { $id: string }).$id
      t.match(doc.components.schemas[id], { properties: { from: {}, to: {} }, additionalProperties: false }, `${face.id}: components.schemas.${id}`)
      t.ok(refs.includes(`#/components/schemas/${id}`), 'named by the proposals route')
    }
  })

  for (const game of rulesetIds()) {
    await t.test(game, async (t) => {
      const trade = TRADES[game]!
      const table = tables.get(game)!
      const [ana, ben] = [table.players.ana!, table.players.ben!]
      const base = `/api/campaigns/${table.id}`
      const board = async () => (await call(app, table.gm, 'GET', `${base}/state`)).body as Board
      const before = await board()
      t.equal(before.status, 'running', 'the campaign runs')
      const opened = await call(app, table.gm, 'POST', `${base}/scenes`, { title: 'Trato', tribes: [ana.tribeId, ben.tribeId] })
      t.equal(opened.status, 201, 'the GM opens a scene for ana and ben')
      const scene = `${base}/scenes/${opened.body.id}`
      const proposals = async () => (await call(app, table.gm, 'GET', scene)).body.proposals as unknown[]

      // Another game's field, and each field this game takes only to refuse: nothing is stored.
      const { fields, refused } = fieldsOf(FACES.find((f) => f.id === game)!.tradeSchema)
      const foreign = FACES.filter((f) => f.id !== game)
        .flatMap((f) => fieldsOf(f.tradeSchema).fields)
        .find((k) => !fields.includes(k))!
      // Of coin, ana gives one and ben two, so that what each holds after differs from before.
      const anaGives = trade.give(before, ana.tribeId, 1)
      t.ok(Object.keys(anaGives).length > 0, `ana has something to give: ${JSON.stringify(anaGives)}`)
      const wrong = await call(app, ana.token, 'POST', `${scene}/proposals`, { transfers: [{ from: ana.tribeId, to: ben.tribeId, ...anaGives, [foreign]: 1 }] })
      t.match(wrong, { status: 400, body: { error: { code: 'proposal/bad_shape' } } }, `${foreign}, another game's field: a 400`)
      t.match(wrong.body.error.message, `(${foreign}); a transfer of ${game} has from, to, `, 'naming the field and the game')
      for (const field of fields) t.match(wrong.body.error.message, field, `and ${game}'s ${field}`)
      t.ok(refused.length > 0, `${game} names what it never trades`)
      for (const [field, rule] of refused) {
        const inside = await call(app, ana.token, 'POST', `${scene}/proposals`, {
          transfers: [{ from: ana.tribeId, to: ben.tribeId, ...anaGives, [field]: ['x'] }],
        })
        t.match(inside, { status: 422, body: { error: { rule } } }, `${field} in a transfer: refused by the engine (${rule})`)
        const beside = await call(app, ana.token, 'POST', `${scene}/proposals`, {
          transfers: [{ from: ana.tribeId, to: ben.tribeId, ...anaGives }],
          [field]: ['x'],
        })
        t.match(beside, { status: 422, body: { error: { rule } } }, `${field} beside the transfers: refused too (${rule})`)
      }
      t.same(await proposals(), [], 'no refused proposal was stored')

      const transfers = [
        { from: ana.tribeId, to: ben.tribeId, ...anaGives },
        { from: ben.tribeId, to: ana.tribeId, ...trade.give(before, ben.tribeId, 2) },
      ]
      const proposed = await call(app, ana.token, 'POST', `${scene}/proposals`, { transfers })
      t.equal(proposed.status, 201, `ana proposes ${JSON.stringify(transfers.map(({ from, to, ...assets }) => assets))}`)
      t.match(proposed.body, { status: 'open', answers: [{ tribeId: ana.tribeId, answer: 'accepted' }] }, 'ana accepted it by proposing')
      const p = `${scene}/proposals/${proposed.body.id}`
      // Ben alone gives ana what he gives in the first trade, and all his coin: accepted by proposing,
      // it waits for the GM; the first trade, ratified before it, leaves him without it.
      const short = { from: ben.tribeId, to: ana.tribeId, ...trade.give(before, ben.tribeId, Infinity) }
      const second = await call(app, ben.token, 'POST', `${scene}/proposals`, { transfers: [short] })
      t.match(second, { status: 201, body: { status: 'accepted' } }, `ben proposes ${JSON.stringify(short)}: only he gives, so it waits for the GM`)
      t.match((await call(app, ben.token, 'POST', `${p}/accept`)).body, { status: 'accepted' }, 'ben accepts: every giver has')
      t.match((await call(app, table.gm, 'POST', `${p}/ratify`)).body, { status: 'ratified' }, 'the GM ratifies')
      t.match(
        (await proposals()).find((x) => (x as { id: string }).id === proposed.body.id),
        { status: 'ratified', transfers },
        "the scene shows the trade in the game's shape, as stored",
      )

      const after = await board()
      const gives = new Map(transfers.map((x) => [x.from, trade.count(x)]))
      for (const [tribe, other] of [
        [ana.tribeId, ben.tribeId],
        [ben.tribeId, ana.tribeId],
      ] as const) {
        const [had, has, gave, got] = [trade.holdings(before, tribe), trade.holdings(after, tribe), gives.get(tribe)!, gives.get(other)!]
        const name = tribe === ana.tribeId ? 'ana' : 'ben'
        const assets = [...new Set([...Object.keys(gave), ...Object.keys(got)])]
        for (const asset of assets) {
          const n = (had[asset] ?? 0) - (gave[asset] ?? 0) + (got[asset] ?? 0)
          t.equal(has[asset] ?? 0, n, `${name} holds ${n} of ${asset} after the trade`)
        }
        t.ok(
          assets.some((asset) => (has[asset] ?? 0) !== (had[asset] ?? 0)),
          `what ${name} holds changed`,
        )
      }

      // The GM ratifies the second: the engine refuses it, so it fails with the reason and nothing moves.
      const failed = await call(app, table.gm, 'POST', `${scene}/proposals/${second.body.id}/ratify`)
      t.match(
        failed,
        { status: 200, body: { status: 'failed', failureReason: /\w/ } },
        `ratified when ben no longer holds it: failed (${failed.body.failureReason})`,
      )
      t.match(
        (await proposals()).find((x) => (x as { id: string }).id === second.body.id),
        { status: 'failed', failureReason: failed.body.failureReason },
        'the scene shows it failed, with its reason',
      )
      const still = await board()
      for (const tribe of [ana.tribeId, ben.tribeId]) t.same(trade.holdings(still, tribe), trade.holdings(after, tribe), `nothing moved for ${tribe}`)
    })
  }
})
