// The HTTP contract every registered game passes (#26), through the platform's own routes as
// a group of players would: create, join, start (with the game's draft when it has one), one
// legal order for each tribe in its window, a tick, and every page of the game answering 200
// with no axe-core violation, in English on a phone and in Spanish on a desktop. Orders of the
// wrong shape are refused with a 400 that names only that game's orders and fields.
import { resolve } from 'node:path'
import t, { type Test } from 'tap'
import { Ajv } from 'ajv'
import { FACES, type Face } from '../../src/faces/index.ts'
import { eventsComponent } from '../../src/faces/order-schemas.ts'
import { rulesetOf, type AnyRuleset } from '../../src/engine/index.ts'
import { buildTestApp } from '../helpers/app.ts'
import { axe, launchBrowser, loggedIn } from '../helpers/browser.ts'
import { call, setClock, setUp, type App, type Table } from '../helpers/campaign.ts'
import { foreignWords } from '../helpers/languages.ts'

/** The order types a game's schema lists. */
const typesOf = (face: Face) =>
  ((face.orderSchema as { anyOf?: { properties: { type: { const: string } } }[] }).anyOf ?? []).map((v) => v.properties.type.const)

/**
 * A check of a value against a component of the document as served: its `#/components/...` refs
 * read from the document itself (a discriminator's mapping left out, as Ajv takes none: ajv#2003).
 */
async function servedShape(app: App, component: string) {
  const doc = structuredClone((await call(app, null, 'GET', '/docs/json')).body)
  for (const schema of Object.values(doc.components.schemas as Record<string, { discriminator?: { mapping?: unknown } }>)) delete schema.discriminator?.mapping
  const ajv = new Ajv({ strict: false, discriminator: true })
  ajv.addSchema({ $id: 'served', components: doc.components })
  const valid = ajv.getSchema(`served#/components/schemas/${component}`)!
  return (value: unknown) => (valid(value) ? '' : ajv.errorsText(valid.errors))
}

