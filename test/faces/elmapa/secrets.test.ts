// M12.9, M12.10, M11.6 over HTTP (#28): a running El Mapa campaign read through every API
// response and every page, as its two players, its game master and a logged-out visitor, shows
// no unrevealed tile, no other tribe's plan and no secret seed; at the end the seed is out and
// the dice page deals the whole map again from it.
import t, { type Test } from 'tap'
import { elMapa, type ElMapaState } from '../../../src/engine/games/elmapa/index.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { call, setClock, setUp, type App, type Table } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'
import { CATALOGUE } from '../../../src/lib/catalogue.ts'

const FLEE = 37

async function stateOf(app: App, table: Table) {
  return (await app.campaigns.snapshot(table.id)).state as unknown as ElMapaState
}

/** Every JSON object in a value. */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const x of value) yield* objects(x)
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>
    for (const x of Object.values(value)) yield* objects(x)
  }
}

/** What must not be read: each face-down cell's tile, the tile kinds found only face down, the secret seed. */
function secretsOf(s: ElMapaState) {
  const faceDown = s.order.filter((k) => !s.cells[k]!.revealed)
  const shown = new Set(s.order.filter((k) => s.cells[k]!.revealed).map((k) => s.cells[k]!.tile))
  const hiddenKinds = [...new Set(faceDown.map((k) => s.cells[k]!.tile))].filter((tile) => !shown.has(tile))
  return { faceDown: new Set(faceDown), hiddenKinds, seeds: [s.secretSeed, `${s.secretSeed}/tile`, `${s.secretSeed}/card`] }
}

type Secrets = ReturnType<typeof secretsOf>

/** An API answer: no object pairs a face-down cell with a tile, no face-down kind is named, no secret seed. */
function checkJson(t: Tap, label: string, body: unknown, secrets: Secrets, plan: boolean) {
  const text = JSON.stringify(body)
  for (const o of objects(body)) {
    const cell = o.cell ?? o.key
    if (typeof cell === 'string' && secrets.faceDown.has(cell) && ('tile' in o || 'guards' in o || 'closed' in o || 'treasures' in o))
      t.fail(`${label}: face-down ${cell} comes with ${JSON.stringify(o).slice(0, 120)}`)
  }
  for (const kind of secrets.hiddenKinds) if (text.includes(`"${kind}"`)) t.fail(`${label}: names the face-down tile ${kind}`)
  for (const seed of secrets.seeds) if (text.includes(seed)) t.fail(`${label}: holds the secret seed`)
  if (!plan && text.includes(`"flee":${FLEE}`)) t.fail(`${label}: holds ana's battle plan`)
}

/** A page: each face-down cell drawn as a card back only, no face-down kind named in either language, no secret seed. */
function checkPage(t: Tap, label: string, html: string, secrets: Secrets, plan: boolean) {
  for (const m of html.matchAll(/<g class="cell[^"]*" data-cell="(\d+,\d+)"[^>]*>(.*?)<\/g>/g)) {
    if (secrets.faceDown.has(m[1]!) && !/class="back"/.test(m[2]!)) t.fail(`${label}: face-down ${m[1]} drawn face up`)
  }
  for (const kind of secrets.hiddenKinds) {
    for (const lang of ['en', 'es'] as const) {
      const name = CATALOGUE[lang][`m_tile_${kind}`]!
      if (new RegExp(`(?<![\\p{L}])${name.replace(/[()]/g, '\\$&')}(?![\\p{L} ]*[IV(])`, 'u').test(html)) t.fail(`${label}: names the face-down tile ${name}`)
    }
    if (html.includes(kind)) t.fail(`${label}: names the face-down tile ${kind}`)
  }
  for (const seed of secrets.seeds) if (html.includes(seed)) t.fail(`${label}: holds the secret seed`)
  if (!plan && /name="flee"[^>]*value="37"/.test(html)) t.fail(`${label}: shows ana's plan`)
}
type Tap = Test

