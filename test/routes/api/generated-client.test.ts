// A generated client plays a window (#31, #50): openapi-typescript turns the served document into
// types, bots written against them (test/fixtures/bot/bot.ts and the four of examples/bots/,
// openapi-fetch) must compile under `tsc --strict` with no cast, and then play a window each over
// real HTTP: the fixture the demo campaign, each example bot a practice game of its game.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import t from 'tap'
import ts from 'typescript'
import { FACES } from '../../../src/faces/index.ts'
import { DEMO_USERS, seedDemo } from '../../../src/services/demo.ts'
import { buildTestApp, register } from '../../helpers/app.ts'
import { call, setClock } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const root = path.resolve(import.meta.dirname, '../../..')

// Monday 10:00 in Madrid, the Astures' window: the demo is seeded at that hour, not the machine's
// (seeded on a Monday evening, its calendar had already closed that day's window for good).
const MONDAY_MORNING = new Date('2026-11-30T09:00:00Z')

t.test('types generated from /docs/json compile strict bots, and each plays a window of its game', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, testClockNow: MONDAY_MORNING, campaignRateLimit: 100 })
  const seeded = await seedDemo(app.db, { clock: app.clock, publicUrl: 'http://demo.test' })
  if (!seeded.seeded) throw new Error('no demo')
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  // Inside the repository, so that the bot's imports resolve from its node_modules.
  const dir = path.join(root, 'test-artifacts', `bot-${process.pid}`)
  mkdirSync(dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(document)))
  copyFileSync(path.join(root, 'test/fixtures/bot/bot.ts'), path.join(dir, 'bot.ts'))
  const examples = readdirSync(path.join(root, 'examples/bots')).filter((file) => file.endsWith('.ts') && file !== 'api.ts')
  for (const file of examples) copyFileSync(path.join(root, 'examples/bots', file), path.join(dir, file))

  const program = ts.createProgram([path.join(dir, 'bot.ts'), path.join(dir, 'main.ts')], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    types: ['node'],
  })
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
  t.same(diagnostics, [], `the bots (${examples.join(', ')} and the fixture) compile under --strict against the generated types`)
  // Code only, comments aside: `as` a type, `<Type>value` and `any`.
  const code = (file: string) =>
    readFileSync(path.join(root, 'examples/bots', file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
  const casts = examples.filter((file) => /\bas (?!const\b)[A-Za-z{(]|<[A-Z]\w*>\s*[a-z(]|:\s*any\b/.test(code(file)))
  t.same(casts, [], 'with no cast and no `any`')

  const example = document.paths['/api/campaigns/{id}/orders'].post.requestBody.content['application/json'].examples.moveTo.value.order
  const bot = (await import(path.join(dir, 'bot.ts'))) as {
    playWindow: (
      base: string,
      email: string,
      password: string,
      id: string,
      order: unknown,
    ) => Promise<{ windowOpen: boolean; accepted: number; events: string[] }>
  }
  const played = await bot.playWindow(address, DEMO_USERS[1]!.email, 'weekday-demo', seeded.campaignId, example)
  t.equal(played.windowOpen, true, "the bot sees its tribe's window open")
  t.equal(played.accepted, 2, 'the documented example order and endTurn were accepted')
  t.ok(played.events.includes('moved'), 'the move is in the log the bot reads')
  t.ok(played.events.includes('turnEnded'), 'and so is the end of its turn (R4.6)')

  // Each example bot plays a practice game of its game (#50): the campaign says its game, which
  // picks the bot (examples/bots/main.ts); a week passed first, so the setup of a game that has
  // one is over and the window is a window of play.
  const { playCampaign } = (await import(path.join(dir, 'main.ts'))) as {
    playCampaign: (
      base: string,
      email: string,
      password: string,
      id: string,
    ) => Promise<{ ruleset: string; given: string[]; caused: string[]; refused: unknown[]; events: string[] }>
  }
  await setClock(app, '2026-12-02T09:00:00Z') // a Wednesday, 10:00 in Madrid
  for (const face of FACES) {
    const email = `bot-${face.id}-${Math.random().toString(36).slice(2)}@example.com`
    const player = await register(app, email, 'correct horse battery')
    const page = visitor(app)
    await page.login(email, 'correct horse battery')
    await page.get('/campaigns')
    const id = /^\/campaigns\/([0-9a-f-]{36})\/turn$/.exec((await page.post('/practice', { game: face.id })).location ?? '')?.[1]
    t.ok(id, `${face.id}: a practice game`)
    t.equal((await page.post(`/campaigns/${id}/practice/week`, {})).status, 303, `${face.id}: its first week passed`)
    const logged = async () => (await call(app, player.token, 'GET', `/api/campaigns/${id}/events?limit=500`)).body.events.length as number
    const before = await logged()
    const bot = await playCampaign(address, email, 'correct horse battery', id!)
    t.equal(bot.ruleset, face.id, `${face.id}: the bot read its game's board`)
    t.same(bot.refused, [], `${face.id}: no order of the bot was refused`)
    t.ok(
      bot.given.some((type) => type !== 'endTurn'),
      `${face.id}: it gave orders of play (${bot.given.join(', ')})`,
    )
    t.equal(bot.given.at(-1), 'endTurn', `${face.id}: and ended its turn`)
    t.ok(
      bot.caused.includes('order'),
      `${face.id}: the answers tell, in the game's typed events, what the orders caused (${[...new Set(bot.caused)].join(', ')})`,
    )
    t.ok(bot.events.length >= before + bot.given.length, `${face.id}: each order is in the log it reads (${before} events before, ${bot.events.length} after)`)
  }
})