/** The paths of `given` (objects' keys, arrays' items) that `served` lacks. */
function missingPaths(given: unknown, served: unknown, path = ''): string[] {
  if (Array.isArray(given)) return given.flatMap((item, i) => missingPaths(item, Array.isArray(served) ? served[i] : undefined, `${path}[${i}]`)).slice(0, 10)
  if (given === null || typeof given !== 'object') return []
  if (served === null || typeof served !== 'object') return [path || '(root)']
  return Object.entries(given as Record<string, unknown>).flatMap(([key, value]) =>
    key in (served as Record<string, unknown>) ? missingPaths(value, (served as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`],
  )
}

/** The orders the engine offers a tribe now, from the stored state. */
async function offeredTo(app: App, table: Table, rules: AnyRuleset, tribeId: string) {
  const { state } = await app.campaigns.snapshot(table.id)
  return rules.offered(state, rules.legalOptions(state, tribeId)) as Record<string, unknown>[]
}

/** The game's draft, when it has one: the GM picks for the tribe on the clock, from what the engine offers it. */
async function draft(t: Test, app: App, table: Table, rules: AnyRuleset) {
  for (let picks = 0; picks < 20; picks++) {
    const { state } = await app.campaigns.snapshot(table.id)
    const clock = rules.view(state).draft?.onTheClock
    if (rules.view(state).status !== 'draft' || !clock || !rules.draftPick) return
    const offered = rules.offered(state, rules.legalOptions(state, clock)) as Record<string, unknown>[]
    // The choice a pick order was made from: the one of its values that makes it again.
    const choice = offered
      .flatMap((o) => Object.values(o).filter((v): v is string => typeof v === 'string'))
      .find((value) => offered.some((o) => JSON.stringify(o) === JSON.stringify(rules.draftPick!(value))))
    t.ok(choice, `the engine offers ${clock} a pick`)
    const picked = await call(app, table.gm, 'POST', `/api/campaigns/${table.id}/draft/picks`, { choice, tribeId: clock })
    if (picked.status !== 200) throw new Error(`pick: ${JSON.stringify(picked.body)}`)
  }
}

for (const face of FACES) {
  t.test(`the HTTP contract: ${face.id}`, async (t) => {
    const rules = rulesetOf(face.id)
    const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
    await setClock(app, '2026-12-01T09:00:00Z') // a Tuesday
    const table = await setUp(app, { ana: 'monday', ben: 'wednesday' }, { ruleset: face.id, mapId: 'coast-3' })
    const base = `/api/campaigns/${table.id}`
    const event = eventsComponent(face)
    const eventShape = await servedShape(app, event)
    t.not(eventShape({ type: 'order', tribe: 1 }), '', `the served ${event} tells a wrong event apart`)
    const created = (await call(app, table.gm, 'GET', base)).body
    t.match(created, { ruleset: face.id, status: 'setup', tribes: [{ weekday: 'monday' }, { weekday: 'wednesday' }] }, 'created, and both tribes joined')

    t.equal((await call(app, table.gm, 'POST', `${base}/start`)).status, 200, 'started')
    // Before any window (a draft, a setup whose orders go in at any hour): both flags say closed (#50).
    const starting = (await call(app, table.players.ana!.token, 'GET', `${base}/state`)).body
    const anas = (starting.tribes as { id: string; windowOpen: boolean }[]).find((x) => x.id === table.players.ana!.tribeId)
    t.same([starting.you?.windowOpen, anas?.windowOpen, starting.you?.closesAt], [false, false, null], "the reader's window and their tribe's entry agree")
    await draft(t, app, table, rules)
    // The first Sunday's tick has passed: every game runs its first period of windows.
    await setClock(app, '2026-12-07T09:00:00Z')
    const running = (await call(app, table.gm, 'GET', `${base}/state`)).body
    t.equal(running.status, 'running', 'running after the start (and the draft)')
    // The API's board is the game's, through the document's schema (#50): nothing the game's view
    // gives a reader is dropped by the serializer (`mine` is the reader's `you`; `tribes` the platform's).
    const ana = table.players.ana!
    const { state } = await app.campaigns.snapshot(table.id)
    const { mine, tribes: _own, ...shown } = rules.board(state, ana.tribeId) as Record<string, unknown>
    const served = (await call(app, ana.token, 'GET', `${base}/state`)).body
    t.same(missingPaths({ ...shown, you: mine }, served), [], "every field of the game's board reaches the API's answer")
    // A game's own figures of each tribe go under `figures`, the platform's calendar fields aside.
    const figures = ((Array.isArray(_own) ? _own : []) as Record<string, unknown>[]).map(
      ({ id: _id, name: _name, weekday: _day, phase: _phase, eliminated: _out, ...rest }) => rest,
    )
    const servedFigures = (served.tribes as { figures?: unknown }[]).map((x) => x.figures ?? {})
    t.same(missingPaths(figures, servedFigures), [], "and every figure of the game's tribes")

    // Each tribe in its window, on the weekday the game's view gives it now (a game may deal the weekdays at its start, W3.7).
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
    const dayOf = (name: 'ana' | 'ben') => {
      const weekday = (running.tribes as { id: string; weekday: string }[]).find((x) => x.id === table.players[name]!.tribeId)!.weekday
      return `2026-12-${String(7 + days.indexOf(weekday)).padStart(2, '0')}T09:00:00Z`
    }
    for (const [name, day] of (['ana', 'ben'] as const).map((name) => [name, dayOf(name)] as const).sort((a, b) => a[1].localeCompare(b[1]))) {
      await setClock(app, day)
      const player = table.players[name]!
      const [order] = await offeredTo(app, table, rules, player.tribeId)
      t.ok(order, `the engine offers ${name} an order in their window`)
      const before = (await call(app, player.token, 'GET', `${base}/state`)).body.version

      const unknown = await call(app, player.token, 'POST', `${base}/orders`, { order: { type: 'no-such-order' } })
      t.match(unknown, { status: 400, body: { error: { code: 'orders/unknown_type' } } }, 'an order this game does not have: 400')
      for (const type of typesOf(face)) t.match(unknown.body.error.message, type, `the refusal lists ${face.id}'s ${type}`)
      for (const other of FACES.filter((f) => f !== face)
        .flatMap(typesOf)
        .filter((type) => !typesOf(face).includes(type))) {
        t.notMatch(unknown.body.error.message, new RegExp(`\\b${other}\\b`), `and never another game's ${other}`)
      }
      const extra = await call(app, player.token, 'POST', `${base}/orders`, { order: { ...order, bogus: 1 } })
      t.match(extra, { status: 400, body: { error: { code: 'orders/bad_shape', message: /bogus/ } } }, 'a field the order does not have: 400, named')
      t.equal((await call(app, player.token, 'GET', `${base}/state`)).body.version, before, 'the refusals stored nothing')

      const given = await call(app, player.token, 'POST', `${base}/orders`, { order })
      t.equal(given.status, 200, `${name}'s ${String(order!.type)} accepted: ${JSON.stringify(given.body).slice(0, 200)}`)
      // #50: the answer names its game, and its events are the game's as the document gives them.
      t.equal(given.body.ruleset, face.id, 'the answer names its game')
      t.ok(given.body.events.length > 0, 'and tells what the order caused')
      for (const happened of given.body.events) t.equal(eventShape(happened), '', `${happened.type}: the shape ${event} documents`)
    }

    const period = (await call(app, table.gm, 'GET', `${base}/state`)).body.week as number
    await setClock(app, '2026-12-13T21:00:00Z') // past Sunday's tick
    t.equal((await call(app, table.gm, 'GET', `${base}/state`)).body.week, period + 1, 'the tick began the next period')

    // #50: the GM hands ben to the game's bot; every page that lists the tribes says so, in the reader's language.
    t.equal((await call(app, table.gm, 'PUT', `${base}/tribes/${table.players.ben!.tribeId}/bot`, { plays: true })).status, 200, 'ben handed to the bot')
    const benName = (created.tribes as { id: string; name: string }[]).find((x) => x.id === table.players.ben!.tribeId)!.name

    // Every page of the game, for a player and for the GM, in both languages.
    await app.listen({ host: '127.0.0.1', port: 0 })
    const site = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    const { browser } = await launchBrowser()
    t.teardown(() => browser.close())
    const emailOf = async (token: string) => (await call(app, token, 'GET', '/api/me')).body.email as string
    const chosenNames = [
      created.name,
      created.mapName ?? '',
      ...created.tribes.map((x: { name: string }) => x.name),
      ...(
        await Promise.all([table.gm, ...Object.values(table.players).map((p) => p.token)].map(async (token) => (await call(app, token, 'GET', '/api/me')).body))
      ).flatMap((me: { email: string; displayName: string }) => [me.email, me.displayName]),
    ] as string[]
    const campaign = `/campaigns/${table.id}`
    const playerPages = ['', '/turn', '/pools', '/economy', '/history', '/dice', '/scenes', '/absences']
    for (const [who, token, pages] of [
      ['ana', table.players.ana!.token, playerPages],
      ['the GM', table.gm, ['', '/gm', '/history', '/dice']],
    ] as const) {
      for (const [locale, width] of [
        ['en-GB', 390],
        ['es-ES', 1366],
      ] as const) {
        const problems: string[] = []
        const page = await loggedIn(browser, site, await emailOf(token), campaign, { width, locale, problems })
        for (const path of pages) {
          // ?lang= chooses the page's language, as a link in a Spanish mail does.
          const answer = await page.goto(`${site}${campaign}${path}?lang=${locale.slice(0, 2)}`)
          t.equal(answer?.status(), 200, `${face.id} ${path || '/'} for ${who} in ${locale}`)
          t.equal(await page.getAttribute('html', 'lang'), locale.slice(0, 2), "in the reader's language")
          t.same(await axe(page), [], `no WCAG A/AA violation on ${path || '/'} (${who}, ${locale})`)
          if (path === '' || path === '/gm') {
            const marked = await page.locator('th[scope="row"]', { has: page.locator('.bot-mark') }).allInnerTexts()
            t.equal(marked.length, 1, `${face.id} ${path || '/'}: one tribe marked as the bot's (${who}, ${locale})`)
            t.match(marked[0], benName, "ben's")
            t.match(marked[0], locale.startsWith('es') ? /La juega el bot/ : /Played by the bot/, "in the reader's language")
          }
          // #27: no word of the other language, territory and place names included.
          const shown = (await page.evaluate(
            `document.body.innerText + ' ' + [...document.querySelectorAll('title')].map((e) => e.textContent).join(' ') + ' ' + [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ')`,
          )) as string
          t.same(
            foreignWords(shown, locale.slice(0, 2) as 'en' | 'es', chosenNames),
            [],
            `no ${locale.startsWith('en') ? 'Spanish' : 'English'} on ${path || '/'} (${who})`,
          )
        }
        // #27: the game's guide, which the turn page links to, read the same way; a screenshot each.
        if (who === 'ana') {
          const guide = `${face.guide.path}?lang=${locale.slice(0, 2)}`
          await page.goto(`${site}${campaign}/turn?lang=${locale.slice(0, 2)}`)
          t.equal(await page.locator(`.guide-link a[href="${face.guide.path}"]`).count(), 1, 'the turn page links the guide')
          t.equal((await page.goto(`${site}${guide}`))?.status(), 200, `${face.guide.path} in ${locale}`)
          t.ok(await page.locator('figure.guide-picture svg[role="img"]').count(), 'with pictures drawn by the map renderer')
          t.same(await axe(page), [], `no WCAG A/AA violation on ${face.guide.path} (${locale})`)
          const text = (await page.evaluate(
            `document.body.innerText + ' ' + [...document.querySelectorAll('title')].map((e) => e.textContent).join(' ') + ' ' + [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ')`,
          )) as string
          t.same(foreignWords(text, locale.slice(0, 2) as 'en' | 'es', [...chosenNames, 'Astures', 'Bracari']), [], `no other language on ${face.guide.path}`)
          await page.screenshot({
            path: resolve(import.meta.dirname, `../../test-artifacts/guide-${face.folder}-${locale.slice(0, 2)}-${width}.png`),
            fullPage: true,
          })
        }
        t.same(problems, [], 'no script error')
        await page.close()
      }
    }
  })
}

t.test('the OpenAPI document lists one order schema per game', async (t) => {
  const app = await buildTestApp(t)
  const doc = (await call(app, null, 'GET', '/docs/json')).body
  for (const face of FACES) {
    const id = (face.orderSchema as { $id: string }).$id
    t.ok(doc.components.schemas[id], `${face.id}: components.schemas.${id}`)
    // Each order is a component of its own; @fastify/swagger writes a constant as a one-value enum.
    const listed = (doc.components.schemas[id].oneOf as { $ref: string }[]).map((branch) => {
      const type = doc.components.schemas[branch.$ref.replace('#/components/schemas/', '')].properties.type as { const?: string; enum?: string[] }
      return type.const ?? type.enum?.[0]
    })
    t.same(listed, typesOf(face), 'with each of its orders')
  }
  t.match(
    doc.paths['/api/campaigns/{id}/orders'].post.description,
    FACES.map((f) => (f.orderSchema as { $id: string }).$id).join(', '),
    'the orders route points at them',
  )
})