t.test('M12.9 M12.10 no reader learns an unrevealed tile, a plan or the seed; M11.6 the end reveals the seed and deals again', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-12-01T09:00:00Z')
  const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: 'elmapa', public: true, weekLimit: 8 })
  const base = `/api/campaigns/${table.id}`
  t.equal((await call(app, table.gm, 'POST', `${base}/start`)).status, 200)
  const ana = table.players.ana!
  const ben = table.players.ben!
  // A secret plan (M8.5) set before tick 0, then round 1: ana steps out twice, revealing tiles.
  const plan = { platoons: [{ kind: 'leva', take: 'all', column: 2, tactic: 'hold' }], flee: FLEE }
  t.equal((await call(app, ana.token, 'POST', `${base}/orders`, { order: { type: 'setBattlePlan', plan } })).status, 200)
  await setClock(app, '2026-12-07T09:00:00Z')
  const orderAnswers: unknown[] = []
  for (let i = 0; i < 2; i++) {
    const { state } = await app.campaigns.snapshot(table.id)
    const step = elMapa.legalOptions(state as never, ana.tribeId).orders.find((o) => o.type === 'step')
    if (!step) continue
    const answer = await call(app, ana.token, 'POST', `${base}/orders`, { order: step })
    t.equal(answer.status, 200, 'a step')
    orderAnswers.push(answer.body)
  }
  const s = await stateOf(app, table)
  const secrets = secretsOf(s)
  // An order's answer is read through the game's filter too: it names the tiles the step turned, nothing still face down.
  for (const body of orderAnswers) checkJson(t, "ana's order answer", body, secrets, true)
  t.ok(secrets.faceDown.size > 20, `${secrets.faceDown.size} tiles still face down`)
  t.ok(secrets.hiddenKinds.length > 0, `tile kinds seen nowhere yet: ${secrets.hiddenKinds.join(', ')}`)

  const readers = [
    ['ana', ana.token],
    ['ben', ben.token],
    ['the GM', table.gm],
    ['a visitor', null],
  ] as const
  for (const [who, token] of readers) {
    const mine = who === 'ana'
    const answers: [string, unknown][] = []
    for (const path of ['', '/state', '/options', '/economy', '/pools', '/dice/0', '/dice/1', '/verify']) {
      const r = await call(app, token, 'GET', `${base}${path}`)
      t.ok(r.status < 500, `${who} ${path}: ${r.status}`)
      answers.push([path, r.body])
    }
    for (let after = 0, pages = 0; pages < 50; pages++) {
      const r = await call(app, token, 'GET', `${base}/events?after=${after}&limit=500`)
      answers.push([`/events?after=${after}`, r.body])
      if (r.body.next === null) break
      after = r.body.next
    }
    for (const [path, body] of answers) checkJson(t, `${who} GET ${path}`, body, secrets, mine)
    const events = answers.filter(([p]) => p.startsWith('/events')).flatMap(([, b]) => (b as { events: { type: string; payload: unknown }[] }).events)
    t.ok(
      events.some((e) => e.type === 'revealed'),
      `${who} reads the revealed tiles`,
    )
    const planEvent = events.find((e) => e.type === 'order' && (e.payload as { order: { type: string } }).order.type === 'setBattlePlan')
    t.ok(planEvent, `${who} reads that a plan was set`)
    t.equal(JSON.stringify(planEvent).includes(`"flee":${FLEE}`), mine, mine ? 'ana reads her own plan' : `but ${who} not its content`)

    const browser = visitor(app)
    if (token) {
      const email = (await call(app, token, 'GET', '/api/me')).body.email as string
      await browser.login(email, 'correct horse battery')
    }
    const campaign = `/campaigns/${table.id}`
    for (const path of ['', '/turn', '/pools', '/economy', '/history', '/history?system=1', '/history?week=0&system=1', '/dice', '/dice?verify=1']) {
      for (const lang of ['en', 'es']) {
        const r = await browser.get(`${campaign}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`)
        if (path === '/turn' && !token) {
          t.not(r.status, 200, `${who}: no turn page`)
          continue
        }
        if (path === '/turn' && who === 'the GM') {
          t.equal(r.status, 403, 'a game master plays no turn')
          continue
        }
        t.equal(r.status, 200, `${who} ${path} ${lang}`)
        checkPage(t, `${who} ${path} ${lang}`, r.body, secrets, mine)
      }
    }
  }
  t.match((await call(app, ana.token, 'GET', `${base}/state`)).body, { secretSeed: null, you: { plan: { flee: FLEE } } }, 'her plan is hers')

  // M11.6: eight rounds on, the limit ends it; the seed is out and the dice page deals the map again from it.
  for (const day of ['2026-12-14', '2026-12-21', '2026-12-28', '2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25', '2027-02-01'])
    await setClock(app, `${day}T09:00:00Z`)
  const end = (await call(app, null, 'GET', `${base}/state`)).body
  t.equal(end.status, 'finished', 'the round limit ended it')
  const final = await stateOf(app, table)
  t.equal(end.secretSeed, final.secretSeed, 'the secret seed is revealed to everyone')
  const dice = await visitor(app).get(`/campaigns/${table.id}/dice?lang=en`)
  t.match(dice.body, final.secretSeed)
  t.equal((dice.body.match(/<code class="wrap">[0-9a-f]{64}<\/code> ✓/g) ?? []).length, 3, 'each of the three seeds matches its commitment')
  const derived = [...dice.body.matchAll(/<g class="cell[^"]*" data-cell="(\d+,\d+)"[^>]*>(.*?)<\/g>/g)]
  t.equal(derived.length, final.order.length, 'the deal drawn whole, every tile face up')
  t.match(dice.body, /none differs/, 'every tile played matches the derived deal')
  const planShown = (await call(app, ben.token, 'GET', `${base}/events?limit=500`)).body.events.find(
    (e: { type: string; payload: { order?: { type: string } } }) => e.payload.order?.type === 'setBattlePlan',
  )
  t.match(planShown.payload.order.plan, { flee: FLEE }, 'after the end the log is whole for everyone (M11.6)')
})
