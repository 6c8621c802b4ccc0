// A generated client plays a window (#31): openapi-typescript turns the served document into
// types, a bot written against them (test/fixtures/bot/bot.ts, openapi-fetch) must compile under
// `tsc --strict`, and then plays a window of the demo campaign over real HTTP.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import t from 'tap'
import ts from 'typescript'
import { DEMO_USERS, seedDemo } from '../../../src/services/demo.ts'
import { buildTestApp } from '../../helpers/app.ts'
import { setClock } from '../../helpers/campaign.ts'

const root = path.resolve(import.meta.dirname, '../../..')

t.test('types generated from /docs/json compile a strict bot, and the bot plays a window', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true })
  const seeded = await seedDemo(app.db, { clock: app.clock, publicUrl: 'http://demo.test' })
  if (!seeded.seeded) throw new Error('no demo')
  await setClock(app, '2026-11-30T09:00:00Z') // Monday 10:00 in Madrid: the Astures' window
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json()
  // Inside the repository, so that the bot's imports resolve from its node_modules.
  const dir = path.join(root, 'test-artifacts', `bot-${process.pid}`)
  mkdirSync(dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(document)))
  copyFileSync(path.join(root, 'test/fixtures/bot/bot.ts'), path.join(dir, 'bot.ts'))

  const program = ts.createProgram([path.join(dir, 'bot.ts')], {
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
    types: [],
  })
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  t.same(diagnostics, [], 'the bot compiles under --strict against the generated types')

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
})
