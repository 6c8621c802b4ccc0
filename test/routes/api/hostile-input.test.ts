// Input a hostile user sends: each is a 4xx in the error shape that names the
// problem, and leaves every stored thing as it was.
import t from 'tap'
import { buildTestApp } from '../../helpers/app.ts'
import { call, draft, setClock, setUp, type App } from '../../helpers/campaign.ts'
import { visitor } from '../../helpers/pages.ts'

const PASSWORD = 'correct horse battery'

async function stored(app: App) {
  const [campaigns, users, tribes, maps, events] = await Promise.all([
    app.prisma.campaign.count(),
    app.prisma.user.count(),
    app.prisma.tribe.count(),
    app.prisma.uploadedMap.count(),
    app.prisma.campaignEvent.count(),
  ])
  return { campaigns, users, tribes, maps, events }
}

/** A map's JSON with an extra field nested `depth` levels deep (too deep for JSON.stringify to write). */
function deepMap(map: object, depth: number): string {
  return `${JSON.stringify({ ...map, id: 'deep' }).slice(0, -1)},"extra":${'{"x":'.repeat(depth)}"deep"${'}'.repeat(depth)}}`
}

t.test('hostile input over the API: a 400 (or 409) naming the problem, and nothing stored', async (t) => {
  const app = await buildTestApp(t, { allowTestClock: true, loginRateLimit: 1000 })
  await setClock(app, '2026-11-30T09:00:00Z')
  const table = await setUp(app, { Astures: 'monday', ben: 'wednesday' })
  await draft(app, table)
  const late = await setUp(app, { Astures: 'monday' })
  const map = (await call(app, null, 'GET', '/api/maps/coast-2')).body
  const invite = async () => (await call(app, late.gm, 'POST', `/api/campaigns/${late.id}/invitations`)).body.token as string
  const newcomer = await call(app, null, 'POST', '/api/auth/register', { email: 'newcomer@example.com', password: PASSWORD, displayName: 'New' })
  const cases: [
    what: string,
    method: 'GET' | 'POST',
    url: string | (() => Promise<string>),
    token: string | null,
    body: unknown,
    status: number,
    code: string,
  ][] = [
    ['events after 2^31', 'GET', `/api/campaigns/${table.id}/events?after=2147483648`, table.gm, undefined, 400, 'request/invalid'],
    ['events after 2^53', 'GET', `/api/campaigns/${table.id}/events?after=9007199254740993`, table.gm, undefined, 400, 'request/invalid'],
    ['dice of week 2^31', 'GET', `/api/campaigns/${table.id}/dice/2147483648`, table.gm, undefined, 400, 'request/invalid'],
    ['a NUL in a campaign name', 'POST', '/api/campaigns', table.gm, { name: 'Bad\u0000name', mapId: 'coast-2' }, 400, 'request/nul_character'],
    [
      'a NUL in a display name',
      'POST',
      '/api/auth/register',
      null,
      { email: 'nul@example.com', password: PASSWORD, displayName: 'N\u0000' },
      400,
      'request/nul_character',
    ],
    ['a NUL in a map id', 'POST', '/api/maps', table.gm, { ...map, id: 'my\u0000map' }, 400, 'request/nul_character'],
    ['a NUL in a map id in the path', 'GET', '/api/maps/my%00map', null, undefined, 400, 'request/nul_character'],
    [
      'a NUL in a tribe name',
      'POST',
      async () => `/api/invitations/${await invite()}/accept`,
      newcomer.body.token,
      { tribeName: 'Ga\u0000llaeci', weekday: 'friday' },
      400,
      'request/nul_character',
    ],
    ['a map with a field nested 5,000 levels deep', 'POST', '/api/maps', table.gm, deepMap(map, 5000), 400, 'request/too_deep'],
    ['a campaign name of spaces', 'POST', '/api/campaigns', table.gm, { name: '     ', mapId: 'coast-2' }, 400, 'request/invalid'],
    ['a zero-width campaign name', 'POST', '/api/campaigns', table.gm, { name: '\u200b\u200b', mapId: 'coast-2' }, 400, 'name/invisible_character'],
    [
      'a zero-width tribe name',
      'POST',
      async () => `/api/invitations/${await invite()}/accept`,
      newcomer.body.token,
      { tribeName: '\u200b', weekday: 'friday' },
      400,
      'name/invisible_character',
    ],
    [
      'a tribe name with a zero-width space inside',
      'POST',
      async () => `/api/invitations/${await invite()}/accept`,
      newcomer.body.token,
      { tribeName: 'Ast\u200bures', weekday: 'friday' },
      400,
      'name/invisible_character',
    ],
    [
      'a tribe name with a right-to-left mark',
      'POST',
      async () => `/api/invitations/${await invite()}/accept`,
      newcomer.body.token,
      { tribeName: 'Galla\u200feci', weekday: 'friday' },
      400,
      'name/invisible_character',
    ],
    [
      'a Cyrillic look-alike of a tribe name',
      'POST',
      async () => `/api/invitations/${await invite()}/accept`,
      newcomer.body.token,
      { tribeName: '\u0410stures', weekday: 'friday' },
      409,
      'tribe/name_taken',
    ],
    [
      'the same tribe name in other case and accents',
      'POST',
      async () => `/api/invitations/${await invite()}/accept`,
      newcomer.body.token,
      { tribeName: 'ÁSTURES', weekday: 'friday' },
      409,
      'tribe/name_taken',
    ],
    [
      'a tribe name with spaces inside',
      'POST',
      async () => `/api/invitations/${await invite()}/accept`,
      newcomer.body.token,
      { tribeName: 'As tures', weekday: 'friday' },
      409,
      'tribe/name_taken',
    ],
  ]
  for (const [what, method, url, token, body, status, code] of cases) {
    const target = typeof url === 'string' ? url : await url()
    const before = await stored(app)
    const res = await call(app, token, method, target, body, typeof body === 'string' ? { 'content-type': 'application/json' } : {})
    t.equal(res.status, status, `${what}: ${status}`)
    t.equal(res.body?.error?.code, code, `${what}: ${code}`)
    t.type(res.body?.error?.message, 'string', `${what}: a message`)
    t.same(await stored(app), before, `${what}: nothing stored`)
  }
  const decomposed = 'Ca\u0301ntabros'
  const joined = await call(app, newcomer.body.token, 'POST', `/api/invitations/${await invite()}/accept`, {
    tribeName: `  ${decomposed}  `,
    weekday: 'friday',
  })
  t.equal(joined.status, 201, 'a new name joins')
  t.equal(joined.body.tribe.name, 'Cántabros'.normalize('NFC'), 'stored trimmed and in NFC')
})

t.test("hostile input through the page forms: the API's checks, and nothing stored", async (t) => {
  const app = await buildTestApp(t)
  await call(app, null, 'POST', '/api/auth/register', { email: 'gm@example.com', password: PASSWORD, displayName: 'GM' })
  const gm = visitor(app)
  await gm.login('gm@example.com', PASSWORD)
  const cases: [what: string, form: Record<string, string>, code: string][] = [
    ['a blank name', { name: '', mapId: 'coast-2' }, 'request/invalid'],
    ['a name of 100,000 characters', { name: 'x'.repeat(100_000), mapId: 'coast-2' }, 'request/invalid'],
    ['a name of spaces', { name: '      ', mapId: 'coast-2' }, 'request/invalid'],
    ['a zero-width name', { name: '\u200b', mapId: 'coast-2' }, 'name/invisible_character'],
    ['a NUL in the name', { name: 'a\u0000b', mapId: 'coast-2' }, 'request/nul_character'],
  ]
  for (const [what, form, code] of cases) {
    await gm.get('/campaigns')
    const res = await gm.post('/campaigns', form)
    t.equal(res.status, 400, `${what}: 400`)
    t.match(res.body, new RegExp(`<small class="code">${code.replace('/', '\\/')}`), `${what}: the page names ${code}`)
    t.equal(await app.prisma.campaign.count(), 0, `${what}: no campaign created`)
  }
})
